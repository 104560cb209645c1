//===- Dataflow.h - dataflow regions as concurrent modules ------*- C++ -*-===//
//
// A function whose buffers are streamed (hcl.to) is a dataflow region: after
// hcl-rtl-outline-dataflow its body is allocations and one call per process.
// Its module (DataflowEmitter.cpp) starts every process's module at once
// (a process that uses an ordinary buffer of an earlier one when that one is
// done), connects each stream's two ends through a FIFO (share/rtl/
// hcl_fifo.sv) and shares each other memory between the processes that use
// it. A process's module stalls (`ap_stall`: every register holds) while
// one of its accesses waits: a FIFO read while it is empty, a write while
// it is full, an access of a memory another process is granted.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_DATAFLOW_H
#define HCL_LIB_TARGET_RTL_DATAFLOW_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace hcl::rtl {

/// The argument attribute of a process's stream: the FIFO's depth.
constexpr llvm::StringLiteral kStreamAttr = "rtl.stream";
/// A function called by a dataflow region: its module has `ap_stall`.
constexpr llvm::StringLiteral kProcessAttr = "rtl.process";
/// The FIFO module's file under share/rtl.
constexpr llvm::StringLiteral kFifoFile = "hcl_fifo.sv";

/// Whether `func` is a dataflow region with streams.
bool isDataflowRegion(mlir::func::FuncOp func);

/// Whether `func` is called by a dataflow region (and so can stall).
bool isProcess(mlir::func::FuncOp func);

/// Whether `memory` (a function argument) is a stream of its process.
bool isStream(mlir::Value memory);

/// Checks what a dataflow region's module can be built from: allocations,
/// constants and calls of its processes, memref results; and, in the
/// processes, nothing that cannot stall (a call: its module runs on its own).
mlir::LogicalResult checkDataflowRegion(mlir::func::FuncOp func);
mlir::LogicalResult checkProcess(mlir::func::FuncOp func);

/// Prints `func`'s module (a dataflow region, checked).
mlir::LogicalResult emitDataflowModule(mlir::func::FuncOp func,
                                       llvm::raw_ostream &os);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_DATAFLOW_H
