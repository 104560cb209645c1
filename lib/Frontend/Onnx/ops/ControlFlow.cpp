//===- ControlFlow.cpp - If, Loop and Scan, unrolled at import ------------===//
//
// hcl's programs have static shapes, so a subgraph runs a number of times
// known at import. If with a condition known at import lowers the branch it
// takes; with one computed at run time it lowers both branches and selects
// between their outputs. Loop with a known trip count and Scan over a
// sequence of static length are unrolled: each iteration lowers the body
// again (its stages named after the iteration), its loop-carried values the
// previous iteration's outputs, and the scan outputs are stacked. A Loop
// whose condition is computed at run time computes every iteration and
// keeps the carried values of the last one whose condition held.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

/// More iterations than this are refused: each is a copy of the body.
constexpr int64_t kMaxUnrolledIterations = 1024;

Index zeros(const Value &v) { return Index(v.rank(), Expr(int64_t(0))); }

std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

/// A known tensor of `shape` whose element at flat index `i` is element
/// `source(i).second` of tensor `source(i).first`.
OnnxTensor
gatherKnown(Type dtype, const std::vector<int64_t> &shape,
            const std::function<std::pair<const OnnxTensor *, int64_t>(
                const std::vector<int64_t> &)> &source) {
  OnnxTensor out = makeKnown(dtype, shape, {});
  int64_t size = 1;
  for (int64_t d : shape)
    size *= d;
  std::vector<int64_t> strides = stridesOf(shape), index(shape.size());
  for (int64_t flat = 0; flat < size; ++flat) {
    for (size_t d = 0; d < shape.size(); ++d)
      index[d] = flat / strides[d] % shape[d];
    auto [tensor, at] = source(index);
    if (dtype.isFloat())
      out.floats.push_back(tensor->real(at));
    else
      out.ints.push_back(tensor->integer(at));
  }
  return out;
}

int64_t flatIndex(const std::vector<int64_t> &shape,
                  const std::vector<int64_t> &index) {
  int64_t flat = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    flat = flat * shape[d] + index[d];
  return flat;
}

Value knownValue(OnnxTensor data) {
  Value v;
  v.shape = data.shape;
  v.dtype = data.dtype;
  v.data = std::move(data);
  return v;
}

/// `parts` (one shape and type) stacked along a new axis `axis`.
Value stack(NodeContext &ctx, const std::string &suffix,
            const std::vector<Value> &parts, int64_t axis) {
  std::vector<int64_t> shape = parts[0].shape;
  shape.insert(shape.begin() + axis, int64_t(parts.size()));
  bool known = true;
  for (const Value &part : parts)
    known &= part.known();
  if (known)
    return knownValue(gatherKnown(
        parts[0].dtype, shape, [&](const std::vector<int64_t> &index) {
          std::vector<int64_t> source = index;
          source.erase(source.begin() + axis);
          const Value &part = parts[index[axis]];
          return std::make_pair(&*part.data, flatIndex(part.shape, source));
        }));
  return ctx.computeValue(suffix, shape, parts[0].dtype, [&](const Index &i) {
    Index source = i;
    source.erase(source.begin() + axis);
    Expr result = ctx.read(parts[0], source);
    for (size_t k = 1; k < parts.size(); ++k)
      result = select(i[axis] == Expr(int64_t(k)), ctx.read(parts[k], source),
                      result);
    return result;
  });
}

/// Element `position` of `x` along `axis`: a value of one rank less.
Value sliceAt(NodeContext &ctx, const std::string &suffix, const Value &x,
              int64_t axis, int64_t position) {
  std::vector<int64_t> shape = x.shape;
  shape.erase(shape.begin() + axis);
  auto sourceIndex = [&](auto index, auto at) {
    index.insert(index.begin() + axis, at);
    return index;
  };
  if (x.known())
    return knownValue(
        gatherKnown(x.dtype, shape, [&](const std::vector<int64_t> &index) {
          return std::make_pair(
              &*x.data, flatIndex(x.shape, sourceIndex(index, position)));
        }));
  return ctx.computeValue(suffix, shape, x.dtype, [&](const Index &i) {
    return ctx.read(x, sourceIndex(i, Expr(position)));
  });
}

