//===- AppliedModule.h - a program parsed, schedule applied -----*- C++ -*-===//
//
// What build, build_hls and estimate share: the program EmitMLIR writes,
// parsed into a context of its own with the schedule applied, and compiler
// diagnostics collected as hcl::Error text.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_APPLIEDMODULE_H
#define HCL_LIB_FRONTEND_APPLIEDMODULE_H

#include "hcl/Frontend/Schedule.h"
#include "hcl/Runtime/JitProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>
#include <string>

namespace hcl::detail {

struct ModuleImpl {
  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<JitProgram> program;
  std::string text;
  double compileMs = 0;
  std::vector<Tensor> inputs;
  /// The types the inputs are passed in: quantize / downsize change them.
  std::vector<Type> inputTypes;
  std::vector<std::string> outputNames;
};

/// Collects error diagnostics as "file:line: error: message" at the user's
/// line when the operation carries one, else "message (in <the schedule
/// call>)" or "message\n  at: <the MLIR line they point to>".
class DiagnosticCollector {
public:
  DiagnosticCollector(mlir::MLIRContext &context, const std::string &text);
  const std::string &str() const { return messages; }
  /// Messages then describe an unnamed input ('placeholder0') by where it
  /// was made.
  void describe(const std::vector<Tensor> &inputs);

private:
  std::string messages;
  std::vector<Tensor> inputs;
  mlir::ScopedDiagnosticHandler handler;
};

/// `message` with each unnamed input ('placeholder0') described by where
/// it was made.
std::string describeUnnamed(std::string message,
                            const std::vector<Tensor> &inputs);

/// The schedule's program parsed, with the schedule applied when `apply`;
/// errors throw hcl::Error starting with `what` ("build").
std::unique_ptr<ModuleImpl> parseAndApply(const Schedule &schedule, bool apply,
                                          const char *what);

/// The module as MLIR text.
std::string print(mlir::ModuleOp module);

} // namespace hcl::detail

#endif // HCL_LIB_FRONTEND_APPLIEDMODULE_H
