//===- Estimate.cpp - initiation intervals and latency of affine IR -------===//
//
// ResMII: the accesses of one iteration (inner loops unrolled, as HLS does
// under a pipelined loop; hcl/Analysis/BankAccesses.h) are grouped by array
// and bank; accesses to the same address count once; a bank serves `ports`
// accesses per cycle (or read / write ports). RecMII: for every store and a
// load of the same array in the loop, MLIR's checkMemrefAccessDependence gives
// the dependence distance along the loop; the latency from the load to the
// store, plus the two memory latencies, divided by the distance. Latency: a
// pipelined loop takes depth + II * (trips - 1) cycles, others trips * body
// latency.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/Estimate.h"
#include "DistinctAddresses.h"
#include "LoopModel.h"

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Analysis/OperatorCost.h"
#include "hcl/Analysis/StreamTrace.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>
#include <set>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

static Value memrefOfRead(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  return cast<AffineReadOpInterface>(op).getMemRef();
}

static Value memrefOfWrite(Operation *op) {
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  return cast<AffineWriteOpInterface>(op).getMemRef();
}

/// The copies unrolling makes of the body of `op`: an affine loop's
/// constant trip count, 1 for anything else.
static int64_t unrolledCopies(Operation &op) {
  if (auto loop = dyn_cast<AffineForOp>(op))
    if (std::optional<uint64_t> trips = getConstantTripCount(loop))
      return static_cast<int64_t>(*trips);
  return 1;
}

bool isRegisterArray(Value memref) {
  bool local = memref.getDefiningOp<memref::AllocOp>() ||
               memref.getDefiningOp<memref::AllocaOp>();
  auto type = dyn_cast<MemRefType>(memref.getType());
  return local && type && hasOneElementBanks(type);
}

int loadLatencyOf(const TargetModel &target, Operation *op) {
  Value memref = memrefOfRead(op);
  if (target.registersAreWires && isRegisterArray(memref))
    return 0;
  return target.loadLatency;
}

int latencyOf(const TargetModel &target, Operation *op) {
  StringRef name = op->getName().getStringRef();
  // A global (the weights of a network) is a ROM that exists before the
  // function runs: naming it takes no time.
  if (op->getNumResults() == 0 || op->hasTrait<OpTrait::ConstantLike>() ||
      isa<memref::GetGlobalOp>(op))
    return target.latencyOfKind(name, false, true);
  // Non-affine accesses (a gather's data-dependent index) are memory ports.
  if (isa<memref::LoadOp>(op))
    return target.loadLatency;
  Type t = op->getResult(0).getType();
  bool isFloat = isa<FloatType>(t) ||
                 llvm::any_of(op->getOperandTypes(),
                              [](Type o) { return isa<FloatType>(o); });
  // Index arithmetic and casts are wires.
  bool isFree = !isFloat && (t.isIndex() || name.contains("cast"));
  int base = target.latencyOfKind(name, isFloat, isFree);
  if (isFloat || isFree)
    return base;
  // A divider takes a cycle per quotient bit, plus the target's extra ones.
  if (base != 0 &&
      isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp>(op)) {
    bool isSigned = isa<arith::DivSIOp, arith::RemSIOp>(op);
    return static_cast<int>(getElementTypeOrSelf(t).getIntOrFloatBitWidth()) +
           target.dividerExtraCycles +
           (isSigned ? target.signedDividerExtraCycles : 0);
  }
  return scaleLatencyByWidth(op, base);
}

