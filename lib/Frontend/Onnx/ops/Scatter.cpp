//===- Scatter.cpp - ONNX ScatterElements, Scatter, ScatterND, MaxUnpool -===//
//
// hcl stages write every element of their result once, at its own index, so
// writes at data-dependent indices are lowered as gathers: each output
// element looks at the updates that can land on it, in ONNX's order (the
// reference applies them one after the other, so with duplicated indices the
// last one wins, or all of them are added / multiplied in turn).
//
// With few candidate updates per element (up to kUnroll) the candidates are
// unrolled into a chain of selects, exact for every reduction:
//   acc = data; acc = match_j ? combine(acc, update_j) : acc; ...
// With more, a reduction over the candidates: `none` finds the last matching
// candidate (reduce_max of its position, helper stage `<node>_last`) and reads
// it; `add` adds the sum of the matching updates; `mul` is refused.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

constexpr int64_t kUnroll = 16;

/// An index value along a dimension of `extent`, negative ones counting
/// from the end.
Expr wrapped(const Expr &index, int64_t extent) {
  Expr i = cast(Int(64), index);
  return select(i < Expr(int64_t(0)), i + Expr(extent), i);
}

Expr combine(const std::string &reduction, const Expr &acc,
             const Expr &update) {
  if (reduction == "add")
    return acc + update;
  if (reduction == "mul")
    return acc * update;
  return update;
}

std::string reductionOf(NodeContext &ctx) {
  std::string reduction =
      ctx.opType() == "Scatter" ? "none" : ctx.attrString("reduction", "none");
  if (reduction != "none" && reduction != "add" && reduction != "mul")
    ctx.fail("reduction '" + reduction + "' is not supported");
  return reduction;
}

/// Scatters with `candidates` updates per output element: `match(i, j)` and
/// `update(i, j)` for candidate j (an index expression, constant when
/// unrolled, a reduction axis otherwise).
void scatterAsGather(
    NodeContext &ctx, const Value &data, const std::string &reduction,
    int64_t candidates,
    const std::function<Expr(const Index &, const Expr &)> &match,
    const std::function<Expr(const Index &, const Expr &)> &update) {
  Type t = data.dtype;
  if (candidates <= kUnroll) {
    ctx.computeOutput(0, data.shape, t, [&](const Index &i) {
      Expr acc = ctx.read(data, i);
      for (int64_t j = 0; j < candidates; ++j) {
        Expr jj = Expr(j);
        acc = select(match(i, jj), combine(reduction, acc, update(i, jj)), acc);
      }
      return acc;
    });
    return;
  }
  if (reduction == "mul")
    ctx.fail("reduction 'mul' with " + std::to_string(candidates) +
             " candidate updates per element (more than " +
             std::to_string(kUnroll) + ") is not supported");
  if (reduction == "add") {
    ctx.computeOutput(0, data.shape, t, [&](const Index &i) {
      Var j = ctx.reduceAxis(candidates, "u");
      return ctx.read(data, i) +
             sum(select(match(i, j), update(i, j), literal(0, t)), {j}, t);
    });
    return;
  }
  Value last =
      ctx.computeValue("last", data.shape, Int(64), [&](const Index &i) {
        Var j = ctx.reduceAxis(candidates, "u");
        return reduce_max(
            select(match(i, j), cast(Int(64), j), Expr(int64_t(-1))), {j},
            Int(64));
      });
  ctx.computeOutput(0, data.shape, t, [&](const Index &i) {
    Expr l = ctx.read(last, i);
    return select(l >= Expr(int64_t(0)), update(i, max(l, Expr(int64_t(0)))),
                  ctx.read(data, i));
  });
}

