//===- UserErrorsTest.cpp - mistakes a program can make, refused ----------===//
//
// Issue 26: each of these used to crash the process or give a silent value;
// each is now an hcl::Error at the call that makes the mistake (or, for a
// literal, when the program is written), or works.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

using namespace hcl;
using namespace hcl::test;

namespace {

/// B(i) = A(i) + 1 + 1 + ..., `depth` additions deep.
Schedule chain(int depth) {
  Tensor A = placeholder({4}, "A");
  return create_schedule({A}, [depth](Tensor A) {
    return compute(
        {4},
        [&](Var i) {
          Expr e = A(i);
          for (int k = 0; k < depth; ++k)
            e = e + 1;
          return e;
        },
        "B");
  });
}

} // namespace

/// A constant bit index outside the value was written into MLIR that
/// hcl's own parser rejected ("a bug in the front end").
TEST(UserErrors, ConstantBitIndexPastTheWidth) {
  Tensor A = placeholder({4}, "A");
  std::string message = errorOf([&] {
    create_schedule({A}, [](Tensor A) {
      return compute({4}, [&](Var i) { return A(i)[40]; }, "B");
    });
  });
  EXPECT_NE(message.find("x[i]: bit 40 of a 32-bit value (int32); bits are "
                         "0 to 31"),
            std::string::npos)
      << message;
  message = errorOf([&] {
    create_schedule({A}, [](Tensor A) {
      return compute({4}, [&](Var i) { return set_bit(A(i), -1, 1); }, "B");
    });
  });
  EXPECT_NE(message.find("set_bit: bit -1 of a 32-bit value"),
            std::string::npos)
      << message;
}

/// A float bit position reached the IR's index casts.
TEST(UserErrors, FloatBitPosition) {
  Tensor A = placeholder({4}, "A");
  std::string message = errorOf([&] {
    create_schedule({A}, [](Tensor A) {
      return compute({4}, [&](Var i) { return A(i).slice(3.0, 1); }, "B");
    });
  });
  EXPECT_NE(message.find("slice: a bit position is an integer, not float32"),
            std::string::npos)
      << message;
}

/// 1000.3 in the Fixed(16, 8) of A(i) * 1000.3 wrapped to -23.70.
TEST(UserErrors, FixedPointLiteralOutOfRange) {
  Tensor A = placeholder({4}, "A", Fixed(8, 4));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({4}, [&](Var i) { return A(i) * 1000.3; }, "B", Fixed(8, 4));
  });
  std::string message = errorOf([&] { lower(s); });
  EXPECT_NE(message.find("stage 'B': the literal 1000.3 does not fit "
                         "fixed16_8 (-128 to 127.99609375)"),
            std::string::npos)
      << message;
}

TEST(UserErrors, IntegerWiderThan512Bits) {
  EXPECT_NE(errorOf([] { Int(600); }).find("widths are 1 to 512 bits"),
            std::string::npos);
  EXPECT_NE(errorOf([] { UFixed(513, 0); }).find("widths are 1 to 512 bits"),
            std::string::npos);
}

/// The MLIR writer recursed once per operation on the caller's stack and
/// overflowed it at about 5,000.
TEST(UserErrors, DeepExpressionBuildsAndRuns) {
  Module f = build(chain(20000));
  Array a(std::vector<int>{0, 1, 2, 3}, {4}), b({4});
  f(a, b);
  EXPECT_EQ(b.to_vector<int>(), (std::vector<int>{20000, 20001, 20002, 20003}));
}

TEST(UserErrors, TooDeepExpressionIsRefusedWhereItIsBuilt) {
  Tensor A = placeholder({4}, "A");
  std::string message = errorOf([&] {
    Expr e = A(0);
    for (int k = 0; k < 100001; ++k)
      e = e + 1;
  });
  EXPECT_NE(message.find("more than 100000 operations deep"), std::string::npos)
      << message;
}
