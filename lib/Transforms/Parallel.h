//===- Parallel.h - marking a loop parallel, shared by parallel and bind --===//
//
// hcl.parallel and hcl.bind both turn a loop into one whose iterations run at
// once; they share the rule that decides when that is legal.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_PARALLEL_H
#define HCL_LIB_TRANSFORMS_PARALLEL_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace hcl {

/// Marks `loop` with the unit attribute `parallel`. When the loop carries a
/// dependence between iterations it is left alone and `primitive` reports
/// "loop '<loopName>' carries a dependence between iterations and cannot be
/// <becoming>".
mlir::LogicalResult markLoopParallel(mlir::Operation *primitive,
                                     mlir::affine::AffineForOp loop,
                                     llvm::StringRef loopName,
                                     const llvm::Twine &becoming);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_PARALLEL_H
