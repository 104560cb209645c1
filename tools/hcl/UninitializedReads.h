//===- UninitializedReads.h - programs that read what they never wrote ----===//
//
// A program that reads a memref.alloc before writing it has undefined
// results, and `hcl check` comparing it with its schedule would report a
// mismatch that says nothing about the schedule. Two ways to tell: a quick
// look at the program (the first access to an allocation is a load), and,
// before every comparison, two runs of the program the other is compared
// with (the reference, or for --hls/--bambu/--rtl the scheduled JIT) with
// every allocation filled with a different byte
// (hcl/Runtime/AllocationFill.h).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_UNINITIALIZEDREADS_H
#define HCL_TOOLS_HCL_UNINITIALIZEDREADS_H

#include "hcl/Runtime/HostArray.h"
#include "hcl/Runtime/JitProgram.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl::driver {

/// The first memref.alloc in `func` that is read before anything writes it
/// (in program order, the first access to it is a load), or null.
mlir::Operation *findAllocReadFirst(mlir::func::FuncOp func);

/// The first output of `program` ("result0", "arg2") whose value on
/// `inputs` changes when every allocation is filled with 0xFF instead of
/// 0x00: the program reads memory it never wrote. None when the two runs
/// agree, or when a run fails (the caller's own run then reports it).
/// `program` is compiled with JitOptions::fillAllocations; the fill byte is
/// 0 again afterwards.
std::optional<std::string>
findUninitializedDependence(JitProgram &program,
                            const std::vector<HostArray> &inputs);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_UNINITIALIZEDREADS_H
