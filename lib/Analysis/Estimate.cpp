//===- Estimate.cpp - initiation intervals and latency of affine IR -------===//
//
// ResMII: the accesses of one iteration (inner loops unrolled, as HLS does
// under a pipelined loop; hcl/Analysis/BankAccesses.h) are grouped by array
// and bank; accesses to the same address count once; a bank serves `ports`
// accesses per cycle (or read / write ports). RecMII: for every store and a load of the same array
// in the loop, MLIR's checkMemrefAccessDependence gives the dependence
// distance along the loop; the latency from the load to the store, plus the
// two memory latencies, divided by the distance. Latency: a pipelined loop
// takes depth + II * (trips - 1) cycles, others trips * body latency.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/Estimate.h"

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Analysis/OperatorCost.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/StreamTrace.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

#include <set>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

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
  return isFloat || isFree ? base : scaleLatencyByWidth(op, base);
}

namespace {

/// Operations of each kind in one iteration, nested loops unrolled.
void countKinds(Block &body, int64_t copies, std::map<std::string, int64_t> &kinds) {
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

int64_t resourceMII(AffineForOp loop, const TargetModel &target) {
  std::vector<AccessInstance> instances =
      collectIterationAccesses(*loop.getBody(), /*budget=*/4096);
  // (array, bank) -> distinct read and write addresses
  std::map<std::pair<void *, std::string>, std::pair<std::set<std::string>,
                                                     std::set<std::string>>>
      groups;
  for (const AccessInstance &a : instances) {
    auto &group = groups[{a.memref.getAsOpaquePointer(), a.bank}];
    (a.isStore ? group.second : group.first).insert(a.address);
  }
  int64_t mii = 1;
  for (auto &[key, group] : groups) {
    int64_t reads = group.first.size(), writes = group.second.size();
    int64_t cycles =
        target.sharedPorts
            ? (int64_t)llvm::divideCeil(reads + writes, target.ports)
            : std::max<int64_t>(llvm::divideCeil(reads, target.readPorts),
                       llvm::divideCeil(writes, target.writePorts));
    mii = std::max<int64_t>(mii, cycles);
  }
  if (!target.units.empty()) {
    std::map<std::string, int64_t> kinds;
    countKinds(*loop.getBody(), 1, kinds);
    for (const auto &[kind, count] : kinds)
      if (auto it = target.units.find(kind); it != target.units.end())
        mii = std::max<int64_t>(mii, llvm::divideCeil(count, it->second));
  }
  return mii;
}

/// The longest latency from `from` (a load's result) to the value `store`
/// writes, through the operations of `scope`; -1 when it does not reach.
int64_t pathLatency(Value from, Operation *store, Operation *scope,
                    const TargetModel &target, bool &throughChain,
                    DenseMap<Value, std::pair<int64_t, bool>> &memo) {
  auto it = memo.find(from);
  if (it != memo.end()) {
    throughChain = it->second.second;
    return it->second.first;
  }
  int64_t best = -1;
  bool bestChain = false;
  for (Operation *user : from.getUsers()) {
    if (!scope->isAncestor(user))
      continue;
    if (user == store &&
        cast<AffineWriteOpInterface>(store).getValueToStore() == from) {
      if (best < 0)
        best = 0;
      continue;
    }
    if (user->getNumResults() != 1 || isa<AffineWriteOpInterface>(user))
      continue;
    bool chain = false;
    int64_t rest = pathLatency(user->getResult(0), store, scope, target, chain, memo);
    if (rest < 0)
      continue;
    int64_t own = latencyOf(target, user);
    bool chained = target.chainIntegerOps && own == 0 &&
                   !user->hasTrait<OpTrait::ConstantLike>() &&
                   isa<IntegerType>(user->getResult(0).getType());
    if (rest + own > best || (rest + own == best && (chain || chained))) {
      best = rest + own;
      bestChain = chain || chained;
    }
  }
  memo[from] = {best, bestChain};
  throughChain = bestChain;
  return best;
}

int64_t recurrenceMII(AffineForOp loop, const TargetModel &target) {
  SmallVector<Operation *> loads, stores;
  loop.walk([&](Operation *op) {
    if (isa<AffineReadOpInterface>(op))
      loads.push_back(op);
    else if (isa<AffineWriteOpInterface>(op))
      stores.push_back(op);
  });
  unsigned depth = getNestingDepth(loop) + 1;
  int64_t mii = 1;
  for (Operation *store : stores)
    for (Operation *load : loads) {
      MemRefAccess src(store), dst(load);
      if (src.memref != dst.memref)
        continue;
      // A buffer allocated inside the loop is new in every iteration.
      if (Operation *def = src.memref.getDefiningOp())
        if (loop->isProperAncestor(def))
          continue;
      SmallVector<DependenceComponent, 2> components;
      DependenceResult result =
          checkMemrefAccessDependence(src, dst, depth, nullptr, &components);
      if (!hasDependence(result) || components.size() < depth)
        continue;
      const DependenceComponent &c = components[depth - 1];
      int64_t distance = std::max<int64_t>(1, c.lb.value_or(1));
      DenseMap<Value, std::pair<int64_t, bool>> memo;
      bool chain = false;
      int64_t path = pathLatency(load->getResult(0), store, loop, target,
                                 chain, memo);
      if (path < 0)
        continue;
      int64_t cycle = target.loadLatency + path + (chain ? 1 : 0) +
                      target.storeLatency;
      mii = std::max<int64_t>(mii, llvm::divideCeil(cycle, distance));
    }
  return mii;
}

func::FuncOp calleeOf(func::CallOp call) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  return callee && !callee.isExternal() ? callee : func::FuncOp();
}

struct Estimator {
  const TargetModel &target;
  FunctionEstimate &result;
  /// The functions being estimated, callers first (no recursion in HLS).
  llvm::SmallPtrSet<Operation *, 4> active;

