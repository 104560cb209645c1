//===- Onnx.h - ONNX models as hcl programs ---------------------*- C++ -*-===//
//
// import_onnx() reads an .onnx file with the ONNX library and builds the
// algorithm of an hcl program: one or more stages per ONNX node, named after
// the node, that the designer then schedules like any other hcl program
// (docs/onnx.md). Part of the installed front end: standard C++ only.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_ONNX_H
#define HCL_FRONTEND_ONNX_H

#include "hcl/Frontend/Schedule.h"

#include <map>

namespace hcl {

/// A tensor's values, known on the host (an ONNX TensorProto): integers and
/// booleans in `ints`, floats in `floats`, row-major. Rank 0 is a scalar.
struct OnnxTensor {
  std::string name;
  Type dtype = Float(32);
  std::vector<int64_t> shape;
  std::vector<double> floats;
  std::vector<int64_t> ints;

  int64_t size() const;
  /// Element `i` as a double / an integer, whatever the dtype.
  double real(int64_t i) const;
  int64_t integer(int64_t i) const;
};

/// Reads a serialized ONNX TensorProto (the backend tests' input_0.pb).
OnnxTensor read_onnx_tensor(const std::string &path);

struct OnnxImportOptions {
  /// Static shapes for inputs with dynamic dimensions ("data" -> 1x3x224x224).
  std::map<std::string, std::vector<int64_t>> shapes;
  /// Initializers become inputs of the program (after the graph's inputs)
  /// instead of constant globals.
  bool weightsAsInputs = false;
  /// Inputs whose values are known when importing: they are folded into the
  /// program where an operator needs a value at compile time (Reshape's
  /// shape, Slice's starts, ...) and stay inputs otherwise.
  std::map<std::string, OnnxTensor> knownInputs;
};

/// An imported model: its schedule (stages named after the ONNX nodes) and
/// its tensors by ONNX name.
struct OnnxModel {
  explicit OnnxModel(Schedule schedule) : schedule(std::move(schedule)) {}

  Schedule schedule;
  /// ONNX value name -> the hcl tensor holding it.
  std::map<std::string, Tensor> tensors;
  /// The ONNX names of the program's inputs and outputs, in order (inputs
  /// folded from knownInputs are not among them; with weightsAsInputs the
  /// initializers follow the graph's inputs).
  std::vector<std::string> inputNames, outputNames;
  /// The ONNX opset of the default domain.
  int64_t opset = 0;

  /// The tensor of an ONNX value, by its ONNX name.
  Tensor operator[](const std::string &onnxName) const;
};

/// Imports an .onnx file. Unsupported operators, attributes and types are an
/// hcl::Error naming the node, the operator and what is missing.
OnnxModel import_onnx(const std::string &path,
                      const OnnxImportOptions &options = OnnxImportOptions());

/// The program as MLIR text with its hcl.* schedule operations, as
/// `hcl import` writes it (lower(schedule, false) without the JIT).
std::string program_text(const Schedule &schedule);

} // namespace hcl

#endif // HCL_FRONTEND_ONNX_H
