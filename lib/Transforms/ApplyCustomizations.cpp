//===- ApplyCustomizations.cpp - apply each function's schedule -----------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Passes.h"
#include "hcl/Transforms/Primitives.h"

#include "LoopBand.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "hcl-apply-customizations"

namespace hcl {
#define GEN_PASS_DEF_APPLYCUSTOMIZATIONS
#include "hcl/Transforms/Passes.h.inc"
} // namespace hcl

using namespace mlir;
using namespace mlir::affine;

namespace {

bool isHandleOp(Operation *op) {
  return isa<hcl::CreateLoopHandleOp, hcl::CreateStageHandleOp,
             hcl::CreateOpHandleOp>(op);
}

/// What the engine knows of a primitive: its op's `apply`, defined in the
/// primitive's file in lib/Transforms.
template <typename Op>
struct PrimitiveModel
    : hcl::ScheduleOpInterface::ExternalModel<PrimitiveModel<Op>, Op> {
  LogicalResult apply(Operation *op, hcl::ScheduleContext &ctx) const {
    return cast<Op>(op).apply(ctx);
  }
};

/// Attaches PrimitiveModel to each of `Ops` that is a schedule primitive.
template <typename... Ops> void attachPrimitiveModels(MLIRContext *context) {
  auto attach = [&](auto *op) {
    using Op = std::remove_pointer_t<decltype(op)>;
    if constexpr (Op::template hasTrait<OpTrait::HCLSchedulePrimitive>())
      Op::template attachInterface<PrimitiveModel<Op>>(*context);
  };
  (attach(static_cast<Ops *>(nullptr)), ...);
}

void attachAllPrimitiveModels(MLIRContext *context, hcl::HCLDialect *) {
  attachPrimitiveModels<
#define GET_OP_LIST
#include "hcl/Dialect/HCL/HCLOps.cpp.inc"
      >(context);
}

/// The stage handle a primitive names: its own, or its first loop handle's.
Value namedStage(Operation *op) {
  for (Value operand : op->getOperands()) {
    if (isa<hcl::StageHandleType>(operand.getType()))
      return operand;
    if (isa<hcl::LoopHandleType>(operand.getType()))
      return hcl::getEffectiveStage(nullptr, operand);
  }
  return nullptr;
}

LogicalResult applyOne(Operation *op, hcl::ScheduleContext &ctx) {
  auto primitive = dyn_cast<hcl::ScheduleOpInterface>(op);
  if (!primitive)
    return op->emitError("'")
           << op->getName()
           << "' is not implemented yet by --hcl-apply-customizations";
  LLVM_DEBUG(llvm::dbgs() << "applying " << *op << "\n");
  return primitive.apply(ctx);
}

struct ApplyCustomizationsPass
    : hcl::impl::ApplyCustomizationsBase<ApplyCustomizationsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    ApplyCustomizationsBase::getDependentDialects(registry);
    registry.insert<hcl::HCLDialect>();
    hcl::registerSchedulePrimitives(registry);
  }

  void runOnOperation() override {
    // Out-of-range accesses are reported before the schedule moves them
    // (where the user wrote them) and after (a primitive must not make any).
    if (failed(hcl::verifyBounds(getOperation())))
      return signalPassFailure();
    // hcl.clone adds functions, with the schedule of the function they copy:
    // those are applied in a later round.
    llvm::SmallPtrSet<Operation *, 16> applied;
    for (bool added = true; added;) {
      added = false;
      for (auto func : llvm::to_vector(getOperation().getOps<func::FuncOp>())) {
        if (!applied.insert(func).second)
          continue;
        added = true;
        if (failed(hcl::expandTemplates(func)) || failed(applySchedule(func)))
          return signalPassFailure();
      }
    }
    // Every hcl.apply is expanded; the templates have done their work.
    for (auto customization : llvm::make_early_inc_range(
             getOperation().getOps<hcl::CustomizationOp>()))
      customization.erase();
    if (failed(hcl::verifyBounds(getOperation())))
      return signalPassFailure();
  }

  LogicalResult applySchedule(func::FuncOp func) {
    SmallVector<Operation *> schedule;
    func.walk([&](Operation *op) {
      if (hcl::isScheduleOp(op))
        schedule.push_back(op);
    });
    if (schedule.empty())
      return success();
    hcl::adoptOpNames(func);
    hcl::ScheduleContext ctx(func);
    // Folding after each primitive keeps nests perfect for the next one
    // (normalization leaves affine.apply ops between loops).
    for (Operation *op : schedule) {
      if (isHandleOp(op))
        continue;
      std::optional<hcl::ScheduleContext::NestSpan> span;
      if (op->hasTrait<OpTrait::HCLRewritesOwnNest>())
        span = ctx.spanOfStage(namedStage(op));
      if (failed(applyOne(op, ctx)))
        return failure();
      // Only loop transformations leave affine.apply ops and move stage
      // names; after the others, neither a fold nor a new stage index (each
      // a walk of the whole function) is needed.
      if (op->hasTrait<OpTrait::HCLAnnotatesOnly>())
        continue;
      if (span) {
        ctx.reindexSpan(*span);
        (void)hcl::foldAffineApplies(ctx.opsIn(*span));
        continue;
      }
      ctx.invalidateStages();
      if (!op->hasTrait<OpTrait::HCLLeavesNoAffineApply>())
        (void)hcl::foldAffineApplies(func);
    }
    if (failed(hcl::checkStreams(ctx)))
      return failure();
    // Erase uses before definitions.
    for (Operation *op : llvm::reverse(schedule)) {
      op->dropAllUses();
      op->erase();
    }
    return success();
  }
};

} // namespace

void hcl::registerSchedulePrimitives(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, hcl::HCLDialect *dialect) {
    attachAllPrimitiveModels(context, dialect);
  });
}
