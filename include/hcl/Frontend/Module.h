//===- Module.h - lowering and building hcl programs ------------*- C++ -*-===//

#ifndef HCL_FRONTEND_MODULE_H
#define HCL_FRONTEND_MODULE_H

#include "hcl/Frontend/Array.h"
#include "hcl/Frontend/Schedule.h"

namespace hcl {

namespace detail {
struct ModuleImpl;
} // namespace detail

/// A program compiled for the CPU (HeteroCL's hcl.build).
class Module {
public:
  explicit Module(std::shared_ptr<detail::ModuleImpl> impl);

  /// Runs the program. `arrays` are the schedule's inputs followed by its
  /// outputs; inputs a stage updates are written back, outputs are filled.
  void call(const std::vector<Array *> &arrays);
  template <typename... A> void operator()(A &...arrays) { call({&arrays...}); }

  /// The MLIR the module runs (schedule applied).
  const std::string &mlir() const;
  /// Milliseconds spent applying the schedule and JIT-compiling.
  double compileMilliseconds() const;

  /// With build(s, top): one module per function, called on that function's
  /// arguments (the hcl-dialect outlining proposal's mod.modules[0](A, B, C)).
  std::vector<Module> modules;

private:
  std::shared_ptr<detail::ModuleImpl> impl;
};

/// The program's MLIR: with the schedule applied (default, as HeteroCL's
/// hcl.lower prints it), or with the hcl.* schedule operations still in it.
std::string lower(const Schedule &schedule, bool applySchedule = true);

/// How build() compiles a program for the CPU.
struct BuildOptions {
  /// Check at run time every access the compiler cannot prove in bounds (a
  /// gather through computed indices, say): a call that indexes out of
  /// bounds then throws an hcl::Error naming the tensor, the index values
  /// and the stage, instead of reading or writing past the array. Accesses
  /// that are out of bounds for certain are build errors either way.
  bool checkBounds = false;
  /// Fuse floating-point multiplies and adds (FMA): faster, one rounding
  /// instead of two, so float results differ in their last bits from the
  /// unfused program and the HLS C++ simulation (docs/cpu.md).
  bool fpContract = false;
  /// The CPU to compile for, as LLVM names it ("skylake-avx512",
  /// "x86-64-v3"); empty: this machine's CPU.
  std::string cpu;
  /// Threads of the loops the schedule made `parallel` (OpenMP); 0: OpenMP's
  /// default (OMP_NUM_THREADS, else one per core). With checkBounds they
  /// run on the calling thread.
  unsigned threads = 0;
};

/// Applies the schedule and JIT-compiles the program for the CPU.
Module build(const Schedule &schedule,
             const BuildOptions &options = BuildOptions());

/// The same, plus a module of its own for each function in `top` (functions
/// made by outline), in `modules`, compiled on `jobs` threads; `options`
/// apply to the whole program and to each function.
Module build(const Schedule &schedule, const std::vector<Function> &top,
             unsigned jobs = 1, const BuildOptions &options = BuildOptions());

/// The FPGA an HLS project targets; the default is the HeteroCL
/// memory-optimization paper's Ultra96-V2.
struct HLSTarget {
  std::string part = "xczu3eg-sbva484-1-e";
  double clockNs = 10;
  /// The outlined function that becomes the accelerator (m_axi ports) while
  /// @top stays on the host and calls it; "" puts all of @top on the device.
  std::string device;
};

/// Applies the schedule and writes a Vitis HLS project into `projectDir`
/// (HeteroCL's hcl.build(s, target=...)): kernel.cpp / kernel.h, a testbench
/// that makes the inputs `hcl run --random-inputs SEED` makes, run_hls.tcl
/// and a Makefile whose `make csim` runs the C simulation with g++.
void build_hls(const Schedule &schedule, const std::string &projectDir,
               const HLSTarget &target = HLSTarget());

/// Applies the schedule and writes @top, with the functions it calls, as
/// SystemVerilog modules into `dir` (`hcl rtl`'s kernel, docs/rtl.md), with
/// the float units they instantiate; returns the path of top's file. A
/// program without a hardware form yet throws hcl::Error saying where.
std::string build_rtl(const Schedule &schedule, const std::string &dir);

/// One HLS project per function, as `hcl hls --top` writes them: `top` is
/// `all` (every function: @top and each outlined one) or a comma list of
/// function names; each gets `dir`/<function> holding it and what it calls,
/// and `dir`/Makefile runs them all. Written on `jobs` threads.
void build_hls(const Schedule &schedule, const std::string &dir,
               const std::string &top, const HLSTarget &target = HLSTarget(),
               unsigned jobs = 1);
/// The same for the functions outline returned.
void build_hls(const Schedule &schedule, const std::string &dir,
               const std::vector<Function> &top,
               const HLSTarget &target = HLSTarget(), unsigned jobs = 1);

} // namespace hcl

#endif // HCL_FRONTEND_MODULE_H
