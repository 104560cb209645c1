//===- CSimulation.h - how the emitted C and C++ are compiled ---*- C++ -*-===//
//
// The one definition of the compiler flags of the C simulations: the HLS
// project's Makefile (which `hcl.build(..., target=...)` in Python runs
// with `make tb`), the Bambu project's Makefile, and `hcl check --hls` /
// `--bambu`, which run the compilers themselves, all take them from here.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_CFAMILY_CSIMULATION_H
#define HCL_TARGET_CFAMILY_CSIMULATION_H

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace hcl {

/// The C++ dialect of the HLS kernel and of every testbench: C++14 with
/// hexadecimal float literals (exact constants).
extern const char *const kCSimCxxStandard;

/// g++ flags of the HLS C simulation: the dialect, -O2, and -fwrapv
/// (integers wrap on overflow, as in the IR and in hardware).
llvm::ArrayRef<const char *> hlsCSimFlags();

/// Without Vitis HLS: hcl's ap_int.h / ap_fixed.h / hls_stream.h from
/// hcl_compat/, whose streams run dataflow processes as threads.
llvm::ArrayRef<const char *> hlsCompatFlags();

/// gcc flags that check the Bambu C as strict C99: every warning an
/// error, integers that wrap, and no fused multiply-add (the JIT rounds
/// each operation).
llvm::ArrayRef<const char *> bambuCFlags();

/// g++ flags of the Bambu project's testbench (the HLS backend's).
llvm::ArrayRef<const char *> bambuTestbenchFlags();

/// `flags` separated by spaces, as a Makefile writes them.
std::string joinFlags(llvm::ArrayRef<const char *> flags);

} // namespace hcl

#endif // HCL_TARGET_CFAMILY_CSIMULATION_H
