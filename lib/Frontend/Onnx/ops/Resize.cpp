//===- Resize.cpp - ONNX Resize and Upsample ------------------------------===//
//
// Scales or sizes (and the roi) must be known at import time, so the
// coordinate transformation is done by the importer: for each axis and each
// output position it computes, as ONNX's reference does (interpolate_1d_with_x
// in onnx/backend/test/case/node/resize.py), the input positions read (the
// n nearest ones in the edge-padded axis) and their weights. They become
// constant tables `<node>_idx<d>` / `<node>_w<d>`, and the output is the
// tensor-product sum over the taps of the axes:
//
//   Y[i] = sum_k prod_d w_d[i_d, k_d] * X[idx_0[i_0, k_0], ..., idx_r[i_r,
//   k_r]]
//
// Axes where every output position reads one input position with weight 1
// (nearest, or an unchanged axis) need neither a weight nor a reduction; an
// unchanged axis reads X at the output index itself. tf_crop_and_resize
// positions outside the input give `extrapolation_value` (table `_out<d>`).
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <algorithm>
#include <cmath>

namespace hcl::onnximport {
namespace {

struct ResizeParams {
  std::string mode = "nearest";           // nearest, linear, cubic
  std::string coordinates = "half_pixel"; // coordinate_transformation_mode
  std::string nearestMode = "round_prefer_floor";
  double cubicA = -0.75;
  bool excludeOutside = false;
};

/// The taps of one axis: for output position x, taps[x * n + k] is read
/// with weight weights[x * n + k]; outside[x] marks tf_crop_and_resize
/// extrapolation.
struct AxisTaps {
  int64_t n = 1;
  std::vector<int64_t> taps;
  std::vector<double> weights;
  std::vector<int64_t> outside;
  bool anyOutside = false;
  bool identity = false;
};

std::vector<double> coefficients(const ResizeParams &p, double ratio,
                                 bool integral) {
  if (p.mode == "nearest") {
    if (integral)
      return {0, 1};
    if (p.nearestMode == "round_prefer_floor")
      return {double(ratio <= 0.5), double(ratio > 0.5)};
    if (p.nearestMode == "round_prefer_ceil")
      return {double(ratio < 0.5), double(ratio >= 0.5)};
    if (p.nearestMode == "floor")
      return {1, 0};
    return {0, 1}; // ceil
  }
  if (p.mode == "linear")
    return {1 - ratio, ratio};
  double A = p.cubicA, r = ratio, s = 1 - ratio;
  return {((A * (r + 1) - 5 * A) * (r + 1) + 8 * A) * (r + 1) - 4 * A,
          ((A + 2) * r - (A + 3)) * r * r + 1,
          ((A + 2) * s - (A + 3)) * s * s + 1,
          ((A * (s + 1) - 5 * A) * (s + 1) + 8 * A) * (s + 1) - 4 * A};
}

AxisTaps axisTaps(const NodeContext &ctx, const ResizeParams &p, int64_t in,
                  int64_t out, double scale, double roiStart, double roiEnd) {
  AxisTaps a;
  a.n = p.mode == "cubic" ? 4 : 2;
  double outWidth = scale * double(in);
  for (int64_t x = 0; x < out; ++x) {
    double xo = 0;
    const std::string &c = p.coordinates;
    bool outside = false;
    if (c == "align_corners") {
      xo = outWidth == 1 ? 0.0 : double(x) * double(in - 1) / (outWidth - 1);
    } else if (c == "asymmetric") {
      xo = double(x) / scale;
    } else if (c == "tf_crop_and_resize") {
      xo = outWidth == 1 ? (roiEnd - roiStart) * double(in - 1) / 2
                         : double(x) * (roiEnd - roiStart) * double(in - 1) /
                               (outWidth - 1);
      xo += roiStart * double(in - 1);
      outside = xo < 0 || xo > double(in - 1);
    } else if (c == "pytorch_half_pixel") {
      xo = outWidth == 1 ? -0.5 : (double(x) + 0.5) / scale - 0.5;
    } else if (c == "half_pixel") {
      xo = (double(x) + 0.5) / scale - 0.5;
    } else if (c == "tf_half_pixel_for_nn") {
      xo = (double(x) + 0.5) / scale;
    } else {
      ctx.fail("coordinate_transformation_mode '" + c + "' is not supported");
    }
    a.outside.push_back(outside);
    a.anyOutside |= outside;
    if (outside) {
      for (int64_t k = 0; k < a.n; ++k) {
        a.taps.push_back(0);
        a.weights.push_back(0);
      }
      continue;
    }
    bool integral = std::floor(xo) == xo;
    double ratio = integral ? 1.0 : xo - std::floor(xo);
    std::vector<double> coeffs = coefficients(p, ratio, integral);
    // The n nearest positions of the edge-padded axis, ties to the smaller.
    int64_t pad = (a.n + 1) / 2, padded = in + 2 * pad;
    double xp = xo + double(pad);
    std::vector<int64_t> order(padded);
    for (int64_t k = 0; k < padded; ++k)
      order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](int64_t l, int64_t r) {
      return std::fabs(xp - double(l)) < std::fabs(xp - double(r));
    });
    std::vector<int64_t> chosen(order.begin(), order.begin() + a.n);
    std::sort(chosen.begin(), chosen.end());
    if (p.excludeOutside) {
      double total = 0;
      for (int64_t k = 0; k < a.n; ++k) {
        int64_t orig = chosen[k] - pad;
        if (orig < 0 || orig >= in)
          coeffs[k] = 0;
        total += coeffs[k];
      }
      for (double &w : coeffs)
        w /= total;
    }
    for (int64_t k = 0; k < a.n; ++k) {
      a.taps.push_back(std::clamp<int64_t>(chosen[k] - pad, 0, in - 1));
      a.weights.push_back(coeffs[k]);
    }
  }
  // One tap of weight 1 per position: no reduction along this axis.
  bool single = true;
  for (int64_t x = 0; x < out && single; ++x) {
    int nonzero = 0;
    for (int64_t k = 0; k < a.n; ++k) {
      double w = a.weights[x * a.n + k];
      if (w != 0) {
        ++nonzero;
        single &= w == 1;
      }
    }
    single &= nonzero == 1 || a.outside[x];
  }
  if (single) {
    std::vector<int64_t> taps;
    for (int64_t x = 0; x < out; ++x) {
      int64_t t = 0;
      for (int64_t k = 0; k < a.n; ++k)
        if (a.weights[x * a.n + k] != 0)
          t = a.taps[x * a.n + k];
      taps.push_back(t);
    }
    a.n = 1;
    a.taps = taps;
    a.weights.assign(out, 1.0);
    a.identity = in == out && !a.anyOutside;
    for (int64_t x = 0; x < out && a.identity; ++x)
      a.identity = taps[x] == x;
  }
  return a;
}

