//===- SplitBanks.h - each bank of a partitioned buffer a memory -*- C++
//-*-===//

#ifndef HCL_LIB_TARGET_RTL_SPLITBANKS_H
#define HCL_LIB_TARGET_RTL_SPLITBANKS_H

#include "mlir/IR/Operation.h"

namespace hcl::rtl {

/// Makes each bank of every partitioned local buffer in `root` an
/// allocation of its own, a register when it holds one element, and sends
/// each access to the banks it may reach (hcl-rtl-split-banks).
void splitBanks(mlir::Operation *root);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_SPLITBANKS_H
