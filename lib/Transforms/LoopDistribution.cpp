//===- LoopDistribution.cpp - making a band perfect for reorder -----------===//
//
// After buffer_at or an algorithm with an initialization loop, a reorder may
// name loops that are nested but not perfectly:
//
//   for i {                          for i.pre { for j { C[i,j] = 0 } }
//     for j { C[i,j] = 0 }     ->    for i { for k { for j { C[i,j] += .. }}}
//     for k { for j { ... } }
//   }
//
// Distribution runs all iterations of one part before the next part, so it
// is legal when no dependence goes from a later part in one iteration to an
// earlier part in a later iteration (MLIR's checkMemrefAccessDependence at
// the loop's depth).
//
//===----------------------------------------------------------------------===//

#include "LoopDistribution.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/ScheduleContext.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// The parts of a loop body: operations before the band loop, the band loop,
/// operations after it (terminator excluded). Empty parts are dropped.
SmallVector<SmallVector<Operation *>> splitBody(AffineForOp loop,
                                                AffineForOp next) {
  SmallVector<SmallVector<Operation *>> parts(3);
  unsigned part = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (&op == next.getOperation()) {
      parts[1].push_back(&op);
      part = 2;
      continue;
    }
    parts[part].push_back(&op);
  }
  llvm::erase_if(parts, [](auto &p) { return p.empty(); });
  return parts;
}

/// Pure operations computed from values defined outside the loop (mostly
/// constants) move in front of it, so every part can use them.
void hoistInvariants(AffineForOp loop) {
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
    bool invariant = llvm::all_of(op.getOperands(), [&](Value v) {
      return !loop->isAncestor(v.getParentRegion()->getParentOp());
    });
    if (invariant && op.getNumRegions() == 0 && isMemoryEffectFree(&op))
      op.moveBefore(loop);
  }
}

unsigned partOf(Operation *op, ArrayRef<SmallVector<Operation *>> parts,
                AffineForOp loop) {
  Operation *top = loop.getBody()->findAncestorOpInBlock(*op);
  for (auto [index, part] : llvm::enumerate(parts))
    if (llvm::is_contained(part, top))
      return index;
  return parts.size();
}

