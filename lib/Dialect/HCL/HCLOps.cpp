//===- HCLOps.cpp - syntax helpers and verifiers of hcl operations --------===//
//
// Verifiers check what can be decided without applying the schedule: factor
// ranges, partition dimensions, types, and that handles name stages and loops
// that exist in the enclosing function.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Dialect/HCL/PeerBufferType.h"

#include "ScheduleSyntax.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

#include <limits>

using namespace mlir;
using namespace hcl;

//===----------------------------------------------------------------------===//
// Partition kind: `Cyclic`, `"Cyclic"` or HeteroCL's `"CyclicPartition"`.
//===----------------------------------------------------------------------===//

static ParseResult parsePartitionKind(OpAsmParser &parser,
                                      PartitionKindAttr &kind) {
  SMLoc loc = parser.getCurrentLocation();
  std::string spelling;
  if (parser.parseKeywordOrString(&spelling))
    return failure();
  StringRef name(spelling);
  name.consume_back("Partition");
  std::optional<PartitionKind> parsed = symbolizePartitionKind(name);
  if (!parsed)
    return parser.emitError(loc, "unknown partition kind '")
           << spelling << "' (expected Complete, Block or Cyclic)";
  kind = PartitionKindAttr::get(parser.getContext(), *parsed);
  return success();
}

static void printPartitionKind(OpAsmPrinter &printer, Operation *,
                               PartitionKindAttr kind) {
  printer << stringifyPartitionKind(kind.getValue());
}

#include "hcl/Dialect/HCL/HCLEnums.cpp.inc"
#include "hcl/Dialect/HCL/HCLInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "hcl/Dialect/HCL/HCLOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Handle helpers
//===----------------------------------------------------------------------===//

std::optional<StringRef> hcl::getStageHandleName(Value handle) {
  Operation *def = handle.getDefiningOp();
  if (auto op = dyn_cast_or_null<CreateStageHandleOp>(def))
    return op.getStageName();
  if (auto op = dyn_cast_or_null<CreateOpHandleOp>(def))
    return op.getStageName();
  return std::nullopt;
}

std::optional<StringRef> hcl::getLoopHandleName(Value handle) {
  if (auto op = dyn_cast_or_null<CreateLoopHandleOp>(handle.getDefiningOp()))
    return op.getLoopName();
  return std::nullopt;
}

Value hcl::getLoopHandleStage(Value loopHandle) {
  Operation *def = loopHandle ? loopHandle.getDefiningOp() : nullptr;
  if (auto op = dyn_cast_or_null<CreateLoopHandleOp>(def))
    return op.getStage();
  // A loop a primitive made (split's outer and inner, tile's four, fuse's
  // one) belongs to the stage of the loops it came from.
  auto inherit = [](Value stage, Value loop) {
    return stage ? stage : getLoopHandleStage(loop);
  };
  if (auto op = dyn_cast_or_null<SplitOp>(def))
    return inherit(op.getStage(), op.getLoop());
  if (auto op = dyn_cast_or_null<TileOp>(def))
    return inherit(op.getStage(), op.getXLoop());
  if (auto op = dyn_cast_or_null<FuseOp>(def))
    return inherit(op.getStage(), op.getLoops().front());
  return {};
}

Value hcl::getEffectiveStage(Value stage, Value loopHandle) {
  return stage ? stage : getLoopHandleStage(loopHandle);
}

bool hcl::isScheduleOp(Operation *op) {
  return isa_and_nonnull<HCLDialect>(op->getDialect()) &&
         !op->hasTrait<OpTrait::HCLDataOp>() &&
         !isa<PrintOp, PrintMemRefOp, GetGlobalFixedOp>(op);
}

