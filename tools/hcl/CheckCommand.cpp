//===- CheckCommand.cpp - `hcl check`: scheduled vs unscheduled -----------===//
//
// Runs a program with its schedule applied and with its schedule removed on
// the same random inputs, and compares every output: the memref arguments
// after the run and the results. hcl.reshape may change the shape of an
// argument or result; such values are passed and compared in row-major order.
// The verdict names what was compared: the results, the arguments the
// program writes in place, and the inputs (unchanged, and compared so that a
// schedule cannot write them). A program with no schedule has nothing to
// compare: it is run once and said so.
//
// --top f1,f2|all checks each function as the entry; with --slurm, each
// function's check is one task of a Slurm job array, running this hcl with
// the same options (docs/slurm.md).
//
//===----------------------------------------------------------------------===//

#include "AliasedArguments.h"
#include "BambuCheck.h"
#include "CpuOptions.h"
#include "HLSCheck.h"
#include "IndexDiagnosis.h"
#include "InputRanges.h"
#include "IterationCount.h"
#include "LoadedProgram.h"
#include "ObservedGlobals.h"
#include "RTLCheck.h"
#include "RunFailure.h"
#include "SlurmCommand.h"
#include "Subcommands.h"
#include "UninitializedReads.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Runtime/Compare.h"
#include "hcl/Runtime/CrashMessage.h"
#include "hcl/Runtime/DivisionChecks.h"
#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Runtime/JitProgram.h"
#include "hcl/Runtime/RandomFill.h"
#include "hcl/Target/HLSProject.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand
    checkSubcommand("check",
                    "compare a program with its schedule against it without");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir or FILE.onnx"),
                                      cl::sub(checkSubcommand));
static cl::opt<std::string> entryName("entry", cl::desc("function to check"),
                                      cl::value_desc("NAME"),
                                      cl::sub(checkSubcommand));
static cl::opt<unsigned> seeds("seeds",
                               cl::desc("number of random input sets "
                                        "(seeds 0..N-1)"),
                               cl::value_desc("N"), cl::init(3),
                               cl::sub(checkSubcommand));

static cl::opt<bool> hls("hls",
                         cl::desc("compare the program's HLS C++, compiled "
                                  "with g++, with the JIT instead"),
                         cl::sub(checkSubcommand));
static cl::opt<bool> bambu("bambu",
                           cl::desc("compare the program's Bambu C, compiled "
                                    "with gcc (serial and OpenMP), with the "
                                    "JIT bit for bit instead"),
                           cl::sub(checkSubcommand));
static cl::opt<bool> rtl("rtl",
                         cl::desc("simulate the program's SystemVerilog with "
                                  "Verilator and compare it with the JIT bit "
                                  "for bit instead (docs/rtl.md)"),
                         cl::sub(checkSubcommand));
static cl::opt<uint64_t> rtlMaxCycles(
    "rtl-max-cycles",
    cl::desc("with --rtl: the cycles a simulation may run before it counts "
             "as hung (default: 64 times the estimated latency, at least a "
             "million)"),
    cl::value_desc("N"), cl::init(0), cl::sub(checkSubcommand));
static cl::opt<std::string> bambuSteps(
    "bambu-steps",
    cl::desc("with --bambu: the optimization steps, comma-separated, or "
             "'none' (default: all)"),
    cl::init("all"), cl::sub(checkSubcommand));
static cl::opt<std::string> keepDir("keep",
                                    cl::desc("with --hls or --rtl: write the "
                                             "files into DIR and keep them"),
                                    cl::value_desc("DIR"),
                                    cl::sub(checkSubcommand));

static cl::opt<std::string>
    tops("top",
         cl::desc("check each function as the entry: a comma list, or `all` "
                  "(every function with a body)"),
         cl::value_desc("f1,f2|all"), cl::sub(checkSubcommand));
static SlurmCommandOptions slurmOptions(checkSubcommand);

static cl::opt<bool> checkBounds(
    "check-bounds",
    cl::desc("check at run time, in both programs, every access not proven "
             "in bounds (parallel loops then run on one thread)"),
    cl::sub(checkSubcommand));
