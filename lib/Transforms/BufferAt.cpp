//===- BufferAt.cpp - hcl.buffer_at: an on-chip write buffer --------------===//
//
// buffer_at(C, s, i) keeps the part of C that one iteration of loop `i`
// touches in a local buffer (seed 000):
//
//   affine.for i {                       affine.for i {
//     ... C[i, j] ...              ->      %buf = memref.alloc()
//   }                                      j_init: buf[j] = C[i, j]
//                                          ... buf[j] ...
//                                          j_back: C[i, j] = buf[j]
//                                        }
//
// The buffer is filled from C (the seed fills it with zeros, which is only
// right when the stage itself starts from zero), so the scheduled program
// computes what the algorithm computes for any initial C.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// How one access indexes the target: each dimension is either fixed for an
/// iteration of the axis loop ("outer": uses only loops at or above the
/// axis) or is a loop variable of a loop inside the axis, plus a constant
/// ("inner").
struct AccessPattern {
  SmallVector<bool> isInner;
  SmallVector<AffineForOp> innerLoops; // per dimension, null when outer
  AffineValueMap outerIndices;         // the outer dimensions only
};

FailureOr<AccessPattern> analyzeAccess(Operation *access, AffineForOp axis,
                                       Operation *user) {
  MemRefAccess ref(access);
  AffineValueMap map;
  ref.getAccessMap(&map);
  AccessPattern pattern;
  SmallVector<AffineExpr> outerExprs;
  for (unsigned r = 0; r < map.getNumResults(); ++r) {
    AffineExpr expr = map.getResult(r);
    AffineForOp innerLoop;
    bool usesInner = false;
    for (unsigned p = 0; p < map.getNumOperands(); ++p) {
      bool isDim = p < map.getNumDims();
      if (isDim ? !expr.isFunctionOfDim(p)
                : !expr.isFunctionOfSymbol(p - map.getNumDims()))
        continue;
      AffineForOp owner = getForInductionVarOwner(map.getOperand(p));
      if (owner && axis->isProperAncestor(owner)) {
        usesInner = true;
        // The variable plus a constant (reuse_at's shifted j' - 2): the
        // buffer spans the whole dimension and is indexed as the target is.
        AffineExpr rest = simplifyAffineExpr(
            expr - getAffineDimExpr(p, user->getContext()), map.getNumDims(),
            map.getNumSymbols());
        if (isDim && isa<AffineConstantExpr>(rest))
          innerLoop = owner;
      }
    }
    if (usesInner && !innerLoop)
      return user->emitError("buffer_at needs each index of the target to be "
                             "either fixed in an iteration of the axis or a "
                             "variable of a loop inside it plus a constant");
    pattern.isInner.push_back(usesInner);
    pattern.innerLoops.push_back(innerLoop);
    if (!usesInner)
      outerExprs.push_back(expr);
  }
  auto outerMap = AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                                 outerExprs, user->getContext());
  pattern.outerIndices.reset(outerMap, map.getOperands());
  return pattern;
}

/// True when two accesses touch the same outer indices in every iteration.
bool sameOuterIndices(const AccessPattern &a, const AccessPattern &b) {
  if (a.isInner != b.isInner)
    return false;
  AffineValueMap difference;
  AffineValueMap::difference(a.outerIndices, b.outerIndices, &difference);
  AffineMap map = difference.getAffineMap();
  return map.isConstant() &&
         llvm::all_of(map.getConstantResults(), [](int64_t v) { return v == 0; });
}

/// Emits `for d0.. { body(ivs) }` over `shape`, loops named after
/// `names[i] + suffix`, the innermost pipelined (II = 1).
void buildCopyNest(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                   ArrayRef<std::string> names, StringRef suffix,
                   function_ref<void(OpBuilder &, ValueRange)> body) {
  SmallVector<Value> ivs;
  OpBuilder::InsertionGuard guard(builder);
  for (auto [dim, extent] : llvm::enumerate(shape)) {
    auto loop = AffineForOp::create(builder, loc, 0, extent);
    loop->setAttr(kLoopNameAttr, builder.getStringAttr(names[dim] + suffix));
    if (dim + 1 == shape.size())
      loop->setAttr("pipeline_ii", builder.getI32IntegerAttr(1));
    ivs.push_back(loop.getInductionVar());
    builder.setInsertionPointToStart(loop.getBody());
  }
  body(builder, ivs);
}

/// The block the buffer lives in: the axis body, or the then-block of the
/// affine.if guards (reuse_at's) inside it that hold every access, so that
/// the buffer is filled and written back only in the iterations that use
/// it. reuse_at then gives the same program whether it comes before
/// buffer_at (its guard around the buffer) or after (the buffer inside its
/// guard), and the copies never touch the rows an extra reuse_at iteration
/// would index out of bounds.
Block *bufferBlock(AffineForOp axis, ArrayRef<Operation *> accesses) {
  Block *block = axis.getBody();
  auto holdsAll = [&](AffineIfOp guard) {
    return !guard.hasElse() && llvm::all_of(accesses, [&](Operation *access) {
      return guard->isProperAncestor(access);
    });
  };
  while (true) {
    auto guards = block->getOps<AffineIfOp>();
    auto it = llvm::find_if(guards, holdsAll);
    if (it == guards.end())
      return block;
    block = (*it).getThenBlock();
  }
}

} // namespace

