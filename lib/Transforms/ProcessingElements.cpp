//===- ProcessingElements.cpp - hcl.to into a PE array --------------------===//
//
// HeteroCL-MLIR places arrays in the processing elements (PEs) of an
// unfolded loop:
//
//   %pe = hcl.unfold(%lj, 3)
//   %w0 = hcl.to(%W : memref<3xf32>, %pe) {pe_index = [0]} -> memref<1xf32>
//   %w1 = hcl.to(%w0 : memref<1xf32>, %pe) {pe_index = [1]} -> memref<1xf32>
//
// With N PEs, PE p holds the p-th of N equal blocks of the array's first
// dimension, the result's type. In hardware that is the array partitioned
// into N banks along that dimension, one per PE, so that the PEs read their
// blocks at once; it is applied as hcl.partition. A block given to other
// PEs (a systolic chain) names the same elements: it is checked and
// changes nothing more. The values computed never change.
//
//===----------------------------------------------------------------------===//

#include "ProcessingElements.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl {

/// The PEs pe_index names are PEs of the array.
static LogicalResult checkIndices(ToOp op, int64_t count) {
  ArrayAttr indices = *op.getPeIndex();
  for (Attribute index : indices) {
    int64_t pe = cast<IntegerAttr>(index).getInt();
    if (pe < 0 || pe >= count)
      return op.emitError("pe_index ")
             << pe << " is not a processing element of the array (0 to "
             << count - 1 << ")";
  }
  return success();
}

/// A block one PE holds, forwarded to other PEs of the same array.
static LogicalResult checkForward(ToOp op, ToOp from) {
  if (from.getConsumer() != op.getConsumer())
    return op.emitError("the block comes from the processing elements of "
                        "another hcl.unfold: blocks move between the PEs "
                        "of one array");
  if (from.getPeBlock().getType() != op.getPeBlock().getType())
    return op.emitError("a block forwarded between processing elements "
                        "keeps its type ")
           << from.getPeBlock().getType();
  return success();
}

/// The type of one PE's block of `type`: its first dimension divided by
/// `count`, or an error.
static FailureOr<MemRefType> blockType(ToOp op, MemRefType type,
                                       int64_t count) {
  if (!type.hasStaticShape() || type.getRank() == 0)
    return op.emitError("an array placed in processing elements needs a "
                        "static shape with at least one dimension, got ")
           << type;
  int64_t size = type.getDimSize(0);
  if (size % count != 0)
    return op.emitError("dimension 1 of the array (size ")
           << size << ") does not divide into " << count
           << " equal blocks, one per processing element";
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = size / count;
  return MemRefType::get(shape, type.getElementType());
}

LogicalResult placeInProcessingElements(ToOp op, ScheduleContext &ctx) {
  auto unfold = op.getConsumer().getDefiningOp<UnfoldOp>();
  int64_t count = unfold.getFactorAttr().getInt();
  if (failed(checkIndices(op, count)))
    return failure();
  if (auto from = op.getTarget().getDefiningOp<ToOp>();
      from && from.getPeBlock() == op.getTarget())
    return checkForward(op, from);

  Value target = ctx.resolveMemRef(op.getTarget());
  auto type = dyn_cast<MemRefType>(target.getType());
  if (!type)
    return op.emitError("an array placed in processing elements needs a "
                        "ranked type, got ")
           << target.getType();
  FailureOr<MemRefType> block = blockType(op, type, count);
  if (failed(block))
    return failure();
  auto written = cast<MemRefType>(op.getPeBlock().getType());
  if (written.getShape() != block->getShape() ||
      written.getElementType() != block->getElementType())
    return op.emitError("one of ")
           << count << " processing elements holds " << *block
           << " of the array, not " << written;

  FailureOr<affine::AffineForOp> loop =
      ctx.resolveLoop(unfold, unfold.getStage(), unfold.getLoop());
  if (failed(loop))
    return failure();
  if (llvm::none_of(target.getUsers(), [&](Operation *user) {
        return (*loop)->isProperAncestor(user);
      }))
    return op.emitError("the processing elements of loop '")
           << ctx.getHandleLoopName(unfold.getLoop())
           << "' do not use the array: nothing of it to place in them";

  // One bank per PE; banks of one element are a complete partition.
  OpBuilder builder(op);
  bool oneElementEach = type.getDimSize(0) == count;
  auto partition = PartitionOp::create(builder, op.getLoc(), op.getTarget(),
                                       oneElementEach ? PartitionKind::Complete
                                                      : PartitionKind::Block,
                                       /*dim=*/1, oneElementEach ? 0 : count);
  LogicalResult placed = partition.apply(ctx);
  partition.erase();
  return placed;
}

} // namespace hcl