  /// A function's latency: its body in order, or, for a dataflow region
  /// with streams, its processes overlapped.
  std::optional<int64_t> functionLatency(func::FuncOp func,
                                         const std::string &path,
                                         bool unrolled) {
    if (!active.insert(func).second)
      return std::nullopt;
    std::optional<int64_t> latency =
        isDataflowRegion(func) ? dataflowLatency(func, path)
                               : blockLatency(func.getBody().front(), path, unrolled);
    active.erase(func);
    return latency;
  }

  /// A call costs its callee's latency; the callee's loops are listed under
  /// the outlined stage's (or the callee's) name.
  std::optional<int64_t> callLatency(func::CallOp call, const std::string &path,
                                     bool unrolled) {
    func::FuncOp callee = calleeOf(call);
    auto stage = call->getAttrOfType<StringAttr>("outlined_stage");
    std::string name = stage ? stage.getValue().str() : callee.getSymName().str();
    return functionLatency(callee, path.empty() ? name : path + "/" + name,
                           unrolled);
  }

  static bool isDataflowRegion(func::FuncOp func) {
    return func->hasAttr("dataflow") &&
           llvm::any_of(func.getBody().front(), [](Operation &op) {
             return isa<memref::AllocOp>(op) && op.hasAttr("stream_depth");
           });
  }

