//===- ProcessingElements.h - hcl.to into a PE array ------------*- C++ -*-===//

#ifndef HCL_LIB_TRANSFORMS_PROCESSINGELEMENTS_H
#define HCL_LIB_TRANSFORMS_PROCESSINGELEMENTS_H

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/ScheduleContext.h"

namespace hcl {

/// hcl.to with pe_index: places the target in the processing elements of
/// an hcl.unfold (the array partitioned into one block per PE along its
/// first dimension), or forwards a PE's block to other PEs.
mlir::LogicalResult placeInProcessingElements(ToOp op, ScheduleContext &ctx);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_PROCESSINGELEMENTS_H
