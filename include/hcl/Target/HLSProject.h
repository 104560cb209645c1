//===- HLSProject.h - an HLS project for one function -----------*- C++ -*-===//
//
//   DIR/kernel.cpp, kernel.h    the program as HLS C++ (emitHLSCpp)
//   DIR/host.cpp                with a device function: the host's part of
//                               the program, which calls the device
//   DIR/testbench.cpp           C simulation: inputs from argN.npy files or
//                               the stream of `hcl run --random-inputs SEED`,
//                               outputs written as hcl run names them
//   DIR/hcl_testbench.h         .npy I/O and random inputs for the testbench
//   DIR/hcl_compat/ap_*.h       ap_int / ap_fixed for g++ when the vendor's
//                               headers are not installed
//   DIR/run_hls.tcl, Makefile   Vitis HLS csim / csynth / cosim; `make csim`
//                               runs the C simulation with g++ alone
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_HLSPROJECT_H
#define HCL_TARGET_HLSPROJECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace hcl {

struct HLSProjectOptions {
  /// Ultra96-V2's ZU3EG, the HeteroCL memory-optimization paper's board.
  std::string part = "xczu3eg-sbva484-1-e";
  double clockNs = 10;
  /// The function synthesized as the accelerator, with m_axi ports; the
  /// entry (the host) calls it. "" puts the whole entry on the device.
  /// With a device, kernel.cpp holds it and what it calls, host.cpp the
  /// rest, compiled into the testbench and not synthesized.
  std::string device;
};

/// Writes the project for `entry` (the HLS top) of the customized `module`
/// into `dir`, creating it. Errors (unsupported operations, a directory that
/// cannot be written) are emitted as diagnostics.
mlir::LogicalResult writeHLSProject(mlir::ModuleOp module,
                                    mlir::func::FuncOp entry,
                                    llvm::StringRef dir,
                                    const HLSProjectOptions &options = {});

/// The functions `spec` names for one project each: `all` (every function
/// with a body) or a comma list of function names.
llvm::Expected<llvm::SmallVector<mlir::func::FuncOp>>
selectHLSTops(mlir::ModuleOp module, llvm::StringRef spec);

/// Called after each project is written: (projects done, total, name).
using HLSProjectProgress =
    std::function<void(unsigned, unsigned, llvm::StringRef)>;

/// One project per function of `tops` in `dir`/<its C++ name>, holding it
/// and what it calls, and `dir`/Makefile running them all (`hcl hls --top`),
/// written on `jobs` threads. Returns the projects' names; errors are
/// emitted as diagnostics.
mlir::FailureOr<std::vector<std::string>>
writeHLSProjects(mlir::ModuleOp module, llvm::ArrayRef<mlir::func::FuncOp> tops,
                 llvm::StringRef dir, const HLSProjectOptions &options,
                 unsigned jobs = 1, const HLSProjectProgress &progress = {});

/// The testbench.cpp calling `entry` (see the file comment).
mlir::FailureOr<std::string> emitTestbench(mlir::func::FuncOp entry,
                                           llvm::StringRef cppName);

/// share/hls/*.h, embedded at build time: (file name, contents).
const std::vector<std::pair<std::string, std::string>> &getEmbeddedHLSFiles();

} // namespace hcl

#endif // HCL_TARGET_HLSPROJECT_H
