//===- DefaultSchedule.cpp - a hardware schedule for unscheduled code -----===//
//
// An imported model comes without a schedule, so `hcl hls model.onnx`
// would give an unpipelined design. This pass writes one, stage by stage,
// as ordinary schedule operations (Passes.td describes the plans). Each
// plan is tried alone on a copy of the unscheduled module with
// --hcl-apply-customizations, whose legality checks (dependences, bounds,
// loop shapes) decide; the first plan that applies is written. So the
// schedule never fails to apply, and a stage the plans do not fit keeps
// the simplest one that does.
//
//===----------------------------------------------------------------------===//

#include "DefaultSchedulePlans.h"
#include "DefaultStreams.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_DEFAULTSCHEDULE
#include "hcl/Transforms/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-default-schedule"

using namespace mlir;
using namespace mlir::affine;

namespace {

AffineForOp findStage(func::FuncOp func, StringRef name) {
  for (AffineForOp stage : hcl::stagesOf(func))
    if (stage->getAttrOfType<StringAttr>("stage_name").getValue() == name)
      return stage;
  return {};
}

struct DefaultSchedulePass
    : hcl::impl::DefaultScheduleBase<DefaultSchedulePass> {
  using DefaultScheduleBase::DefaultScheduleBase;

  hcl::PlanOptions planOptions() const {
    hcl::PlanOptions options;
    options.parallel = parallel;
    options.argumentsArePorts = argumentsArePorts;
    options.lineBuffers = lineBuffers;
    return options;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The plans are tried on copies of the module as it is now, before any
    // schedule is written: each is applied alone, so a trial costs one
    // stage's transformation, not the whole schedule's.
    OwningOpRef<ModuleOp> unscheduled = module.clone();
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || hcl::holdsScheduleOps(func)) {
        LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": @" << func.getName()
                                << " keeps its own schedule\n");
        continue;
      }
      llvm::StringMap<hcl::SchedulePlan> plans;
      for (AffineForOp stage : hcl::stagesOf(func))
        scheduleStage(*unscheduled, func, stage, plans);
      if (streams)
        streamStages(*unscheduled, module, func, plans);
    }
  }

  void scheduleStage(ModuleOp unscheduled, func::FuncOp func, AffineForOp stage,
                     llvm::StringMap<hcl::SchedulePlan> &plans) {
    StringRef name = stage->getAttrOfType<StringAttr>("stage_name").getValue();
    for (hcl::SchedulePlan plan : hcl::schedulePlansInOrder()) {
      if (!applies(unscheduled, func.getName(), name, plan))
        continue;
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": stage '" << name
                              << "': " << hcl::schedulePlanName(plan) << "\n");
      hcl::buildSchedulePlan(func, stage, plan, planOptions());
      plans[name] = plan;
      return;
    }
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": stage '" << name << "': no plan applies\n");
  }

  /// Streams the activations that one later stage reads, where the stream
  /// applies to the two stages with their plans. Streams that apply one at
  /// a time can still deadlock together, so the whole schedule decides at
  /// the end: when it does not apply, no stream is written.
  void streamStages(ModuleOp unscheduled, ModuleOp module, func::FuncOp func,
                    const llvm::StringMap<hcl::SchedulePlan> &plans) {
    SmallVector<Operation *> written;
    for (const hcl::StreamCandidate &candidate : hcl::streamCandidates(func)) {
      if (!streamApplies(unscheduled, func.getName(), candidate, plans))
        continue;
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": stream '" << candidate.producer
                              << "' -> '" << candidate.consumer << "'\n");
      written.append(hcl::writeStream(func, candidate));
    }
    if (written.empty() || appliesQuietly(module.clone()))
      return;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": @" << func.getName()
                            << ": the streams together do not apply\n");
    for (Operation *op : llvm::reverse(written))
      op->erase();
  }

  /// Whether streaming `candidate` applies on a copy of `unscheduled` that
  /// holds only its producer and consumer, with their plans.
  bool streamApplies(ModuleOp unscheduled, StringRef funcName,
                     const hcl::StreamCandidate &candidate,
                     const llvm::StringMap<hcl::SchedulePlan> &plans) {
    OwningOpRef<ModuleOp> trial = unscheduled.clone();
    auto func = trial->lookupSymbol<func::FuncOp>(funcName);
    if (!func)
      return false;
    for (AffineForOp stage : hcl::stagesOf(func)) {
      StringRef name =
          stage->getAttrOfType<StringAttr>("stage_name").getValue();
      if (name != candidate.producer && name != candidate.consumer) {
        if (stage->use_empty())
          stage->erase();
        continue;
      }
      auto plan = plans.find(name);
      if (plan != plans.end())
        hcl::buildSchedulePlan(func, stage, plan->second, planOptions());
    }
    hcl::StreamCandidate copy = candidate;
    copy.array = hcl::findArray(func, candidate.producer);
    if (!copy.array)
      return false;
    hcl::writeStream(func, copy);
    return appliesQuietly(std::move(trial));
  }

  /// Whether the schedule of `trial` applies; its messages are dropped.
  bool appliesQuietly(OwningOpRef<ModuleOp> trial) {
    ScopedDiagnosticHandler quiet(&getContext(),
                                  [](Diagnostic &) { return success(); });
    PassManager pm(&getContext());
    pm.addPass(hcl::createApplyCustomizations());
    return succeeded(pm.run(*trial));
  }

  /// Whether `plan`, alone, applies to the stage `stageName` of a copy of
  /// `unscheduled`.
  bool applies(ModuleOp unscheduled, StringRef funcName, StringRef stageName,
               hcl::SchedulePlan plan) {
    OwningOpRef<ModuleOp> trial = unscheduled.clone();
    auto func = trial->lookupSymbol<func::FuncOp>(funcName);
    AffineForOp stage = func ? findStage(func, stageName) : AffineForOp();
    if (!stage)
      return false;
    // Only the stage's own loops decide whether its plan applies; the other
    // stages would make each trial's bounds checks cost the whole module.
    for (AffineForOp other : hcl::stagesOf(func))
      if (other != stage && other->use_empty())
        other->erase();
    if (!hcl::buildSchedulePlan(func, stage, plan, planOptions()))
      return false;
    // A plan that does not apply is no error of the user's: its messages
    // are dropped, and the next plan is tried.
    return appliesQuietly(std::move(trial));
  }
};

} // namespace
