//===- Importer.h - the state of one ONNX import ----------------*- C++ -*-===//

#ifndef HCL_LIB_ONNX_IMPORTER_H
#define HCL_LIB_ONNX_IMPORTER_H

#include "ImportContext.h"

namespace hcl::onnximport {

class Importer {
public:
  Importer(onnx::ModelProto &model, const OnnxImportOptions &options);
  OnnxModel run();

  // For NodeContext.
  Value &value(const std::string &name, const onnx::NodeProto &user);
  Tensor materialize(Value &value, const std::string &onnxName);
  void define(const std::string &name, Value value,
              const onnx::NodeProto &node);
  /// A stage name not used before, from `base` (sanitized).
  std::string uniqueStageName(const std::string &base);
  const onnx::TypeProto *inferredType(const std::string &name) const;
  int64_t opset() const { return defaultOpset; }
  /// Records a tensor a stage of the import computes (a graph output that
  /// is not one gets a copy stage).
  void noteComputed(const Tensor &t) { computedTensors.insert(t.node().get()); }

private:
  void readOpsets();
  void declareInputs();
  void inferShapes();
  void lowerNode(const onnx::NodeProto &node);
  Tensor outputTensor(const std::string &name);

  onnx::ModelProto &model;
  const OnnxImportOptions &options;
  LoweringTable lowerings;
  int64_t defaultOpset = 0;
  std::map<std::string, Value> values;
  std::map<std::string, onnx::TypeProto> inferred;
  std::set<std::string> usedNames;
  std::vector<Tensor> inputs, outputs;
  std::set<const void *> computedTensors;
  /// What the OnnxModel will hold besides the schedule.
  std::map<std::string, Tensor> tensors;
  std::vector<std::string> inputNames, outputNames;
};

/// [A-Za-z0-9_] only, not starting with a digit; "" stays "".
std::string sanitize(const std::string &name);

} // namespace hcl::onnximport

#endif // HCL_LIB_ONNX_IMPORTER_H
