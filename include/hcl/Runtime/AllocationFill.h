//===- AllocationFill.h - fill what a JIT program allocates ----*- C++ -*-===//
//
// A program that reads a memref.alloc before writing it (accumulating into
// a buffer it never cleared) has undefined results: two runs read whatever
// the allocator handed out. `hcl check` would then report a mismatch that
// says nothing about the schedule. To tell such a program apart, the JIT
// can fill every block the program allocates (heap and stack) with one byte
// before the program uses it; a program whose outputs differ between a run
// with 0x00 and a run with 0xFF depends on memory it never wrote.
//
// The fills are inserted in the LLVM dialect, after the lowering, where
// every allocation is one llvm.call @malloc / @aligned_alloc or one
// llvm.alloca, whatever made it (memref.alloc, a reuse buffer, a buffer the
// CPU pipeline moved onto the stack).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_ALLOCATIONFILL_H
#define HCL_RUNTIME_ALLOCATIONFILL_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace hcl {

/// The byte the fills write, an external i8 of the program.
inline constexpr llvm::StringLiteral kFillByteGlobal = "hcl_fill_byte";

/// After the lowering to LLVM: sets every block a malloc, aligned_alloc or
/// alloca returns to hcl_fill_byte, right after it.
void insertAllocationFills(mlir::ModuleOp module);

/// The address the JIT binds hcl_fill_byte to.
void *fillByteAddress();

/// Sets hcl_fill_byte; process-wide (programs running at the same time
/// share it), 0 until set.
void setAllocationFillByte(uint8_t byte);

} // namespace hcl

#endif // HCL_RUNTIME_ALLOCATIONFILL_H
