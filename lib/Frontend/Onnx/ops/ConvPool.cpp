//===- ConvPool.cpp - ONNX convolutions and pooling -----------------------===//
//
// N-d Conv, ConvTranspose, MaxPool, AveragePool and the global pools over
// NC[D...] tensors. Padding is a stage of its own (`<node>_pad`), so the
// convolution itself reads its input with affine indices and can take
// reuse_at line and window buffers; the bias is an update stage
// (`<node>_bias`) after the in-place reduction. Loops: n, c, h, w (1-D: w;
// 3-D: d, h, w), reduction axes rc, rh, rw.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <cmath>
#include <limits>

namespace hcl::onnximport {
namespace {

/// Spatial geometry of a window operator, per spatial dimension.
struct Window {
  std::vector<int64_t> kernel, strides, dilations, padBegin, padEnd, out;
};

std::vector<std::string> spatialNames(size_t k,
                                      const std::string &prefix = "") {
  static const std::vector<std::string> names3 = {"d", "h", "w"};
  std::vector<std::string> out;
  for (size_t d = 0; d < k; ++d)
    out.push_back(prefix +
                  (k <= 3 ? names3[3 - k + d] : "s" + std::to_string(d)));
  return out;
}

std::vector<std::string> outputNames(size_t k) {
  std::vector<std::string> names = {"n", "c"};
  for (const std::string &s : spatialNames(k))
    names.push_back(s);
  return names;
}

/// Reads kernel_shape / strides / dilations / pads / auto_pad and computes
/// the output extents (`ceilMode` for pools).
Window window(NodeContext &ctx, const std::vector<int64_t> &in,
              std::vector<int64_t> kernel, bool ceilMode) {
  size_t k = in.size();
  Window w;
  w.kernel = kernel;
  if (w.kernel.size() != k)
    ctx.fail("kernel_shape has " + std::to_string(w.kernel.size()) +
             " dimensions for " + std::to_string(k) + " spatial dimensions");
  w.strides = ctx.attrInts("strides", std::vector<int64_t>(k, 1));
  w.dilations = ctx.attrInts("dilations", std::vector<int64_t>(k, 1));
  std::vector<int64_t> pads =
      ctx.attrInts("pads", std::vector<int64_t>(2 * k, 0));
  if (w.strides.size() != k || w.dilations.size() != k || pads.size() != 2 * k)
    ctx.fail("strides, dilations or pads do not match the " +
             std::to_string(k) + " spatial dimensions");
  std::string autoPad = ctx.attrString("auto_pad", "NOTSET");
  for (size_t d = 0; d < k; ++d) {
    if (w.strides[d] <= 0 || w.dilations[d] <= 0 || w.kernel[d] <= 0)
      ctx.fail("kernel sizes, strides and dilations must be positive");
    int64_t extent = (w.kernel[d] - 1) * w.dilations[d] + 1;
    int64_t begin = pads[d], end = pads[d + k];
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      int64_t outSize = (in[d] + w.strides[d] - 1) / w.strides[d];
      int64_t total =
          std::max<int64_t>((outSize - 1) * w.strides[d] + extent - in[d], 0);
      begin = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
      end = total - begin;
    } else if (autoPad == "VALID") {
      begin = end = 0;
    } else if (autoPad != "NOTSET") {
      ctx.fail("auto_pad '" + autoPad + "' is not supported");
    }
    int64_t span = in[d] + begin + end - extent;
    if (span < 0)
      ctx.fail("the window (" + std::to_string(extent) +
               ") is larger than the padded input (" +
               std::to_string(in[d] + begin + end) + ")");
    int64_t out = (ceilMode ? (span + w.strides[d] - 1) / w.strides[d]
                            : span / w.strides[d]) +
                  1;
    // A window must start inside the input or its left padding.
    if (ceilMode && (out - 1) * w.strides[d] >= in[d] + begin)
      --out;
    w.padBegin.push_back(begin);
    w.padEnd.push_back(end);
    w.out.push_back(out);
  }
  return w;
}

/// The input padded for `w` (extended further when ceil_mode windows reach
/// past the end padding), filled with `fill`; the input itself when no
/// padding is needed.
Value padded(NodeContext &ctx, const Value &x, const Window &w, double fill) {
  size_t k = w.kernel.size();
  std::vector<int64_t> shape = {x.shape[0], x.shape[1]};
  bool any = false;
  std::vector<int64_t> ends;
  for (size_t d = 0; d < k; ++d) {
    int64_t needed =
        (w.out[d] - 1) * w.strides[d] + (w.kernel[d] - 1) * w.dilations[d] + 1;
    int64_t size = std::max(needed, x.shape[2 + d] + w.padBegin[d]);
    shape.push_back(size);
    any |= w.padBegin[d] != 0 || size != x.shape[2 + d];
  }
  if (!any)
    return x;
  return ctx.computeValue(
      "pad", shape, x.dtype,
      [&](const Index &i) {
        Index source = {i[0], i[1]};
        Expr inside = cast(UInt(1), Expr(1));
        for (size_t d = 0; d < k; ++d) {
          Expr pos = i[2 + d] - Expr(w.padBegin[d]);
          int64_t extent = x.shape[2 + d];
          if (w.padBegin[d])
            inside = inside && pos >= Expr(0);
          inside = inside && pos < Expr(extent);
          source.push_back(max(min(pos, Expr(extent - 1)), Expr(0)));
        }
        return select(inside, ctx.read(x, source), literal(fill, x.dtype));
      },
      outputNames(k));
}

void lowerConv(NodeContext &ctx) {
  ctx.onlyAttrs(
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
  const Value &x = ctx.input(0), &weights = ctx.input(1);
  if (x.rank() < 3 || weights.rank() != x.rank())
    ctx.fail("input " + shapeText(x.shape) + " and weights " +
             shapeText(weights.shape) +
             " must be N x C x D... and "
             "M x C/group x K...");
  size_t k = x.rank() - 2;
  int64_t group = ctx.attrInt("group", 1);
  int64_t channels = x.shape[1], filters = weights.shape[0];
  if (group <= 0 || channels % group || filters % group ||
      weights.shape[1] != channels / group)
    ctx.fail("group " + std::to_string(group) + " does not fit " +
             std::to_string(channels) + " input channels and weights " +
             shapeText(weights.shape));
  std::vector<int64_t> kernel(weights.shape.begin() + 2, weights.shape.end());
  if (ctx.hasAttr("kernel_shape") && ctx.attrInts("kernel_shape") != kernel)
    ctx.fail("kernel_shape differs from the weights' shape");
  std::vector<int64_t> spatial(x.shape.begin() + 2, x.shape.end());
  Window w = window(ctx, spatial, kernel, false);
  Value input = padded(ctx, x, w, 0);
  int64_t perGroup = channels / group, filtersPerGroup = filters / group;
  Var rc = ctx.reduceAxis(perGroup, "rc");
  std::vector<Var> rk;
  for (const std::string &name : spatialNames(k, "r"))
    rk.push_back(ctx.reduceAxis(kernel[rk.size()], name));
  std::vector<int64_t> shape = {x.shape[0], filters};
  shape.insert(shape.end(), w.out.begin(), w.out.end());
  std::vector<Var> axes = {rc};
  axes.insert(axes.end(), rk.begin(), rk.end());
  Type t = x.dtype;
  bool hasBias = ctx.hasInput(2);
  Value conv = ctx.computeValue(
      "", shape, t,
      [&](const Index &i) {
        Expr channel =
            group == 1 ? Expr(rc)
                       : (i[1] / Expr(filtersPerGroup)) * Expr(perGroup) + rc;
        Index xi = {i[0], channel}, wi = {i[1], rc};
        for (size_t d = 0; d < k; ++d) {
          xi.push_back(i[2 + d] * Expr(w.strides[d]) +
                       rk[d] * Expr(w.dilations[d]));
          wi.push_back(rk[d]);
        }
        return sum(ctx.read(input, xi) * ctx.read(weights, wi), axes, t);
      },
      outputNames(k));
  if (hasBias) {
    const Value &bias = ctx.input(2);
    if (bias.shape != std::vector<int64_t>{filters})
      ctx.fail("bias of shape " + shapeText(bias.shape) + ", expected " +
               std::to_string(filters));
    conv = ctx.update(
        "bias", conv,
        [&](const Index &i) {
          return ctx.read(conv, i) + ctx.read(bias, {i[1]});
        },
        outputNames(k));
  }
  ctx.setOutput(0, conv);
}

void lowerConvTranspose(NodeContext &ctx) {
  ctx.onlyAttrs({"auto_pad", "dilations", "group", "kernel_shape", "pads",
                 "strides", "output_padding", "output_shape"});
  const Value &x = ctx.input(0), &weights = ctx.input(1);
  if (x.rank() < 3 || weights.rank() != x.rank())
    ctx.fail("input " + shapeText(x.shape) + " and weights " +
             shapeText(weights.shape) +
             " must be N x C x D... and "
             "C x M/group x K...");
  size_t k = x.rank() - 2;
  int64_t group = ctx.attrInt("group", 1);
  int64_t channels = x.shape[1];
  if (group <= 0 || channels % group || weights.shape[0] != channels)
    ctx.fail("group " + std::to_string(group) + " does not fit " +
             std::to_string(channels) + " channels and weights " +
             shapeText(weights.shape));
  int64_t perGroup = channels / group, filtersPerGroup = weights.shape[1];
  int64_t filters = filtersPerGroup * group;
  std::vector<int64_t> kernel(weights.shape.begin() + 2, weights.shape.end());
  auto strides = ctx.attrInts("strides", std::vector<int64_t>(k, 1));
  auto dilations = ctx.attrInts("dilations", std::vector<int64_t>(k, 1));
  auto pads = ctx.attrInts("pads", std::vector<int64_t>(2 * k, 0));
  auto outputPadding =
      ctx.attrInts("output_padding", std::vector<int64_t>(k, 0));
  std::string autoPad = ctx.attrString("auto_pad", "NOTSET");
  if (strides.size() != k || dilations.size() != k || pads.size() != 2 * k ||
      outputPadding.size() != k)
    ctx.fail("strides, dilations, pads or output_padding do not match the " +
             std::to_string(k) + " spatial dimensions");
  std::vector<int64_t> out(k), padBegin(k);
  std::vector<int64_t> outputShape;
  if (ctx.hasAttr("output_shape")) {
    outputShape = ctx.attrInts("output_shape");
    if (outputShape.size() == k + 2)
      outputShape.erase(outputShape.begin(), outputShape.begin() + 2);
    if (outputShape.size() != k)
      ctx.fail("output_shape does not match the spatial dimensions");
  }
  for (size_t d = 0; d < k; ++d) {
    int64_t full = strides[d] * (x.shape[2 + d] - 1) + outputPadding[d] +
                   (kernel[d] - 1) * dilations[d] + 1;
    if (!outputShape.empty() || autoPad == "SAME_UPPER" ||
        autoPad == "SAME_LOWER") {
      int64_t target =
          outputShape.empty() ? x.shape[2 + d] * strides[d] : outputShape[d];
      // A negative total (output_shape beyond the full result) extends the
      // output at the end: halves round down, as in ONNX's reference.
      int64_t total = full - target;
      int64_t half = total >= 0 ? total / 2 : -((-total + 1) / 2);
      padBegin[d] = autoPad == "SAME_UPPER" ? half : total - half;
      out[d] = target;
    } else {
      if (autoPad == "VALID")
        pads[d] = pads[d + k] = 0;
      padBegin[d] = pads[d];
      out[d] = full - pads[d] - pads[d + k];
    }
  }
  Var rc = ctx.reduceAxis(perGroup, "rc");
  std::vector<Var> rk;
  for (const std::string &name : spatialNames(k, "r"))
    rk.push_back(ctx.reduceAxis(kernel[rk.size()], name));
  std::vector<Var> axes = {rc};
  axes.insert(axes.end(), rk.begin(), rk.end());
  std::vector<int64_t> shape = {x.shape[0], filters};
  shape.insert(shape.end(), out.begin(), out.end());
  Type t = x.dtype;
  Value conv = ctx.computeValue(
      "", shape, t,
      [&](const Index &i) {
        Expr channel =
            group == 1 ? Expr(rc)
                       : (i[1] / Expr(filtersPerGroup)) * Expr(perGroup) + rc;
        Index xi = {i[0], channel},
              wi = {channel, i[1] % Expr(filtersPerGroup)};
        Expr valid = cast(UInt(1), Expr(1));
        for (size_t d = 0; d < k; ++d) {
          // Output o takes input (o + pad - r * dilation) / stride when exact.
          Expr pos = i[2 + d] + Expr(padBegin[d]) - rk[d] * Expr(dilations[d]);
          valid = valid && pos >= Expr(0) &&
                  pos % Expr(strides[d]) == Expr(0) &&
                  pos < Expr(x.shape[2 + d] * strides[d]);
          xi.push_back(max(
              min(pos / Expr(strides[d]), Expr(x.shape[2 + d] - 1)), Expr(0)));
          wi.push_back(rk[d]);
        }
        return sum(select(valid, ctx.read(x, xi) * ctx.read(weights, wi),
                          literal(0, t)),
                   axes, t);
      },
      outputNames(k));
  if (ctx.hasInput(2)) {
    const Value &bias = ctx.input(2);
    conv = ctx.update(
        "bias", conv,
        [&](const Index &i) {
          return ctx.read(conv, i) + ctx.read(bias, {i[1]});
        },
        outputNames(k));
  }
  ctx.setOutput(0, conv);
}

void lowerPool(NodeContext &ctx, bool isMax) {
  const Value &x = ctx.input(0);
  if (x.rank() < 3)
    ctx.fail("input " + shapeText(x.shape) + " must be N x C x D...");
  if (isMax && ctx.attrInt("storage_order", 0) != 0)
    ctx.fail("storage_order = 1 is not supported");
  if (ctx.hasOutput(1))
    ctx.fail("the Indices output is not supported");
  if (!isMax && ctx.hasAttr("dilations")) {
    for (int64_t d : ctx.attrInts("dilations"))
      if (d != 1)
        ctx.fail("dilated average pooling is not supported");
  }
  size_t k = x.rank() - 2;
  std::vector<int64_t> spatial(x.shape.begin() + 2, x.shape.end());
  Window w = window(ctx, spatial, ctx.attrInts("kernel_shape"),
                    ctx.attrInt("ceil_mode", 0) != 0);
  Type t = x.dtype;
  double lowest = t.isFloat()      ? -std::numeric_limits<double>::infinity()
                  : t.isUnsigned() ? 0
                                   : -std::ldexp(1.0, int(t.bits) - 1);
  Value input = padded(ctx, x, w, isMax ? lowest : 0);
  std::vector<Var> rk;
  for (const std::string &name : spatialNames(k, "r"))
    rk.push_back(ctx.reduceAxis(w.kernel[rk.size()], name));
  std::vector<int64_t> shape = {x.shape[0], x.shape[1]};
  shape.insert(shape.end(), w.out.begin(), w.out.end());
  bool includePad = ctx.attrInt("count_include_pad", 0) != 0;
  ctx.computeOutput(
      0, shape, t,
      [&](const Index &i) {
        Index xi = {i[0], i[1]};
        for (size_t d = 0; d < k; ++d)
          xi.push_back(i[2 + d] * Expr(w.strides[d]) +
                       rk[d] * Expr(w.dilations[d]));
        Expr element = ctx.read(input, xi);
        if (isMax)
          return reduce_max(element, rk, t);
        // Average: the number of window elements inside the input (or inside
        // the explicit padding with count_include_pad).
        Expr count = literal(1, t);
        for (size_t d = 0; d < k; ++d) {
          Expr start = i[2 + d] * Expr(w.strides[d]) - Expr(w.padBegin[d]);
          int64_t lo = includePad ? -w.padBegin[d] : 0;
          int64_t hi = spatial[d] + (includePad ? w.padEnd[d] : 0);
          Expr n =
              min(start + Expr(w.kernel[d]), Expr(hi)) - max(start, Expr(lo));
          count = count * cast(t, n);
        }
        return sum(element, rk, t) / count;
      },
      outputNames(k));
}

void lowerGlobalPool(NodeContext &ctx, bool isMax) {
  const Value &x = ctx.input(0);
  if (x.rank() < 3)
    ctx.fail("input " + shapeText(x.shape) + " must be N x C x D...");
  size_t k = x.rank() - 2;
  std::vector<Var> rk;
  int64_t count = 1;
  for (const std::string &name : spatialNames(k, "r")) {
    count *= x.shape[2 + rk.size()];
    rk.push_back(ctx.reduceAxis(x.shape[2 + rk.size()], name));
  }
  std::vector<int64_t> shape = {x.shape[0], x.shape[1]};
  shape.resize(x.rank(), 1);
  Type t = x.dtype;
  ctx.computeOutput(
      0, shape, t,
      [&](const Index &i) {
        Index xi = {i[0], i[1]};
        xi.insert(xi.end(), rk.begin(), rk.end());
        Expr element = ctx.read(x, xi);
        if (isMax)
          return reduce_max(element, rk, t);
        return sum(element, rk, t) / literal(double(count), t);
      },
      outputNames(k));
}

} // namespace

void addConvPoolOps(LoweringTable &table) {
  table["Conv"] = lowerConv;
  table["ConvTranspose"] = lowerConvTranspose;
  table["MaxPool"] = [](NodeContext &ctx) { lowerPool(ctx, true); };
  table["AveragePool"] = [](NodeContext &ctx) { lowerPool(ctx, false); };
  table["GlobalMaxPool"] = [](NodeContext &ctx) { lowerGlobalPool(ctx, true); };
  table["GlobalAveragePool"] = [](NodeContext &ctx) {
    lowerGlobalPool(ctx, false);
  };
}

} // namespace hcl::onnximport
