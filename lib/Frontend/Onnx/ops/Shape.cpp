//===- Shape.cpp - ONNX shape and data-movement operators -----------------===//
//
// Reshape, Transpose, Concat, Slice, Gather, ... are copy stages whose reads
// map output indices to input indices (affine where the mapping is). On
// known integer inputs (shape arithmetic) they are evaluated at import time.
// Shape, Size and Constant always give known values.
//
//===----------------------------------------------------------------------===//

#include "../Folding.h"

#include <cmath>
#include <numeric>

namespace hcl::onnximport {
namespace {

int64_t product(const std::vector<int64_t> &shape) {
  return std::accumulate(shape.begin(), shape.end(), int64_t(1),
                         std::multiplies<int64_t>());
}

std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

/// A copy of `x` with a new shape (same elements in row-major order).
void reshapeTo(NodeContext &ctx, const Value &x,
               const std::vector<int64_t> &shape) {
  if (product(shape) != x.size())
    ctx.fail("cannot reshape " + shapeText(x.shape) + " to " +
             shapeText(shape));
  if (x.known()) {
    OnnxTensor data = *x.data;
    data.shape = shape;
    ctx.setKnownOutput(0, data);
    return;
  }
  std::vector<int64_t> outStrides = stridesOf(shape),
                       inStrides = stridesOf(x.shape);
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    if (shape == x.shape)
      return ctx.read(x, i);
    Expr linear = Expr(0);
    for (size_t d = 0; d < i.size(); ++d)
      linear = linear + i[d] * Expr(outStrides[d]);
    Index source;
    for (size_t d = 0; d < x.shape.size(); ++d)
      source.push_back((linear / Expr(inStrides[d])) % Expr(x.shape[d]));
    return ctx.read(x, source);
  });
}

void lowerReshape(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  std::vector<int64_t> requested;
  if (ctx.opset() < 5)
    requested = ctx.attrInts("shape");
  else
    requested = ctx.knownInts(1, "the target shape");
  bool allowZero = ctx.attrInt("allowzero", 0) != 0;
  std::vector<int64_t> shape;
  int64_t inferred = -1, known = 1;
  for (size_t d = 0; d < requested.size(); ++d) {
    int64_t v = requested[d];
    if (v == 0 && !allowZero) {
      if (d >= x.shape.size())
        ctx.fail("shape entry 0 at dimension " + std::to_string(d) +
                 " has no input dimension to copy");
      v = x.shape[d];
    }
    if (v == -1) {
      if (inferred >= 0)
        ctx.fail("the target shape has two -1 entries");
      inferred = int64_t(d);
    } else {
      known *= v;
    }
    shape.push_back(v);
  }
  if (inferred >= 0) {
    if (known == 0 || x.size() % known)
      ctx.fail("cannot infer the -1 dimension reshaping " + shapeText(x.shape));
    shape[inferred] = x.size() / known;
  }
  reshapeTo(ctx, x, shape);
}

void lowerFlatten(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  int64_t axis = ctx.attrInt("axis", 1);
  if (axis < 0)
    axis += x.rank();
  if (axis < 0 || axis > x.rank())
    ctx.fail("axis out of range");
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= x.shape[d];
  reshapeTo(ctx, x, {outer, x.size() / outer});
}

void lowerSqueeze(NodeContext &ctx, bool unsqueeze) {
  const Value &x = ctx.input(0);
  std::vector<int64_t> axes;
  if (ctx.opset() < 13)
    axes = ctx.attrInts("axes", std::vector<int64_t>{});
  else if (ctx.hasInput(1))
    axes = ctx.knownInts(1, "axes");
  if (unsqueeze && axes.empty())
    ctx.fail("Unsqueeze needs axes");
  int64_t outRank = unsqueeze ? x.rank() + int64_t(axes.size()) : x.rank();
  std::vector<bool> marked(outRank, false);
  for (int64_t a : axes)
    marked[normalizeAxis(ctx, a, outRank)] = true;
  std::vector<int64_t> shape;
  if (unsqueeze) {
    for (int64_t d = 0, k = 0; d < outRank; ++d)
      shape.push_back(marked[d] ? 1 : x.shape[k++]);
  } else {
    for (int64_t d = 0; d < x.rank(); ++d) {
      bool drop = axes.empty() ? x.shape[d] == 1 : bool(marked[d]);
      if (drop && x.shape[d] != 1)
        ctx.fail("cannot squeeze dimension " + std::to_string(d) + " of size " +
                 std::to_string(x.shape[d]));
      if (!drop)
        shape.push_back(x.shape[d]);
    }
  }
  reshapeTo(ctx, x, shape);
}

