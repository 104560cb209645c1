//===- GridSample.cpp - ONNX GridSample -----------------------------------===//
//
// Y[n, c, h, w] samples X[n, c] at the point grid[n, h, w] = (x, y), given
// in [-1, 1] over X's width and height (align_corners: -1 and 1 are the
// corner pixels' centres; else their outer edges). Modes: bilinear (four
// taps), nearest (rounded half to even) and bicubic (4x4 taps, cubic
// convolution with A = -0.75). Padding: zeros (a tap outside reads 0),
// border (coordinates clamped) and reflection (coordinates reflected at
// the edges, then clamped). These are the definitions PyTorch's
// grid_sample implements and ONNX's tests were made with. The taps are
// reads at data-dependent indices, clamped into X, so no read leaves it.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <array>

namespace hcl::onnximport {
namespace {

enum class Padding { Zeros, Border, Reflection };

class Sampler {
public:
  Sampler(NodeContext &ctx, const Value &x, bool alignCorners, Padding padding)
      : ctx(ctx), x(x), t(x.dtype), alignCorners(alignCorners),
        padding(padding) {}

  /// A coordinate in [-1, 1] as a pixel position along a dimension of
  /// `size` pixels.
  Expr unnormalize(const Expr &coord, int64_t size) const {
    if (alignCorners)
      return (coord + lit(1)) * lit(0.5 * double(size - 1));
    return ((coord + lit(1)) * lit(double(size)) - lit(1)) * lit(0.5);
  }

  /// The position a tap reads under border or reflection padding (zeros
  /// padding leaves it, and the tap reads 0 outside).
  Expr pad(const Expr &position, int64_t size) const {
    if (padding == Padding::Zeros)
      return position;
    Expr p = position;
    if (padding == Padding::Reflection)
      p = alignCorners ? reflect(p, 0, double(2 * (size - 1)))
                       : reflect(p, -1, double(2 * size - 1));
    return min(max(p, lit(0)), lit(double(size - 1)));
  }

  /// X[n, c, y, x] at integral positions (floats), 0 outside X.
  Expr tap(const Index &i, const Expr &y, const Expr &xPos) const {
    int64_t h = x.shape[2], w = x.shape[3];
    Expr inside = y >= lit(0) && y <= lit(double(h - 1)) && xPos >= lit(0) &&
                  xPos <= lit(double(w - 1));
    auto index = [&](const Expr &p, int64_t size) {
      return cast(Int(64), min(max(p, lit(0)), lit(double(size - 1))));
    };
    return select(
        inside, ctx.read(x, {i[0], i[1], index(y, h), index(xPos, w)}), lit(0));
  }

  Expr lit(double v) const { return literal(v, t); }

private:
  /// Reflects `p` at twiceLow / 2 and twiceHigh / 2 until it lies between.
  Expr reflect(const Expr &p, double twiceLow, double twiceHigh) const {
    if (twiceLow == twiceHigh)
      return lit(0);
    double low = twiceLow / 2, span = (twiceHigh - twiceLow) / 2;
    Expr d = abs(p - lit(low));
    Expr flips = floor(d / lit(span));
    Expr extra = d - flips * lit(span);
    Expr even = flips - floor(flips * lit(0.5)) * lit(2) == lit(0);
    return select(even, extra + lit(low), lit(span) - extra + lit(low));
  }

  NodeContext &ctx;
  const Value &x;
  Type t;
  bool alignCorners;
  Padding padding;
};

/// Cubic convolution weights of the taps at offsets -1, 0, 1, 2 from the
/// floor, for a fraction `f` (A = -0.75).
std::array<Expr, 4> cubicWeights(const Sampler &s, const Expr &f) {
  Expr a = s.lit(-0.75), one = s.lit(1);
  auto near = [&](const Expr &d) { // |d| <= 1
    return ((a + s.lit(2)) * d - (a + s.lit(3))) * d * d + one;
  };
  auto far = [&](const Expr &d) { // 1 < |d| < 2
    return ((a * d - s.lit(5) * a) * d + s.lit(8) * a) * d - s.lit(4) * a;
  };
  return {far(f + one), near(f), near(one - f), far(s.lit(2) - f)};
}

void lowerGridSample(NodeContext &ctx) {
  ctx.onlyAttrs({"align_corners", "mode", "padding_mode"});
  const Value &x = ctx.input(0), &grid = ctx.input(1);
  if (!x.dtype.isFloat())
    ctx.fail("X must hold floats, not " + x.dtype.str());
  if (x.rank() != 4)
    ctx.fail("X of shape " + shapeText(x.shape) +
             ": only 4-D inputs (N x C x H x W) are supported");
  if (grid.rank() != 4 || grid.shape[0] != x.shape[0] || grid.shape[3] != 2)
    ctx.fail("grid of shape " + shapeText(grid.shape) + " must be " +
             std::to_string(x.shape[0]) + " x H_out x W_out x 2");
  std::string mode = ctx.attrString("mode", "bilinear");
  std::string paddingMode = ctx.attrString("padding_mode", "zeros");
  Padding padding = Padding::Zeros;
  if (paddingMode == "border")
    padding = Padding::Border;
  else if (paddingMode == "reflection")
    padding = Padding::Reflection;
  else if (paddingMode != "zeros")
    ctx.fail("padding_mode '" + paddingMode +
             "' is not one of zeros, border, reflection");
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    ctx.fail("mode '" + mode + "' is not one of bilinear, nearest, bicubic");
  Sampler s(ctx, x, ctx.attrInt("align_corners", 0) != 0, padding);
  Type t = x.dtype;
  int64_t h = x.shape[2], w = x.shape[3];
  std::vector<int64_t> shape = {x.shape[0], x.shape[1], grid.shape[1],
                                grid.shape[2]};
  ctx.computeOutput(
      0, shape, t,
      [&](const Index &i) {
        Expr gx = cast(t, ctx.read(grid, {i[0], i[2], i[3], Expr(0)}));
        Expr gy = cast(t, ctx.read(grid, {i[0], i[2], i[3], Expr(1)}));
        Expr px = s.unnormalize(gx, w), py = s.unnormalize(gy, h);
        if (mode == "nearest")
          return s.tap(i, round(s.pad(py, h)), round(s.pad(px, w)));
        if (mode == "bilinear") {
          px = s.pad(px, w);
          py = s.pad(py, h);
          Expr x0 = floor(px), y0 = floor(py);
          Expr fx = px - x0, fy = py - y0, one = s.lit(1);
          Expr top =
              (one - fx) * s.tap(i, y0, x0) + fx * s.tap(i, y0, x0 + one);
          Expr bottom = (one - fx) * s.tap(i, y0 + one, x0) +
                        fx * s.tap(i, y0 + one, x0 + one);
          return (one - fy) * top + fy * bottom;
        }
        // Bicubic: the taps are padded one by one.
        Expr x0 = floor(px), y0 = floor(py);
        std::array<Expr, 4> wx = cubicWeights(s, px - x0),
                            wy = cubicWeights(s, py - y0);
        Expr result = s.lit(0);
        for (int r = 0; r < 4; ++r) {
          Expr row = s.lit(0);
          for (int c = 0; c < 4; ++c)
            row = row + wx[c] * s.tap(i, s.pad(y0 + s.lit(r - 1), h),
                                      s.pad(x0 + s.lit(c - 1), w));
          result = result + wy[r] * row;
        }
        return result;
      },
      {"n", "c", "h", "w"});
}

} // namespace

void addGridSampleOps(LoweringTable &table) {
  table["GridSample"] = lowerGridSample;
}

} // namespace hcl::onnximport
