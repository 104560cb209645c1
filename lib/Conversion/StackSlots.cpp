//===- StackSlots.cpp - buffers of disjoint lifetimes share stack memory --===//
//
// An imported model allocates an array per stage at the top of its
// function: ResNet-20 about 80, most of 64-74 KiB, 3.5 MiB in all. Each
// stage's array is fresh memory, so every layer wrote to cache lines it had
// not touched (more than the 1-2 MiB of L2 cache over a run), and the
// arrays the stack budget left out cost a malloc and a free per run. A
// buffer is needed only from the first top-level operation that uses it to
// the last; buffers whose such ranges do not overlap share one stack slot
// (an `i8` alloca, each buffer a `memref.view` of it), so that a model
// cycles through a few slots that stay in the cache. Buffers that share a
// slot are never used by the same stage: distinct arrays there, as the
// lowering assumes.
//
//===----------------------------------------------------------------------===//

#include "StackSlots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-local-buffers-on-stack"

using namespace mlir;

namespace {

/// Buffers above this size stay where they are; those below it keep typed
/// stack buffers of their own (a reuse_at window, which LLVM keeps in
/// registers when unrolling made its indices constant).
constexpr uint64_t kMaxSlotBytes = 1024 * 1024;
constexpr uint64_t kMinSlotBytes = 4 * 1024;
/// Slots start on a cache line.
constexpr int64_t kSlotAlignment = 64;

uint64_t bytesOf(MemRefType type) {
  return type.getNumElements() *
         std::max<uint64_t>(1, (type.getElementTypeBitWidth() + 7) / 8);
}

struct Lifetime {
  memref::AllocOp alloc;
  size_t first, last;
  uint64_t bytes;
};

struct Slot {
  uint64_t bytes = 0;
  size_t last = 0;
  SmallVector<memref::AllocOp> buffers;
};

/// The top-level buffers that may share, with their lifetimes.
SmallVector<Lifetime> lifetimes(func::FuncOp function) {
  Block &body = function.getBody().front();
  DenseMap<Operation *, size_t> position;
  for (auto [i, op] : llvm::enumerate(body))
    position[&op] = i;
  SmallVector<Lifetime> result;
  for (auto alloc : body.getOps<memref::AllocOp>()) {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat() ||
        bytesOf(type) > kMaxSlotBytes || bytesOf(type) < kMinSlotBytes ||
        !alloc.getSymbolOperands().empty() || !hcl::staysLocal(alloc))
      continue;
    Lifetime life{alloc, SIZE_MAX, 0, bytesOf(type)};
    bool inParallel = false;
    for (Operation *user : alloc->getUsers()) {
      if (isa<memref::DeallocOp>(user))
        continue;
      for (Operation *p = user->getParentOp(); p != function;
           p = p->getParentOp())
        inParallel |= p->hasAttr("parallel") || isa<scf::ParallelOp>(p);
      Operation *top = body.findAncestorOpInBlock(*user);
      life.first = std::min(life.first, position[top]);
      life.last = std::max(life.last, position[top]);
    }
    if (life.first != SIZE_MAX && !inParallel)
      result.push_back(life);
  }
  return result;
}

/// Greedy interval colouring: each buffer, in order of its first use, goes
/// to the free slot closest to its size (grown if needed), else a new one.
SmallVector<Slot> assignSlots(SmallVector<Lifetime> buffers) {
  llvm::stable_sort(buffers, [](const Lifetime &a, const Lifetime &b) {
    return a.first < b.first;
  });
  SmallVector<Slot> slots;
  for (const Lifetime &b : buffers) {
    Slot *best = nullptr;
    for (Slot &s : slots) {
      if (s.last >= b.first)
        continue;
      auto cost = [&](const Slot &x) {
        return x.bytes >= b.bytes ? x.bytes - b.bytes : 2 * (b.bytes - x.bytes);
      };
      if (!best || cost(s) < cost(*best))
        best = &s;
    }
    if (!best)
      best = &slots.emplace_back();
    best->bytes = std::max(best->bytes, b.bytes);
    best->last = b.last;
    best->buffers.push_back(b.alloc);
  }
  return slots;
}

} // namespace

uint64_t hcl::shareStackSlots(func::FuncOp function, uint64_t budgetBytes) {
  SmallVector<Slot> slots = assignSlots(lifetimes(function));
  llvm::stable_sort(
      slots, [](const Slot &a, const Slot &b) { return a.bytes < b.bytes; });
  uint64_t total = 0;
  Block &body = function.getBody().front();
  Value zero;
  for (Slot &slot : slots) {
    uint64_t bytes = llvm::alignTo(slot.bytes, kSlotAlignment);
    if (total + bytes > budgetBytes)
      break;
    total += bytes;
    // A fresh builder each time: the block's first operation may be an
    // alloc erased below.
    OpBuilder builder = OpBuilder::atBlockBegin(&body);
    if (!zero)
      zero = arith::ConstantIndexOp::create(builder, function.getLoc(), 0);
    auto type = MemRefType::get({int64_t(bytes)}, builder.getI8Type());
    auto stack =
        memref::AllocaOp::create(builder, function.getLoc(), type,
                                 builder.getI64IntegerAttr(kSlotAlignment));
    for (memref::AllocOp alloc : slot.buffers) {
      OpBuilder at(alloc);
      auto view = memref::ViewOp::create(at, alloc.getLoc(), alloc.getType(),
                                         stack, zero, ValueRange());
      view->setDiscardableAttrs(alloc->getDiscardableAttrDictionary());
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      alloc.replaceAllUsesWith(view.getResult());
      alloc.erase();
    }
  }
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": @" << function.getSymName() << ": "
                          << total << " bytes of shared stack slots\n");
  return total;
}
