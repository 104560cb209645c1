//===- BoundsTrap.h - run-time bounds violations in JIT code ----*- C++ -*-===//
//
// --hcl-insert-bounds-checks makes a program call hcl_bounds_violation(site,
// indices) before an access that leaves its memref. The JIT resolves that
// name to the function here, which stops the run: it jumps back to the
// caller of callCatchingBoundsViolations, which returns the message. The
// jump leaves only JIT-compiled frames (no destructors); what the program
// allocated before the violation is not freed.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_BOUNDSTRAP_H
#define HCL_RUNTIME_BOUNDSTRAP_H

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace hcl {

/// The address the JIT binds hcl_bounds_violation to.
void *boundsViolationHandlerAddress();

/// Calls a JIT-compiled packed function. When the program reports a bounds
/// violation, returns its message ("index [99] into 'A' (memref<16xi32>) in
/// stage 'B'"), `sites` giving the description of each check site.
std::optional<std::string>
callCatchingBoundsViolations(void (*function)(void **), void **arguments,
                             llvm::ArrayRef<std::string> sites);

} // namespace hcl

#endif // HCL_RUNTIME_BOUNDSTRAP_H
