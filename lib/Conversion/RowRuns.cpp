//===- RowRuns.cpp - a vector loop over several short rows ----------------===//
//
// A convolution on 8x8 planes has rows of 8 floats: vectors along a row
// fill half an AVX-512 register. The CPU schedule then fuses two rows with
// their columns into one loop of 16 lanes (lane k is row k / 8, column
// k % 8), whose accesses index two dimensions along the loop, which MLIR's
// affine vectorizer does not take. Before it runs:
//
//  - an array whose rows are exactly the loop's rows (the output, 8 wide)
//    holds the 16 lanes' elements one after the other: its accesses in the
//    loop go through a view with its last two dimensions as one
//    (memref.collapse_shape), where the index moves by 1 per lane, when
//    every access of the array in the loop is such an access;
//  - a read of another array (the padded input, rows of 10) is made of
//    runs of consecutive elements (or elements 2 apart, for a stride-2
//    convolution), one per row: each run is loaded as a vector before the
//    loop into a stack buffer of one element per lane, which the loop
//    reads with stride 1, as for stride-2 reads.
//
// Each lane still reads and writes the element the scalar loop did, so the
// results do not change.
//
//===----------------------------------------------------------------------===//

#include "CpuLoops.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::affine;

namespace {

/// An access in the vector loop's body whose index depends on the loop,
/// with its map and the loop's dimension in it.
struct LaneAccess {
  Operation *op;
  AffineValueMap map;
  unsigned position;
};

std::optional<LaneAccess> laneAccess(Operation *op, AffineForOp loop) {
  if (!isa<AffineLoadOp, AffineStoreOp>(op))
    return std::nullopt;
  MemRefAccess access(op);
  auto type = cast<MemRefType>(access.memref.getType());
  if (!type.getLayout().isIdentity() || !type.hasStaticShape() ||
      type.getRank() < 2)
    return std::nullopt;
  LaneAccess lane{op, {}, 0};
  access.getAccessMap(&lane.map);
  std::optional<unsigned> position = hcl::laneDimension(lane.map, loop);
  if (!position)
    return std::nullopt;
  lane.position = *position;
  return lane;
}

Value memrefOf(Operation *op) { return MemRefAccess(op).memref; }

/// `expr` at lane `k` of a loop starting at `first`.
AffineExpr atLane(AffineExpr expr, unsigned position, int64_t value) {
  MLIRContext *ctx = expr.getContext();
  return expr.replace(getAffineDimExpr(position, ctx),
                      getAffineConstantExpr(value, ctx));
}

/// The element offset of `access` from lane 0's, for each of `width` lanes
/// of a loop starting at `first`, in the row-major order of `shape` (the
/// access's last `shape.size()` indices); none unless all are constants
/// and the other indices do not move.
std::optional<SmallVector<int64_t>> laneOffsets(const LaneAccess &access,
                                                ArrayRef<int64_t> shape,
                                                int64_t first, int64_t width) {
  AffineMap m = access.map.getAffineMap();
  size_t lead = m.getNumResults() - shape.size();
  for (size_t i = 0; i < lead; ++i)
    if (m.getResult(i).isFunctionOfDim(access.position))
      return std::nullopt;
  AffineExpr flat = getAffineConstantExpr(0, m.getContext());
  for (size_t i = 0; i < shape.size(); ++i)
    flat = flat * shape[i] + m.getResult(lead + i);
  AffineExpr base = atLane(flat, access.position, first);
  SmallVector<int64_t> offsets;
  for (int64_t k = 0; k < width; ++k) {
    auto offset = dyn_cast<AffineConstantExpr>(
        simplifyAffineExpr(atLane(flat, access.position, first + k) - base,
                           m.getNumDims(), m.getNumSymbols()));
    if (!offset)
      return std::nullopt;
    offsets.push_back(offset.getValue());
  }
  return offsets;
}

bool consecutive(ArrayRef<int64_t> offsets) {
  for (auto [k, offset] : llvm::enumerate(offsets))
    if (offset != static_cast<int64_t>(k))
      return false;
  return true;
}

/// The accesses of `memref` in the loop's body, when they are all the
/// array's accesses in the loop and each holds the lanes' elements one
/// after the other along its last two dimensions. (Accesses of the array
/// around the loop stay on the array: hoistVectorAccumulators knows a view
/// and its array are one.)
std::optional<SmallVector<LaneAccess>>
linearAccesses(Value memref, AffineForOp loop, int64_t width) {
  auto type = cast<MemRefType>(memref.getType());
  if (type.getRank() < 2)
    return std::nullopt;
  ArrayRef<int64_t> lastTwo = type.getShape().take_back(2);
  SmallVector<LaneAccess> accesses;
  for (Operation *user : memref.getUsers()) {
    if (!loop->isAncestor(user))
      continue;
    if (user->getBlock() != loop.getBody())
      return std::nullopt;
    std::optional<LaneAccess> access = laneAccess(user, loop);
    if (!access)
      return std::nullopt;
    std::optional<SmallVector<int64_t>> offsets =
        laneOffsets(*access, lastTwo, loop.getConstantLowerBound(), width);
    if (!offsets || !consecutive(*offsets))
      return std::nullopt;
    accesses.push_back(std::move(*access));
  }
  return accesses;
}

/// `memref` with its last two dimensions as one, defined where it is.
Value collapsedView(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i + 2 < type.getRank(); ++i)
    groups.push_back({i});
  groups.push_back({type.getRank() - 2, type.getRank() - 1});
  OpBuilder b(memref.getContext());
  b.setInsertionPointAfterValue(memref);
  return memref::CollapseShapeOp::create(b, memref.getLoc(), memref, groups);
}