LogicalResult checkValuesStayInParts(Operation *user, AffineForOp loop,
                                     ArrayRef<SmallVector<Operation *>> parts) {
  for (auto [index, part] : llvm::enumerate(parts))
    for (Operation *top : part) {
      WalkResult result = top->walk([&](Operation *op) {
        for (Value v : op->getOperands()) {
          Operation *def = v.getDefiningOp();
          if (!def || !loop->isProperAncestor(def))
            continue;
          unsigned defPart = partOf(def, parts, loop);
          if (defPart == index)
            continue;
          user->emitError("cannot distribute loop '")
              << getLoopName(loop) << "' to reorder it: a value computed by '"
              << def->getName() << "' in one part of its body is used by '"
              << op->getName() << "' in another";
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (result.wasInterrupted())
        return failure();
    }
  return success();
}

SmallVector<Operation *> memoryOps(ArrayRef<Operation *> part, bool &unknown) {
  SmallVector<Operation *> ops;
  for (Operation *top : part)
    top->walk([&](Operation *op) {
      if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
        ops.push_back(op);
      else if (!isMemoryEffectFree(op) && !isa<AffineForOp, AffineIfOp>(op) &&
               !op->hasTrait<OpTrait::IsTerminator>())
        unknown = true;
    });
  return ops;
}

LogicalResult
checkNoBackwardDependence(Operation *user, AffineForOp loop,
                          ArrayRef<SmallVector<Operation *>> parts) {
  unsigned depth = getNestingDepth(loop) + 1;
  bool unknown = false;
  SmallVector<SmallVector<Operation *>> accesses;
  for (ArrayRef<Operation *> part : parts)
    accesses.push_back(memoryOps(part, unknown));
  if (unknown)
    return user->emitError("cannot distribute loop '")
           << getLoopName(loop) << "' to reorder it: its body has memory "
           << "operations other than affine loads and stores";
  for (unsigned later = 1; later < parts.size(); ++later)
    for (unsigned earlier = 0; earlier < later; ++earlier)
      for (Operation *src : accesses[later])
        for (Operation *dst : accesses[earlier]) {
          MemRefAccess srcAccess(src), dstAccess(dst);
          if (srcAccess.memref != dstAccess.memref ||
              (!srcAccess.isStore() && !dstAccess.isStore()))
            continue;
          DependenceResult result =
              checkMemrefAccessDependence(srcAccess, dstAccess, depth);
          if (result.value == DependenceResult::NoDependence)
            continue;
          return user->emitError("cannot distribute loop '")
                 << getLoopName(loop) << "' to reorder it: '" << src->getName()
                 << "' in one iteration and '" << dst->getName()
                 << "' in a later one access the same "
                 << "element, and distribution would swap them";
        }
  return success();
}

/// A copy of `loop` (bounds, annotations) around `part`, placed before or
/// after `loop`, named `<name><suffix>`.
void moveIntoCopy(AffineForOp loop, ArrayRef<Operation *> part, bool before,
                  StringRef suffix) {
  OpBuilder b(loop);
  if (!before)
    b.setInsertionPointAfter(loop);
  auto copy =
      AffineForOp::create(b, loop.getLoc(), loop.getLowerBoundOperands(),
                          loop.getLowerBoundMap(), loop.getUpperBoundOperands(),
                          loop.getUpperBoundMap(), loop.getStepAsInt());
  for (NamedAttribute attr : getLoopAnnotations(loop))
    copy->setAttr(attr.getName(), attr.getValue());
  copy->setAttr(kLoopNameAttr,
                b.getStringAttr(getLoopName(loop).str() + suffix.str()));
  Operation *terminator = copy.getBody()->getTerminator();
  for (Operation *op : part)
    op->moveBefore(terminator);
  loop.getInductionVar().replaceUsesWithIf(
      copy.getInductionVar(),
      [&](OpOperand &use) { return copy->isAncestor(use.getOwner()); });
}

LogicalResult distribute(Operation *user, AffineForOp loop, AffineForOp next) {
  hoistInvariants(loop);
  if (loop.getBody()->getOperations().size() == 2)
    return success();
  SmallVector<SmallVector<Operation *>> parts = splitBody(loop, next);
  if (failed(checkValuesStayInParts(user, loop, parts)) ||
      failed(checkNoBackwardDependence(user, loop, parts)))
    return failure();
  for (ArrayRef<Operation *> part : parts) {
    if (llvm::is_contained(part, next.getOperation()))
      continue;
    bool before = next->isBeforeInBlock(part.front());
    moveIntoCopy(loop, part, !before, before ? ".post" : ".pre");
  }
  return success();
}

} // namespace

FailureOr<SmallVector<AffineForOp>>
distributeToPerfectBand(Operation *user, AffineForOp outer, AffineForOp inner) {
  SmallVector<AffineForOp> band{outer};
  for (AffineForOp loop = outer; loop != inner;) {
    Operation *child = loop.getBody()->findAncestorOpInBlock(*inner);
    auto next = dyn_cast_or_null<AffineForOp>(child);
    if (!next)
      return user->emitError("loop '")
             << getLoopName(inner) << "' sits inside '"
             << (child ? child->getName().getStringRef() : "?")
             << "' within loop '" << getLoopName(loop)
             << "'; reorder cannot move loops across it";
    band.push_back(next);
    loop = next;
  }
  // Innermost first: the copies a distribution leaves in the loop around it
  // are then distributed out of that loop too.
  for (size_t i = band.size() - 1; i-- > 0;)
    if (band[i].getBody()->getOperations().size() > 2 &&
        failed(distribute(user, band[i], band[i + 1])))
      return failure();
  return band;
}

} // namespace hcl
