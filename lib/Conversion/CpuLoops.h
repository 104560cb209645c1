//===- CpuLoops.h - steps of hcl-cpu-loops ----------------------*- C++ -*-===//

#ifndef HCL_LIB_CONVERSION_CPULOOPS_H
#define HCL_LIB_CONVERSION_CPULOOPS_H

#include <cstdint>
#include <optional>
#include <string>

#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"

namespace mlir {
class Operation;
namespace affine {
class AffineForOp;
class AffineValueMap;
} // namespace affine
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace hcl {

/// Turns each vector read/write pair of loop-invariant indices in an affine
/// loop (a register block's accumulators) into a value the loop carries,
/// when no other access in the loop may touch the same elements.
void hoistVectorAccumulators(mlir::Operation *root);

/// Marks a loop whose iterations touch distinct elements and read nothing
/// another iteration writes (the epilogue loops of --hcl-fuse-epilogues,
/// independent by construction): unroll-and-jam and vectorize skip the
/// dependence analysis, the dearest part of the CPU lowering.
inline constexpr llvm::StringLiteral kIndependentIterations =
    "hcl.independent_iterations";

/// Whether the iterations of `loop` may run in any order: marked so, or by
/// MLIR's dependence analysis.
bool iterationsIndependent(mlir::affine::AffineForOp loop);

/// Why MLIR's affine vectorizer would not vectorize `loop` lane by lane
/// (a stride other than 1, an inner bound that depends on the loop, an
/// operation it does not widen, ...), or an empty string when it would.
std::string whyNotVectorizable(mlir::affine::AffineForOp loop);

/// whyNotVectorizable's answer for an access whose index moves by more
/// than one element per iteration.
inline constexpr const char *kStrideProblem =
    "an index has a stride other than 1 along the vector loop";

/// Reads of `loop` (exactly `width` iterations) that move by 2 elements
/// along their array's rows per iteration, of arrays the loop does not
/// write, are done before the loop as vectors and kept in small stack
/// buffers the loop reads with stride 1, so that the affine vectorizer
/// takes the loop. Nothing changes where they cannot be (a loop inside a
/// parallel loop, an odd width).
void stageStridedReads(mlir::affine::AffineForOp loop, int64_t width);

/// For a vector loop over two or more rows at once (rows fused with their
/// columns): accesses of an array whose rows are exactly as long as the
/// loop's rows span consecutive elements, and go through a view of the
/// array with its last two dimensions as one; reads of other arrays,
/// of runs of at least 4 consecutive elements, are staged in a stack
/// buffer like stride-2 reads.
void stageRowRuns(mlir::affine::AffineForOp loop, int64_t width);

/// Splits each innermost loop of constant bounds whose body clamps the
/// loop's index plus a constant to constant bounds (a padding stage's
/// read) into the edge iterations, where the clamp acts, and the middle,
/// where the clamp becomes its operand: there the read is contiguous.
void splitClampedLoops(mlir::Operation *root);

/// The function a buffer for `loop`'s staged reads lives in: none when the
/// loop is nested in anything but affine.for and affine.if (a parallel
/// loop, whose threads would share the buffer).
mlir::func::FuncOp
enclosingFunctionOfSequentialNest(mlir::affine::AffineForOp loop);

/// The dimension of `map` that is `loop`'s induction variable, when every
/// other operand is defined outside the loop (so the access moves with the
/// loop alone); none otherwise.
std::optional<unsigned> laneDimension(const mlir::affine::AffineValueMap &map,
                                      mlir::affine::AffineForOp loop);

/// Whether `loop` writes `memref` (or does something that might).
bool mayWrite(mlir::affine::AffineForOp loop, mlir::Value memref);

/// A stack buffer of `width` elements at the start of `func` (an alloca in
/// a loop would grow the stack on every iteration).
mlir::Value laneBuffer(mlir::func::FuncOp func, mlir::Location loc,
                       int64_t width, mlir::Type element);

} // namespace hcl

#endif // HCL_LIB_CONVERSION_CPULOOPS_H
