//===- PipelineForwarding.cpp - loads a pipeline need not issue -*- C++ -*-===//
//
// Store-to-load forwarding, repeated-load reuse and overwritten-store
// removal within one iteration of a pipelined loop (PipelineForwarding.h).
// Two accesses are the same address when MLIR's MemRefAccess says so (the
// same memref, equal access functions); anything else of that memory may
// alias and ends what is known about it. Distinct memrefs are distinct
// memories in the RTL (one port each), as everywhere in the backend.
//
//===----------------------------------------------------------------------===//

#include "PipelineForwarding.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-rtl-lower-affine"

using namespace mlir;

namespace hcl::rtl {

namespace {

/// What one pass over a block knows, by memref: the value each address
/// holds, and the stores not read yet.
struct Known {
  DenseMap<Value, SmallVector<std::pair<affine::MemRefAccess, Value>>> values;
  DenseMap<Value, SmallVector<std::pair<affine::MemRefAccess, Operation *>>>
      unread;

  void clear() {
    values.clear();
    unread.clear();
  }

  Value lookup(const affine::MemRefAccess &access) {
    for (auto &[known, value] : values[access.memref])
      if (known == access)
        return value;
    return {};
  }
};

} // namespace

static void forwardInBlock(Block &body) {
  Known known;
  SmallVector<Operation *> dead;
  int forwarded = 0;
  for (Operation &op : llvm::make_early_inc_range(body)) {
    if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      affine::MemRefAccess access(load);
      if (Value value = known.lookup(access)) {
        load.getResult().replaceAllUsesWith(value);
        load.erase();
        ++forwarded;
        continue;
      }
      // The port reads: the stores not read yet may be this address.
      known.unread[access.memref].clear();
      known.values[access.memref].push_back({access, load.getResult()});
      continue;
    }
    if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
      affine::MemRefAccess access(store);
      auto &unread = known.unread[access.memref];
      for (auto *it = unread.begin(); it != unread.end();) {
        if (it->first == access) {
          dead.push_back(it->second);
          it = unread.erase(it);
        } else {
          ++it;
        }
      }
      unread.push_back({access, store});
      // Any other address of the memory may be this one.
      auto &values = known.values[access.memref];
      values.clear();
      values.push_back({access, store.getValueToStore()});
      continue;
    }
    // A region, a call or any other memory effect: nothing is known after.
    if (op.getNumRegions() || !isMemoryEffectFree(&op))
      known.clear();
  }
  for (Operation *store : dead)
    store->erase();
  LLVM_DEBUG(if (forwarded || !dead.empty()) llvm::dbgs()
             << DEBUG_TYPE ": a pipelined body: " << forwarded
             << " loads forwarded, " << dead.size()
             << " overwritten stores dropped\n");
}

void forwardInPipelines(ModuleOp module) {
  module.walk([](affine::AffineForOp loop) {
    if (!loop->hasAttr("pipeline_ii"))
      return;
    // Each block by itself: a branch's body (a reuse buffer's fill, the
    // accumulation a window's branch computes) is straight-line code too.
    SmallVector<Block *> blocks = {loop.getBody()};
    loop.getBody()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      forwardInBlock(*block);
  });
}

} // namespace hcl::rtl
