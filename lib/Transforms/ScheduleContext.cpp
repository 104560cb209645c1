//===- ScheduleContext.cpp - resolving handles while applying -------------===//

#include "hcl/Transforms/ScheduleContext.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

SmallVector<Operation *> ScheduleContext::findStages(StringRef name) {
  // One walk indexes every stage; primitives that change which operations
  // carry stage names call invalidateStages().
  if (!stagesIndexed) {
    stageIndex.clear();
    func.walk([&](Operation *op) {
      if (StringRef stage = getStageName(op); !stage.empty())
        stageIndex[stage].push_back(op);
    });
    stagesIndexed = true;
  }
  SmallVector<Operation *> stages;
  for (Operation *op : stageIndex.lookup(name))
    if (!isScheduleOp(op)) // handle ops store the name they refer to
      stages.push_back(op);
  return stages;
}

std::optional<ScheduleContext::NestSpan>
ScheduleContext::spanOfStage(Value stageHandle) {
  std::optional<StringRef> name =
      stageHandle ? getStageHandleName(stageHandle) : std::nullopt;
  if (!name)
    return std::nullopt;
  SmallVector<Operation *> stages = findStages(*name);
  if (stages.size() != 1)
    return std::nullopt;
  Operation *nest = func.getBody().front().findAncestorOpInBlock(*stages[0]);
  if (!nest || !nest->getNextNode())
    return std::nullopt;
  // The bounds must outlive the primitive: it may erase or fold an unused
  // constant or an affine.apply next to the nest (fuse erased one and left
  // `before` dangling), so they are the nearest operations with effects.
  // Handle ops stay until the schedule is applied.
  auto mayVanish = [](Operation *op) {
    return op->getNumRegions() == 0 && !op->hasTrait<OpTrait::IsTerminator>() &&
           !isScheduleOp(op) && isMemoryEffectFree(op);
  };
  NestSpan span;
  span.before = nest->getPrevNode();
  while (span.before && mayVanish(span.before))
    span.before = span.before->getPrevNode();
  span.after = nest->getNextNode();
  while (mayVanish(span.after))
    span.after = span.after->getNextNode();
  nest->walk([&](Operation *op) {
    if (StringRef stage = getStageName(op); !stage.empty())
      span.stages.push_back({stage.str(), op});
  });
  return span;
}

SmallVector<Operation *> ScheduleContext::opsIn(const NestSpan &span) {
  SmallVector<Operation *> ops;
  Operation *op = span.before ? span.before->getNextNode()
                              : &func.getBody().front().front();
  for (; op != span.after; op = op->getNextNode())
    ops.push_back(op);
  return ops;
}

void ScheduleContext::reindexSpan(const NestSpan &span) {
  if (!stagesIndexed)
    return;
  // The old entries are compared, never dereferenced: the primitive may
  // have erased their operations.
  for (const auto &[name, old] : span.stages)
    llvm::erase(stageIndex[name], old);
  for (Operation *top : opsIn(span))
    top->walk([&](Operation *op) {
      if (StringRef stage = getStageName(op); !stage.empty())
        stageIndex[stage].push_back(op);
    });
}

FailureOr<Operation *> ScheduleContext::resolveStage(Operation *user,
                                                     Value stageHandle) {
  std::optional<StringRef> name = getStageHandleName(stageHandle);
  if (!name)
    return user->emitError("the stage handle does not come from "
                           "hcl.create_stage_handle");
  return resolveStageNamed(user, *name);
}

FailureOr<Operation *> ScheduleContext::resolveStageNamed(Operation *user,
                                                          StringRef name) {
  SmallVector<Operation *> stages = findStages(name);
  if (stages.empty())
    return user->emitError("no stage named '")
           << name << "' in function @" << func.getSymName();
  if (stages.size() > 1)
    return user->emitError() << stages.size() << " loop nests are named '"
                             << name << "'; stage names must be unique";
  return stages.front();
}

void ScheduleContext::nameHandle(Value loopHandle, StringRef loopName) {
  derivedLoopNames[loopHandle] = loopName.str();
}

std::string ScheduleContext::getHandleLoopName(Value loopHandle) {
  auto it = derivedLoopNames.find(loopHandle);
  if (it != derivedLoopNames.end())
    return it->second;
  return getLoopHandleName(loopHandle).value_or("").str();
}

FailureOr<Operation *> ScheduleContext::resolveStageOf(Operation *user,
                                                       Value stageHandle,
                                                       Value loopHandle) {
  if (Value stage = getEffectiveStage(stageHandle, loopHandle))
    return resolveStage(user, stage);
  FailureOr<AffineForOp> loop = resolveLoop(user, stageHandle, loopHandle);
  if (failed(loop))
    return failure();
  Operation *root = *loop;
  while (root && getStageName(root).empty())
    root = root->getParentOp();
  if (!root || isa<func::FuncOp>(root))
    return user->emitError("loop '")
           << getLoopName(*loop) << "' belongs to no stage (no enclosing "
           << "operation has a stage_name)";
  return root;
}

FailureOr<AffineForOp> ScheduleContext::resolveLoopAnywhere(Operation *user,
                                                            StringRef name) {
  SmallVector<AffineForOp> matches;
  func.walk([&](AffineForOp loop) {
    if (getLoopName(loop) == name)
      matches.push_back(loop);
  });
  if (matches.size() == 1)
    return matches.front();
  if (matches.empty())
    return user->emitError("no loop named '")
           << name << "' in function @" << func.getSymName();
  return user->emitError() << matches.size() << " loops are named '" << name
                           << "' in function @" << func.getSymName()
                           << " and the loop handle names no stage; create "
                           << "it with one: hcl.create_loop_handle %s, \""
                           << name << "\"";
}

