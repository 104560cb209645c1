//===- PartitionLayout.h - array partitions as memref layouts ---*- C++ -*-===//
//
// hcl.partition records how an array is split into banks in its memref type,
// as HeteroCL does: a layout map with two results per dimension, first the
// bank of every dimension, then the offset inside the bank:
//
//   not partitioned   bank 0            offset d
//   Complete          bank d            offset 0
//   Cyclic F          bank d mod F      offset d floordiv F
//   Block F           bank d floordiv B offset d mod B      (B = ceil(N/F))
//
// so complete partition of dimension 2 of memref<32x32xi32> is
// memref<32x32xi32, affine_map<(d0, d1) -> (0, d1, d0, 0)>>. Loads and stores
// keep indexing the array logically; the layout only says how an HLS tool
// should bank it (`#pragma HLS array_partition`).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_DIALECT_HCL_PARTITIONLAYOUT_H
#define HCL_DIALECT_HCL_PARTITIONLAYOUT_H

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace hcl {

/// How one dimension of an array is split into banks.
struct DimPartition {
  enum class Kind { None, Complete, Block, Cyclic };
  Kind kind = Kind::None;
  /// The number of banks for Block and Cyclic; 0 for None and Complete.
  int64_t factor = 0;

  bool operator==(const DimPartition &other) const {
    return kind == other.kind && factor == other.factor;
  }
  bool operator!=(const DimPartition &other) const { return !(*this == other); }
};

/// "Complete", "Block 4", "Cyclic 2" or "not partitioned", for messages.
std::string describePartition(const DimPartition &partition);

/// Block F keeps the bank size B = ceil(N/F) in the map, so F can be read
/// back only when ceil(N/B) == F, and B must exceed 1 (banks of one element
/// read back as Complete). Returns F when it can be read back, otherwise the
/// factor of the same bank size that can (0 when there is none: use
/// Complete).
int64_t exactBlockFactor(int64_t size, int64_t factor);

/// The layout map for `partitions` (one per dimension of `shape`; Block
/// needs a static size and a factor accepted by exactBlockFactor).
mlir::AffineMap buildPartitionMap(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<DimPartition> partitions,
                                  mlir::MLIRContext *context);

/// The partition of every dimension of `type`, read back exactly from its
/// layout map: no layout (identity) means no dimension is partitioned. Fails
/// for a layout that buildPartitionMap does not produce.
mlir::FailureOr<llvm::SmallVector<DimPartition>>
readPartition(mlir::MemRefType type);

/// True when `type`'s layout is a partition map (not the identity).
bool hasPartitionLayout(mlir::MemRefType type);

/// True when `type` is partitioned into banks of one element each (every
/// dimension Complete or of size 1): HLS tools and hcl's RTL make such an
/// array registers, which any number of accesses can read in a cycle.
bool hasOneElementBanks(mlir::MemRefType type);

} // namespace hcl

#endif // HCL_DIALECT_HCL_PARTITIONLAYOUT_H