// 2^32 body runs take seconds; a check runs the program about ten times.
static cl::opt<uint64_t> maxIterations(
    "max-iterations",
    cl::desc("refuse a program whose largest loop nest runs its body more "
             "times than this (default 2^32)"),
    cl::init(uint64_t(1) << 32), cl::sub(checkSubcommand));

static cl::list<std::string> inputRanges(
    "input-range",
    cl::desc("draw random inputs from LO..HI (integers) or [LO, HI) "
             "(floats); NAME=LO,HI for one argument (argN, N or its name)"),
    cl::value_desc("[NAME=]LO,HI"), cl::sub(checkSubcommand));

namespace {
/// One version of the program, compiled.
struct Variant {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<JitProgram> program;
  /// The memref.globals the entry returns after its own results, when it
  /// has no other output (ObservedGlobals.h).
  std::vector<std::string> observedGlobals;
};
} // namespace

/// Whether `func` has nothing of its own to compare: no memref argument and
/// no result.
static bool hasNoOutputs(mlir::func::FuncOp func) {
  return func.getNumResults() == 0 &&
         llvm::none_of(func.getArgumentTypes(), [](mlir::Type type) {
           return isa<mlir::BaseMemRefType>(type);
         });
}

/// "result1", or "@gv" for a result that is a memref.global's contents.
static std::string resultName(const Variant &variant, size_t index,
                              size_t count) {
  size_t own = count - variant.observedGlobals.size();
  return index < own ? "result" + std::to_string(index)
                     : variant.observedGlobals[index - own];
}

static mlir::FailureOr<Variant>
compileVariant(mlir::ModuleOp original, StringRef functionName,
               mlir::LogicalResult (*prepare)(mlir::ModuleOp), bool reference) {
  Variant variant;
  variant.module = original.clone();
  if (mlir::failed(prepare(*variant.module)))
    return mlir::failure();
  mlir::FailureOr<mlir::func::FuncOp> entry =
      selectEntry(*variant.module, functionName);
  if (mlir::failed(entry))
    return mlir::failure();
  // The generated code of --hls, --bambu and --rtl has the program's own
  // interface; the JIT's comparison can read the globals.
  if (!hls && !bambu && !rtl && hasNoOutputs(*entry))
    variant.observedGlobals = returnWritableGlobals(*variant.module, *entry);
  JitOptions options = cpuJitOptions(reference);
  options.checkBounds = checkBounds;
  // The program other outputs are compared with (the reference, or the JIT
  // for --hls, --bambu, --rtl) starts its allocations as a known byte, so
  // that its outputs are the same on every run and uninitialized reads show
  // (isUndefined).
  options.fillAllocations = reference || hls || bambu || rtl;
  auto program = JitProgram::compile(*variant.module, *entry, options);
  if (mlir::failed(program))
    return mlir::failure();
  variant.program = std::move(*program);
  return variant;
}

/// The original's arguments in the shapes the scheduled program takes. An
/// argument whose element count differs is left alone for run() to report.
static std::vector<HostArray>
reshapeArguments(const std::vector<HostArray> &arguments,
                 const JitProgram &program) {
  std::vector<HostArray> reshaped = arguments;
  const std::vector<ValueSpec> &specs = program.signature().arguments;
  for (size_t i = 0; i < reshaped.size() && i < specs.size(); ++i)
    if (specs[i].isMemRef)
      reshaped[i].reshape(specs[i].shape);
  return reshaped;
}

/// "arg0 4x4 as 16" for an output the schedule reshaped.
static std::string describeReshaped(const std::string &name,
                                    const HostArray &expected,
                                    const HostArray &actual) {
  return name + " " + expected.shapeString() + " as " + actual.shapeString();
}