void lowerTranspose(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  std::vector<int64_t> perm(x.rank());
  for (int64_t d = 0; d < x.rank(); ++d)
    perm[d] = x.rank() - 1 - d;
  perm = ctx.attrInts("perm", perm);
  if (int64_t(perm.size()) != x.rank())
    ctx.fail("perm has " + std::to_string(perm.size()) + " entries for rank " +
             std::to_string(x.rank()));
  std::vector<int64_t> shape;
  std::vector<bool> seen(x.rank(), false);
  for (int64_t p : perm) {
    if (p < 0 || p >= x.rank() || seen[p])
      ctx.fail("perm is not a permutation");
    seen[p] = true;
    shape.push_back(x.shape[p]);
  }
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    Index source(x.rank(), Expr(0));
    for (size_t d = 0; d < perm.size(); ++d)
      source[perm[d]] = i[d];
    return ctx.read(x, source);
  });
}

void lowerConcat(NodeContext &ctx) {
  std::vector<const Value *> inputs;
  for (size_t k = 0; k < ctx.numInputs(); ++k)
    if (ctx.hasInput(k))
      inputs.push_back(&ctx.input(k));
  if (inputs.empty())
    ctx.fail("needs at least one input");
  int64_t rank = inputs[0]->rank();
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis"), rank);
  std::vector<int64_t> shape = inputs[0]->shape;
  shape[axis] = 0;
  std::vector<int64_t> offsets;
  for (const Value *v : inputs) {
    if (v->rank() != rank || v->dtype != inputs[0]->dtype)
      ctx.fail("inputs differ in rank or element type");
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && v->shape[d] != shape[d])
        ctx.fail("inputs differ outside the concatenation axis: " +
                 shapeText(inputs[0]->shape) + " and " + shapeText(v->shape));
    offsets.push_back(shape[axis]);
    shape[axis] += v->shape[axis];
  }
  if (canFold(inputs)) {
    OnnxTensor out;
    out.dtype = inputs[0]->dtype;
    out.shape = shape;
    int64_t outer = product({shape.begin(), shape.begin() + axis});
    for (int64_t o = 0; o < outer; ++o)
      for (const Value *v : inputs) {
        int64_t chunk = product({v->shape.begin() + axis, v->shape.end()});
        for (int64_t e = 0; e < chunk; ++e)
          out.ints.push_back(v->data->ints[o * chunk + e]);
      }
    ctx.setKnownOutput(0, out);
    return;
  }
  // Empty inputs (nothing along the axis) add nothing and are not read.
  std::vector<size_t> parts;
  for (size_t k = 0; k < inputs.size(); ++k)
    if (inputs[k]->size() > 0)
      parts.push_back(k);
  ctx.computeOutput(0, shape, inputs[0]->dtype, [&](const Index &i) {
    // The last input whose range starts at or before i[axis]; the other
    // reads are clamped into range and discarded by the select.
    Expr result = Expr(0);
    for (size_t n = 0; n < parts.size(); ++n) {
      size_t k = parts[n];
      Index source = i;
      int64_t extent = inputs[k]->shape[axis];
      source[axis] =
          parts.size() == 1
              ? i[axis] - Expr(offsets[k])
              : max(min(i[axis] - Expr(offsets[k]), Expr(extent - 1)), Expr(0));
      Expr element = ctx.read(*inputs[k], source);
      result = n == 0 ? element
                      : select(i[axis] >= Expr(offsets[k]), element, result);
    }
    return result;
  });
}

void lowerSplit(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 0), x.rank());
  std::vector<int64_t> sizes;
  if (ctx.opset() >= 13 && ctx.hasInput(1))
    sizes = ctx.knownInts(1, "split");
  else if (ctx.opset() < 13)
    sizes = ctx.attrInts("split", std::vector<int64_t>{});
  size_t n = ctx.numOutputs();
  if (sizes.empty()) {
    if (x.shape[axis] % int64_t(n))
      ctx.fail("dimension " + std::to_string(x.shape[axis]) +
               " does not split evenly into " + std::to_string(n));
    sizes.assign(n, x.shape[axis] / int64_t(n));
  }
  if (sizes.size() != n ||
      std::accumulate(sizes.begin(), sizes.end(), int64_t(0)) != x.shape[axis])
    ctx.fail("split sizes do not add up to dimension " +
             std::to_string(x.shape[axis]));
  int64_t offset = 0;
  for (size_t k = 0; k < n; ++k) {
    std::vector<int64_t> shape = x.shape;
    shape[axis] = sizes[k];
    ctx.computeOutput(k, shape, x.dtype, [&](const Index &i) {
      Index source = i;
      source[axis] = i[axis] + Expr(offset);
      return ctx.read(x, source);
    });
    offset += sizes[k];
  }
}

