//===- RtlKernel.h - `hcl rtl`: the kernel's module -------------*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_RTLKERNEL_H
#define HCL_TOOLS_HCL_RTLKERNEL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace hcl::driver {

/// Applies the schedule of a copy of `module` (an hcl program as read,
/// before the command's pass manager ran on it), prepares
/// it for the RTL translation and writes the entry function's module
/// (`--entry`, else the program's entry) into DIR/<module>.sv. Returns the
/// path written, an empty string under --memories-only, or nullopt after a
/// reported error.
std::optional<std::string> writeKernelRtl(mlir::ModuleOp module,
                                          llvm::StringRef outputDir);

/// The scheduled and prepared `scheduled` module's entry `entry`, written as
/// SystemVerilog into `path`, with the files of the float units it uses
/// (getFloatUnitFilesUsed) next to it.
mlir::LogicalResult writeRtlFile(mlir::func::FuncOp entry,
                                 llvm::StringRef path);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_RTLKERNEL_H