Value table(NodeContext &ctx, const std::string &role, Type dtype,
            std::vector<int64_t> shape, const std::vector<double> &values) {
  Value v;
  v.onnxName = ctx.stageName() + "_" + role;
  v.shape = shape;
  v.dtype = dtype;
  v.data = makeKnown(dtype, shape, values);
  return v;
}

/// Resizes X (input 0) to `outShape` given per-axis scales (as ONNX's
/// reference uses them: the float scale, or output / input for sizes).
void resize(NodeContext &ctx, const ResizeParams &p,
            const std::vector<int64_t> &outShape,
            const std::vector<double> &scales, const std::vector<double> &roi,
            double extrapolation) {
  const Value &x = ctx.input(0);
  if (p.mode != "nearest" && !x.dtype.isFloat())
    ctx.fail("mode '" + p.mode + "' on integer tensors is not supported");
  int64_t rank = x.rank();
  std::vector<AxisTaps> axes;
  for (int64_t d = 0; d < rank; ++d) {
    double start = roi.empty() ? 0 : roi[d],
           end = roi.empty() ? 1 : roi[rank + d];
    axes.push_back(
        axisTaps(ctx, p, x.shape[d], outShape[d], scales[d], start, end));
  }
  std::vector<Value> idx(rank), weight(rank), outside(rank);
  for (int64_t d = 0; d < rank; ++d) {
    const AxisTaps &a = axes[d];
    std::vector<int64_t> shape = {outShape[d]};
    if (a.n > 1)
      shape.push_back(a.n);
    if (!a.identity)
      idx[d] = table(ctx, "idx" + std::to_string(d), Int(64), shape,
                     std::vector<double>(a.taps.begin(), a.taps.end()));
    if (a.n > 1)
      weight[d] =
          table(ctx, "w" + std::to_string(d), x.dtype, shape, a.weights);
    if (a.anyOutside)
      outside[d] =
          table(ctx, "out" + std::to_string(d), Int(32), {outShape[d]},
                std::vector<double>(a.outside.begin(), a.outside.end()));
  }
  ctx.computeOutput(0, outShape, x.dtype, [&](const Index &i) {
    std::vector<Var> reduce;
    Index source;
    std::optional<Expr> w;
    for (int64_t d = 0; d < rank; ++d) {
      const AxisTaps &a = axes[d];
      if (a.identity) {
        source.push_back(i[d]);
        continue;
      }
      if (a.n == 1) {
        source.push_back(ctx.read(idx[d], {i[d]}));
        continue;
      }
      Var k = ctx.reduceAxis(a.n, "r" + std::to_string(d));
      reduce.push_back(k);
      source.push_back(ctx.read(idx[d], {i[d], k}));
      Expr wd = ctx.read(weight[d], {i[d], k});
      w = w ? *w * wd : wd;
    }
    Expr value = ctx.read(x, source);
    if (w)
      value = sum(value * *w, reduce, x.dtype);
    std::optional<Expr> out;
    for (int64_t d = 0; d < rank; ++d)
      if (axes[d].anyOutside) {
        Expr o = ctx.read(outside[d], {i[d]}) != literal(0, Int(32));
        out = out ? (*out || o) : o;
      }
    if (out)
      value = select(*out, literal(extrapolation, x.dtype), value);
    return value;
  });
}

