//===- TuneCommand.cpp - `hcl tune`: schedules chosen by the estimator ----===//
//
//   hcl tune FILE.mlir [--budget dsp=N,bram=M,ff=F] [--target NAME|FILE.json]
//            [--time S] [--threads N] [--entry NAME] [--hls] -o OUT.mlir
//            [--slurm [--slurm-tasks N] [--slurm-partition P] ...]
//
// Searches the schedules of every band (lib/Tune, docs/tune.md), prints the
// Pareto front of latency against resources, writes the fastest schedule
// within the budget into OUT.mlir as ordinary schedule ops, and proves it:
// `hcl check OUT.mlir` (and `hcl check --hls` with --hls) must pass.
//
// Exit codes: 1 bad input (options, file), 2 nothing to tune, 3 no schedule
// within the budget (not even none), 4 the written schedule fails its check;
// with --slurm, 11 a task failed, 13-15 Slurm failed (TuneSlurm.h).
//
//===----------------------------------------------------------------------===//

#include "LoadedProgram.h"
#include "Subcommands.h"
#include "TuneSlurm.h"

#include "hcl/Support/OutputFile.h"
#include "hcl/Tune/Tune.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand tuneSubcommand(
    "tune", "choose a schedule with the estimator, write it and check it");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir"),
                                      cl::sub(tuneSubcommand));
static cl::opt<std::string> outputFile("o", cl::desc("the tuned program"),
                                       cl::value_desc("OUT.mlir"), cl::Required,
                                       cl::sub(tuneSubcommand));
static cl::opt<std::string> entryName("entry", cl::desc("the function"),
                                      cl::value_desc("NAME"),
                                      cl::sub(tuneSubcommand));
static cl::opt<std::string>
    budgetText("budget",
               cl::desc("resource bounds: dsp=N,bram=M,ff=F (any of them)"),
               cl::value_desc("KEY=N,..."), cl::sub(tuneSubcommand));
static cl::opt<std::string>
    targetName("target", cl::desc("vitis (default), catapult, or FILE.json"),
               cl::value_desc("NAME|FILE.json"), cl::init("vitis"),
               cl::sub(tuneSubcommand));
static cl::opt<double>
    timeLimit("time",
              cl::desc("seconds after which no new search round starts "
                       "(0: none)"),
              cl::value_desc("S"), cl::init(0), cl::sub(tuneSubcommand));
static cl::opt<unsigned> threads("threads",
                                 cl::desc("estimate on N threads (0: every "
                                          "core)"),
                                 cl::value_desc("N"), cl::init(0),
                                 cl::sub(tuneSubcommand));
static cl::opt<bool> hls("hls",
                         cl::desc("also check the result's HLS C++ (hcl "
                                  "check --hls)"),
                         cl::sub(tuneSubcommand));

static cl::opt<bool> keepInterfaces(
    "keep-interfaces",
    cl::desc("never partition the function's arguments (their ports are "
             "the interface the design is given); stencils then read "
             "through reuse buffers"),
    cl::sub(tuneSubcommand));
static cl::opt<bool>
    explain("explain-refusals",
            cl::desc("print each candidate the primitives or the estimator "
                     "refuse, with the reason"),
            cl::sub(tuneSubcommand));

static SlurmCommandOptions slurmOptions(tuneSubcommand);
static cl::opt<unsigned>
    slurmTasks("slurm-tasks",
               cl::desc("with --slurm: the most tasks one array of "
                        "estimates is split into"),
               cl::value_desc("N"), cl::init(8), cl::sub(tuneSubcommand));
// What a --slurm task runs: FILE.mlir is then a slice of candidates (JSON)
// and -o the file their costs go to.
static cl::opt<bool> evaluateSlice("evaluate-slice", cl::Hidden,
                                   cl::sub(tuneSubcommand));

enum ExitCode { kBadInput = 1, kNothing = 2, kNoBudget = 3, kCheckFailed = 4 };

static std::string resourcesText(const Resources &r) {
  return formatv("{0,5} {1,8} {2,9}", r.dsp, r.bram18k, r.registerBits);
}

static std::string latencyText(const tuner::Cost &c) {
  return (c.exact ? "" : "<=") + std::to_string(c.latency);
}

static void printFront(const tuner::SearchResult &r,
                       ArrayRef<std::string> names) {
  outs() << formatv("{0,14}  {1,5} {2,8} {3,9}  {4,8}  schedule\n", "latency",
                    "DSP", "BRAM18K", "reg.bits", "speedup");
  auto row = [&](const tuner::Point &p, bool chosen) {
    outs() << formatv("{0}{1,13}  {2}  {3,7:F1}x  {4}\n", chosen ? "*" : " ",
                      latencyText(p.cost), resourcesText(p.cost.resources),
                      double(r.baseline.latency) / p.cost.latency,
                      p.schedule.summary(names));
  };
  for (const tuner::Point &p : r.front) {
    bool chosen = r.chosen && p.cost.latency == r.chosen->cost.latency &&
                  p.schedule.summary() == r.chosen->schedule.summary();
    row(p, chosen);
  }
  if (r.chosen && llvm::none_of(r.front, [&](const tuner::Point &p) {
        return p.schedule.summary() == r.chosen->schedule.summary();
      }))
    row(*r.chosen, true);
}