bool hcl::holdsScheduleOps(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isScheduleOp(inner) ? WalkResult::interrupt()
                                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Where names are looked up: the enclosing function, if any.
static Operation *getNameScope(Operation *op) {
  return op->getParentOfType<func::FuncOp>();
}

/// The stages named `name` in `scope`: usually top-level loop nests of the
/// function, found without walking every loop of a large design.
static SmallVector<Operation *> findStages(Operation *scope, StringRef name) {
  SmallVector<Operation *> found;
  if (name.empty())
    return found;
  for (Region &region : scope->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (getStageName(&op) == name && !isScheduleOp(&op))
          found.push_back(&op);
  return found.empty() ? findStageOps(scope, name) : found;
}

/// Whether `scope` calls the function `name`: HeteroCL-MLIR names a call by
/// its callee in the handles `hcl.clone` takes.
static bool callsFunction(Operation *scope, StringRef name) {
  bool found = false;
  scope->walk([&](func::CallOp call) {
    found |= call.getCallee() == name;
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

static LogicalResult verifyStageExists(Operation *op, StringRef stageName) {
  Operation *scope = getNameScope(op);
  if (!scope || !findStages(scope, stageName).empty() ||
      callsFunction(scope, stageName))
    return success();
  return op->emitOpError("names no stage: no loop nest in function @")
         << cast<func::FuncOp>(scope).getSymName() << " has stage_name = \""
         << stageName << "\"";
}

/// Checks that loop `loopName` exists inside stage `stageName` (or anywhere in
/// the function when the stage is unknown). Names of loops that primitives
/// create are checked when the schedule is applied.
static LogicalResult verifyLoopExists(Operation *op, StringRef loopName,
                                      std::optional<StringRef> stageName) {
  Operation *scope = getNameScope(op);
  if (!scope || isDerivedLoopName(loopName))
    return success();
  if (!stageName) {
    if (findLoopOp(scope, loopName))
      return success();
    return op->emitOpError("names no loop: function @")
           << cast<func::FuncOp>(scope).getSymName()
           << " has no loop with loop_name = \"" << loopName << "\"";
  }
  SmallVector<Operation *> stages = findStages(scope, *stageName);
  if (stages.empty())
    return success(); // reported by the stage handle itself
  for (Operation *stage : stages)
    if (findLoopOp(stage, loopName))
      return success();
  return op->emitOpError("stage '")
         << *stageName << "' has no loop named '" << loopName << "'";
}

LogicalResult CreateStageHandleOp::verify() {
  return verifyStageExists(*this, getStageName());
}

LogicalResult CreateOpHandleOp::verify() {
  return verifyStageExists(*this, getStageName());
}

LogicalResult CreateLoopHandleOp::verify() {
  std::optional<StringRef> stageName;
  if (getStage())
    stageName = getStageHandleName(getStage());
  return verifyLoopExists(*this, getLoopName(), stageName);
}

LogicalResult hcl::verifyLoopInStage(Operation *op, Value stage, Value loop) {
  stage = getEffectiveStage(stage, loop);
  if (!stage) { // `create_loop_handle "i"`: the loop's stage is found later
    std::optional<StringRef> loopName = getLoopHandleName(loop);
    return loopName ? verifyLoopExists(op, *loopName, std::nullopt) : success();
  }
  std::optional<StringRef> stageName = getStageHandleName(stage);
  std::optional<StringRef> loopName = getLoopHandleName(loop);
  if (!stageName || !loopName)
    return success();
  auto loopHandle = loop.getDefiningOp<CreateLoopHandleOp>();
  if (Value ownStage = loopHandle.getStage()) {
    std::optional<StringRef> ownName = getStageHandleName(ownStage);
    if (ownName && *ownName != *stageName)
      return op->emitOpError("loop handle '")
             << *loopName << "' belongs to stage '" << *ownName
             << "' but is used with stage '" << *stageName << "'";
  }
  return verifyLoopExists(op, *loopName, stageName);
}

static LogicalResult verifyPositive(Operation *op, StringRef what,
                                    int64_t value) {
  if (value >= 1)
    return success();
  return op->emitOpError() << what << " must be positive, got " << value;
}

static LogicalResult verifyDistinctLoops(Operation *op, ValueRange loops) {
  llvm::SmallPtrSet<Value, 4> seenValues;
  llvm::StringSet<> seenNames;
  for (Value loop : loops) {
    std::optional<StringRef> name = getLoopHandleName(loop);
    bool duplicate = !seenValues.insert(loop).second ||
                     (name && !seenNames.insert(*name).second);
    if (duplicate)
      return op->emitOpError("loop '")
             << name.value_or("<handle>") << "' is listed twice";
  }
  return success();
}

static LogicalResult verifyLoopsInStage(Operation *op, Value stage,
                                        ValueRange loops) {
  for (Value loop : loops)
    if (failed(verifyLoopInStage(op, stage, loop)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Loop customizations
//===----------------------------------------------------------------------===//

LogicalResult SplitOp::verify() {
  if (failed(verifyPositive(*this, "split factor", getFactorAttr().getInt())))
    return failure();
  return verifyLoopInStage(*this, getStage(), getLoop());
}

LogicalResult TileOp::verify() {
  if (failed(verifyPositive(*this, "tile factor", getXFactorAttr().getInt())) ||
      failed(verifyPositive(*this, "tile factor", getYFactorAttr().getInt())))
    return failure();
  Value loops[] = {getXLoop(), getYLoop()};
  if (failed(verifyDistinctLoops(*this, loops)))
    return failure();
  return verifyLoopsInStage(*this, getStage(), loops);
}

LogicalResult ReorderOp::verify() {
  if (getLoops().empty())
    return emitOpError("needs at least one loop to reorder");
  if (failed(verifyDistinctLoops(*this, getLoops())))
    return failure();
  return verifyLoopsInStage(*this, getStage(), getLoops());
}

LogicalResult FuseOp::verify() {
  if (getLoops().size() < 2)
    return emitOpError("needs at least two loops to fuse, got ")
           << getLoops().size();
  if (failed(verifyDistinctLoops(*this, getLoops())))
    return failure();
  return verifyLoopsInStage(*this, getStage(), getLoops());
}

LogicalResult UnrollOp::verify() {
  if (getFactorAttr().getInt() < 0)
    return emitOpError("unroll factor must be non-negative (0 unrolls fully), "
                       "got ")
           << getFactorAttr().getInt();
  return verifyLoopInStage(*this, getStage(), getLoop());
}

LogicalResult UnfoldOp::verify() {
  if (failed(verifyPositive(*this, "number of processing elements",
                            getFactorAttr().getInt())))
    return failure();
  return verifyLoopInStage(*this, getStage(), getLoop());
}

LogicalResult PipelineOp::verify() {
  if (failed(
          verifyPositive(*this, "initiation interval", getIiAttr().getInt())))
    return failure();
  return verifyLoopInStage(*this, getStage(), getLoop());
}

LogicalResult VectorizeOp::verify() {
  int64_t width = getWidthAttr().getInt();
  if (width < 2 || (width & (width - 1)) != 0)
    return emitOpError("vector width must be a power of two, at least 2, got ")
           << width;
  return verifyLoopInStage(*this, getStage(), getLoop());
}

/// compute_at and store_at: a producer stage placed at a loop of another
/// stage, its consumer.
static LogicalResult verifyProducerAtConsumerLoop(Operation *op, Value producer,
                                                  Value consumer, Value axis) {
  std::optional<StringRef> producerName = getStageHandleName(producer);
  std::optional<StringRef> consumerName = getStageHandleName(consumer);
  if (producer == consumer ||
      (producerName && consumerName && *producerName == *consumerName))
    return op->emitOpError("producer and consumer must be different stages");
  return verifyLoopInStage(op, consumer, axis);
}

LogicalResult ComputeAtOp::verify() {
  return verifyProducerAtConsumerLoop(*this, getProducer(), getConsumer(),
                                      getAxis());
}

LogicalResult StoreAtOp::verify() {
  return verifyProducerAtConsumerLoop(*this, getProducer(), getConsumer(),
                                      getAxis());
}

//===----------------------------------------------------------------------===//
// Memory customizations
//===----------------------------------------------------------------------===//

LogicalResult PartitionOp::verify() {
  // An unranked target is a buffer whose shape the engine chooses; the
  // dimension is checked when the partition is applied.
  auto type = dyn_cast<MemRefType>(getTarget().getType());
  int64_t rank = type ? type.getRank() : std::numeric_limits<int64_t>::max();
  if (getDimAttr().getInt() < 0 || getDimAttr().getInt() > rank)
    return emitOpError("partition dimension ")
           << getDimAttr().getInt() << " is out of range for a rank-" << rank
           << " memref (0 means every dimension, 1.." << rank
           << " one dimension)";
  if (getPartitionKind() == PartitionKind::Complete) {
    if (getFactorAttr().getInt() < 0)
      return emitOpError("partition factor must be non-negative, got ")
             << getFactorAttr().getInt();
    return success();
  }
  if (getFactorAttr().getInt() < 1)
    return emitOpError("a ")
           << stringifyPartitionKind(getPartitionKind())
           << " partition needs a positive factor (the number of banks), got "
           << getFactorAttr().getInt();
  return success();
}

static std::string elementText(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

static LogicalResult verifyBufferOp(Operation *op, Value stage, Value target,
                                    Value axis, Type resultType) {
  auto targetType = cast<BaseMemRefType>(target.getType());
  auto bufferType = cast<BaseMemRefType>(resultType);
  if (isa<ReuseAtOp>(op) &&
      isPeerPlaceholderBuffer(bufferType, targetType.getElementType()))
    return verifyLoopInStage(op, stage, axis);
  if (targetType.getElementType() != bufferType.getElementType())
    return op->emitOpError("buffer element type ")
           << bufferType.getElementType()
           << " differs from the target's element type "
           << targetType.getElementType() << " (write memref<*x"
           << elementText(targetType.getElementType())
           << "> to let the schedule choose the buffer's shape)";
  // Unranked: the engine chooses the shape.
  if (!bufferType.hasRank() || !targetType.hasRank())
    return verifyLoopInStage(op, stage, axis);
  if (!bufferType.hasStaticShape())
    return op->emitOpError("buffer type must have a static shape, got ")
           << bufferType;
  if (bufferType.getRank() > targetType.getRank())
    return op->emitOpError("buffer rank ")
           << bufferType.getRank() << " exceeds the target's rank "
           << targetType.getRank();
  return verifyLoopInStage(op, stage, axis);
}

LogicalResult ReuseAtOp::verify() {
  return verifyBufferOp(*this, getStage(), getTarget(), getAxis(),
                        getResult().getType());
}

LogicalResult BufferAtOp::verify() {
  return verifyBufferOp(*this, getStage(), getTarget(), getAxis(),
                        getResult().getType());
}

LogicalResult ToOp::verify() {
  if (std::optional<int64_t> depth = getDepth(); depth && *depth < 1)
    return emitOpError("depth must be at least 1, got ") << *depth;
  bool toProcessingElements = getConsumer().getDefiningOp<UnfoldOp>();
  if (!getPeIndex()) {
    if (toProcessingElements)
      return emitOpError("the consumer is a processing-element array "
                         "(hcl.unfold): say which PEs get the array with "
                         "{pe_index = [...]} and give their block's type "
                         "(-> memref<...>)");
    if (getPeBlock())
      return emitOpError("only an array placed in processing elements "
                         "({pe_index = [...]}) has a result");
    return success();
  }
  if (!toProcessingElements)
    return emitOpError("pe_index places an array in processing elements: "
                       "the consumer must be an hcl.unfold result");
  if (getDepth())
    return emitOpError("an array placed in processing elements is not a "
                       "stream: it has no depth");
  if (!getPeBlock())
    return emitOpError("an array placed in processing elements needs the "
                       "type of one PE's block (-> memref<...>)");
  if (getPeIndex()->empty())
    return emitOpError("pe_index lists no processing element");
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto from = dyn_cast<MemRefType>(getTarget().getType());
  auto to = cast<MemRefType>(getResult().getType());
  if (!from) // a buffer whose shape the engine chooses
    return success();
  if (!from.hasStaticShape() || !to.hasStaticShape())
    return emitOpError("reshape needs static shapes");
  if (from.getElementType() != to.getElementType())
    return emitOpError("reshape cannot change the element type (")
           << from.getElementType() << " to " << to.getElementType() << ")";
  if (from.getNumElements() != to.getNumElements())
    return emitOpError("reshape must keep the number of elements: ")
           << from.getNumElements() << " vs " << to.getNumElements();
  return success();
}

//===----------------------------------------------------------------------===//
// Clone
//===----------------------------------------------------------------------===//

LogicalResult CloneOp::verify() {
  if (getStages().empty())
    return emitOpError("needs at least one stage handle: the calls that get "
                       "a copy of @")
           << getTarget();
  auto target = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      *this, getTargetAttr());
  if (!target)
    return emitOpError("@") << getTarget() << " is not a function";
  if (target.isExternal())
    return emitOpError("@")
           << getTarget() << " has no body, so there is nothing to copy";
  return success();
}

//===----------------------------------------------------------------------===//
// Outline
//===----------------------------------------------------------------------===//

LogicalResult OutlineOp::verify() {
  if (getStages().empty())
    return emitOpError("needs at least one stage");
  if (getMerge() && getUnify())
    return emitOpError("'merge' and 'unify' are the same option; give one");
  if (getAxis() && getStages().size() > 1)
    return emitOpError("'axis' applies to a single stage, got ")
           << getStages().size();
  if (std::optional<ArrayAttr> params = getParam()) {
    llvm::StringSet<> seen;
    for (Attribute param : *params) {
      StringRef name = cast<StringAttr>(param).getValue();
      if (name.empty())
        return emitOpError("'param' has an empty loop name");
      if (!seen.insert(name).second)
        return emitOpError("'param' lists loop '") << name << "' twice";
    }
  }
  llvm::SmallPtrSet<Value, 4> seenStages;
  for (Value stage : getStages())
    if (!seenStages.insert(stage).second)
      return emitOpError("a stage is listed twice");
  return success();
}

LogicalResult BindOp::verify() {
  static constexpr llvm::StringLiteral axes[] = {"BlockIdxX",  "BlockIdxY",
                                                 "BlockIdxZ",  "ThreadIdxX",
                                                 "ThreadIdxY", "ThreadIdxZ"};
  if (!llvm::is_contained(axes, getAxis()))
    return emitOpError("axis is one of BlockIdxX, BlockIdxY, BlockIdxZ, "
                       "ThreadIdxX, ThreadIdxY, ThreadIdxZ, not '")
           << getAxis() << "'";
  return verifyLoopInStage(*this, getStage(), getLoop());
}
