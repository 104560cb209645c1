//===- RTL.h - whole kernels as SystemVerilog -------------------*- C++ -*-===//
//
// A function of a scheduled program (loops over memrefs with integer arith)
// becomes one SystemVerilog module: an ap_ctrl_hs-style start/done/idle
// handshake, one memory port per array argument (read latency 1), scalar
// arguments as input ports and scalar results as output ports, and a
// controller (an FSM) over a datapath. docs/rtl.md describes the interface,
// the timing and what is refused.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_RTL_H
#define HCL_TARGET_RTL_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace hcl {

/// The IR preparation before the translation: affine to scf and arith
/// (addresses become arithmetic the datapath computes), keeping each
/// pipelined loop's `pipeline_ii` and the II the estimator derives for it
/// (`rtl.min_ii`) on its scf.for, then canonicalize and CSE.
void populateRTLPreparationPipeline(mlir::OpPassManager &pm);

/// Runs populateRTLPreparationPipeline on `module`.
mlir::LogicalResult prepareForRTL(mlir::ModuleOp module);

/// The first rewrite of the preparation alone, the one that changes which
/// loops run: each line buffer's shift nest merged into the guarded
/// pipelined loop after it (lib/Target/RTL/MergeShift.h). `hcl estimate
/// --target rtl` applies it, so that it counts the loops the hardware runs.
void mergeShiftsIntoPipelines(mlir::ModuleOp module);

/// Emits a located error on the first operation or type of `func` (a
/// prepared function) without a hardware form yet.
mlir::LogicalResult checkRTLSupported(mlir::func::FuncOp func);

/// Writes the SystemVerilog module of the prepared `func`.
mlir::LogicalResult emitRTLModule(mlir::func::FuncOp func,
                                  llvm::raw_ostream &os);

/// Writes the module of the prepared `entry`, then those of the functions
/// it calls, directly or not (each once): a kernel's whole hardware.
mlir::LogicalResult emitRTLKernel(mlir::func::FuncOp entry,
                                  llvm::raw_ostream &os);

/// Writes one module per function with a body of the prepared `module`.
mlir::LogicalResult emitRTL(mlir::ModuleOp module, llvm::raw_ostream &os);

/// The Verilog name of `func`'s module (its symbol, made a valid
/// identifier).
std::string rtlModuleName(mlir::func::FuncOp func);

/// Writes a Verilator C++ testbench for `func`'s module (built with
/// `--prefix Vkernel`). It reads `DIR/argN.bin` (raw little-endian
/// elements, the host layout), models each memory port with a read latency
/// of one cycle (a partitioned argument's banks are filled from its file,
/// through its layout), starts the kernel, runs until done, writes
/// `DIR/argN.out` for memref arguments and `DIR/resultN.out` for results, and
/// prints `cycles N`. DIR is its first command-line argument.
mlir::LogicalResult emitVerilatorTestbench(mlir::func::FuncOp func,
                                           llvm::raw_ostream &os);

/// The type of the kernel's argument `index` (`DIR/argN.bin`) in the
/// prepared `func`, whose partitioned arguments may be a port per bank:
/// then the array's type, which its banks record.
mlir::Type kernelArgumentType(mlir::func::FuncOp func, unsigned index);

/// Registers `--emit-rtl` with mlir-translate's registry.
void registerRTLTranslation();

} // namespace hcl

#endif // HCL_TARGET_RTL_H
