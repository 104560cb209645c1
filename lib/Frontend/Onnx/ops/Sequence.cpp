//===- Sequence.cpp - ONNX sequences of tensors ---------------------------===//
//
// A sequence exists only while importing: a list of Values (Value::elements)
// whose length and positions are known, so SequenceInsert / At / Erase /
// Length are bookkeeping and only ConcatFromSequence and SplitToSequence
// make stages (or fold known integer tensors, as shape computations need).
//
//===----------------------------------------------------------------------===//

#include "../Folding.h"

#include <algorithm>

namespace hcl::onnximport {
namespace {

Value sequenceOf(std::vector<Value> elements, Type dtype) {
  Value v;
  v.isSequence = true;
  v.dtype = dtype;
  v.elements = std::move(elements);
  return v;
}

const Value &sequenceInput(NodeContext &ctx, size_t i) {
  const Value &v = ctx.input(i);
  if (!v.isSequence)
    ctx.fail("input " + std::to_string(i) + " is a tensor, not a sequence");
  return v;
}

const Value &tensorInput(NodeContext &ctx, size_t i) {
  const Value &v = ctx.input(i);
  if (v.isSequence)
    ctx.fail("input " + std::to_string(i) + " is a sequence, not a tensor");
  return v;
}

void checkElementType(NodeContext &ctx, const Value &seq, const Value &t) {
  if (t.dtype != seq.dtype)
    ctx.fail("a tensor of type " + t.dtype.str() + " in a sequence of " +
             seq.dtype.str());
}

/// Optional input `i`, a position in a sequence of `n` elements (negative:
/// from the end), made positive; `last` when absent. Insertion accepts n.
int64_t position(NodeContext &ctx, size_t i, int64_t n, bool insert,
                 int64_t last) {
  if (!ctx.hasInput(i))
    return last;
  std::vector<int64_t> p = ctx.knownInts(i, "position");
  if (p.size() != 1)
    ctx.fail("position must be a single value");
  int64_t hi = insert ? n : n - 1;
  if (p[0] < -n || p[0] > hi)
    ctx.fail("position " + std::to_string(p[0]) + " is outside [" +
             std::to_string(-n) + ", " + std::to_string(hi) +
             "] for a sequence of " + std::to_string(n) + " tensors");
  return p[0] < 0 ? p[0] + n : p[0];
}

void lowerSequenceConstruct(NodeContext &ctx) {
  ctx.onlyAttrs({});
  std::vector<Value> elements;
  for (size_t i = 0; i < ctx.numInputs(); ++i) {
    elements.push_back(tensorInput(ctx, i));
    if (elements.back().dtype != elements[0].dtype)
      ctx.fail("tensors of different types (" + elements[0].dtype.str() +
               " and " + elements.back().dtype.str() + ")");
  }
  if (elements.empty())
    ctx.fail("needs at least one tensor");
  Type t = elements[0].dtype;
  ctx.setOutput(0, sequenceOf(std::move(elements), t));
}

void lowerSequenceEmpty(NodeContext &ctx) {
  ctx.onlyAttrs({"dtype"});
  int64_t code = ctx.attrInt("dtype", onnx::TensorProto::FLOAT);
  std::optional<Type> t = hclType(int32_t(code));
  if (!t)
    ctx.fail("dtype " + elemTypeName(int32_t(code)) + " is not supported");
  ctx.setOutput(0, sequenceOf({}, *t));
}

void lowerSequenceInsert(NodeContext &ctx) {
  ctx.onlyAttrs({});
  Value seq = sequenceInput(ctx, 0);
  const Value &t = tensorInput(ctx, 1);
  checkElementType(ctx, seq, t);
  int64_t n = int64_t(seq.elements.size());
  int64_t at = position(ctx, 2, n, true, n);
  seq.elements.insert(seq.elements.begin() + at, t);
  ctx.setOutput(0, seq);
}

void lowerSequenceAt(NodeContext &ctx) {
  ctx.onlyAttrs({});
  const Value &seq = sequenceInput(ctx, 0);
  int64_t n = int64_t(seq.elements.size());
  if (!ctx.hasInput(1))
    ctx.fail("the position input is missing");
  int64_t at = position(ctx, 1, n, false, 0);
  ctx.setOutput(0, seq.elements[at]);
}

void lowerSequenceErase(NodeContext &ctx) {
  ctx.onlyAttrs({});
  Value seq = sequenceInput(ctx, 0);
  int64_t n = int64_t(seq.elements.size());
  if (n == 0)
    ctx.fail("erasing from an empty sequence");
  int64_t at = position(ctx, 1, n, false, n - 1);
  seq.elements.erase(seq.elements.begin() + at);
  ctx.setOutput(0, seq);
}

void lowerSequenceLength(NodeContext &ctx) {
  ctx.onlyAttrs({});
  const Value &seq = sequenceInput(ctx, 0);
  ctx.setKnownOutput(0, makeKnown(Int(64), {}, {double(seq.elements.size())}));
}

/// Row-major coordinates of `linear` in `shape`.
std::vector<int64_t> coordinates(const std::vector<int64_t> &shape,
                                 int64_t linear) {
  std::vector<int64_t> c(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    c[d] = linear % shape[d];
    linear /= shape[d];
  }
  return c;
}

int64_t linearOf(const std::vector<int64_t> &shape,
                 const std::vector<int64_t> &c) {
  int64_t linear = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    linear = linear * shape[d] + c[d];
  return linear;
}

/// Where the pieces of a concatenation (or, with `stack`, a stacking) along
/// `axis` start.
struct Pieces {
  std::vector<const Value *> values;
  std::vector<int64_t> offsets;
  int64_t axis = 0;
  bool stack = false;
  std::vector<int64_t> shape; // the result's

