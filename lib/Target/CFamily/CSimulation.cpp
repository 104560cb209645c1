//===- CSimulation.cpp - how the emitted C and C++ are compiled -----------===//

#include "hcl/Target/CFamily/CSimulation.h"

#include "llvm/ADT/StringExtras.h"

namespace hcl {

const char *const kCSimCxxStandard = "-std=gnu++14";

llvm::ArrayRef<const char *> hlsCSimFlags() {
  static const char *const flags[] = {kCSimCxxStandard, "-O2", "-fwrapv"};
  return flags;
}

llvm::ArrayRef<const char *> hlsCompatFlags() {
  static const char *const flags[] = {"-Ihcl_compat", "-DHCL_DATAFLOW_THREADS",
                                      "-pthread"};
  return flags;
}

llvm::ArrayRef<const char *> bambuCFlags() {
  static const char *const flags[] = {
      "-std=c99", "-O2", "-Wall", "-Werror", "-fwrapv", "-ffp-contract=off"};
  return flags;
}

llvm::ArrayRef<const char *> bambuTestbenchFlags() {
  static const char *const flags[] = {kCSimCxxStandard, "-O2"};
  return flags;
}

std::string joinFlags(llvm::ArrayRef<const char *> flags) {
  return llvm::join(flags, " ");
}

} // namespace hcl
