//===- Reduce.cpp - ONNX reductions, arg-max, softmax, cumulative sums ----===//
//
// A reduction is a stage whose body reduces over one reduce_axis per reduced
// dimension ("r" for one, "r<dim>" for several). Operators that need the
// maximum first (ReduceLogSumExp, ArgMax, the softmax family) compute it in
// a stage of its own, `<node>_max`, shaped like the input with the reduced
// dimensions kept as 1, so that later stages read it with affine indices.
// ReduceProd has no front-end reduction: it is a chain of products over
// constant offsets, for small reduced extents only.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <cmath>
#include <limits>

namespace hcl::onnximport {
namespace {

using Fn1 = std::function<Expr(const Expr &)>;

/// The largest number of elements ReduceProd multiplies into one (a chain
/// of that many reads per result element).
constexpr int64_t kMaxProductChain = 64;

/// Which dimensions of an input a node reduces, and the shapes around it.
struct Reduction {
  std::vector<int64_t> inShape;
  std::vector<bool> reduced; // per input dimension
  bool keepDims = true;

  size_t rank() const { return inShape.size(); }

  std::vector<int64_t> dims() const {
    std::vector<int64_t> out;
    for (size_t d = 0; d < rank(); ++d)
      if (reduced[d])
        out.push_back(int64_t(d));
    return out;
  }

  /// The number of input elements that meet in one result element.
  int64_t count() const {
    int64_t n = 1;
    for (int64_t d : dims())
      n *= inShape[d];
    return n;
  }

  /// The input's shape with the reduced dimensions as 1.
  std::vector<int64_t> keptShape() const {
    std::vector<int64_t> shape = inShape;
    for (int64_t d : dims())
      shape[d] = 1;
    return shape;
  }

  /// The result's shape: keptShape, or without the reduced dimensions.
  std::vector<int64_t> outShape() const {
    if (keepDims)
      return keptShape();
    std::vector<int64_t> shape;
    for (size_t d = 0; d < rank(); ++d)
      if (!reduced[d])
        shape.push_back(inShape[d]);
    return shape;
  }

  /// Fresh reduction axes, one per reduced dimension (each reduction of a
  /// node gets its own).
  std::vector<Var> axes(NodeContext &ctx) const {
    std::vector<int64_t> ds = dims();
    std::vector<Var> out;
    for (int64_t d : ds)
      out.push_back(ctx.reduceAxis(
          inShape[d], ds.size() == 1 ? "r" : "r" + std::to_string(d)));
    return out;
  }

  /// The input index of the element at positions `at` (one per reduced
  /// dimension) for the result element `out`, an index of keptShape when
  /// `kept`, else of outShape.
  Index source(const Index &out, const std::vector<Expr> &at, bool kept) const {
    Index index;
    size_t o = 0, a = 0;
    bool skip = kept || keepDims;
    for (size_t d = 0; d < rank(); ++d) {
      if (reduced[d]) {
        index.push_back(at[a++]);
        if (skip)
          ++o;
      } else {
        index.push_back(out[o++]);
      }
    }
    return index;
  }
  Index source(const Index &out, const std::vector<Var> &at, bool kept) const {
    return source(out, std::vector<Expr>(at.begin(), at.end()), kept);
  }

  /// The keptShape index of the result element `out` (of outShape).
  Index keptFromOut(const Index &out) const {
    return source(out, std::vector<Expr>(dims().size(), Expr(0)), false);
  }

