//===- TuneApiTest.cpp - hcl::tune from the library -----------------------===//
//
// hcl::tune on a front-end gemm: the chosen schedule is faster than the
// algorithm, written as schedule ops, proven by running it (the result's
// error), bounded by the budget; bad options are errors.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

using namespace hcl;
using namespace hcl::test;

namespace {

/// C = A * B at 16x8x16, f32; a schedule that tune sets aside.
Schedule gemm() {
  Tensor A = placeholder({16, 8}, "A", Float(32));
  Tensor B = placeholder({8, 16}, "B", Float(32));
  Schedule s = create_schedule({A, B}, [](Tensor A, Tensor B) {
    Var k = reduce_axis(0, 8, "k");
    return compute(
        {16, 16}, [&](Var i, Var j) { return sum(A(i, k) * B(k, j), {k}); },
        "C", Float(32));
  });
  Tensor C = s.outputs()[0];
  s[C].unroll(C.axis(1), 2);
  return s;
}

TEST(TuneApi, FasterScheduleWrittenAndProven) {
  TuneResult r = tune(gemm());
  EXPECT_LT(r.chosen.latency, r.unscheduled.latency);
  EXPECT_TRUE(contains(r.mlir, "hcl.pipeline"));
  EXPECT_TRUE(contains(r.mlir, "hcl.create_stage_handle"));
  EXPECT_EQ(r.largestRelativeError, 0);
  ASSERT_FALSE(r.front.empty());
  EXPECT_EQ(r.front.front().latency, r.chosen.latency);
  EXPECT_GT(r.evaluated, 1u);
}

/// The tuned schedule builds and computes what the algorithm does; the
/// schedule tuned is left as it was.
TEST(TuneApi, TunedScheduleBuildsAndRuns) {
  Schedule s = gemm();
  TuneResult r = tune(s);
  ASSERT_TRUE(r.schedule.has_value());
  EXPECT_TRUE(contains(lower(*r.schedule, false), "hcl.pipeline"));
  std::vector<float> a(16 * 8), b(8 * 16);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = float(i % 7) - 3;
    b[i] = float(i % 5) * 0.5f;
  }
  Array A(a, {16, 8}, Float(32)), B(b, {8, 16}, Float(32));
  Array tuned({16, 16}, Float(32)), plain({16, 16}, Float(32));
  build(*r.schedule).call({&A, &B, &tuned});
  build(s).call({&A, &B, &plain});
  EXPECT_EQ(tuned.to_vector<float>(), plain.to_vector<float>());
  EXPECT_FALSE(contains(lower(s, false), "hcl.pipeline"));
}

TEST(TuneApi, BudgetBoundsTheChoice) {
  TuneResult free = tune(gemm());
  TuneOptions options;
  options.budget = "dsp=" + std::to_string(free.unscheduled.dsp);
  TuneResult bounded = tune(gemm(), options);
  EXPECT_LE(bounded.chosen.dsp, free.unscheduled.dsp);
  EXPECT_GE(bounded.chosen.latency, free.chosen.latency);
  EXPECT_FALSE(contains(bounded.mlir, "hcl.partition"));
}

TEST(TuneApi, BadOptionsAreErrors) {
  TuneOptions budget;
  budget.budget = "dsp=1,lut=5";
  EXPECT_TRUE(
      contains(errorOf([&] { tune(gemm(), budget); }), "tune: --budget: lut"));
  TuneOptions impossible;
  impossible.budget = "dsp=0";
  EXPECT_TRUE(contains(errorOf([&] { tune(gemm(), impossible); }),
                       "no schedule fits the budget dsp=0"));
  TuneOptions target;
  target.target = "nosuch";
  EXPECT_TRUE(contains(errorOf([&] { tune(gemm(), target); }), "nosuch"));
}

} // namespace
