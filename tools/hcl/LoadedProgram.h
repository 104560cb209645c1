//===- LoadedProgram.h - a program read by the hcl driver -------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_LOADEDPROGRAM_H
#define HCL_TOOLS_HCL_LOADEDPROGRAM_H

#include "DriverPipeline.h"
#include "OnnxInterface.h"

#include "llvm/ADT/STLExtras.h"

#include "hcl/Support/Diagnostics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <string>
#include <vector>

namespace hcl::driver {

/// A parsed and verified program with its own context; diagnostics go to
/// stderr one line each.
class LoadedProgram {
public:
  /// Reads `path` and runs the command's pass manager on it: the linalg
  /// lowering, then the passes `pipeline` adds (DriverPipeline.h). Null
  /// when the file cannot be read or parsed or a pass fails (the error is
  /// printed). For an ONNX model, `inputFiles` (hcl run's --input) give the
  /// values of its inputs where the import needs them (OnnxImportOptions).
  static std::unique_ptr<LoadedProgram>
  load(llvm::StringRef path, PipelineBuilder pipeline = {},
       llvm::ArrayRef<std::string> inputFiles = {});

  mlir::ModuleOp module() { return *moduleOp; }

  /// The names the source gives the arguments of @function (their
  /// hcl.arg_name, which the front ends write; "A" for `%A: memref<...>`;
  /// the input's name in an ONNX model); "" for each one it cannot tell.
  std::vector<std::string> argumentNames(llvm::StringRef function);

  /// Whether result `i` is a scalar of the ONNX model the program came
  /// from: the program returns it as one element, the user gets shape ().
  /// Whether the i-th --input file of an ONNX model went to the import only
  /// (an empty input), not to an argument.
  bool isOnnxImportOnlyInput(size_t i) const {
    return llvm::is_contained(onnx.importOnlyInputs, i);
  }

  bool isOnnxScalarResult(size_t i) const {
    return i < onnx.outputShapes.size() && onnx.outputShapes[i].empty();
  }

  /// The ONNX model's outputs in order: the program's `results` with the
  /// empty outputs (no elements, not returned by the program) put back in
  /// their places.
  std::vector<HostArray>
  withOnnxEmptyOutputs(std::vector<HostArray> results) const {
    for (const auto &e : onnx.emptyOutputs)
      results.insert(results.begin() + std::min(e.position, results.size()),
                     HostArray(e.kind, e.shape));
    return results;
  }

private:
  LoadedProgram();
  /// The arguments' SSA names in the source text.
  std::vector<std::string> sourceNames(mlir::func::FuncOp func);
  /// Gives each function argument its source name (hcl.arg_name), which
  /// bounds messages use.
  void nameArguments();
  mlir::MLIRContext context;
  OneLineDiagnostics diagnostics;
  llvm::SourceMgr sourceMgr;
  mlir::OwningOpRef<mlir::ModuleOp> moduleOp;
  /// For an ONNX model: the ONNX names of the entry's arguments.
  OnnxInterface onnx;
};

/// Prints "hcl: error: MESSAGE" and returns the exit code 1.
int fail(const llvm::Twine &message);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_LOADEDPROGRAM_H
