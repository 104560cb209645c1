//===- Passes.h - the Bambu C backend's passes and pipeline -----*- C++ -*-===//
//
// The preparation that turns a scheduled module into what the Bambu C
// emitter (hcl/Target/BambuC.h) writes, as passes in the manner of CIRCT's
// firtool: populateBambuPipeline adds them to a pass manager, and
// `--hcl-bambu-prepare{steps=...}` is the same pipeline by name.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_BAMBUC_PASSES_H
#define HCL_TARGET_BAMBUC_PASSES_H

#include "hcl/Target/BambuC.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

namespace hcl {

#define GEN_PASS_DECL
#include "hcl/Target/BambuC/Passes.h.inc"

/// An error naming the steps when `options` names a step getBambuSteps()
/// does not have ("no step named 'unroll' (steps: ...)").
llvm::Error checkBambuSteps(const BambuCOptions &options);

/// Adds the Bambu preparation to `pm` (anchored on builtin.module): filter
/// extraction, the steps `options` selects in getBambuSteps()'s order, then
/// --hcl-bambu-cleanup. The steps must pass checkBambuSteps.
void populateBambuPipeline(mlir::OpPassManager &pm,
                           const BambuCOptions &options = {});

/// Registers the passes above and the `hcl-bambu-prepare` pipeline (option
/// `steps`: a list of step names, `all` or `none`; all by default).
void registerBambuCPasses();

#define GEN_PASS_REGISTRATION
#include "hcl/Target/BambuC/Passes.h.inc"

} // namespace hcl

#endif // HCL_TARGET_BAMBUC_PASSES_H
