//===- StreamTrace.h - the processes of a dataflow function -----*- C++ -*-===//
//
// A function whose buffers are streamed (hcl.to) runs as a dataflow region:
// each top-level loop nest or call is a process, and processes talk through
// FIFO channels (the streamed buffers) or through ordinary buffers, which a
// consumer may read only once their producer has finished (Vitis' ping-pong
// buffers). To check a channel's order and the region's freedom from
// deadlock exactly, each process's channel accesses are traced by running
// its affine loops on integers (only the loops that reach a channel).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_STREAMTRACE_H
#define HCL_ANALYSIS_STREAMTRACE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <string>
#include <vector>

namespace hcl {

/// One access of a channel: which element, and where in the IR.
struct ChannelEvent {
  unsigned channel;
  bool isWrite;
  int64_t element; // row-major index into the buffer
  mlir::Operation *access;
};

/// A process of the region, in program order.
struct DataflowProcess {
  mlir::Operation *root;
  std::string name; // the stage name, the callee, or the operation's name
  std::vector<ChannelEvent> events;
  /// The ordinary (not streamed) buffers it reads and writes, as the
  /// function sees them.
  llvm::SetVector<mlir::Value> reads, writes;
  /// The channels it reads and writes (known without tracing).
  llvm::SetVector<unsigned> channelsRead, channelsWritten;
};

/// The processes of `func` with their channel accesses (when `maxEvents` is
/// not 0); `channels` numbers the streamed buffers. Fails with a located
/// error when a channel is accessed in a way the trace cannot follow
/// (non-affine, in a loop whose bounds are not known) or when the trace
/// would exceed `maxEvents`.
mlir::FailureOr<std::vector<DataflowProcess>>
traceDataflowProcesses(mlir::func::FuncOp func,
                       const llvm::DenseMap<mlir::Value, unsigned> &channels,
                       uint64_t maxEvents);

/// For each process, the earlier processes it must wait for: those that
/// write an ordinary buffer it uses, or use an ordinary buffer it writes.
std::vector<llvm::SmallVector<int>>
processDependences(const std::vector<DataflowProcess> &processes);

/// Whether `op`, a top-level operation of a dataflow function, is one of its
/// processes (not an allocation, constant, return or schedule operation).
bool isDataflowProcess(mlir::Operation *op);

/// "B[1][2]": an element of `buffer` (named by its `name` attribute).
std::string describeElement(mlir::Value buffer, int64_t element);

/// The buffer's name for messages: its `name` attribute, else "the buffer".
std::string bufferName(mlir::Value buffer);

} // namespace hcl

#endif // HCL_ANALYSIS_STREAMTRACE_H
