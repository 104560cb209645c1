//===- BambuC.h - C for PandA-Bambu from customized affine IR ---*- C++ -*-===//
//
// The ONNX-to-Bambu thesis's Bambu backend on hcl's IR. A copy of the module is
// rewritten in steps, each its own file in lib/Target/BambuC and switchable for
// tests:
//
//   filter extraction   every stage (top-level loop nest) becomes a filter
//                       function, a reduction into a one-element buffer a
//                       child filter returning the value; the entry function
//                       owns the buffers and calls the root filters
//   hoist-accesses      loads and stores at loop-invariant indices pushed out
//                       of the loops (a local variable carries the element)
//   scalar-replacement  repeated reads/writes of one element forwarded
//   one-element         one-element buffers become scalars; a filter's
//                       one-element output becomes its return value
//   three-address       index expressions one operation per statement
//   hoist-invariants    loop-invariant computations out of loops
//   fifo                a channel written once and read once in the same
//                       order by two filters becomes a FIFO parameter
//
// and written as C99: `#pragma omp parallel for` on `parallel` loops, the
// hcl_vector.h operations on `vectorize` loops, exact hexfloat constants.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_BAMBUC_H
#define HCL_TARGET_BAMBUC_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace hcl {

/// The optimization steps, in the order they run.
const std::vector<std::string> &getBambuSteps();

struct BambuCOptions {
  /// The steps to run (names from getBambuSteps()); all by default.
  std::vector<std::string> steps = getBambuSteps();
};

/// Extracts the filters of every function of `module` (in place) and runs
/// the optimization steps. Errors are located diagnostics.
mlir::LogicalResult prepareBambuModule(mlir::ModuleOp module,
                                       const BambuCOptions &options = {});

/// Writes a module prepared by prepareBambuModule as C99.
mlir::LogicalResult emitPreparedBambuC(mlir::ModuleOp module,
                                       llvm::raw_ostream &os,
                                       bool includeKernelHeader = false);

/// Both: a clone of `module` prepared and written as C99.
mlir::LogicalResult emitBambuC(mlir::ModuleOp module, llvm::raw_ostream &os,
                               const BambuCOptions &options = {});

/// Per filter: loads, stores and operations (address arithmetic included),
/// written in the code and executed in one call, before the optimizations
/// and after them, as a table.
mlir::LogicalResult emitBambuStats(mlir::ModuleOp module, llvm::raw_ostream &os,
                                   const BambuCOptions &options = {});

/// Writes DIR/kernel.c, kernel.h, hcl_vector.h, testbench.cpp,
/// hcl_testbench.h, bambu.sh and a Makefile for `entry` of `module`.
mlir::LogicalResult writeBambuProject(mlir::ModuleOp module,
                                      mlir::func::FuncOp entry,
                                      llvm::StringRef dir,
                                      const BambuCOptions &options = {});

/// The same project from a module prepared by prepareBambuModule (or
/// populateBambuPipeline), whose function `entry` is the top; the testbench
/// calls it with its signature.
mlir::LogicalResult writePreparedBambuProject(mlir::ModuleOp prepared,
                                              llvm::StringRef entry,
                                              llvm::StringRef dir);

/// Erases the functions of `module` that `entry` does not call,
/// transitively: a project holds its top and what the top calls.
void keepReachable(mlir::ModuleOp module, mlir::func::FuncOp entry);

/// The options of a comma-separated step list ("all", "none" or names).
BambuCOptions parseBambuSteps(llvm::StringRef list);

/// The `bambu` command line of the project's bambu.sh (the OpenMP options
/// when the program has `parallel` loops).
std::string bambuCommandLine(llvm::StringRef top, bool usesOpenMP);

/// share/bambu/*.h, embedded at build time: (file name, contents).
const std::vector<std::pair<std::string, std::string>> &getEmbeddedBambuFiles();

/// Registers `--emit-bambu-c` (options --bambu-steps, --bambu-print-ir,
/// --bambu-stats) for hcl-translate.
void registerBambuCTranslation();

} // namespace hcl

#endif // HCL_TARGET_BAMBUC_H