/// `condition` ? `a` : `b`, element-wise, for values of one shape and type.
Value selectValue(NodeContext &ctx, const std::string &suffix,
                  const Value &condition, const Value &a, const Value &b) {
  return ctx.computeValue(suffix, a.shape, a.dtype, [&](const Index &i) {
    return select(ctx.read(condition, zeros(condition)), ctx.read(a, i),
                  ctx.read(b, i));
  });
}

Value knownBool(bool value) {
  return knownValue(makeKnown(UInt(1), {}, {value ? 1.0 : 0.0}));
}

std::string describe(const Value &v) {
  return v.isSequence ? "a sequence" : "shape " + shapeText(v.shape);
}

/// The condition input `i` as one boolean: known at import, or not.
std::optional<bool> knownCondition(NodeContext &ctx, size_t i,
                                   const std::string &what) {
  const Value &c = ctx.input(i);
  if (c.isSequence || c.size() != 1)
    ctx.fail(what + " must be one boolean, not " + describe(c));
  if (!c.known())
    return std::nullopt;
  return c.data->integer(0) != 0;
}

/// The condition input `i` as the value given for it (a graph input whose
/// value hcl run or onnx-test gives), where it decides the shapes: the
/// program is then made for that value, as for a shape operand.
std::optional<bool> givenCondition(NodeContext &ctx, size_t i) {
  if (const OnnxTensor *given = ctx.knownValue(i))
    return given->integer(0) != 0;
  return std::nullopt;
}

/// Whether the branches' outputs can be selected between element-wise.
bool selectable(const std::vector<Value> &a, const std::vector<Value> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].isSequence || b[i].isSequence || a[i].shape != b[i].shape ||
        a[i].dtype != b[i].dtype)
      return false;
  return true;
}

/// The static shape a subgraph declares for a tensor output, if it does.
std::optional<std::vector<int64_t>> declaredShape(const onnx::TypeProto &t) {
  if (!t.has_tensor_type() || !t.tensor_type().has_shape())
    return std::nullopt;
  std::vector<int64_t> shape;
  for (const auto &dim : t.tensor_type().shape().dim()) {
    if (!dim.has_dim_value())
      return std::nullopt;
    shape.push_back(dim.dim_value());
  }
  return shape;
}

/// Whether the branches declare outputs that cannot be selected between:
/// sequences or optionals, other element types, other static shapes.
bool declaredUnselectable(NodeContext &ctx) {
  const onnx::AttributeProto *a = ctx.attr("then_branch"),
                             *b = ctx.attr("else_branch");
  if (!a || !b || !a->has_g() || !b->has_g())
    return false;
  const auto &thens = a->g().output(), &elses = b->g().output();
  if (thens.size() != elses.size())
    return true;
  for (int i = 0; i < thens.size(); ++i) {
    const onnx::TypeProto &x = thens.Get(i).type(), &y = elses.Get(i).type();
    if (x.has_sequence_type() || y.has_sequence_type() ||
        x.has_optional_type() || y.has_optional_type())
      return true;
    if (x.has_tensor_type() && y.has_tensor_type() &&
        x.tensor_type().elem_type() != y.tensor_type().elem_type())
      return true;
    auto xs = declaredShape(x), ys = declaredShape(y);
    if (xs && ys && *xs != *ys)
      return true;
  }
  return false;
}

