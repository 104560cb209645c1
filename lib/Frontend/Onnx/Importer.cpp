//===- Importer.cpp - an ONNX graph as hcl stages -------------------------===//
//
// Reads the model with the ONNX library, fixes dynamic input dimensions from
// the options, runs ONNX's shape inference (its results check the shapes
// the lowerings compute), then lowers the nodes in graph order inside one
// recording scope, as create_schedule does for a C++ kernel.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"
#include "../Nodes.h"

#include "onnx/shape_inference/implementation.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace hcl {

Tensor OnnxModel::operator[](const std::string &onnxName) const {
  auto it = tensors.find(onnxName);
  if (it == tensors.end())
    throwError("the imported model has no tensor named '" + onnxName + "'");
  return it->second;
}

namespace onnximport {

std::string sanitize(const std::string &name) {
  std::string out;
  for (char c : name)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (!out.empty() && std::isdigit(static_cast<unsigned char>(out[0])))
    out = "n" + out;
  return out;
}

/// Rounds `data` to the nearest value of its fixed-point format (saturating)
/// and returns the format.
static Type quantizeWeights(OnnxTensor &data, unsigned bits) {
  double maxAbs = 0;
  for (double v : data.floats)
    maxAbs = std::max(maxAbs, std::fabs(v));
  Type format = fixed_format_for(maxAbs, bits);
  double scale = std::ldexp(1.0, int(format.frac));
  double lo = -std::ldexp(1.0, int(bits) - 1),
         hi = std::ldexp(1.0, int(bits) - 1) - 1;
  for (double &v : data.floats)
    v = std::clamp(std::round(v * scale), lo, hi) / scale;
  return format;
}

Importer::Importer(onnx::ModelProto &model, const OnnxImportOptions &options,
                   bool foldGivenInputs)
    : model(model), options(options), foldGivenInputs(foldGivenInputs) {
  addElementwiseOps(lowerings);
  addActivationOps(lowerings);
  addMatrixOps(lowerings);
  addConvPoolOps(lowerings);
  addShapeOps(lowerings);
  addReduceOps(lowerings);
  addNormalizationOps(lowerings);
  addSequenceOps(lowerings);
  addLossOps(lowerings);
  addResizeOps(lowerings);
  addScatterOps(lowerings);
  addIndexingOps(lowerings);
  addMiscOps(lowerings);
  addRecurrentOps(lowerings);
  addQuantizedOps(lowerings);
  addGridSampleOps(lowerings);
  addSpectralOps(lowerings);
  addControlFlowOps(lowerings);
}

void Importer::readOpsets() {
  for (const auto &opset : model.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx")
      defaultOpset = opset.version();
  if (defaultOpset == 0)
    throwError("the model imports no opset of the default ONNX domain");
  // The operator schemas (and so shape inference and each lowering's
  // reading of attributes) stop at libonnx's newest opset: a newer model
  // may mean something else by the same operator.
  const auto &known =
      onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  auto range = known.find("");
  if (range != known.end() && defaultOpset > range->second.second)
    throwError("the model imports opset " + std::to_string(defaultOpset) +
               " of the default ONNX domain; hcl's importer knows opsets up "
               "to " +
               std::to_string(range->second.second) +
               " (re-export the model for an older opset)");
}

std::string Importer::uniqueStageName(const std::string &base) {
  std::string name = sanitize(base);
  if (name.empty())
    name = "stage";
  std::string candidate = name;
  for (int k = 1; !usedNames.insert(candidate).second; ++k)
    candidate = name + "_" + std::to_string(k);
  return candidate;
}

/// "12x12", "Nx3" (a dynamic dimension by its name, else '?').
static std::string modelShapeText(const onnx::TypeProto_Tensor &type) {
  std::string text;
  for (int d = 0; d < type.shape().dim_size(); ++d) {
    const auto &dim = type.shape().dim(d);
    text += d ? "x" : "";
    if (dim.has_dim_value() && dim.dim_value() >= 0)
      text += std::to_string(dim.dim_value());
    else
      text += dim.has_dim_param() ? dim.dim_param() : "?";
  }
  return text;
}

/// The shape of the value given for a graph input, which must agree with
/// the model's fixed dimensions (its dynamic ones it decides).
static std::vector<int64_t> valueShape(const onnx::ValueInfoProto &input,
                                       const OnnxTensor &value) {
  const auto &type = input.type().tensor_type();
  if (!type.has_shape())
    return value.shape;
  bool agrees = type.shape().dim_size() == int(value.shape.size());
  for (int d = 0; agrees && d < type.shape().dim_size(); ++d) {
    const auto &dim = type.shape().dim(d);
    agrees = !dim.has_dim_value() || dim.dim_value() < 0 ||
             dim.dim_value() == value.shape[d];
  }
  if (!agrees)
    throwError("the value given for input '" + input.name() + "' has shape " +
               shapeText(value.shape) + ", but the model's input has shape " +
               modelShapeText(type));
  return value.shape;
}

/// The static shape of a graph input, from the model, from --shape, or
/// from the value given for it.
static std::vector<int64_t> inputShape(const onnx::ValueInfoProto &input,
                                       const OnnxImportOptions &options,
                                       const OnnxTensor *value) {
  auto given = options.shapes.find(input.name());
  const auto &type = input.type().tensor_type();
  if (given == options.shapes.end() && value)
    return valueShape(input, *value);
  if (given != options.shapes.end()) {
    if (type.has_shape() &&
        type.shape().dim_size() != int(given->second.size()))
      throwError("--shape " + input.name() + "=" + shapeText(given->second) +
                 ": the input has rank " +
                 std::to_string(type.shape().dim_size()));
    // --shape fills in dynamic dimensions; a fixed one it contradicts is
    // a mistake (the weights were made for it), not an override.
    for (int d = 0; type.has_shape() && d < type.shape().dim_size(); ++d) {
      const auto &dim = type.shape().dim(d);
      if (dim.has_dim_value() && dim.dim_value() >= 0 &&
          dim.dim_value() != given->second[d])
        throwError("--shape " + input.name() + "=" + shapeText(given->second) +
                   ": dimension " + std::to_string(d) + " of input '" +
                   input.name() + "' is fixed at " +
                   std::to_string(dim.dim_value()) +
                   " in the model (its shape is " + modelShapeText(type) +
                   "); --shape only gives dynamic dimensions");
    }
    return given->second;
  }
  if (!type.has_shape())
    throwError("input '" + input.name() +
               "' has no shape in the model: give "
               "one with --shape " +
               input.name() + "=D0xD1x...");
  std::vector<int64_t> shape;
  for (int d = 0; d < type.shape().dim_size(); ++d) {
    const auto &dim = type.shape().dim(d);
    if (!dim.has_dim_value() || dim.dim_value() < 0)
      throwError("input '" + input.name() + "' has a dynamic dimension " +
                 (dim.has_dim_param() ? "'" + dim.dim_param() + "' " : "") +
                 "(dimension " + std::to_string(d) +
                 "): give its shape with "
                 "--shape " +
                 input.name() + "=D0xD1x...");
    shape.push_back(dim.dim_value());
  }
  return shape;
}

void Importer::declareInputs() {
  onnx::GraphProto &graph = *model.mutable_graph();
  std::set<std::string> initializerNames;
  for (const auto &init : graph.initializer())
    initializerNames.insert(init.name());
  size_t position = 0;
  for (auto &input : *graph.mutable_input()) {
    if (initializerNames.count(input.name()))
      continue; // an initializer listed as an input (older exporters)
    size_t inputPosition = position++;
    if (!input.type().has_tensor_type())
      throwError("input '" + input.name() +
                 "' is not a tensor (sequences, "
                 "maps and optionals are not supported as inputs)");
    std::optional<Type> dtype = hclType(input.type().tensor_type().elem_type());
    if (!dtype)
      throwError("input '" + input.name() + "' has element type " +
                 elemTypeName(input.type().tensor_type().elem_type()) +
                 ", which hcl does not support");
    const OnnxTensor *given = nullptr;
    if (auto known = options.knownInputs.find(input.name());
        known != options.knownInputs.end())
      given = &known->second;
    else if (inputPosition < options.inputValues.size())
      given = &options.inputValues[inputPosition];
    Value v;
    v.shape = inputShape(input, options, given);
    v.dtype = *dtype;
    bool empty = false;
    for (int64_t d : v.shape)
      empty |= d == 0;
    if (empty && given) {
      // An empty operand known at import time (e.g. no axes): a value
      // only, not an argument of the program.
      v.data = *given;
      v.onnxName = input.name();
      values[input.name()] = v;
      importOnlyInputs.push_back(inputPosition);
      continue;
    }
    if (empty)
      throwError("input '" + input.name() + "' has no elements (shape " +
                 shapeText(v.shape) + "); empty tensors are not supported");
    // Write the static shape back so that shape inference propagates it.
    auto *shape = input.mutable_type()->mutable_tensor_type()->mutable_shape();
    shape->clear_dim();
    for (int64_t d : v.shape)
      shape->add_dim()->set_dim_value(d);
    std::vector<int64_t> hclShape =
        v.shape.empty() ? std::vector<int64_t>{1} : v.shape;
    v.tensor = placeholder(hclShape, uniqueStageName(input.name()), v.dtype);
    if (given && foldGivenInputs)
      v.data = *given;
    if (given)
      givenInputs[input.name()] = *given;
    inputs.push_back(v.tensor);
    inputNames.push_back(input.name());
    tensors[input.name()] = v.tensor;
    v.onnxName = input.name();
    values[input.name()] = v;
  }
  for (const auto &init : graph.initializer()) {
    OnnxTensor data = fromProto(init, "initializer '" + init.name() + "'");
    Value v;
    v.shape = data.shape;
    v.dtype = data.dtype;
    if (isWeightArgument(data)) {
      v.tensor =
          placeholder(v.shape.empty() ? std::vector<int64_t>{1} : v.shape,
                      uniqueStageName(init.name()), v.dtype);
      inputs.push_back(v.tensor);
      inputNames.push_back(init.name());
      tensors[init.name()] = v.tensor;
      weightArguments[init.name()] = data;
    }
    if (options.weightBits && data.dtype.isFloat() && !v.tensor.node())
      v.storage = quantizeWeights(data, options.weightBits);
    v.data = std::move(data);
    v.onnxName = init.name();
    values[init.name()] = std::move(v);
  }
}

bool Importer::isWeightArgument(const OnnxTensor &data) const {
  // Integer initializers are shapes and indices, which the import needs.
  if (!data.dtype.isFloat())
    return false;
  if (options.weightsAsInputs)
    return true;
  std::optional<int64_t> limit = options.weightBramLimit;
  if (!limit && options.defaultSchedule)
    limit = kDefaultWeightBramLimit;
  return limit && weightBrams(data.size(), data.dtype.bits) > *limit;
}

void Importer::inferShapes() {
  try {
    onnx::ShapeInferenceOptions inference(false, 0, true);
    onnx::shape_inference::InferShapes(
        model, onnx::OpSchemaRegistry::Instance(), inference);
  } catch (const std::exception &) {
    return; // the lowerings compute shapes themselves; this is a cross-check
  }
  for (const auto &info : model.graph().value_info())
    inferred[info.name()] = info.type();
  for (const auto &info : model.graph().output())
    inferred[info.name()] = info.type();
}

const OnnxTensor *Importer::givenInputValue(const std::string &name) const {
  auto it = givenInputs.find(name);
  return it == givenInputs.end() ? nullptr : &it->second;
}

const onnx::TypeProto *Importer::inferredType(const std::string &name) const {
  auto it = inferred.find(name);
  return it == inferred.end() ? nullptr : &it->second;
}

Value &Importer::value(const std::string &name, const onnx::NodeProto &user) {
  auto it = values.find(name);
  if (it == values.end())
    throwError("node '" + nodeName(user) + "' (" + user.op_type() + ") uses '" +
               name + "', which no earlier node, input or initializer defines");
  return it->second;
}

Tensor Importer::materialize(Value &v, const std::string &onnxName) {
  if (v.tensor.node())
    return v.tensor;
  if (v.isSequence)
    throwError("'" + onnxName + "' is a sequence, not a tensor");
  if (!v.data)
    throwError("'" + onnxName + "' has neither a tensor nor known values");
  for (int64_t d : v.shape)
    if (d == 0)
      throwError("'" + onnxName + "' has no elements (shape " +
                 shapeText(v.shape) +
                 "); empty tensors are not supported "
                 "where a program reads them");
  std::vector<int64_t> shape =
      v.shape.empty() ? std::vector<int64_t>{1} : v.shape;
  std::string name = uniqueStageName(onnxName);
  if (v.storage)
    v.tensor = constant(v.data->floats, shape, name, *v.storage);
  else if (v.dtype.isFloat())
    v.tensor = constant(v.data->floats, shape, name, v.dtype);
  else
    v.tensor = constant(v.data->ints, shape, name, v.dtype);
  tensors.emplace(onnxName, v.tensor);
  return v.tensor;
}

void Importer::define(const std::string &name, Value v,
                      const onnx::NodeProto &node) {
  // Empty tensors are refused, except known ones (an empty roi or scales
  // operand), which are only read at import time.
  for (int64_t d : v.shape)
    if (d <= 0 && !(d == 0 && v.known() && !v.tensor.node()))
      throwError("node '" + nodeName(node) + "' (" + node.op_type() +
                 "): output '" + name + "' would have no elements (shape " +
                 shapeText(v.shape) + "); empty tensors are not supported");
  // Check against ONNX's shape inference where it knows the shape.
  if (const onnx::TypeProto *type = inferredType(name)) {
    if (type->has_tensor_type() && type->tensor_type().has_shape() &&
        !v.isSequence) {
      const auto &shape = type->tensor_type().shape();
      bool isStatic = true;
      std::vector<int64_t> dims;
      for (const auto &dim : shape.dim()) {
        isStatic &= dim.has_dim_value();
        dims.push_back(dim.dim_value());
      }
      if (isStatic && dims != v.shape)
        throwError("node '" + nodeName(node) + "' (" + node.op_type() +
                   "): hcl computes shape " + shapeText(v.shape) + " for '" +
                   name + "' but ONNX's shape inference gives " +
                   shapeText(dims) + " (an importer bug: please report it)");
    }
  }
  if (v.tensor.node())
    tensors[name] = v.tensor;
  v.onnxName = name;
  values[name] = std::move(v);
}

void Importer::lowerNode(const onnx::NodeProto &node) {
  std::string base =
      node.name().empty()
          ? node.op_type() +
                (node.output_size() ? "_" + node.output(0) : std::string())
          : node.name();
  if (!node.domain().empty() && node.domain() != "ai.onnx")
    throwError("node '" + nodeName(node) + "' (" + node.op_type() +
               "): operators of domain '" + node.domain() +
               "' are not supported");
  auto it = lowerings.find(node.op_type());
  if (it == lowerings.end())
    throwError("node '" + nodeName(node) + "' (" + node.op_type() +
               "): operator " + node.op_type() + " is not supported");
  NodeContext context(*this, node, uniqueStageName(stagePrefix + base));
  it->second(context);
  for (int i = 0; i < node.output_size(); ++i)
    if (!node.output(i).empty() && !values.count(node.output(i)))
      throwError("node '" + nodeName(node) + "' (" + node.op_type() +
                 "): output " + std::to_string(i) + " ('" + node.output(i) +
                 "') is not supported");
}

std::vector<Value> Importer::lowerSubgraph(const onnx::GraphProto &graph,
                                           const std::vector<Value> &arguments,
                                           const onnx::NodeProto &owner,
                                           const std::string &prefix) {
  if (size_t(graph.input_size()) != arguments.size())
    throwError("node '" + nodeName(owner) + "' (" + owner.op_type() +
               "): its subgraph '" + graph.name() + "' has " +
               std::to_string(graph.input_size()) + " inputs, where " +
               owner.op_type() + " gives " + std::to_string(arguments.size()));
  // The outer values the subgraph's names hide, restored afterwards.
  std::map<std::string, std::optional<Value>> hidden;
  auto hide = [&](const std::string &name) {
    if (hidden.count(name))
      return;
    auto it = values.find(name);
    hidden[name] =
        it == values.end() ? std::nullopt : std::optional<Value>(it->second);
  };
  for (int i = 0; i < graph.input_size(); ++i) {
    hide(graph.input(i).name());
    Value v = arguments[i];
    v.onnxName = graph.input(i).name();
    values[v.onnxName] = std::move(v);
  }
  for (const auto &init : graph.initializer()) {
    hide(init.name());
    Value v;
    v.data = fromProto(init, "initializer '" + init.name() + "'");
    v.shape = v.data->shape;
    v.dtype = v.data->dtype;
    v.onnxName = init.name();
    values[init.name()] = std::move(v);
  }
  std::string outerPrefix = stagePrefix;
  stagePrefix = prefix;
  for (const auto &node : graph.node()) {
    for (const std::string &name : node.output())
      hide(name);
    lowerNode(node);
  }
  stagePrefix = outerPrefix;
  std::vector<Value> results;
  for (const auto &output : graph.output()) {
    auto it = values.find(output.name());
    if (it == values.end())
      throwError("node '" + nodeName(owner) + "' (" + owner.op_type() +
                 "): output '" + output.name() + "' of its subgraph '" +
                 graph.name() + "' is not computed by any node");
    results.push_back(it->second);
  }
  for (auto &[name, outer] : hidden)
    if (outer)
      values[name] = std::move(*outer);
    else
      values.erase(name);
  return results;
}

/// A graph output as a tensor the program returns: inputs, constants and
/// tensors returned twice get a copy stage.
Tensor Importer::outputTensor(const std::string &name) {
  auto it = values.find(name);
  if (it == values.end())
    throwError("graph output '" + name + "' is not computed by any node");
  Value &v = it->second;
  if (v.isSequence)
    throwError("graph output '" + name +
               "' is a sequence; hcl programs "
               "return tensors");
  Tensor t = materialize(v, name);
  bool computed = computedTensors.count(t.node().get()) > 0;
  bool returned = false;
  for (const Tensor &out : outputs)
    returned |= out.node() == t.node();
  if (computed && !returned)
    return t;
  std::vector<int64_t> shape = t.shape();
  std::string stage = uniqueStageName(name + "_output");
  std::vector<Var> axes =
      detail::makeAxes(shape, int(shape.size()), "compute", stage, {});
  std::vector<Expr> index(axes.begin(), axes.end());
  Tensor copy =
      detail::makeCompute(shape, axes, t.read(index), stage, t.dtype());
  return copy;
}

std::string Importer::nodeName(const onnx::NodeProto &node) const {
  if (!node.name().empty())
    return node.name();
  const auto &nodes = model.graph().node();
  for (int i = 0; i < nodes.size(); ++i)
    if (&nodes.Get(i) == &node)
      return node.op_type() + " #" + std::to_string(i);
  return node.op_type();
}

OnnxModel Importer::run() {
  readOpsets();
  declareInputs();
  inferShapes();
  detail::RecordingScope scope;
  for (const auto &node : model.graph().node())
    lowerNode(node);
  size_t position = 0;
  for (const auto &output : model.graph().output()) {
    const Value *v = &values.at(output.name());
    if (!v->isSequence && v->known() && v->size() == 0 && !v->shape.empty())
      emptyOutputs.push_back({position, output.name(), v->shape, v->dtype});
    else {
      outputs.push_back(outputTensor(output.name()));
      outputNames.push_back(output.name());
      outputShapes.push_back(v->shape);
    }
    ++position;
  }

  std::vector<std::shared_ptr<TensorNode>> stages = scope.take();
  OnnxModel imported(detail::makeSchedule(inputs, outputs, std::move(stages)));
  imported.tensors = std::move(tensors);
  imported.inputNames = std::move(inputNames);
  imported.outputNames = std::move(outputNames);
  imported.outputShapes = std::move(outputShapes);
  imported.importOnlyInputs = std::move(importOnlyInputs);
  imported.emptyOutputs = std::move(emptyOutputs);
  imported.weightArguments = std::move(weightArguments);
  imported.opset = defaultOpset;
  if (options.defaultSchedule)
    imported.schedule.use_default_schedule();
  else if (options.cpuSchedule)
    imported.schedule.use_cpu_schedule(options.cpuScheduleThreads);
  return imported;
}

} // namespace onnximport

int64_t weightBrams(int64_t elements, unsigned bits) {
  constexpr int64_t bramBytes = 2048;
  int64_t bytes = (elements * bits + 7) / 8;
  return (bytes + bramBytes - 1) / bramBytes;
}

OnnxModel import_onnx(const std::string &path,
                      const OnnxImportOptions &options) {
  if (options.weightBramLimit && *options.weightBramLimit < 0)
    throwError("the weights' BRAM limit is " +
               std::to_string(*options.weightBramLimit) +
               ": it is a number of 18 Kb BRAMs per array, 0 or more");
  if (options.cpuSchedule && options.cpuScheduleThreads < 1)
    throwError("the CPU schedule's threads are " +
               std::to_string(options.cpuScheduleThreads) + ": 1 or more");
  onnx::ModelProto model;
  if (!model.ParseFromString(onnximport::readFileBytes(path)))
    throwError("'" + path +
               "' is not an ONNX model (the protobuf does not "
               "parse)");
  // The operations are the model's, not the importer's C++ lines.
  detail::PinnedLocation unknown(path, 0);
  if (options.knownInputs.empty() && options.inputValues.empty()) {
    onnximport::Importer importer(model, options);
    return importer.run();
  }
  // Given input values are first read only where an operator asks for one,
  // so that the program computes everything else. When an operator needs a
  // value computed from them (a window's length through Cast and Sub, say),
  // the import starts again with them known, and integer arithmetic on them
  // folds.
  {
    onnx::ModelProto firstTry = model;
    onnximport::Importer importer(firstTry, options);
    try {
      return importer.run();
    } catch (const Error &) {
      if (!importer.wantsFoldedInputs())
        throw;
    }
  }
  onnximport::Importer importer(model, options, /*foldGivenInputs=*/true);
  return importer.run();
}

} // namespace hcl
