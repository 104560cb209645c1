//===- StoreAt.cpp - hcl.store_at: storage inside a consumer's loop -------===//
//
// Halide's store_at(C, axis) with compute_at(C, inner): after compute_at put
// producer P's slice inside loop `inner` of consumer C, P's buffer is
// allocated inside loop `axis` (which encloses `inner`), with the shape of
// the box one iteration of `axis` writes (MLIR's MemRefRegion of P's stores,
// symbolic in the loops around and including `axis`), and every access is
// rebased on the box's origin. The consumer's reads in one iteration must
// provably lie inside what that iteration writes (a Presburger subset test),
// otherwise the primitive is refused. When `axis` is outside `inner`, a
// producer loop whose range slides with `inner` computes only its new part
// after the first iteration (Halide's sliding window; no storage folding).
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Analysis/Presburger/PresburgerRelation.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// The regions of `accesses` (all to one memref), symbolic in the
/// `loopDepth` loops around them, aligned to the same variables.
FailureOr<SmallVector<MemRefRegion, 1>>
computeAlignedRegions(ArrayRef<Operation *> accesses, unsigned loopDepth) {
  SmallVector<MemRefRegion, 1> regions;
  for (Operation *access : accesses) {
    MemRefRegion region(access->getLoc());
    if (failed(region.compute(access, loopDepth)))
      return failure();
    regions.push_back(std::move(region));
  }
  if (regions.empty())
    return regions;
  unsigned rank = regions.front().getRank();
  FlatAffineValueConstraints all = *regions.front().getConstraints();
  for (MemRefRegion &region : regions)
    all.mergeAndAlignVarsWithOther(rank, region.getConstraints());
  for (MemRefRegion &region : regions)
    all.mergeAndAlignVarsWithOther(rank, region.getConstraints());
  return regions;
}

} // namespace

/// Halide's sliding window: when storage is outside the compute_at loop
/// `compute`, a copied producer loop whose range [lb(c), lb(c) + K) moves by
/// `delta` (0 < delta < K) per iteration of `compute` recomputes K - delta
/// elements the previous iteration left in the buffer. Its lower bound
/// becomes lb(c) + (K - delta) * ceildiv(c - c0, N): the whole range in the
/// first iteration c0 (of each iteration of the loops around `compute`),
/// only the new part afterwards (N bounds c - c0, so the factor is 0 or 1).
/// Returns the number of loops changed; nests that do not match are left
/// as they are.
static unsigned slideWindows(AffineForOp compute, StringRef prefix) {
  if (!compute.hasConstantLowerBound())
    return 0;
  int64_t c0 = compute.getConstantLowerBound();
  std::optional<int64_t> last;
  for (AffineExpr bound : compute.getUpperBoundMap().getResults())
    if (auto constant = dyn_cast<AffineConstantExpr>(bound))
      last = last ? std::min(*last, constant.getValue()) : constant.getValue();
  if (!last || *last - c0 < 2)
    return 0;
  int64_t span = *last - c0;
  int64_t step = compute.getStepAsInt();
  Value iv = compute.getInductionVar();
  MLIRContext *context = compute.getContext();
  unsigned changed = 0;
  for (auto loop : compute.getBody()->getOps<AffineForOp>()) {
    if (!getLoopName(loop).starts_with(prefix) || loop.getStepAsInt() != 1)
      continue;
    AffineMap lb = loop.getLowerBoundMap(), ub = loop.getUpperBoundMap();
    auto lbOperands = loop.getLowerBoundOperands();
    if (lb.getNumResults() != 1 || ub.getNumResults() != 1 ||
        lb.getNumSymbols() != 0 || ub.getNumSymbols() != 0 ||
        !llvm::equal(lbOperands, loop.getUpperBoundOperands()) ||
        lb.getNumDims() != ub.getNumDims())
      continue;
    auto position = llvm::find(lbOperands, iv);
    if (position == lbOperands.end() || llvm::count(lbOperands, iv) != 1)
      continue;
    unsigned dim = position - lbOperands.begin();
    AffineExpr lower = lb.getResult(0);
    auto extent = dyn_cast<AffineConstantExpr>(
        simplifyAffineExpr(ub.getResult(0) - lower, lb.getNumDims(), 0));
    AffineExpr next = lower.replace(getAffineDimExpr(dim, context),
                                    getAffineDimExpr(dim, context) + step);
    auto shift = dyn_cast<AffineConstantExpr>(
        simplifyAffineExpr(next - lower, lb.getNumDims(), 0));
    if (!extent || !shift || shift.getValue() <= 0 ||
        shift.getValue() >= extent.getValue())
      continue;
    // Other copied loops must not move with `compute`: only this one slides.
    bool othersMove = false;
    loop.walk([&](AffineForOp inner) {
      if (inner != loop &&
          (llvm::is_contained(inner.getLowerBoundOperands(), iv) ||
           llvm::is_contained(inner.getUpperBoundOperands(), iv)))
        othersMove = true;
    });
    if (othersMove)
      continue;
    AffineExpr c = getAffineDimExpr(dim, context);
    AffineExpr sliding =
        lower + (extent.getValue() - shift.getValue()) * (c - c0).ceilDiv(span);
    loop.setLowerBound(lbOperands,
                       AffineMap::get(lb.getNumDims(), 0, sliding, context));
    loop->setAttr("sliding_window", UnitAttr::get(context));
    ++changed;
  }
  return changed;
}

