//===- Passes.h - hcl conversion passes and pipelines -----------*- C++ -*-===//

#ifndef HCL_CONVERSION_PASSES_H
#define HCL_CONVERSION_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace hcl {

#define GEN_PASS_DECL
#include "hcl/Conversion/Passes.h.inc"

/// On a function whose memref arguments are distinct buffers at every call
/// (--hcl-outline-stages-for-cpu sets it): after the lowering, each of its
/// pointer arguments is `noalias`. MLIR's conversion of functions drops
/// `llvm.noalias` on memref arguments, so the mark travels on the function.
inline constexpr llvm::StringLiteral kNoAliasArgumentsAttrName =
    "hcl.noalias_arguments";

/// How the LLVM lowering runs `parallel` loops.
struct LowerToLLVMOptions {
  /// On OpenMP threads (--hcl-parallel-loops, --hcl-parallel-to-openmp);
  /// false: serially, as plain loops.
  bool openMP = true;
  /// Threads of every parallel region; 0: OpenMP's default
  /// (OMP_NUM_THREADS, else one per core).
  unsigned numThreads = 0;
};

/// Adds the passes that take affine/scf/arith/math/memref/func IR to the LLVM
/// dialect, starting with a check that no schedule operation is left and
/// --hcl-drop-partition-layouts.
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm,
                              const LowerToLLVMOptions &options = {});

/// Registers the passes above and the `hcl-lower-to-llvm` pipeline.
void registerConversionPasses();

#define GEN_PASS_REGISTRATION
#include "hcl/Conversion/Passes.h.inc"

} // namespace hcl

#endif // HCL_CONVERSION_PASSES_H