/// Rewrites `access` onto `view` (last two dimensions as one): index
/// lane 0's element plus the lane.
void linearize(const LaneAccess &access, Value view, int64_t lastSize,
               int64_t first) {
  AffineMap m = access.map.getAffineMap();
  MLIRContext *ctx = m.getContext();
  unsigned n = m.getNumResults();
  SmallVector<AffineExpr> results(m.getResults().drop_back(2));
  AffineExpr d = getAffineDimExpr(access.position, ctx);
  AffineExpr flat = m.getResult(n - 2) * lastSize + m.getResult(n - 1);
  results.push_back(
      simplifyAffineExpr(atLane(flat, access.position, first) + (d - first),
                         m.getNumDims(), m.getNumSymbols()));
  auto map = AffineMap::get(m.getNumDims(), m.getNumSymbols(), results, ctx);
  SmallVector<Value> operands(access.map.getOperands());
  OpBuilder b(access.op);
  if (auto load = dyn_cast<AffineLoadOp>(access.op)) {
    Value value = AffineLoadOp::create(b, load.getLoc(), view, map, operands);
    load.getResult().replaceAllUsesWith(value);
  } else {
    auto store = cast<AffineStoreOp>(access.op);
    AffineStoreOp::create(b, store.getLoc(), store.getValueToStore(), view, map,
                          operands);
  }
  access.op->erase();
}

/// Lanes whose elements are `stride` apart along a row, from `lane` on.
struct Run {
  int64_t lane, length, stride;
};

/// The runs of `offsets`, elements 1 or 2 apart (a stride-2 convolution's
/// input), greedily from the first lane.
SmallVector<Run> runsOf(ArrayRef<int64_t> offsets) {
  SmallVector<Run> runs;
  for (auto [k, offset] : llvm::enumerate(offsets)) {
    int64_t lane = static_cast<int64_t>(k);
    int64_t step = lane > 0 ? offset - offsets[lane - 1] : 0;
    if (!runs.empty() && runs.back().length == 1 && (step == 1 || step == 2)) {
      runs.back().stride = step;
      ++runs.back().length;
    } else if (!runs.empty() && runs.back().length > 1 &&
               step == runs.back().stride) {
      ++runs.back().length;
    } else {
      runs.push_back({lane, 1, 1});
    }
  }
  return runs;
}

/// Whether `run` stays in one row of `read`'s array (its last index moves
/// as its elements do), has at least 4 lanes, and an even number when its
/// elements are 2 apart (two vector loads and a shuffle).
bool loadable(const Run &run, const LaneAccess &read, int64_t first) {
  if (run.length < 4 || (run.stride == 2 && run.length % 2))
    return false;
  AffineMap m = read.map.getAffineMap();
  AffineExpr last = m.getResults().back();
  auto along = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(
      atLane(last, read.position, first + run.lane + run.length - 1) -
          atLane(last, read.position, first + run.lane),
      m.getNumDims(), m.getNumSymbols()));
  return along && along.getValue() == run.stride * (run.length - 1);
}

/// Loads each run of `read`'s lanes as one vector before `loop` into a
/// stack buffer of `width` elements; returns the buffer. A run of
/// elements 2 apart is two vector loads that end on its last element and
/// a shuffle that keeps every other one.
Value loadRuns(const LaneAccess &read, ArrayRef<Run> runs, AffineForOp loop,
               int64_t width, func::FuncOp func) {
  auto load = cast<AffineLoadOp>(read.op);
  Location loc = load.getLoc();
  Type element = load.getMemRefType().getElementType();
  Value buffer = hcl::laneBuffer(func, loc, width, element);
  OpBuilder b(loop);
  SmallVector<Value> operands(read.map.getOperands());
  // The loop's dimension is a constant in the maps below.
  operands[read.position] = arith::ConstantIndexOp::create(b, loc, 0);
  AffineMap m = read.map.getAffineMap();
  int64_t first = loop.getConstantLowerBound();
  for (const Run &run : runs) {
    auto vectorType = VectorType::get({run.length}, element);
    auto loadAt = [&](int64_t shift) {
      SmallVector<AffineExpr> results;
      for (AffineExpr expr : m.getResults())
        results.push_back(atLane(expr, read.position, first + run.lane));
      results.back() = results.back() + shift;
      auto map = AffineMap::get(m.getNumDims(), m.getNumSymbols(), results,
                                m.getContext());
      return AffineVectorLoadOp::create(b, loc, vectorType, load.getMemRef(),
                                        map, operands)
          .getResult();
    };
    Value lanes = loadAt(0);
    if (run.stride == 2) {
      SmallVector<int64_t> mask;
      for (int64_t k = 0; k < run.length; ++k)
        mask.push_back(2 * k < run.length ? 2 * k : 2 * k + 1);
      lanes = vector::ShuffleOp::create(b, loc, lanes, loadAt(run.length - 1),
                                        mask);
    }
    Value at = arith::ConstantIndexOp::create(b, loc, run.lane);
    vector::StoreOp::create(b, loc, lanes, buffer, ValueRange{at});
  }
  return buffer;
}