namespace {

/// Operations of each kind in one iteration, nested loops unrolled.
void countKinds(Block &body, int64_t copies,
                std::map<std::string, int64_t> &kinds) {
  for (Operation &op : body) {
    if (auto loop = dyn_cast<AffineForOp>(op)) {
      int64_t trips =
          static_cast<int64_t>(getConstantTripCount(loop).value_or(1));
      countKinds(*loop.getBody(), copies * trips, kinds);
      continue;
    }
    kinds[op.getName().getStringRef().str()] += copies;
    for (Region &region : op.getRegions())
      for (Block &block : region)
        countKinds(block, copies, kinds);
  }
}

/// The distinct read and write addresses of an array's bank.
struct Addresses {
  DistinctAddresses reads, writes;
  DistinctAddresses &of(bool isStore) { return isStore ? writes : reads; }
};

/// A data-dependent access (memref.load / store) of a partitioned array may
/// go to any bank: it is counted against every bank of the array.
int64_t resourceMII(Operation *loop, const TargetModel &target,
                    std::vector<std::string> &notes, AccessCache &cache) {
  // (array, bank) -> distinct read and write addresses; banks by number.
  llvm::StringMap<unsigned> bankIds;
  std::map<std::pair<void *, unsigned>, Addresses> groups;
  // Data-dependent accesses of partitioned arrays, by array.
  std::map<void *, Addresses> anyBank;
  // Consecutive accesses mostly go to one group: the last one is kept.
  void *lastMemref = nullptr;
  std::string lastBank;
  Addresses *last = nullptr;
  auto group = [&](void *memref, StringRef bank) -> Addresses & {
    if (last && memref == lastMemref && bank == lastBank)
      return *last;
    unsigned id = bankIds.try_emplace(bank, bankIds.size()).first->second;
    lastMemref = memref;
    lastBank = bank.str();
    last = &groups[{memref, id}];
    return *last;
  };
  IterationOptions options;
  options.memrefOps = true;
  options.cache = &cache;
  options.numericAddresses = true;
  options.runs = true;
  options.sink = [&](const AccessInstance &a) {
    void *memref = a.memref.getAsOpaquePointer();
    // An argument that is one port whatever its partition.
    if (auto argument = dyn_cast<BlockArgument>(a.memref);
        argument &&
        (!target.bankedArguments ||
         (target.bankedArgumentsAtEntryOnly && !hasPortPerBank(argument)))) {
      group(memref, "").of(a.isStore).insert(a);
      return;
    }
    if (isa<memref::LoadOp, memref::StoreOp>(a.op) && !a.bank.empty()) {
      anyBank[memref].of(a.isStore).insert(a);
      group(memref, "*");
      return;
    }
    group(memref, a.bank).of(a.isStore).insert(a);
  };
  (void)collectScopeAccesses(loop, options);
  for (auto &[key, addresses] : groups)
    if (auto it = anyBank.find(key.first); it != anyBank.end()) {
      addresses.reads.insertAll(it->second.reads);
      addresses.writes.insertAll(it->second.writes);
    }
  for (auto &[memref, accesses] : anyBank)
    notes.push_back(arrayName(Value::getFromOpaquePointer(memref)) +
                    " is partitioned and accessed at data-dependent "
                    "indices: every such access counted against every bank "
                    "(ResMII)");
  int64_t mii = 1;
  for (auto &[key, addresses] : groups) {
    // A local array of one-element banks is registers: no port limits it.
    Value array = Value::getFromOpaquePointer(key.first);
    bool local = array.getDefiningOp<memref::AllocOp>() ||
                 array.getDefiningOp<memref::AllocaOp>();
    if (isRegisterArray(array))
      continue;
    int64_t reads = addresses.reads.count(), writes = addresses.writes.count();
    int64_t cycles =
        local && target.localReadPorts > 0
            ? std::max<int64_t>(
                  llvm::divideCeil(reads, target.localReadPorts),
                  llvm::divideCeil(writes, std::max(1, target.localWritePorts)))
        : target.sharedPorts
            ? (int64_t)llvm::divideCeil(reads + writes, target.ports)
            : std::max<int64_t>(llvm::divideCeil(reads, target.readPorts),
                                llvm::divideCeil(writes, target.writePorts));
    mii = std::max<int64_t>(mii, cycles);
  }
  if (!target.units.empty()) {
    std::map<std::string, int64_t> kinds;
    for (Block *block : iterationBlocks(loop))
      countKinds(*block, 1, kinds);
    for (const auto &[kind, count] : kinds)
      if (auto it = target.units.find(kind); it != target.units.end())
        mii = std::max<int64_t>(mii, llvm::divideCeil(count, it->second));
  }
  return mii;
}

func::FuncOp calleeOf(func::CallOp call) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && !callee.isExternal() ? callee : func::FuncOp();
}

/// Products and sums of trip counts and cycles saturate at the largest
/// int64_t instead of wrapping (2^31 x 2^31 x 7 cycles does not fit): a
/// saturated lower bound is still a lower bound; a saturated worst case is
/// dropped (unbounded).
constexpr int64_t kSaturated = std::numeric_limits<int64_t>::max();
int64_t satMul(int64_t a, int64_t b) {
  int64_t r;
  return llvm::MulOverflow(a, b, r) ? kSaturated : r;
}
int64_t satAdd(int64_t a, int64_t b) {
  int64_t r;
  return llvm::AddOverflow(a, b, r) ? kSaturated : r;
}
std::optional<int64_t> bounded(int64_t v) {
  return v == kSaturated ? std::nullopt : std::optional<int64_t>(v);
}

/// Cycles between a lower bound and a worst case (none: unbounded); equal
/// when the estimate is exact. Loops of unknown trip count count no
/// iteration in the lower bound and `max_trip_count` in the worst case.
struct Span {
  int64_t lo = 0;
  std::optional<int64_t> hi = 0;