  /// Processes connected by streams overlap: a consumer starts a cycle after
  /// its producer starts and ends no sooner than a cycle after it ends. One
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
      for (size_t q : producers)
        start[p] = std::max(start[p], start[q] + 1);
      finish[p] = start[p] + *own;
      for (size_t q : producers)
        finish[p] = std::max(finish[p], finish[q] + 1);
      latency = std::max(latency, finish[p]);
    }
    return latency;
  }

  std::optional<int64_t> processLatency(Operation *root, const std::string &path) {
    if (auto loop = dyn_cast<AffineForOp>(root))
      return loopLatency(loop, path, false);
    if (auto call = dyn_cast<func::CallOp>(root); call && calleeOf(call))
      return callLatency(call, path, false);
    return latencyOf(target, root);
  }

  /// Cycles of one pass over `block`: loops in sequence, plus the longest
  /// chain of the other operations. `unrolled`: nested loops run their
  /// iterations in parallel (inside a pipelined loop).
  std::optional<int64_t> blockLatency(Block &block, const std::string &path,
                                      bool unrolled) {
    int64_t loops = 0;
    DenseMap<Value, int64_t> ready;
    int64_t chain = 0;
    for (Operation &op : block) {
      if (auto loop = dyn_cast<AffineForOp>(op)) {
        std::optional<int64_t> l = loopLatency(loop, path, unrolled);
        if (!l)
          return std::nullopt;
        loops += *l;
        continue;
      }
      if (auto ifOp = dyn_cast<AffineIfOp>(op)) {
        std::optional<int64_t> t = blockLatency(*ifOp.getThenBlock(), path, unrolled);
        if (!t)
          return std::nullopt;
        loops += *t;
        continue;
      }
      if (auto call = dyn_cast<func::CallOp>(op); call && calleeOf(call)) {
        std::optional<int64_t> c = callLatency(call, path, unrolled);
        if (!c)
          return std::nullopt;
        loops += *c;
        continue;
      }
      int64_t start = 0;
      for (Value v : op.getOperands())
        start = std::max(start, ready.lookup(v));
      int64_t own =
          isa<AffineReadOpInterface, memref::LoadOp>(op) ? target.loadLatency
          : isa<AffineWriteOpInterface, memref::StoreOp>(op)
              ? target.storeLatency
              : latencyOf(target, &op);
      for (Value r : op.getResults())
        ready[r] = start + own;
      chain = std::max(chain, start + own);
    }
    return loops + chain;
  }

  std::optional<int64_t> loopLatency(AffineForOp loop, const std::string &parent,
                                     bool unrolledByParent) {
    LoopEstimate e;
    std::string name = getLoopName(loop).str();
    if (name.empty())
      name = "(loop)";
    StringRef stage = getStageName(loop);
    std::string prefix = parent.empty() && !stage.empty() ? stage.str() : parent;
    e.path = prefix.empty() ? name : prefix + "/" + name;
    if (std::optional<uint64_t> trips = getConstantTripCount(loop))
      e.tripCount = static_cast<int64_t>(*trips);
    if (auto ii = loop->getAttrOfType<IntegerAttr>("pipeline_ii"))
      e.requestedII = ii.getInt();
    e.pipelined = e.requestedII.has_value();
    e.resMII = resourceMII(loop, target);
    e.recMII = recurrenceMII(loop, target);
    e.ii = std::max({e.resMII, e.recMII, e.requestedII.value_or(int64_t(1))});
    size_t index = result.loops.size();
    result.loops.push_back(e);
    std::optional<int64_t> body =
        blockLatency(*loop.getBody(), e.path, e.pipelined || unrolledByParent);
    std::optional<int64_t> latency;
    if (body && e.tripCount) {
      int64_t trips = *e.tripCount;
      if (unrolledByParent)
        latency = *body; // a copy per iteration, side by side
      else if (e.pipelined)
        latency = *body + e.ii * std::max<int64_t>(0, trips - 1);
      else if (auto unroll = loop->getAttrOfType<IntegerAttr>("unroll"))
        latency = (unroll.getInt() == 0 ? 1 : llvm::divideCeil(trips, unroll.getInt())) * *body;
      else if (std::optional<int64_t> flat = flattened(loop, index))
        latency = flat;
      else
        latency = trips * *body;
    }
    result.loops[index].latency = latency;
    return latency;
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
      trips *= static_cast<int64_t>(*t);
      if (inner->hasAttr("pipeline_ii"))
        break;
      Block *body = inner.getBody();
      if (body->getOperations().size() != 2)
        return std::nullopt;
      inner = dyn_cast<AffineForOp>(body->front());
      if (!inner)
        return std::nullopt;
    }
    // The pipelined loop's own entry: depth = latency - II * (trips - 1).
    for (size_t i = index + 1; i < result.loops.size(); ++i) {
      const LoopEstimate &p = result.loops[i];
      if (!p.pipelined || !p.latency || !p.tripCount)
        continue;
      int64_t depth = *p.latency - p.ii * std::max<int64_t>(0, *p.tripCount - 1);
      return depth + p.ii * std::max<int64_t>(0, trips - 1);
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

int64_t executions(Operation *op) {
  int64_t n = 1;
  for (auto loop = op->getParentOfType<AffineForOp>(); loop;
       loop = loop->getParentOfType<AffineForOp>())
    n *= static_cast<int64_t>(getConstantTripCount(loop).value_or(1));
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
      result.flops += times * executions(op);
    if (isa<AffineReadOpInterface, AffineWriteOpInterface, memref::LoadOp,
            memref::StoreOp>(op)) {
      Value memref = isa<AffineReadOpInterface, AffineWriteOpInterface>(op)
                         ? MemRefAccess(op).memref
                         : op->getOperand(isa<memref::LoadOp>(op) ? 0 : 1);
      if (offchip.contains(memref)) {
        Type element = cast<MemRefType>(memref.getType()).getElementType();
        result.offchipBytes +=
            times * executions(op) * ((dataWidth(element) + 7) / 8);
      }
    }
    if (auto call = dyn_cast<func::CallOp>(op))
      if (func::FuncOp callee = calleeOf(call)) {
        llvm::SmallPtrSet<Value, 8> calleeOffchip;
        for (auto [operand, arg] :
             llvm::zip(call.getOperands(), callee.getArguments()))
          if (offchip.contains(operand))
            calleeOffchip.insert(arg);
        countWork(callee, calleeOffchip, times * executions(call), result,
                  active);
      }
  });
  active.erase(func);
}

} // namespace

Resources estimateResources(func::FuncOp func);

FunctionEstimate estimateFunction(func::FuncOp func, const TargetModel &target) {
  FunctionEstimate result;
  result.resources = estimateResources(func);
  result.name = func.getSymName().str();
  Estimator estimator{target, result, {}};
  result.latency = estimator.functionLatency(func, "", false);
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