FailureOr<AffineForOp> ScheduleContext::resolveLoop(Operation *user,
                                                    Value stageHandle,
                                                    Value loopHandle) {
  std::string name = getHandleLoopName(loopHandle);
  if (name.empty())
    return user->emitError("the loop handle names no loop");
  // HeteroCL-MLIR's spelling leaves the stage to the loop handle; a handle
  // made without one (`create_loop_handle "i"`) finds its loop by name.
  stageHandle = getEffectiveStage(stageHandle, loopHandle);
  if (!stageHandle)
    return resolveLoopAnywhere(user, name);
  // A producer that compute_at moved into its consumer is scheduled there,
  // as in Halide (blur_x.compute_at(blur_y, x).vectorize(x, 8)): its loops
  // are the consumer's copies named `<producer>.<loop>`.
  FailureOr<Operation *> stage = failure();
  std::optional<StringRef> handleStage = getStageHandleName(stageHandle);
  if (handleStage && findStages(*handleStage).empty() &&
      computedAt.count(*handleStage)) {
    std::string consumer = handleStage->str();
    while (findStages(consumer).empty() && computedAt.count(consumer)) {
      name = consumer + "." + name;
      consumer = computedAt.lookup(consumer);
    }
    stage = resolveStageNamed(user, consumer);
  } else {
    stage = resolveStage(user, stageHandle);
  }
  if (failed(stage))
    return failure();
  SmallVector<AffineForOp> matches;
  (*stage)->walk([&](AffineForOp loop) {
    if (getLoopName(loop) == name)
      matches.push_back(loop);
  });
  StringRef stageName = getStageName(*stage);
  if (matches.empty()) {
    if (Operation *other = findNonAffineLoop(*stage, name))
      return user->emitError("loop '")
             << name << "' of stage '" << stageName << "' is an "
             << other->getName()
             << " (imperative code whose bounds are not affine): '"
             << user->getName()
             << "' needs an affine.for; only pipeline applies to it";
    return user->emitError("stage '")
           << stageName << "' has no loop named '" << name << "'";
  }
  if (matches.size() > 1)
    return user->emitError("stage '")
           << stageName << "' has " << matches.size() << " loops named '"
           << name << "'; loop names must be unique within a stage";
  return matches.front();
}

Operation *ScheduleContext::findNonAffineLoop(Operation *stage,
                                              StringRef name) {
  Operation *found = nullptr;
  stage->walk([&](Operation *op) {
    if (!found && !isa<AffineForOp>(op) && op->getNumRegions() &&
        getLoopName(op) == name)
      found = op;
  });
  return found;
}

FailureOr<Operation *> ScheduleContext::resolveAnyLoop(Operation *user,
                                                       Value stageHandle,
                                                       Value loopHandle) {
  stageHandle = getEffectiveStage(stageHandle, loopHandle);
  std::optional<StringRef> handleStage =
      stageHandle ? getStageHandleName(stageHandle) : std::nullopt;
  std::string name = getHandleLoopName(loopHandle);
  // An scf loop of imperative code, in a stage that no primitive moved.
  if (handleStage && !name.empty() && !findStages(*handleStage).empty()) {
    FailureOr<Operation *> stage = resolveStage(user, stageHandle);
    if (failed(stage))
      return failure();
    if (Operation *loop = findNonAffineLoop(*stage, name)) {
      bool alsoAffine = false;
      (*stage)->walk(
          [&](AffineForOp l) { alsoAffine |= getLoopName(l) == name; });
      if (!alsoAffine)
        return loop;
    }
  }
  FailureOr<AffineForOp> loop = resolveLoop(user, stageHandle, loopHandle);
  if (failed(loop))
    return failure();
  return loop->getOperation();
}

FailureOr<SmallVector<AffineForOp>>
ScheduleContext::resolveLoops(Operation *user, Value stageHandle,
                              ValueRange loopHandles) {
  SmallVector<AffineForOp> loops;
  for (Value handle : loopHandles) {
    FailureOr<AffineForOp> loop = resolveLoop(user, stageHandle, handle);
    if (failed(loop))
      return failure();
    loops.push_back(*loop);
  }
  return loops;
}

void ScheduleContext::mapMemRef(Value scheduleResult, Value buffer) {
  buffers[scheduleResult] = buffer;
}

Value ScheduleContext::resolveMemRef(Value memref) {
  auto it = buffers.find(memref);
  return it == buffers.end() ? memref : it->second;
}

void moveStageName(Operation *oldRoot, Operation *newRoot) {
  if (oldRoot == newRoot)
    return;
  if (auto name = oldRoot->getAttrOfType<StringAttr>(kStageNameAttr)) {
    oldRoot->removeAttr(kStageNameAttr);
    newRoot->setAttr(kStageNameAttr, name);
  }
}

SmallVector<NamedAttribute> getLoopAnnotations(AffineForOp loop) {
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    if (attr.getName() != kLoopNameAttr && attr.getName() != kStageNameAttr)
      kept.push_back(attr);
  return kept;
}

} // namespace hcl
