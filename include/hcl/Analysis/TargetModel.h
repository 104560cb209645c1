//===- TargetModel.h - ports and latencies of an HLS target -----*- C++ -*-===//
//
// Shared by the MLIR estimator and the LLVM-level analysis (kernel.c, the
// opt plugin), so it depends on LLVM only.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_TARGETMODEL_H
#define HCL_ANALYSIS_TARGETMODEL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// What a target offers and how long operations take, in cycles.
struct TargetModel {
  std::string name;
  /// Ports of one memory bank: reads and writes share `ports` when
  /// `sharedPorts` (true dual-port BRAM), else `readPorts` + `writePorts`.
  bool sharedPorts = true;
  int ports = 2, readPorts = 1, writePorts = 1;
  /// A local array's ports when it has its own, not `ports` (rtl: a simple
  /// dual-port RAM, one read and one write port a cycle); 0: as above.
  int localReadPorts = 0, localWritePorts = 0;
  /// The ports of a memory argument of a function that is called (rtl:
  /// 1, the callee module's one port); 0: `ports`.
  int calleeArgumentPorts = 0;
  /// Whether a partitioned argument's banks are ports of their own, as HLS
  /// splits the interface; with `bankedArgumentsAtEntryOnly` (rtl) only
  /// where hasPortPerBank says so (BankAccesses.h): an argument of the
  /// kernel's top that is not passed on; other arguments are one port.
  bool bankedArguments = true;
  bool bankedArgumentsAtEntryOnly = false;
  int loadLatency = 2, storeLatency = 1;
  /// Whether a register (a local array of one-element banks) is read as a
  /// wire, in the cycle of its load, and a store's data reaches a later
  /// iteration's load in the store's cycle (rtl: the register's bypass).
  bool registersAreWires = false;
  /// Whether a pipelined loop's iteration is scheduled as the RTL does it:
  /// unrolled loops and branches join one chain of operations, a memory's
  /// accesses take its ports in turn, and a load waits for a store to its
  /// memory before it (rtl).
  bool iterationAsDataflow = false;
  /// Whether a pipelined loop keeps every store and load of a memory it
  /// carries a dependence through apart by the smallest distance of that
  /// memory's dependences, not by each pair's own (rtl: the scheduler
  /// keeps one distance per memory and cannot tell B[k][j] from B[i][j]).
  bool oneDistancePerMemory = false;
  /// Whether code outside a pipeline runs as a controller's states, in
  /// program order (rtl): the straight-line code between loops, branches
  /// and calls one run after another, a memory's accesses one a cycle.
  bool statesInProgramOrder = false;
  /// Integer operations chained within one cycle (a chain costs 1 cycle).
  bool chainIntegerOps = false;
  /// The cycles an operation occupies in a block's schedule at least, even
  /// at latency 0 (rtl: 1, the state it is computed in); the cycles a loop
  /// spends entering (rtl: 1, its entry state); whether a perfect nest
  /// around a pipelined loop is flattened into one pipeline (as Vitis
  /// and hcl's RTL do); the cycles a call's handshake adds (rtl: 1,
  /// the cycle ap_done is high).
  int opCycles = 0, loopEntryCycles = 0, callCycles = 0;
  /// The cycles a block takes at least, with statesInProgramOrder: after
  /// a loop, a branch or a call it ends with, its last state (rtl: 1, the
  /// function's return, or an outer loop's latch).
  int blockTailCycles = 0;
  /// The cycles a caller spends starting a call (rtl: 1, the state that
  /// raises the callee's ap_start).
  int callStartCycles = 0;
  bool flattensNests = true;
  /// In a dataflow region, the cycles a stream's consumer ends after its
  /// producer at least (rtl: 2, the FIFO's count register and its read
  /// latency, docs/rtl.md).
  int streamCycles = 1;
  /// Latency by operation name ("arith.addf"); `defaultInteger` and
  /// `defaultFloat` for the rest.
  std::map<std::string, int> latencies;
  int defaultInteger = 1, defaultFloat = 4;
  /// An integer divide or remainder of W bits (when its entry in
  /// `latencies` is not 0) takes W + `dividerExtraCycles` cycles, and
  /// `signedDividerExtraCycles` more when signed: one quotient bit per cycle
  /// (vitis: W + 4; rtl: W, and W + 2 signed, docs/rtl.md).
  int dividerExtraCycles = 4, signedDividerExtraCycles = 0;
  /// Units available per operation name ("arith.mulf": 2): one iteration's
  /// operations of that kind take ceil(count / units) cycles. Unlisted
  /// kinds are unlimited.
  std::map<std::string, int> units;

  /// `vitis`, `catapult`, or a JSON file with these fields.
  static llvm::FailureOr<TargetModel> get(llvm::StringRef nameOrFile,
                                          std::string &error);
  /// The latency of an operation named as MLIR names it ("arith.mulf");
  /// `isFloat` picks the default; `isFree` marks wires (casts, index math).
  int latencyOfKind(llvm::StringRef opName, bool isFloat, bool isFree) const;
};

/// The memory ports of a memory argument of the kernel's top in hcl's RTL
/// (`--rtl-argument-ports`, 1 or 2; default 2): the rtl target's `ports`.
int rtlArgumentPorts();

struct LoopEstimate {
  std::string path; // "B/i/j"
  std::optional<int64_t> tripCount;
  /// When the trip count is unknown: the loop's max_trip_count (worst case).
  std::optional<int64_t> maxTripCount;
  std::optional<int64_t> requestedII;
  int64_t resMII = 1, recMII = 1, ii = 1;
  std::optional<int64_t> latency; // exact; none when a trip count is unknown
  /// When `latency` is unknown: at most (none: unbounded) and at least.
  std::optional<int64_t> worstCaseLatency;
  std::optional<int64_t> latencyLowerBound;
  bool pipelined = false;
  /// Exact in every run, but not the same in each run of the loops around
  /// it (a triangular loop, and the loops around one): its trip count
  /// (when it varies: `minTripCount` to `maxTripCount`) and its latency
  /// (`latencyLowerBound` to `worstCaseLatency`) over its runs.
  bool varies = false;
  std::optional<int64_t> minTripCount;
  /// How often the loop was entered, and its iterations over all those
  /// runs (for its mean trip count).
  int64_t runs = 0;
  int64_t iterations = 0;
  /// What the figures assume: unknown trip counts, conservative dependences.
  std::vector<std::string> notes;
};

} // namespace hcl

#endif // HCL_ANALYSIS_TARGETMODEL_H
