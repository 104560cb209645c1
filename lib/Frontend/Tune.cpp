//===- Tune.cpp - hcl::tune: schedules chosen by the estimator ------------===//
//
// The search is lib/Tune's, as for `hcl tune`; the proof runs the tuned
// program and the algorithm with the JIT on three seeds of random inputs
// and compares every output, as `hcl check` does.
//
//===----------------------------------------------------------------------===//

#include "AppliedModule.h"
#include "LargeStack.h"
#include "Nodes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Tune.h"
#include "hcl/Runtime/Compare.h"
#include "hcl/Runtime/RandomFill.h"
#include "hcl/Transforms/Passes.h"
#include "hcl/Tune/Tune.h"

#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace hcl {

namespace {

TunePoint toPoint(const tuner::Cost &cost, const std::string &schedule) {
  TunePoint p;
  p.latency = cost.latency;
  p.exact = cost.exact;
  p.dsp = cost.resources.dsp;
  p.bram18k = cost.resources.bram18k;
  p.registerBits = cost.resources.registerBits;
  p.schedule = schedule;
  return p;
}

std::unique_ptr<JitProgram> compile(ModuleOp module, const char *which) {
  auto entry = module.lookupSymbol<func::FuncOp>("top");
  if (!entry)
    throwError(std::string("tune: the ") + which + " has no @top");
  FailureOr<std::unique_ptr<JitProgram>> program =
      JitProgram::compile(module, entry);
  if (failed(program))
    throwError(std::string("tune: the ") + which + " does not compile");
  return std::move(*program);
}

/// Runs both on seeds 0..2 and compares every argument and result; returns
/// the largest relative error, throws on a mismatch.
double prove(ModuleOp algorithm, ModuleOp tuned) {
  std::unique_ptr<JitProgram> reference = compile(algorithm, "algorithm");
  std::unique_ptr<JitProgram> program = compile(tuned, "tuned program");
  double largest = 0;
  for (uint64_t seed = 0; seed < 3; ++seed) {
    std::vector<HostArray> expectedArgs = reference->makeArguments();
    for (unsigned i = 0; i < expectedArgs.size(); ++i)
      fillRandom(expectedArgs[i], seed, i);
    std::vector<HostArray> actualArgs = expectedArgs;
    std::vector<HostArray> expected = reference->makeResults();
    std::vector<HostArray> actual = program->makeResults();
    if (llvm::Error e = reference->run(expectedArgs, expected))
      throwError("tune: the algorithm fails: " + toString(std::move(e)));
    if (llvm::Error e = program->run(actualArgs, actual))
      throwError("tune: the tuned program fails: " + toString(std::move(e)));
    expected.insert(expected.end(), expectedArgs.begin(), expectedArgs.end());
    actual.insert(actual.end(), actualArgs.begin(), actualArgs.end());
    for (size_t i = 0; i < expected.size(); ++i) {
      Comparison c =
          compareArrays(expected[i], actual[i], 1e-5, ShapeMatch::RowMajor);
      if (!c.equal)
        throwError("tune: the tuned program does not compute what the "
                   "algorithm does (seed " +
                   std::to_string(seed) + ", output " + std::to_string(i) +
                   " " + c.firstMismatch + ")");
      largest = std::max(largest, c.largestRelativeError);
    }
  }
  return largest;
}

TuneResult tuneProgram(const Schedule &schedule, const TuneOptions &options) {
  tuner::SearchOptions search;
  if (!options.budget.empty()) {
    llvm::Expected<tuner::Budget> budget = tuner::parseBudget(options.budget);
    if (!budget)
      throwError("tune: " + toString(budget.takeError()));
    search.budget = *budget;
  }
  if (options.timeLimit < 0)
    throwError("tune: the time limit must be a non-negative number of "
               "seconds");
  search.timeLimit = options.timeLimit;
  search.threads = options.threads;
  search.partitionArguments = options.partitionArguments;
  std::string error;
  FailureOr<TargetModel> target = TargetModel::get(options.target, error);
  if (failed(target))
    throwError("tune: " + error);
  std::unique_ptr<detail::ModuleImpl> impl =
      detail::parseAndApply(schedule, false, "tune");
  auto outcome = tuner::tuneModule(*impl->module, "top", *target, search);
  if (auto *failure = std::get_if<tuner::TuneError>(&outcome))
    throwError("tune: " + failure->message);
  tuner::Tuned &tuned = std::get<tuner::Tuned>(outcome);
  const tuner::SearchResult &r = tuned.search;
  if (!r.chosen)
    throwError("tune: no schedule fits the budget " + search.budget.str() +
               ": the unscheduled program already needs " +
               std::to_string(r.baseline.resources.dsp) + " DSP, " +
               std::to_string(r.baseline.resources.bram18k) + " BRAM18K, " +
               std::to_string(r.baseline.resources.registerBits) +
               " register bits");
  TuneResult result;
  result.mlir = tuned.text;
  result.chosen =
      toPoint(r.chosen->cost, r.chosen->schedule.summary(tuned.arrayNames));
  result.unscheduled = toPoint(r.baseline, "(none)");
  for (const tuner::Point &p : r.front)
    result.front.push_back(
        toPoint(p.cost, p.schedule.summary(tuned.arrayNames)));
  result.evaluated = r.evaluated;
  result.seconds = r.seconds;
  // The proof: the algorithm against the tuned program, schedule applied.
  OwningOpRef<ModuleOp> algorithm = impl->module->clone();
  OwningOpRef<ModuleOp> program =
      parseSourceString<ModuleOp>(tuned.text, &impl->context);
  if (!program || failed(stripSchedule(*algorithm)) ||
      failed(applySchedule(*program)))
    throwError("tune: the tuned program cannot be read back");
  result.largestRelativeError = prove(*algorithm, *program);
  // The algorithm's stages and tensors, its program the tuned text.
  auto tunedImpl = std::make_shared<detail::ScheduleImpl>(*schedule.impl());
  tunedImpl->commands.clear();
  tunedImpl->defaultSchedule = false;
  tunedImpl->tunedProgram = tuned.text;
  result.schedule = Schedule(tunedImpl);
  return result;
}

} // namespace

TuneResult tune(const Schedule &schedule, const TuneOptions &options) {
  return detail::onLargeStack([&] { return tuneProgram(schedule, options); });
}

} // namespace hcl
