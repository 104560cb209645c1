//===- Tune.cpp - a program in, the tuned program out ---------------------===//

#include "hcl/Tune/Tune.h"

#include "hcl/Transforms/Passes.h"
#include "hcl/Tune/ProgramStructure.h"
#include "hcl/Tune/WriteSchedule.h"

using namespace mlir;

namespace hcl::tuner {

static std::string printed(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

std::variant<Tuned, TuneError> tuneModule(ModuleOp module, StringRef entryName,
                                          const TargetModel &target,
                                          const SearchOptions &options,
                                          bool explainRefusals) {
  // The search starts from the algorithm: a schedule already in the
  // program is replaced.
  OwningOpRef<ModuleOp> algorithm = module.clone();
  if (failed(stripSchedule(*algorithm)))
    return TuneError{Failure::BadInput, "its schedule cannot be removed", 0};
  FailureOr<func::FuncOp> entry = tuneEntry(*algorithm, entryName);
  if (failed(entry))
    return TuneError{Failure::BadInput, "no function to tune", 0};
  Program program;
  numberGlobals(*entry);
  program.text = printed(*algorithm);
  unnumberGlobals(*entry);
  program.entry = entry->getSymName().str();
  program.target = target;
  program.explainRefusals = explainRefusals;
  llvm::Expected<SearchResult> result = search(program, *entry, options);
  if (!result) {
    TuneError error{Failure::NothingToTune, "", 0};
    handleAllErrors(
        result.takeError(),
        [&](const RemoteError &remote) {
          error = {Failure::Remote, remote.message, remote.exitCode};
        },
        [&](const llvm::ErrorInfoBase &other) {
          error.message = other.message();
        });
    return error;
  }
  Tuned tuned;
  tuned.entry = program.entry;
  tuned.arrayNames = arrayNames(*entry);
  tuned.search = std::move(*result);
  if (!tuned.search.chosen)
    return tuned;
  if (failed(writeSchedule(*entry, tuned.search.chosen->schedule)))
    return TuneError{Failure::BadInput,
                     "the chosen schedule names an array "
                     "the program does not have",
                     0};
  tuned.text = printed(*algorithm);
  return tuned;
}

} // namespace hcl::tuner
