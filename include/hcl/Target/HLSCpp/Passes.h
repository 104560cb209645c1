//===- Passes.h - the HLS C++ backend's passes and pipeline -----*- C++ -*-===//
//
// The preparation the HLS C++ emitter (hcl/Target/HLSCpp.h) writes a module
// after, as passes: populateHLSCppPreparePipeline adds them to a pass
// manager, and `--hcl-hls-prepare` is the same pipeline by name. The
// emitter runs the same rewrites on its copy of the module without a pass
// manager (it may run on several threads sharing one context, which a pass
// manager's dialect loading does not allow).
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
/// accumulators in every function, then the dataflow processes outlined.
void populateHLSCppPreparePipeline(mlir::OpPassManager &pm);

/// Registers the passes above and the `hcl-hls-prepare` pipeline.
void registerHLSCppPasses();

#define GEN_PASS_REGISTRATION
#include "hcl/Target/HLSCpp/Passes.h.inc"

} // namespace hcl

#endif // HCL_TARGET_HLSCPP_PASSES_H
