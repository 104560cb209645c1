//===- MemoryEmitter.h - one amc.memory as one Verilog module ---*- C++ -*-===//
//
// Every port value of a lowered amc.memory body becomes a *bundle* of wires.
// Requests (en/we/addr/wdata, or valid/we/addr/wdata for handshake ports)
// flow from the interface down to the RAMs; read data flows back up. The
// operation that consumes a value drives its request wires; the operation
// that defines it drives its response wires. Values exposed by amc.extern
// are the module's ports themselves (`p<i>_...`).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_VERILOG_MEMORYEMITTER_H
#define HCL_LIB_TARGET_VERILOG_MEMORYEMITTER_H

#include "hcl/Dialect/AMC/AMCOps.h"
#include "hcl/Target/Verilog.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <string>

namespace hcl::verilog {

/// ceil(log2(n)), at least 1: the width of an index below n.
int64_t indexWidth(int64_t n);
/// `[w-1:0] ` or "" for one bit.
std::string range(int64_t width);
/// A sized unsigned literal: `10'd512`.
std::string literal(int64_t width, int64_t value);
/// `name[index]`, or `name` for a one-bit signal.
std::string bit(const std::string &name, int64_t width, int64_t index);
/// `sym` as a Verilog identifier (invalid characters and keywords avoided).
std::string moduleName(llvm::StringRef symbol);

/// The wires of one port value.
struct Bundle {
  std::string name; // prefix: "p0" for interface port 0, else "s<n>"
  amc::PortShape shape;
  int64_t addrWidth = 1;
  int64_t dataWidth = 1;
  /// Writes below an amc.split_aggregated update `lanes` lanes separately,
  /// selected by the one-hot `<name>_lanes`.
  int64_t lanes = 1;
  /// Same-cycle writes to one word: the higher interface port index wins.
  /// The index is a constant for a fixed path from the interface, a signal
  /// below an arbiter that serves several interface ports.
  int64_t staticPriority = -1;
  std::string prioritySignal;
  bool used = false; // consumed by some operation

  bool readable() const { return amc::canRead(shape.kind); }
  bool writable() const { return amc::canWrite(shape.kind); }
  /// A rw port has a `we`; r and w ports read or write whenever enabled.
  bool hasWe() const { return shape.kind == amc::PortKind::ReadWrite; }
  std::string sig(llvm::StringRef suffix) const {
    return name + "_" + suffix.str();
  }
  /// The request's write-enable as an expression (`1'b1` for a w port).
  std::string writeExpr() const;
  /// The priority as an expression of `width` bits.
  std::string priorityExpr(int64_t width) const;
};

class MemoryEmitter {
public:
  MemoryEmitter(amc::MemoryOp memory, const VerilogOptions &options)
      : memory(memory), options(options) {}

  /// Checks the body is fully lowered, then writes the module to `os`.
  mlir::LogicalResult emit(llvm::raw_ostream &os);

private:
  // Legality and analysis (MemoryEmitter.cpp).
  mlir::LogicalResult check();
  /// Refuses a RAM forced to a primitive with fewer ports than it uses;
  /// warns of one no RAM primitive can hold (PrimitivePorts.cpp).
  mlir::LogicalResult checkPrimitivePorts(amc::AllocOp alloc);
  void nameBundles();
  mlir::LogicalResult propagateRequests();
  void declareBundle(const Bundle &bundle);

  // One function per operation kind (Ram.cpp, Merge.cpp, Arbiter.cpp,
  // Split.cpp).
  void emitRam(amc::AllocOp alloc);
  void markPrioritiesUsed(amc::AllocOp alloc);
  void emitMerge(amc::MergeOp merge);
  void emitArbiter(amc::ArbiterOp arbiter);
  void emitSplit(amc::SplitAggregatedOp split);
  void tieOffUnused(const Bundle &bundle);

  /// A chain of `stages` registers delaying `input` (`width` bits); returns
  /// the name of the last one (`input` itself for 0 stages).
  std::string delay(const std::string &input, int64_t width, int64_t stages,
                    const std::string &prefix);
  /// Records a signal that is intentionally left (partly) unread.
  void markUnused(const std::string &signal) { unused.push_back(signal); }

  void emitHeader(llvm::raw_ostream &os);

  amc::MemoryOp memory;
  const VerilogOptions &options;
  llvm::DenseMap<mlir::Value, Bundle> bundles;
  int64_t priorityWidth = 1;
  int64_t ramCount = 0;
  int64_t arbiterCount = 0;
  llvm::StringSet<> usedPrioritySignals;
  llvm::SmallVector<std::string> unused;
  std::string declText, logicText;
  llvm::raw_string_ostream decls{declText};
  llvm::raw_string_ostream logic{logicText};
};

} // namespace hcl::verilog

#endif // HCL_LIB_TARGET_VERILOG_MEMORYEMITTER_H