void lowerIf(NodeContext &ctx) {
  ctx.onlyAttrs({"then_branch", "else_branch"});
  std::optional<bool> known = knownCondition(ctx, 0, "the condition");
  if (!known && declaredUnselectable(ctx))
    known = givenCondition(ctx, 0);
  if (known) {
    std::vector<Value> outs = ctx.lowerSubgraph(
        *known ? "then_branch" : "else_branch", {}, *known ? "then" : "else");
    for (size_t i = 0; i < ctx.numOutputs() && i < outs.size(); ++i)
      ctx.setOutput(i, outs[i]);
    return;
  }
  std::vector<Value> thens = ctx.lowerSubgraph("then_branch", {}, "then");
  std::vector<Value> elses = ctx.lowerSubgraph("else_branch", {}, "else");
  if (std::optional<bool> given = givenCondition(ctx, 0);
      given && !selectable(thens, elses)) {
    // The other branch's stages stay, computed and unused.
    std::vector<Value> &taken = *given ? thens : elses;
    for (size_t i = 0; i < ctx.numOutputs() && i < taken.size(); ++i)
      ctx.setOutput(i, taken[i]);
    return;
  }
  if (thens.size() != elses.size())
    ctx.fail("then_branch has " + std::to_string(thens.size()) +
             " outputs and else_branch " + std::to_string(elses.size()));
  const Value &condition = ctx.input(0);
  for (size_t i = 0; i < ctx.numOutputs() && i < thens.size(); ++i) {
    const Value &a = thens[i], &b = elses[i];
    if (a.isSequence || b.isSequence || a.shape != b.shape ||
        a.dtype != b.dtype)
      ctx.fail("output " + std::to_string(i) + " is " + describe(a) +
               " in then_branch and " + describe(b) +
               " in else_branch: with a condition computed at run time "
               "hcl computes both branches and selects, which needs tensors "
               "of one shape and type (a condition known at import, e.g. a "
               "Constant or a value given with --input, picks one branch)");
    ctx.setOutput(i,
                  selectValue(ctx, "out" + std::to_string(i), condition, a, b));
  }
}

void lowerLoop(NodeContext &ctx) {
  ctx.onlyAttrs({"body"});
  if (!ctx.hasInput(0))
    ctx.fail("has no trip count M: hcl unrolls a Loop at import, so M must "
             "be given and known there (an initializer or a Constant)");
  int64_t trips = ctx.knownInput(0, "the trip count M").integer(0);
  if (trips > kMaxUnrolledIterations)
    ctx.fail("runs " + std::to_string(trips) +
             " iterations; hcl unrolls a Loop at import and takes at most " +
             std::to_string(kMaxUnrolledIterations));
  size_t numCarried = ctx.numInputs() - 2;
  std::vector<Value> carried;
  for (size_t k = 0; k < numCarried; ++k)
    carried.push_back(ctx.input(2 + k));
  const onnx::AttributeProto *body = ctx.attr("body");
  if (!body || !body->has_g())
    ctx.fail("attribute 'body' (a graph) is missing");
  int numScans = body->g().output_size() - 1 - int(numCarried);
  if (numScans < 0)
    ctx.fail("its body has fewer outputs than the condition and the " +
             std::to_string(numCarried) + " loop-carried values");
  std::optional<bool> running = true;
  std::optional<Value> active; // the run-time condition, once there is one
  if (ctx.hasInput(1)) {
    running = knownCondition(ctx, 1, "the condition");
    if (!running && numScans > 0)
      running = givenCondition(ctx, 1);
    if (!running)
      active = ctx.input(1);
  }
  std::vector<std::vector<Value>> scans(numScans);
  for (int64_t it = 0; it < trips && (active || *running); ++it) {
    std::string scope = "it" + std::to_string(it);
    Value iteration = knownValue(makeKnown(Int(64), {}, {double(it)}));
    std::vector<Value> arguments = {iteration,
                                    active ? *active : knownBool(true)};
    arguments.insert(arguments.end(), carried.begin(), carried.end());
    std::vector<Value> outs = ctx.lowerSubgraph("body", arguments, scope);
    const Value &condition = outs[0];
    if (condition.isSequence || condition.size() != 1)
      ctx.fail("its body's condition output must be one boolean, not " +
               describe(condition));
    if (!active) {
      std::copy(outs.begin() + 1, outs.begin() + 1 + numCarried,
                carried.begin());
      for (int j = 0; j < numScans; ++j)
        scans[j].push_back(outs[1 + numCarried + j]);
      if (condition.known())
        running = condition.data->integer(0) != 0;
      else if (it + 1 < trips)
        active = condition;
      continue;
    }
    // This iteration happens only where `active` holds.
    if (numScans > 0)
      ctx.fail("its condition is computed at run time, so the length of its "
               "scan outputs is not known at import (hcl needs static "
               "shapes); only loop-carried values can depend on it");
    for (size_t k = 0; k < numCarried; ++k) {
      const Value &next = outs[1 + k];
      if (next.isSequence || carried[k].isSequence ||
          next.shape != carried[k].shape || next.dtype != carried[k].dtype)
        ctx.fail("loop-carried value " + std::to_string(k) + " goes from " +
                 describe(carried[k]) + " to " + describe(next) +
                 " in iteration " + std::to_string(it) +
                 ", under a condition computed at run time: hcl needs one "
                 "static shape");
      carried[k] = selectValue(ctx, scope + "_keep" + std::to_string(k),
                               *active, next, carried[k]);
    }
    if (it + 1 == trips)
      break; // no later iteration reads the condition
    const Value before = *active;
    active =
        ctx.computeValue(scope + "_active", {}, UInt(1), [&](const Index &) {
          return ctx.read(before, zeros(before)) &&
                 ctx.read(condition, zeros(condition));
        });
  }
  for (size_t k = 0; k < numCarried; ++k)
    ctx.setOutput(k, carried[k]);
  for (int j = 0; j < numScans; ++j) {
    if (scans[j].empty())
      ctx.fail("runs no iteration, so scan output " + std::to_string(j) +
               " would have no elements");
    for (const Value &part : scans[j])
      if (part.isSequence || part.shape != scans[j][0].shape ||
          part.dtype != scans[j][0].dtype)
        ctx.fail("scan output " + std::to_string(j) + " is " +
                 describe(scans[j][0]) + " in one iteration and " +
                 describe(part) +
                 " in another: scan outputs stack tensors of one shape");
    ctx.setOutput(numCarried + j,
                  stack(ctx, "scan" + std::to_string(j), scans[j], 0));
  }
}

