//===- BufferAt.cpp - hcl.buffer_at: an on-chip write buffer --------------===//
//
// buffer_at(C, s, i) keeps the part of C that one iteration of loop `i`
// touches in a local buffer (the HeteroCL memory-optimization paper):
//
//   %buf = memref.alloca()             (once, outside the loops)
//   affine.for i {                       affine.for i {
//     ... C[i, j] ...              ->      j_init: buf[j] = C[i, j]
//   }                                      ... buf[j] ...
//                                          j_back: C[i, j] = buf[j]
//                                        }
//
// The part is the box the accesses touch (BufferAtFootprint.cpp), so after
// tile(i, j, 8, 64) a buffer at j.outer holds C's 8x64 block, indexed from
// the block's origin; with the reduction reordered between the tile loops
// and the point loops it is the register-blocked gemm's C tile. The buffer
// is filled from C (the seed fills it with zeros, which is only right when
// the stage itself starts from zero), so the scheduled program computes
// what the algorithm computes for any initial C. Where the box would reach
// past C's edge (a split that does not divide) the copies stop at the edge.
//
//===----------------------------------------------------------------------===//

#include "BufferAtFootprint.h"
#include "BufferAtPlacement.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// The hints a copy loop takes from the loop it mirrors, so that a point
/// loop unrolled or vectorized before buffer_at has its fill and write-back
/// unrolled or vectorized alike (a register tile needs all three unrolled).
constexpr StringLiteral kMirroredHints[] = {"unroll", "vectorize"};

/// One loop of a copy nest: the buffer dimension `dim` of the footprint's
/// target dimension `targetDim`.
struct CopyLoop {
  unsigned targetDim;
  std::string name;
  AffineForOp mirrored;
};

/// The copy loops, one per buffer dimension, named after the loop each
/// mirrors (`j.inner_init`), or after the buffer when several loops index
/// that dimension.
SmallVector<CopyLoop> copyLoops(const BufferFootprint &footprint,
                                StringRef bufferName) {
  SmallVector<CopyLoop> loops;
  for (auto [d, kept] : llvm::enumerate(footprint.kept)) {
    if (!kept)
      continue;
    AffineForOp mirrored = footprint.mirrored[d];
    std::string name = mirrored ? getLoopName(mirrored).str()
                                : (bufferName + "_d" + Twine(d)).str();
    loops.push_back({static_cast<unsigned>(d), name, mirrored});
  }
  return loops;
}

/// Emits the copy nest over the buffer, loops named `<name><suffix>`, the
/// innermost pipelined (II = 1), and returns its loops, outermost first. A
/// loop stops at the target's edge when the box may reach past it. `body`
/// gets the buffer indices (empty for a one-element buffer) and the target
/// indices as a map over `operands`.
SmallVector<AffineForOp> buildCopyNest(
    OpBuilder &builder, Location loc, const BufferFootprint &footprint,
    ArrayRef<CopyLoop> loops, MemRefType targetType, StringRef suffix,
    function_ref<void(OpBuilder &, ValueRange, AffineMap, ValueRange)> body) {
  OpBuilder::InsertionGuard guard(builder);
  MLIRContext *context = builder.getContext();
  const SmallVector<Value> &origin = footprint.origin;
  unsigned numOrigin = origin.size();
  SmallVector<Value> ivs;
  SmallVector<AffineForOp> nest;
  for (auto [k, copy] : llvm::enumerate(loops)) {
    unsigned d = copy.targetDim;
    AffineExpr lb = footprint.lowerBounds[d].getResult(0);
    int64_t extent = footprint.extents[d];
    int64_t dimSize = targetType.getDimSize(d);
    SmallVector<AffineExpr> lows = {getAffineConstantExpr(0, context)};
    SmallVector<AffineExpr> highs = {getAffineConstantExpr(extent, context)};
    if (!neverNonNegative(footprint.originDomain, -lb, origin, -1))
      lows.push_back(-lb);
    if (!neverNonNegative(footprint.originDomain, lb, origin,
                          extent - dimSize - 1))
      highs.push_back(dimSize - lb);
    AffineMap lowMap = AffineMap::get(numOrigin, 0, lows, context);
    AffineMap highMap = AffineMap::get(numOrigin, 0, highs, context);
    SmallVector<Value> lowOperands(origin), highOperands(origin);
    // Bounds that do not use the origin are constant (fuse and coalescing
    // need to see that).
    canonicalizeMapAndOperands(&lowMap, &lowOperands);
    canonicalizeMapAndOperands(&highMap, &highOperands);
    auto loop = AffineForOp::create(builder, loc, lowOperands, lowMap,
                                    highOperands, highMap);
    nest.push_back(loop);
    loop->setAttr(kLoopNameAttr, builder.getStringAttr(copy.name + suffix));
    if (copy.mirrored)
      for (StringRef hint : kMirroredHints)
        if (Attribute value = copy.mirrored->getAttr(hint))
          loop->setAttr(hint, value);
    if (k + 1 == loops.size() && !loop->hasAttr("unroll"))
      loop->setAttr("pipeline_ii", builder.getI32IntegerAttr(1));
    ivs.push_back(loop.getInductionVar());
    builder.setInsertionPointToStart(loop.getBody());
  }
  // Target index d: the box's origin plus the copy loop's variable.
  SmallVector<AffineExpr> indices;
  unsigned nextLoop = 0;
  for (auto [d, kept] : llvm::enumerate(footprint.kept)) {
    AffineExpr index =
        footprint.lowerBounds[d].getResult(0).shiftDims(numOrigin, ivs.size());
    if (kept)
      index = index + getAffineDimExpr(nextLoop++, context);
    indices.push_back(index);
  }
  SmallVector<Value> operands(ivs);
  llvm::append_range(operands, origin);
  AffineMap map = AffineMap::get(ivs.size() + numOrigin, 0, indices, context);
  canonicalizeMapAndOperands(&map, &operands);
  body(builder, ivs, map, operands);
  return nest;
}

