//===- ComputeAtReductionTest.cpp - softmax stages computed at the row ----===//
//
// A reduction stage computed at the row loop of its consumer (a softmax's
// row max and row sum) runs each row's reduction once. At the column loop,
// which the sum does not depend on, its copy runs at the first column only,
// so the row's sum is still computed once.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hcl;
using namespace hcl::test;

namespace {

/// softmax over the rows of a 4x8 A: M = row max, S = row sum of
/// exp(A - M) (a sum accumulated in place in S), O = exp(A - M) / S.
Schedule softmax() {
  Tensor A = placeholder({4, 8}, "A", Float(32));
  return create_schedule({A}, [](Tensor A) {
    Var k = reduce_axis(0, 8, "k");
    Var r = reduce_axis(0, 8, "r");
    Tensor M = compute(
        {4}, [&](Var i) { return reduce_max(A(i, k), {k}); }, "M", Float(32));
    Tensor S = compute(
        {4}, [&](Var i) { return sum(exp(A(i, r) - M(i)), {r}); }, "S",
        Float(32));
    return compute(
        {4, 8}, [&](Var i, Var j) { return exp(A(i, j) - M(i)) / S(i); }, "O",
        Float(32));
  });
}

/// Runs `s` on a fixed input and compares it with softmax computed here.
void expectSoftmax(Schedule &s) {
  std::vector<float> a(32);
  for (int k = 0; k < 32; ++k)
    a[k] = float((k * 7) % 11) / 4 - 1;
  Array in(std::vector<double>(a.begin(), a.end()), {4, 8}, Float(32));
  Array out({4, 8}, Float(32));
  build(s)(in, out);
  std::vector<double> o = out.to_vector<double>();
  for (int i = 0; i < 4; ++i) {
    float max = a[i * 8];
    for (int j = 1; j < 8; ++j)
      max = std::max(max, a[i * 8 + j]);
    float total = 0;
    for (int j = 0; j < 8; ++j)
      total += std::exp(a[i * 8 + j] - max);
    for (int j = 0; j < 8; ++j)
      EXPECT_NEAR(o[i * 8 + j], std::exp(a[i * 8 + j] - max) / total, 1e-6)
          << i << ", " << j;
  }
}

TEST(ComputeAtReduction, SoftmaxRowStagesAtTheRowLoop) {
  Schedule s = softmax();
  Tensor O = s.outputs()[0];
  s[s.tensor("S")].compute_at(s[O], O.axis(0));
  s[s.tensor("M")].compute_at(s[O], O.axis(0));
  std::string ir = lower(s);
  EXPECT_EQ(ir.find("stage_name = \"S\""), std::string::npos) << ir;
  EXPECT_EQ(ir.find("stage_name = \"M\""), std::string::npos) << ir;

  expectSoftmax(s);
}

// At the column loop, which the row sum does not depend on, the sum runs
// at the first column of each row only: once per row, as at the row loop.
TEST(ComputeAtReduction, AtTheColumnLoopRunsOncePerRow) {
  Schedule s = softmax();
  Tensor O = s.outputs()[0];
  s[s.tensor("S")].compute_at(s[O], O.axis(1));
  std::string ir = lower(s);
  EXPECT_EQ(ir.find("stage_name = \"S\""), std::string::npos) << ir;
  EXPECT_NE(ir.find("affine.if"), std::string::npos) << ir;
  expectSoftmax(s);
}

} // namespace