/// What one Scan runs over: the states, the scan inputs and their axes and
/// directions, and the scan outputs' axes and directions.
struct ScanSpec {
  std::vector<Value> states, inputs;
  std::vector<int64_t> inputAxes, inputReversed, outputAxes, outputReversed;
  int numOutputs = 0;
};

/// Runs the body over the scan inputs; the final states, then the scan
/// outputs.
std::vector<Value> runScan(NodeContext &ctx, ScanSpec spec,
                           const std::string &scope) {
  int64_t length = -1;
  for (size_t j = 0; j < spec.inputs.size(); ++j) {
    const Value &x = spec.inputs[j];
    if (x.isSequence)
      ctx.fail("scan input " + std::to_string(j) + " is a sequence");
    int64_t extent = x.shape[spec.inputAxes[j]];
    if (length >= 0 && extent != length)
      ctx.fail("its scan inputs have different lengths, " +
               std::to_string(length) + " and " + std::to_string(extent));
    length = extent;
  }
  if (length <= 0)
    ctx.fail("scans a sequence of no elements (or has no scan input)");
  if (length > kMaxUnrolledIterations)
    ctx.fail("scans " + std::to_string(length) +
             " elements; hcl unrolls a Scan at import and takes at most " +
             std::to_string(kMaxUnrolledIterations));
  std::vector<std::vector<Value>> scans(spec.numOutputs);
  for (int64_t t = 0; t < length; ++t) {
    std::string step = scope + "t" + std::to_string(t);
    std::vector<Value> arguments = spec.states;
    for (size_t j = 0; j < spec.inputs.size(); ++j)
      arguments.push_back(sliceAt(ctx, step + "_in" + std::to_string(j),
                                  spec.inputs[j], spec.inputAxes[j],
                                  spec.inputReversed[j] ? length - 1 - t : t));
    std::vector<Value> outs = ctx.lowerSubgraph("body", arguments, step);
    std::copy(outs.begin(), outs.begin() + spec.states.size(),
              spec.states.begin());
    for (int k = 0; k < spec.numOutputs; ++k)
      scans[k].push_back(outs[spec.states.size() + k]);
  }
  std::vector<Value> results = spec.states;
  for (int k = 0; k < spec.numOutputs; ++k) {
    std::vector<Value> &parts = scans[k];
    for (const Value &part : parts)
      if (part.isSequence || part.shape != parts[0].shape)
        ctx.fail("scan output " + std::to_string(k) +
                 " changes shape between iterations");
    if (spec.outputReversed[k])
      std::reverse(parts.begin(), parts.end());
    int64_t axis = normalizeAxis(ctx, spec.outputAxes[k], parts[0].rank() + 1);
    results.push_back(
        stack(ctx, scope + "scan" + std::to_string(k), parts, axis));
  }
  return results;
}

