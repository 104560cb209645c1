//===- StackSlots.h - buffers of disjoint lifetimes share stack memory ----===//

#ifndef HCL_LIB_CONVERSION_STACKSLOTS_H
#define HCL_LIB_CONVERSION_STACKSLOTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace hcl {

/// Whether the buffer is only accessed and freed: it cannot outlive its
/// function (not returned, stored or passed to a call).
bool staysLocal(mlir::memref::AllocOp alloc);

/// Puts the buffers allocated at the top level of `function` whose
/// lifetimes (from the first to the last top-level operation that uses
/// them) do not overlap into shared stack memory, up to `budgetBytes` in
/// all; returns the bytes used. StackSlots.cpp says why.
uint64_t shareStackSlots(mlir::func::FuncOp function, uint64_t budgetBytes);

} // namespace hcl

#endif // HCL_LIB_CONVERSION_STACKSLOTS_H
