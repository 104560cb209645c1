//===- OutlineDataflow.h - each process of a dataflow region a call -*- C++
//-*-===//
//
// A function the schedule made a dataflow region (hcl.to) runs its
// processes (top-level loop nests and calls) concurrently, connected by
// its streamed buffers. The HLS C++ and RTL backends both write each
// process as a function of its own; this makes it one.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TRANSFORMS_OUTLINEDATAFLOW_H
#define HCL_TRANSFORMS_OUTLINEDATAFLOW_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace hcl {

/// Whether `op` is an allocation hcl.to streams (`stream_depth`).
bool isStreamAlloc(mlir::Operation &op);

/// Whether `func` has a body with streamed allocations.
bool hasStreamAllocs(mlir::func::FuncOp func);

/// Makes every process of a dataflow function with streams a call of a
/// function of its own (`<function>_<stage>`), so each stage is a function.
/// The buffers only a process uses move into it.
mlir::LogicalResult outlineDataflowProcesses(mlir::ModuleOp module);

/// Whether `func` is a dataflow process outlineDataflowProcesses made (not
/// a function of the user's program).
bool isOutlinedDataflowProcess(mlir::func::FuncOp func);

} // namespace hcl

#endif // HCL_TRANSFORMS_OUTLINEDATAFLOW_H
