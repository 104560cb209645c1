//===- Partition.cpp - hcl.partition: split an array into banks -----------===//
//
// partition(A, kind, dim, factor) records the banking in A's memref type as a
// partition layout map (hcl/Dialect/HCL/PartitionLayout.h):
//
//   %A = memref.alloc() : memref<32x32xi32>
//   hcl.partition(%A : memref<32x32xi32>, Complete, 2)
//     ->  %A = memref.alloc() : memref<32x32xi32, affine_map<(d0, d1) -> (0,
//     d1, d0, 0)>>
//
// Loads and stores still index A logically, so only the type changes, and
// with it every function argument, result and call A is passed through.
// Partitions of other dimensions compose with earlier ones; partitioning a
// dimension again the same way changes nothing.
//
//===----------------------------------------------------------------------===//

#include "RetypeMemRef.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl {

namespace {

DimPartition getRequested(PartitionOp op) {
  switch (op.getPartitionKind()) {
  case PartitionKind::Complete:
    return {DimPartition::Kind::Complete, 0};
  case PartitionKind::Block:
    return {DimPartition::Kind::Block, op.getFactorAttr().getInt()};
  case PartitionKind::Cyclic:
    return {DimPartition::Kind::Cyclic, op.getFactorAttr().getInt()};
  }
  llvm_unreachable("unknown partition kind");
}

/// Adds `requested` to dimension `dim` (from 0) of `partitions`, or emits
/// why it cannot be added.
LogicalResult addDimPartition(PartitionOp op, MemRefType type, unsigned dim,
                              DimPartition requested,
                              SmallVector<DimPartition> &partitions) {
  DimPartition &current = partitions[dim];
  if (current == requested)
    return success();
  unsigned number = dim + 1;
  if (current.kind != DimPartition::Kind::None)
    return op.emitError("dimension ")
           << number << " is already partitioned ("
           << describePartition(current) << "); it cannot also be partitioned "
           << describePartition(requested);
  // Cyclic 1 would not show in the map at all (d mod 1 folds to 0).
  if (requested.kind != DimPartition::Kind::Complete && requested.factor == 1)
    return op.emitError("a ")
           << describePartition(requested) << " partition keeps dimension "
           << number << " in one bank; give at least 2 banks";
  int64_t size = type.getDimSize(dim);
  if (requested.kind == DimPartition::Kind::Block) {
    int64_t exact = exactBlockFactor(size, requested.factor);
    if (exact == 0)
      return op.emitError("a Block partition of dimension ")
             << number << " (size " << size << ") into " << requested.factor
             << " banks gives banks of one element; use Complete";
    if (exact != requested.factor)
      return op.emitError("a Block partition of dimension ")
             << number << " (size " << size << ") into " << requested.factor
             << " banks leaves a bank empty: banks of "
             << llvm::divideCeil(size, requested.factor)
             << " elements make only " << exact << " banks; use factor "
             << exact;
  }
  current = requested;
  return success();
}

/// The partitioned type, or an error when the request conflicts with the
/// target or with an earlier partition.
FailureOr<MemRefType> getPartitionedType(PartitionOp op, MemRefType type) {
  int64_t dim = op.getDimAttr().getInt();
  if (dim > type.getRank())
    return op.emitError("partition dimension ")
           << dim << " is out of range for the target, now " << type;
  if (!type.hasStaticShape())
    return op.emitError("partition needs a target with a static shape, got ")
           << type;
  FailureOr<SmallVector<DimPartition>> partitions = readPartition(type);
  if (failed(partitions))
    return op.emitError("the target's layout is not a partition: ") << type;
  DimPartition requested = getRequested(op);
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (dim == 0 || d == dim - 1)
      if (failed(addDimPartition(op, type, d, requested, *partitions)))
        return failure();
  AffineMap map =
      buildPartitionMap(type.getShape(), *partitions, op.getContext());
  return MemRefType::get(type.getShape(), type.getElementType(),
                         AffineMapAttr::get(map), type.getMemorySpace());
}

} // namespace

LogicalResult PartitionOp::apply(ScheduleContext &ctx) {
  PartitionOp op = *this;
  Value target = ctx.resolveMemRef(op.getTarget());
  auto type = cast<MemRefType>(target.getType());
  FailureOr<MemRefType> partitioned = getPartitionedType(op, type);
  if (failed(partitioned))
    return failure();
  if (*partitioned == type)
    return success();
  auto isAccess = [](Operation *user) {
    return isa<affine::AffineLoadOp, affine::AffineStoreOp, memref::LoadOp,
               memref::StoreOp, memref::DeallocOp, memref::CopyOp>(user);
  };
  FailureOr<SetVector<Value>> linked =
      collectLinkedMemRefs(op, "partition", target, isAccess,
                           /*allowGlobals=*/true);
  if (failed(linked))
    return failure();
  setLinkedMemRefType(*linked, *partitioned);
  return success();
}

} // namespace hcl
