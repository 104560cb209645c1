//===- Divider.h - the pipelined integer divider ----------------*- C++ -*-===//

#ifndef HCL_LIB_TARGET_RTL_DIVIDER_H
#define HCL_LIB_TARGET_RTL_DIVIDER_H

#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace hcl::rtl {

/// Whether `op` is a datapath divide or remainder (arith.divsi, divui,
/// remsi, remui on integers): an instance of the pipelined divider. Index
/// division (addresses) stays a combinational expression.
bool isDivider(mlir::Operation *op);

/// The instance of the divider computing `op`, its operands the signals
/// `a` and `b`, its result driving `result` (declared by the caller), its
/// registers holding while `enable` (an expression) is low.
std::string dividerInstance(mlir::Operation *op, const std::string &name,
                            const std::string &a, const std::string &b,
                            const std::string &result,
                            const std::string &enable);

/// The module `hcl_rtl_divider` the instances refer to, printed once in a
/// file that uses it.
void printDividerModule(llvm::raw_ostream &os);

/// Whether `root` (a function or a module) contains a divider.
bool usesDivider(mlir::Operation *root);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_DIVIDER_H
