//===- Normalization.cpp - ONNX normalization operators -------------------===//
//
// BatchNormalization (inference), InstanceNormalization,
// LayerNormalization, LRN and MeanVarianceNormalization. Statistics are
// stages of their own, shaped like the input with the normalized dimensions
// kept as 1 (`<node>_mean`, `<node>_invstd`), so that the final stage is an
// element-wise multiply-add reading them with affine indices and the
// square root and division happen once per group rather than per element.
// Loops of N x C x ... tensors are n, c, (d,) h, w; reduction axes are
// named after the loop they reduce ("rh", "rw").
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <algorithm>

namespace hcl::onnximport {
namespace {

/// Loop names: n, c and the spatial dimensions for N x C x D... tensors
/// (w; h, w; d, h, w; s0, s1, ... beyond), else i, j, k, ...
std::vector<std::string> loopNames(size_t rank, bool nc) {
  static const char *generic[] = {"i", "j", "k", "l", "m", "n", "o", "p"};
  static const char *spatial3[] = {"d", "h", "w"};
  std::vector<std::string> names;
  for (size_t d = 0; d < rank; ++d) {
    if (!nc || rank < 2)
      names.push_back(d < 8 ? generic[d] : "d" + std::to_string(d));
    else if (d < 2)
      names.push_back(d == 0 ? "n" : "c");
    else if (rank - 2 <= 3)
      names.push_back(spatial3[3 - (rank - 2) + (d - 2)]);
    else
      names.push_back("s" + std::to_string(d - 2));
  }
  return names;
}

void requireFloat(NodeContext &ctx, Type t) {
  if (!t.isFloat())
    ctx.fail("input of type " + t.str() +
             ": only float and double are "
             "supported");
}

/// Groups of elements normalized together: the input's dimensions `dims`
/// (sorted) vary within a group; statistics have the input's shape with
/// those dimensions as 1.
struct Groups {
  std::vector<int64_t> shape;
  std::vector<int64_t> dims;
  std::vector<std::string> names;

