//===- Stream.cpp - hcl.to: a buffer between two stages as a FIFO ---------===//
//
// HeteroCL's `s.to(B, s[D])`. Marks B's allocation `stream_depth` (the depth
// given, or 0 to infer) and its function `dataflow`; the CPU path keeps B a
// buffer (stages run one after another, so the results are the same) and
// the HLS emitter writes an hls::stream. A producer that accumulates a
// reduction in place in B is first rewritten to accumulate in a local, so
// that it writes each element once. Legality and deadlock freedom are
// checked once the whole schedule is applied (StreamCheck.cpp), since later
// primitives may change the loops that access B.
//
//===----------------------------------------------------------------------===//

#include "ProcessingElements.h"

#include "hcl/Analysis/StreamTrace.h"
#include "hcl/Transforms/LocalAccumulator.h"

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl {

namespace {

bool accesses(Operation *root, Value buffer, bool writes) {
  bool found = false;
  root->walk([&](Operation *op) {
    if (isa<memref::DeallocOp>(op))
      return;
    if (auto store = dyn_cast<affine::AffineStoreOp>(op))
      found |= writes && store.getMemRef() == buffer;
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      found |= writes && store.getMemRef() == buffer;
    else if (llvm::is_contained(op->getOperands(), buffer))
      found |= !writes || !isa<affine::AffineLoadOp, memref::LoadOp>(op);
  });
  return found;
}

/// The top-level operation of `func` that writes `buffer` (an error when
/// none or several do, or when one of them is already a call).
FailureOr<Operation *> findProducer(ToOp op, func::FuncOp func, Value buffer) {
  SmallVector<Operation *> writers;
  for (Operation &top : func.getBody().front())
    if (!isScheduleOp(&top) && &top != buffer.getDefiningOp() &&
        accesses(&top, buffer, /*writes=*/true))
      writers.push_back(&top);
  std::string name = "'" + bufferName(buffer) + "'";
  if (writers.empty())
    return op.emitError("hcl.to: no stage writes ") << name;
  if (writers.size() > 1)
    return op.emitError("hcl.to: ")
           << name << " is written by " << writers.size() << " operations of @"
           << func.getSymName() << ": a stream has one producer stage";
  if (isa<func::CallOp>(writers[0]))
    return op.emitError("hcl.to: the producer of ")
           << name << " is already outlined: apply hcl.to before outline";
  return writers[0];
}

/// Reads of the same element of `buffer` in one block become one read (a
/// ReLU's `select(B(i, j) > 0, B(i, j), 0)` reads B[i][j] twice); nothing
/// writes `buffer` in the consumer, so the first read's value holds.
void mergeRepeatedReads(Operation *consumer, Value buffer) {
  SmallVector<affine::AffineLoadOp> loads;
  consumer->walk([&](affine::AffineLoadOp load) {
    if (load.getMemRef() == buffer)
      loads.push_back(load);
  });
  for (size_t i = 0; i < loads.size(); ++i)
    for (size_t j = 0; j < i; ++j) {
      affine::AffineLoadOp first = loads[j], later = loads[i];
      if (!first || first->getBlock() != later->getBlock() ||
          first.getAffineMap() != later.getAffineMap() ||
          !llvm::equal(first.getMapOperands(), later.getMapOperands()))
        continue;
      later.getResult().replaceAllUsesWith(first.getResult());
      later.erase();
      loads[i] = nullptr;
      break;
    }
}

} // namespace

LogicalResult ToOp::apply(ScheduleContext &ctx) {
  ToOp op = *this;
  if (op.getPeIndex())
    return placeInProcessingElements(op, ctx);
  func::FuncOp func = ctx.getFunction();
  Value buffer = ctx.resolveMemRef(op.getTarget());
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getParentOp() != func)
    return op.emitError("hcl.to streams a buffer that @")
           << func.getSymName()
           << " allocates between two of its stages; this one is "
           << (isa<BlockArgument>(buffer) ? "an argument of the function"
                                          : "not such a buffer");
  std::string name = "'" + bufferName(buffer) + "'";
  if (alloc->hasAttr("stream_depth"))
    return op.emitError("hcl.to: ") << name << " is already streamed";
  if (!alloc.getType().hasStaticShape())
    return op.emitError("hcl.to: ") << name << " needs a static shape";
  for (Operation *user : buffer.getUsers())
    if (isa<func::ReturnOp>(user))
      return op.emitError("hcl.to: ")
             << name << " is a result of @" << func.getSymName()
             << ": only a buffer between two stages can be a stream";
  FailureOr<Operation *> consumer = ctx.resolveStage(op, op.getConsumer());
  if (failed(consumer))
    return failure();
  if (!accesses(*consumer, buffer, /*writes=*/false))
    return op.emitError("hcl.to: stage '")
           << getStageName(*consumer) << "' does not read " << name;
  FailureOr<Operation *> producer = findProducer(op, func, buffer);
  if (failed(producer))
    return failure();
  if (*producer == *consumer)
    return op.emitError("hcl.to: stage '")
           << getStageName(*consumer) << "' both writes and reads " << name
           << ": a stream connects two stages";
  localizeAccumulators(*producer, buffer);
  mergeRepeatedReads(*consumer, buffer);
  Builder b(op.getContext());
  alloc->setAttr("stream_depth",
                 b.getI64IntegerAttr(op.getDepth().value_or(0)));
  func->setAttr("dataflow", b.getUnitAttr());
  ctx.recordStream(alloc, op.getLoc());
  return success();
}

} // namespace hcl
