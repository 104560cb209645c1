//===- ScheduleContext.h - resolving handles while applying -----*- C++ -*-===//
//
// Handles name stages and loops; primitives rewrite loops, so a handle is
// resolved by name each time a primitive uses it, against the IR as it is at
// that point. Loops that primitives create get names derived from the
// originals (`i.outer`, `i.inner`, `i_j_fused`), recorded for the handles the
// primitive returns.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TRANSFORMS_SCHEDULECONTEXT_H
#define HCL_TRANSFORMS_SCHEDULECONTEXT_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace hcl {

class ScheduleContext {
public:
  explicit ScheduleContext(mlir::func::FuncOp func) : func(func) {}

  mlir::func::FuncOp getFunction() { return func; }

  /// The stage's root operation (the one carrying `stage_name`).
  mlir::FailureOr<mlir::Operation *> resolveStage(mlir::Operation *user,
                                                  mlir::Value stageHandle);

  /// The stage named `name` (an error on `user` when none or several).
  mlir::FailureOr<mlir::Operation *> resolveStageNamed(mlir::Operation *user,
                                                       llvm::StringRef name);

  /// The loop named by `loopHandle` inside the stage named by `stageHandle`.
  /// After compute_at removed a producer, its loops are found among the
  /// consumer's copies (`<producer>.<loop>`).
  mlir::FailureOr<mlir::affine::AffineForOp>
  resolveLoop(mlir::Operation *user, mlir::Value stageHandle,
              mlir::Value loopHandle);

  /// resolveLoop, or an scf.for / scf.while of imperative code (for
  /// primitives that only annotate a loop, such as pipeline).
  mlir::FailureOr<mlir::Operation *> resolveAnyLoop(mlir::Operation *user,
                                                    mlir::Value stageHandle,
                                                    mlir::Value loopHandle);

  /// The root of the stage a customization applies to: `stageHandle` when
  /// given, else the stage of `loopHandle` (HeteroCL-MLIR's spelling).
  mlir::FailureOr<mlir::Operation *> resolveStageOf(mlir::Operation *user,
                                                    mlir::Value stageHandle,
                                                    mlir::Value loopHandle);

  /// resolveLoop for each of `loopHandles`, in order.
  mlir::FailureOr<llvm::SmallVector<mlir::affine::AffineForOp>>
  resolveLoops(mlir::Operation *user, mlir::Value stageHandle,
               mlir::ValueRange loopHandles);

  /// Records the loop name a handle returned by a primitive refers to.
  void nameHandle(mlir::Value loopHandle, llvm::StringRef loopName);

  /// The name a loop handle refers to ("" when unknown).
  std::string getHandleLoopName(mlir::Value loopHandle);

  /// Records that a schedule op's memref result (a buffer made by buffer_at
  /// or reuse_at) stands for `buffer` in the algorithm.
  void mapMemRef(mlir::Value scheduleResult, mlir::Value buffer);

  /// The memref the algorithm uses for a value a schedule op names.
  mlir::Value resolveMemRef(mlir::Value memref);

  /// Forgets the stage index (after a primitive that may have moved, made or
  /// removed stages).
  void invalidateStages() { stagesIndexed = false; }

  /// The operations of the function's body that a primitive confined to one
  /// stage's nest may rewrite: those strictly between `before` and `after`
  /// (which it leaves in place; a null `before` is the start of the body),
  /// with the stages indexed among them before it ran.
  struct NestSpan {
    mlir::Operation *before = nullptr;
    mlir::Operation *after = nullptr;
    llvm::SmallVector<std::pair<std::string, mlir::Operation *>> stages;
  };

  /// The span of the function's body around the nest that holds the stage
  /// `stageHandle` names; none when no single stage has that name (then the
  /// engine re-indexes and folds the whole function).
  std::optional<NestSpan> spanOfStage(mlir::Value stageHandle);

  /// The operations of the function's body now in `span`.
  llvm::SmallVector<mlir::Operation *> opsIn(const NestSpan &span);

  /// Re-indexes the stages of `span` after a primitive rewrote it, so that
  /// a large function is not walked again after every primitive.
  void reindexSpan(const NestSpan &span);

  /// Records that compute_at moved `producer` into stage `consumer` (and
  /// removed the producer's own nest).
  void recordComputedAt(llvm::StringRef producer, llvm::StringRef consumer,
                        llvm::StringRef axis) {
    computedAt[producer] = consumer.str();
    computeAxis[producer] = axis.str();
  }
  /// The stage compute_at moved `producer` into ("" if none).
  std::string getComputedAt(llvm::StringRef producer) const {
    return computedAt.lookup(producer);
  }
  /// The consumer loop compute_at computed `producer` in ("" if none).
  std::string getComputeAxis(llvm::StringRef producer) const {
    return computeAxis.lookup(producer);
  }

  /// Records that outline moved `stage` into `function`.
  void recordOutlined(llvm::StringRef stage, llvm::StringRef function) {
    outlined[stage] = function.str();
  }
  /// The function an earlier outline moved `stage` into ("" if none).
  std::string getOutlinedInto(llvm::StringRef stage) const {
    return outlined.lookup(stage);
  }

  /// Records that hcl.to at `loc` streams the buffer `alloc` allocates
  /// (checked once the whole schedule is applied).
  void recordStream(mlir::Operation *alloc, mlir::Location loc) {
    streamLocations.insert({alloc, loc});
  }
  /// Where hcl.to streamed the buffer `alloc` allocates (a later primitive
  /// may have replaced the allocation: then `alloc`'s own location).
  mlir::Location getStreamLocation(mlir::Operation *alloc) const {
    auto it = streamLocations.find(alloc);
    return it == streamLocations.end() ? alloc->getLoc() : it->second;
  }

private:
  /// A loop other than affine.for named `name` inside `stage`, or null.
  mlir::Operation *findNonAffineLoop(mlir::Operation *stage,
                                     llvm::StringRef name);

  /// The only loop named `name` in the function (a loop handle made without
  /// a stage); an error on `user` when there is none or several.
  mlir::FailureOr<mlir::affine::AffineForOp>
  resolveLoopAnywhere(mlir::Operation *user, llvm::StringRef name);

  /// The stages named `name` (no error when there are none).
  llvm::SmallVector<mlir::Operation *> findStages(llvm::StringRef name);

  mlir::func::FuncOp func;
  llvm::StringMap<std::string> outlined;
  llvm::StringMap<std::string> computedAt;
  llvm::StringMap<std::string> computeAxis;
  llvm::StringMap<llvm::SmallVector<mlir::Operation *, 1>> stageIndex;
  bool stagesIndexed = false;
  llvm::DenseMap<mlir::Value, std::string> derivedLoopNames;
  llvm::DenseMap<mlir::Value, mlir::Value> buffers;
  /// Only compared, never dereferenced: an entry may outlive its operation.
  llvm::DenseMap<mlir::Operation *, mlir::Location> streamLocations;
};

/// Moves the `stage_name` attribute from `oldRoot` to `newRoot` when a
/// primitive replaced or reordered a stage's outermost loop.
void moveStageName(mlir::Operation *oldRoot, mlir::Operation *newRoot);

/// The attributes a primitive keeps when it replaces a loop (everything but
/// `loop_name` and `stage_name`).
llvm::SmallVector<mlir::NamedAttribute>
getLoopAnnotations(mlir::affine::AffineForOp loop);

} // namespace hcl

#endif // HCL_TRANSFORMS_SCHEDULECONTEXT_H
