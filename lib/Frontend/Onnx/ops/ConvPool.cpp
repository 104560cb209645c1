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
#include <numeric>
#include <optional>

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
/// past the end padding), filled with `fill` (of x's type: a quantized
/// input pads with its zero point, read when the program runs); the input
/// itself when no padding is needed.
Value padded(NodeContext &ctx, const Value &x, const Window &w,
             const Expr &fill) {
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
        return select(inside, ctx.read(x, source), fill);
      },
      outputNames(k));
}

} // namespace

Value convolution(NodeContext &ctx, const Value &x, const Value &weights,
                  const ConvProduct &product) {
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
  Value input = padded(
      ctx, x, w, product.padFill ? *product.padFill : literal(0, x.dtype));
  int64_t perGroup = channels / group, filtersPerGroup = filters / group;
  Var rc = ctx.reduceAxis(perGroup, "rc");
  std::vector<Var> rk;
  for (const std::string &name : spatialNames(k, "r"))
    rk.push_back(ctx.reduceAxis(kernel[rk.size()], name));
  std::vector<int64_t> shape = {x.shape[0], filters};
  shape.insert(shape.end(), w.out.begin(), w.out.end());
  std::vector<Var> axes = {rc};
  axes.insert(axes.end(), rk.begin(), rk.end());
  return ctx.computeValue(
      product.suffix, shape, product.acc,
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
        Expr term = product.term ? product.term(ctx.read(input, xi),
                                                ctx.read(weights, wi), i[1])
                                 : ctx.read(input, xi) * ctx.read(weights, wi);
        return sum(term, axes, product.acc);
      },
      outputNames(k));
}