  std::vector<int64_t> keptShape() const {
    std::vector<int64_t> kept = shape;
    for (int64_t d : dims)
      kept[d] = 1;
    return kept;
  }
  int64_t count() const {
    int64_t n = 1;
    for (int64_t d : dims)
      n *= shape[d];
    return n;
  }
  /// Fresh reduction axes over the group, "r" + the loop name.
  std::vector<Var> axes(NodeContext &ctx) const {
    std::vector<Var> out;
    for (int64_t d : dims)
      out.push_back(ctx.reduceAxis(shape[d], "r" + names[d]));
    return out;
  }
  /// The input index of element `axes` of the group at `kept`.
  Index source(const Index &kept, const std::vector<Var> &axes) const {
    Index index = kept;
    for (size_t a = 0; a < dims.size(); ++a)
      index[dims[a]] = axes[a];
    return index;
  }
  /// The statistics' index of input element `full`.
  Index kept(const Index &full) const {
    Index index = full;
    for (int64_t d : dims)
      index[d] = Expr(0);
    return index;
  }
};

Groups groups(const Value &x, std::vector<int64_t> dims, bool nc) {
  std::sort(dims.begin(), dims.end());
  return Groups{x.shape, dims, loopNames(x.shape.size(), nc)};
}

/// The mean of each group in type `u` (`<node>_mean`).
Value meanStage(NodeContext &ctx, const Value &x, const Groups &g, Type u) {
  return ctx.computeValue(
      "mean", g.keptShape(), u,
      [&](const Index &i) {
        std::vector<Var> axes = g.axes(ctx);
        Expr v = cast(u, ctx.read(x, g.source(i, axes)));
        return sum(v, axes, u) / literal(double(g.count()), u);
      },
      g.names);
}

/// `finish(variance)` of each group in type `u`, the variance taken around
/// `mean` in a second pass (more accurate than E[x^2] - E[x]^2).
Value varianceStage(NodeContext &ctx, const std::string &suffix, const Value &x,
                    const Groups &g, const Value &mean, Type u,
                    const std::function<Expr(const Expr &)> &finish) {
  return ctx.computeValue(
      suffix, g.keptShape(), u,
      [&](const Index &i) {
        std::vector<Var> axes = g.axes(ctx);
        Expr d = cast(u, ctx.read(x, g.source(i, axes))) - ctx.read(mean, i);
        return finish(sum(d * d, axes, u) / literal(double(g.count()), u));
      },
      g.names);
}

/// 1 / sqrt(variance + epsilon).
Value invStdStage(NodeContext &ctx, const Value &x, const Groups &g,
                  const Value &mean, Type u, double epsilon) {
  return varianceStage(ctx, "invstd", x, g, mean, u, [&](const Expr &var) {
    return literal(1, u) / sqrt(var + literal(epsilon, u));
  });
}

/// The index of a per-channel parameter: [c], or [c, d...] for
/// BatchNormalization's spatial = 0.
Index paramIndex(const Value &p, const Index &i) {
  if (p.rank() == 1)
    return {i[1]};
  return Index(i.begin() + 1, i.end());
}

/// BatchNormalization in inference form: the running mean and variance are
/// inputs; y = (x - mean) * scale / sqrt(var + epsilon) + B, with
/// scale / sqrt(var + epsilon) a per-channel stage (`<node>_inv`).
void lowerBatchNorm(NodeContext &ctx) {
  ctx.onlyAttrs({"epsilon", "momentum", "spatial", "is_test", "consumed_inputs",
                 "training_mode"});
  if (ctx.attrInt("training_mode", 0) != 0)
    ctx.fail("training_mode = 1 (batch statistics, updated running "
             "statistics) is not supported: only inference");
  for (size_t o = 1; o < ctx.numOutputs(); ++o)
    if (ctx.hasOutput(o))
      ctx.fail("output " + std::to_string(o) +
               " (a training statistic) is "
               "not supported: only inference");
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  requireFloat(ctx, t);
  if (x.rank() < 2)
    ctx.fail("input " + shapeText(x.shape) + " must be N x C x ...");
  // spatial = 0 (before opset 9): statistics per channel and position.
  bool spatial = ctx.attrInt("spatial", 1) != 0;
  std::vector<int64_t> paramShape = {x.shape[1]};
  if (!spatial)
    paramShape.assign(x.shape.begin() + 1, x.shape.end());
  const char *names[] = {"scale", "B", "mean", "var"};
  for (size_t k = 1; k <= 4; ++k)
    if (ctx.input(k).shape != paramShape)
      ctx.fail(std::string(names[k - 1]) + " has shape " +
               shapeText(ctx.input(k).shape) + ", expected " +
               shapeText(paramShape));
  const Value &scale = ctx.input(1), &bias = ctx.input(2), &mean = ctx.input(3),
              &var = ctx.input(4);
  double epsilon = ctx.attrFloat("epsilon", 1e-5);
  std::vector<std::string> axisNames = loopNames(x.rank(), true);
  std::vector<std::string> paramNames(
      axisNames.begin() + 1, axisNames.begin() + 1 + paramShape.size());
  Value inv = ctx.computeValue(
      "inv", paramShape, t,
      [&](const Index &p) {
        return ctx.read(scale, p) /
               sqrt(ctx.read(var, p) + literal(epsilon, t));
      },
      paramNames);
  ctx.computeOutput(
      0, x.shape, t,
      [&](const Index &i) {
        Index p = paramIndex(mean, i);
        return cast(t, (ctx.read(x, i) - ctx.read(mean, p)) * ctx.read(inv, p) +
                           ctx.read(bias, p));
      },
      axisNames);
}

/// InstanceNormalization: each (n, c) plane normalized by its own mean and
/// variance, then scaled per channel.
void lowerInstanceNorm(NodeContext &ctx) {
  ctx.onlyAttrs({"epsilon", "consumed_inputs"});
  const Value &x = ctx.input(0), &scale = ctx.input(1), &bias = ctx.input(2);
  Type t = x.dtype;
  requireFloat(ctx, t);
  if (x.rank() < 3)
    ctx.fail("input " + shapeText(x.shape) + " must be N x C x D...");
  std::vector<int64_t> channels = {x.shape[1]};
  if (scale.shape != channels || bias.shape != channels)
    ctx.fail("scale and B must have shape " + shapeText(channels));
  std::vector<int64_t> dims;
  for (int64_t d = 2; d < x.rank(); ++d)
    dims.push_back(d);
  Groups g = groups(x, dims, true);
  Value mean = meanStage(ctx, x, g, t);
  Value inv = invStdStage(ctx, x, g, mean, t, ctx.attrFloat("epsilon", 1e-5));
  ctx.computeOutput(
      0, x.shape, t,
      [&](const Index &i) {
        Index k = g.kept(i);
        Expr normalized =
            (ctx.read(x, i) - ctx.read(mean, k)) * ctx.read(inv, k);
        return cast(t, normalized * ctx.read(scale, {i[1]}) +
                           ctx.read(bias, {i[1]}));
      },
      g.names);
}

/// LayerNormalization (opset 17): statistics over the dimensions from
/// `axis` on, in stash_type; Scale and B broadcast against the input. Mean
/// and InvStdDev are the statistics' stages.
void lowerLayerNorm(NodeContext &ctx) {
  ctx.onlyAttrs({"axis", "epsilon", "stash_type"});
  const Value &x = ctx.input(0), &scale = ctx.input(1);
  Type t = x.dtype;
  requireFloat(ctx, t);
  if (x.rank() == 0)
    ctx.fail("the input is a scalar");
  int64_t stash = ctx.attrInt("stash_type", onnx::TensorProto::FLOAT);
  std::optional<Type> u = hclType(int32_t(stash));
  if (!u || !u->isFloat())
    ctx.fail("stash_type " + elemTypeName(int32_t(stash)) +
             " is not supported (float and double are)");
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", -1), x.rank());
  const Value *bias = ctx.hasInput(2) ? &ctx.input(2) : nullptr;
  for (const Value *p : {&scale, bias})
    if (p && broadcastShapes(p->shape, x.shape) != x.shape)
      ctx.fail("Scale / B of shape " + shapeText(p->shape) +
               " does not broadcast to the input's shape " +
               shapeText(x.shape));
  std::vector<int64_t> dims;
  for (int64_t d = axis; d < x.rank(); ++d)
    dims.push_back(d);
  Groups g = groups(x, dims, false);
  Value mean = meanStage(ctx, x, g, *u);
  Value inv = invStdStage(ctx, x, g, mean, *u, ctx.attrFloat("epsilon", 1e-5));
  ctx.computeOutput(
      0, x.shape, t,
      [&](const Index &i) {
        Index k = g.kept(i);
        // Normalized in stash_type, scaled in the input's type (as ONNX's
        // function body does).
        Expr normalized =
            cast(t, (cast(*u, ctx.read(x, i)) - ctx.read(mean, k)) *
                        ctx.read(inv, k));
        Expr y = normalized * ctx.readBroadcast(scale, i);
        if (bias)
          y = y + ctx.readBroadcast(*bias, i);
        return cast(t, y);
      },
      g.names);
  ctx.setOutput(1, mean);
  ctx.setOutput(2, inv);
}

/// LRN: each element divided by (bias + alpha / size * the sum of squares
/// over `size` neighbouring channels) ^ beta; the window is clipped at the
/// first and last channel.
void lowerLRN(NodeContext &ctx) {
  ctx.onlyAttrs({"alpha", "beta", "bias", "size"});
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  requireFloat(ctx, t);
  if (x.rank() < 2)
    ctx.fail("input " + shapeText(x.shape) + " must be N x C x ...");
  int64_t size = ctx.attrInt("size");
  if (size <= 0)
    ctx.fail("size must be positive");
  double alpha = ctx.attrFloat("alpha", 1e-4),
         beta = ctx.attrFloat("beta", 0.75), bias = ctx.attrFloat("bias", 1.0);
  int64_t channels = x.shape[1], before = (size - 1) / 2;
  ctx.computeOutput(
      0, x.shape, t,
      [&](const Index &i) {
        Var r = ctx.reduceAxis(size, "rc");
        Expr channel = i[1] - Expr(before) + r;
        Expr inside = channel >= Expr(0) && channel < Expr(channels);
        Index neighbour = i;
        neighbour[1] = max(min(channel, Expr(channels - 1)), Expr(0));
        Expr v = ctx.read(x, neighbour);
        Expr squares = sum(select(inside, v * v, literal(0, t)), {r}, t);
        Expr scaleBase =
            literal(bias, t) + literal(alpha / double(size), t) * squares;
        return cast(t, ctx.read(x, i) / pow(scaleBase, literal(beta, t)));
      },
      loopNames(x.rank(), true));
}

/// MeanVarianceNormalization: (x - mean) / (std + 1e-9) over `axes`
/// (default 0, 2, 3), as ONNX's function body.
void lowerMVN(NodeContext &ctx) {
  ctx.onlyAttrs({"axes"});
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  requireFloat(ctx, t);
  std::vector<int64_t> axes =
      ctx.attrInts("axes", std::vector<int64_t>{0, 2, 3});
  if (axes.empty())
    ctx.fail("axes is empty");
  std::vector<bool> seen(x.rank(), false);
  for (int64_t &a : axes) {
    a = normalizeAxis(ctx, a, x.rank());
    if (seen[a])
      ctx.fail("axis " + std::to_string(a) + " is given twice");
    seen[a] = true;
  }
  Groups g = groups(x, axes, x.rank() >= 3);
  Value mean = meanStage(ctx, x, g, t);
  Value inv = varianceStage(ctx, "invstd", x, g, mean, t, [&](const Expr &var) {
    return literal(1, t) / (sqrt(var) + literal(1e-9, t));
  });
  ctx.computeOutput(
      0, x.shape, t,
      [&](const Index &i) {
        Index k = g.kept(i);
        return cast(t, (ctx.read(x, i) - ctx.read(mean, k)) * ctx.read(inv, k));
      },
      g.names);
}

} // namespace

void addNormalizationOps(LoweringTable &table) {
  table["BatchNormalization"] = lowerBatchNorm;
  table["InstanceNormalization"] = lowerInstanceNorm;
  table["LayerNormalization"] = lowerLayerNorm;
  table["LRN"] = lowerLRN;
  table["MeanVarianceNormalization"] = lowerMVN;
}

} // namespace hcl::onnximport
