//===- SlurmArray.h - command lines as one Slurm job array ------*- C++ -*-===//
//
// Runs N shell command lines as the N tasks of one Slurm job array (sbatch
// --array), waits until the array leaves the queue, and gathers each task's
// exit status, time, stdout and stderr. hcl schedules nothing itself: Slurm
// places the tasks. `hcl hls --slurm` and `hcl check --slurm` use it; any
// command that fans work out over a cluster can.
//
// Each task writes its status into the state directory, which must therefore
// be on a filesystem the submitting machine and the nodes share (as must the
// tasks' own directories). A task that writes no status (cancelled, out of
// time, its node lost) is reported as such, with the log Slurm wrote for it.
//
// A rerun resumes: a task that succeeded before in the same state directory,
// with the same command, directory and fingerprint, is not submitted again;
// its earlier result is kept (SlurmOptions::rerun submits every task).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_SUPPORT_SLURMARRAY_H
#define HCL_SUPPORT_SLURMARRAY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// One task: `command` runs with bash in `directory`.
struct SlurmTask {
  /// Unique within the array; names the task's files and its report line
  /// (letters, digits, '_', '-', '.').
  std::string name;
  std::string directory;
  std::string command;
  /// What the result depends on besides the command (a digest of the files
  /// it reads): a task with one is kept from an earlier run when that
  /// succeeded with the same command, directory and fingerprint. "": always
  /// run.
  std::string fingerprint;
};

struct SlurmOptions {
  /// sbatch --partition; "" uses the cluster's default partition.
  std::string partition;
  /// sbatch --time (Slurm's formats: MINUTES, H:MM:SS, D-HH, ...); "": the
  /// partition's default.
  std::string timeLimit;
  /// More sbatch flags, split as a shell would ("--mem=8G --qos=long").
  std::string extraArgs;
  std::string jobName = "hcl";
  /// The batch script, the task logs and statuses (on a shared filesystem).
  std::string stateDir;
  /// Seconds between two looks at the queue at most (the first looks come
  /// sooner, so that short tasks are gathered soon).
  double maxPollSeconds = 15;
  /// Submit every task, even those an earlier run completed.
  bool rerun = false;
};

struct SlurmTaskResult {
  std::string name;
  /// The command's exit status; none when the task wrote none.
  std::optional<int> exitCode;
  double seconds = 0;
  /// The command's stdout and stderr, and the log Slurm wrote for the task
  /// (time limits and node failures are reported there).
  std::string stdoutPath, stderrPath, slurmLogPath;
  /// Kept from an earlier run, not run now.
  bool kept = false;

  bool succeeded() const { return exitCode && *exitCode == 0; }
};

/// What went wrong with Slurm itself, as opposed to a task that failed; each
/// is its own exit code of the commands that use the runner.
enum class SlurmFailure {
  /// No sbatch or squeue on PATH.
  NotInstalled = 3,
  /// sbatch refused the array (unreachable controller, bad partition or
  /// flag).
  SubmitFailed = 4,
  /// squeue stopped answering while the array ran: the tasks may still run.
  LostContact = 5,
};

/// An error of the runner, with the failure's kind.
class SlurmError : public llvm::ErrorInfo<SlurmError> {
public:
  static char ID;
  SlurmError(SlurmFailure failure, std::string message)
      : failure(failure), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  SlurmFailure failure;
  std::string message;
};

/// A NotInstalled SlurmError unless sbatch and squeue are on PATH (commands
/// check this before doing the work the tasks need).
llvm::Error checkSlurmInstalled();

/// Submits `tasks` as one array, waits for it and returns each task's result
/// in the order of `tasks`. Progress (the job id, then each change in the
/// number of unfinished tasks) goes to `progress`. A task that fails is a
/// result, not an error; errors are SlurmErrors.
llvm::Expected<std::vector<SlurmTaskResult>>
runSlurmArray(llvm::ArrayRef<SlurmTask> tasks, const SlurmOptions &options,
              llvm::raw_ostream &progress);

/// A digest of the files' contents, in order, for SlurmTask::fingerprint; a
/// file that cannot be read counts as empty.
std::string fingerprintFiles(llvm::ArrayRef<std::string> paths);

/// Prints one line per task (name, status, seconds, where its output is)
/// and then the failed tasks by name; returns how many failed.
unsigned printSlurmReport(llvm::ArrayRef<SlurmTaskResult> results,
                          llvm::raw_ostream &os);

/// `text` as one bash word (for building a task's command line).
std::string shellQuote(llvm::StringRef text);

/// Prints `error` as hcl prints errors ("hcl: error: ...") and returns the
/// exit code that says which failure it was: the SlurmFailure's value, 1 for
/// any other error.
int reportSlurmError(llvm::Error error, llvm::raw_ostream &os);

} // namespace hcl

#endif // HCL_SUPPORT_SLURMARRAY_H
