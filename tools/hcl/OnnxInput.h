//===- OnnxInput.h - ONNX models and tensors in the hcl driver --*- C++ -*-===//
//
// Every subcommand that reads a program accepts an .onnx model (imported
// with --shape / --weights-as-inputs) and, for `hcl run --input`, ONNX .pb
// tensors next to .npy files.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_ONNXINPUT_H
#define HCL_TOOLS_HCL_ONNXINPUT_H

#include "OnnxInterface.h"

#include "hcl/Frontend/Onnx.h"
#include "hcl/Runtime/HostArray.h"

#include "llvm/Support/Error.h"

namespace hcl::driver {

bool isOnnxPath(llvm::StringRef path);
bool isOnnxTensorPath(llvm::StringRef path);

/// The import options from the command line (--shape, --weights-as-inputs)
/// and, for `hcl run`, the values of the --input files (.npy or .pb), which
/// decide shape operands and dynamic dimensions (OnnxImportOptions).
llvm::Expected<OnnxImportOptions>
importOptionsFromCommandLine(llvm::ArrayRef<std::string> inputFiles = {});

/// The model as hcl MLIR text; import errors become an llvm::Error. With
/// `interface`, also what OnnxInterface holds.
llvm::Expected<std::string> importOnnxText(llvm::StringRef path,
                                           const OnnxImportOptions &options,
                                           OnnxInterface *interface = nullptr);

/// A host array holding `tensor` (rank 0 becomes shape [1], as the importer
/// makes scalars one-element tensors).
HostArray hostArrayFrom(const OnnxTensor &tensor);
llvm::Expected<HostArray> readOnnxTensor(llvm::StringRef path);
/// The values of an .npy or ONNX .pb file, with the file's own shape.
llvm::Expected<OnnxTensor> readTensorValues(llvm::StringRef path);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_ONNXINPUT_H
