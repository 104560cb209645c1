//===- SplitBanks.h - a memory per bank of a partitioned buffer -*- C++ -*-===//

#ifndef HCL_LIB_TARGET_RTL_SPLITBANKS_H
#define HCL_LIB_TARGET_RTL_SPLITBANKS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace hcl::rtl {

/// On the arguments of a function whose partitioned arguments were split
/// into banks: which argument of the kernel it is (or a bank of), the
/// bank's number, and the type of the array the bank is of.
constexpr llvm::StringLiteral kArgumentAttr = "rtl.argument";
constexpr llvm::StringLiteral kBankAttr = "rtl.bank";
constexpr llvm::StringLiteral kBankedAttr = "rtl.banked";

/// Makes each bank of every partitioned local buffer in `root` an
/// allocation of its own, a register when it holds one element, and of
/// each partitioned argument of a kernel's top (hasPortPerBank) an argument
/// of its own, and sends each access to the banks it may reach
/// (hcl-rtl-split-banks). Fails, with an error at the argument, only if
/// the function's signature cannot be changed.
mlir::LogicalResult splitBanks(mlir::Operation *root);

/// The name of the ports of `func`'s argument `index`: `argN` for the
/// kernel's argument N, `argN_bK` for its bank K.
std::string argumentName(mlir::func::FuncOp func, unsigned index);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_SPLITBANKS_H
