//===- ComputeAtReductionTest.cpp - softmax stages computed at the row ----===//
//
// Issue 15: a reduction stage computed at the row loop of its consumer (a
// softmax's row max and row sum) runs each row's reduction once, so
// compute_at applies; at the column loop it would run it once per column,
// and the schedule is refused with the reason.
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

TEST(ComputeAtReduction, SoftmaxRowStagesAtTheRowLoop) {
  Schedule s = softmax();
  Tensor O = s.outputs()[0];
  s[s.tensor("S")].compute_at(s[O], O.axis(0));
  s[s.tensor("M")].compute_at(s[O], O.axis(0));
  std::string ir = lower(s);
  EXPECT_EQ(ir.find("stage_name = \"S\""), std::string::npos) << ir;
  EXPECT_EQ(ir.find("stage_name = \"M\""), std::string::npos) << ir;

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

TEST(ComputeAtReduction, RefusedAtTheColumnLoop) {
  Schedule s = softmax();
  Tensor O = s.outputs()[0];
  s[s.tensor("S")].compute_at(s[O], O.axis(1));
  std::string message = errorOf([&] { lower(s); });
  EXPECT_NE(message.find("cannot compute stage 'S' at loop 'j' of stage 'O'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("do not partition its iterations, so running parts "
                         "of it inside the consumer would repeat the update"),
            std::string::npos)
      << message;
}

} // namespace