  /// The keptShape index of the reduction an input element `full` is in.
  Index keptFromFull(const Index &full) const {
    Index index = full;
    for (int64_t d : dims())
      index[d] = Expr(0);
    return index;
  }
};

Reduction reduceDims(const std::vector<int64_t> &shape,
                     const std::vector<int64_t> &dims, bool keepDims) {
  Reduction red;
  red.inShape = shape;
  red.reduced.assign(shape.size(), false);
  for (int64_t d : dims)
    red.reduced[d] = true;
  red.keepDims = keepDims;
  return red;
}

/// Axes as ONNX gives them (attribute or input), made positive; duplicates
/// are an error.
std::vector<int64_t> normalizeAxes(NodeContext &ctx, std::vector<int64_t> axes,
                                   int64_t rank) {
  std::vector<bool> seen(rank, false);
  for (int64_t &a : axes) {
    a = normalizeAxis(ctx, a, rank);
    if (seen[a])
      ctx.fail("axis " + std::to_string(a) + " is given twice");
    seen[a] = true;
  }
  return axes;
}

/// The reduction a Reduce* node asks for: axes from the attribute before
/// opset `inputSince` (13 for ReduceSum, 18 for the others) and from the
/// optional second input after. nullopt: noop_with_empty_axes with no axes,
/// the input passes unchanged.
std::optional<Reduction> reduceNodeDims(NodeContext &ctx, const Value &x,
                                        int64_t inputSince) {
  std::vector<int64_t> axes;
  bool noop = false;
  if (ctx.opset() >= inputSince) {
    ctx.onlyAttrs({"keepdims", "noop_with_empty_axes"});
    if (ctx.hasInput(1))
      axes = ctx.knownInts(1, "axes");
    noop = ctx.attrInt("noop_with_empty_axes", 0) != 0;
  } else {
    ctx.onlyAttrs({"axes", "keepdims"});
    axes = ctx.attrInts("axes", std::vector<int64_t>{});
  }
  if (axes.empty()) {
    if (noop)
      return std::nullopt;
    for (int64_t d = 0; d < x.rank(); ++d)
      axes.push_back(d); // all of them: ONNX's default
  }
  return reduceDims(x.shape, normalizeAxes(ctx, axes, x.rank()),
                    ctx.attrInt("keepdims", 1) != 0);
}

enum class Combine { Sum, Max, Min, Prod };

/// A Reduce* operator: `pre` maps each element, `combine` joins them, `post`
/// finishes the result from the combined value and the element count.
struct ReduceOp {
  Combine combine;
  Fn1 pre;
  std::function<Expr(const Expr &, int64_t, Type)> post;
  bool floatOnly = false;
  /// With noop_with_empty_axes and no axes ONNX's text says the output is
  /// the input; for operators whose `pre`/`post` change a single element
  /// (ReduceSumSquare, ReduceL1, ...) the reference implementations
  /// disagree with it, so those are refused.
  bool noopIsIdentity = true;
};

Expr identity(const Expr &x) { return x; }
Expr unchanged(const Expr &acc, int64_t, Type) { return acc; }

/// The product of the reduced elements of result element `out`: reads at
/// every constant offset, multiplied in order.
Expr productChain(NodeContext &ctx, const Value &x, const Reduction &red,
                  const Index &out, const Fn1 &pre) {
  std::vector<int64_t> dims = red.dims();
  int64_t n = red.count();
  if (n > kMaxProductChain)
    ctx.fail("ReduceProd over " + std::to_string(n) +
             " elements per result: hcl has no product reduction and the "
             "importer multiplies at most " +
             std::to_string(kMaxProductChain) + " elements in a chain");
  std::optional<Expr> acc;
  for (int64_t k = 0; k < n; ++k) {
    std::vector<Expr> at(dims.size(), Expr(0));
    int64_t rest = k;
    for (size_t a = dims.size(); a-- > 0;) {
      at[a] = Expr(rest % red.inShape[dims[a]]);
      rest /= red.inShape[dims[a]];
    }
    Expr v = pre(ctx.read(x, red.source(out, at, false)));
    acc = acc ? *acc * v : v;
  }
  return *acc;
}

void lowerReduce(NodeContext &ctx, const ReduceOp &op, int64_t inputSince) {
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  if (op.floatOnly && !t.isFloat())
    ctx.fail("input of type " + t.str() +
             ": only float and double are "
             "supported");
  std::optional<Reduction> red = reduceNodeDims(ctx, x, inputSince);
  if (!red) {
    if (!op.noopIsIdentity)
      ctx.fail("noop_with_empty_axes with no axes is not supported for " +
               ctx.opType());
    ctx.setOutput(0, x);
    return;
  }
  int64_t count = red->count();
  ctx.computeOutput(0, red->outShape(), t, [&](const Index &out) {
    Expr acc = Expr(0);
    if (red->dims().empty()) { // a scalar input: its one element
      acc = op.pre(ctx.read(x, out));
    } else if (op.combine == Combine::Prod) {
      acc = productChain(ctx, x, *red, out, op.pre);
    } else {
      std::vector<Var> axes = red->axes(ctx);
      Expr body = op.pre(ctx.read(x, red->source(out, axes, false)));
      acc = op.combine == Combine::Sum   ? sum(body, axes, t)
            : op.combine == Combine::Max ? reduce_max(body, axes, t)
                                         : reduce_min(body, axes, t);
    }
    return cast(t, op.post(acc, count, t));
  });
}

/// The maximum over the reduced dimensions, kept as 1 (`<node>_max`).
Value maxStage(NodeContext &ctx, const Value &x, const Reduction &red,
               bool minimum = false) {
  Type t = x.dtype;
  return ctx.computeValue(
      minimum ? "min" : "max", red.keptShape(), t, [&](const Index &i) {
        std::vector<Var> axes = red.axes(ctx);
        Expr body = ctx.read(x, red.source(i, axes, true));
        return minimum ? reduce_min(body, axes, t) : reduce_max(body, axes, t);
      });
}

/// log(sum(exp(x))) as m + log(sum(exp(x - m))) with m the maximum, which
/// does not overflow; an infinite m is not subtracted (it would give NaN
/// where ONNX's plain formula gives +-inf).
void lowerReduceLogSumExp(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  if (!t.isFloat())
    ctx.fail("input of type " + t.str() +
             ": only float and double are "
             "supported");
  std::optional<Reduction> red = reduceNodeDims(ctx, x, 18);
  if (!red || red->dims().empty()) { // nothing to reduce: log(exp(x)) = x
    ctx.setOutput(0, x);
    return;
  }
  Value m = maxStage(ctx, x, *red);
  ctx.computeOutput(0, red->outShape(), t, [&](const Index &out) {
    Expr mv = ctx.read(m, red->keptFromOut(out));
    Expr shift = select(isinf(mv), literal(0, t), mv);
    std::vector<Var> axes = red->axes(ctx);
    Expr v = ctx.read(x, red->source(out, axes, false));
    return cast(t, log(sum(exp(v - shift), axes, t)) + shift);
  });
}

/// Whether `v` is where the reduction found its maximum `m`: equal, or a
/// NaN (a NaN maximum comes from a NaN element, which NumPy's argmax picks).
Expr isExtremum(const Expr &v, const Expr &m, Type t) {
  Expr hit = v == m;
  return t.isFloat() ? (hit || isnan(v)) : hit;
}

/// ArgMax / ArgMin: the extremum in a stage, then the first (or last) index
/// where the input equals it.
void lowerArg(NodeContext &ctx, bool isMax) {
  ctx.onlyAttrs({"axis", "keepdims", "select_last_index"});
  const Value &x = ctx.input(0);
  if (x.rank() == 0)
    ctx.fail("the input is a scalar");
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 0), x.rank());
  bool last = ctx.attrInt("select_last_index", 0) != 0;
  Reduction red = reduceDims(x.shape, {axis}, ctx.attrInt("keepdims", 1) != 0);
  Value m = maxStage(ctx, x, red, !isMax);
  Type t = x.dtype, i64 = Int(64);
  int64_t n = x.shape[axis];
  ctx.computeOutput(0, red.outShape(), i64, [&](const Index &out) {
    Var r = ctx.reduceAxis(n, "r");
    Expr v = ctx.read(x, red.source(out, std::vector<Expr>{r}, false));
    Expr hit = isExtremum(v, ctx.read(m, red.keptFromOut(out)), t);
    Expr pos = cast(i64, r);
    if (last)
      return reduce_max(select(hit, pos, literal(-1, i64)), {r}, i64);
    return reduce_min(select(hit, pos, literal(double(n), i64)), {r}, i64);
  });
}