  static Span exactly(int64_t cycles) { return {cycles, cycles}; }
  bool isExact() const { return hi && *hi == lo; }
  Span &operator+=(const Span &other) {
    lo = satAdd(lo, other.lo);
    hi = hi && other.hi ? bounded(satAdd(*hi, *other.hi)) : std::nullopt;
    return *this;
  }
  /// `cycles` fewer, which an earlier addition counted (a saturated or
  /// unbounded end stays so).
  Span &shorten(int64_t cycles) {
    if (lo != kSaturated)
      lo -= cycles;
    if (hi && *hi != kSaturated)
      *hi -= cycles;
    return *this;
  }
  /// `trips` passes of `body` (trips at least 0).
  static Span times(const Span &body, int64_t tripsLo,
                    std::optional<int64_t> tripsHi) {
    Span s;
    s.lo = satMul(tripsLo, body.lo);
    s.hi =
        body.hi && tripsHi ? bounded(satMul(*tripsHi, *body.hi)) : std::nullopt;
    return s;
  }
};

/// Whether a branch holds loops or calls (its latency then varies).
bool holdsLoops(Region &region) {
  bool found = false;
  region.walk([&](Operation *op) {
    found |= isEstimatedLoop(op) || isa<func::CallOp>(op);
  });
  return found;
}

struct Estimator {
  Estimator(const TargetModel &target, FunctionEstimate &result)
      : target(target), result(result) {}

  const TargetModel &target;
  FunctionEstimate &result;
  /// The functions being estimated, callers first (no recursion in HLS).
  llvm::SmallPtrSet<Operation *, 4> active;
  /// The access maps of the IR, computed once for all loops.
  AccessCache accessCache;
  /// The latency of each loop, if and call estimated in a block.
  DenseMap<Operation *, Span> computed;

