//===- LLVMLoops.cpp - the II analysis on LLVM IR -------------------------===//

#include "hcl/Analysis/LLVMLoops.h"

#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"

#include <map>
#include <set>

using namespace llvm;

namespace hcl {

namespace {

/// The MLIR name of an instruction's operation, for the target's table.
StringRef kindOf(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::FAdd:
    return "arith.addf";
  case Instruction::FSub:
    return "arith.subf";
  case Instruction::FMul:
    return "arith.mulf";
  case Instruction::FDiv:
    return "arith.divf";
  case Instruction::Mul:
    return "arith.muli";
  case Instruction::SDiv:
    return "arith.divsi";
  case Instruction::UDiv:
    return "arith.divui";
  case Instruction::SRem:
    return "arith.remsi";
  case Instruction::URem:
    return "arith.remui";
  default:
    return I.getOpcodeName();
  }
}

int latencyOf(const Instruction &I, const TargetModel &target) {
  if (isa<LoadInst>(I))
    return target.loadLatency;
  if (isa<StoreInst>(I))
    return target.storeLatency;
  bool isFree = isa<CastInst, GetElementPtrInst, PHINode, BranchInst>(I) ||
                I.getType()->isVoidTy();
  bool isFloat = I.getType()->isFloatingPointTy();
  return target.latencyOfKind(kindOf(I), isFloat, isFree);
}

bool isChainedInteger(const Instruction &I, const TargetModel &target) {
  return target.chainIntegerOps && I.getType()->isIntegerTy() &&
         (I.isBinaryOp() || isa<ICmpInst, SelectInst>(I)) &&
         latencyOf(I, target) == 0;
}

/// Longest latency from `from` to the value `store` writes, inside `loop`
/// (-1 when it does not get there); `chain` tells whether integer
/// operations that chain into one cycle lie on the way.
int64_t pathLatency(const Value *from, const StoreInst *store, const Loop *loop,
                    const TargetModel &target, bool &chain) {
  if (from == store->getValueOperand()) {
    chain = false;
    return 0;
  }
  int64_t best = -1;
  bool bestChain = false;
  for (const User *user : from->users()) {
    auto *I = dyn_cast<Instruction>(user);
    if (!I || !loop->contains(I) || isa<PHINode, StoreInst>(I))
      continue;
    bool restChain = false;
    int64_t rest = pathLatency(I, store, loop, target, restChain);
    if (rest < 0)
      continue;
    int64_t total =
        rest + (I == store->getValueOperand() ? 0 : 0) + latencyOf(*I, target);
    bool withChain = restChain || isChainedInteger(*I, target);
    if (total > best || (total == best && withChain)) {
      best = total;
      bestChain = withChain;
    }
  }
  chain = bestChain;
  return best;
}

std::string nameOf(Function &F, Loop *L, unsigned index) {
  std::string name = F.getName().str() + ":";
  if (DebugLoc loc = L->getStartLoc())
    return name + std::to_string(loc.getLine());
  return name + "loop" + std::to_string(index);
}

} // namespace

std::vector<LoopEstimate> estimateLLVMLoops(Function &F, LoopInfo &LI,
                                            ScalarEvolution &SE,
                                            DependenceInfo &DI,
                                            const TargetModel &target) {
  std::vector<LoopEstimate> result;
  unsigned index = 0;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost())
      continue;
    LoopEstimate e;
    e.path = nameOf(F, L, index++);
    if (unsigned trips = SE.getSmallConstantTripCount(L))
      e.tripCount = trips;
    // ResMII: distinct addresses per array.
    std::map<const Value *,
             std::pair<std::set<const SCEV *>, std::set<const SCEV *>>>
        arrays;
    std::vector<LoadInst *> loads;
    std::vector<StoreInst *> stores;
    for (BasicBlock *B : L->blocks())
      for (Instruction &I : *B) {
        if (auto *Ld = dyn_cast<LoadInst>(&I)) {
          loads.push_back(Ld);
          arrays[getUnderlyingObject(Ld->getPointerOperand())].first.insert(
              SE.getSCEV(Ld->getPointerOperand()));
        } else if (auto *St = dyn_cast<StoreInst>(&I)) {
          stores.push_back(St);
          arrays[getUnderlyingObject(St->getPointerOperand())].second.insert(
              SE.getSCEV(St->getPointerOperand()));
        }
      }
    for (auto &[array, accesses] : arrays) {
      int64_t reads = accesses.first.size(), writes = accesses.second.size();
      int64_t cycles =
          target.sharedPorts
              ? (int64_t)divideCeil(reads + writes, target.ports)
              : std::max<int64_t>(divideCeil(reads, target.readPorts),
                                  divideCeil(writes, target.writePorts));
      e.resMII = std::max(e.resMII, cycles);
    }
    // Arithmetic units where the target limits them.
    std::map<std::string, int64_t> kinds;
    for (BasicBlock *B : L->blocks())
      for (Instruction &I : *B)
        ++kinds[kindOf(I).str()];
    for (const auto &[kind, count] : kinds)
      if (auto it = target.units.find(kind); it != target.units.end())
        e.resMII = std::max<int64_t>(e.resMII, divideCeil(count, it->second));
    // RecMII: flow dependences carried by this loop.
    unsigned level = L->getLoopDepth();
    for (StoreInst *St : stores)
      for (LoadInst *Ld : loads) {
        if (getUnderlyingObject(St->getPointerOperand()) !=
            getUnderlyingObject(Ld->getPointerOperand()))
          continue;
        std::unique_ptr<Dependence> dep = DI.depends(St, Ld);
        if (!dep || level > dep->getLevels())
          continue;
        bool carriedHere = (dep->getDirection(level) & Dependence::DVEntry::LT);
        // Carried here when the outer loops can be in the same iteration.
        for (unsigned outer = 1; outer < level && carriedHere; ++outer)
          carriedHere = dep->getDirection(outer) & Dependence::DVEntry::EQ;
        if (!carriedHere)
          continue;
        int64_t distance = 1;
        if (auto *d = dyn_cast_or_null<SCEVConstant>(dep->getDistance(level)))
          distance = std::max<int64_t>(1, d->getAPInt().getSExtValue());
        bool chain = false;
        int64_t path = pathLatency(Ld, St, L, target, chain);
        if (path < 0)
          continue;
        int64_t cycle =
            target.loadLatency + path + (chain ? 1 : 0) + target.storeLatency;
        e.recMII = std::max<int64_t>(e.recMII, divideCeil(cycle, distance));
      }
    e.ii = std::max(e.resMII, e.recMII);
    e.pipelined = true;
    if (e.tripCount) {
      // One iteration's depth: the longest chain of latencies in the body.
      std::map<const Instruction *, int64_t> finish;
      int64_t depth = 0;
      for (BasicBlock *B : L->blocks())
        for (Instruction &I : *B) {
          int64_t start = 0;
          for (const Value *op : I.operands())
            if (auto *def = dyn_cast<Instruction>(op))
              if (finish.count(def) && !isa<PHINode>(I))
                start = std::max(start, finish[def]);
          finish[&I] = start + latencyOf(I, target);
          depth = std::max(depth, finish[&I]);
        }
      e.latency = depth + e.ii * (*e.tripCount - 1);
    }
    result.push_back(e);
  }
  return result;
}

