//===- Predication.h - predicated accesses in pipelined bodies --*- C++ -*-===//
//
// hcl-rtl-if-convert (IfConversion.cpp) turns the branches of a pipelined
// loop's body into straight-line code; what must not run when the branch
// does not stays in a guard: an `scf.if` marked `rtl.guard` around one
// store, or around one load (yielding it, and a zero in its `else`). The
// modulo scheduler and the emitter see through the guards with these.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_PREDICATION_H
#define HCL_LIB_TARGET_RTL_PREDICATION_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallVector.h"

namespace hcl::rtl {

/// The attribute that marks a guard.
inline constexpr llvm::StringLiteral kGuardAttr = "rtl.guard";

/// Whether `op` is a guard: an `scf.if` marked `rtl.guard` around one load
/// or store.
bool isGuard(mlir::Operation *op);

/// The access a guard holds.
mlir::Operation *guardedAccess(mlir::scf::IfOp guard);

/// The condition `access` runs under: its guard's, or null when it is not
/// in a guard.
mlir::Value predicateOf(mlir::Operation *access);

/// Whether two predicates never hold together: one's conjunction (of
/// `arith.andi`s) has a condition the other's has negated (`arith.xori`
/// with true), as the two sides of a branch do. False when either is null.
bool areExclusive(mlir::Value a, mlir::Value b);

/// Whether two accesses' indices are different addresses in every
/// iteration: two of them are different constants.
bool haveDistinctIndices(mlir::ValueRange a, mlir::ValueRange b);

/// Whether `a` holds whenever `b` does: `a`'s conjunction is part of
/// `b`'s. A null predicate always holds.
bool implies(mlir::Value b, mlir::Value a);

/// Within one iteration of each pipelined loop of `root`, after the
/// if-conversion: a load of an address a store or a load before it
/// accessed, under a predicate its own implies, takes that value instead
/// of a port cycle (what the affine forwarding of hcl-rtl-lower-affine does
/// before the branches are converted), and a store that a later store of
/// the same address overwrites whenever it runs, with no load between,
/// goes. Then the stores into local buffers nothing reads any more go,
/// with the buffers.
void forwardPredicatedAccesses(mlir::Operation *root);

/// `block`'s operations but its terminator, in order, each guard replaced
/// by the access it holds.
llvm::SmallVector<mlir::Operation *> flattenGuards(mlir::Block &block);

/// The value a guard's result stands for: its load's data (which is
/// meaningless when the guard's condition is false, and then not used).
/// Any other value is itself.
mlir::Value throughGuard(mlir::Value value);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_PREDICATION_H
