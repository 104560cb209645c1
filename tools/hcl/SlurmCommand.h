//===- SlurmCommand.h - --slurm for the driver's subcommands ----*- C++ -*-===//
//
// The options that send a subcommand's work to a Slurm cluster as one job
// array (hcl/Support/SlurmArray.h runs it), and running tasks with the
// report and exit code every such subcommand gives.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_SLURMCOMMAND_H
#define HCL_TOOLS_HCL_SLURMCOMMAND_H

#include "hcl/Support/SlurmArray.h"

#include "llvm/Support/CommandLine.h"

#include <optional>

namespace hcl::driver {

/// --slurm, --slurm-partition, --slurm-time, --sbatch-args, --slurm-dir,
/// --slurm-rerun of one subcommand; declared in the subcommand's file, after
/// it.
struct SlurmCommandOptions {
  explicit SlurmCommandOptions(llvm::cl::SubCommand &sub);

  /// An error message when a --slurm-* option is given without --slurm.
  std::optional<std::string> misuse() const;
  /// With --slurm and no Slurm commands on PATH: prints why and returns the
  /// exit code; else 0.
  int unavailable() const;
  /// Runs `tasks` as one array (state in --slurm-dir, else
  /// `defaultStateDir`), prints the per-task table and returns the exit
  /// code: 0, 1 when a task failed, or the SlurmFailure's code.
  int run(llvm::ArrayRef<SlurmTask> tasks, llvm::StringRef jobName,
          llvm::StringRef defaultStateDir) const;
  /// The runner's options these give, for commands that run several arrays
  /// and read their tasks' results themselves.
  SlurmOptions runnerOptions(llvm::StringRef jobName,
                             llvm::StringRef defaultStateDir) const;

  llvm::cl::opt<bool> slurm;
  llvm::cl::opt<std::string> partition;
  llvm::cl::opt<std::string> timeLimit;
  llvm::cl::opt<std::string> sbatchArgs;
  llvm::cl::opt<std::string> stateDir;
  llvm::cl::opt<bool> rerun;
};

/// The options taskCommandLine drops for a task: the Slurm options (a task
/// runs where it is) and those given.
std::vector<llvm::StringRef> slurmOptionNames();

/// Saves the command line, for commands that re-run themselves as tasks.
void setDriverArguments(int argc, char **argv);

/// This hcl run's command line as a bash command for one task: the absolute
/// path of this hcl, then the arguments except the options named in
/// `dropped` (with their values), then `added`. Each word is quoted.
std::string taskCommandLine(llvm::ArrayRef<llvm::StringRef> dropped,
                            llvm::ArrayRef<std::string> added);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_SLURMCOMMAND_H