json::Array loopsToJson(const std::vector<LoopEstimate> &loops) {
  auto optional = [](const std::optional<int64_t> &v) {
    return v ? json::Value(*v) : json::Value(nullptr);
  };
  json::Array list;
  for (const LoopEstimate &l : loops) {
    json::Object loop{{"loop", l.path},
                      {"trip_count", optional(l.tripCount)},
                      {"requested_II", optional(l.requestedII)},
                      {"ResMII", l.resMII},
                      {"RecMII", l.recMII},
                      {"II", l.ii},
                      {"pipelined", l.pipelined},
                      {"latency", optional(l.latency)}};
    // Only what is not exact says more (the keys of exact loops unchanged).
    if (l.maxTripCount)
      loop["max_trip_count"] = *l.maxTripCount;
    // A triangular loop's runs: exact each, different from one another.
    if (l.varies) {
      loop["varies"] = true;
      loop["runs"] = l.runs;
      loop["iterations"] = l.iterations;
    }
    if (l.minTripCount)
      loop["min_trip_count"] = *l.minTripCount;
    if (!l.latency && l.latencyLowerBound) {
      loop["latency_worst_case"] = optional(l.worstCaseLatency);
      loop["latency_lower_bound"] = *l.latencyLowerBound;
    }
    if (!l.notes.empty())
      loop["notes"] = json::Array(l.notes);
    list.push_back(std::move(loop));
  }
  return list;
}

void printLoopTable(StringRef title, const std::vector<LoopEstimate> &loops,
                    raw_ostream &os) {
  size_t width = 4;
  for (const LoopEstimate &l : loops)
    width = std::max(width, l.path.size());
  // Unknown: "?", or "<=N" when a worst case is known.
  auto text = [](const std::optional<int64_t> &v,
                 const std::optional<int64_t> &worst = std::nullopt) {
    return v       ? std::to_string(*v)
           : worst ? "<=" + std::to_string(*worst)
                   : std::string("?");
  };
  os << title << "\n"
     << left_justify("loop", width) << "  " << right_justify("trips", 8)
     << right_justify("req.II", 8) << right_justify("ResMII", 8)
     << right_justify("RecMII", 8) << right_justify("II", 6)
     << right_justify("latency", 12) << "\n";
  // Exact in each run but different across runs: "lo..hi".
  auto range = [&](const std::optional<int64_t> &v,
                   const std::optional<int64_t> &lo,
                   const std::optional<int64_t> &hi, bool varies) {
    return varies && !v && lo && hi
               ? std::to_string(*lo) + ".." + std::to_string(*hi)
               : text(v, hi);
  };
  for (const LoopEstimate &l : loops)
    os << left_justify(l.path, width) << "  "
       << right_justify(
              range(l.tripCount, l.minTripCount, l.maxTripCount, l.varies), 8)
       << right_justify(l.requestedII ? std::to_string(*l.requestedII) : "-", 8)
       << right_justify(std::to_string(l.resMII), 8)
       << right_justify(std::to_string(l.recMII), 8)
       // A loop that is not pipelined starts no iteration before the last
       // ends: it has no II (its ResMII / RecMII say what pipelining gives).
       << right_justify(l.pipelined ? std::to_string(l.ii) : "-", 6)
       << right_justify(" " + range(l.latency, l.latencyLowerBound,
                                    l.worstCaseLatency, l.varies),
                        12)
       << "\n";
  for (const LoopEstimate &l : loops)
    for (const std::string &note : l.notes)
      os << "note: " << l.path << ": " << note << "\n";
}

} // namespace hcl