/// Whether the program customizes anything the reference does not: an hcl.*
/// primitive other than the handles that name stages and loops and the
/// data-type ones (which the reference applies too).
static bool hasScheduleToCheck(mlir::ModuleOp module) {
  return module
      .walk([](mlir::Operation *op) {
        bool customizes = isScheduleOp(op) &&
                          !isa<CreateStageHandleOp, CreateOpHandleOp,
                               CreateLoopHandleOp, QuantizeOp, DownsizeOp>(op);
        return customizes ? mlir::WalkResult::interrupt()
                          : mlir::WalkResult::advance();
      })
      .wasInterrupted();
}

/// No schedule: both programs would be the same, so there is nothing to
/// compare. The program is still run once (seed 0) so that one that does
/// not run fails here; exit code 0, as nothing is wrong.
static int
reportNothingToCheck(JitProgram &program,
                     const std::vector<std::optional<InputRange>> &ranges,
                     bool dataTypesOnly) {
  std::string entry = "@" + program.entryName().str();
  std::vector<HostArray> arguments = program.makeArguments();
  fillArguments(arguments, 0, ranges);
  std::vector<HostArray> results = program.makeResults();
  if (Error error = program.run(arguments, results))
    return fail(describeRunFailure(std::move(error), "seed 0", true));
  outs() << "hcl check: nothing to check: " << entry << " has no schedule ("
         << (dataTypesOnly ? "only data-type customizations, which the "
                             "reference applies too"
                           : "no hcl.* customization")
         << "), so it is its own reference; it ran on seed 0 (hcl run shows "
            "its outputs, hcl check --hls checks its HLS C++)\n";
  return 0;
}

/// What was compared, by kind: "result0, C (written in place), A, B
/// (inputs, unchanged)". An argument counts as written when the reference
/// changed it on some seed; the others are compared too (a schedule must not
/// write its inputs).
static std::string describeCompared(ArrayRef<std::string> results,
                                    ArrayRef<std::string> written,
                                    ArrayRef<std::string> unchanged) {
  SmallVector<std::string> parts(results);
  for (const std::string &name : written)
    parts.push_back(name + " (written in place)");
  if (!unchanged.empty())
    parts.push_back(join(unchanged, ", ") + (unchanged.size() == 1
                                                 ? " (input, unchanged)"
                                                 : " (inputs, unchanged)"));
  return "compared " + join(parts, ", ");
}

/// The functions to check when no --entry is given: @top when there is one
/// or a single public function (selectEntry's choice), else every public
/// function with a body that no other function calls (a file of several
/// kernels, as HeteroCL-MLIR's tests are written; a callee, such as a stage
/// outlined with an `index` argument, is checked inside its caller).
static SmallVector<std::string> entriesToCheck(mlir::ModuleOp module) {
  if (!entryName.empty() || module.lookupSymbol<mlir::func::FuncOp>("top"))
    return {entryName.getValue()};
  llvm::StringSet<> called;
  module.walk([&](mlir::func::CallOp call) {
    if (call->getParentOfType<mlir::func::FuncOp>().getSymName() !=
        call.getCallee())
      called.insert(call.getCallee());
  });
  SmallVector<std::string> entries;
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (!func.isExternal() && func.isPublic() &&
        !called.contains(func.getSymName()))
      entries.push_back(func.getSymName().str());
  if (entries.size() <= 1)
    return {entryName.getValue()};
  return entries;
}

static int checkEntry(LoadedProgram &loaded, StringRef functionName);

/// The functions --top names, or why not. The generated code of outlined
/// functions is checked against the scheduled JIT, so with --hls, --bambu
/// and --rtl they are chosen after the schedule has made them; the
/// unscheduled reference of a plain check has only the program's own.
static Expected<SmallVector<std::string>> topEntries(mlir::ModuleOp module) {
  mlir::OwningOpRef<mlir::ModuleOp> scheduled;
  if (hls || bambu || rtl) {
    scheduled = module.clone();
    if (mlir::failed(applySchedule(*scheduled)))
      return createStringError("the schedule does not apply");
    module = *scheduled;
  }
  auto selected = selectHLSTops(module, tops);
  if (!selected)
    return selected.takeError();
  SmallVector<std::string> names;
  for (mlir::func::FuncOp func : *selected)
    names.push_back(func.getSymName().str());
  return names;
}