namespace {

void lowerConv(NodeContext &ctx) {
  ctx.onlyAttrs(
      {"auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"});
  const Value &x = ctx.input(0), &weights = ctx.input(1);
  ConvProduct product;
  product.acc = x.dtype;
  Value conv = convolution(ctx, x, weights, product);
  if (ctx.hasInput(2)) {
    int64_t filters = weights.shape[0];
    const Value &bias = ctx.input(2);
    if (bias.shape != std::vector<int64_t>{filters})
      ctx.fail("bias of shape " + shapeText(bias.shape) + ", expected " +
               std::to_string(filters));
    conv = ctx.update(
        "bias", conv,
        [&](const Index &i) {
          return ctx.read(conv, i) + ctx.read(bias, {i[1]});
        },
        outputNames(x.rank() - 2));
  }
  ctx.setOutput(0, conv);
}

/// One output phase of a transposed convolution in one spatial dimension:
/// the `count` outputs o = stride * q + phase read input
/// q + offset - tapStride * t with kernel tap firstTap + tapStep * t, for t
/// in [0, taps).
struct Phase {
  int64_t phase, count, firstTap, tapStep, taps, offset, tapStride;
};

/// The phases of one dimension. Output o reads input
/// (o + pad - r * dilation) / stride where that divides exactly, so the taps
/// r of a phase are those with (phase + pad - r * dilation) % stride == 0:
/// every stride / gcd(stride, dilation)-th tap from the first.
std::vector<Phase> transposedPhases(int64_t stride, int64_t dilation,
                                    int64_t kernel, int64_t pad, int64_t out) {
  std::vector<Phase> phases;
  int64_t g = std::gcd(stride, dilation);
  for (int64_t p = 0; p < std::min(stride, out); ++p) {
    Phase ph{p,           (out - p + stride - 1) / stride, 0, stride / g, 0, 0,
             dilation / g};
    auto mod = [&](int64_t v) { return ((v % stride) + stride) % stride; };
    while (ph.firstTap < kernel && mod(p + pad - ph.firstTap * dilation))
      ++ph.firstTap;
    if (ph.firstTap < kernel) {
      ph.taps = (kernel - 1 - ph.firstTap) / ph.tapStep + 1;
      ph.offset = (p + pad - ph.firstTap * dilation) / stride; // exact
    }
    phases.push_back(ph);
  }
  return phases;
}

/// Every combination of one phase per dimension, the last dimension's
/// fastest.
std::vector<std::vector<size_t>>
phaseCombinations(const std::vector<std::vector<Phase>> &phases) {
  std::vector<std::vector<size_t>> combos = {{}};
  for (const std::vector<Phase> &dim : phases) {
    std::vector<std::vector<size_t>> next;
    for (const std::vector<size_t> &combo : combos)
      for (size_t p = 0; p < dim.size(); ++p) {
        next.push_back(combo);
        next.back().push_back(p);
      }
    combos = std::move(next);
  }
  return combos;
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
  if (ctx.hasInput(2) && ctx.input(2).shape != std::vector<int64_t>{filters})
    ctx.fail("bias of shape " + shapeText(ctx.input(2).shape) + ", expected " +
             std::to_string(filters));
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
  // Polyphase: the outputs o = stride * q + p of one phase p (per spatial
  // dimension) take the same kernel taps, so each phase is an ordinary
  // convolution over the zero-padded input with affine reads, and no
  // multiply is spent on the zeros a dilated input would hold.
  std::vector<std::vector<Phase>> phases(k);
  std::vector<int64_t> padLow(k, 0), paddedSize(k);
  for (size_t d = 0; d < k; ++d) {
    phases[d] = transposedPhases(strides[d], dilations[d], kernel[d],
                                 padBegin[d], out[d]);
    paddedSize[d] = x.shape[2 + d];
    for (const Phase &ph : phases[d])
      if (ph.taps)
        padLow[d] =
            std::max(padLow[d], ph.tapStride * (ph.taps - 1) - ph.offset);
    for (const Phase &ph : phases[d])
      if (ph.taps)
        paddedSize[d] =
            std::max(paddedSize[d], ph.count + ph.offset + padLow[d]);
    paddedSize[d] = std::max(paddedSize[d], x.shape[2 + d] + padLow[d]);
  }
  Window padding;
  padding.kernel = padding.strides = padding.dilations =
      std::vector<int64_t>(k, 1);
  padding.padBegin = padLow;
  padding.out = paddedSize;
  Value input = padded(ctx, x, padding, literal(0, x.dtype));

  Type t = x.dtype;
  bool onePhase = true;
  for (size_t d = 0; d < k; ++d)
    onePhase &= strides[d] == 1;
  // One stage per combination of phases (all of them when every stride is
  // 1: then it is the node's stage itself).
  std::vector<std::optional<Value>> phaseValues;
  std::vector<std::vector<size_t>> combos = phaseCombinations(phases);
  for (const std::vector<size_t> &combo : combos) {
    std::vector<int64_t> shape = {x.shape[0], filters};
    bool empty = false;
    std::string suffix = "phase";
    for (size_t d = 0; d < k; ++d) {
      const Phase &ph = phases[d][combo[d]];
      shape.push_back(ph.count);
      empty |= ph.taps == 0;
      suffix += (d ? "_" : "") + std::to_string(ph.phase);
    }
    if (empty) { // no kernel tap reaches these outputs: they are 0
      phaseValues.push_back(std::nullopt);
      continue;
    }
    Var rc = ctx.reduceAxis(perGroup, "rc");
    std::vector<Var> axes = {rc}, rk;
    std::vector<std::string> names = spatialNames(k, "r");
    for (size_t d = 0; d < k; ++d) {
      rk.push_back(ctx.reduceAxis(phases[d][combo[d]].taps, names[d]));
      axes.push_back(rk.back());
    }
    phaseValues.push_back(ctx.computeValue(
        onePhase ? "" : suffix, shape, t,
        [&](const Index &i) {
          Expr channel =
              group == 1 ? Expr(rc)
                         : (i[1] / Expr(filtersPerGroup)) * Expr(perGroup) + rc;
          Index xi = {i[0], channel},
                wi = {channel, i[1] % Expr(filtersPerGroup)};
          for (size_t d = 0; d < k; ++d) {
            const Phase &ph = phases[d][combo[d]];
            xi.push_back(i[2 + d] - rk[d] * Expr(ph.tapStride) +
                         Expr(ph.offset + padLow[d]));
            wi.push_back(rk[d] * Expr(ph.tapStep) + Expr(ph.firstTap));
          }
          return sum(ctx.read(input, xi) * ctx.read(weights, wi), axes, t);
        },
        outputNames(k)));
  }
  std::vector<int64_t> shape = {x.shape[0], filters};
  shape.insert(shape.end(), out.begin(), out.end());
  Value conv;
  if (onePhase && phaseValues[0]) {
    conv = *phaseValues[0];
  } else {
    // Interleaves the phases: output o of dimension d is element
    // o / stride of the phase o % stride.
    conv = ctx.computeValue(
        "", shape, t,
        [&](const Index &i) {
          Expr result = literal(0, t);
          for (size_t c = 0; c < combos.size(); ++c) {
            if (!phaseValues[c])
              continue;
            Expr here = cast(UInt(1), Expr(1));
            Index source = {i[0], i[1]};
            for (size_t d = 0; d < k; ++d) {
              const Phase &ph = phases[d][combos[c][d]];
              here = here && i[2 + d] % Expr(strides[d]) == Expr(ph.phase);
              // Clamped: the select reads every phase at every position.
              source.push_back(
                  min(i[2 + d] / Expr(strides[d]), Expr(ph.count - 1)));
            }
            result = select(here, ctx.read(*phaseValues[c], source), result);
          }
          // The bias is added here rather than by a stage of its own.
          if (ctx.hasInput(2))
            result = result + ctx.read(ctx.input(2), {i[1]});
          return result;
        },
        outputNames(k));
  }
  if (ctx.hasInput(2) && onePhase) {
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

/// MaxPool's Indices: for each window, the first position (in the window's
/// row-major order) inside x that holds the maximum, as an index into x
/// flattened in row-major order, or with storage_order = 1 with the
/// spatial dimensions in column-major order (ONNX Runtime's order).
Value maxPoolIndices(NodeContext &ctx, const Value &x, const Value &input,
                     const Value &pooled, const Window &w,
                     const std::vector<Var> &rk) {
  size_t k = x.rank() - 2;
  bool columnMajor = ctx.attrInt("storage_order", 0) != 0;
  Type i64 = Int(64);
  // Past every index of x: what a window without a hit (never, as the
  // maximum is one of its elements) would give.
  int64_t none = x.size();
  return ctx.computeValue(
      "indices", pooled.shape, i64,
      [&](const Index &i) {
        Index xi = {i[0], i[1]};
        Expr inside = cast(UInt(1), Expr(1));
        std::vector<Expr> position;
        for (size_t d = 0; d < k; ++d) {
          Expr p = i[2 + d] * Expr(w.strides[d]) + rk[d] * Expr(w.dilations[d]);
          xi.push_back(p);
          Expr q = p - Expr(w.padBegin[d]);
          inside = inside && q >= Expr(0) && q < Expr(x.shape[2 + d]);
          position.push_back(q);
        }
        // The first hit in the window's row-major order has the least
        // row-major index; storage_order = 1 then renumbers that position.
        Expr flat = i[0] * Expr(x.shape[1]) + i[1];
        for (size_t d = 0; d < k; ++d)
          flat = flat * Expr(x.shape[2 + d]) + position[d];
        Expr hit = inside && ctx.read(input, xi) == ctx.read(pooled, i);
        Expr first = reduce_min(
            select(hit, cast(i64, flat), literal(double(none), i64)), rk, i64);
        if (!columnMajor)
          return first;
        // Positions of the spatial dimensions, last first.
        std::vector<Expr> at;
        Expr rest = first;
        for (size_t d = k; d-- > 0;) {
          Expr extent = literal(double(x.shape[2 + d]), i64);
          at.push_back(rest % extent);
          rest = rest / extent;
        }
        for (size_t e = 0; e < k; ++e)
          rest = rest * literal(double(x.shape[1 + k - e]), i64) + at[e];
        return rest;
      },
      outputNames(k));
}

void lowerPool(NodeContext &ctx, bool isMax) {
  const Value &x = ctx.input(0);
  if (x.rank() < 3)
    ctx.fail("input " + shapeText(x.shape) + " must be N x C x D...");
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
  Value input = padded(ctx, x, w, literal(isMax ? lowest : 0, x.dtype));
  std::vector<Var> rk;
  for (const std::string &name : spatialNames(k, "r"))
    rk.push_back(ctx.reduceAxis(w.kernel[rk.size()], name));
  std::vector<int64_t> shape = {x.shape[0], x.shape[1]};
  shape.insert(shape.end(), w.out.begin(), w.out.end());
  bool includePad = ctx.attrInt("count_include_pad", 0) != 0;
  Value pooled = ctx.computeValue(
      "", shape, t,
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
  ctx.setOutput(0, pooled);
  if (isMax && ctx.hasOutput(1))
    ctx.setOutput(1, maxPoolIndices(ctx, x, input, pooled, w, rk));
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
