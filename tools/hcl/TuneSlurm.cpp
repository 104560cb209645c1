//===- TuneSlurm.cpp - hcl tune's estimates as Slurm job arrays -----------===//

#include "TuneSlurm.h"
#include "LoadedProgram.h"

#include "hcl/Support/OutputFile.h"
#include "hcl/Tune/SliceFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace hcl::driver {

/// A task costs seconds to start and to parse the program; fewer
/// candidates than this do not fill one.
static constexpr size_t kLeastPerTask = 16;

namespace {

using Costs = std::vector<std::optional<tuner::Cost>>;

/// One slice: candidates [begin, begin + count) of batch `batch`.
struct SlicePlan {
  size_t batch, begin, count;
};

class SlurmEvaluator {
public:
  SlurmEvaluator(const SlurmCommandOptions &options, std::string target,
                 unsigned maxTasks)
      : options(options), target(std::move(target)),
        maxTasks(std::max(1u, maxTasks)) {}

  Expected<std::vector<Costs>> operator()(ArrayRef<tuner::Batch> batches);

private:
  std::vector<SlicePlan> plan(ArrayRef<tuner::Batch> batches) const;

  const SlurmCommandOptions &options;
  std::string target;
  unsigned maxTasks;
  unsigned arrays = 0;
};

} // namespace

std::vector<SlicePlan>
SlurmEvaluator::plan(ArrayRef<tuner::Batch> batches) const {
  size_t total = 0;
  for (const tuner::Batch &b : batches)
    total += b.candidates.size();
  size_t tasks = std::clamp<size_t>(total / kLeastPerTask, 1, maxTasks);
  size_t per = std::max<size_t>(1, (total + tasks - 1) / tasks);
  std::vector<SlicePlan> slices;
  for (size_t b = 0; b < batches.size(); ++b)
    for (size_t begin = 0; begin < batches[b].candidates.size(); begin += per)
      slices.push_back(
          {b, begin, std::min(per, batches[b].candidates.size() - begin)});
  return slices;
}

static std::string absolutePath(StringRef path) {
  SmallString<256> full(path);
  sys::fs::make_absolute(full);
  return full.str().str();
}

static Expected<std::string> readText(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(buffer.getError(),
                             "cannot read " + path + ": " +
                                 buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

/// Slurm's own failures exit 10 + the code hcl hls --slurm gives them
/// (13 no sbatch, 14 submission refused, 15 contact lost): hcl tune's
/// exit codes 3 and 4 mean other things. A failed task exits 11.
static constexpr int kTaskFailed = 11;

static Error asRemoteError(Error error) {
  int code = kTaskFailed;
  std::string message;
  handleAllErrors(
      std::move(error),
      [&](const SlurmError &e) {
        code = 10 + int(e.failure);
        message = e.message;
      },
      [&](const ErrorInfoBase &e) { message = e.message(); });
  return make_error<tuner::RemoteError>(code, message);
}

static Expected<Costs> readCosts(StringRef path, size_t count) {
  Expected<std::string> text = readText(path);
  if (!text)
    return text.takeError();
  return tuner::costsFromJSON(*text, count);
}

Expected<std::vector<Costs>>
SlurmEvaluator::operator()(ArrayRef<tuner::Batch> batches) {
  SlurmOptions runner = options.runnerOptions("hcl-tune", "hcl-tune-slurm");
  std::string dir =
      absolutePath(runner.stateDir + "/array-" + std::to_string(arrays++));
  if (std::error_code error = sys::fs::create_directories(dir))
    return make_error<tuner::RemoteError>(
        kTaskFailed, "cannot create " + dir + ": " + error.message());
  runner.stateDir = dir;
  std::string self = sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&evaluateSliceFile));
  SmallString<256> cwd;
  sys::fs::current_path(cwd);
  std::vector<SlicePlan> slices = plan(batches);
  std::vector<SlurmTask> tasks;
  std::vector<std::string> costPaths;
  for (auto [i, slice] : llvm::enumerate(slices)) {
    std::string name = "slice-" + std::to_string(i);
    std::string slicePath = dir + "/" + name + ".json";
    const tuner::Batch &batch = batches[slice.batch];
    if (Error e = writeFileAtomically(
            slicePath,
            tuner::sliceToJSON(
                batch.program, target,
                ArrayRef(batch.candidates).slice(slice.begin, slice.count))))
      return asRemoteError(std::move(e));
    costPaths.push_back(dir + "/" + name + ".costs.json");
    // A rerun keeps a slice estimated before by the same hcl.
    tasks.push_back({name, cwd.str().str(),
                     shellQuote(self) + " tune --evaluate-slice " +
                         shellQuote(slicePath) + " -o " +
                         shellQuote(costPaths.back()),
                     fingerprintFiles({slicePath, self})});
  }
  Expected<std::vector<SlurmTaskResult>> results =
      runSlurmArray(tasks, runner, errs());
  if (!results)
    return asRemoteError(results.takeError());
  std::vector<Costs> costs;
  for (const tuner::Batch &b : batches)
    costs.emplace_back(b.candidates.size());
  SmallVector<std::string> failed;
  for (auto [i, slice] : llvm::enumerate(slices)) {
    if (!(*results)[i].succeeded()) {
      failed.push_back(tasks[i].name);
      continue;
    }
    Expected<Costs> part = readCosts(costPaths[i], slice.count);
    if (!part) {
      errs() << "hcl tune: " << tasks[i].name << ": "
             << toString(part.takeError()) << "\n";
      failed.push_back(tasks[i].name);
      continue;
    }
    std::copy(part->begin(), part->end(),
              costs[slice.batch].begin() + slice.begin);
  }
  if (failed.empty())
    return costs;
  printSlurmReport(*results, errs());
  return make_error<tuner::RemoteError>(
      kTaskFailed, std::to_string(failed.size()) + " of " +
                       std::to_string(tasks.size()) + " tune task(s) failed (" +
                       join(failed, ", ") + "); files in " + dir +
                       "; rerunning the same command resumes");
}

tuner::BatchEvaluator slurmEvaluator(const SlurmCommandOptions &options,
                                     std::string target, unsigned maxTasks) {
  auto evaluator =
      std::make_shared<SlurmEvaluator>(options, std::move(target), maxTasks);
  return [evaluator](ArrayRef<tuner::Batch> batches) {
    return (*evaluator)(batches);
  };
}

/// The threads Slurm gave this task: its CPUs per task, else one (several
/// tasks may share a node).
static unsigned taskThreads() {
  if (std::optional<std::string> cpus =
          sys::Process::GetEnv("SLURM_CPUS_PER_TASK")) {
    unsigned n = 0;
    if (!StringRef(*cpus).getAsInteger(10, n) && n > 0)
      return n;
  }
  return 1;
}

int evaluateSliceFile(StringRef slicePath, StringRef costsPath,
                      unsigned threads) {
  Expected<std::string> text = readText(slicePath);
  if (!text)
    return fail(toString(text.takeError()));
  Expected<tuner::Slice> slice = tuner::sliceFromJSON(*text);
  if (!slice)
    return fail(slicePath + ": " + toString(slice.takeError()));
  std::string error;
  FailureOr<TargetModel> model = TargetModel::get(slice->target, error);
  if (failed(model))
    return fail(slicePath + ": " + error);
  slice->program.target = *model;
  Costs costs = tuner::evaluate(slice->program, slice->candidates,
                                threads ? threads : taskThreads());
  if (Error e = writeFileAtomically(costsPath, tuner::costsToJSON(costs)))
    return fail(toString(std::move(e)));
  return 0;
}

} // namespace hcl::driver
