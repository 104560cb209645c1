//===- CpuLoops.h - steps of hcl-cpu-loops ----------------------*- C++ -*-===//

#ifndef HCL_LIB_CONVERSION_CPULOOPS_H
#define HCL_LIB_CONVERSION_CPULOOPS_H

namespace mlir {
class Operation;
} // namespace mlir

namespace hcl {

/// Turns each vector read/write pair of loop-invariant indices in an affine
/// loop (a register block's accumulators) into a value the loop carries,
/// when no other access in the loop may touch the same elements.
void hoistVectorAccumulators(mlir::Operation *root);

} // namespace hcl

#endif // HCL_LIB_CONVERSION_CPULOOPS_H
