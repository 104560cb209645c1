//===- IndexDiagnosis.cpp - is a mismatch out-of-range indices? -----------===//

#include "IndexDiagnosis.h"
#include "InputRanges.h"

#include "hcl/Runtime/JitProgram.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

#include "mlir/IR/Diagnostics.h"

namespace hcl::driver {

/// The out-of-bounds access `program` (compiled with bounds checks) makes
/// on the random inputs of `seed`, or with every input 0 when `ranges` is
/// null; nullopt when it makes none.
static std::optional<std::string>
outOfBoundsAccess(JitProgram &program, unsigned seed,
                  const std::vector<std::optional<InputRange>> *ranges) {
  std::vector<HostArray> arguments = program.makeArguments();
  if (ranges)
    fillArguments(arguments, seed, *ranges);
  std::vector<HostArray> results = program.makeResults();
  llvm::Error error = program.run(arguments, results);
  if (!error)
    return std::nullopt;
  std::string message = llvm::toString(std::move(error));
  if (llvm::StringRef(message).find("out-of-bounds access") ==
      llvm::StringRef::npos)
    return std::nullopt;
  return message;
}

/// Why `module`'s run on seed `seed` read outside a tensor, ending with
/// `consequence` (what that means for the comparison), or nullopt.
static std::optional<std::string>
explainOutOfBounds(mlir::ModuleOp module, mlir::func::FuncOp entry,
                   unsigned seed,
                   const std::vector<std::optional<InputRange>> &ranges,
                   llvm::StringRef consequence) {
  JitOptions options;
  options.checkBounds = true;
  // Its diagnostics would only repeat what the first compilation said.
  mlir::ScopedDiagnosticHandler quiet(
      module.getContext(), [](mlir::Diagnostic &) { return mlir::success(); });
  auto program = JitProgram::compile(module, entry, options);
  if (mlir::failed(program))
    return std::nullopt;
  std::optional<std::string> seeded =
      outOfBoundsAccess(**program, seed, &ranges);
  if (!seeded)
    return std::nullopt;
  // Indices the inputs do not decide (loop counters, constants) leave their
  // tensor on any inputs: then no input range helps.
  if (std::optional<std::string> zeros =
          outOfBoundsAccess(**program, 0, nullptr))
    return "the program indexes outside a tensor whatever its inputs (every "
           "input 0: " +
           *zeros + "): the programs read outside the tensor, so " +
           consequence.str() + "; correct the program's indices";
  return "the random inputs of seed " + std::to_string(seed) +
         " index out of range (" + *seeded +
         "): the programs read outside the tensor, so " + consequence.str() +
         "; draw the indices in range with --input-range NAME=0,HI";
}

std::optional<std::string>
explainByOutOfRangeIndex(mlir::ModuleOp module, mlir::func::FuncOp entry,
                         unsigned seed,
                         const std::vector<std::optional<InputRange>> &ranges) {
  return explainOutOfBounds(module, entry, seed, ranges,
                            "their outputs differ whatever the code does");
}

/// True when some access of `module` is not proven in bounds, so that only
/// a run with bounds checks can tell whether it stays inside its tensor.
static bool hasUnprovenAccess(mlir::ModuleOp module) {
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  mlir::PassManager pm(module.getContext());
  pm.addPass(createInsertBoundsChecks());
  if (mlir::failed(pm.run(*copy)))
    return false;
  auto sites = (*copy)->getAttrOfType<mlir::ArrayAttr>(kBoundsSitesAttrName);
  return sites && !sites.empty();
}

std::optional<std::string> explainMatchOutsideTensors(
    mlir::ModuleOp module, mlir::func::FuncOp entry,
    const std::vector<std::optional<InputRange>> &ranges) {
  if (!hasUnprovenAccess(module))
    return std::nullopt;
  return explainOutOfBounds(module, entry, 0, ranges,
                            "outputs that agree prove nothing (what lies "
                            "outside may be the same in both runs)");
}

} // namespace hcl::driver
