//===- HoistAccesses.cpp - loads and stores pushed out of loops -----------===//
//
// The ONNX-to-Bambu thesis: "pushing each store as outside as possible of the
// loop nest". When every access to a buffer inside a loop is at one index that
// does not change in the loop, the element is read once before the loop
// (if the loop may read it before writing it), kept in a local variable
// (a rank-0 memref.alloca, a C scalar) and written back once after it. A
// buffer the loop only reads at such an index is read once before it.
// Loops are visited outermost first, so an access leaves every loop it is
// invariant in at once. Only loops that run at least once are candidates:
// the access moved before the loop must not run when the loop would not.
// An access under a conditional or an scf loop of imperative code keeps
// its buffer in place (it may not run).
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

namespace {

/// The affine loads and stores of one buffer in a loop.
struct Accesses {
  SmallVector<Operation *> ops;
  bool hasOtherUse = false;
};

bool sameIndex(Operation *a, Operation *b) {
  MemRefAccess x(a), y(b);
  return x == y;
}

bool invariantIn(Operation *access, AffineForOp loop) {
  auto mapOperands = isa<AffineLoadOp>(access)
                         ? cast<AffineLoadOp>(access).getMapOperands()
                         : cast<AffineStoreOp>(access).getMapOperands();
  return llvm::all_of(mapOperands,
                      [&](Value v) { return loop.isDefinedOutsideOfLoop(v); });
}

/// Whether only loops enclose `access` inside `loop`: an access under an
/// if or in an scf loop (imperative code) may not run, or run in an order
/// this step does not follow, so its buffer stays where it is.
bool onlyLoopsAround(Operation *access, AffineForOp loop) {
  for (Operation *p = access->getParentOp(); p != loop; p = p->getParentOp())
    if (!isa<AffineForOp>(p))
      return false;
  return true;
}

/// Whether the first access in the loop body, unconditionally, is a store
/// (possibly the first access of an inner loop that runs at least once).
bool writtenFirst(AffineForOp loop, Value memref) {
  for (Operation &op : *loop.getBody()) {
    if (auto store = dyn_cast<AffineStoreOp>(op);
        store && store.getMemRef() == memref)
      return true;
    bool touches = false;
    op.walk([&](Operation *inner) {
      touches |= llvm::is_contained(inner->getOperands(), memref);
    });
    if (!touches)
      continue;
    auto inner = dyn_cast<AffineForOp>(op);
    std::optional<int64_t> trips = inner ? tripCount(inner) : std::nullopt;
    return trips && *trips >= 1 && writtenFirst(inner, memref);
  }
  return false;
}

/// Every access of one buffer in `loop` goes through `local` instead.
void redirect(ArrayRef<Operation *> ops, Value local) {
  for (Operation *op : ops) {
    OpBuilder b(op);
    if (auto load = dyn_cast<AffineLoadOp>(op)) {
      load.replaceAllUsesWith(
          AffineLoadOp::create(b, op->getLoc(), local, ValueRange{})
              .getResult());
    } else {
      auto store = cast<AffineStoreOp>(op);
      AffineStoreOp::create(b, op->getLoc(), store.getValueToStore(), local,
                            ValueRange{});
    }
    op->erase();
  }
}

void hoist(AffineForOp loop, Value memref, ArrayRef<Operation *> ops) {
  Operation *first = ops.front();
  AffineMap map = isa<AffineLoadOp>(first)
                      ? cast<AffineLoadOp>(first).getAffineMap()
                      : cast<AffineStoreOp>(first).getAffineMap();
  SmallVector<Value> operands(
      isa<AffineLoadOp>(first) ? cast<AffineLoadOp>(first).getMapOperands()
                               : cast<AffineStoreOp>(first).getMapOperands());
  OpBuilder before(loop);
  Location loc = loop.getLoc();
  bool stores =
      llvm::any_of(ops, [](Operation *op) { return isa<AffineStoreOp>(op); });
  if (!stores) {
    Value value = AffineLoadOp::create(before, loc, memref, map, operands);
    for (Operation *op : ops) {
      op->getResult(0).replaceAllUsesWith(value);
      op->erase();
    }
    return;
  }
  auto type = cast<MemRefType>(memref.getType());
  auto alloca = memref::AllocaOp::create(
      before, loc, MemRefType::get({}, type.getElementType()));
  alloca->setAttr("name", before.getStringAttr(valueName(memref)));
  Value local = alloca;
  // Without a load the local still needs the element's value when a store
  // is conditional (under an if, in a while loop): the write-back after the
  // loop must not store an uninitialized local.
  if (!writtenFirst(loop, memref)) {
    Value initial = AffineLoadOp::create(before, loc, memref, map, operands);
    AffineStoreOp::create(before, loc, initial, local, ValueRange{});
  }
  redirect(ops, local);
  OpBuilder after(loop->getBlock(), std::next(Block::iterator(loop)));
  Value last = AffineLoadOp::create(after, loc, local, ValueRange{});
  AffineStoreOp::create(after, loc, last, memref, map, operands);
}

void hoistFrom(AffineForOp loop) {
  std::optional<int64_t> trips = tripCount(loop);
  if (!trips || *trips < 1)
    return;
  llvm::MapVector<Value, Accesses> buffers;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!isa<MemRefType>(operand.getType()) ||
          !loop.isDefinedOutsideOfLoop(operand))
        continue;
      Accesses &accesses = buffers[operand];
      bool isAccess = (isa<AffineLoadOp>(op) &&
                       cast<AffineLoadOp>(op).getMemRef() == operand) ||
                      (isa<AffineStoreOp>(op) &&
                       cast<AffineStoreOp>(op).getMemRef() == operand);
      if (isAccess)
        accesses.ops.push_back(op);
      else
        accesses.hasOtherUse = true;
    }
  });
  for (auto &[memref, accesses] : buffers) {
    if (accesses.hasOtherUse || isLocalScalar(memref) || accesses.ops.empty())
      continue;
    Operation *first = accesses.ops.front();
    bool movable = llvm::all_of(accesses.ops, [&](Operation *op) {
      return sameIndex(op, first) && invariantIn(op, loop) &&
             onlyLoopsAround(op, loop);
    });
    if (movable)
      hoist(loop, memref, accesses.ops);
  }
}

} // namespace

void hoistAccesses(func::FuncOp func) {
  SmallVector<AffineForOp> loops;
  func.walk<WalkOrder::PreOrder>(
      [&](AffineForOp loop) { loops.push_back(loop); });
  for (AffineForOp loop : loops)
    hoistFrom(loop);
}

} // namespace hcl::bambu