/// Makes the fill of a buffer the loop only reads one pipelined loop over
/// its elements (`<buffer>_load`, or named as fuse names it), when every
/// copy loop has a constant trip count and no unroll or vectorize hint: one
/// pipeline instead of one per row, and from an m_axi port one burst.
void flattenFill(ArrayRef<AffineForOp> nest,
                 std::optional<StringRef> bufferName) {
  auto keepsNest = [](AffineForOp loop) {
    return !getConstantTripCount(loop) ||
           llvm::any_of(kMirroredHints,
                        [&](StringRef hint) { return loop->hasAttr(hint); });
  };
  if (nest.size() < 2 || llvm::any_of(nest, keepsNest))
    return;
  std::string name;
  if (bufferName) {
    name = (*bufferName + "_load").str();
  } else {
    for (AffineForOp loop : nest)
      name += getLoopName(loop).str() + "_";
    name += "fused";
  }
  SmallVector<AffineForOp> loops(nest);
  if (failed(coalesceLoops(loops)))
    return;
  AffineForOp fused = loops.front();
  fused->setAttr(kLoopNameAttr, StringAttr::get(fused.getContext(), name));
  fused->setAttr("pipeline_ii",
                 IntegerAttr::get(IntegerType::get(fused.getContext(), 32), 1));
}

/// The index into the buffer of an access of the target: its index in the
/// target minus the box's origin, for the buffer's dimensions.
AffineValueMap bufferIndex(Operation *access,
                           const BufferFootprint &footprint) {
  MemRefAccess ref(access);
  AffineValueMap map;
  ref.getAccessMap(&map);
  SmallVector<unsigned> keptDims;
  SmallVector<AffineExpr> origins;
  for (auto [d, kept] : llvm::enumerate(footprint.kept))
    if (kept) {
      keptDims.push_back(d);
      origins.push_back(footprint.lowerBounds[d].getResult(0));
    }
  MLIRContext *context = access->getContext();
  if (keptDims.empty())
    return AffineValueMap(AffineMap::getConstantMap(0, context), {});
  AffineValueMap indices(map.getAffineMap().getSubMap(keptDims),
                         map.getOperands());
  AffineValueMap origin(
      AffineMap::get(footprint.origin.size(), 0, origins, context),
      footprint.origin);
  AffineValueMap difference;
  AffineValueMap::difference(indices, origin, &difference);
  return difference;
}

/// The block the buffer lives in: the axis body, or the then-block of the
/// affine.if guards (reuse_at's) inside it that hold every access, so that
/// the buffer is filled and written back only in the iterations that use
/// it. reuse_at then gives the same program whether it comes before
/// buffer_at (its guard around the buffer) or after (the buffer inside its
/// guard), and the copies never touch the rows an extra reuse_at iteration
/// would index out of bounds.
Block *bufferBlock(AffineForOp axis, ArrayRef<Operation *> accesses) {
  Block *block = axis.getBody();
  auto holdsAll = [&](AffineIfOp guard) {
    return !guard.hasElse() && llvm::all_of(accesses, [&](Operation *access) {
      return guard->isProperAncestor(access);
    });
  };
  while (true) {
    auto guards = block->getOps<AffineIfOp>();
    auto it = llvm::find_if(guards, holdsAll);
    if (it == guards.end())
      return block;
    block = (*it).getThenBlock();
  }
}

} // namespace

