//===- TuneSlurm.h - hcl tune's estimates as Slurm job arrays ---*- C++ -*-===//
//
// `hcl tune --slurm`: each large round of the search (a band's candidates,
// every stage at once) becomes one job array. Each task runs this hcl as
// `hcl tune --evaluate-slice SLICE.json -o COSTS.json` on a slice of the
// candidates; the costs are read back by index and the search goes on as
// it does locally, so it writes the same front and schedule.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_TUNESLURM_H
#define HCL_TOOLS_HCL_TUNESLURM_H

#include "SlurmCommand.h"

#include "hcl/Tune/Evaluate.h"

namespace hcl::driver {

/// Evaluates batches as one array of at most `maxTasks` tasks, its files in
/// `<state dir>/array-<n>` (n counts the arrays of this run, so a rerun
/// finds the tasks it completed before and keeps them). `target` is
/// `--target`'s value. A failed task is reported by name on stderr and
/// makes the evaluation fail; Slurm's own failures are SlurmErrors.
tuner::BatchEvaluator slurmEvaluator(const SlurmCommandOptions &options,
                                     std::string target, unsigned maxTasks);

/// The hidden mode a task runs: reads the slice in `slicePath`, estimates
/// its candidates on `threads` threads (0: as many as Slurm gave the task,
/// SLURM_CPUS_PER_TASK, else one) and writes their costs to `costsPath`.
/// Returns the exit code (1 on a bad slice or an unwritable file).
int evaluateSliceFile(llvm::StringRef slicePath, llvm::StringRef costsPath,
                      unsigned threads);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_TUNESLURM_H
