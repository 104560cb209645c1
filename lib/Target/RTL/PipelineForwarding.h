//===- PipelineForwarding.h - loads a pipeline need not issue ---*- C++ -*-===//

#ifndef HCL_LIB_TARGET_RTL_PIPELINEFORWARDING_H
#define HCL_LIB_TARGET_RTL_PIPELINEFORWARDING_H

#include "mlir/IR/BuiltinOps.h"

namespace hcl::rtl {

/// In the body of each pipelined affine loop (straight-line after the
/// unrolling): a load of an address the iteration stored or loaded before,
/// with no store to that memory in between that may write it, takes that
/// value instead of the port; a store overwritten by a later store to the
/// same address, with no access to the memory in between, is dropped. The
/// estimator's ResMII counts distinct addresses, and HLS forwards the same
/// way; without it an unrolled reduction through a one-element buffer
/// would take a port cycle per step.
void forwardInPipelines(mlir::ModuleOp module);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_PIPELINEFORWARDING_H
