//===- ReuseAt.cpp - hcl.reuse_at: line and window buffers ----------------===//
//
// reuse_at(A, s, i) on the five-point stencil of the HeteroCL
// memory-optimization paper:
//
//   for i in 0..8                       for i' in 0..10
//     for j in 0..8                       for j' in 0..10 {spatial}    (shift)
//       B[i,j] = A[i,j+1] + A[i+1,j]        LB[0,j'] = LB[1,j']; LB[1,j'] =
//       LB[2,j']
//                + ... + A[i+2,j+1]         LB[2,j'] = A[i',j']
//                                         if (i' >= 2)                  (guard)
//                                           for j in 0..8
//                                             B[i'-2,j] = LB[0,j+1] + ...
//
// The axis runs span - 1 more iterations; each one shifts the buffer by one
// position along the reuse dimension and loads the new slice of A; the
// original body runs under the guard once the buffer holds a full window,
// with i = i' - (span - 1). With a stride s (reads at s * i + ...), the axis
// walks the s * (trips - 1) + span positions of A one by one, the buffer
// still shifts by one, and the body runs at every s-th position once the
// window is full, with i = (i' - (span - 1)) floordiv s: one new element of
// A per iteration, as a line buffer fed by a stream takes it. The buffer is
// allocated before the stage and filled from scratch by every run of the axis,
// so loops around the axis need nothing. Applied to a reuse buffer, it builds
// the next level of the hierarchy and merges the earlier level's shift loop
// into the axis (ReuseHierarchy.cpp).
//
//===----------------------------------------------------------------------===//

#include "ReuseWindow.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Dialect/HCL/PeerBufferType.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

void mergeShiftIntoAxis(AffineForOp axis, Value previousBuffer);

namespace {

LinearIndex constantIndex(int64_t value) {
  LinearIndex index;
  index.constant = value;
  return index;
}

LinearIndex valueIndex(Value v, int64_t offset = 0) {
  LinearIndex index;
  index.coefficients[v] = 1;
  index.constant = offset;
  return index;
}

void createLoad(OpBuilder &b, Location loc, Value memref,
                ArrayRef<LinearIndex> indices, Value &result) {
  auto [map, operands] = buildIndexMap(indices, b.getContext());
  result = AffineLoadOp::create(b, loc, memref, map, operands);
}

void createStore(OpBuilder &b, Location loc, Value value, Value memref,
                 ArrayRef<LinearIndex> indices) {
  auto [map, operands] = buildIndexMap(indices, b.getContext());
  AffineStoreOp::create(b, loc, value, memref, map, operands);
}

/// At the start of the axis body: for every position of the buffer's other
/// dimensions, shift the window by one along the reuse dimension and load
/// the new element of the target.
void buildShiftNest(OpBuilder &b, Location loc, AffineForOp axis,
                    const ReuseWindow &window, Value target, Value buffer) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(axis.getBody());
  DenseMap<unsigned, Value> spatialIvs;
  for (unsigned dim : window.bufferDims) {
    if (dim == window.reuseDim)
      continue;
    auto loop = AffineForOp::create(b, loc, 0, window.extent[dim]);
    loop->setAttr("spatial", b.getUnitAttr());
    spatialIvs[dim] = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
  }
  auto bufferIndices = [&](int64_t position) {
    SmallVector<LinearIndex> indices;
    for (unsigned dim : window.bufferDims)
      indices.push_back(dim == window.reuseDim ? constantIndex(position)
                                               : valueIndex(spatialIvs[dim]));
    return indices;
  };
  for (int64_t position = 0; position + 1 < window.span(); ++position) {
    Value v;
    createLoad(b, loc, buffer, bufferIndices(position + 1), v);
    createStore(b, loc, v, buffer, bufferIndices(position));
  }
  // The new slice: outer part + lowest offset + position in the window,
  // with the axis standing for the reuse dimension's position.
  SmallVector<LinearIndex> targetIndices;
  for (unsigned dim = 0; dim < window.outer.size(); ++dim) {
    LinearIndex index = window.outer[dim];
    index.constant += window.lowest[dim];
    Value position = dim == window.reuseDim ? axis.getInductionVar()
                                            : spatialIvs.lookup(dim);
    if (position)
      index.coefficients[position] += 1;
    targetIndices.push_back(index);
  }
  Value v;
  createLoad(b, loc, target, targetIndices, v);
  createStore(b, loc, v, buffer, bufferIndices(window.span() - 1));
}

