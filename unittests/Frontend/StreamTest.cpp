//===- StreamTest.cpp - s.to in the C++ front end -------------------------===//
//
// HeteroCL's s.to(B, s[C]): a conv whose sum streams into a ReLU, and a
// consumer that reads its input transposed. Checked by execution against
// the unscheduled program, by the lowered text, and by the error a stream
// that cannot be a FIFO gets.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

using namespace hcl;

namespace {

constexpr int64_t kSize = 12;

/// conv(i, j) = sum over a 3x3 window of in; out = max(conv, 0) + 1.
Schedule makeConvRelu() {
  Tensor in = placeholder({kSize + 2, kSize + 2}, "in", Int(32));
  return create_schedule({in}, [](Tensor in) {
    Var r = reduce_axis(0, 3, "r"), c = reduce_axis(0, 3, "c");
    Tensor conv = compute(
        {kSize, kSize},
        [&](Var i, Var j) { return sum(in(i + r, j + c) * (r - c), {r, c}); },
        "conv", Int(32));
    return compute(
        {kSize, kSize},
        [&](Var i, Var j) { return select(conv(i, j) > 0, conv(i, j), 0) + 1; },
        "relu", Int(32));
  });
}

std::vector<int32_t> run(Schedule &s) {
  std::vector<int32_t> image((kSize + 2) * (kSize + 2));
  for (size_t k = 0; k < image.size(); ++k)
    image[k] = static_cast<int32_t>((k * 37) % 23) - 11;
  Module f = build(s);
  Array in(image, {kSize + 2, kSize + 2}, Int(32)),
      out({kSize, kSize}, Int(32));
  f(in, out);
  return out.to_vector<int32_t>();
}

std::string errorOf(Schedule &s) {
  try {
    lower(s);
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(Stream, ConvSumStreamsIntoRelu) {
  Schedule plain = makeConvRelu();
  Schedule s = makeConvRelu();
  s.to(s.tensor("conv"), s[s.outputs()[0]]);
  std::string text = lower(s);
  EXPECT_NE(text.find("stream_depth = 2 : i64"), std::string::npos) << text;
  EXPECT_NE(text.find("attributes {dataflow}"), std::string::npos) << text;
  EXPECT_EQ(run(s), run(plain));
}

TEST(Stream, GivenDepth) {
  Schedule s = makeConvRelu();
  s.to(s.tensor("conv"), s[s.outputs()[0]], 8);
  EXPECT_NE(lower(s).find("stream_depth = 8 : i64"), std::string::npos);
}

TEST(Stream, TransposedReadIsRefused) {
  Tensor in = placeholder({8, 8}, "in", Int(32));
  Schedule s = create_schedule({in}, [](Tensor in) {
    Tensor b = compute(
        {8, 8}, [&](Var i, Var j) { return in(i, j) * 2; }, "B", Int(32));
    return compute(
        {8, 8}, [&](Var i, Var j) { return b(j, i) + 1; }, "C", Int(32));
  });
  s.to(s.tensor("B"), s[s.outputs()[0]]);
  std::string error = errorOf(s);
  EXPECT_NE(error.find("order differs: 'B' writes 'B' row-major, 'C' reads "
                       "it column-major"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("s.to(B, s[\"C\"])"), std::string::npos) << error;
}

TEST(Stream, InputIsRefusedInTheFrontEnd) {
  Tensor in = placeholder({8, 8}, "in", Int(32));
  Schedule s = create_schedule({in}, [](Tensor in) {
    return compute(
        {8, 8}, [&](Var i, Var j) { return in(i, j) + 1; }, "C", Int(32));
  });
  EXPECT_THROW(s.to(in, s[s.outputs()[0]]), Error);
  EXPECT_THROW(s.to(s.outputs()[0], s[s.outputs()[0]], -1), Error);
}