enum class SoftmaxKind { Softmax, LogSoftmax, Hardmax };

/// The dimensions a softmax-like node normalizes over: before opset 13 the
/// input is seen as a matrix flattened at `axis` (default 1) and the rows
/// are normalized, i.e. all dimensions from `axis` on; from 13 only `axis`
/// (default -1).
Reduction softmaxDims(NodeContext &ctx, const Value &x) {
  ctx.onlyAttrs({"axis"});
  bool flattened = ctx.opset() < 13;
  int64_t axis =
      normalizeAxis(ctx, ctx.attrInt("axis", flattened ? 1 : -1), x.rank());
  std::vector<int64_t> dims = {axis};
  if (flattened)
    for (int64_t d = axis + 1; d < x.rank(); ++d)
      dims.push_back(d);
  return reduceDims(x.shape, dims, true);
}

/// Row-major position of `at` (one per reduced dimension) among the
/// reduced dimensions: the index in the flattened row.
Expr rowPosition(const Reduction &red, const std::vector<Expr> &at) {
  std::vector<int64_t> dims = red.dims();
  Expr pos = at[0];
  for (size_t a = 1; a < dims.size(); ++a)
    pos = pos * Expr(red.inShape[dims[a]]) + at[a];
  return pos;
}

/// Hardmax: 1 at the first maximum of each row, 0 elsewhere; the first
/// maximum's row position is a stage (`<node>_argmax`).
void lowerHardmax(NodeContext &ctx, const Value &x, const Reduction &red,
                  const Value &m) {
  Type t = x.dtype, i64 = Int(64);
  int64_t n = red.count();
  Value first =
      ctx.computeValue("argmax", red.keptShape(), i64, [&](const Index &i) {
        std::vector<Var> axes = red.axes(ctx);
        Expr v = ctx.read(x, red.source(i, axes, true));
        Expr hit = isExtremum(v, ctx.read(m, i), t);
        Expr pos = cast(
            i64, rowPosition(red, std::vector<Expr>(axes.begin(), axes.end())));
        return reduce_min(select(hit, pos, literal(double(n), i64)), axes, i64);
      });
  ctx.computeOutput(0, x.shape, t, [&](const Index &i) {
    std::vector<Expr> at;
    for (int64_t d : red.dims())
      at.push_back(i[d]);
    Expr pos = cast(i64, rowPosition(red, at));
    return select(pos == ctx.read(first, red.keptFromFull(i)), literal(1, t),
                  literal(0, t));
  });
}

