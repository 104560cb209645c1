//===- HalideScheduleTest.cpp - a Halide schedule in the front end --------===//
//
// The ONNX-to-Bambu thesis schedules Halide's two-stage 3x3 box blur as
//   blur_y.tile(x, y, xi, yi, 256, 32).vectorize(xi, 8).parallel(y);
//   blur_x.compute_at(blur_y, x).vectorize(x, 8);
// Here it is written with hcl's C++ front end over the valid ranges (no
// read out of bounds), checked by execution against the unscheduled
// program and by the structure of the lowered loops.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace hcl;

namespace {

constexpr int64_t kSize = 512; // blur_y is kSize x kSize

/// blur_x(y, x) = (in(y, x) + in(y, x+1) + in(y, x+2)) / 3 and
/// blur_y(y, x) = (blur_x(y, x) + blur_x(y+1, x) + blur_x(y+2, x)) / 3: the
/// seed's blur shifted by one so every index is in range.
Schedule makeBlur() {
  Tensor in = placeholder({kSize + 2, kSize + 2}, "in", Float(32));
  return create_schedule({in}, [](Tensor in) {
    Tensor blurX =
        compute({kSize + 2, kSize},
                [&](Var y, Var x) {
                  return (in(y, x) + in(y, x + 1) + in(y, x + 2)) / 3.0f;
                },
                "blur_x", Float(32), {"y", "x"});
    return compute({kSize, kSize},
                   [&](Var y, Var x) {
                     return (blurX(y, x) + blurX(y + 1, x) + blurX(y + 2, x)) /
                            3.0f;
                   },
                   "blur_y", Float(32), {"y", "x"});
  });
}

/// The seed's schedule. Halide's tile(x, y, xi, yi, 256, 32) puts y's tile
/// loop outermost; hcl's tile(outer, inner, ...) with the row loop first
/// gives the same order: y.outer, x.outer, y.inner, x.inner.
void applySeedSchedule(Schedule &s) {
  Tensor blurX = s.tensor("blur_x"), blurY = s.outputs()[0];
  auto loops = s[blurY].tile(blurY.axis("y"), blurY.axis("x"), 32, 256);
  const Axis &yOuter = loops[0], &xOuter = loops[1], &xInner = loops[3];
  s[blurY].vectorize(xInner, 8).parallel(yOuter);
  s[blurX].compute_at(s[blurY], xOuter).vectorize(blurX.axis("x"), 8);
}

std::vector<float> runBlur(Schedule &s, const std::vector<float> &image) {
  Module f = build(s);
  Array in(image, {kSize + 2, kSize + 2}, Float(32)),
      out({kSize, kSize}, Float(32));
  f(in, out);
  return out.to_vector<float>();
}

std::vector<float> randomImage(unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  std::vector<float> image((kSize + 2) * (kSize + 2));
  for (float &v : image)
    v = dist(rng);
  return image;
}

TEST(HalideSchedule, SeedBlurScheduleKeepsTheResult) {
  Schedule plain = makeBlur();
  Schedule scheduled = makeBlur();
  applySeedSchedule(scheduled);
  for (unsigned seed : {1u, 2u}) {
    std::vector<float> image = randomImage(seed);
    std::vector<float> expected = runBlur(plain, image);
    std::vector<float> actual = runBlur(scheduled, image);
    ASSERT_EQ(actual.size(), expected.size());
    // Each element is computed by the same operations in the same order.
    double worst = 0;
    for (size_t i = 0; i < expected.size(); ++i)
      worst =
          std::max(worst, std::fabs(double(actual[i]) - expected[i]) /
                              std::max(1e-30, std::fabs(double(expected[i]))));
    EXPECT_LE(worst, 1e-6) << "seed " << seed;
    // Spot-check the unscheduled program against plain C++.
    auto at = [&](int64_t y, int64_t x) { return image[y * (kSize + 2) + x]; };
    auto blurX = [&](int64_t y, int64_t x) {
      return (at(y, x) + at(y, x + 1) + at(y, x + 2)) / 3.0f;
    };
    for (int64_t y : {0, 31, 32, 300, 511})
      for (int64_t x : {0, 255, 256, 511}) {
        float want = (blurX(y, x) + blurX(y + 1, x) + blurX(y + 2, x)) / 3.0f;
        EXPECT_FLOAT_EQ(expected[y * kSize + x], want) << y << ", " << x;
      }
  }
}

/// Position of `needle` in `text`, failing the test when it is missing.
size_t positionOf(const std::string &text, const std::string &needle) {
  size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << "missing: " << needle << "\n" << text;
  return at;
}

TEST(HalideSchedule, SeedBlurScheduleStructure) {
  Schedule s = makeBlur();
  applySeedSchedule(s);
  std::string ops = lower(s, /*applySchedule=*/false);
  EXPECT_NE(ops.find("hcl.vectorize("), std::string::npos) << ops;
  std::string ir = lower(s);
  EXPECT_EQ(ir.find(" hcl."), std::string::npos) << ir;
  // blur_x has no nest of its own: compute_at moved it into blur_y.
  EXPECT_EQ(ir.find("stage_name = \"blur_x\""), std::string::npos) << ir;
  // Loops close innermost first, so the closing attributes appear in this
  // order: blur_x's copy (vectorized by 8 along x) inside x.outer, before
  // blur_y's own tile loops (x.inner split by 8 and vectorized).
  std::vector<std::string> order = {
      "loop_name = \"blur_x.x.inner\", vectorize = 8 : i32}",
      "loop_name = \"blur_x.x.outer\"}",
      "loop_name = \"blur_x.y\"}",
      "loop_name = \"x.inner.inner\", vectorize = 8 : i32}",
      "loop_name = \"x.inner.outer\"}",
      "loop_name = \"y.inner\"}",
      "loop_name = \"x.outer\"}",
      "loop_name = \"y.outer\", parallel, stage_name = \"blur_y\"}",
  };
  size_t last = 0;
  for (const std::string &needle : order) {
    size_t at = positionOf(ir, needle);
    if (at == std::string::npos)
      continue;
    EXPECT_GT(at, last) << needle << " out of order\n" << ir;
    last = at;
  }
  // Trip counts: 512/32 row tiles, 512/256 column tiles, 32 rows, 256/8
  // vectors of 8; blur_x computes 34 rows (32 + the 2 below) of 256.
  for (const char *loop : {"= 0 to 16 {", "= 0 to 2 {", "to 32 {", "to 8 {"})
    positionOf(ir, loop);
  positionOf(ir, "affine_map<(d0) -> (d0 * 32)>");
  positionOf(ir, "affine_map<(d0) -> (d0 * 32 + 34)>");
}

/// Halide's store_at: blur_x's storage at the column tile x.outer, its
/// computation at the row loop y.inner inside it, so blur_x lives in a
/// 34 x 256 buffer per tile instead of a full-size one, and slides: each
/// y.inner iteration after the first computes one new row.
void applyStoreAtSchedule(Schedule &s) {
  Tensor blurX = s.tensor("blur_x"), blurY = s.outputs()[0];
  auto loops = s[blurY].tile(blurY.axis("y"), blurY.axis("x"), 32, 256);
  const Axis &xOuter = loops[1], &yInner = loops[2], &xInner = loops[3];
  s[blurY].vectorize(xInner, 8);
  s[blurX].store_at(s[blurY], xOuter).compute_at(s[blurY], yInner);
}

TEST(HalideSchedule, StoreAtKeepsTheResult) {
  Schedule plain = makeBlur();
  Schedule scheduled = makeBlur();
  applyStoreAtSchedule(scheduled);
  std::vector<float> image = randomImage(3);
  std::vector<float> expected = runBlur(plain, image);
  std::vector<float> actual = runBlur(scheduled, image);
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    ASSERT_FLOAT_EQ(actual[i], expected[i]) << i;

  std::string ir = lower(scheduled);
  EXPECT_EQ(ir.find(" hcl."), std::string::npos) << ir;
  // One 34 x 256 buffer (the tile's 32 rows and the 2 below) inside x.outer,
  // none of full size.
  positionOf(ir, "memref<34x256xf32>");
  EXPECT_EQ(ir.find("memref<514x512xf32>"), std::string::npos) << ir;
  size_t allocAt = positionOf(ir, "memref.alloc() {name = \"blur_x\"} : "
                                  "memref<34x256xf32>");
  size_t tileAt = positionOf(ir, "loop_name = \"x.outer\"}");
  EXPECT_LT(allocAt, tileAt);
  // Sliding window: after a tile's first row, blur_x computes only the one
  // new row each y.inner iteration needs, the other two are in the buffer.
  positionOf(ir, "loop_name = \"blur_x.y\", sliding_window}");
}

TEST(HalideSchedule, StoreAtErrors) {
  auto message = [](auto f) -> std::string {
    try {
      f();
    } catch (const Error &e) {
      return e.what();
    }
    return "";
  };
  // Storage inside the compute_at loop.
  Schedule s = makeBlur();
  Tensor blurX = s.tensor("blur_x"), blurY = s.outputs()[0];
  auto loops = s[blurY].tile(blurY.axis("y"), blurY.axis("x"), 32, 256);
  s[blurX].compute_at(s[blurY], loops[1]).store_at(s[blurY], loops[2]);
  std::string error = message([&] { lower(s); });
  EXPECT_NE(error.find("store_at loop 'y.inner' of stage 'blur_y' does not "
                       "enclose the compute_at loop 'x.outer'"),
            std::string::npos)
      << error;
  // No compute_at at all.
  Schedule t = makeBlur();
  Tensor y = t.outputs()[0];
  t[t.tensor("blur_x")].store_at(t[y], y.axis("y"));
  error = message([&] { lower(t); });
  EXPECT_NE(error.find("needs an earlier compute_at of 'blur_x' into 'blur_y'"),
            std::string::npos)
      << error;
}

TEST(HalideSchedule, VectorizeErrors) {
  Schedule s = makeBlur();
  Tensor blurY = s.outputs()[0];
  auto message = [](auto f) -> std::string {
    try {
      f();
    } catch (const Error &e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message([&] {
              s[blurY].vectorize(blurY.axis("x"), 6);
            }).find("the width must be a power of two, at least 2, got 6"),
            std::string::npos);
  EXPECT_NE(message([&] {
              s[blurY].vectorize("z", 8);
            }).find("stage 'blur_y' has no axis named 'z'"),
            std::string::npos);
  // The engine refuses a width beyond the trip count, naming the call.
  Schedule t = makeBlur();
  Tensor y = t.outputs()[0];
  t[y].tile(y.axis("y"), y.axis("x"), 32, 4);
  t[y].vectorize("x.inner", 8);
  std::string error = message([&] { lower(t); });
  EXPECT_NE(error.find("vector width 8 is larger than the trip count 4 of "
                       "loop 'x.inner'"),
            std::string::npos)
      << error;
}

} // namespace
