//===- SlurmCommand.cpp - --slurm for the driver's subcommands ------------===//

#include "SlurmCommand.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcl::driver {

SlurmCommandOptions::SlurmCommandOptions(cl::SubCommand &sub)
    : slurm("slurm",
            cl::desc("run the work as one Slurm job array (sbatch; "
                     "docs/slurm.md)"),
            cl::sub(sub)),
      partition("slurm-partition",
                cl::desc("with --slurm: the partition (sbatch --partition)"),
                cl::value_desc("NAME"), cl::sub(sub)),
      timeLimit("slurm-time",
                cl::desc("with --slurm: each task's time limit (sbatch "
                         "--time: MINUTES, H:MM:SS, D-HH:MM, ...)"),
                cl::value_desc("TIME"), cl::sub(sub)),
      sbatchArgs("sbatch-args",
                 cl::desc("with --slurm: more sbatch flags, split as a shell "
                          "would (\"--mem=8G --qos=long\")"),
                 cl::value_desc("FLAGS"), cl::sub(sub)),
      stateDir("slurm-dir",
               cl::desc("with --slurm: the batch script, task logs and "
                        "statuses (on a filesystem the nodes share)"),
               cl::value_desc("DIR"), cl::sub(sub)),
      rerun("slurm-rerun",
            cl::desc("with --slurm: run every task again, also those an "
                     "earlier run in --slurm-dir completed"),
            cl::sub(sub)) {}

std::optional<std::string> SlurmCommandOptions::misuse() const {
  if (slurm)
    return std::nullopt;
  for (const cl::opt<std::string> *option :
       {&partition, &timeLimit, &sbatchArgs, &stateDir})
    if (option->getNumOccurrences())
      return "--" + option->ArgStr.str() + " needs --slurm";
  if (rerun)
    return std::string("--slurm-rerun needs --slurm");
  return std::nullopt;
}

int SlurmCommandOptions::unavailable() const {
  if (!slurm)
    return 0;
  if (Error error = checkSlurmInstalled())
    return reportSlurmError(std::move(error), errs());
  return 0;
}

SlurmOptions
SlurmCommandOptions::runnerOptions(StringRef jobName,
                                   StringRef defaultStateDir) const {
  SlurmOptions options;
  options.partition = partition;
  options.timeLimit = timeLimit;
  options.extraArgs = sbatchArgs;
  options.jobName = jobName.str();
  options.rerun = rerun;
  options.stateDir =
      stateDir.empty() ? defaultStateDir.str() : stateDir.getValue();
  return options;
}

int SlurmCommandOptions::run(ArrayRef<SlurmTask> tasks, StringRef jobName,
                             StringRef defaultStateDir) const {
  Expected<std::vector<SlurmTaskResult>> results =
      runSlurmArray(tasks, runnerOptions(jobName, defaultStateDir), errs());
  if (!results)
    return reportSlurmError(results.takeError(), errs());
  return printSlurmReport(*results, outs()) == 0 ? 0 : 1;
}

static std::vector<std::string> &driverArguments() {
  static std::vector<std::string> arguments;
  return arguments;
}

std::vector<StringRef> slurmOptionNames() {
  return {"slurm",       "slurm-partition", "slurm-time",
          "sbatch-args", "slurm-dir",       "slurm-rerun"};
}

void setDriverArguments(int argc, char **argv) {
  driverArguments().assign(argv, argv + argc);
}

/// Whether `argument` is one of the options `dropped` names; `takesValue`
/// tells whether the value is the next argument (`--top all`, not
/// `--top=all`).
static bool isDropped(StringRef argument, ArrayRef<StringRef> dropped,
                      bool &takesValue) {
  if (!argument.starts_with("-"))
    return false;
  auto [name, value] = argument.ltrim('-').split('=');
  if (!is_contained(dropped, name))
    return false;
  takesValue =
      name != "slurm" && name != "slurm-rerun" && !argument.contains('=');
  return true;
}

std::string taskCommandLine(ArrayRef<StringRef> dropped,
                            ArrayRef<std::string> added) {
  std::string self = sys::fs::getMainExecutable(nullptr, nullptr);
  std::string line = shellQuote(self);
  ArrayRef<std::string> arguments = driverArguments();
  for (size_t i = 1; i < arguments.size(); ++i) {
    bool takesValue = false;
    if (isDropped(arguments[i], dropped, takesValue)) {
      i += takesValue;
      continue;
    }
    line += " " + shellQuote(arguments[i]);
  }
  for (const std::string &argument : added)
    line += " " + shellQuote(argument);
  return line;
}

} // namespace hcl::driver