void lowerSoftmax(NodeContext &ctx, SoftmaxKind kind) {
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  if (!t.isFloat())
    ctx.fail("input of type " + t.str() +
             ": only float and double are "
             "supported");
  if (x.rank() == 0)
    ctx.fail("the input is a scalar");
  Reduction red = softmaxDims(ctx, x);
  Value m = maxStage(ctx, x, red);
  if (kind == SoftmaxKind::Hardmax) {
    lowerHardmax(ctx, x, red, m);
    return;
  }
  // Subtracting the maximum keeps exp from overflowing.
  auto shifted = [&](const Index &full) {
    return ctx.read(x, full) - ctx.read(m, red.keptFromFull(full));
  };
  if (kind == SoftmaxKind::LogSoftmax) {
    Value logSum =
        ctx.computeValue("logsum", red.keptShape(), t, [&](const Index &i) {
          std::vector<Var> axes = red.axes(ctx);
          return log(sum(exp(shifted(red.source(i, axes, true))), axes, t));
        });
    ctx.computeOutput(0, x.shape, t, [&](const Index &i) {
      return shifted(i) - ctx.read(logSum, red.keptFromFull(i));
    });
    return;
  }
  Value e = ctx.computeValue("exp", x.shape, t,
                             [&](const Index &i) { return exp(shifted(i)); });
  Value total =
      ctx.computeValue("sum", red.keptShape(), t, [&](const Index &i) {
        std::vector<Var> axes = red.axes(ctx);
        return sum(ctx.read(e, red.source(i, axes, true)), axes, t);
      });
  ctx.computeOutput(0, x.shape, t, [&](const Index &i) {
    return ctx.read(e, i) / ctx.read(total, red.keptFromFull(i));
  });
}

/// CumSum: each element sums the elements before it (or after it, with
/// `reverse`) along the axis, itself included unless `exclusive`; a masked
/// reduction over the whole axis.
void lowerCumSum(NodeContext &ctx) {
  ctx.onlyAttrs({"exclusive", "reverse"});
  const Value &x = ctx.input(0);
  if (x.rank() == 0)
    ctx.fail("the input is a scalar");
  std::vector<int64_t> axisValues = ctx.knownInts(1, "axis");
  if (axisValues.size() != 1)
    ctx.fail("axis must be a single value");
  int64_t axis = normalizeAxis(ctx, axisValues[0], x.rank());
  bool exclusive = ctx.attrInt("exclusive", 0) != 0;
  bool reverse = ctx.attrInt("reverse", 0) != 0;
  Type t = x.dtype;
  ctx.computeOutput(0, x.shape, t, [&](const Index &i) {
    Var r = ctx.reduceAxis(x.shape[axis], "r");
    Index source = i;
    source[axis] = r;
    Expr pos = i[axis];
    Expr in = reverse ? (exclusive ? r > pos : r >= pos)
                      : (exclusive ? r < pos : r <= pos);
    return sum(select(in, ctx.read(x, source), literal(0, t)), {r}, t);
  });
}

