//===- DivisionChecks.h - integer division faults in JIT code ---*- C++ -*-===//
//
// An integer division or remainder by zero, or the most negative value
// divided by -1, traps on x86 (SIGFPE) and is undefined in LLVM; random
// inputs (`hcl check` draws integers from [-16, 16)) hit it easily. The JIT
// guards every division whose divisor is not a safe constant: a faulting
// one divides by 1 instead and calls hcl_division_fault(site, kind), which
// records the first fault; JitProgram::run then fails with a
// DivisionFaultError naming the operation, its stage and its location.
// Recording instead of stopping works on OpenMP worker threads too, which
// cannot jump back to the caller.
//
// The guards are inserted in two steps because the LLVM dialect, where every
// division (fixed-point ones included) is one operation, no longer knows the
// stages: tagDivisions() names each division in its location before the
// lowering, insertDivisionChecks() guards the LLVM divisions after it.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_DIVISIONCHECKS_H
#define HCL_RUNTIME_DIVISIONCHECKS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// The runtime function the guards call: hcl_division_fault(i64 site,
/// i64 kind), kind 0 for a zero divisor, 1 for MIN / -1.
inline constexpr llvm::StringLiteral kDivisionFaultFunction =
    "hcl_division_fault";

/// Before the lowering to LLVM: wraps the location of every integer
/// division and remainder (arith and hcl.div_fixed) in a name that says
/// what it is and in which stage.
void tagDivisions(mlir::ModuleOp module);

/// After the lowering to LLVM: guards every llvm.sdiv/udiv/srem/urem whose
/// divisor may be zero (or -1 for a signed one) and returns what each
/// guarded site is ("arith.divsi in stage 'C' (file.mlir:12:10)").
std::vector<std::string> insertDivisionChecks(mlir::ModuleOp module);

/// The address the JIT binds hcl_division_fault to.
void *divisionFaultHandlerAddress();

/// The record is process-wide (worker threads write it): clear it before a
/// run, read it after. Programs run at the same time in several threads
/// share it.
void clearDivisionFault();
struct DivisionFault {
  int64_t site;
  bool overflow; // MIN / -1 rather than a zero divisor
};
std::optional<DivisionFault> takeDivisionFault();

/// The error JitProgram::run returns for a recorded fault, so that callers
/// drawing random inputs can add how to avoid it.
class DivisionFaultError : public llvm::ErrorInfo<DivisionFaultError> {
public:
  static char ID;
  DivisionFaultError(std::string message) : message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string message;
};

/// "integer division by zero: SITE" for `fault`, `sites` from
/// insertDivisionChecks.
llvm::Error makeDivisionFaultError(const DivisionFault &fault,
                                   llvm::ArrayRef<std::string> sites);

} // namespace hcl

#endif // HCL_RUNTIME_DIVISIONCHECKS_H