/// An int list attribute of `count` entries, 0 each by default.
std::vector<int64_t> perValue(NodeContext &ctx, const std::string &name,
                              size_t count) {
  std::vector<int64_t> values =
      ctx.attrInts(name, std::vector<int64_t>(count, 0));
  if (values.size() != count)
    ctx.fail("attribute '" + name + "' has " + std::to_string(values.size()) +
             " entries for " + std::to_string(count) + " values");
  return values;
}

void lowerScan(NodeContext &ctx) {
  const onnx::AttributeProto *body = ctx.attr("body");
  if (!body || !body->has_g())
    ctx.fail("attribute 'body' (a graph) is missing");
  int64_t numScanInputs = ctx.attrInt("num_scan_inputs");
  bool batched = ctx.opset() < 9; // opset 8: a batch axis, sequence_lens
  size_t first = batched ? 1 : 0;
  if (numScanInputs < 1 || size_t(numScanInputs) + first > ctx.numInputs())
    ctx.fail("num_scan_inputs is " + std::to_string(numScanInputs) + " with " +
             std::to_string(ctx.numInputs()) + " inputs");
  size_t numStates = ctx.numInputs() - first - numScanInputs;
  ScanSpec spec;
  spec.numOutputs = body->g().output_size() - int(numStates);
  if (spec.numOutputs < 0)
    ctx.fail("its body has fewer outputs than the " +
             std::to_string(numStates) + " states");
  for (size_t k = 0; k < numStates; ++k)
    spec.states.push_back(ctx.input(first + k));
  for (int64_t j = 0; j < numScanInputs; ++j)
    spec.inputs.push_back(ctx.input(first + numStates + j));
  spec.outputAxes = perValue(ctx, "scan_output_axes", spec.numOutputs);
  spec.outputReversed =
      perValue(ctx, "scan_output_directions", spec.numOutputs);
  if (!batched) {
    ctx.onlyAttrs({"body", "num_scan_inputs", "scan_input_axes",
                   "scan_input_directions", "scan_output_axes",
                   "scan_output_directions"});
    spec.inputAxes = perValue(ctx, "scan_input_axes", numScanInputs);
    for (size_t j = 0; j < spec.inputs.size(); ++j)
      spec.inputAxes[j] =
          normalizeAxis(ctx, spec.inputAxes[j], spec.inputs[j].rank());
    spec.inputReversed = perValue(ctx, "scan_input_directions", numScanInputs);
    std::vector<Value> results = runScan(ctx, spec, "");
    for (size_t i = 0; i < results.size(); ++i)
      ctx.setOutput(i, results[i]);
    return;
  }
  // Opset 8: every batch element scans along axis 1 of its own.
  ctx.onlyAttrs({"body", "num_scan_inputs", "directions"});
  if (ctx.hasInput(0))
    ctx.fail("sequence_lens is not supported: each batch element scans the "
             "whole sequence");
  spec.inputReversed = perValue(ctx, "directions", numScanInputs);
  spec.inputAxes.assign(numScanInputs, 0);
  int64_t batch = spec.inputs[0].shape.at(0);
  std::vector<std::vector<Value>> perBatch(numStates + spec.numOutputs);
  for (int64_t b = 0; b < batch; ++b) {
    std::string scope = "b" + std::to_string(b) + "_";
    ScanSpec one = spec;
    for (size_t k = 0; k < numStates; ++k)
      one.states[k] = sliceAt(ctx, scope + "state" + std::to_string(k),
                              spec.states[k], 0, b);
    for (size_t j = 0; j < spec.inputs.size(); ++j)
      one.inputs[j] =
          sliceAt(ctx, scope + "x" + std::to_string(j), spec.inputs[j], 0, b);
    std::vector<Value> results = runScan(ctx, one, scope);
    for (size_t i = 0; i < results.size(); ++i)
      perBatch[i].push_back(results[i]);
  }
  for (size_t i = 0; i < perBatch.size(); ++i)
    ctx.setOutput(i, stack(ctx, "out" + std::to_string(i), perBatch[i], 0));
}

} // namespace

void addControlFlowOps(LoweringTable &table) {
  table["If"] = lowerIf;
  table["Loop"] = lowerLoop;
  table["Scan"] = lowerScan;
}

} // namespace hcl::onnximport
