//===- Indexing.cpp - ONNX GatherND, OneHot, Compress, ReverseSequence ----===//
//
// Reads at data-dependent positions: GatherND reads `data` at the index
// tuples held in `indices` (after `batch_dims` shared leading dimensions);
// OneHot compares each index with the position along the new axis;
// ReverseSequence reads each batch's sequence backwards up to its length.
// Compress needs its condition at import time (it decides the output's
// shape): the kept positions become a constant table `<node>_kept`.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

/// An index value along a dimension of `extent`, negative ones counting
/// from the end.
Expr wrapped(const Expr &index, int64_t extent) {
  Expr i = cast(Int(64), index);
  return select(i < Expr(int64_t(0)), i + Expr(extent), i);
}

void lowerGatherND(NodeContext &ctx) {
  ctx.onlyAttrs({"batch_dims"});
  const Value &data = ctx.input(0), &indices = ctx.input(1);
  int64_t b = ctx.attrInt("batch_dims", 0);
  int64_t q = indices.rank(), r = data.rank();
  if (q < 1 || b < 0 || b >= q || b >= r)
    ctx.fail("batch_dims " + std::to_string(b) + " does not fit data " +
             shapeText(data.shape) + " and indices " +
             shapeText(indices.shape));
  int64_t k = indices.shape[q - 1];
  if (k < 1 || b + k > r)
    ctx.fail("index tuples of " + std::to_string(k) +
             " entries do not fit data " + shapeText(data.shape) + " after " +
             std::to_string(b) + " batch dimensions");
  for (int64_t d = 0; d < b; ++d)
    if (data.shape[d] != indices.shape[d])
      ctx.fail("data " + shapeText(data.shape) + " and indices " +
               shapeText(indices.shape) + " differ in the batch dimensions");
  std::vector<int64_t> shape(indices.shape.begin(), indices.shape.end() - 1);
  shape.insert(shape.end(), data.shape.begin() + b + k, data.shape.end());
  ctx.computeOutput(0, shape, data.dtype, [&](const Index &i) {
    Index tuple(i.begin(), i.begin() + (q - 1));
    Index source(i.begin(), i.begin() + b);
    for (int64_t c = 0; c < k; ++c) {
      Index at = tuple;
      at.push_back(Expr(c));
      source.push_back(wrapped(ctx.read(indices, at), data.shape[b + c]));
    }
    source.insert(source.end(), i.begin() + (q - 1), i.end());
    return ctx.read(data, source);
  });
}

void lowerOneHot(NodeContext &ctx) {
  ctx.onlyAttrs({"axis"});
  const Value &indices = ctx.input(0), &values = ctx.input(2);
  const OnnxTensor &depthData = ctx.knownInput(1, "depth");
  if (depthData.size() != 1)
    ctx.fail("depth must hold one value");
  int64_t depth = int64_t(depthData.real(0));
  if (depth < 1)
    ctx.fail("depth " + std::to_string(depth) + " is not positive");
  if (values.size() != 2)
    ctx.fail("values must hold [off_value, on_value]");
  int64_t r = indices.rank();
  int64_t axis = ctx.attrInt("axis", -1);
  if (axis < 0)
    axis += r + 1;
  if (axis < 0 || axis > r)
    ctx.fail("axis " + std::to_string(ctx.attrInt("axis", -1)) +
             " is out of range for rank " + std::to_string(r + 1));
  std::vector<int64_t> shape = indices.shape;
  shape.insert(shape.begin() + axis, depth);
  ctx.computeOutput(0, shape, values.dtype, [&](const Index &i) {
    Index at(i.begin(), i.end());
    at.erase(at.begin() + axis);
    Expr idx = cast(Int(64), ctx.read(indices, at));
    idx = select(idx < Expr(int64_t(0)), idx + Expr(depth), idx);
    Index valueAt = {Expr(int64_t(0))};
    Index onAt = {Expr(int64_t(1))};
    return select(idx == cast(Int(64), i[axis]), ctx.read(values, onAt),
                  ctx.read(values, valueAt));
  });
}

void lowerCompress(NodeContext &ctx) {
  ctx.onlyAttrs({"axis"});
  const Value &x = ctx.input(0);
  const OnnxTensor &condition = ctx.knownInput(1, "the condition");
  bool flat = !ctx.hasAttr("axis");
  int64_t axis = flat ? 0 : normalizeAxis(ctx, ctx.attrInt("axis"), x.rank());
  int64_t extent = flat ? x.size() : x.shape[axis];
  if (condition.size() > extent)
    ctx.fail("the condition has " + std::to_string(condition.size()) +
             " entries for " + std::to_string(extent) + " positions");
  std::vector<double> kept;
  for (int64_t k = 0; k < condition.size(); ++k)
    if (condition.integer(k) != 0)
      kept.push_back(double(k));
  if (kept.empty())
    ctx.fail("the condition keeps nothing (empty tensors are not supported)");
  Value table;
  table.onnxName = ctx.stageName() + "_kept";
  table.shape = {int64_t(kept.size())};
  table.dtype = Int(64);
  table.data = makeKnown(Int(64), table.shape, kept);
  std::vector<int64_t> shape =
      flat ? std::vector<int64_t>{int64_t(kept.size())} : x.shape;
  if (!flat)
    shape[axis] = int64_t(kept.size());
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    Expr position = ctx.read(table, {i[axis]});
    if (!flat) {
      Index source = i;
      source[axis] = position;
      return ctx.read(x, source);
    }
    Index source;
    int64_t stride = x.size();
    for (int64_t e : x.shape) {
      stride /= e;
      source.push_back((position / Expr(stride)) % Expr(e));
    }
    return ctx.read(x, source);
  });
}

void lowerReverseSequence(NodeContext &ctx) {
  ctx.onlyAttrs({"batch_axis", "time_axis"});
  const Value &x = ctx.input(0), &lens = ctx.input(1);
  int64_t batch = ctx.attrInt("batch_axis", 1),
          time = ctx.attrInt("time_axis", 0);
  if (x.rank() < 2 || (batch != 0 && batch != 1) || (time != 0 && time != 1) ||
      batch == time)
    ctx.fail("batch_axis and time_axis must be 0 and 1 (in either order) of a "
             "tensor of rank 2 or more");
  if (lens.rank() != 1 || lens.shape[0] != x.shape[batch])
    ctx.fail("sequence_lens must hold one length per batch");
  ctx.computeOutput(0, x.shape, x.dtype, [&](const Index &i) {
    Expr length = cast(Int(64), ctx.read(lens, {i[batch]}));
    Expr t = cast(Int(64), i[time]);
    Index source = i;
    source[time] = select(t < length, length - Expr(int64_t(1)) - t, t);
    return ctx.read(x, source);
  });
}

} // namespace

void addIndexingOps(LoweringTable &table) {
  table["GatherND"] = lowerGatherND;
  table["OneHot"] = lowerOneHot;
  table["Compress"] = lowerCompress;
  table["ReverseSequence"] = lowerReverseSequence;
}

} // namespace hcl::onnximport
