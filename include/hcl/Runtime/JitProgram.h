//===- JitProgram.h - run an hcl program on the CPU -------------*- C++ -*-===//
//
// Lowers a module to LLVM (--hcl-lower-to-llvm), JIT-compiles it at -O3 for
// the host CPU (or a named one) with MLIR's ExecutionEngine and calls its
// entry function on host arrays.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_JITPROGRAM_H
#define HCL_RUNTIME_JITPROGRAM_H

#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Runtime/HostArray.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir
namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace hcl {

/// How a program is compiled for the CPU.
struct JitOptions {
  /// Check at run time every access the bounds analysis cannot prove in
  /// range (--hcl-insert-bounds-checks); run() then stops at the first
  /// out-of-bounds index with an error naming the tensor, index and stage.
  bool checkBounds = false;
  /// Guard every integer division and remainder whose divisor may be zero
  /// (or -1, signed): run() then fails with a DivisionFaultError naming the
  /// operation instead of the process dying of SIGFPE (DivisionChecks.h).
  /// Costs a compare and a predictable branch per division.
  bool checkDivision = true;
  /// Fill every block the program allocates (heap and stack) with the byte
  /// setAllocationFillByte() names before the program uses it
  /// (AllocationFill.h): outputs that differ between two such bytes depend
  /// on memory the program reads before writing.
  bool fillAllocations = false;
  /// The CPU to compile for, as LLVM names it ("skylake-avx512",
  /// "x86-64-v3", "generic"); empty: the host's CPU and all its features.
  /// Naming one gives timings that do not depend on the machine.
  std::string cpu;
  /// Contract floating-point multiply and add into fused multiply-adds
  /// (one rounding instead of two). Off by default so results are
  /// bit-exact with the unscheduled program and the HLS C++ simulation.
  bool fpContract = false;
  /// Threads for `parallel` loops; 0: OpenMP's default (OMP_NUM_THREADS,
  /// else one per core). At most kMaxThreads. With checkBounds they run on
  /// the calling thread.
  unsigned threads = 0;
  /// Keep the machine code so writeObject() can save it.
  bool keepObject = false;
  /// More threads than libomp can start abort the process, so a larger
  /// count is refused when the program is compiled.
  static constexpr unsigned kMaxThreads = 1024;
};

class JitProgram {
public:
  /// Compiles a copy of `module` with `entry` as the function to call.
  /// Problems are reported as MLIR diagnostics on the module's context.
  static mlir::FailureOr<std::unique_ptr<JitProgram>>
  compile(mlir::ModuleOp module, mlir::func::FuncOp entry,
          const JitOptions &options = {});
  ~JitProgram();

  llvm::StringRef entryName() const { return entry; }
  const EntrySignature &signature() const { return types; }

  /// Writes the compiled machine code as an object file (needs
  /// JitOptions::keepObject), for reading with objdump.
  void writeObject(llvm::StringRef path);

  /// Zero-filled arrays of the argument / result types.
  std::vector<HostArray> makeArguments() const;
  std::vector<HostArray> makeResults() const;

  /// Checks `arguments` against the signature: the message names the
  /// argument and the expected and actual dtype and shape.
  llvm::Error checkArguments(const std::vector<HostArray> &arguments) const;

  /// Calls the entry function. Memref arguments are updated in place;
  /// `results` must come from makeResults().
  llvm::Error run(std::vector<HostArray> &arguments,
                  std::vector<HostArray> &results);

private:
  JitProgram() = default;
  std::string entry;
  EntrySignature types;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  /// What the JIT optimizes for; it reads both while it compiles.
  std::unique_ptr<llvm::TargetMachine> machine;
  std::function<llvm::Error(llvm::Module *)> optimize;
  /// The entry wrapper, looked up once.
  void (*function)(void **) = nullptr;
  /// With checkBounds: what each check site guards (tensor, type, stage).
  std::vector<std::string> boundsSites;
  /// With checkDivision: what each guarded division is (operation, stage,
  /// location).
  std::vector<std::string> divisionSites;
};

/// The bytes the host arrays of `signature` take, or an error when one is
/// too large to allocate (its size overflows, or it exceeds the machine's
/// memory); `entry` names the function in the message.
llvm::Error checkHostMemory(const EntrySignature &signature,
                            llvm::StringRef entry);

} // namespace hcl

#endif // HCL_RUNTIME_JITPROGRAM_H
