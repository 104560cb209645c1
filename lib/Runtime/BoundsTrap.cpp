//===- BoundsTrap.cpp - run-time bounds violations in JIT code ------------===//

#include "hcl/Runtime/BoundsTrap.h"

#include <csetjmp>
#include <cstdint>

namespace hcl {

namespace {
/// The run in progress on this thread: where to jump back to and what to say.
struct Trap {
  std::jmp_buf resume;
  llvm::ArrayRef<std::string> sites;
  std::string message;
};
thread_local Trap *activeTrap = nullptr;
} // namespace

/// hcl_bounds_violation(i64 site, memref<?xi64> indices), with the memref
/// passed as MLIR's LLVM lowering expands it (allocated and aligned pointer,
/// offset, size, stride).
extern "C" void hclBoundsViolation(int64_t site, int64_t *, int64_t *aligned,
                                   int64_t offset, int64_t size,
                                   int64_t stride) {
  Trap *trap = activeTrap;
  if (!trap)
    return; // not called through callCatchingBoundsViolations
  std::string indices;
  for (int64_t i = 0; i < size; ++i)
    indices += (i ? ", " : "") + std::to_string(aligned[offset + i * stride]);
  std::string where = site >= 0 && size_t(site) < trap->sites.size()
                          ? trap->sites[site]
                          : "check site " + std::to_string(site);
  trap->message = "index [" + indices + "] into " + where;
  std::longjmp(trap->resume, 1);
}

void *boundsViolationHandlerAddress() {
  return reinterpret_cast<void *>(&hclBoundsViolation);
}

/// No object with a destructor lives in this frame across setjmp.
static bool callWithTrap(Trap &trap, void (*function)(void **),
                         void **arguments) {
  if (setjmp(trap.resume) != 0)
    return false;
  function(arguments);
  return true;
}

std::optional<std::string>
callCatchingBoundsViolations(void (*function)(void **), void **arguments,
                             llvm::ArrayRef<std::string> sites) {
  Trap trap;
  trap.sites = sites;
  Trap *outer = activeTrap;
  activeTrap = &trap;
  bool finished = callWithTrap(trap, function, arguments);
  activeTrap = outer;
  if (finished)
    return std::nullopt;
  return trap.message;
}

} // namespace hcl