/// Runs this executable's `check` on the written program.
static bool passesCheck(StringRef path, bool withHls) {
  std::string self = sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&passesCheck));
  SmallVector<StringRef> args{self, "check"};
  if (withHls)
    args.push_back("--hls");
  args.push_back(path);
  outs().flush();
  return sys::ExecuteAndWait(self, args) == 0;
}

static Expected<tuner::SearchOptions> searchOptions() {
  tuner::SearchOptions options;
  if (!budgetText.empty()) {
    Expected<tuner::Budget> budget = tuner::parseBudget(budgetText);
    if (!budget)
      return budget.takeError();
    options.budget = *budget;
  }
  if (timeLimit < 0)
    return createStringError(inconvertibleErrorCode(),
                             "--time: the limit must be a non-negative "
                             "number of seconds");
  options.timeLimit = timeLimit;
  options.threads = threads;
  options.partitionArguments = !keepInterfaces;
  return options;
}

/// The header of the tuned program: where it came from and its estimate.
static std::string header(const tuner::SearchResult &r,
                          const tuner::Budget &budget) {
  return formatv("// hcl tune {0} (target {1}, budget {2}): estimated "
                 "latency {3} cycles, {4} DSP, {5} BRAM18K, {6} register "
                 "bits; unscheduled {7}\n",
                 inputFile, targetName, budget.str(),
                 latencyText(r.chosen->cost), r.chosen->cost.resources.dsp,
                 r.chosen->cost.resources.bram18k,
                 r.chosen->cost.resources.registerBits, latencyText(r.baseline))
      .str();
}

/// How a task finds the target: a file by its absolute path (the task runs
/// elsewhere), a name as it is.
static std::string targetForTasks() {
  if (!sys::fs::exists(targetName))
    return targetName;
  SmallString<256> path(targetName.getValue());
  sys::fs::make_absolute(path);
  return path.str().str();
}

int tuneMain() {
  if (evaluateSlice)
    return evaluateSliceFile(inputFile, outputFile,
                             threads.getNumOccurrences() ? threads : 0);
  if (std::optional<std::string> misuse = slurmOptions.misuse())
    return fail(*misuse);
  if (!slurmOptions.slurm && slurmTasks.getNumOccurrences())
    return fail("--slurm-tasks needs --slurm");
  if (slurmTasks == 0)
    return fail("--slurm-tasks must be at least 1");
  Expected<tuner::SearchOptions> options = searchOptions();
  if (!options)
    return fail(toString(options.takeError()));
  std::string error;
  FailureOr<TargetModel> target = TargetModel::get(targetName, error);
  if (failed(target))
    return fail(error);
  if (int code = slurmOptions.unavailable())
    return 10 + code;
  if (slurmOptions.slurm)
    options->remote =
        slurmEvaluator(slurmOptions, targetForTasks(), slurmTasks);
  if (Error e = checkNotAnInput(outputFile, {inputFile}))
    return fail(toString(std::move(e)));
  std::unique_ptr<LoadedProgram> loaded = LoadedProgram::load(inputFile);
  if (!loaded)
    return kBadInput;
  auto outcome = tuner::tuneModule(loaded->module(), entryName, *target,
                                   *options, explain);
  if (auto *error = std::get_if<tuner::TuneError>(&outcome)) {
    if (error->kind == tuner::Failure::BadInput)
      return kBadInput;
    if (error->kind == tuner::Failure::Remote) {
      fail(error->message);
      return error->exitCode;
    }
    fail(inputFile + ": " + error->message);
    return kNothing;
  }
  tuner::Tuned &tuned = std::get<tuner::Tuned>(outcome);
  tuner::SearchResult *result = &tuned.search;
  outs() << formatv("hcl tune: @{0}, {1} band(s), {2} schedules estimated in "
                    "{3:F1} s{4}; target {5}, budget {6}\n",
                    tuned.entry, result->bands, result->evaluated,
                    result->seconds,
                    result->timedOut ? " (stopped at --time)" : "",
                    target->name, options->budget.str());
  printFront(*result, tuned.arrayNames);
  if (!result->chosen) {
    fail("no schedule fits the budget " + options->budget.str() +
         ": the unscheduled program already needs " +
         std::to_string(result->baseline.resources.dsp) + " DSP, " +
         std::to_string(result->baseline.resources.bram18k) + " BRAM18K, " +
         std::to_string(result->baseline.resources.registerBits) +
         " register bits");
    return kNoBudget;
  }
  if (Error e = writeFileAtomically(
          outputFile, header(*result, options->budget) + tuned.text))
    return fail(toString(std::move(e)));
  outs() << "hcl tune: wrote " << outputFile << " (* above); checking it\n";
  if (!passesCheck(outputFile, false) ||
      (hls && !passesCheck(outputFile, true))) {
    fail("the tuned schedule in " + outputFile + " does not pass hcl check" +
         (hls ? " (or --hls)" : "") +
         ": this is a bug in hcl tune or a primitive; the file is kept for "
         "inspection");
    return kCheckFailed;
  }
  return 0;
}

} // namespace hcl::driver