LogicalResult StoreAtOp::apply(ScheduleContext &ctx) {
  StoreAtOp op = *this;
  std::optional<StringRef> producerName = getStageHandleName(op.getProducer());
  FailureOr<Operation *> consumerRoot = ctx.resolveStage(op, op.getConsumer());
  if (!producerName || failed(consumerRoot))
    return failure();
  StringRef consumerName = getStageName(*consumerRoot);
  if (ctx.getComputedAt(*producerName) != consumerName)
    return op.emitError("store_at of stage '")
           << *producerName << "' in stage '" << consumerName
           << "' needs an earlier compute_at of '" << *producerName
           << "' into '" << consumerName
           << "' that replaced the producer's own nest (one whose output only "
              "the consumer reads)";
  FailureOr<AffineForOp> storage =
      ctx.resolveLoop(op, op.getConsumer(), op.getAxis());
  if (failed(storage))
    return failure();
  std::string computeName = ctx.getComputeAxis(*producerName);
  AffineForOp compute;
  (*consumerRoot)->walk([&](AffineForOp loop) {
    if (getLoopName(loop) == computeName)
      compute = loop;
  });
  if (!compute)
    return op.emitError("stage '")
           << consumerName << "' no longer has the loop '" << computeName
           << "' that '" << *producerName << "' was computed at";
  if (!(*storage)->isAncestor(compute))
    return op.emitError("store_at loop '")
           << getLoopName(*storage) << "' of stage '" << consumerName
           << "' does not enclose the compute_at loop '" << computeName
           << "': storage must be at the compute_at loop or outside it";

  // The buffers the producer's copy writes.
  std::string prefix = producerName->str() + ".";
  llvm::SetVector<Value> buffers;
  compute.walk([&](AffineWriteOpInterface write) {
    auto loop = write->getParentOfType<AffineForOp>();
    if (loop && getLoopName(loop).starts_with(prefix))
      buffers.insert(write.getMemRef());
  });
  if (buffers.empty())
    return op.emitError("stage '")
           << *producerName << "' writes nothing inside loop '" << computeName
           << "'";

  unsigned loopDepth = getNestingDepth(*storage) + 1;
  for (Value buffer : buffers) {
    auto alloc = buffer.getDefiningOp<memref::AllocOp>();
    auto type = cast<MemRefType>(buffer.getType());
    if (!alloc || !type.hasStaticShape() || !type.getLayout().isIdentity())
      return op.emitError("store_at needs the output of '")
             << *producerName
             << "' to be a memref.alloc of static shape and identity layout";
    SmallVector<Operation *> writes, reads, deallocs;
    for (Operation *user : buffer.getUsers()) {
      if (isa<memref::DeallocOp>(user)) {
        deallocs.push_back(user);
      } else if (!(*storage)->isAncestor(user)) {
        InFlightDiagnostic error = op.emitError("the output of '")
                                   << *producerName
                                   << "' is used outside loop '"
                                   << getLoopName(*storage) << "'";
        error.attachNote(user->getLoc()) << "used here";
        return error;
      } else if (isa<AffineWriteOpInterface>(user)) {
        writes.push_back(user);
      } else if (isa<AffineReadOpInterface>(user)) {
        reads.push_back(user);
      } else {
        InFlightDiagnostic error = op.emitError("the output of '")
                                   << *producerName
                                   << "' has a use that is not an affine "
                                      "load or store";
        error.attachNote(user->getLoc()) << "used here";
        return error;
      }
    }

    SmallVector<Operation *> accesses(writes);
    accesses.append(reads);
    FailureOr<SmallVector<MemRefRegion, 1>> regions =
        computeAlignedRegions(accesses, loopDepth);
    if (failed(regions))
      return op.emitError("the accesses to the output of '")
             << *producerName << "' inside loop '" << getLoopName(*storage)
             << "' cannot be described affinely";
    ArrayRef<MemRefRegion> writeRegions =
        ArrayRef<MemRefRegion>(*regions).take_front(writes.size());
    ArrayRef<MemRefRegion> readRegions =
        ArrayRef<MemRefRegion>(*regions).drop_front(writes.size());

    // Every element read in an iteration of `storage` is written in it.
    presburger::PresburgerRelation written(
        *writeRegions.front().getConstraints());
    for (const MemRefRegion &region : writeRegions.drop_front())
      written.unionInPlace(*region.getConstraints());
    for (auto [read, region] : llvm::zip(reads, readRegions))
      if (!presburger::PresburgerRelation(*region.getConstraints())
               .isSubsetOf(written)) {
        InFlightDiagnostic error =
            op.emitError("cannot store '")
            << *producerName << "' at loop '" << getLoopName(*storage)
            << "': a read of its output is not provably inside what one "
               "iteration of the loop computes";
        error.attachNote(read->getLoc()) << "the read";
        return error;
      }

    MemRefRegion box = writeRegions.front();
    for (const MemRefRegion &region : writeRegions.drop_front())
      if (failed(box.unionBoundingBox(region)))
        return op.emitError("cannot bound what one iteration of loop '")
               << getLoopName(*storage) << "' writes";
    SmallVector<int64_t> shape;
    SmallVector<AffineMap> lowerBounds;
    if (!box.getConstantBoundingSizeAndShape(&shape, &lowerBounds))
      return op.emitError("the part of '")
             << *producerName << "' one iteration of loop '"
             << getLoopName(*storage) << "' computes has no constant size";
    unsigned rank = box.getRank();
    FlatAffineValueConstraints *cst = box.getConstraints();
    SmallVector<Value> symbols;
    cst->getValues(rank, cst->getNumVars(), &symbols);

    // Old index i_d becomes i_d - lb_d(symbols): the map takes the symbols
    // first, then the old indices.
    MLIRContext *context = op.getContext();
    SmallVector<AffineExpr> symbolsAsDims;
    for (unsigned s = 0; s < symbols.size(); ++s)
      symbolsAsDims.push_back(getAffineDimExpr(s, context));
    SmallVector<AffineExpr> remap;
    for (unsigned d = 0; d < rank; ++d) {
      AffineMap lb = lowerBounds[d];
      if (lb.getNumResults() != 1 || lb.getNumDims() != 0 ||
          lb.getNumSymbols() != symbols.size())
        return op.emitError("the origin of the part of '")
               << *producerName << "' one iteration of loop '"
               << getLoopName(*storage) << "' computes is not a single affine "
               << "expression";
      AffineExpr origin = lb.getResult(0).replaceSymbols(symbolsAsDims);
      remap.push_back(getAffineDimExpr(symbols.size() + d, context) - origin);
    }
    AffineMap indexRemap =
        AffineMap::get(symbols.size() + rank, 0, remap, context);

    OpBuilder builder(context);
    builder.setInsertionPointToStart((*storage).getBody());
    auto local = memref::AllocOp::create(
        builder, alloc.getLoc(), MemRefType::get(shape, type.getElementType()));
    local->setAttrs(alloc->getAttrs());
    AffineForOp storageLoop = *storage;
    if (failed(replaceAllMemRefUsesWith(
            buffer, local, /*extraIndices=*/{}, indexRemap, symbols,
            /*symbolOperands=*/{}, [&](Operation *user) {
              return storageLoop->isAncestor(user) && user != local;
            })))
      return op.emitError("cannot rewrite the accesses to the output of '")
             << *producerName << "'";
    // Freed every iteration so the CPU path does not leak; in HLS C++ the
    // buffer is a local array.
    builder.setInsertionPoint(storageLoop.getBody()->getTerminator());
    memref::DeallocOp::create(builder, alloc.getLoc(), local);
    for (Operation *dealloc : deallocs)
      dealloc->erase();
    alloc->erase();
  }
  if (*storage != compute)
    slideWindows(compute, prefix);
  return success();
}

} // namespace hcl
