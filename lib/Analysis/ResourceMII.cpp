//===- ResourceMII.cpp - II bounded by ports and units --------------------===//
//
// ResMII: the accesses of one iteration (inner loops unrolled, as HLS does
// under a pipelined loop; hcl/Analysis/BankAccesses.h) are grouped by array
// and bank; accesses to the same address count once; a bank serves `ports`
// accesses per cycle (or read / write ports). Operations of a kind the
// target has few units of share them.
//
//===----------------------------------------------------------------------===//

#include "DistinctAddresses.h"
#include "LatencyModel.h"
#include "LoopModel.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/StringMap.h"

#include <map>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// Operations of each kind in one iteration, nested loops unrolled.
static void countKinds(Block &body, int64_t copies,
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

namespace {

/// The distinct read and write addresses of an array's bank.
struct Addresses {
  DistinctAddresses reads, writes;
  DistinctAddresses &of(bool isStore) { return isStore ? writes : reads; }
};

} // namespace

int sharedPortsOf(const TargetModel &target, Value memref) {
  // A callee's memory argument is one port of its module (its caller
  // routes it), whatever the top's arguments have.
  auto argument = dyn_cast<BlockArgument>(memref);
  if (target.calleeArgumentPorts > 0 && argument && !hasPortPerBank(argument))
    return target.calleeArgumentPorts;
  return target.ports;
}

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
    bool local = isOnChipArray(array);
    if (isRegisterArray(array))
      continue;
    int64_t reads = addresses.reads.count(), writes = addresses.writes.count();
    int64_t cycles =
        local && target.localReadPorts > 0
            ? std::max<int64_t>(
                  llvm::divideCeil(reads, target.localReadPorts),
                  llvm::divideCeil(writes, std::max(1, target.localWritePorts)))
        : target.sharedPorts
            ? (int64_t)llvm::divideCeil(reads + writes,
                                        sharedPortsOf(target, array))
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

void estimateII(Operation *loop, const TargetModel &target, AccessCache &cache,
                LoopEstimate &e) {
  if (auto ii = loop->getAttrOfType<IntegerAttr>("pipeline_ii"))
    e.requestedII = ii.getInt();
  e.pipelined = e.requestedII.has_value();
  e.resMII = resourceMII(loop, target, e.notes, cache);
  e.recMII = std::max(memoryRecurrenceMII(loop, target, e.notes),
                      carriedRecurrenceMII(loop, target));
  e.ii = std::max({e.resMII, e.recMII, e.requestedII.value_or(int64_t(1))});
}

LoopEstimate estimateLoopII(Operation *loop, const TargetModel &target) {
  LoopEstimate e;
  AccessCache cache;
  estimateII(loop, target, cache, e);
  return e;
}

} // namespace hcl