/// ONNX Slice's clamping of one axis: start, the number of elements, step.
struct SliceRange {
  int64_t start, count, step;
};

SliceRange sliceRange(int64_t start, int64_t end, int64_t step, int64_t dim) {
  if (start < 0)
    start += dim;
  if (end < 0)
    end += dim;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
  }
  int64_t count = step > 0 ? (end - start + step - 1) / step
                           : (start - end + (-step) - 1) / (-step);
  return {start, std::max<int64_t>(count, 0), step};
}

void lowerSlice(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  std::vector<int64_t> starts, ends, axes, steps;
  if (ctx.opset() < 10) {
    starts = ctx.attrInts("starts");
    ends = ctx.attrInts("ends");
    axes = ctx.attrInts("axes", std::vector<int64_t>{});
  } else {
    starts = ctx.knownInts(1, "starts");
    ends = ctx.knownInts(2, "ends");
    if (ctx.hasInput(3))
      axes = ctx.knownInts(3, "axes");
    if (ctx.hasInput(4))
      steps = ctx.knownInts(4, "steps");
  }
  if (axes.empty())
    for (size_t k = 0; k < starts.size(); ++k)
      axes.push_back(int64_t(k));
  if (steps.empty())
    steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size())
    ctx.fail("starts, ends, axes and steps differ in length");
  std::vector<SliceRange> ranges;
  for (int64_t d = 0; d < x.rank(); ++d)
    ranges.push_back({0, x.shape[d], 1});
  for (size_t k = 0; k < starts.size(); ++k) {
    int64_t a = normalizeAxis(ctx, axes[k], x.rank());
    if (steps[k] == 0)
      ctx.fail("a step of 0");
    ranges[a] = sliceRange(starts[k], ends[k], steps[k], x.shape[a]);
  }
  std::vector<int64_t> shape;
  for (const SliceRange &r : ranges)
    shape.push_back(r.count);
  if (canFold({&x}) && product(shape) > 0) {
    OnnxTensor out;
    out.dtype = x.dtype;
    out.shape = shape;
    std::vector<int64_t> inStrides = stridesOf(x.shape);
    for (int64_t k = 0; k < product(shape); ++k) {
      int64_t rest = k, offset = 0;
      for (size_t d = shape.size(); d-- > 0;) {
        int64_t c = rest % shape[d];
        rest /= shape[d];
        offset += (ranges[d].start + c * ranges[d].step) * inStrides[d];
      }
      out.ints.push_back(x.data->ints[offset]);
    }
    ctx.setKnownOutput(0, out);
    return;
  }
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    Index source;
    for (size_t d = 0; d < i.size(); ++d)
      source.push_back(Expr(ranges[d].start) + i[d] * Expr(ranges[d].step));
    return ctx.read(x, source);
  });
}

void lowerPad(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  std::string mode = ctx.attrString("mode", "constant");
  std::vector<int64_t> pads;
  double fill = 0;
  const Value *fillValue = nullptr;
  if (ctx.opset() < 11) {
    pads = ctx.attrInts("pads");
    fill = ctx.attrFloat("value", 0.0);
  } else {
    pads = ctx.knownInts(1, "pads");
    if (ctx.hasInput(2))
      fillValue = &ctx.input(2);
    if (ctx.hasInput(3))
      ctx.fail("the axes input is not supported");
  }
  int64_t rank = x.rank();
  if (int64_t(pads.size()) != 2 * rank)
    ctx.fail("pads has " + std::to_string(pads.size()) + " entries for rank " +
             std::to_string(rank));
  if (mode != "constant" && mode != "edge" && mode != "reflect")
    ctx.fail("mode '" + mode + "' is not supported");
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(x.shape[d] + pads[d] + pads[d + rank]);
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    Index source;
    Expr inside = cast(UInt(1), Expr(1));
    for (int64_t d = 0; d < rank; ++d) {
      int64_t dim = x.shape[d];
      Expr pos = i[d] - Expr(pads[d]);
      if (mode == "reflect") {
        // Mirror without repeating the edge (NumPy's 'reflect').
        Expr period = Expr(std::max<int64_t>(2 * (dim - 1), 1));
        Expr m = ((pos % period) + period) % period;
        pos = select(m >= Expr(dim), period - m, m);
      }
      inside = inside && pos >= Expr(0) && pos < Expr(dim);
      source.push_back(max(min(pos, Expr(dim - 1)), Expr(0)));
    }
    Expr element = ctx.read(x, source);
    if (mode != "constant")
      return element;
    Expr padValue =
        fillValue ? ctx.read(*fillValue, {}) : literal(fill, x.dtype);
    return select(inside, element, padValue);
  });
}

