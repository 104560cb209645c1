//===- Passes.h - the HLS C++ backend's passes and pipeline -----*- C++ -*-===//
//
// The preparation the HLS C++ emitter (hcl/Target/HLSCpp.h) writes a module
// after, as passes: populateHLSCppPreparePipeline adds them to a pass
// manager, and `--hcl-hls-prepare` is the same pipeline by name. Its last
// pass marks the module `hcl.hls_prepared`; the emitter writes a marked
// module as it is, and prepares a copy of any other one with the same
// pipeline (prepareForHLS).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_HLSCPP_PASSES_H
#define HCL_TARGET_HLSCPP_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace hcl {

#define GEN_PASS_DECL
#include "hcl/Target/HLSCpp/Passes.h.inc"

/// The rewrite of --hcl-hls-localize-accumulators on one function.
void localizeHLSAccumulators(mlir::func::FuncOp func);

/// Adds the HLS preparation to `pm` (anchored on builtin.module): local
/// accumulators in every function, then the dataflow processes outlined,
/// then the mark.
void populateHLSCppPreparePipeline(mlir::OpPassManager &pm);

/// Whether the HLS preparation ran on `module` (hcl-hls-mark-prepared).
bool isPreparedForHLS(mlir::ModuleOp module);

/// Runs the HLS preparation on `module` in a pass manager of its own, which
/// takes MLIR's pass-manager options from the command line when the tool
/// registered them. Not to be run on several threads at once: a pass
/// manager loads dialects into the shared context.
mlir::LogicalResult prepareForHLS(mlir::ModuleOp module);

/// Registers the passes above and the `hcl-hls-prepare` pipeline.
void registerHLSCppPasses();

#define GEN_PASS_REGISTRATION
#include "hcl/Target/HLSCpp/Passes.h.inc"

} // namespace hcl

#endif // HCL_TARGET_HLSCPP_PASSES_H