  /// The cycles from the start of the process `root` to its first access of
  /// `buffer` (in program order): the loops, ifs and calls before it, at
  /// each level, and the entries of the loops around it.
  int64_t firstAccessDelay(Operation *root, Value buffer) {
    Operation *first = nullptr;
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!first && llvm::is_contained(op->getOperands(), buffer) &&
          isa<AffineReadOpInterface, AffineWriteOpInterface, memref::LoadOp,
              memref::StoreOp>(op))
        first = op;
    });
    int64_t delay = 0;
    for (Operation *op = first; op && op != root; op = op->getParentOp()) {
      for (Operation &before : *op->getBlock()) {
        if (&before == op)
          break;
        if (auto known = computed.find(&before); known != computed.end())
          delay += known->second.lo;
      }
      if (isEstimatedLoop(op->getParentOp()))
        delay += target.loopEntryCycles;
    }
    return delay;
  }

  /// A function's latency: its body in order, or, for a dataflow region
  /// with streams, its processes overlapped.
  std::optional<Span> functionLatency(func::FuncOp func,
                                      const std::string &path, bool unrolled) {
    if (!active.insert(func).second)
      return std::nullopt;
    std::optional<Span> latency;
    if (isDataflowRegion(func)) {
      if (std::optional<int64_t> l = dataflowLatency(func, path))
        latency = Span::exactly(*l);
    } else {
      latency = blockLatency(func.getBody().front(), path, unrolled);
    }
    // The handshake's cycle (rtl: the one with ap_done high).
    if (latency)
      *latency += Span::exactly(target.callCycles);
    active.erase(func);
    return latency;
  }

  /// A call costs its callee's latency and its start; the callee's loops are
  /// listed under the outlined stage's (or the callee's) name.
  std::optional<Span> callLatency(func::CallOp call, const std::string &path,
                                  bool unrolled) {
    func::FuncOp callee = calleeOf(call);
    auto stage = call->getAttrOfType<StringAttr>("outlined_stage");
    std::string name =
        stage ? stage.getValue().str() : callee.getSymName().str();
    std::optional<Span> latency = functionLatency(
        callee, path.empty() ? name : path + "/" + name, unrolled);
    // The caller's cycle that starts it (rtl: its state raising ap_start).
    if (latency)
      *latency += Span::exactly(target.callStartCycles);
    return latency;
  }

  static bool isDataflowRegion(func::FuncOp func) {
    return func->hasAttr("dataflow") &&
           llvm::any_of(func.getBody().front(), [](Operation &op) {
             return isa<memref::AllocOp>(op) && op.hasAttr("stream_depth");
           });
  }

  /// Processes connected by streams overlap: a consumer starts a cycle after
  /// its producer starts and ends no sooner than the target's streamCycles
  /// after it ends (1; rtl: 2). One
  /// that uses an ordinary buffer of an earlier process starts when that
  /// one has finished (a ping-pong buffer).
  std::optional<int64_t> dataflowLatency(func::FuncOp func,
                                         const std::string &path) {
    llvm::DenseMap<Value, unsigned> channels;
    for (Operation &op : func.getBody().front())
      if (isa<memref::AllocOp>(op) && op.hasAttr("stream_depth"))
        channels[op.getResult(0)] = channels.size();
    FailureOr<std::vector<DataflowProcess>> processes =
        traceDataflowProcesses(func, channels, /*maxEvents=*/0);
    if (failed(processes))
      return std::nullopt;
    std::vector<SmallVector<int>> deps = processDependences(*processes);
    size_t n = processes->size();
    std::vector<int64_t> start(n, 0), finish(n, 0);
    int64_t latency = 0;
    for (size_t p = 0; p < n; ++p) {
      const DataflowProcess &process = (*processes)[p];
      std::optional<int64_t> own = processLatency(process.root, path);
      if (!own)
        return std::nullopt;
      for (int d : deps[p])
        start[p] = std::max(start[p], finish[d]);
      SmallVector<size_t> producers;
      for (size_t q = 0; q < p; ++q)
        if (llvm::any_of(process.channelsRead, [&](unsigned c) {
              return (*processes)[q].channelsWritten.contains(c);
            }))
          producers.push_back(q);
      // A consumer's first read follows its producer's first write of the
      // channel (which may come after a part of the producer that does not
      // write it).
      for (size_t q : producers)
        for (auto [buffer, c] : channels)
          if (process.channelsRead.contains(c) &&
              (*processes)[q].channelsWritten.contains(c))
            start[p] = std::max(
                start[p], start[q] +
                              firstAccessDelay((*processes)[q].root, buffer) -
                              firstAccessDelay(process.root, buffer) + 1);
      finish[p] = start[p] + *own;
      for (size_t q : producers)
        finish[p] = std::max(finish[p], finish[q] + target.streamCycles);
      latency = std::max(latency, finish[p]);
    }
    return latency;
  }

  /// A process's latency when it is exact (else the region's is unknown).
  std::optional<int64_t> processLatency(Operation *root,
                                        const std::string &path) {
    std::optional<Span> span;
    if (isEstimatedLoop(root))
      span = loopLatency(root, path, false);
    else if (auto call = dyn_cast<func::CallOp>(root); call && calleeOf(call))
      span = callLatency(call, path, false);
    else
      return latencyOf(target, root);
    if (!span || !span->isExact())
      return std::nullopt;
    return span->lo;
  }

  /// An if takes its longer branch when the branches are straight-line code
  /// (HLS schedules one path of states for both); with loops or calls in
  /// a branch of an scf.if (a data-dependent condition), between the two.
  std::optional<Span> ifLatency(Operation *op, const std::string &path,
                                bool unrolled) {
    std::optional<Span> branches[2] = {Span(), Span()};
    bool varies = false;
    for (auto [i, region] : llvm::enumerate(op->getRegions())) {
      if (region.empty())
        continue;
      branches[i] = blockLatency(region.front(), path, unrolled);
      if (!branches[i])
        return std::nullopt;
      varies |= isa<scf::IfOp>(op) && holdsLoops(region);
    }
    const Span &a = *branches[0], &b = *branches[1];
    Span s;
    s.hi = a.hi && b.hi ? std::optional<int64_t>(std::max(*a.hi, *b.hi))
                        : std::nullopt;
    s.lo = varies ? std::min(a.lo, b.lo) : std::max(a.lo, b.lo);
    return s;
  }

  /// Whether, under a pipelined loop, `op` is straight-line code once
  /// unrolled: a branch (predicated, as HLS tools and the RTL's
  /// if-conversion run it) or an affine loop of a constant trip count
  /// without carried values (its copies side by side), holding only such.
  static bool isInlined(Operation &op) {
    if (auto loop = dyn_cast<AffineForOp>(op)) {
      if (!loop.hasConstantBounds() || loop.getNumIterOperands() ||
          loop->hasAttr("pipeline_ii"))
        return false;
    } else if (!isa<AffineIfOp, scf::IfOp>(op)) {
      return false;
    }
    for (Region &region : op.getRegions())
      for (Operation &inner : region.getOps())
        if ((inner.getNumRegions() || isa<func::CallOp>(inner)) &&
            !isInlined(inner))
          return false;
    return true;
  }

  /// Cycles of one pass over `block`: loops in sequence, plus the longest
  /// chain of the other operations. `unrolled`: nested loops run their
  /// iterations in parallel (inside a pipelined loop), and what isInlined
  /// joins the chain, each operation after what it uses (and a branch's
  /// after its condition).
  std::optional<Span> blockLatency(Block &block, const std::string &path,
                                   bool unrolled) {
    Span loops = Span::exactly(0);
    DenseMap<Value, int64_t> ready;
    int64_t chain = 0;
    // `op` in the chain, not before `floor` (a predicated branch's
    // condition).
    // In a pipelined body, the accesses of an unpartitioned memory take
    // its ports in turn: the cycle from which `op` can have one.
    DenseMap<std::pair<Value, unsigned>, int64_t> portUses;
    DenseMap<Value, int64_t> lastStore;
    // In straight-line code outside a pipeline, a memory's accesses one a
    // cycle, in program order (a partitioned memory's banks are not told
    // apart).
    DenseMap<Value, int64_t> lastAccess;
    bool inSegments = !unrolled && target.statesInProgramOrder;
    auto inProgramOrder = [&](Value memref, int64_t start) {
      auto type = dyn_cast<MemRefType>(memref.getType());
      if (!type || hasPartitionLayout(type))
        return start;
      if (auto it = lastAccess.find(memref); it != lastAccess.end())
        start = std::max(start, it->second + 1);
      lastAccess[memref] = start;
      return start;
    };
    auto portCycle = [&](Operation &op, int64_t copies,
                         bool firstCopy) -> int64_t {
      bool isStore = isa<AffineWriteOpInterface, memref::StoreOp>(op);
      if (!isStore && !isa<AffineReadOpInterface, memref::LoadOp>(op))
        return 0;
      Value memref = isStore ? memrefOfWrite(&op) : memrefOfRead(&op);
      auto type = dyn_cast<MemRefType>(memref.getType());
      if (!type || hasPartitionLayout(type) || isRegisterArray(memref))
        return 0;
      bool local = memref.getDefiningOp<memref::AllocOp>() ||
                   memref.getDefiningOp<memref::AllocaOp>();
      // A local element (an accumulator): its loads take what the
      // iteration stored, and only its last store is issued (store-to-load
      // forwarding, as the RTL and HLS tools do in straight-line code).
      if (local && type.getNumElements() == 1)
        return 0;
      int perCycle;
      bool separate = true;
      if (local && target.localReadPorts > 0) {
        perCycle = isStore ? std::max(1, target.localWritePorts)
                           : target.localReadPorts;
      } else if (target.sharedPorts) {
        perCycle = target.ports;
        separate = false;
      } else {
        perCycle = isStore ? target.writePorts : target.readPorts;
      }
      // The last of the copies of an unrolled loop's access.
      int64_t &uses = portUses[{memref, separate && isStore ? 1u : 0u}];
      uses += copies;
      return (firstCopy ? uses - copies : uses - 1) / std::max(1, perCycle);
    };
    // `copies`: the iterations of the unrolled loops `op` is in.
    // `chained`: in an unrolled accumulation, whose copies wait for one
    // another (the first copy's port cycle then counts, the chain the rest).
    std::function<void(Operation &, int64_t, int64_t, bool)> place =
        [&](Operation &op, int64_t floor, int64_t copies, bool chained) {
          int64_t start = floor;
          for (Value v : op.getOperands())
            start = std::max(start, ready.lookup(v));
          if (isa<AffineIfOp, scf::IfOp, AffineForOp>(op)) {
            // An unrolled loop's copies side by side, but for an
            // accumulation's chain (unrolledChainStep): what its body
            // stores, and the chain, end that much later.
            int64_t extra = 0;
            if (isa<AffineForOp>(op))
              extra = satMul(unrolledCopies(op) - 1,
                             unrolledChainStep(&op, target));
            int64_t outerChain = chain;
            DenseMap<Value, int64_t> storedBefore = lastStore;
            chain = 0;
            for (Region &region : op.getRegions())
              for (Operation &inner : region.getOps()) {
                place(inner, start, copies * unrolledCopies(op),
                      chained || extra > 0);
                if (inner.hasTrait<OpTrait::IsTerminator>())
                  for (auto [result, yielded] :
                       llvm::zip(op.getResults(), inner.getOperands()))
                    ready[result] =
                        std::max(ready.lookup(result), ready.lookup(yielded));
              }
            if (extra > 0)
              for (auto &[memref, at] : lastStore)
                if (storedBefore.lookup(memref) != at ||
                    !storedBefore.count(memref))
                  at += extra;
            chain = std::max(outerChain, chain + extra);
            return;
          }
          bool dataflow = unrolled && target.iterationAsDataflow;
          if (dataflow)
            start = std::max(start, portCycle(op, copies, chained));
          // A load after a store to its memory in the iteration waits for the
          // store (forwarded or through the memory): the value may be its.
          bool isLoad = isa<AffineReadOpInterface, memref::LoadOp>(op);
          bool isStore = isa<AffineWriteOpInterface, memref::StoreOp>(op);
          if (dataflow && isLoad)
            if (auto it = lastStore.find(memrefOfRead(&op));
                it != lastStore.end())
              start = std::max(start, it->second);
          if (dataflow && isStore)
            lastStore[memrefOfWrite(&op)] = start;
          if (inSegments && (isLoad || isStore))
            start = inProgramOrder(
                isLoad ? memrefOfRead(&op) : memrefOfWrite(&op), start);
          int64_t own = isa<AffineReadOpInterface, memref::LoadOp>(op)
                            ? loadLatencyOf(target, &op)
                        : isa<AffineWriteOpInterface, memref::StoreOp>(op)
                            ? target.storeLatency
                            : latencyOf(target, &op);
          for (Value r : op.getResults())
            ready[r] = start + own;
          // An operation occupies its cycle (rtl: a state), even one of
          // latency 0; constants and terminators are wires.
          bool occupies = !op.hasTrait<OpTrait::ConstantLike>() &&
                          !op.hasTrait<OpTrait::IsTerminator>();
          chain = std::max(
              chain, start + (occupies ? std::max<int64_t>(own, target.opCycles)
                                       : own));
        };
    // The RTL's controller (statesInProgramOrder) runs the straight-line
    // code between loops, branches and calls as states of its own, one run
    // after another; a loop's entry is the last state of the run before it,
    // and a block ends with a state (the return, or an outer loop's latch).
    bool straightLine = false;
    for (Operation &op : block) {
      std::optional<Span> nested;
      bool isNested = true;
      bool predicated = unrolled && target.iterationAsDataflow && isInlined(op);
      if (predicated && isEstimatedLoop(&op)) {
        // Its own entries in the loop table; its copies join the chain.
        if (!loopLatency(&op, path, unrolled))
          return std::nullopt;
        place(op, 0, 1, false);
        continue;
      }
      if (isEstimatedLoop(&op))
        nested = loopLatency(&op, path, unrolled);
      else if (isa<AffineIfOp, scf::IfOp>(op) && !predicated)
        nested = ifLatency(&op, path, unrolled);
      else if (auto call = dyn_cast<func::CallOp>(op); call && calleeOf(call))
        nested = callLatency(call, path, unrolled);
      else
        isNested = false;
      if (isNested) {
        if (!nested)
          return std::nullopt;
        if (inSegments) {
          loops += Span::exactly(chain);
          chain = 0;
          ready.clear();
          lastAccess.clear();
          if (straightLine && isa<AffineForOp, scf::ForOp>(op))
            nested->shorten(target.loopEntryCycles);
        }
        computed[&op] = *nested;
        loops += *nested;
        straightLine = false;
        continue;
      }
      straightLine |= !op.hasTrait<OpTrait::ConstantLike>() &&
                      !op.hasTrait<OpTrait::IsTerminator>();
      place(op, 0, 1, false);
    }
    loops += Span::exactly(
        inSegments ? std::max<int64_t>(chain, target.blockTailCycles) : chain);
    return loops;
  }

  /// One iteration: the body (an scf.while's condition and body); `test`
  /// is the condition's part (zero for other loops).
  std::optional<Span> iterationLatency(Operation *loop, const std::string &path,
                                       bool unrolled, Span &test) {
    Span total = Span::exactly(0);
    test = Span::exactly(0);
    for (Block *block : iterationBlocks(loop)) {
      std::optional<Span> s = blockLatency(*block, path, unrolled);
      if (!s)
        return std::nullopt;
      if (isa<scf::WhileOp>(loop) && block == &loop->getRegion(0).front())
        test = *s;
      total += *s;
    }
    return total;
  }

  std::optional<Span> loopLatency(Operation *loop, const std::string &parent,
                                  bool unrolledByParent) {
    LoopEstimate e;
    std::string name = getLoopName(loop).str();
    if (name.empty())
      name = "(loop)";
    StringRef stage = getStageName(loop);
    std::string prefix =
        parent.empty() && !stage.empty() ? stage.str() : parent;
    e.path = prefix.empty() ? name : prefix + "/" + name;
    TripCount trips = tripCountOf(loop);
    e.tripCount = trips.exact;
    e.maxTripCount = trips.max;
    if (!trips.exact)
      e.notes.push_back(
          "unknown trip count (" + trips.why + "); " +
          (trips.max
               ? "worst case max_trip_count = " + std::to_string(*trips.max)
               : std::string("no max_trip_count: latency unknown, the "
                             "lower bound counts no iteration")));
    if (auto ii = loop->getAttrOfType<IntegerAttr>("pipeline_ii"))
      e.requestedII = ii.getInt();
    e.pipelined = e.requestedII.has_value();
    e.resMII = resourceMII(loop, target, e.notes, accessCache);
    e.recMII = std::max(memoryRecurrenceMII(loop, target, e.notes),
                        carriedRecurrenceMII(loop, target));
    e.ii = std::max({e.resMII, e.recMII, e.requestedII.value_or(int64_t(1))});
    // HLS unrolls the loops under a pipelined one, which needs their trip
    // counts: one it cannot unroll runs its iterations in sequence.
    if (unrolledByParent && !trips.exact) {
      e.notes.push_back("under a pipelined loop but not unrollable (unknown "
                        "trip count): its iterations counted in sequence");
      unrolledByParent = false;
    }
    size_t index = result.loops.size();
    result.loops.push_back(e);
    Span test;
    std::optional<Span> body =
        iterationLatency(loop, e.path, e.pipelined || unrolledByParent, test);
    std::optional<Span> latency;
    if (body)
      latency = trips.exact ? exactTripsLatency(loop, *body, *trips.exact,
                                                unrolledByParent, e.ii, index)
                            : unknownTripsLatency(*body, test, trips.max, e);
    // The controller's state that enters the loop (rtl).
    if (latency && !unrolledByParent)
      *latency += Span::exactly(target.loopEntryCycles);
    LoopEstimate &entry = result.loops[index];
    if (latency && latency->lo == kSaturated)
      entry.notes.push_back("latency beyond 2^63 cycles");
    if (latency && latency->isExact()) {
      entry.latency = latency->lo;
    } else if (latency) {
      entry.worstCaseLatency = latency->hi;
      entry.latencyLowerBound = latency->lo;
    }
    return latency;
  }

  Span exactTripsLatency(Operation *loop, const Span &body, int64_t trips,
                         bool unrolledByParent, int64_t ii, size_t index) {
    if (unrolledByParent) {
      // A copy per iteration, side by side, unless each waits for the
      // previous one's accumulated value.
      Span s = body;
      s += Span::exactly(satMul(std::max<int64_t>(0, trips - 1),
                                unrolledChainStep(loop, target)));
      return s;
    }
    if (loop->hasAttr("pipeline_ii")) {
      Span s = body;
      s += Span::exactly(satMul(ii, std::max<int64_t>(0, trips - 1)));
      return s;
    }
    if (auto unroll = loop->getAttrOfType<IntegerAttr>("unroll")) {
      int64_t passes =
          unroll.getInt() == 0 ? 1 : llvm::divideCeil(trips, unroll.getInt());
      return Span::times(body, passes, passes);
    }
    auto affineLoop = dyn_cast<AffineForOp>(loop);
    if (affineLoop && body.isExact() && target.flattensNests)
      if (std::optional<int64_t> flat = flattened(affineLoop, index))
        return Span::exactly(*flat);
    return Span::times(body, trips, trips);
  }

  /// No iteration at least (an scf.while tests its condition once, `test`);
  /// at most `max` iterations when given.
  Span unknownTripsLatency(const Span &body, const Span &test,
                           std::optional<int64_t> max, const LoopEstimate &e) {
    Span s;
    if (e.pipelined && max)
      s.hi = *max == 0 ? 0
             : body.hi ? bounded(satAdd(*body.hi, satMul(e.ii, *max - 1)))
                       : std::nullopt;
    else
      s = Span::times(body, 0, max);
    s.lo = 0;
    s += test;
    return s;
  }

  /// HLS flattens a perfect nest around a pipelined loop into one pipeline
  /// over all iterations: depth + II * (all trips - 1). `index` is the
  /// outer loop's entry; the nest's loops follow it in `result.loops`.
  std::optional<int64_t> flattened(AffineForOp loop, size_t index) {
    int64_t trips = 1;
    AffineForOp inner = loop;
    while (true) {
      std::optional<uint64_t> t = getConstantTripCount(inner);
      if (!t)
        return std::nullopt;
      trips = satMul(trips, static_cast<int64_t>(*t));
      if (inner->hasAttr("pipeline_ii"))
        break;
      Block *body = inner.getBody();
      if (body->getOperations().size() != 2)
        return std::nullopt;
      inner = dyn_cast<AffineForOp>(body->front());
      if (!inner)
        return std::nullopt;
    }
    // The pipelined loop's own entry: depth = latency - II * (trips - 1),
    // less the state that entered it: the band has one entry, the outer
    // loop's (rtl).
    for (size_t i = index + 1; i < result.loops.size(); ++i) {
      const LoopEstimate &p = result.loops[i];
      if (!p.pipelined || !p.latency || !p.tripCount)
        continue;
      int64_t depth = *p.latency - target.loopEntryCycles -
                      p.ii * std::max<int64_t>(0, *p.tripCount - 1);
      return bounded(
          satAdd(depth, satMul(p.ii, std::max<int64_t>(0, trips - 1))));
    }
    return std::nullopt;
  }
};