/// The index into `data` along `axis` given by an index value (negative
/// counts from the end).
Expr wrapIndex(const Expr &index, int64_t extent) {
  Expr i = cast(Int(64), index);
  return select(i < Expr(int64_t(0)), i + Expr(extent), i);
}

void lowerGather(NodeContext &ctx) {
  const Value &data = ctx.input(0), &indices = ctx.input(1);
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 0), data.rank());
  std::vector<int64_t> shape(data.shape.begin(), data.shape.begin() + axis);
  shape.insert(shape.end(), indices.shape.begin(), indices.shape.end());
  shape.insert(shape.end(), data.shape.begin() + axis + 1, data.shape.end());
  int64_t extent = data.shape[axis];
  if (canFold({&data, &indices})) {
    OnnxTensor out;
    out.dtype = data.dtype;
    out.shape = shape;
    int64_t outer = product({data.shape.begin(), data.shape.begin() + axis});
    int64_t inner = product({data.shape.begin() + axis + 1, data.shape.end()});
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k = 0; k < indices.size(); ++k) {
        int64_t idx = indices.data->ints[k];
        if (idx < 0)
          idx += extent;
        if (idx < 0 || idx >= extent)
          ctx.fail("index " + std::to_string(indices.data->ints[k]) +
                   " is out of range for dimension " + std::to_string(extent));
        for (int64_t e = 0; e < inner; ++e)
          out.ints.push_back(data.data->ints[(o * extent + idx) * inner + e]);
      }
    ctx.setKnownOutput(0, out);
    return;
  }
  ctx.computeOutput(0, shape, data.dtype, [&](const Index &i) {
    Index idx(i.begin() + axis, i.begin() + axis + indices.rank());
    Index source(i.begin(), i.begin() + axis);
    source.push_back(wrapIndex(ctx.read(indices, idx), extent));
    source.insert(source.end(), i.begin() + axis + indices.rank(), i.end());
    return ctx.read(data, source);
  });
}

void lowerGatherElements(NodeContext &ctx) {
  const Value &data = ctx.input(0), &indices = ctx.input(1);
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 0), data.rank());
  if (indices.rank() != data.rank())
    ctx.fail("indices and data differ in rank");
  ctx.computeOutput(0, indices.shape, data.dtype, [&](const Index &i) {
    Index source = i;
    source[axis] = wrapIndex(ctx.read(indices, i), data.shape[axis]);
    return ctx.read(data, source);
  });
}

void lowerTile(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  std::vector<int64_t> repeats = ctx.knownInts(1, "repeats");
  if (int64_t(repeats.size()) != x.rank())
    ctx.fail("repeats has " + std::to_string(repeats.size()) +
             " entries for rank " + std::to_string(x.rank()));
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < x.rank(); ++d)
    shape.push_back(x.shape[d] * repeats[d]);
  ctx.computeOutput(0, shape, x.dtype, [&](const Index &i) {
    Index source;
    for (int64_t d = 0; d < x.rank(); ++d)
      source.push_back(i[d] % Expr(x.shape[d]));
    return ctx.read(x, source);
  });
}

void lowerExpand(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  auto shape = broadcastShapes(x.shape, ctx.knownInts(1, "shape"));
  if (!shape)
    ctx.fail("shape " + shapeText(ctx.knownInts(1, "shape")) +
             " does not broadcast with the input's " + shapeText(x.shape));
  if (canFold({&x})) {
    ctx.setKnownOutput(
        0, foldElementwise({&x}, *shape, x.dtype,
                           [](const std::vector<int64_t> &v) { return v[0]; }));
    return;
  }
  ctx.computeOutput(0, *shape, x.dtype,
                    [&](const Index &i) { return ctx.readBroadcast(x, i); });
}