  /// The piece output position `pos` along the axis falls in.
  size_t pieceAt(int64_t pos) const {
    size_t k = 0;
    while (k + 1 < values.size() && pos >= offsets[k + 1])
      ++k;
    return k;
  }
};

Pieces concatPieces(NodeContext &ctx, const std::vector<Value> &elements,
                    int64_t axisAttr, bool stack) {
  Pieces p;
  p.stack = stack;
  const Value &first = elements[0];
  int64_t rank = first.rank();
  if (!stack && rank == 0)
    ctx.fail("concatenating scalars (new_axis = 0)");
  p.axis = normalizeAxis(ctx, axisAttr, stack ? rank + 1 : rank);
  int64_t extent = 0;
  for (const Value &e : elements) {
    bool fits = e.rank() == rank && e.dtype == first.dtype;
    for (int64_t d = 0; fits && d < rank; ++d)
      fits = e.shape[d] == first.shape[d] || (!stack && d == p.axis);
    if (!fits)
      ctx.fail("the tensors " + shapeText(first.shape) + " (" +
               first.dtype.str() + ") and " + shapeText(e.shape) + " (" +
               e.dtype.str() + ") do not " + (stack ? "stack" : "concatenate") +
               " along axis " + std::to_string(p.axis));
    p.values.push_back(&e);
    p.offsets.push_back(extent);
    extent += stack ? 1 : e.shape[p.axis];
  }
  p.shape = first.shape;
  if (stack)
    p.shape.insert(p.shape.begin() + p.axis, extent);
  else
    p.shape[p.axis] = extent;
  return p;
}

/// The concatenation of known integer pieces, at import time.
OnnxTensor foldConcat(const Pieces &p) {
  OnnxTensor out;
  out.dtype = p.values[0]->dtype;
  out.shape = p.shape;
  for (int64_t k = 0; k < out.size(); ++k) {
    std::vector<int64_t> c = coordinates(p.shape, k);
    size_t piece = p.pieceAt(c[p.axis]);
    const Value &v = *p.values[piece];
    if (p.stack)
      c.erase(c.begin() + p.axis);
    else
      c[p.axis] -= p.offsets[piece];
    out.ints.push_back(v.data->ints.at(linearOf(v.shape, c)));
  }
  return out;
}

/// A stage selecting, for each position along the axis, the piece it falls
/// in; every piece is read at an index clamped into its own range so that
/// the reads the select discards stay in bounds.
void concatStage(NodeContext &ctx, const Pieces &p) {
  Type t = p.values[0]->dtype;
  ctx.computeOutput(0, p.shape, t, [&](const Index &i) {
    Expr pos = i[p.axis];
    auto readPiece = [&](size_t k) {
      const Value &v = *p.values[k];
      Index index = i;
      if (p.stack) {
        index.erase(index.begin() + p.axis);
      } else {
        Expr local = pos - Expr(p.offsets[k]);
        if (p.offsets[k] > 0)
          local = max(local, Expr(0));
        if (k + 1 < p.values.size())
          local = min(local, Expr(v.shape[p.axis] - 1));
        index[p.axis] = local;
      }
      return ctx.read(v, index);
    };
    size_t n = p.values.size();
    Expr result = readPiece(n - 1);
    for (size_t k = n - 1; k-- > 0;)
      result = select(pos < Expr(p.offsets[k + 1]), readPiece(k), result);
    return result;
  });
}

void lowerConcatFromSequence(NodeContext &ctx) {
  ctx.onlyAttrs({"axis", "new_axis"});
  const Value &seq = sequenceInput(ctx, 0);
  if (seq.elements.empty())
    ctx.fail("the sequence is empty");
  bool stack = ctx.attrInt("new_axis", 0) != 0;
  Pieces p = concatPieces(ctx, seq.elements, ctx.attrInt("axis"), stack);
  if (p.values.size() == 1 && !stack) {
    ctx.setOutput(0, seq.elements[0]);
    return;
  }
  if (canFold(p.values)) {
    ctx.setKnownOutput(0, foldConcat(p));
    return;
  }
  concatStage(ctx, p);
}

/// The part [offset, offset + size) of `x` along `axis` (the axis dropped
/// when `drop`), folded when `x` is a known integer tensor, else a stage
/// `<node>_<k>`.
Value splitPart(NodeContext &ctx, const Value &x, int64_t axis, int64_t offset,
                int64_t size, bool drop, size_t k) {
  std::vector<int64_t> shape = x.shape;
  if (drop)
    shape.erase(shape.begin() + axis);
  else
    shape[axis] = size;
  if (canFold({&x})) {
    Value v;
    v.shape = shape;
    v.dtype = x.dtype;
    OnnxTensor data;
    data.dtype = x.dtype;
    data.shape = shape;
    for (int64_t e = 0; e < data.size(); ++e) {
      std::vector<int64_t> c = coordinates(shape, e);
      if (drop)
        c.insert(c.begin() + axis, offset);
      else
        c[axis] += offset;
      data.ints.push_back(x.data->ints.at(linearOf(x.shape, c)));
    }
    v.data = std::move(data);
    return v;
  }
  return ctx.computeValue(
      std::to_string(k), shape, x.dtype, [&](const Index &i) {
        Index source = i;
        if (drop)
          source.insert(source.begin() + axis, Expr(offset));
        else
          source[axis] = i[axis] + Expr(offset);
        return ctx.read(x, source);
      });
}

/// The sizes SplitToSequence cuts the axis of extent `extent` into: the
/// `split` input (one size for equal parts, the last one smaller, or one
/// per part) or parts of 1.
std::vector<int64_t> splitSizes(NodeContext &ctx, int64_t extent) {
  if (!ctx.hasInput(1))
    return std::vector<int64_t>(extent, 1);
  const OnnxTensor &split = ctx.knownInput(1, "split");
  std::vector<int64_t> sizes;
  if (split.shape.empty()) {
    int64_t chunk = split.integer(0);
    if (chunk <= 0)
      ctx.fail("split " + std::to_string(chunk) + " is not positive");
    for (int64_t done = 0; done < extent; done += chunk)
      sizes.push_back(std::min(chunk, extent - done));
    return sizes;
  }
  int64_t total = 0;
  for (int64_t k = 0; k < split.size(); ++k) {
    sizes.push_back(split.integer(k));
    if (sizes.back() <= 0)
      ctx.fail("split size " + std::to_string(sizes.back()) +
               " (empty tensors are not supported)");
    total += sizes.back();
  }
  if (total != extent)
    ctx.fail("the split sizes add up to " + std::to_string(total) +
             ", not to the axis' extent " + std::to_string(extent));
  return sizes;
}

void lowerSplitToSequence(NodeContext &ctx) {
  ctx.onlyAttrs({"axis", "keepdims"});
  const Value &x = tensorInput(ctx, 0);
  if (x.rank() == 0)
    ctx.fail("splitting a scalar");
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 0), x.rank());
  // keepdims only matters without `split`: parts of 1 may drop the axis.
  bool drop = !ctx.hasInput(1) && ctx.attrInt("keepdims", 1) == 0;
  std::vector<int64_t> sizes = splitSizes(ctx, x.shape[axis]);
  std::vector<Value> parts;
  int64_t offset = 0;
  for (size_t k = 0; k < sizes.size(); ++k) {
    parts.push_back(splitPart(ctx, x, axis, offset, sizes[k], drop, k));
    offset += sizes[k];
  }
  ctx.setOutput(0, sequenceOf(std::move(parts), x.dtype));
}

} // namespace

void addSequenceOps(LoweringTable &table) {
  table["SequenceConstruct"] = lowerSequenceConstruct;
  table["SequenceEmpty"] = lowerSequenceEmpty;
  table["SequenceInsert"] = lowerSequenceInsert;
  table["SequenceAt"] = lowerSequenceAt;
  table["SequenceErase"] = lowerSequenceErase;
  table["SequenceLength"] = lowerSequenceLength;
  table["ConcatFromSequence"] = lowerConcatFromSequence;
  table["SplitToSequence"] = lowerSplitToSequence;
}

} // namespace hcl::onnximport
