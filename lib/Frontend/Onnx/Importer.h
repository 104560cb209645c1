//===- Importer.h - the state of one ONNX import ----------------*- C++ -*-===//

#ifndef HCL_LIB_ONNX_IMPORTER_H
#define HCL_LIB_ONNX_IMPORTER_H

#include "ImportContext.h"

#include <algorithm>

namespace hcl::onnximport {

class Importer {
public:
  /// With `foldGivenInputs`, the values given for graph inputs are known
  /// from the start, so integer arithmetic on them folds; without it, they
  /// are read only where an operator asks for a value (NodeContext).
  Importer(onnx::ModelProto &model, const OnnxImportOptions &options,
           bool foldGivenInputs = false);
  OnnxModel run();
  /// Whether the import failed for a value computed from graph inputs whose
  /// values were given: importing again with foldGivenInputs would know it.
  bool wantsFoldedInputs() const { return neededFoldedInputs; }
  void noteNeedsFoldedInputs() { neededFoldedInputs = !givenInputs.empty(); }

  // For NodeContext.
  Value &value(const std::string &name, const onnx::NodeProto &user);
  Tensor materialize(Value &value, const std::string &onnxName);
  void define(const std::string &name, Value value,
              const onnx::NodeProto &node);
  /// A stage name not used before, from `base` (sanitized).
  std::string uniqueStageName(const std::string &base);
  const onnx::TypeProto *inferredType(const std::string &name) const;
  /// The value given for graph input `name` (OnnxImportOptions'
  /// knownInputs / inputValues), if any.
  const OnnxTensor *givenInputValue(const std::string &name) const;
  bool isGraphInput(const std::string &name) const {
    return std::find(inputNames.begin(), inputNames.end(), name) !=
           inputNames.end();
  }
  int64_t opset() const { return defaultOpset; }
  /// How errors name `node`: its name, or for an unnamed node its operator
  /// and position in the graph (`Add #3`), so the message points somewhere.
  std::string nodeName(const onnx::NodeProto &node) const;
  /// Records a tensor a stage of the import computes (a graph output that
  /// is not one gets a copy stage).
  void noteComputed(const Tensor &t) { computedTensors.insert(t.node().get()); }
  /// Lowers `graph`, a subgraph of `owner` (If's branches, Loop's and
  /// Scan's bodies), with `arguments` bound to its inputs; returns its
  /// outputs. Its stages' names start with `prefix`. The names it defines
  /// are forgotten afterwards (the outer graph's come back), so that the
  /// next unrolled iteration defines them again.
  std::vector<Value> lowerSubgraph(const onnx::GraphProto &graph,
                                   const std::vector<Value> &arguments,
                                   const onnx::NodeProto &owner,
                                   const std::string &prefix);

private:
  void readOpsets();
  void declareInputs();
  /// Whether initializer `data` becomes an argument of the program rather
  /// than a constant (OnnxImportOptions::weightBramLimit).
  bool isWeightArgument(const OnnxTensor &data) const;
  void inferShapes();
  void lowerNode(const onnx::NodeProto &node);
  Tensor outputTensor(const std::string &name);

  onnx::ModelProto &model;
  const OnnxImportOptions &options;
  bool foldGivenInputs;
  bool neededFoldedInputs = false;
  LoweringTable lowerings;
  int64_t defaultOpset = 0;
  /// What the stages of the subgraph being lowered are named after.
  std::string stagePrefix;
  std::map<std::string, Value> values;
  /// Values given for graph inputs, by name: read only where an operator
  /// needs a value at import time.
  std::map<std::string, OnnxTensor> givenInputs;
  std::map<std::string, onnx::TypeProto> inferred;
  std::set<std::string> usedNames;
  std::vector<Tensor> inputs, outputs;
  std::set<const void *> computedTensors;
  /// What the OnnxModel will hold besides the schedule.
  std::map<std::string, Tensor> tensors;
  std::vector<std::string> inputNames, outputNames;
  std::vector<std::vector<int64_t>> outputShapes;
  std::vector<size_t> importOnlyInputs;
  std::map<std::string, OnnxTensor> weightArguments;
  std::vector<OnnxModel::EmptyOutput> emptyOutputs;
};

/// [A-Za-z0-9_] only, not starting with a digit; "" stays "".
std::string sanitize(const std::string &name);

} // namespace hcl::onnximport

#endif // HCL_LIB_ONNX_IMPORTER_H
