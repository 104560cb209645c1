//===- PortRewrites.h - building blocks of the amc passes -------*- C++ -*-===//

#ifndef HCL_LIB_DIALECT_AMC_TRANSFORMS_PORTREWRITES_H
#define HCL_LIB_DIALECT_AMC_TRANSFORMS_PORTREWRITES_H

#include "hcl/Dialect/AMC/AMCOps.h"

#include "mlir/IR/Builders.h"

namespace hcl::amc {

/// `amc.create_port(memref) banks [banks] : type`; no `banks` when empty.
CreatePortOp buildCreatePort(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value memref, llvm::ArrayRef<int64_t> banks,
                             mlir::Type type);

/// Erases `port`'s defining op when nothing uses it any more, and then, in
/// turn, the port ops feeding it (merge inputs, create_ports) that became
/// unused. Allocations stay.
void eraseUnusedPortChain(mlir::Value port);

} // namespace hcl::amc

#endif // HCL_LIB_DIALECT_AMC_TRANSFORMS_PORTREWRITES_H
