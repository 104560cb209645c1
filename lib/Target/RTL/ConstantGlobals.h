//===- ConstantGlobals.h - constant globals as ROMs ---------------*- C++
//-*-===//
//
// hcl-rtl-constant-globals (Passes.td) makes each read of a constant global
// a local allocation that carries the global's value; the emitters write
// that value into the memory's `initial` block (ModuleText.h).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_CONSTANTGLOBALS_H
#define HCL_LIB_TARGET_RTL_CONSTANTGLOBALS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

namespace hcl::rtl {

/// The contents of a local allocation when the hardware starts: a
/// DenseElementsAttr of the allocation's shape and element type.
inline constexpr llvm::StringLiteral kInitialAttr = "rtl.initial";

/// The initial contents of the allocation `op`, or null.
inline mlir::DenseElementsAttr initialContents(mlir::Operation *op) {
  return op ? op->getAttrOfType<mlir::DenseElementsAttr>(kInitialAttr)
            : mlir::DenseElementsAttr();
}

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_CONSTANTGLOBALS_H
