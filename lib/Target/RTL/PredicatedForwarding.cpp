//===- PredicatedForwarding.cpp - forwarding across converted branches ----===//
//
// hcl-rtl-lower-affine forwards stored and loaded values within a pipelined
// iteration before the branches are converted, so it stops at a branch. A
// reuse buffer's window is filled in one branch and read in a nested one:
// after the if-conversion those are predicated accesses of one block, and
// a read under `p && q` of what a write under `p` put there is that value,
// and a write under `p` that a later write under `p` (or less) overwrites,
// with no read between, is dead.
// Addresses are the same when their index values are, and distinct when
// two of them are different constants (Predication.h).
//
//===----------------------------------------------------------------------===//

#include "Predication.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-rtl-if-convert"

using namespace mlir;

namespace hcl::rtl {

namespace {

/// What an address of a memory is known to hold, when `predicate` holds.
struct Known {
  ValueRange indices;
  Value value, predicate;
};

bool sameAddress(ValueRange a, ValueRange b) { return llvm::equal(a, b); }

/// The value that stands for `access`'s data: its guard's result.
Value dataOf(memref::LoadOp load) {
  if (predicateOf(load))
    return load->getParentOp()->getResult(0);
  return load.getResult();
}

/// Erases a store, and its guard with it.
void eraseStore(memref::StoreOp store) {
  Operation *guard = store->getParentOp();
  store.erase();
  if (isGuard(guard))
    guard->erase();
}

void forwardInBody(Block &body) {
  DenseMap<Value, SmallVector<Known>> known;
  // By memref: the stores no access has read since.
  DenseMap<Value, SmallVector<memref::StoreOp>> unread;
  SmallVector<memref::StoreOp> dead;
  int forwarded = 0;
  for (Operation *op : flattenGuards(body)) {
    Value predicate = predicateOf(op);
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      // The port reads: a store that may be this address is read.
      llvm::erase_if(unread[load.getMemRef()], [&](memref::StoreOp store) {
        return !haveDistinctIndices(store.getIndices(), load.getIndices());
      });
      auto &entries = known[load.getMemRef()];
      auto it = llvm::find_if(entries, [&](const Known &entry) {
        return sameAddress(entry.indices, load.getIndices()) &&
               implies(predicate, entry.predicate);
      });
      if (it != entries.end()) {
        dataOf(load).replaceAllUsesWith(it->value);
        (predicate ? load->getParentOp() : load.getOperation())->erase();
        ++forwarded;
        continue;
      }
      entries.push_back({load.getIndices(), dataOf(load), predicate});
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      // An unread store to this address is dead when this one runs whenever
      // it does.
      llvm::erase_if(unread[store.getMemRef()], [&](memref::StoreOp earlier) {
        if (!sameAddress(earlier.getIndices(), store.getIndices()) ||
            !implies(predicateOf(earlier), predicate))
          return false;
        dead.push_back(earlier);
        return true;
      });
      unread[store.getMemRef()].push_back(store);
      auto &entries = known[store.getMemRef()];
      llvm::erase_if(entries, [&](const Known &entry) {
        return !haveDistinctIndices(entry.indices, store.getIndices());
      });
      entries.push_back(
          {store.getIndices(), store.getValueToStore(), predicate});
      continue;
    }
    if (op->getNumRegions() || !isMemoryEffectFree(op)) {
      known.clear();
      unread.clear();
    }
  }
  // A dead store's value may be one a forwarded load took: only the store
  // goes.
  for (memref::StoreOp store : dead)
    eraseStore(store);
  LLVM_DEBUG(if (forwarded || !dead.empty()) llvm::dbgs()
             << DEBUG_TYPE ": a pipelined body: " << forwarded
             << " predicated loads forwarded, " << dead.size()
             << " overwritten stores dropped\n");
}

} // namespace

/// Drops the stores into local buffers that nothing reads any more (a
/// window's column whose reads were all forwarded), and the buffers.
static void eraseWriteOnlyBuffers(Operation *root) {
  SmallVector<Operation *> buffers;
  root->walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op))
      return;
    Value buffer = op->getResult(0);
    if (llvm::all_of(buffer.getUsers(), [&](Operation *user) {
          auto store = dyn_cast<memref::StoreOp>(user);
          return isa<memref::DeallocOp>(user) ||
                 (store && store.getValueToStore() != buffer);
        }))
      buffers.push_back(op);
  });
  for (Operation *buffer : buffers) {
    for (Operation *user :
         llvm::make_early_inc_range(buffer->getResult(0).getUsers())) {
      if (auto store = dyn_cast<memref::StoreOp>(user))
        eraseStore(store);
      else
        user->erase();
    }
    buffer->erase();
  }
}

void forwardPredicatedAccesses(Operation *root) {
  root->walk([](scf::ForOp loop) {
    if (loop->hasAttr("pipeline_ii"))
      forwardInBody(*loop.getBody());
  });
  eraseWriteOnlyBuffers(root);
}

} // namespace hcl::rtl
