//===- Pipeline.cpp - the Bambu preparation as one pass pipeline ----------===//
//
// populateBambuPipeline adds filter extraction and the optimization steps
// (each a pass, Passes.cpp) to a pass manager. The steps run in the
// ONNX-to-Bambu thesis's order (split into basic operations, push stores out,
// fix repeated reads and writes, trivial buffers, FIFOs), adapted to MLIR: the
// steps that work on affine accesses (hoisting, scalar replacement, one-element
// buffers, FIFO detection) run before the three-address step turns accesses
// into plain index arithmetic, and loop-invariant code motion runs after it, on
// that arithmetic.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Target/BambuC/Passes.h"

#include "hcl/Target/BambuC.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace hcl {

const std::vector<std::string> &getBambuSteps() {
  static const std::vector<std::string> steps = {
      "hoist-accesses", "scalar-replacement", "one-element",
      "fifo",           "three-address",      "hoist-invariants"};
  return steps;
}

BambuCOptions parseBambuSteps(StringRef list) {
  BambuCOptions options;
  if (list == "all")
    return options;
  options.steps.clear();
  SmallVector<StringRef> parts;
  list.split(parts, ',', -1, false);
  for (StringRef part : parts)
    if (part.trim() != "none")
      options.steps.push_back(part.trim().str());
  return options;
}

namespace {

/// A global nothing reads any more (scalar replacement folds the loads of
/// constant ones) would be an unused C array, which -Wall rejects.
void dropUnusedGlobals(ModuleOp module) {
  llvm::StringSet<> used;
  module.walk([&](memref::GetGlobalOp get) {
    if (get.use_empty())
      get.erase();
    else
      used.insert(get.getName());
  });
  for (auto global :
       llvm::make_early_inc_range(module.getOps<memref::GlobalOp>()))
    if (!used.contains(global.getSymName()))
      global.erase();
}

/// Local buffers that are only written, with the stores into them and the
/// loads that only fed those stores: what the steps leave of a temporary
/// (-Wall rejects a variable set but never read).
void removeWriteOnlyBuffers(func::FuncOp func) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> buffers;
    func.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
          llvm::all_of(op->getUses(), [](OpOperand &use) {
            auto store =
                dyn_cast<affine::AffineWriteOpInterface>(use.getOwner());
            auto plain = dyn_cast<memref::StoreOp>(use.getOwner());
            return (store && store.getMemRef() == use.get()) ||
                   (plain && plain.getMemRef() == use.get());
          }))
        buffers.push_back(op);
    });
    for (Operation *buffer : buffers) {
      for (Operation *store : llvm::make_early_inc_range(buffer->getUsers())) {
        Operation *value = store->getOperand(0).getDefiningOp();
        store->erase();
        if (value && isOpTriviallyDead(value))
          value->erase();
      }
      buffer->erase();
      changed = true;
    }
  }
}

} // namespace

void bambu::removeLeftovers(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      removeWriteOnlyBuffers(func);
  dropUnusedGlobals(module);
}

llvm::Error checkBambuSteps(const BambuCOptions &options) {
  for (const std::string &step : options.steps)
    if (!llvm::is_contained(getBambuSteps(), step))
      return llvm::createStringError("no step named '" + step + "' (steps: " +
                                     llvm::join(getBambuSteps(), ", ") + ")");
  return llvm::Error::success();
}

void populateBambuPipeline(OpPassManager &pm, const BambuCOptions &options) {
  pm.addPass(createBambuExtractFilters());
  for (const std::string &step : getBambuSteps()) {
    if (!llvm::is_contained(options.steps, step))
      continue;
    if (step == "hoist-accesses")
      pm.addNestedPass<func::FuncOp>(createBambuHoistAccesses());
    else if (step == "scalar-replacement")
      pm.addNestedPass<func::FuncOp>(createBambuScalarReplacement());
    else if (step == "one-element")
      pm.addPass(createBambuOneElementBuffers());
    else if (step == "fifo")
      pm.addPass(createBambuDetectFifos());
    else if (step == "three-address")
      pm.addNestedPass<func::FuncOp>(createBambuThreeAddress());
    else if (step == "hoist-invariants")
      pm.addNestedPass<func::FuncOp>(createBambuHoistInvariants());
  }
  pm.addPass(createBambuCleanup());
}

LogicalResult prepareBambuModule(ModuleOp module,
                                 const BambuCOptions &options) {
  if (llvm::Error error = checkBambuSteps(options))
    return module.emitError("bambu-c: ") << llvm::toString(std::move(error));
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  populateBambuPipeline(pm, options);
  return pm.run(module);
}

namespace {

/// The options of `--hcl-bambu-prepare`.
struct BambuPipelineOptions : PassPipelineOptions<BambuPipelineOptions> {
  ListOption<std::string> steps{
      *this, "steps",
      llvm::cl::desc("the optimization steps to run, in the pipeline's order "
                     "whatever the list's: names, `all` (the default) or "
                     "`none`")};
};

} // namespace

void registerBambuCPasses() {
  registerHCLBambuCPasses();
  registerPassPipeline(
      "hcl-bambu-prepare",
      "Prepare a scheduled module for the Bambu C emitter: filter "
      "extraction, the optimization steps, the cleanup",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        BambuPipelineOptions parsed;
        if (failed(parsed.parseFromString(text)))
          return failure();
        BambuCOptions options;
        if (!parsed.steps.empty())
          options = parseBambuSteps(llvm::join(parsed.steps, ","));
        if (llvm::Error error = checkBambuSteps(options))
          return errorHandler("hcl-bambu-prepare: " +
                              llvm::toString(std::move(error)));
        populateBambuPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> handler) {
        handler(BambuPipelineOptions());
      });
}

} // namespace hcl
