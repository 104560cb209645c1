//===- Passes.h - the RTL backend's preparation passes ----------*- C++ -*-===//
//
// The preparation the RTL translation (hcl/Target/RTL.h) runs before it
// schedules a function, as passes: populateRTLPreparationPipeline adds them
// to a pass manager, and each runs alone in hcl-opt.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_RTL_PASSES_H
#define HCL_TARGET_RTL_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace hcl {

#define GEN_PASS_DECL
#include "hcl/Target/RTL/Passes.h.inc"

/// Registers the RTL preparation passes (`hcl-rtl-lower-affine`).
void registerRTLPasses();

#define GEN_PASS_REGISTRATION
#include "hcl/Target/RTL/Passes.h.inc"

} // namespace hcl

#endif // HCL_TARGET_RTL_PASSES_H