LogicalResult BufferAtOp::apply(ScheduleContext &ctx) {
  BufferAtOp op = *this;
  FailureOr<AffineForOp> axis =
      ctx.resolveLoop(op, op.getStage(), op.getAxis());
  if (failed(axis))
    return failure();
  StringRef axisName = getLoopName(*axis);
  if ((*axis)->hasAttr("reduction"))
    return op.emitError("buffer_at cannot be placed at reduction loop '")
           << axisName << "': partial results would be written back before "
           << "the reduction completes";

  Value target = ctx.resolveMemRef(op.getTarget());
  auto targetType = cast<MemRefType>(target.getType());
  if (!targetType.hasStaticShape())
    return op.emitError("buffer_at needs a target of static shape, not ")
           << targetType;
  SmallVector<Operation *> accesses;
  bool onlyAffine = true;
  for (Operation *user : target.getUsers()) {
    if (!(*axis)->isProperAncestor(user))
      continue;
    if (isa<AffineLoadOp, AffineStoreOp>(user))
      accesses.push_back(user);
    else
      onlyAffine = false;
  }
  if (!onlyAffine)
    return op.emitError("buffer_at needs every access to the target inside "
                        "loop '")
           << axisName << "' to be an affine.load or affine.store";
  if (accesses.empty())
    return op.emitError("the target is not accessed inside loop '")
           << axisName << "'";

  FailureOr<BufferFootprint> footprint =
      computeBufferFootprint(op, *axis, accesses);
  if (failed(footprint))
    return failure();
  StringRef bufferName = op.getBufferName().value_or("buf");
  SmallVector<CopyLoop> loops = copyLoops(*footprint, bufferName);
  SmallVector<int64_t> bufferShape;
  for (const CopyLoop &copy : loops)
    bufferShape.push_back(footprint->extents[copy.targetDim]);
  // Every index fixed in an iteration of the axis (buffer_at at the loop
  // around a reduction, as HeteroCL writes it): a one-element buffer, the
  // register the reduction accumulates in.
  bool scalar = bufferShape.empty();
  MLIRContext *context = op.getContext();
  AffineMap elementZero = AffineMap::getConstantMap(0, context);
  auto bufferType =
      MemRefType::get(scalar ? ArrayRef<int64_t>{1} : ArrayRef(bufferShape),
                      targetType.getElementType());
  if (isa<MemRefType>(op.getResult().getType()) &&
      bufferType != op.getResult().getType())
    return op.emitError("buffer_at at loop '")
           << axisName << "' makes a " << bufferType << ", not the "
           << op.getResult().getType() << " written here";

  Location loc = op.getLoc();
  OpBuilder builder(context);
  Block *block = bufferBlock(*axis, accesses);
  Value buffer = allocateBuffer(builder, loc, bufferType, *axis, block);
  if (std::optional<StringRef> name = op.getBufferName())
    buffer.getDefiningOp()->setAttr("name", builder.getStringAttr(*name));

  auto bufferAccess = [&](ValueRange ivs) {
    return scalar ? std::pair{elementZero, ValueRange{}}
                  : std::pair{
                        AffineMap::getMultiDimIdentityMap(ivs.size(), context),
                        ivs};
  };
  // A target the loop only reads (a layer's weights) needs no write-back.
  bool readOnly = llvm::all_of(
      accesses, [](Operation *access) { return isa<AffineLoadOp>(access); });
  builder.setInsertionPointToStart(block);
  SmallVector<AffineForOp> fill = buildCopyNest(
      builder, loc, *footprint, loops, targetType, "_init",
      [&](OpBuilder &b, ValueRange ivs, AffineMap map, ValueRange operands) {
        Value v = AffineLoadOp::create(b, loc, target, map, operands);
        auto [bufferMap, bufferIvs] = bufferAccess(ivs);
        AffineStoreOp::create(b, loc, v, buffer, bufferMap, bufferIvs);
      });
  if (readOnly)
    flattenFill(fill, op.getBufferName());

  for (Operation *access : accesses) {
    AffineValueMap index = bufferIndex(access, *footprint);
    builder.setInsertionPoint(access);
    if (auto load = dyn_cast<AffineLoadOp>(access)) {
      auto newLoad = AffineLoadOp::create(
          builder, loc, buffer, index.getAffineMap(), index.getOperands());
      load.getResult().replaceAllUsesWith(newLoad.getResult());
    } else {
      auto store = cast<AffineStoreOp>(access);
      AffineStoreOp::create(builder, loc, store.getValueToStore(), buffer,
                            index.getAffineMap(), index.getOperands());
    }
    access->erase();
  }

  builder.setInsertionPoint(block->getTerminator());
  if (!readOnly)
    buildCopyNest(
        builder, loc, *footprint, loops, targetType, "_back",
        [&](OpBuilder &b, ValueRange ivs, AffineMap map, ValueRange operands) {
          auto [bufferMap, bufferIvs] = bufferAccess(ivs);
          Value v = AffineLoadOp::create(b, loc, buffer, bufferMap, bufferIvs);
          AffineStoreOp::create(b, loc, v, target, map, operands);
        });
  // A buffer of each iteration of a parallel loop is allocated and freed in
  // `block`: around the copies just put at its ends, not between them.
  Operation *alloc = buffer.getDefiningOp();
  if (alloc->getBlock() == block) {
    alloc->moveBefore(&block->front());
    for (Operation *user : buffer.getUsers())
      if (isa<memref::DeallocOp>(user) && user->getBlock() == block)
        user->moveBefore(block->getTerminator());
  }
  ctx.mapMemRef(op.getResult(), buffer);
  return success();
}

} // namespace hcl
