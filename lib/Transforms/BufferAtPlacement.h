//===- BufferAtPlacement.h - where a write buffer is allocated --*- C++ -*-===//

#ifndef HCL_LIB_TRANSFORMS_BUFFERATPLACEMENT_H
#define HCL_LIB_TRANSFORMS_BUFFERATPLACEMENT_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace hcl {

/// Buffers up to this many bytes live on the stack (memref.alloca); larger
/// ones on the heap (memref.alloc + dealloc). 16 KiB holds any register
/// tile (32 AVX-512 registers are 2 KiB) and stays far below the smallest
/// thread stack the CPU path runs on (OpenMP workers: 4 MiB by default).
constexpr int64_t kStackBufferBytes = 16 * 1024;

/// Allocates buffer_at's buffer of `type` for the axis `axis` once, outside
/// the loops that reuse it: at the function's entry when the loops around
/// the axis sit directly in a single-block function (where LLVM's SROA and
/// mem2reg look for allocas to promote to registers), on the stack when it
/// is small; else right before the outermost of them, on the heap. A
/// `parallel` loop (the axis or one around it) runs its iterations on
/// several threads, so the buffer is allocated inside it, on the heap: each
/// thread needs its own, and an alloca in a loop body would grow the stack
/// every iteration.
mlir::Value allocateBuffer(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::MemRefType type,
                           mlir::affine::AffineForOp axis, mlir::Block *block);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_BUFFERATPLACEMENT_H