/// Output shape and effective scales from known scales.
void fromScales(const NodeContext &ctx, const Value &x,
                const std::vector<double> &given,
                const std::vector<double> &roi, bool cropResize,
                std::vector<int64_t> &outShape, std::vector<double> &scales) {
  if (int64_t(given.size()) != x.rank())
    ctx.fail("scales has " + std::to_string(given.size()) +
             " entries for rank " + std::to_string(x.rank()));
  for (int64_t d = 0; d < x.rank(); ++d) {
    if (!(given[d] > 0))
      ctx.fail("scale " + std::to_string(given[d]) + " is not positive");
    double extent = cropResize && !roi.empty() ? roi[x.rank() + d] - roi[d] : 1;
    outShape.push_back(
        int64_t(std::floor(double(x.shape[d]) * extent * given[d])));
  }
  scales = given;
}

std::vector<double> knownFloats(NodeContext &ctx, size_t i,
                                const std::string &what) {
  const OnnxTensor &t = ctx.knownInput(i, what);
  std::vector<double> out;
  for (int64_t k = 0; k < t.size(); ++k)
    out.push_back(t.real(k));
  return out;
}

void lowerResize(NodeContext &ctx) {
  ctx.onlyAttrs({"mode", "coordinate_transformation_mode", "nearest_mode",
                 "cubic_coeff_a", "exclude_outside", "extrapolation_value"});
  const Value &x = ctx.input(0);
  ResizeParams p;
  p.mode = ctx.attrString("mode", "nearest");
  if (p.mode != "nearest" && p.mode != "linear" &&
      (p.mode != "cubic" || ctx.opset() < 11))
    ctx.fail("mode '" + p.mode + "' is not supported");
  std::vector<double> roi, scales;
  std::vector<int64_t> outShape;
  double extrapolation = 0;
  if (ctx.opset() < 11) {
    // Resize-10: scales only, asymmetric coordinates, nearest rounds down
    // (as Upsample).
    p.coordinates = "asymmetric";
    p.nearestMode = "floor";
    fromScales(ctx, x, knownFloats(ctx, 1, "scales"), {}, false, outShape,
               scales);
  } else {
    p.coordinates =
        ctx.attrString("coordinate_transformation_mode", "half_pixel");
    p.nearestMode = ctx.attrString("nearest_mode", "round_prefer_floor");
    if (p.nearestMode != "round_prefer_floor" &&
        p.nearestMode != "round_prefer_ceil" && p.nearestMode != "floor" &&
        p.nearestMode != "ceil")
      ctx.fail("nearest_mode '" + p.nearestMode + "' is not supported");
    p.cubicA = ctx.attrFloat("cubic_coeff_a", -0.75);
    p.excludeOutside = ctx.attrInt("exclude_outside", 0) != 0;
    extrapolation = ctx.attrFloat("extrapolation_value", 0.0);
    bool crop = p.coordinates == "tf_crop_and_resize";
    if (ctx.hasInput(1) && ctx.input(1).size() > 0 && crop) {
      roi = knownFloats(ctx, 1, "roi");
      if (int64_t(roi.size()) != 2 * x.rank())
        ctx.fail("roi has " + std::to_string(roi.size()) +
                 " entries for rank " + std::to_string(x.rank()));
    }
    bool haveScales = ctx.hasInput(2) && ctx.input(2).size() > 0;
    bool haveSizes = ctx.hasInput(3) && ctx.input(3).size() > 0;
    if (haveScales == haveSizes)
      ctx.fail("exactly one of scales and sizes must be given");
    if (haveScales) {
      fromScales(ctx, x, knownFloats(ctx, 2, "scales"), roi, crop, outShape,
                 scales);
    } else {
      outShape = ctx.knownInts(3, "sizes");
      if (int64_t(outShape.size()) != x.rank())
        ctx.fail("sizes has " + std::to_string(outShape.size()) +
                 " entries for rank " + std::to_string(x.rank()));
      for (int64_t d = 0; d < x.rank(); ++d)
        scales.push_back(double(outShape[d]) / double(x.shape[d]));
    }
  }
  resize(ctx, p, outShape, scales, roi, extrapolation);
}

