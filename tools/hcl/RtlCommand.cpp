//===- RtlCommand.cpp - `hcl rtl`: kernels and amc memories as Verilog ----===//
//
//   hcl rtl FILE.mlir -o DIR [--entry NAME] [--memories-only]
//                            [--aggregate-width N]
//                            [--primitive P] [--share-arbiters N]
//                            [--single-file]
//
// For an hcl program, writes the entry function as DIR/<function>.sv, a
// whole kernel (docs/rtl.md; RtlKernel.cpp), then its memories, as follows.
// Lowers every amc.memory of FILE (handshake -> merge -> bank lowering, then
// the optional optimizations) and writes DIR/<memory>.sv, one Verilog module
// per memory (docs/amc.md, "Hardware"), or DIR/memories.sv with
// --single-file. When FILE is an hcl program (functions and a schedule),
// the schedule is applied and its partitioned buffers become the memories
// first (docs/amc.md, "From hcl programs").
//
//===----------------------------------------------------------------------===//

#include "LoadedProgram.h"
#include "RtlKernel.h"
#include "Subcommands.h"

#include "hcl/Dialect/AMC/AMCOps.h"
#include "hcl/InitHCL.h"
#include "hcl/Support/OutputFile.h"
#include "hcl/Target/Verilog.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand rtlSubcommand("rtl",
                             "write a kernel and its amc memories as Verilog");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir"),
                                      cl::sub(rtlSubcommand));
static cl::opt<std::string> outputDir("o", cl::desc("the output directory"),
                                      cl::value_desc("DIR"),
                                      cl::sub(rtlSubcommand));
static cl::opt<unsigned>
    aggregateWidth("aggregate-width",
                   cl::desc("aggregate words into wide words of at most N bits "
                            "(amc-aggregate; 0: no aggregation)"),
                   cl::value_desc("N"), cl::init(0), cl::sub(rtlSubcommand));
static cl::opt<unsigned> shareArbiters(
    "share-arbiters",
    cl::desc("handshake ports on the same banks share N latency-sensitive "
             "ports (amc-share-arbiters; 0: one port each)"),
    cl::value_desc("N"), cl::init(0), cl::sub(rtlSubcommand));
static cl::opt<std::string> primitive(
    "primitive",
    cl::desc("the FPGA primitive of banks whose amc.alloc names none: "
             "lutram, bram, uram or registers"),
    cl::value_desc("P"), cl::init(""), cl::sub(rtlSubcommand));
static cl::opt<bool> singleFile("single-file",
                                cl::desc("write DIR/memories.sv"),
                                cl::init(false), cl::sub(rtlSubcommand));

/// True when `module` holds an hcl program (a function with a body), whose
/// partitioned buffers become amc memories before the amc passes run.
static bool holdsProgram(mlir::ModuleOp module) {
  return llvm::any_of(
      module.getOps<mlir::func::FuncOp>(),
      [](mlir::func::FuncOp func) { return !func.isExternal(); });
}

/// The textual pipeline run on the module (nested under builtin.module):
/// for an hcl program, its schedule is applied and each partitioned buffer
/// becomes an amc.memory (--hcl-partition-to-amc, docs/amc.md "From hcl
/// programs"); then every amc.memory is lowered.
static std::string modulePipeline(bool program) {
  std::string memoryPasses =
      "amc-lower-handshake,amc-lower-merge,amc-lower-banks";
  if (shareArbiters > 0)
    memoryPasses +=
        ",amc-share-arbiters{ports=" + std::to_string(shareArbiters) + "}";
  if (aggregateWidth > 0)
    memoryPasses +=
        ",amc-aggregate{word-width=" + std::to_string(aggregateWidth) + "}";
  std::string fromProgram =
      program ? "hcl-apply-customizations,hcl-partition-to-amc," : "";
  return fromProgram + "amc.memory(" + memoryPasses + ")";
}

static std::string rtlPipeline(bool program) {
  return "builtin.module(" + modulePipeline(program) + ")";
}

/// Adds the rtl pipeline to the command's pass manager; `program` says
/// whether the module holds an hcl program.
static mlir::LogicalResult addRtlPipeline(mlir::OpPassManager &pm,
                                          bool program) {
  registerHCLPasses();
  std::string pipeline = modulePipeline(program);
  std::string errors;
  raw_string_ostream errorStream(errors);
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm, errorStream))) {
    errs() << "hcl: error: the amc pipeline '" << pipeline
           << "' is not available: " << errors << "\n";
    return mlir::failure();
  }
  return mlir::success();
}

