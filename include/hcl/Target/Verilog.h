//===- Verilog.h - amc memories as synthesizable Verilog --------*- C++ -*-===//
//
// Every amc.memory of a module becomes one Verilog module with the memory's
// interface ports; see docs/amc.md for the port naming and timing.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_VERILOG_H
#define HCL_TARGET_VERILOG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace hcl {

struct VerilogOptions {
  /// The FPGA primitive for banks whose amc.alloc names none: "" (let the
  /// synthesizer choose), "lutram", "bram", "uram" or "registers".
  std::string primitive;
};

/// Writes one Verilog module per amc.memory in `module` (fully lowered:
/// unbanked allocs). Emits a located error and fails on what it cannot
/// express.
mlir::LogicalResult emitVerilog(mlir::ModuleOp module, llvm::raw_ostream &os,
                                const VerilogOptions &options = {});

/// Registers `--emit-verilog` with mlir-translate's registry.
void registerToVerilogTranslation();

} // namespace hcl

#endif // HCL_TARGET_VERILOG_H