void lowerScatterElements(NodeContext &ctx) {
  ctx.onlyAttrs({"axis", "reduction"});
  const Value &data = ctx.input(0), &indices = ctx.input(1),
              &updates = ctx.input(2);
  std::string reduction = reductionOf(ctx);
  int64_t rank = data.rank();
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 0), rank);
  if (indices.rank() != rank || updates.shape != indices.shape)
    ctx.fail("indices " + shapeText(indices.shape) + " and updates " +
             shapeText(updates.shape) + " must have one shape, of data's rank");
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && indices.shape[d] > data.shape[d])
      ctx.fail("indices " + shapeText(indices.shape) + " exceed data " +
               shapeText(data.shape) + " outside the axis");
  // Output element i receives update u = i with u[axis] = j for each j in
  // indices' extent along the axis, when u is inside indices and
  // indices[u] == i[axis]. Reads outside indices are clamped (the match is
  // false there).
  auto at = [&](const Index &i, const Expr &j) {
    Index u = i;
    u[axis] = j;
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && indices.shape[d] < data.shape[d])
        u[d] = min(i[d], Expr(indices.shape[d] - 1));
    return u;
  };
  auto match = [&](const Index &i, const Expr &j) {
    Expr m = wrapped(ctx.read(indices, at(i, j)), data.shape[axis]) ==
             cast(Int(64), i[axis]);
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && indices.shape[d] < data.shape[d])
        m = m && (i[d] < Expr(indices.shape[d]));
    return m;
  };
  auto update = [&](const Index &i, const Expr &j) {
    return ctx.read(updates, at(i, j));
  };
  scatterAsGather(ctx, data, reduction, indices.shape[axis], match, update);
}

void lowerScatterND(NodeContext &ctx) {
  ctx.onlyAttrs({"reduction"});
  const Value &data = ctx.input(0), &indices = ctx.input(1),
              &updates = ctx.input(2);
  std::string reduction = reductionOf(ctx);
  int64_t q = indices.rank();
  if (q < 1)
    ctx.fail("indices must have rank 1 or more");
  int64_t k = indices.shape[q - 1];
  if (k < 1 || k > data.rank())
    ctx.fail("index tuples of " + std::to_string(k) +
             " entries for data of rank " + std::to_string(data.rank()));
  std::vector<int64_t> tupleShape(indices.shape.begin(),
                                  indices.shape.end() - 1);
  std::vector<int64_t> expected = tupleShape;
  expected.insert(expected.end(), data.shape.begin() + k, data.shape.end());
  if (updates.shape != expected)
    ctx.fail("updates " + shapeText(updates.shape) + " must be " +
             shapeText(expected));
  int64_t tuples = 1;
  for (int64_t e : tupleShape)
    tuples *= e;
  // Candidate j is the j-th index tuple (row-major over indices' leading
  // dimensions).
  auto tupleIndex = [&](const Expr &j) {
    Index t;
    int64_t stride = tuples;
    for (int64_t e : tupleShape) {
      stride /= e;
      t.push_back((j / Expr(stride)) % Expr(e));
    }
    return t;
  };
  auto match = [&](const Index &i, const Expr &j) {
    Index t = tupleIndex(j);
    std::optional<Expr> m;
    for (int64_t c = 0; c < k; ++c) {
      Index at = t;
      at.push_back(Expr(c));
      Expr e =
          wrapped(ctx.read(indices, at), data.shape[c]) == cast(Int(64), i[c]);
      m = m ? (*m && e) : e;
    }
    return *m;
  };
  auto update = [&](const Index &i, const Expr &j) {
    Index at = tupleIndex(j);
    at.insert(at.end(), i.begin() + k, i.end());
    return ctx.read(updates, at);
  };
  scatterAsGather(ctx, data, reduction, tuples, match, update);
}