void lowerShape(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  int64_t rank = x.rank();
  int64_t start = ctx.attrInt("start", 0), end = ctx.attrInt("end", rank);
  if (start < 0)
    start += rank;
  if (end < 0)
    end += rank;
  start = std::clamp<int64_t>(start, 0, rank);
  end = std::clamp<int64_t>(end, 0, rank);
  std::vector<double> dims;
  for (int64_t d = start; d < end; ++d)
    dims.push_back(double(x.shape[d]));
  ctx.setKnownOutput(0, makeKnown(Int(64), {int64_t(dims.size())}, dims));
}

void lowerConstant(NodeContext &ctx) {
  const auto &attributes = ctx.node().attribute();
  if (attributes.size() != 1)
    ctx.fail("expects exactly one value attribute");
  const onnx::AttributeProto &a = attributes[0];
  const std::string &name = a.name();
  if (name == "value") {
    ctx.setKnownOutput(0, fromProto(a.t(), "node '" + ctx.nodeName() + "'"));
  } else if (name == "value_float") {
    ctx.setKnownOutput(0, makeKnown(Float(32), {}, {a.f()}));
  } else if (name == "value_floats") {
    std::vector<double> v(a.floats().begin(), a.floats().end());
    ctx.setKnownOutput(0, makeKnown(Float(32), {int64_t(v.size())}, v));
  } else if (name == "value_int") {
    ctx.setKnownOutput(0, makeKnown(Int(64), {}, {double(a.i())}));
  } else if (name == "value_ints") {
    OnnxTensor t;
    t.dtype = Int(64);
    t.ints.assign(a.ints().begin(), a.ints().end());
    t.shape = {int64_t(t.ints.size())};
    ctx.setKnownOutput(0, t);
  } else {
    ctx.fail("attribute '" + name +
             "' (sparse or string constants) is not "
             "supported");
  }
}

void lowerConstantOfShape(NodeContext &ctx) {
  std::vector<int64_t> shape = ctx.knownInts(0, "the shape");
  OnnxTensor fill = makeKnown(Float(32), {}, {0.0});
  if (const auto *a = ctx.attr("value"))
    fill = fromProto(a->t(), "node '" + ctx.nodeName() + "'");
  if (!fill.dtype.isFloat() && product(shape) <= (1 << 16)) {
    OnnxTensor out;
    out.dtype = fill.dtype;
    out.shape = shape;
    out.ints.assign(product(shape), fill.ints.at(0));
    ctx.setKnownOutput(0, out);
    return;
  }
  double v = fill.real(0);
  Type t = fill.dtype;
  ctx.computeOutput(0, shape, t, [&](const Index &) { return literal(v, t); });
}

void lowerRange(NodeContext &ctx) {
  const OnnxTensor &start = ctx.knownInput(0, "start");
  const OnnxTensor &limit = ctx.knownInput(1, "limit");
  const OnnxTensor &delta = ctx.knownInput(2, "delta");
  Type t = start.dtype;
  double s = start.real(0), l = limit.real(0), d = delta.real(0);
  if (d == 0)
    ctx.fail("delta is 0");
  int64_t count = std::max<int64_t>(int64_t(std::ceil((l - s) / d)), 0);
  if (!t.isFloat()) {
    std::vector<double> values;
    for (int64_t k = 0; k < count; ++k)
      values.push_back(s + double(k) * d);
    ctx.setKnownOutput(0, makeKnown(t, {count}, values));
    return;
  }
  ctx.computeOutput(0, {count}, t, [&](const Index &i) {
    return literal(s, t) + cast(t, i[0]) * literal(d, t);
  });
}

/// Inference passes x through with a mask of ones; so does training with a
/// ratio of 0, which drops nothing. Training with another ratio draws
/// random numbers, which hcl's programs do not.
void lowerDropout(NodeContext &ctx) {
  if (ctx.hasInput(2)) {
    const OnnxTensor *training = ctx.knownValue(2);
    if (!training)
      ctx.fail("training_mode must be known when the model is imported");
    if (training->integer(0) != 0) {
      const OnnxTensor *ratio = ctx.hasInput(1) ? ctx.knownValue(1) : nullptr;
      if (!ratio || ratio->size() != 1 || ratio->real(0) != 0.0)
        ctx.fail("training mode with a ratio other than 0 is not supported "
                 "(it draws random numbers)");
    }
  }
  const Value &x = ctx.input(0);
  Value alias = x;
  ctx.setOutput(0, alias);
  if (ctx.hasOutput(1))
    ctx.computeOutput(1, x.shape, UInt(1),
                      [](const Index &) { return cast(UInt(1), Expr(1)); });
}

