//===- ImperativeTest.cpp - for_, if_, while_, break_, def_ ---------------===//
//
// The imperative constructs' IR (affine where bounds and indices are
// affine, scf and memref.load/store otherwise), their results against plain
// C++, schedule primitives on their loops, and every misuse as an
// hcl::Error with a message that names it.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

using namespace hcl;
using namespace hcl::test;

namespace {

Tensor input() { return placeholder({8}, "A", Int(32)); }

TEST(Imperative, AffineLoopsStayAffine) {
  Schedule s = create_schedule({input()}, [](Tensor A) {
    Tensor B = compute({8}, [](Var) { return 0; }, "B", Int(32));
    // A triangular nest: j's bound is affine in i.
    stage("tri", [&] {
      for_(
          0, 8,
          [&](Var i) { for_(0, i + 1, [&](Var j) { B(i) += A(j); }, "j"); },
          "i");
    });
    return B;
  });
  std::string ir = lower(s, false);
  EXPECT_TRUE(contains(ir, "affine.for %i")) << ir;
  EXPECT_TRUE(contains(ir, "to affine_map<(d0) -> ((d0 + 1))>(")) << ir;
  EXPECT_FALSE(contains(ir, "memref.load")) << ir;
  EXPECT_TRUE(contains(ir, "stage_name = \"tri\"")) << ir;
  std::vector<int32_t> a = {1, 2, 3, 4, 5, 6, 7, 8};
  Array in(a, {8}, Int(32)), out({8}, Int(32));
  build(s)(in, out);
  std::vector<int32_t> want = {1, 3, 6, 10, 15, 21, 28, 36};
  EXPECT_EQ(out.to_vector<int32_t>(), want);
}

TEST(Imperative, IfElifElseAndScalars) {
  Schedule s = create_schedule({input()}, [](Tensor A) {
    Tensor B = compute({8}, [](Var) { return 0; }, "B", Int(32));
    mutate(
        {8},
        [&](Var i) {
          Tensor x = scalar(A(i), "x");
          if_(x.v() < 0, [&] { x.v() = -x.v(); });
          elif_(x.v() == 0, [&] { x.v() = 100; });
          else_([&] { x.v() = x.v() * 2; });
          B(i) = x.v();
        },
        "classify");
    return B;
  });
  std::string ir = lower(s, false);
  EXPECT_TRUE(contains(ir, "memref.alloca() {name = \"x\"}")) << ir;
  EXPECT_TRUE(contains(ir, "scf.if")) << ir;
  std::vector<int32_t> a = {-3, 0, 4, -1, 0, 7, 2, -8};
  Array in(a, {8}, Int(32)), out({8}, Int(32));
  build(s)(in, out);
  std::vector<int32_t> want = {3, 100, 8, 1, 100, 14, 4, 8};
  EXPECT_EQ(out.to_vector<int32_t>(), want);
}

TEST(Imperative, WhileWithBreakAndTripCount) {
  // The index of the first element >= 5, scanning with a while_ that
  // also breaks at a negative element.
  Schedule s = create_schedule({input()}, [](Tensor A) {
    Tensor R = compute({1}, [](Var) { return -1; }, "R", Int(32));
    stage("scan", [&] {
      Tensor k = scalar(0, "k");
      while_(
          k.v() < 8,
          [&] {
            if_(A(k.v()) < 0, [&] { break_(); });
            if_(A(k.v()) >= 5, [&] {
              R(0) = k.v();
              break_();
            });
            k.v() += 1;
          },
          "walk", 8);
    });
    return R;
  });
  std::string ir = lower(s, false);
  EXPECT_TRUE(contains(ir, "scf.while")) << ir;
  EXPECT_TRUE(contains(ir, "max_trip_count = 8 : i64")) << ir;
  EXPECT_TRUE(contains(ir, "{name = \"walk_break\"}")) << ir;
  auto run = [&](std::vector<int32_t> a) {
    Array in(a, {8}, Int(32)), out({1}, Int(32));
    build(s)(in, out);
    return out.to_vector<int32_t>()[0];
  };
  EXPECT_EQ(run({1, 2, 7, 9, 0, 0, 0, 0}), 2);
  EXPECT_EQ(run({1, -2, 7, 9, 0, 0, 0, 0}), -1);
  EXPECT_EQ(run({1, 2, 3, 4, 0, 0, 0, 0}), -1);
}

TEST(Imperative, DataDependentLoopAndSubFunction) {
  // Sums of runs A[P[r]] .. A[P[r+1]) through a def_ that returns a value.
  Tensor P = placeholder({4}, "P", Int(32));
  Schedule s = create_schedule({input(), P}, [](Tensor A, Tensor P) {
    Def runSum =
        def_("run_sum",
             {Param({8}, Int(32)), Param({1}, Int(32)), Param({1}, Int(32))},
             [](Tensor a, Tensor lo, Tensor hi) {
               Tensor acc = scalar(0, "acc");
               for_(lo.v(), hi.v(), [&](Var k) { acc.v() += a(k); }, "k");
               return acc.v();
             });
    Tensor S = compute({3}, [](Var) { return 0; }, "S", Int(32));
    stage("runs", [&] {
      for_(
          0, 3,
          [&](Var r) {
            Tensor lo = scalar(P(r), "lo"), hi = scalar(P(r + 1), "hi");
            S(r) = runSum(A, lo, hi);
          },
          "r");
    });
    return S;
  });
  std::string ir = lower(s, false);
  EXPECT_TRUE(contains(ir, "func.func @run_sum(")) << ir;
  EXPECT_TRUE(contains(ir, "scf.for")) << ir;
  EXPECT_TRUE(contains(ir, "func.call @run_sum(")) << ir;
  std::vector<int32_t> a = {1, 2, 3, 4, 5, 6, 7, 8}, p = {0, 2, 2, 8};
  Array in(a, {8}, Int(32)), ptr(p, {4}, Int(32)), out({3}, Int(32));
  build(s)(in, ptr, out);
  std::vector<int32_t> want = {3, 0, 33};
  EXPECT_EQ(out.to_vector<int32_t>(), want);
}

TEST(Imperative, PrimitivesOnImperativeLoops) {
  Schedule s = create_schedule({input()}, [](Tensor A) {
    Tensor H = compute({4}, [](Var) { return 0; }, "H", Int(32));
    stage("count", [&] { for_(0, 8, [&](Var i) { H(A(i) & 3) += 1; }, "i"); });
    return H;
  });
  s["count"].pipeline("i");
  s["count"].unroll("i", 2);
  s.partition(s.tensor("H"), PartitionKind::Complete);
  std::string ir = lower(s);
  EXPECT_TRUE(contains(ir, "pipeline_ii = 1")) << ir;
  std::vector<int32_t> a = {0, 1, 1, 2, 3, 3, 3, 7};
  Array in(a, {8}, Int(32)), out({4}, Int(32));
  build(s)(in, out);
  std::vector<int32_t> want = {1, 2, 1, 4};
  EXPECT_EQ(out.to_vector<int32_t>(), want);

  // reorder of a scatter nest cannot be proven legal.
  Tensor A2 = placeholder({2, 8}, "A2", Int(32));
  Schedule t = create_schedule({A2}, [](Tensor A) {
    Tensor H = compute({2, 4}, [](Var, Var) { return 0; }, "H", Int(32));
    stage("count", [&] {
      for_(
          0, 2,
          [&](Var r) {
            for_(0, 8, [&](Var i) { H(r, A(r, i) & 3) += 1; }, "i");
          },
          "r");
    });
    return H;
  });
  t["count"].reorder({"i", "r"});
  EXPECT_TRUE(contains(errorOf([&] { build(t); }),
                       "data-dependent access whose dependences are unknown"));
}

// HeteroCL's if_ / elif_ / else_ and def_ calls directly in a kernel: the
// if_ makes a stage of its own, which the elif_ / else_ right after it
// continue; a call is a stage of its own.
TEST(Imperative, IfElseAndCallsDirectlyInAKernel) {
  Def twice = def_("twice", {Param({8}, Int(32))}, [](Tensor a) {
    for_(0, 8, [&](Var i) { a(i) = a(i) * 2; }, "i");
  });
  Schedule s = create_schedule({input()}, [&](Tensor A) {
    Tensor B = compute({1}, [](Var) { return 0; }, "B", Int(32));
    if_(A(0) > 5, [&] { B(0) = 1; });
    elif_(A(0) > 2, [&] { B(0) = 2; });
    else_([&] { B(0) = 3; });
    twice(A);
    return B;
  });
  Module f = build(s);
  for (auto [a0, want] : {std::pair{7, 1}, {3, 2}, {0, 3}}) {
    std::vector<int32_t> a = {a0, 1, 2, 3, 4, 5, 6, 7};
    Array in(a, {8}, Int(32)), out({1}, Int(32));
    f(in, out);
    EXPECT_EQ(out.to_vector<int32_t>()[0], want) << a0;
    EXPECT_EQ(in.to_vector<int32_t>()[1], 2);
  }
  // Another stage between them: the else_ has no if_ to continue.
  std::string error = errorOf([] {
    create_schedule({input()}, [](Tensor A) {
      if_(A(0) > 5, [&] { A(0) = 1; });
      Tensor B = compute({1}, [](Var) { return 0; }, "B", Int(32));
      else_([&] { A(0) = 3; });
      return B;
    });
  });
  EXPECT_TRUE(contains(error, "else_ outside imperative code")) << error;
}

// An assignment directly in a kernel is a stage of its own (HeteroCL's
// imperative kernel body); reduce_with is a user-defined reduction.
TEST(Imperative, AssignmentsDirectlyInAKernelAndReduceWith) {
  Schedule s = create_schedule({input()}, [](Tensor A) {
    Tensor B = compute({2}, [](Var) { return 0; }, "B", Int(32));
    B(0) = A(1) + 5;
    Var r = reduce_axis(0, 8, "r");
    Tensor C = compute(
        {1},
        [&](Var) {
          // The count of odd elements, starting from 100.
          return reduce_with(
              100, [&](Expr acc) { return acc + (A(r) & 1); }, {r}, Int(32));
        },
        "C", Int(32));
    B(1) = C(0);
    return B;
  });
  std::vector<int32_t> a = {1, 2, 3, 4, 5, 6, 7, 9};
  Array in(a, {8}, Int(32)), out({2}, Int(32));
  build(s)(in, out);
  std::vector<int32_t> want = {7, 105};
  EXPECT_EQ(out.to_vector<int32_t>(), want);
}

TEST(Imperative, Misuse) {
  auto inKernel = [](const std::function<void(Tensor)> &body) {
    return errorOf([&] {
      create_schedule({input()}, [&](Tensor A) {
        body(A);
        return compute({1}, [](Var) { return 0; }, "out");
      });
    });
  };
  EXPECT_TRUE(contains(inKernel([](Tensor) { break_(); }),
                       "break_ outside imperative code"));
  EXPECT_TRUE(contains(inKernel([](Tensor) { stage("s", [] { break_(); }); }),
                       "break_ outside a for_ or while_ loop"));
  EXPECT_TRUE(
      contains(inKernel([](Tensor) { stage("s", [] { else_([] {}); }); }),
               "else_ must follow an if_"));
  EXPECT_TRUE(contains(inKernel([](Tensor) {
                         stage("s", [] { for_(0, 4, 0, [](Var) {}, "i"); });
                       }),
                       "the step must be a positive constant"));
  EXPECT_TRUE(contains(inKernel([](Tensor) {
                         stage("s", [] {
                           for_(0, 4, [](Var) {}, "i");
                           for_(0, 4, [](Var) {}, "i");
                         });
                       }),
                       "'s' has two loops named 'i'"));
  EXPECT_TRUE(
      contains(inKernel([](Tensor) { stage("s", [] { stage("t", [] {}); }); }),
               "stages do not nest"));
  EXPECT_TRUE(
      contains(inKernel([](Tensor A) { stage("s", [&] { A(0, 1) = 2; }); }),
               "but is read with 2 indices"));
  EXPECT_TRUE(
      contains(errorOf([] { def_("f", {Param({1})}, [](Tensor, Tensor) {}); }),
               "the body takes 2 tensors but 1 parameter shapes"));
  Def f = def_("f", {Param({2}, Int(32))}, [](Tensor a) { a(0) = a(1); });
  EXPECT_TRUE(
      contains(inKernel([&](Tensor A) { stage("s", [&] { f(A); }); }),
               "argument 0 ('A') is of another shape or type than parameter"));
}

} // namespace