/// TopK: each element's rank along the axis (how many elements precede it
/// in the order: larger, or equal at a lower index, for `largest`) is a
/// stage; output k gathers the element of rank k. Ties keep the lower index
/// first, as ONNX asks; results are always sorted.
void lowerTopK(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  if (x.rank() == 0)
    ctx.fail("the input is a scalar");
  int64_t k;
  if (ctx.opset() < 10) {
    ctx.onlyAttrs({"axis", "k"});
    k = ctx.attrInt("k");
  } else {
    ctx.onlyAttrs({"axis", "largest", "sorted"});
    std::vector<int64_t> ks = ctx.knownInts(1, "K");
    if (ks.size() != 1)
      ctx.fail("K must be a single value");
    k = ks[0];
  }
  bool largest = ctx.attrInt("largest", 1) != 0;
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", -1), x.rank());
  int64_t n = x.shape[axis];
  if (k < 1 || k > n)
    ctx.fail("K = " + std::to_string(k) + " is outside [1, " +
             std::to_string(n) + "]");
  Type t = x.dtype, i64 = Int(64);
  Value rank = ctx.computeValue("rank", x.shape, i64, [&](const Index &i) {
    Var r = ctx.reduceAxis(n, "r");
    Index other = i;
    other[axis] = r;
    Expr a = ctx.read(x, other), b = ctx.read(x, i);
    Expr before = (largest ? a > b : a < b) || (a == b && r < i[axis]);
    return sum(select(before, literal(1, i64), literal(0, i64)), {r}, i64);
  });
  std::vector<int64_t> shape = x.shape;
  shape[axis] = k;
  // Exactly one element has each rank: a masked maximum (floats: from
  // -inf, so the value comes back bit for bit) or sum picks it.
  auto gather =
      [&](Type dtype,
          const std::function<Expr(const Index &, const Var &)> &what) {
        return [&, dtype, what](const Index &i) {
          Var r = ctx.reduceAxis(n, "r");
          Index source = i;
          source[axis] = r;
          Expr hit = ctx.read(rank, source) == cast(i64, i[axis]);
          Expr v = what(source, r);
          if (dtype.isFloat())
            return reduce_max(
                select(
                    hit, v,
                    literal(-std::numeric_limits<double>::infinity(), dtype)),
                {r}, dtype);
          return sum(select(hit, v, literal(0, dtype)), {r}, dtype);
        };
      };
  if (ctx.hasOutput(0))
    ctx.computeOutput(0, shape, t, gather(t, [&](const Index &s, const Var &) {
                        return ctx.read(x, s);
                      }));
  if (ctx.hasOutput(1))
    ctx.computeOutput(
        1, shape, i64,
        gather(i64, [&](const Index &, const Var &r) { return cast(i64, r); }));
}

ReduceOp op(Combine combine, Fn1 pre = identity,
            std::function<Expr(const Expr &, int64_t, Type)> post = unchanged,
            bool floatOnly = false, bool noopIsIdentity = true) {
  return ReduceOp{combine, std::move(pre), std::move(post), floatOnly,
                  noopIsIdentity};
}

Lowering reduce(ReduceOp reduceOp, int64_t inputSince = 18) {
  return [reduceOp, inputSince](NodeContext &ctx) {
    lowerReduce(ctx, reduceOp, inputSince);
  };
}

Expr square(const Expr &x) { return x * x; }

} // namespace

void addReduceOps(LoweringTable &table) {
  table["ReduceSum"] = reduce(op(Combine::Sum), 13);
  table["ReduceMean"] =
      reduce(op(Combine::Sum, identity, [](const Expr &acc, int64_t n, Type t) {
        return acc / literal(double(n), t);
      }));
  table["ReduceMax"] = reduce(op(Combine::Max));
  table["ReduceMin"] = reduce(op(Combine::Min));
  table["ReduceProd"] = reduce(op(Combine::Prod));
  table["ReduceSumSquare"] =
      reduce(op(Combine::Sum, square, unchanged, false, false));
  table["ReduceL1"] = [](NodeContext &ctx) {
    bool isUnsigned = ctx.input(0).dtype.isUnsigned();
    lowerReduce(
        ctx,
        op(
            Combine::Sum,
            [isUnsigned](const Expr &x) { return isUnsigned ? x : abs(x); },
            unchanged, false, false),
        18);
  };
  table["ReduceL2"] = reduce(op(
      Combine::Sum, square,
      [](const Expr &acc, int64_t, Type) { return sqrt(acc); }, true, false));
  table["ReduceLogSum"] = reduce(op(
      Combine::Sum, identity,
      [](const Expr &acc, int64_t, Type) { return log(acc); }, true, false));
  table["ReduceLogSumExp"] = lowerReduceLogSumExp;
  table["ArgMax"] = [](NodeContext &ctx) { lowerArg(ctx, true); };
  table["ArgMin"] = [](NodeContext &ctx) { lowerArg(ctx, false); };
  table["Softmax"] = [](NodeContext &ctx) {
    lowerSoftmax(ctx, SoftmaxKind::Softmax);
  };
  table["LogSoftmax"] = [](NodeContext &ctx) {
    lowerSoftmax(ctx, SoftmaxKind::LogSoftmax);
  };
  table["Hardmax"] = [](NodeContext &ctx) {
    lowerSoftmax(ctx, SoftmaxKind::Hardmax);
  };
  table["CumSum"] = lowerCumSum;
  table["TopK"] = lowerTopK;
}

} // namespace hcl::onnximport
