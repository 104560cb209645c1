//===- Evaluate.cpp - the estimator's verdict on candidate schedules ------===//

#include "hcl/Tune/Evaluate.h"

#include "hcl/Analysis/Estimate.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/InitHCL.h"
#include "hcl/Transforms/Passes.h"
#include "hcl/Tune/ProgramStructure.h"
#include "hcl/Tune/WriteSchedule.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <mutex>

using namespace mlir;

namespace hcl::tuner {

char RemoteError::ID;

static std::optional<Cost> costOf(const FunctionEstimate &e) {
  Cost cost;
  cost.resources = e.resources;
  if (e.latency) {
    cost.latency = *e.latency;
  } else if (e.worstCaseLatency) {
    cost.latency = *e.worstCaseLatency;
    cost.exact = false;
  } else {
    return std::nullopt;
  }
  return cost;
}

static std::optional<Cost> evaluateOne(ModuleOp original, StringRef entry,
                                       const TargetModel &target,
                                       const Schedule &candidate) {
  OwningOpRef<ModuleOp> module = original.clone();
  auto func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func || failed(writeSchedule(func, candidate)) ||
      failed(applySchedule(*module)))
    return std::nullopt;
  // The primitives may have replaced the function: look it up again.
  func = module->lookupSymbol<func::FuncOp>(entry);
  if (!func)
    return std::nullopt;
  return costOf(estimateFunction(func, target));
}

/// Erases the function's top-level stages other than those `stages` names
/// (one, or several separated by commas) whose results nothing uses.
static void keepOnlyStage(ModuleOp module, StringRef entry, StringRef stages) {
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func)
    return;
  SmallVector<StringRef> kept;
  stages.split(kept, ',');
  for (Operation &op : llvm::make_early_inc_range(func.getBody().getOps())) {
    StringRef name = getStageName(&op);
    if (!name.empty() && !llvm::is_contained(kept, name) && op.use_empty())
      op.erase();
  }
}

/// Erases the function's top-level operations nothing uses any more that
/// have no effect (the constants and get_globals only the dropped stages
/// read), then the private globals nothing refers to.
static void dropUnused(ModuleOp module, StringRef entry) {
  if (auto func = module.lookupSymbol<func::FuncOp>(entry)) {
    SmallVector<Operation *> ops;
    for (Operation &op : func.getBody().getOps())
      ops.push_back(&op);
    for (Operation *op : llvm::reverse(ops))
      if (op->use_empty() && isMemoryEffectFree(op) &&
          op->getNumRegions() == 0 && !op->hasTrait<OpTrait::IsTerminator>())
        op->erase();
  }
  SymbolTableCollection symbols;
  for (Operation &op : llvm::make_early_inc_range(module.getOps())) {
    auto symbol = dyn_cast<SymbolOpInterface>(&op);
    if (!symbol || !symbol.isPrivate() || isa<func::FuncOp>(op))
      continue;
    if (SymbolTable::symbolKnownUseEmpty(&op, module))
      op.erase();
  }
}

Program stageProgram(const Program &program) {
  if (program.onlyStage.empty())
    return program;
  DialectRegistry registry;
  registerHCLDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(program.text, &context);
  if (!module)
    return program;
  keepOnlyStage(*module, program.entry, program.onlyStage);
  dropUnused(*module, program.entry);
  Program out = program;
  out.text.clear();
  llvm::raw_string_ostream os(out.text);
  module->print(os);
  return out;
}

std::vector<std::optional<Cost>>
evaluateSlice(const Program &program, llvm::ArrayRef<Schedule> candidates) {
  DialectRegistry registry;
  registerHCLDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  // A refused candidate is skipped, not reported (unless asked to).
  std::string firstDiagnostic;
  ScopedDiagnosticHandler quiet(&context, [&](Diagnostic &d) {
    if (firstDiagnostic.empty())
      firstDiagnostic = d.str();
    return success();
  });
  std::vector<std::optional<Cost>> costs(candidates.size());
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(program.text, &context);
  if (!module)
    return costs;
  if (!program.onlyStage.empty())
    keepOnlyStage(*module, program.entry, program.onlyStage);
  for (auto [i, candidate] : llvm::enumerate(candidates)) {
    firstDiagnostic.clear();
    costs[i] = evaluateOne(*module, program.entry, program.target, candidate);
    if (!costs[i] && program.explainRefusals) {
      static std::mutex lines;
      std::lock_guard<std::mutex> lock(lines);
      llvm::errs() << "hcl tune: refused: " << candidate.summary() << ": "
                   << (firstDiagnostic.empty() ? "unbounded latency"
                                               : firstDiagnostic)
                   << "\n";
    }
  }
  return costs;
}

std::vector<std::optional<Cost>> evaluate(const Program &program,
                                          llvm::ArrayRef<Schedule> candidates,
                                          unsigned threads) {
  Batch batch{program, candidates.vec()};
  return evaluateBatches({batch}, threads).front();
}

std::vector<std::vector<std::optional<Cost>>>
evaluateBatches(llvm::ArrayRef<Batch> batches, unsigned threads) {
  std::vector<std::vector<std::optional<Cost>>> costs;
  size_t total = 0;
  for (const Batch &b : batches) {
    costs.emplace_back(b.candidates.size());
    total += b.candidates.size();
  }
  if (threads == 0)
    threads = llvm::hardware_concurrency().compute_thread_count();
  threads = std::max(1u, std::min<unsigned>(threads, total));
  if (threads <= 1) {
    for (size_t i = 0; i < batches.size(); ++i)
      if (!batches[i].candidates.empty())
        costs[i] = evaluateSlice(batches[i].program, batches[i].candidates);
    return costs;
  }
  // A few slices per thread even out candidates of different cost; a slice
  // parses its program once, so a batch is cut no finer than that needs.
  size_t per = std::max<size_t>(1, (total + threads * 4 - 1) / (threads * 4));
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(threads));
  for (size_t i = 0; i < batches.size(); ++i) {
    ArrayRef<Schedule> candidates = batches[i].candidates;
    for (size_t begin = 0; begin < candidates.size(); begin += per) {
      size_t count = std::min(per, candidates.size() - begin);
      pool.async([&, candidates, i, begin, count] {
        std::vector<std::optional<Cost>> part =
            evaluateSlice(batches[i].program, candidates.slice(begin, count));
        std::copy(part.begin(), part.end(), costs[i].begin() + begin);
      });
    }
  }
  pool.wait();
  return costs;
}

} // namespace hcl::tuner
