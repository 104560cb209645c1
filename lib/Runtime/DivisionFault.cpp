//===- DivisionFault.cpp - the record of a guarded division's fault -------===//

#include "hcl/Runtime/DivisionChecks.h"

#include <atomic>
#include <cstdint>

namespace hcl {

char DivisionFaultError::ID = 0;

namespace {
/// 2 * site + kind of the first fault since the last clear, or -1. Atomic:
/// the threads of a parallel loop may fault at the same time.
std::atomic<int64_t> firstFault{-1};
} // namespace

/// hcl_division_fault(i64 site, i64 kind), called by the guards.
extern "C" void hclDivisionFault(int64_t site, int64_t kind) {
  int64_t none = -1;
  firstFault.compare_exchange_strong(none, 2 * site + (kind != 0));
}

void *divisionFaultHandlerAddress() {
  return reinterpret_cast<void *>(&hclDivisionFault);
}

void clearDivisionFault() { firstFault.store(-1); }

std::optional<DivisionFault> takeDivisionFault() {
  int64_t fault = firstFault.exchange(-1);
  if (fault < 0)
    return std::nullopt;
  return DivisionFault{fault / 2, (fault % 2) != 0};
}

llvm::Error makeDivisionFaultError(const DivisionFault &fault,
                                   llvm::ArrayRef<std::string> sites) {
  std::string where = fault.site < int64_t(sites.size())
                          ? sites[fault.site]
                          : "check site " + std::to_string(fault.site);
  return llvm::make_error<DivisionFaultError>(
      (fault.overflow ? "integer division overflow (the most negative value "
                        "divided by -1): "
                      : "integer division by zero: ") +
      where);
}

} // namespace hcl
