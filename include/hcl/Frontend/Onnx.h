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
#include <optional>

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
  /// Values of the graph's inputs known when importing, by ONNX name
  /// (knownInputs) or in the order of the graph's inputs (inputValues, as
  /// `hcl run --input` gives them). An operator that needs a value at import
  /// time (Reshape's shape, Slice's starts, Resize's scales, ...) takes it
  /// from here, and the program is then made for that value; everywhere else
  /// the input is read at run time like any other. Every input stays an
  /// argument of the program. A value also gives the static shape of an
  /// input's dynamic dimensions.
  std::map<std::string, OnnxTensor> knownInputs;
  std::vector<OnnxTensor> inputValues;
  /// Post-training quantization of the weights: with N > 0, float
  /// initializers become fixed-point constants of N bits (the format from
  /// their largest magnitude, fixed_format_for; values rounded to nearest,
  /// saturated).
  unsigned weightBits = 0;
  /// The default hardware schedule (`--schedule=auto`): the model's
  /// schedule has use_default_schedule() set.
  bool defaultSchedule = false;
  /// The default CPU schedule (what `hcl run model.onnx` applies): the
  /// model's schedule has use_cpu_schedule(cpuScheduleThreads) set, so
  /// build() gives register-blocked, vectorized convolutions and matmuls
  /// whose results are bit for bit the unscheduled import's. Ignored with
  /// defaultSchedule, which wins as `--schedule=auto` does.
  bool cpuSchedule = false;
  /// The threads the CPU schedule plans for (1 or more): above 1, its
  /// largest stages get a parallel loop (run them with
  /// BuildOptions::threads).
  int cpuScheduleThreads = 1;
  /// Where the weights live in hardware, by size: a float initializer
  /// needing more than this many 18 Kb BRAMs (weightBrams: 2 KiB each, a
  /// BRAM's 512 words of 36 bits holding 512 floats) becomes an argument of
  /// the program after the graph's inputs (an `m_axi` port in HLS, read from
  /// off-chip memory), the smaller ones stay constant on-chip arrays. Unset:
  /// kDefaultWeightBramLimit with defaultSchedule, else every weight stays a
  /// constant. Negative is an error. OnnxModel::weightArguments has the
  /// values to pass.
  std::optional<int64_t> weightBramLimit;
};

/// The per-array BRAM budget of the default hardware schedule's weights
/// (OnnxImportOptions::weightBramLimit): 32 BRAMs, 64 KiB, 16,384 floats.
/// ResNet-20's 64-channel 3x3 weights (72 BRAMs) are read over m_axi, its
/// 32-channel ones (18) stay on chip.
constexpr int64_t kDefaultWeightBramLimit = 32;

/// The 18 Kb BRAMs an initializer of `elements` elements of `bits` bits
/// fills (2 KiB of data each, rounded up).
int64_t weightBrams(int64_t elements, unsigned bits);

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
  /// The outputs' ONNX shapes: rank 0 for a scalar, which the program holds
  /// as a one-element tensor (as it does scalar inputs).
  std::vector<std::vector<int64_t>> outputShapes;
  /// Positions, among the graph's inputs, of those that are not arguments of
  /// the program: empty ones whose value was given (an empty `axes`), read
  /// only at import.
  std::vector<size_t> importOnlyInputs;
  /// Graph outputs with no elements (a dimension of size 0): known at
  /// import, not results of the program; `position` counts among the
  /// graph's outputs. outputNames and outputShapes leave them out.
  struct EmptyOutput {
    size_t position;
    std::string name;
    std::vector<int64_t> shape;
    Type dtype;
  };
  std::vector<EmptyOutput> emptyOutputs;
  /// The ONNX opset of the default domain.
  int64_t opset = 0;
  /// The initializers that are arguments of the program (weightsAsInputs,
  /// or above weightBramLimit), by ONNX name, with the model's values:
  /// what a run passes to them.
  std::map<std::string, OnnxTensor> weightArguments;

  /// The tensor of an ONNX value, by its ONNX name.
  Tensor operator[](const std::string &onnxName) const;
};

/// Imports an .onnx file. Unsupported operators, attributes and types are an
/// hcl::Error naming the node, the operator and what is missing.
OnnxModel import_onnx(const std::string &path,
                      const OnnxImportOptions &options = OnnxImportOptions());

// Post-training quantization (docs/onnx.md, "Quantization").

/// The signed fixed-point format of `bits` bits for values up to `maxAbs` in
/// magnitude: a power-of-two scale, the fewest integer bits that hold maxAbs
/// (Fixed(bits, bits - 1 - floor(log2 maxAbs) - 1), fraction bits clamped to
/// [0, bits]).
Type fixed_format_for(double maxAbs, unsigned bits);

/// The model's activations that quantization may store in fixed point, by
/// ONNX name: float tensors computed by a stage that holds final values
/// (not the accumulator of a reduction or a tensor a later stage updates),
/// excluding the graph's outputs.
std::vector<std::string> quantizable_activations(const OnnxModel &model);

/// The model's program with the tensors `names` as extra outputs after the
/// graph's, so that a run shows their values (calibration).
Schedule observing_schedule(const OnnxModel &model,
                            const std::vector<std::string> &names);

/// The program as MLIR text with its hcl.* schedule operations, as
/// `hcl import` writes it (lower(schedule, false) without the JIT); with
/// the default schedule's operations when the schedule uses it.
std::string program_text(const Schedule &schedule);

} // namespace hcl

#endif // HCL_FRONTEND_ONNX_H