bool isArithmetic(Operation *op) {
  // Fixed-point arithmetic counts; conversions and bit access are wiring.
  if (isa<AddFixedOp, SubFixedOp, MulFixedOp, DivFixedOp, MinFixedOp,
          MaxFixedOp, CmpFixedOp>(op))
    return true;
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect != "arith" && dialect != "math")
    return false;
  return !op->hasTrait<OpTrait::ConstantLike>() &&
         !isa<arith::IndexCastOp, arith::IndexCastUIOp>(op) &&
         !op->getResult(0).getType().isIndex();
}

/// How often `op` runs per call: the trip counts around it, a loop of
/// unknown trip count at its max_trip_count, or once.
int64_t executions(Operation *op) {
  int64_t n = 1;
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp())
    if (isEstimatedLoop(p))
      n = satMul(n, countingTrips(p));
  return n;
}

/// Adds `func`'s arithmetic operations and off-chip bytes, `times` calls of
/// it, to `result`, with its callees' at each call; `offchip` are its
/// values that live off chip.
void countWork(func::FuncOp func, const llvm::SmallPtrSetImpl<Value> &offchip,
               int64_t times, FunctionEstimate &result,
               llvm::SmallPtrSetImpl<Operation *> &active) {
  if (!active.insert(func).second)
    return;
  func.walk([&](Operation *op) {
    if (op->getNumResults() == 1 && isArithmetic(op))
      result.flops = satAdd(result.flops, satMul(times, executions(op)));
    if (isa<AffineReadOpInterface, AffineWriteOpInterface, memref::LoadOp,
            memref::StoreOp>(op)) {
      Value memref = isa<AffineReadOpInterface, AffineWriteOpInterface>(op)
                         ? MemRefAccess(op).memref
                         : op->getOperand(isa<memref::LoadOp>(op) ? 0 : 1);
      if (offchip.contains(memref)) {
        Type element = cast<MemRefType>(memref.getType()).getElementType();
        result.offchipBytes =
            satAdd(result.offchipBytes, satMul(satMul(times, executions(op)),
                                               (dataWidth(element) + 7) / 8));
      }
    }
    if (auto call = dyn_cast<func::CallOp>(op))
      if (func::FuncOp callee = calleeOf(call)) {
        llvm::SmallPtrSet<Value, 8> calleeOffchip;
        for (auto [operand, arg] :
             llvm::zip(call.getOperands(), callee.getArguments()))
          if (offchip.contains(operand))
            calleeOffchip.insert(arg);
        countWork(callee, calleeOffchip, satMul(times, executions(call)),
                  result, active);
      }
  });
  active.erase(func);
}

} // namespace