/// Each entry's check as one task of a Slurm array: this command line with
/// --entry (and --keep DIR/<entry>) instead of --top and the Slurm options.
static int checkOnSlurm(ArrayRef<std::string> entries) {
  SmallString<256> cwd;
  sys::fs::current_path(cwd);
  // A rerun keeps a check that passed on the same file with the same hcl.
  std::string fingerprint = fingerprintFiles(
      {inputFile.getValue(), sys::fs::getMainExecutable(nullptr, nullptr)});
  std::vector<SlurmTask> tasks;
  for (const std::string &entry : entries) {
    std::vector<std::string> added;
    if (!entry.empty())
      added.insert(added.end(), {"--entry", entry});
    if (!keepDir.empty())
      added.insert(
          added.end(),
          {"--keep", keepDir + "/" + (entry.empty() ? "entry" : entry)});
    std::vector<StringRef> dropped = slurmOptionNames();
    dropped.insert(dropped.end(), {"top", "entry", "keep"});
    tasks.push_back({entry.empty() ? "check" : entry, cwd.str().str(),
                     taskCommandLine(dropped, added), fingerprint});
  }
  return slurmOptions.run(tasks, "hcl-check", "hcl-check-slurm");
}

int checkMain() {
  if (seeds == 0)
    return fail("--seeds must be at least 1");
  if (std::optional<std::string> error = cpuOptionsError())
    return fail(*error);
  if (fpContractRequested() && (hls || bambu || rtl))
    return fail(
        Twine("--fp-contract cannot be used with ") +
        (hls     ? "--hls"
         : bambu ? "--bambu"
                 : "--rtl") +
        ": that check compares the generated code with the JIT bit for "
        "bit, and the generated code does not fuse multiplies and adds");
  if (std::optional<std::string> misuse = slurmOptions.misuse())
    return fail(*misuse);
  if (!tops.empty() && !entryName.empty())
    return fail("--top and --entry cannot be used together");
  if (int code = slurmOptions.unavailable())
    return code;
  if (rtl)
    defaultScheduleForRTL();
  std::unique_ptr<LoadedProgram> loaded = LoadedProgram::load(inputFile);
  if (!loaded)
    return 1;
  SmallVector<std::string> entries = entriesToCheck(loaded->module());
  if (!tops.empty()) {
    auto selected = topEntries(loaded->module());
    if (!selected)
      return fail("--top: " + toString(selected.takeError()));
    entries = std::move(*selected);
  }
  if (slurmOptions.slurm)
    return checkOnSlurm(entries);
  if (entries.size() == 1)
    return checkEntry(*loaded, entries.front());
  // The schedule is applied to the whole module for each function; a
  // schedule that cannot apply is reported once.
  {
    mlir::OwningOpRef<mlir::ModuleOp> probe = loaded->module().clone();
    if (mlir::failed(applySchedule(*probe)))
      return 1;
  }
  int failures = 0;
  for (const std::string &entry : entries)
    failures += checkEntry(*loaded, entry) != 0;
  outs() << "hcl check"
         << (hls     ? " --hls"
             : bambu ? " --bambu"
             : rtl   ? " --rtl"
                     : "")
         << ": " << (entries.size() - failures) << " of " << entries.size()
         << " functions pass\n";
  return failures == 0 ? 0 : 1;
}