void lowerSize(NodeContext &ctx) {
  ctx.setKnownOutput(0, makeKnown(Int(64), {}, {double(ctx.input(0).size())}));
}

void lowerDepthToSpace(NodeContext &ctx, bool toSpace) {
  const Value &x = ctx.input(0);
  if (x.rank() != 4)
    ctx.fail("input must be N x C x H x W");
  int64_t b = ctx.attrInt("blocksize");
  bool crd = ctx.attrString("mode", "DCR") == "CRD";
  int64_t n = x.shape[0], c = x.shape[1], h = x.shape[2], w = x.shape[3];
  if (toSpace) {
    if (c % (b * b))
      ctx.fail("channels not divisible by blocksize^2");
    int64_t oc = c / (b * b);
    ctx.computeOutput(0, {n, oc, h * b, w * b}, x.dtype, [&](const Index &i) {
      Expr bh = i[2] % Expr(b), bw = i[3] % Expr(b);
      Expr channel = crd ? i[1] * Expr(b * b) + bh * Expr(b) + bw
                         : (bh * Expr(b) + bw) * Expr(oc) + i[1];
      return ctx.read(x, {i[0], channel, i[2] / Expr(b), i[3] / Expr(b)});
    });
    return;
  }
  if (h % b || w % b)
    ctx.fail("height and width not divisible by blocksize");
  ctx.computeOutput(0, {n, c * b * b, h / b, w / b}, x.dtype,
                    [&](const Index &i) {
                      Expr block = i[1] / Expr(c), channel = i[1] % Expr(c);
                      Expr bh = block / Expr(b), bw = block % Expr(b);
                      return ctx.read(x, {i[0], channel, i[2] * Expr(b) + bh,
                                          i[3] * Expr(b) + bw});
                    });
}

void lowerTrilu(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  if (x.rank() < 2)
    ctx.fail("input must have rank 2 or more");
  int64_t k = ctx.hasInput(1) ? ctx.knownInts(1, "k").at(0) : 0;
  bool upper = ctx.attrInt("upper", 1) != 0;
  size_t r = x.rank();
  ctx.computeOutput(0, x.shape, x.dtype, [&](const Index &i) {
    Expr keep =
        upper ? i[r - 1] - i[r - 2] >= Expr(k) : i[r - 1] - i[r - 2] <= Expr(k);
    return select(keep, ctx.read(x, i), literal(0, x.dtype));
  });
}

void lowerEyeLike(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  if (x.rank() != 2)
    ctx.fail("input must be a matrix");
  Type t = x.dtype;
  if (ctx.hasAttr("dtype")) {
    auto type = hclType(int32_t(ctx.attrInt("dtype")));
    if (!type)
      ctx.fail("dtype is not supported");
    t = *type;
  }
  int64_t k = ctx.attrInt("k", 0);
  ctx.computeOutput(0, x.shape, t, [&](const Index &i) {
    return select(i[1] - i[0] == Expr(k), literal(1, t), literal(0, t));
  });
}

} // namespace

void addShapeOps(LoweringTable &table) {
  table["Reshape"] = lowerReshape;
  table["Flatten"] = lowerFlatten;
  table["Squeeze"] = [](NodeContext &ctx) { lowerSqueeze(ctx, false); };
  table["Unsqueeze"] = [](NodeContext &ctx) { lowerSqueeze(ctx, true); };
  table["Transpose"] = lowerTranspose;
  table["Concat"] = lowerConcat;
  table["Split"] = lowerSplit;
  table["Slice"] = lowerSlice;
  table["Pad"] = lowerPad;
  table["Gather"] = lowerGather;
  table["GatherElements"] = lowerGatherElements;
  table["Tile"] = lowerTile;
  table["Expand"] = lowerExpand;
  table["Shape"] = lowerShape;
  table["Size"] = lowerSize;
  table["Constant"] = lowerConstant;
  table["ConstantOfShape"] = lowerConstantOfShape;
  table["Range"] = lowerRange;
  table["Dropout"] = lowerDropout;
  table["DepthToSpace"] = [](NodeContext &ctx) {
    lowerDepthToSpace(ctx, true);
  };
  table["SpaceToDepth"] = [](NodeContext &ctx) {
    lowerDepthToSpace(ctx, false);
  };
  table["Trilu"] = lowerTrilu;
  table["EyeLike"] = lowerEyeLike;
}

} // namespace hcl::onnximport
