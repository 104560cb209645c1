//===- Loss.cpp - ONNX NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss
//-===//
//
// Both gather the score of each position's target class (a data-dependent
// read along the class axis, clamped so that ignored targets read in range),
// weigh it, and reduce: `none` keeps the per-position losses, `sum` adds
// them, `mean` divides by the sum of the weights. SoftmaxCrossEntropyLoss
// first computes log-softmax over the classes (stages `_max`, `_sum`,
// `_logprob`).
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

/// A scalar stage adding every element of `v`.
Value sumAll(NodeContext &ctx, const std::string &suffix, const Value &v) {
  std::vector<Var> axes;
  Index all;
  for (int64_t d = 0; d < v.rank(); ++d) {
    axes.push_back(ctx.reduceAxis(v.shape[d], "r" + std::to_string(d)));
    all.push_back(axes.back());
  }
  return ctx.computeValue(suffix, {}, v.dtype, [&](const Index &) {
    return sum(ctx.read(v, all), axes, v.dtype);
  });
}

/// The loss of `logProb` (N x C x D...) against `target` (N x D...).
void lossFromLogProb(NodeContext &ctx, const Value &logProb,
                     const Value &target, const Value *weight) {
  std::string reduction = ctx.attrString("reduction", "mean");
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    ctx.fail("reduction '" + reduction + "' is not none, sum or mean");
  std::optional<int64_t> ignore;
  if (ctx.hasAttr("ignore_index"))
    ignore = ctx.attrInt("ignore_index");
  if (logProb.rank() < 2 || target.rank() != logProb.rank() - 1)
    ctx.fail("scores " + shapeText(logProb.shape) + " and target " +
             shapeText(target.shape) + " must be N x C x D... and N x D...");
  if (target.dtype.isFloat())
    ctx.fail("the target must hold integer class indices");
  int64_t classes = logProb.shape[1];
  Type t = logProb.dtype;
  // Per position: the target's weight (0 when ignored) and its class.
  auto weightAt = [&, ignore](const Expr &cls) {
    Expr w =
        weight ? ctx.read(*weight, {max(min(cls, Expr(classes - 1)), Expr(0))})
               : literal(1, t);
    if (ignore)
      w = select(cls == cast(cls.type(), Expr(*ignore)), literal(0, t), w);
    return w;
  };
  Value weights =
      ctx.computeValue("weight", target.shape, t, [&](const Index &i) {
        return weightAt(ctx.read(target, i));
      });
  Value losses = ctx.computeValue(
      reduction == "none" ? "" : "losses", target.shape, t,
      [&](const Index &i) {
        Expr cls = cast(Int(64), ctx.read(target, i));
        Index at = {
            i[0], max(min(cls, Expr(int64_t(classes - 1))), Expr(int64_t(0)))};
        at.insert(at.end(), i.begin() + 1, i.end());
        return -ctx.read(logProb, at) * ctx.read(weights, i);
      });
  if (reduction == "none") {
    ctx.setOutput(0, losses);
    return;
  }
  Value total = sumAll(ctx, reduction == "sum" ? "" : "total", losses);
  if (reduction == "sum") {
    ctx.setOutput(0, total);
    return;
  }
  Value weightSum = sumAll(ctx, "weight_sum", weights);
  ctx.computeOutput(0, {}, t, [&](const Index &) {
    return ctx.read(total, {}) / ctx.read(weightSum, {});
  });
}

void lowerNLL(NodeContext &ctx) {
  ctx.onlyAttrs({"reduction", "ignore_index"});
  lossFromLogProb(ctx, ctx.input(0), ctx.input(1),
                  ctx.hasInput(2) ? &ctx.input(2) : nullptr);
}

void lowerSoftmaxCrossEntropy(NodeContext &ctx) {
  ctx.onlyAttrs({"reduction", "ignore_index"});
  const Value &scores = ctx.input(0);
  if (scores.rank() < 2)
    ctx.fail("scores must be N x C x D...");
  Type t = scores.dtype;
  int64_t classes = scores.shape[1];
  std::vector<int64_t> reduced = scores.shape;
  reduced[1] = 1;
  auto overClasses = [&](const Index &i, const Var &r) {
    Index at = i;
    at[1] = r;
    return at;
  };
  Var rm = ctx.reduceAxis(classes, "c");
  Value maxValue = ctx.computeValue("max", reduced, t, [&](const Index &i) {
    return reduce_max(ctx.read(scores, overClasses(i, rm)), {rm}, t);
  });
  Var rs = ctx.reduceAxis(classes, "c");
  Value expSum = ctx.computeValue("sum", reduced, t, [&](const Index &i) {
    return sum(
        exp(ctx.read(scores, overClasses(i, rs)) - ctx.read(maxValue, i)), {rs},
        t);
  });
  Value logProb =
      ctx.computeValue("logprob", scores.shape, t, [&](const Index &i) {
        Index at = i;
        at[1] = Expr(0);
        return ctx.read(scores, i) - ctx.read(maxValue, at) -
               log(ctx.read(expSum, at));
      });
  lossFromLogProb(ctx, logProb, ctx.input(1),
                  ctx.hasInput(2) ? &ctx.input(2) : nullptr);
  if (ctx.hasOutput(1))
    ctx.setOutput(1, logProb);
}

} // namespace

void addLossOps(LoweringTable &table) {
  table["NegativeLogLikelihoodLoss"] = lowerNLL;
  table["SoftmaxCrossEntropyLoss"] = lowerSoftmaxCrossEntropy;
}

} // namespace hcl::onnximport
