//===- MemoryDistances.h - loop-carried distances per memory ----*- C++ -*-===//

#ifndef HCL_LIB_TARGET_RTL_MEMORYDISTANCES_H
#define HCL_LIB_TARGET_RTL_MEMORYDISTANCES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <optional>
#include <string>

namespace hcl::rtl {

/// The attribute `hcl-rtl-lower-affine` keeps on a pipelined loop: by
/// memory written in it (memoryKey), the smallest distance of a dependence
/// between its accesses carried by the loop (0: none).
constexpr llvm::StringLiteral kDistancesAttr = "rtl.distances";

/// Names each allocation of `func` (`rtl.memory`), so that a memory keeps
/// its key through the lowering.
void nameMemories(mlir::Operation *func);

/// A memory's key: `argN`, or the `rtl.memory` name of its allocation;
/// empty for anything else.
std::string memoryKey(mlir::Value root);

/// The distance of a dependence from one access to another, if any.
using DistanceFn = llvm::function_ref<std::optional<int64_t>(
    mlir::Operation *, mlir::Operation *)>;

/// By memory written under `root` (memoryKey), the smallest `distance`
/// between two of its accesses, one of them a write (0: none).
mlir::DictionaryAttr smallestDistances(mlir::Operation *root,
                                       DistanceFn distance);

/// The distances of `loop`'s written memories (kDistancesAttr), from MLIR's
/// affine dependence analysis (carriedDistance).
mlir::DictionaryAttr memoryDistances(mlir::affine::AffineForOp loop);

/// The distance kept on `loop` for `memory`: none (0 kept) when no
/// dependence is carried, 1 when nothing was kept for it.
std::optional<int64_t> keptDistance(mlir::Operation *loop, mlir::Value memory);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_MEMORYDISTANCES_H
