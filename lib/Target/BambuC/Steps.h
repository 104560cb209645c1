//===- Steps.h - the Bambu backend's IR steps -------------------*- C++ -*-===//
//
// Each step rewrites the module that the C emitter writes; each is its own
// file, wrapped as a pass in Passes.cpp, and runs alone in the tests
// (hcl-opt --hcl-bambu-<step>).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_BAMBUC_STEPS_H
#define HCL_LIB_TARGET_BAMBUC_STEPS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace hcl::bambu {

/// A function made by filter extraction (unit attribute).
inline constexpr llvm::StringLiteral kFilterAttr = "bambu.filter";
/// The C names of a filter's parameters (array of strings).
inline constexpr llvm::StringLiteral kParamNamesAttr = "bambu.param_names";
/// On a buffer and on the filter parameters it is passed to: a FIFO channel.
inline constexpr llvm::StringLiteral kFifoAttr = "bambu.fifo";

/// Every top-level loop nest of every function becomes a filter; a
/// reduction into a one-element buffer inside a filter becomes a child
/// filter that returns the value (FilterExtraction.cpp).
mlir::LogicalResult extractFilters(mlir::ModuleOp module);

/// Loads and stores at loop-invariant indices out of loops (HoistAccesses.cpp).
void hoistAccesses(mlir::func::FuncOp func);

/// Store-to-load forwarding and redundant loads (ScalarReplacement.cpp).
void replaceScalars(mlir::func::FuncOp func);

/// One-element buffers as scalars, one-element outputs as return values
/// (OneElementBuffers.cpp).
void scalarizeOneElementBuffers(mlir::ModuleOp module);

/// Index expressions as one operation per statement (ThreeAddress.cpp).
void expandToThreeAddress(mlir::func::FuncOp func);

/// Loop-invariant computations out of loops (HoistInvariants.cpp).
void hoistInvariants(mlir::func::FuncOp func);

/// FIFO channels between filters (FifoDetection.cpp).
void detectFifos(mlir::ModuleOp module);

/// Local buffers that are only written and globals nothing reads, which C
/// compilers reject as unused (Pipeline.cpp).
void removeLeftovers(mlir::ModuleOp module);

/// Whether `memref` is a local scalar: a rank-0 memref.alloca, written as a
/// plain C variable.
bool isLocalScalar(mlir::Value memref);

/// The name C code gives `v`: a buffer's `name`, a loop variable's
/// `loop_name`, a filter parameter's name, an entry argument's argN; "v".
std::string valueName(mlir::Value v);

/// The constant trip count of `loop`, if any.
std::optional<int64_t> tripCount(mlir::affine::AffineForOp loop);

} // namespace hcl::bambu

#endif // HCL_LIB_TARGET_BAMBUC_STEPS_H
