//===- Passes.h - lowering and optimization of amc memories ----*- C++ -*-===//

#ifndef HCL_DIALECT_AMC_PASSES_H
#define HCL_DIALECT_AMC_PASSES_H

#include "hcl/Dialect/AMC/AMCOps.h"

#include "mlir/Pass/Pass.h"

namespace hcl::amc {

#define GEN_PASS_DECL
#include "hcl/Dialect/AMC/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "hcl/Dialect/AMC/Passes.h.inc"

} // namespace hcl::amc

#endif // HCL_DIALECT_AMC_PASSES_H