/// The staged reads of `loop`: each load of an array it does not write
/// whose lanes are runs of at least 4 elements 1 or 2 apart in a row.
void stageRuns(AffineForOp loop, int64_t width, func::FuncOp func) {
  struct Staged {
    Value memref;
    AffineMap map;
    SmallVector<Value> operands;
    Value buffer;
  };
  SmallVector<Staged> staged;
  SmallVector<AffineLoadOp> loads(loop.getBody()->getOps<AffineLoadOp>());
  int64_t first = loop.getConstantLowerBound();
  for (AffineLoadOp load : loads) {
    std::optional<LaneAccess> read = laneAccess(load, loop);
    if (!read || hcl::mayWrite(loop, load.getMemRef()))
      continue;
    std::optional<SmallVector<int64_t>> offsets =
        laneOffsets(*read, load.getMemRefType().getShape(), first, width);
    if (!offsets || consecutive(*offsets))
      continue; // a plain vector read already
    SmallVector<Run> runs = runsOf(*offsets);
    if (!llvm::all_of(
            runs, [&](const Run &run) { return loadable(run, *read, first); }))
      continue;
    Value buffer;
    for (Staged &other : staged)
      if (other.memref == load.getMemRef() &&
          other.map == read->map.getAffineMap() &&
          llvm::equal(other.operands, read->map.getOperands()))
        buffer = other.buffer;
    if (!buffer) {
      buffer = loadRuns(*read, runs, loop, width, func);
      staged.push_back({load.getMemRef(), read->map.getAffineMap(),
                        llvm::to_vector(read->map.getOperands()), buffer});
    }
    OpBuilder b(load);
    AffineExpr lane = b.getAffineDimExpr(0) - first;
    Value value = AffineLoadOp::create(b, load.getLoc(), buffer,
                                       AffineMap::get(1, 0, lane),
                                       ValueRange{loop.getInductionVar()});
    load.getResult().replaceAllUsesWith(value);
    load.erase();
  }
}

} // namespace

void hcl::stageRowRuns(AffineForOp loop, int64_t width) {
  if (width < 8 || loop.getStepAsInt() != 1 || !loop.hasConstantLowerBound() ||
      getConstantTripCount(loop) != std::optional<uint64_t>(width))
    return;
  func::FuncOp func = hcl::enclosingFunctionOfSequentialNest(loop);
  if (!func)
    return;
  // Writes cannot be staged: unless each writes consecutive elements, the
  // loop stays scalar, and staged reads would only cost.
  int64_t first = loop.getConstantLowerBound();
  for (auto store : loop.getBody()->getOps<AffineStoreOp>()) {
    std::optional<LaneAccess> write = laneAccess(store, loop);
    if (!write)
      continue;
    std::optional<SmallVector<int64_t>> offsets =
        laneOffsets(*write, store.getMemRefType().getShape(), first, width);
    if (!offsets || !consecutive(*offsets))
      return;
  }
  // Arrays whose rows are the loop's rows: through a view.
  SetVector<Value> memrefs;
  for (Operation &op : *loop.getBody())
    if (std::optional<LaneAccess> access = laneAccess(&op, loop))
      memrefs.insert(memrefOf(&op));
  for (Value memref : memrefs) {
    std::optional<SmallVector<LaneAccess>> accesses =
        linearAccesses(memref, loop, width);
    if (!accesses || accesses->empty())
      continue;
    bool alreadyContiguous = llvm::all_of(*accesses, [&](const LaneAccess &a) {
      return !a.map.getAffineMap()
                  .getResult(a.map.getNumResults() - 2)
                  .isFunctionOfDim(a.position);
    });
    if (alreadyContiguous)
      continue;
    Value view = collapsedView(memref);
    int64_t lastSize = cast<MemRefType>(memref.getType()).getShape().back();
    for (const LaneAccess &access : *accesses)
      linearize(access, view, lastSize, first);
  }
  stageRuns(loop, width, func);
}