static mlir::LogicalResult writeFile(StringRef path, mlir::ModuleOp module,
                                     const VerilogOptions &options) {
  std::string text;
  raw_string_ostream os(text);
  if (mlir::failed(emitVerilog(module, os, options)))
    return mlir::failure();
  if (Error error = writeFileAtomically(path, text)) {
    fail(toString(std::move(error)));
    return mlir::failure();
  }
  return mlir::success();
}

namespace {

/// Keeps a copy of the module as the pass manager has it at this point:
/// the program with the schedule the driver wrote (--schedule=auto), before
/// the schedule is applied.
struct SnapshotPass
    : mlir::PassWrapper<SnapshotPass, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SnapshotPass)
  explicit SnapshotPass(mlir::OwningOpRef<mlir::ModuleOp> &copy) : copy(copy) {}
  StringRef getName() const override { return "Snapshot"; }
  StringRef getArgument() const override { return "hcl-rtl-snapshot"; }
  StringRef getDescription() const override {
    return "keep a copy of the scheduled program for its kernel";
  }
  void runOnOperation() override { copy = getOperation().clone(); }
  mlir::OwningOpRef<mlir::ModuleOp> &copy;
};

} // namespace

int rtlMain() {
  // Checked here, not by cl::Required, whose message is LLVM's own.
  if (outputDir.empty())
    return fail("hcl rtl needs -o DIR (the output directory)");
  bool program = false;
  // The kernel's module is written from the program as scheduled (its own
  // schedule and RTL preparation run on it); the command's pass manager
  // turns the partitioned buffers of `module` into amc memories.
  std::unique_ptr<LoadedProgram> loaded;
  // Declared after `loaded`: destroyed before the context `loaded` owns.
  mlir::OwningOpRef<mlir::ModuleOp> asRead;
  defaultScheduleForRTL();
  loaded = LoadedProgram::load(
      inputFile, [&](mlir::OpPassManager &pm, mlir::ModuleOp module) {
        program = holdsProgram(module);
        // Copied when the pipeline runs, not now: the default schedule
        // (--schedule=auto) is written by a pass before this point.
        if (program)
          pm.addPass(std::make_unique<SnapshotPass>(asRead));
        return addRtlPipeline(pm, program);
      });
  if (!loaded) {
    // The clone's context died with the failed load: erasing it now would
    // touch freed memory, so it is let go (the process ends here).
    (void)asRead.release();
    return 1;
  }
  mlir::ModuleOp module = loaded->module();
  if (std::error_code error = sys::fs::create_directories(outputDir))
    return fail("cannot create " + outputDir + ": " + error.message());
  // A program's kernel is a module of its own (docs/rtl.md).
  std::optional<std::string> kernel =
      program ? writeKernelRtl(*asRead, outputDir) : "";
  if (!kernel)
    return 1;
  VerilogOptions options;
  options.primitive = primitive;
  SmallVector<amc::MemoryOp> memories(module.getOps<amc::MemoryOp>());
  if (memories.empty() && !kernel->empty()) {
    outs() << "hcl rtl: wrote " << *kernel << "\n";
    return 0;
  }
  if (memories.empty())
    return fail(program ? inputFile + " holds no partitioned buffer that "
                                      "became an amc.memory (partition one "
                                      "with hcl.partition)"
                        : inputFile + " holds no amc.memory");

  SmallVector<std::string> written;
  if (!kernel->empty())
    written.push_back(*kernel);
  if (singleFile) {
    SmallString<128> path(outputDir);
    sys::path::append(path, "memories.sv");
    if (mlir::failed(writeFile(path, module, options)))
      return 1;
    written.push_back(path.str().str());
  } else {
    // One module per file: each memory is emitted from a module of its own.
    for (amc::MemoryOp memory : memories) {
      mlir::OpBuilder builder(module.getContext());
      mlir::OwningOpRef<mlir::ModuleOp> single =
          mlir::ModuleOp::create(memory.getLoc());
      builder.setInsertionPointToEnd(single->getBody());
      builder.clone(*memory);
      SmallString<128> path(outputDir);
      sys::path::append(path, memory.getSymName() + ".sv");
      if (mlir::failed(writeFile(path, *single, options)))
        return 1;
      written.push_back(path.str().str());
    }
  }
  outs() << "hcl rtl: lowered " << memories.size() << " amc memor"
         << (memories.size() == 1 ? "y" : "ies") << " with '"
         << rtlPipeline(program) << "' and wrote";
  for (const std::string &path : written)
    outs() << " " << path;
  outs() << "\n";
  return 0;
}

} // namespace hcl::driver