void lowerUpsample(NodeContext &ctx) {
  ctx.onlyAttrs({"mode", "scales"});
  if (ctx.opset() >= 10)
    ctx.fail("Upsample is deprecated from opset 10 (use Resize)");
  const Value &x = ctx.input(0);
  ResizeParams p;
  p.mode = ctx.attrString("mode", "nearest");
  if (p.mode != "nearest" && p.mode != "linear" && p.mode != "bilinear")
    ctx.fail("mode '" + p.mode + "' is not supported");
  if (p.mode == "bilinear")
    p.mode = "linear";
  p.coordinates = "asymmetric";
  p.nearestMode = "floor";
  std::vector<double> given = ctx.opset() >= 9 ? knownFloats(ctx, 1, "scales")
                                               : ctx.attrFloats("scales");
  // Upsample-7's scales attribute is float32 like the later input.
  for (double &s : given)
    s = double(float(s));
  std::vector<int64_t> outShape;
  std::vector<double> scales;
  fromScales(ctx, x, given, {}, false, outShape, scales);
  resize(ctx, p, outShape, scales, {}, 0);
}

} // namespace

void addResizeOps(LoweringTable &table) {
  table["Resize"] = lowerResize;
  table["Upsample"] = lowerUpsample;
}

} // namespace hcl::onnximport