/// Reads of the target become reads of the buffer at their window offsets.
void rewriteReads(OpBuilder &b, const ReuseWindow &window, Value buffer) {
  for (const WindowRead &read : window.reads) {
    SmallVector<LinearIndex> indices;
    for (unsigned dim : window.bufferDims) {
      LinearIndex index = read.inner[dim];
      index.constant -= window.lowest[dim];
      indices.push_back(index);
    }
    AffineLoadOp load = read.load;
    b.setInsertionPoint(load);
    Value v;
    createLoad(b, load.getLoc(), buffer, indices, v);
    load.getResult().replaceAllUsesWith(v);
    load.erase();
  }
}

/// Makes the axis walk the positions of the reuse dimension one by one, from
/// stride * lb to the last window's end, and puts its body under
/// `if (i' >= stride * lb + span - 1 && (i' - (span - 1)) mod stride == 0)`,
/// with the old induction variable (i' - (span - 1)) floordiv stride. With
/// stride 1 that is span - 1 more iterations and a body that runs from the
/// span-th on.
void guardBody(OpBuilder &b, AffineForOp axis, int64_t span, int64_t stride) {
  Location loc = axis.getLoc();
  int64_t lb = axis.getConstantLowerBound();
  int64_t ub = axis.getConstantUpperBound();
  axis.setConstantLowerBound(stride * lb);
  axis.setConstantUpperBound(stride * (ub - 1) + span);
  Block *body = axis.getBody();
  b.setInsertionPointToStart(body);
  MLIRContext *ctx = b.getContext();
  AffineExpr i = getAffineDimExpr(0, ctx);
  SmallVector<AffineExpr> constraints = {i - stride * lb - (span - 1)};
  SmallVector<bool> isEquality = {false};
  if (stride > 1) {
    constraints.push_back((i - (span - 1)) % stride);
    isEquality.push_back(true);
  }
  auto set = IntegerSet::get(1, 0, constraints, isEquality);
  Value iv = axis.getInductionVar();
  auto ifOp = AffineIfOp::create(b, loc, set, ValueRange{iv},
                                 /*withElseRegion=*/false);
  Block *thenBlock = ifOp.getThenBlock();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(Block::iterator(ifOp)),
                            Block::iterator(body->getTerminator()))))
    op.moveBefore(thenBlock->getTerminator());
  b.setInsertionPointToStart(thenBlock);
  auto original = AffineApplyOp::create(
      b, loc, AffineMap::get(1, 0, (i - (span - 1)).floorDiv(stride)),
      ValueRange{iv});
  iv.replaceUsesWithIf(original, [&](OpOperand &use) {
    return use.getOwner() != original && ifOp->isAncestor(use.getOwner()) &&
           use.getOwner() != ifOp;
  });
}

LogicalResult checkAxis(ReuseAtOp op, AffineForOp axis) {
  if (!axis.hasConstantBounds() || axis.getStepAsInt() != 1)
    return op.emitError("reuse_at needs loop '")
           << getLoopName(axis) << "' to have constant bounds and step 1";
  return success();
}

} // namespace

LogicalResult ReuseAtOp::apply(ScheduleContext &ctx) {
  ReuseAtOp op = *this;
  FailureOr<Operation *> stage =
      ctx.resolveStageOf(op, op.getStage(), op.getAxis());
  FailureOr<AffineForOp> axis =
      ctx.resolveLoop(op, op.getStage(), op.getAxis());
  if (failed(stage) || failed(axis) || failed(checkAxis(op, *axis)))
    return failure();
  Value target = ctx.resolveMemRef(op.getTarget());
  FailureOr<ReuseWindow> window = analyzeReuseWindow(op, target, *axis);
  if (failed(window))
    return failure();
  auto targetType = cast<MemRefType>(target.getType());
  auto bufferType =
      MemRefType::get(window->bufferShape(), targetType.getElementType());
  Type declared = op.getResult().getType();
  if (isa<MemRefType>(declared) && bufferType != declared &&
      !isPeerPlaceholderBuffer(declared, targetType.getElementType()))
    return op.emitError("reuse_at at loop '")
           << getLoopName(*axis) << "' makes a " << bufferType << ", not the "
           << op.getResult().getType() << " written here";

  Location loc = op.getLoc();
  OpBuilder b(op.getContext());
  b.setInsertionPoint(*stage);
  Value buffer = memref::AllocOp::create(b, loc, bufferType);
  if (std::optional<StringRef> name = op.getBufferName())
    buffer.getDefiningOp()->setAttr("name", b.getStringAttr(*name));
  b.setInsertionPointAfter(*stage);
  memref::DeallocOp::create(b, loc, buffer);

  rewriteReads(b, *window, buffer);
  guardBody(b, *axis, window->span(), window->stride);
  buildShiftNest(b, loc, *axis, *window, target, buffer);
  mergeShiftIntoAxis(*axis, target);
  ctx.mapMemRef(op.getResult(), buffer);
  return success();
}

} // namespace hcl