/// Whether `program` (compiled with fillAllocations from `module`) computes
/// outputs that depend on memory it reads before writing: then any
/// comparison would be chance, and this says so. Warns first at an
/// allocation whose first access is a load, which names the likely culprit.
/// Random indices that leave their tensor read outside any allocation too;
/// that is left to the comparison, whose report explains it.
static bool isUndefined(LoadedProgram &loaded, mlir::ModuleOp module,
                        JitProgram &program,
                        const std::vector<std::optional<InputRange>> &ranges,
                        StringRef which) {
  auto function =
      loaded.module().lookupSymbol<mlir::func::FuncOp>(program.entryName());
  mlir::Operation *allocReadFirst =
      function ? findAllocReadFirst(function) : nullptr;
  if (allocReadFirst)
    mlir::emitWarning(allocReadFirst->getLoc())
        << "this allocation is read before it is written: its contents are "
           "undefined, so runs may differ whatever the schedule does "
           "(initialize it)";
  std::vector<HostArray> inputs = program.makeArguments();
  fillArguments(inputs, 0, ranges);
  std::optional<std::string> output =
      findUninitializedDependence(program, inputs);
  if (!output)
    return false;
  auto entry = module.lookupSymbol<mlir::func::FuncOp>(program.entryName());
  if (entry && explainByOutOfRangeIndex(module, entry, 0, ranges))
    return false;
  outs() << "hcl check: UNDEFINED: @" << program.entryName() << " " << *output
         << " depends on memory the " << which
         << " reads before writing it (on seed 0, runs with every allocation "
            "filled with 0x00 and with 0xFF differ), so comparing it would "
            "prove nothing; initialize "
         << (allocReadFirst ? "the allocation the warning names"
                            : "what the program reads")
         << "\n";
  return true;
}

using ArgumentRanges = std::vector<std::optional<InputRange>>;

/// --hls, --bambu, --rtl: the generated code against the scheduled JIT.
static int checkGeneratedCode(LoadedProgram &loaded, Variant &scheduled,
                              StringRef functionName,
                              const ArgumentRanges &ranges) {
  auto entry = selectEntry(*scheduled.module, functionName);
  if (mlir::failed(entry))
    return 1;
  if (isUndefined(loaded, *scheduled.module, *scheduled.program, ranges,
                  "program"))
    return 1;
  if (bambu)
    return checkBambu(*scheduled.module, *entry, *scheduled.program, seeds,
                      keepDir, bambuSteps, ranges);
  if (rtl)
    return checkRTL(*scheduled.module, *entry, *scheduled.program, seeds,
                    keepDir, ranges, rtlMaxCycles);
  return checkHLS(*scheduled.module, *entry, *scheduled.program, seeds, keepDir,
                  ranges);
}

namespace {
/// What the seeds' comparisons found when everything matched.
struct SeedsCompared {
  double largestError = 0;
  /// Outputs the schedule reshaped, compared in row-major order.
  std::vector<std::string> reshaped;
  /// The memref arguments the reference wrote on some seed.
  std::vector<bool> written;
};
} // namespace

