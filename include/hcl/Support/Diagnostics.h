//===- Diagnostics.h - one-line diagnostics for the hcl driver --*- C++ -*-===//

#ifndef HCL_SUPPORT_DIAGNOSTICS_H
#define HCL_SUPPORT_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

namespace hcl {

/// While alive, prints every diagnostic of `context` as one line,
/// `file:line:col: error: message` (`hcl: error: message` when it has no
/// location in a file), followed by its notes in the same form.
class OneLineDiagnostics {
public:
  OneLineDiagnostics(mlir::MLIRContext &context, llvm::raw_ostream &os);
  ~OneLineDiagnostics();
  OneLineDiagnostics(const OneLineDiagnostics &) = delete;
  OneLineDiagnostics &operator=(const OneLineDiagnostics &) = delete;

private:
  mlir::MLIRContext &context;
  mlir::DiagnosticEngine::HandlerID id;
};

/// `file:line:col` of a location, or "" when it has none.
std::string formatLocation(mlir::Location loc);

} // namespace hcl

#endif // HCL_SUPPORT_DIAGNOSTICS_H
