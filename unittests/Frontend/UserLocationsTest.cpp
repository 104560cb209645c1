//===- UserLocationsTest.cpp - errors name the user's code ----------------===//
//
// Issue 27: every operation the front end writes carries the line of the
// user's call that made it, arguments are named after their tensors, and a
// compiler error points at the user's line and tensor instead of quoting
// the MLIR hcl wrote (`at: %v2 = affine.load %arg0[(%i1 + 1)]`).
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

using namespace hcl;
using namespace hcl::test;

namespace {

/// "FILE:LINE: error: " for a line of this file.
std::string at(unsigned line) {
  return std::string(__FILE__) + ":" + std::to_string(line) + ": error: ";
}

} // namespace

/// A(i + 1) over all of A: the message starts at the compute's line and
/// names A, its range and the stage.
TEST(UserLocations, OutOfBoundsNamesTheLineAndTheTensor) {
  Tensor A = placeholder({8}, "A");
  unsigned line = 0;
  Schedule s = create_schedule({A}, [&](Tensor A) {
    line = __LINE__ + 1;
    return compute({8}, [&](Var i) { return A(i + 1); }, "B");
  });
  std::string message = errorOf([&] { build(s); });
  EXPECT_TRUE(contains(message, at(line) +
                                    "index out of bounds: dimension 0 of 'A' "
                                    "(argument 0 of @top, memref<8xi32>, valid "
                                    "0..7) is indexed over 1..8 in stage 'B'"))
      << message;
  EXPECT_FALSE(contains(message, "affine.load")) << message;
}

/// The written MLIR: %A with its name attribute, and the stage's operations
/// located at the compute's line.
TEST(UserLocations, TheProgramCarriesLinesAndNames) {
  Tensor A = placeholder({8}, "A");
  unsigned line = 0;
  Schedule s = create_schedule({A}, [&](Tensor A) {
    line = __LINE__ + 1;
    return compute({8}, [&](Var i) { return A(i) * 2; }, "B");
  });
  std::string text = lower(s, false);
  EXPECT_TRUE(contains(text, "func.func @top(%A: memref<8xi32> "
                             "{hcl.arg_name = \"A\"})"))
      << text;
  std::string loc =
      "loc(\"" + std::string(__FILE__) + "\":" + std::to_string(line) + ":0)";
  EXPECT_TRUE(contains(text, "#loc0 = " + loc)) << text;
  EXPECT_TRUE(contains(text, "affine.load %A[%i1] : memref<8xi32> loc(#loc0)"))
      << text;
  // Printed after parsing, the name stays in the attribute.
  EXPECT_TRUE(contains(lower(s), "{hcl.arg_name = \"A\"}")) << lower(s);
}

/// Arguments get SSA names from their tensors' names: other characters
/// become `_`, the writer's own value names and repeats are avoided.
TEST(UserLocations, ArgumentNamesAreSanitizedAndUnique) {
  Tensor A = placeholder({4}, "in.x"), B = placeholder({4}, "in x"),
         C = placeholder({4}, "v1"), D = placeholder({4}, "2d");
  Schedule s = create_schedule({A, B, C, D}, [](Tensor A, Tensor B, Tensor C,
                                                Tensor D) {
    return compute({4}, [&](Var i) { return A(i) + B(i) + C(i) + D(i); }, "E");
  });
  std::string text = lower(s, false);
  EXPECT_TRUE(contains(text, "%in.x: memref<4xi32> {hcl.arg_name = \"in.x\"}"))
      << text;
  EXPECT_TRUE(contains(text, "%in_x: memref<4xi32> {hcl.arg_name = \"in x\"}"))
      << text;
  EXPECT_TRUE(contains(text, "%v1_: memref<4xi32>")) << text;
  EXPECT_TRUE(contains(text, "%_2d: memref<4xi32>")) << text;
  EXPECT_EQ(errorOf([&] { lower(s); }), "");
}

/// Imperative code: an access is located at its construct's line, the
/// for_ around the assignment.
TEST(UserLocations, ImperativeCodeAtTheLoopsLine) {
  Tensor A = placeholder({8}, "A");
  unsigned line = 0;
  Schedule s = create_schedule({A}, [&](Tensor A) {
    Tensor B = compute({8}, [](Var) { return 0; }, "B");
    stage("S", [&] {
      line = __LINE__ + 1;
      for_(0, 8, [&](Var i) { B(i) = A(i + 2); }, "i");
    });
    return B;
  });
  std::string message = errorOf([&] { build(s); });
  EXPECT_TRUE(contains(message, at(line) + "index out of bounds: dimension 0 "
                                           "of 'A' (argument 0 of @top"))
      << message;
  EXPECT_TRUE(contains(message, "indexed over 2..9 in stage 'S'")) << message;
}

/// An unnamed placeholder is described by where it was made, not only by
/// the name hcl made up for it.
TEST(UserLocations, UnnamedPlaceholderIsDescribedByItsLine) {
  unsigned line = __LINE__ + 1;
  Tensor A = placeholder({8});
  Schedule s = create_schedule({A}, [&](Tensor A) {
    return compute({8}, [&](Var i) { return A(i + 1); }, "B");
  });
  std::string message = errorOf([&] { build(s); });
  EXPECT_TRUE(contains(message, "' (made by hcl::placeholder at " +
                                    std::string(__FILE__) + ":" +
                                    std::to_string(line) +
                                    ", argument 0 of @top, memref<8xi32>"))
      << message;
}

/// A schedule primitive is located at its C++ call, as a compute is: the
/// written schedule op carries the line, and an error found when the
/// schedule is applied starts with it.
TEST(UserLocations, SchedulePrimitivesAtTheCallsLine) {
  Tensor A = placeholder({8, 8}, "A");
  Schedule s = create_schedule({A}, [&](Tensor A) {
    Tensor B = compute({8, 8}, [&](Var i, Var j) { return A(i, j) + 1; }, "B");
    return compute({8, 8}, [&](Var i, Var j) { return B(i, j) * 2; }, "C");
  });
  unsigned line = __LINE__ + 1;
  s["B"].pipeline("j");
  std::string loc =
      "loc(\"" + std::string(__FILE__) + "\":" + std::to_string(line) + ":0)";
  std::string text = lower(s, false);
  EXPECT_TRUE(contains(text, loc)) << text;

  // C does not read A: reuse_at is refused when the schedule is applied.
  unsigned bad = __LINE__ + 1;
  s.reuse_at(A, s["C"], "i");
  std::string message = errorOf([&] { build(s); });
  EXPECT_TRUE(contains(message, at(bad))) << message;
}
