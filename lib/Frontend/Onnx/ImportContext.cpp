//===- ImportContext.cpp - what ONNX operator lowerings share -------------===//

#include "Importer.h"

#include <algorithm>
#include <cmath>

namespace hcl::onnximport {

int64_t Value::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string s;
  for (int64_t d : shape)
    s += (s.empty() ? "" : "x") + std::to_string(d);
  return s.empty() ? "scalar" : s;
}

std::optional<std::vector<int64_t>>
broadcastShapes(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
  size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> out(rank);
  for (size_t d = 0; d < rank; ++d) {
    int64_t x = d < rank - a.size() ? 1 : a[d - (rank - a.size())];
    int64_t y = d < rank - b.size() ? 1 : b[d - (rank - b.size())];
    if (x != y && x != 1 && y != 1)
      return std::nullopt;
    out[d] = x == 1 ? y : x;
  }
  return out;
}

int64_t normalizeAxis(const NodeContext &ctx, int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    ctx.fail("axis " + std::to_string(axis) + " is out of range for rank " +
             std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

OnnxTensor makeKnown(Type dtype, std::vector<int64_t> shape,
                     const std::vector<double> &values) {
  OnnxTensor t;
  t.dtype = dtype;
  t.shape = std::move(shape);
  if (dtype.isFloat())
    t.floats = values;
  else
    for (double v : values)
      t.ints.push_back(static_cast<int64_t>(v));
  return t;
}

Expr literal(double value, Type type) {
  if (type.isFloat())
    return cast(type, Expr(value));
  return cast(type, Expr(static_cast<int64_t>(value)));
}

NodeContext::NodeContext(Importer &importer, const onnx::NodeProto &node,
                         std::string stage)
    : importer(importer), proto(node), stage(std::move(stage)) {}

std::string NodeContext::nodeName() const { return importer.nodeName(proto); }

int64_t NodeContext::opset() const { return importer.opset(); }

void NodeContext::fail(const std::string &message) const {
  throwError("node '" + importer.nodeName(proto) + "' (" + proto.op_type() +
             "): " + message);
}

bool NodeContext::hasInput(size_t i) const {
  return int(i) < proto.input_size() && !proto.input(i).empty();
}

const Value &NodeContext::input(size_t i) {
  if (!hasInput(i))
    fail("input " + std::to_string(i) + " is missing");
  return importer.value(proto.input(i), proto);
}

const OnnxTensor *NodeContext::knownValue(size_t i) {
  const Value &v = input(i);
  if (v.known())
    return &*v.data;
  // A graph input whose value was given: the program is made for it.
  return importer.givenInputValue(proto.input(i));
}

const OnnxTensor &NodeContext::knownInput(size_t i, const std::string &what) {
  if (const OnnxTensor *value = knownValue(i))
    return *value;
  if (importer.isGraphInput(proto.input(i)))
    fail(what + " (input " + std::to_string(i) + ", '" + proto.input(i) +
         "') decides the program's shapes, so its value must be known when "
         "the model is imported: give it (hcl run --input, or "
         "OnnxImportOptions::inputValues), or make it an initializer");
  importer.noteNeedsFoldedInputs();
  fail(what + " (input " + std::to_string(i) + ", '" + proto.input(i) +
       "') must be known when the model is imported (an initializer, a "
       "constant, a graph input whose value is given, or integer arithmetic "
       "on them), not computed at run time");
}

std::vector<int64_t> NodeContext::knownInts(size_t i, const std::string &what) {
  const OnnxTensor &t = knownInput(i, what);
  std::vector<int64_t> out;
  for (int64_t k = 0; k < t.size(); ++k)
    out.push_back(t.integer(k));
  return out;
}

Tensor NodeContext::tensorOf(size_t i) {
  input(i);
  return importer.materialize(importer.value(proto.input(i), proto),
                              proto.input(i));
}

const onnx::AttributeProto *NodeContext::attr(const std::string &name) const {
  for (const auto &a : proto.attribute())
    if (a.name() == name)
      return &a;
  return nullptr;
}

bool NodeContext::hasAttr(const std::string &name) const {
  return attr(name) != nullptr;
}

std::vector<Value>
NodeContext::lowerSubgraph(const std::string &name,
                           const std::vector<Value> &arguments,
                           const std::string &scope) {
  const onnx::AttributeProto *graph = attr(name);
  if (!graph || !graph->has_g())
    fail("attribute '" + name + "' (a graph) is missing");
  return importer.lowerSubgraph(graph->g(), arguments, proto,
                                stage + "_" + scope + "_");
}

void NodeContext::onlyAttrs(const std::set<std::string> &known) const {
  for (const auto &a : proto.attribute())
    if (!known.count(a.name()))
      fail("attribute '" + a.name() + "' is not supported");
}

int64_t NodeContext::attrInt(const std::string &name,
                             std::optional<int64_t> def) const {
  if (const auto *a = attr(name))
    return a->i();
  if (!def)
    fail("the required attribute '" + name + "' is missing");
  return *def;
}

double NodeContext::attrFloat(const std::string &name,
                              std::optional<double> def) const {
  if (const auto *a = attr(name))
    return a->f();
  if (!def)
    fail("the required attribute '" + name + "' is missing");
  return *def;
}

std::string NodeContext::attrString(const std::string &name,
                                    std::optional<std::string> def) const {
  if (const auto *a = attr(name))
    return a->s();
  if (!def)
    fail("the required attribute '" + name + "' is missing");
  return *def;
}

std::vector<int64_t>
NodeContext::attrInts(const std::string &name,
                      std::optional<std::vector<int64_t>> def) const {
  if (const auto *a = attr(name))
    return std::vector<int64_t>(a->ints().begin(), a->ints().end());
  if (!def)
    fail("the required attribute '" + name + "' is missing");
  return *def;
}

std::vector<double> NodeContext::attrFloats(const std::string &name) const {
  if (const auto *a = attr(name))
    return std::vector<double>(a->floats().begin(), a->floats().end());
  fail("the required attribute '" + name + "' is missing");
}

bool NodeContext::hasOutput(size_t i) const {
  return int(i) < proto.output_size() && !proto.output(i).empty();
}

std::optional<Type> NodeContext::inferredType(size_t i) const {
  if (!hasOutput(i))
    return std::nullopt;
  const onnx::TypeProto *type = importer.inferredType(proto.output(i));
  if (!type || !type->has_tensor_type())
    return std::nullopt;
  return hclType(type->tensor_type().elem_type());
}

void NodeContext::setOutput(size_t i, Value value) {
  if (!hasOutput(i))
    return;
  importer.define(proto.output(i), std::move(value), proto);
}

void NodeContext::setKnownOutput(size_t i, OnnxTensor data) {
  Value v;
  v.shape = data.shape;
  v.dtype = data.dtype;
  v.data = std::move(data);
  setOutput(i, std::move(v));
}

std::vector<std::string>
NodeContext::loopNames(const std::vector<std::string> &given,
                       size_t rank) const {
  if (given.size() == rank)
    return given;
  // A schedule names a loop of a stage: two loops of one name (MatMul's
  // third dimension and its reduction, both `k`) could not be told apart.
  static const char *defaults[] = {"i", "j", "k", "l", "m", "n", "o", "p"};
  std::vector<std::string> names;
  for (size_t d = 0; names.size() < rank; ++d) {
    std::string name = d < 8 ? defaults[d] : "d" + std::to_string(d);
    if (!reductionNames.count(name))
      names.push_back(name);
  }
  return names;
}

Tensor NodeContext::compute(const std::string &suffix,
                            const std::vector<int64_t> &shape, Type dtype,
                            const Body &body,
                            const std::vector<std::string> &axisNames) {
  std::vector<int64_t> hclShape =
      shape.empty() ? std::vector<int64_t>{1} : shape;
  // The node's main stage takes its name; helper stages add their role.
  bool main = suffix.empty() && !mainStageMade;
  mainStageMade |= main;
  std::string name = main
                         ? stage
                         : importer.uniqueStageName(
                               stage + "_" + (suffix.empty() ? "out" : suffix));
  std::vector<Var> axes =
      detail::makeAxes(hclShape, int(hclShape.size()), "compute", name,
                       loopNames(axisNames, hclShape.size()));
  Index index;
  if (!shape.empty())
    index.assign(axes.begin(), axes.end());
  Tensor t = detail::makeCompute(hclShape, axes, body(index), name, dtype);
  importer.noteComputed(t);
  return t;
}

Value NodeContext::computeValue(const std::string &suffix,
                                const std::vector<int64_t> &shape, Type dtype,
                                const Body &body,
                                const std::vector<std::string> &axisNames) {
  Value v;
  v.shape = shape;
  v.dtype = dtype;
  // An empty result is known at import: no stage, no elements to compute.
  if (std::count(shape.begin(), shape.end(), 0)) {
    v.data = makeKnown(dtype, shape, {});
    return v;
  }
  v.tensor = compute(suffix, shape, dtype, body, axisNames);
  return v;
}

void NodeContext::computeOutput(size_t i, const std::vector<int64_t> &shape,
                                Type dtype, const Body &body,
                                const std::vector<std::string> &axisNames) {
  setOutput(i, computeValue(i == 0 ? "" : "out" + std::to_string(i), shape,
                            dtype, body, axisNames));
}

Value NodeContext::update(const std::string &suffix, const Value &target,
                          const Body &body,
                          const std::vector<std::string> &axisNames) {
  // An empty value has no stage to update and stays empty.
  if (std::count(target.shape.begin(), target.shape.end(), 0))
    return target;
  std::vector<int64_t> hclShape = target.tensor.shape();
  std::string name = importer.uniqueStageName(stage + "_" + suffix);
  std::vector<Var> axes =
      detail::makeAxes(hclShape, int(hclShape.size()), "update", name,
                       loopNames(axisNames, hclShape.size()));
  Index index;
  if (!target.shape.empty())
    index.assign(axes.begin(), axes.end());
  Value result = target;
  result.tensor = detail::makeUpdate(target.tensor, axes, body(index), name);
  importer.noteComputed(result.tensor);
  return result;
}

Var NodeContext::reduceAxis(int64_t extent, const std::string &hint) {
  reductionNames.insert(hint);
  return reduce_axis(0, extent, hint);
}

std::string NodeContext::newStageName(const std::string &suffix) {
  return importer.uniqueStageName(stage + "_" + suffix);
}

Expr NodeContext::read(const Value &value, const Index &index) {
  if (value.known() && value.size() == 1 && !value.tensor.node())
    return literal(value.data->real(0), value.dtype);
  Value &stored = const_cast<Value &>(value);
  Tensor t = importer.materialize(
      stored, stored.onnxName.empty() ? stage + "_const" : stored.onnxName);
  if (!value.shape.empty() && index.size() != value.shape.size())
    fail("internal: a read of rank " + std::to_string(index.size()) +
         " from a tensor of rank " + std::to_string(value.shape.size()));
  Expr element = value.shape.empty() ? t.read({Expr(0)}) : t.read(index);
  // Quantized weights are read as the values they hold.
  return t.dtype() == value.dtype ? element : cast(value.dtype, element);
}

Expr NodeContext::readBroadcast(const Value &value, const Index &outIndex) {
  size_t rank = outIndex.size(), r = value.shape.size();
  if (r > rank)
    fail("internal: broadcasting rank " + std::to_string(r) + " to rank " +
         std::to_string(rank));
  Index index;
  for (size_t d = 0; d < r; ++d) {
    size_t outDim = d + (rank - r);
    index.push_back(value.shape[d] == 1 ? Expr(0) : outIndex[outDim]);
  }
  return read(value, index);
}

} // namespace hcl::onnximport