/// MaxUnpool: output element p of plane (n, c) takes the input element of
/// the same plane whose index (flat over MaxPool's whole input, as its
/// Indices output) is p's; the last such one, else 0.
void lowerMaxUnpool(NodeContext &ctx) {
  ctx.onlyAttrs({"kernel_shape", "strides", "pads"});
  const Value &x = ctx.input(0), &indices = ctx.input(1);
  int64_t spatial = x.rank() - 2;
  if (spatial < 1 || indices.shape != x.shape)
    ctx.fail("X and I must be N x C x D... of one shape");
  std::vector<int64_t> kernel = ctx.attrInts("kernel_shape");
  std::vector<int64_t> strides =
      ctx.attrInts("strides", std::vector<int64_t>(spatial, 1));
  std::vector<int64_t> pads =
      ctx.attrInts("pads", std::vector<int64_t>(2 * spatial, 0));
  if (int64_t(kernel.size()) != spatial || int64_t(strides.size()) != spatial ||
      int64_t(pads.size()) != 2 * spatial)
    ctx.fail("kernel_shape, strides and pads must match the spatial rank");
  // The shape the indices count in: MaxPool's input as kernel, strides and
  // pads give it (output_shape ignores the pads and may only add positions
  // at the end of each spatial dimension, which stay 0).
  bool given = ctx.hasInput(2);
  std::vector<int64_t> counted = {x.shape[0], x.shape[1]};
  for (int64_t d = 0; d < spatial; ++d)
    counted.push_back((x.shape[d + 2] - 1) * strides[d] + kernel[d] -
                      (given ? 0 : pads[d] + pads[spatial + d]));
  std::vector<int64_t> shape = counted;
  if (given) {
    shape = ctx.knownInts(2, "output_shape");
    if (int64_t(shape.size()) != x.rank())
      ctx.fail("output_shape has " + std::to_string(shape.size()) +
               " entries for rank " + std::to_string(x.rank()));
    for (int64_t d = 0; d < x.rank(); ++d)
      if (d < 2 ? shape[d] != counted[d] : shape[d] < counted[d])
        ctx.fail("output_shape " + shapeText(shape) +
                 " is smaller than the unpooled shape " + shapeText(counted) +
                 " or changes N or C");
  }
  int64_t plane = 1;
  for (int64_t d = 0; d < spatial; ++d)
    plane *= x.shape[d + 2];
  auto source = [&](const Index &i, const Expr &e) {
    Index s = {i[0], i[1]};
    int64_t stride = plane;
    for (int64_t d = 0; d < spatial; ++d) {
      stride /= x.shape[d + 2];
      s.push_back((e / Expr(stride)) % Expr(x.shape[d + 2]));
    }
    return s;
  };
  auto flat = [&](const Index &i) {
    Expr f = Expr(int64_t(0));
    for (size_t d = 0; d < counted.size(); ++d)
      f = f * Expr(counted[d]) + cast(Int(64), i[d]);
    return f;
  };
  auto inside = [&](const Index &i) {
    std::optional<Expr> in;
    for (int64_t d = 2; d < x.rank(); ++d)
      if (shape[d] > counted[d]) {
        Expr e = i[d] < Expr(counted[d]);
        in = in ? (*in && e) : e;
      }
    return in;
  };
  Value last = ctx.computeValue("last", shape, Int(64), [&](const Index &i) {
    Var e = ctx.reduceAxis(plane, "e");
    Expr match = cast(Int(64), ctx.read(indices, source(i, e))) == flat(i);
    if (auto in = inside(i))
      match = match && *in;
    return reduce_max(select(match, cast(Int(64), e), Expr(int64_t(-1))), {e},
                      Int(64));
  });
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    Expr l = ctx.read(last, i);
    return select(l >= Expr(int64_t(0)),
                  ctx.read(x, source(i, max(l, Expr(int64_t(0))))),
                  literal(0, x.dtype));
  });
}

} // namespace

void addScatterOps(LoweringTable &table) {
  table["ScatterElements"] = lowerScatterElements;
  table["Scatter"] = lowerScatterElements;
  table["ScatterND"] = lowerScatterND;
  table["MaxUnpool"] = lowerMaxUnpool;
}

} // namespace hcl::onnximport