/// Runs both programs on every seed and compares each memref argument and
/// result; prints the first mismatch (with the out-of-range explanation
/// when random indices cause it) and fails.
static mlir::FailureOr<SeedsCompared>
compareOnSeeds(Variant &reference, JitProgram &actualProgram,
               const ArgumentRanges &ranges) {
  JitProgram &expectedProgram = *reference.program;
  std::string entry = "@" + expectedProgram.entryName().str();
  const EntrySignature &signature = expectedProgram.signature();
  SeedsCompared compared;
  compared.written.assign(signature.arguments.size(), false);
  for (unsigned seed = 0; seed < seeds; ++seed) {
    std::vector<HostArray> expectedArgs = expectedProgram.makeArguments();
    fillArguments(expectedArgs, seed, ranges);
    std::vector<HostArray> inputs = expectedArgs;
    std::vector<HostArray> actualArgs =
        reshapeArguments(expectedArgs, actualProgram);
    std::vector<HostArray> expectedResults = expectedProgram.makeResults();
    std::vector<HostArray> actualResults = actualProgram.makeResults();
    std::string seedText = "seed " + std::to_string(seed);
    if (Error error = expectedProgram.run(expectedArgs, expectedResults)) {
      fail(describeRunFailure(std::move(error),
                              "the unscheduled program on " + seedText, true));
      return mlir::failure();
    }
    if (Error error = actualProgram.run(actualArgs, actualResults)) {
      fail(error.isA<DivisionFaultError>()
               ? describeRunFailure(std::move(error),
                                    "the scheduled program on " + seedText,
                                    true)
               : "the scheduled program cannot be called like the original: " +
                     toString(std::move(error)));
      return mlir::failure();
    }

    std::vector<std::pair<std::string, std::pair<HostArray *, HostArray *>>>
        pairs;
    for (size_t i = 0; i < expectedArgs.size(); ++i)
      if (signature.arguments[i].isMemRef)
        pairs.push_back(
            {"arg" + std::to_string(i), {&expectedArgs[i], &actualArgs[i]}});
    for (size_t i = 0; i < expectedResults.size(); ++i)
      pairs.push_back({resultName(reference, i, expectedResults.size()),
                       {&expectedResults[i], &actualResults[i]}});
    for (size_t i = 0; i < expectedArgs.size(); ++i)
      if (signature.arguments[i].isMemRef &&
          !inputs[i].sameBytes(expectedArgs[i]))
        compared.written[i] = true;
    compared.reshaped.clear();
    for (auto &[name, arrays] : pairs) {
      double tolerance = fpContractRequested() ? fpContractTolerance : 1e-5;
      Comparison comparison = compareArrays(
          *arrays.first, *arrays.second, tolerance, ShapeMatch::RowMajor,
          fpContractRequested() ? tolerance * largestMagnitude(*arrays.first)
                                : 0.0);
      compared.largestError =
          std::max(compared.largestError, comparison.largestRelativeError);
      if (comparison.comparedRowMajor)
        compared.reshaped.push_back(
            describeReshaped(name, *arrays.first, *arrays.second));
      if (!comparison.equal) {
        outs() << "hcl check: MISMATCH: " << entry << " " << name
               << " differs from the unscheduled program on seed " << seed
               << " " << comparison.firstMismatch << " (largest relative error "
               << format("%.3g", comparison.largestRelativeError);
        if (comparison.comparedRowMajor)
          outs() << "; compared in row-major order: "
                 << describeReshaped(name, *arrays.first, *arrays.second);
        outs() << ")\n";
        if (auto why = explainByOutOfRangeIndex(
                *reference.module,
                reference.module->lookupSymbol<mlir::func::FuncOp>(
                    expectedProgram.entryName()),
                seed, ranges))
          outs() << "hcl check: " << *why << "\n";
        else if (auto aliased = explainByAliasedArguments(*reference.module))
          outs() << "hcl check: " << *aliased << "\n";
        return mlir::failure();
      }
    }
  }
  return compared;
}

/// The OK line: what was compared, by the arguments' source names ("A" for
/// %A, else argN).
static void reportMatch(LoadedProgram &loaded, const Variant &reference,
                        bool sameDataTypes, const SeedsCompared &compared) {
  JitProgram &expectedProgram = *reference.program;
  const EntrySignature &signature = expectedProgram.signature();
  std::vector<std::string> resultNames;
  for (size_t i = 0; i < signature.results.size(); ++i)
    resultNames.push_back(resultName(reference, i, signature.results.size()));
  std::vector<std::string> names =
      loaded.argumentNames(expectedProgram.entryName());
  std::vector<std::string> writtenNames, unchangedNames;
  for (size_t i = 0; i < signature.arguments.size(); ++i) {
    if (!signature.arguments[i].isMemRef)
      continue;
    std::string name = i < names.size() && !names[i].empty()
                           ? names[i]
                           : "arg" + std::to_string(i);
    (compared.written[i] ? writtenNames : unchangedNames).push_back(name);
  }
  outs() << "hcl check: OK: @" << expectedProgram.entryName()
         << " matches the unscheduled program"
         << (sameDataTypes ? " with the same data types" : "") << " on "
         << seeds.getValue() << " seed" << (seeds == 1 ? "" : "s") << " ("
         << describeCompared(resultNames, writtenNames, unchangedNames)
         << "; largest relative error "
         << format("%.3g", compared.largestError);
  if (!compared.reshaped.empty())
    outs() << "; reshaped by the schedule, compared element-wise in "
              "row-major order: "
           << join(compared.reshaped, ", ");
  outs() << ")\n";
}

