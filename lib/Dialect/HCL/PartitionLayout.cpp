//===- PartitionLayout.cpp - array partitions as memref layouts -----------===//

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace hcl {

std::string describePartition(const DimPartition &partition) {
  switch (partition.kind) {
  case DimPartition::Kind::None:
    return "not partitioned";
  case DimPartition::Kind::Complete:
    return "Complete";
  case DimPartition::Kind::Block:
    return "Block " + std::to_string(partition.factor);
  case DimPartition::Kind::Cyclic:
    return "Cyclic " + std::to_string(partition.factor);
  }
  return "?";
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t exactBlockFactor(int64_t size, int64_t factor) {
  int64_t bankSize = ceilDiv(size, factor);
  return bankSize > 1 ? ceilDiv(size, bankSize) : 0;
}

AffineMap buildPartitionMap(ArrayRef<int64_t> shape,
                            ArrayRef<DimPartition> partitions,
                            MLIRContext *context) {
  assert(shape.size() == partitions.size() && "one partition per dimension");
  SmallVector<AffineExpr> banks, offsets;
  AffineExpr zero = getAffineConstantExpr(0, context);
  for (auto [index, partition] : llvm::enumerate(partitions)) {
    AffineExpr d = getAffineDimExpr(index, context);
    switch (partition.kind) {
    case DimPartition::Kind::None:
      banks.push_back(zero);
      offsets.push_back(d);
      break;
    case DimPartition::Kind::Complete:
      banks.push_back(d);
      offsets.push_back(zero);
      break;
    case DimPartition::Kind::Cyclic:
      banks.push_back(d % partition.factor);
      offsets.push_back(d.floorDiv(partition.factor));
      break;
    case DimPartition::Kind::Block: {
      assert(!ShapedType::isDynamic(shape[index]) && "Block needs a size");
      int64_t bankSize = ceilDiv(shape[index], partition.factor);
      banks.push_back(d.floorDiv(bankSize));
      offsets.push_back(d % bankSize);
      break;
    }
    }
  }
  llvm::append_range(banks, offsets);
  return AffineMap::get(shape.size(), 0, banks, context);
}

/// The partition a bank expression stands for; the offsets are checked by
/// rebuilding the whole map.
static FailureOr<DimPartition> readBank(AffineExpr bank, unsigned dim,
                                        int64_t size) {
  if (auto constant = dyn_cast<AffineConstantExpr>(bank)) {
    if (constant.getValue() != 0)
      return failure();
    return DimPartition{};
  }
  if (auto d = dyn_cast<AffineDimExpr>(bank)) {
    if (d.getPosition() != dim)
      return failure();
    return DimPartition{DimPartition::Kind::Complete, 0};
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(bank);
  if (!binary)
    return failure();
  auto rhs = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (!rhs || rhs.getValue() < 2)
    return failure();
  if (binary.getKind() == AffineExprKind::Mod)
    return DimPartition{DimPartition::Kind::Cyclic, rhs.getValue()};
  if (binary.getKind() != AffineExprKind::FloorDiv ||
      ShapedType::isDynamic(size))
    return failure();
  int64_t factor = ceilDiv(size, rhs.getValue());
  if (ceilDiv(size, factor) != rhs.getValue())
    return failure();
  return DimPartition{DimPartition::Kind::Block, factor};
}

FailureOr<SmallVector<DimPartition>> readPartition(MemRefType type) {
  int64_t rank = type.getRank();
  SmallVector<DimPartition> partitions(rank);
  if (type.getLayout().isIdentity())
    return partitions;
  auto layout = dyn_cast<AffineMapAttr>(type.getLayout());
  if (!layout)
    return failure();
  AffineMap map = layout.getValue();
  if (map.getNumDims() != rank || map.getNumSymbols() != 0 ||
      map.getNumResults() != 2 * rank)
    return failure();
  for (int64_t dim = 0; dim < rank; ++dim) {
    FailureOr<DimPartition> partition =
        readBank(map.getResult(dim), dim, type.getDimSize(dim));
    if (failed(partition))
      return failure();
    partitions[dim] = *partition;
  }
  if (buildPartitionMap(type.getShape(), partitions, type.getContext()) != map)
    return failure();
  return partitions;
}

bool hasPartitionLayout(MemRefType type) {
  return !type.getLayout().isIdentity() && succeeded(readPartition(type));
}

bool hasOneElementBanks(MemRefType type) {
  if (!type.hasStaticShape() || !hasPartitionLayout(type))
    return false;
  SmallVector<DimPartition> partitions = *readPartition(type);
  for (auto [size, partition] : llvm::zip_equal(type.getShape(), partitions))
    if (size != 1 && partition.kind != DimPartition::Kind::Complete)
      return false;
  return true;
}

} // namespace hcl