LogicalResult applyBufferAt(BufferAtOp op, ScheduleContext &ctx) {
  FailureOr<AffineForOp> axis = ctx.resolveLoop(op, op.getStage(), op.getAxis());
  if (failed(axis))
    return failure();
  StringRef axisName = getLoopName(*axis);
  if ((*axis)->hasAttr("reduction"))
    return op.emitError("buffer_at cannot be placed at reduction loop '")
           << axisName << "': partial results would be written back before "
           << "the reduction completes";

  Value target = ctx.resolveMemRef(op.getTarget());
  auto targetType = cast<MemRefType>(target.getType());
  SmallVector<Operation *> accesses;
  bool onlyAffine = true;
  for (Operation *user : target.getUsers()) {
    if (!(*axis)->isProperAncestor(user))
      continue;
    if (isa<AffineLoadOp, AffineStoreOp>(user))
      accesses.push_back(user);
    else
      onlyAffine = false;
  }
  if (!onlyAffine)
    return op.emitError("buffer_at needs every access to the target inside "
                        "loop '")
           << axisName << "' to be an affine.load or affine.store";
  if (accesses.empty())
    return op.emitError("the target is not accessed inside loop '")
           << axisName << "'";

  SmallVector<AccessPattern, 4> patterns;
  for (Operation *access : accesses) {
    FailureOr<AccessPattern> pattern = analyzeAccess(access, *axis, op);
    if (failed(pattern))
      return failure();
    if (!patterns.empty() && !sameOuterIndices(*pattern, patterns.front()))
      return op.emitError("the accesses to the target inside loop '")
             << axisName << "' do not all touch the same part of it";
    patterns.push_back(std::move(*pattern));
  }
  const AccessPattern &first = patterns.front();

  SmallVector<int64_t> bufferShape;
  SmallVector<std::string> names;
  for (auto [dim, inner] : llvm::enumerate(first.isInner)) {
    if (!inner)
      continue;
    bufferShape.push_back(targetType.getDimSize(dim));
    names.push_back(getLoopName(first.innerLoops[dim]).str());
  }
  // Every index fixed in an iteration of the axis (buffer_at at the loop
  // around a reduction, as HeteroCL writes it): a one-element buffer, the
  // register the reduction accumulates in.
  bool scalar = bufferShape.empty();
  MLIRContext *context = op.getContext();
  AffineMap elementZero = AffineMap::getConstantMap(0, context);
  auto bufferType =
      MemRefType::get(scalar ? ArrayRef<int64_t>{1} : ArrayRef(bufferShape),
                      targetType.getElementType());
  if (isa<MemRefType>(op.getResult().getType()) &&
      bufferType != op.getResult().getType())
    return op.emitError("buffer_at at loop '")
           << axisName << "' makes a " << bufferType << ", not the "
           << op.getResult().getType() << " written here";

  Location loc = op.getLoc();
  OpBuilder builder(op.getContext());
  Block *block = bufferBlock(*axis, accesses);
  builder.setInsertionPointToStart(block);
  auto buffer = memref::AllocOp::create(builder, loc, bufferType);
  if (std::optional<StringRef> name = op.getBufferName())
    buffer->setAttr("name", builder.getStringAttr(*name));
  SmallVector<Value> outerIndices;
  const AffineValueMap &outer = first.outerIndices;
  for (unsigned r = 0; r < outer.getNumResults(); ++r)
    outerIndices.push_back(AffineApplyOp::create(
        builder, loc, outer.getAffineMap().getSubMap({r}), outer.getOperands()));

  // Target indices for buffer position `ivs`: outer indices interleaved with
  // the buffer's loop variables.
  auto targetIndices = [&](ValueRange ivs) {
    SmallVector<Value> indices;
    unsigned nextOuter = 0, nextInner = 0;
    for (bool inner : first.isInner)
      indices.push_back(inner ? ivs[nextInner++] : outerIndices[nextOuter++]);
    return indices;
  };
  buildCopyNest(builder, loc, bufferShape, names, "_init",
                [&](OpBuilder &b, ValueRange ivs) {
                  Value v = AffineLoadOp::create(b, loc, target, targetIndices(ivs));
                  if (scalar)
                    AffineStoreOp::create(b, loc, v, buffer, elementZero, {});
                  else
                    AffineStoreOp::create(b, loc, v, buffer, ivs);
                });

  for (auto [access, pattern] : llvm::zip(accesses, patterns)) {
    MemRefAccess ref(access);
    AffineValueMap map;
    ref.getAccessMap(&map);
    SmallVector<unsigned> innerResults;
    for (auto [dim, inner] : llvm::enumerate(pattern.isInner))
      if (inner)
        innerResults.push_back(dim);
    AffineMap bufferMap =
        scalar ? AffineMap::get(map.getNumDims(), map.getNumSymbols(),
                                getAffineConstantExpr(0, context))
               : map.getAffineMap().getSubMap(innerResults);
    builder.setInsertionPoint(access);
    if (auto load = dyn_cast<AffineLoadOp>(access)) {
      auto newLoad = AffineLoadOp::create(builder, loc, buffer, bufferMap,
                                          map.getOperands());
      load.getResult().replaceAllUsesWith(newLoad.getResult());
    } else {
      auto store = cast<AffineStoreOp>(access);
      AffineStoreOp::create(builder, loc, store.getValueToStore(), buffer,
                            bufferMap, map.getOperands());
    }
    access->erase();
  }

  builder.setInsertionPoint(block->getTerminator());
  buildCopyNest(builder, loc, bufferShape, names, "_back",
                [&](OpBuilder &b, ValueRange ivs) {
                  Value v =
                      scalar ? AffineLoadOp::create(b, loc, buffer, elementZero,
                                                    ValueRange{})
                             : AffineLoadOp::create(b, loc, buffer, ivs);
                  AffineStoreOp::create(b, loc, v, target, targetIndices(ivs));
                });
  // Freed every iteration so the CPU path does not leak; in HLS C++ the
  // buffer is a local array.
  memref::DeallocOp::create(builder, loc, buffer);
  ctx.mapMemRef(op.getResult(), buffer);
  return success();
}

} // namespace hcl