/// The scheduled program against the unscheduled one, on every seed.
static int checkAgainstReference(LoadedProgram &loaded, Variant &scheduled,
                                 StringRef functionName) {
  // Quantization changes the values by design: the reference then stores
  // the same data types, and the check is about everything else.
  bool sameDataTypes = hasDataTypeCustomizations(loaded.module());
  auto reference =
      compileVariant(loaded.module(), functionName,
                     sameDataTypes ? applyDataTypesOnly : stripSchedule,
                     /*reference=*/true);
  if (mlir::failed(reference))
    return 1;
  JitProgram &expectedProgram = *reference->program;
  std::string entry = "@" + expectedProgram.entryName().str();
  const EntrySignature &signature = expectedProgram.signature();

  // A function without memref arguments, results or writable globals leaves
  // nothing to compare: saying OK would be a check that cannot fail.
  if (signature.results.empty() &&
      llvm::none_of(signature.arguments,
                    [](const ValueSpec &spec) { return spec.isMemRef; }))
    return fail(entry + " has nothing to compare: no memref arguments, no "
                        "results and no initialized memref.global it could "
                        "write; check a function that takes or returns its "
                        "arrays (--entry)");
  if (!reference->observedGlobals.empty())
    outs() << "hcl check: " << entry
           << " takes and returns no arrays: comparing what it leaves in "
           << join(reference->observedGlobals, ", ")
           << " (each run starts from the initial contents)\n";

  auto ranges = resolveInputRanges(
      inputRanges, loaded.argumentNames(expectedProgram.entryName()),
      expectedProgram.makeArguments());
  if (!ranges)
    return fail(toString(ranges.takeError()));

  if (isUndefined(loaded, *reference->module, expectedProgram, *ranges,
                  "unscheduled program"))
    return 1;

  auto compared = compareOnSeeds(*reference, *scheduled.program, *ranges);
  if (mlir::failed(compared))
    return 1;
  if (auto outside = explainMatchOutsideTensors(
          *reference->module,
          reference->module->lookupSymbol<mlir::func::FuncOp>(
              expectedProgram.entryName()),
          *ranges))
    return fail(entry + "'s outputs matched, but " + *outside);
  reportMatch(loaded, *reference, sameDataTypes, *compared);
  return 0;
}

static int checkEntry(LoadedProgram &loaded, StringRef functionName) {
  // Before compiling anything: a program too long to run is said so at once.
  mlir::FailureOr<mlir::func::FuncOp> entry =
      selectEntry(loaded.module(), functionName);
  if (mlir::succeeded(entry) &&
      mlir::failed(checkIterationLimit(*entry, maxIterations)))
    return 1;
  auto scheduled = compileVariant(loaded.module(), functionName, applySchedule,
                                  /*reference=*/false);
  if (mlir::failed(scheduled))
    return 1;
  // Deliberately never uninstalled: a corrupted heap shows when memory is
  // freed, which can be after the checks (see hcl run); the
  // C simulation of --hls and --bambu runs after the JIT too.
  new CrashMessage("while running @" + scheduled->program->entryName().str(),
                   checkBounds ? ""
                               : "; an out-of-bounds access? Run again "
                                 "with --check-bounds to find it");
  bool generatedCode = bambu || hls || rtl;
  if (generatedCode || !hasScheduleToCheck(loaded.module())) {
    auto ranges = inputRanges.empty()
                      ? llvm::Expected<ArgumentRanges>(ArgumentRanges{})
                      : resolveInputRanges(inputRanges,
                                           loaded.argumentNames(
                                               scheduled->program->entryName()),
                                           scheduled->program->makeArguments());
    if (!ranges)
      return fail(toString(ranges.takeError()));
    if (generatedCode)
      return checkGeneratedCode(loaded, *scheduled, functionName, *ranges);
    return reportNothingToCheck(*scheduled->program, *ranges,
                                hasDataTypeCustomizations(loaded.module()));
  }
  return checkAgainstReference(loaded, *scheduled, functionName);
}

} // namespace hcl::driver
