//===- SliceFile.h - candidates and their costs as files --------*- C++ -*-===//
//
// What crosses between hcl tune and a process that evaluates a slice of its
// candidates elsewhere (a Slurm array task): the program, the target and the
// candidates in one JSON file, the costs back in another. Candidates name
// stages, loops and arrays only, so they mean the same in any copy of the
// program.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_SLICEFILE_H
#define HCL_TUNE_SLICEFILE_H

#include "hcl/Tune/Evaluate.h"

#include "llvm/Support/Error.h"

namespace hcl::tuner {

/// A slice as read back: the program (its target not yet resolved), how
/// the target was named (`--target`'s value, a file by its absolute path)
/// and the candidates.
struct Slice {
  Program program;
  std::string target;
  std::vector<Schedule> candidates;
};

/// `candidates` of `program` as JSON; `target` is how the evaluating
/// process finds the target model (TargetModel::get).
std::string sliceToJSON(const Program &program, llvm::StringRef target,
                        llvm::ArrayRef<Schedule> candidates);

/// The slice in `text`; an error names what is missing or malformed.
llvm::Expected<Slice> sliceFromJSON(llvm::StringRef text);

/// Costs as JSON: one entry per candidate, null where it was refused.
std::string costsToJSON(llvm::ArrayRef<std::optional<Cost>> costs);

/// The costs in `text`, which must hold `count` entries.
llvm::Expected<std::vector<std::optional<Cost>>>
costsFromJSON(llvm::StringRef text, size_t count);

} // namespace hcl::tuner

#endif // HCL_TUNE_SLICEFILE_H
