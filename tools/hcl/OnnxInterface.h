//===- OnnxInterface.h - what the driver keeps of an ONNX model -*- C++ -*-===//
//
// Standard C++ only, so that files holding MLIR's dialects can include it
// (the front end's headers declare types of the same names).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_ONNXINTERFACE_H
#define HCL_TOOLS_HCL_ONNXINTERFACE_H

#include "hcl/Runtime/HostArray.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hcl::driver {

/// What the driver keeps of an imported model besides its program.
struct OnnxInterface {
  /// The ONNX names of the program's arguments, in order.
  std::vector<std::string> inputNames;
  /// The ONNX shapes of its results (rank 0 for a scalar, which the
  /// program returns as a one-element tensor).
  std::vector<std::vector<int64_t>> outputShapes;
  /// Positions, among the model's inputs, of the empty ones whose value was
  /// given: read at import, not arguments of the program.
  std::vector<size_t> importOnlyInputs;
  /// The model's outputs with no elements, which the program does not
  /// return: each with its position among the model's outputs.
  struct EmptyOutput {
    size_t position;
    std::vector<int64_t> shape;
    ElementKind kind;
  };
  std::vector<EmptyOutput> emptyOutputs;
  /// The arguments that are the model's weights (read over m_axi), by
  /// position, with the model's values: runs pass these, not random ones.
  std::vector<std::pair<size_t, HostArray>> weightArguments;
};

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_ONNXINTERFACE_H