Resources estimateResources(func::FuncOp func);

LoopEstimate estimateLoopII(Operation *loop, const TargetModel &target) {
  LoopEstimate e;
  AccessCache cache;
  if (auto ii = loop->getAttrOfType<IntegerAttr>("pipeline_ii"))
    e.requestedII = ii.getInt();
  e.pipelined = e.requestedII.has_value();
  e.resMII = resourceMII(loop, target, e.notes, cache);
  e.recMII = std::max(memoryRecurrenceMII(loop, target, e.notes),
                      carriedRecurrenceMII(loop, target));
  e.ii = std::max({e.resMII, e.recMII, e.requestedII.value_or(int64_t(1))});
  return e;
}

FunctionEstimate estimateFunction(func::FuncOp func,
                                  const TargetModel &target) {
  FunctionEstimate result;
  result.resources = estimateResources(func);
  result.name = func.getSymName().str();
  Estimator estimator(target, result);
  std::optional<Span> latency = estimator.functionLatency(func, "", false);
  if (latency && latency->isExact()) {
    result.latency = latency->lo;
  } else if (latency) {
    result.worstCaseLatency = latency->hi;
    result.latencyLowerBound = latency->lo;
  }
  for (const LoopEstimate &loop : result.loops)
    if (!loop.tripCount) {
      result.notes.push_back(
          "loops of unknown trip count: the operation and byte counts take "
          "max_trip_count iterations of each, or one where none is given");
      break;
    }
  // Off-chip: the arguments and the buffers the function returns.
  llvm::SmallPtrSet<Value, 8> offchip;
  for (BlockArgument arg : func.getArguments())
    offchip.insert(arg);
  func.walk([&](func::ReturnOp ret) {
    for (Value v : ret.getOperands())
      offchip.insert(v);
  });
  llvm::SmallPtrSet<Operation *, 4> active;
  countWork(func, offchip, 1, result, active);
  return result;
}

} // namespace hcl
