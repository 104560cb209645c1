//===- StridedReads.cpp - stride-2 reads of a vector loop as vectors ------===//
//
// A stride-2 convolution reads its input two apart along the row: lane k of
// a vector loop over output columns reads element 2k + c. MLIR's affine
// vectorizer has no strided transfer, so such a loop used to stay scalar
// (LLVM vectorized the row itself, with one accumulator: a chain of
// dependent adds). Here, before the vectorizer runs, each such read of an
// array the loop does not write is done before the loop, for all W lanes at
// once: two W-wide vector loads cover elements c .. c + 2W - 2 exactly (the
// second ends on the last element the lanes read, so both stay inside the
// row that the program's own accesses stay in), a shuffle keeps the even
// elements, and the W values go to a small stack buffer that the loop reads
// with stride 1. The vectorizer then sees a plain contiguous read, and LLVM
// keeps the buffer in a register (a vector store and a vector load of the
// same alloca). Every lane reads what the scalar loop read, so the results
// do not change.
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

/// A read of the loop's body whose last index moves by exactly 2 per
/// iteration of `loop` and whose other indices do not move, of a memref in
/// the plain row-major layout; its map with the loop's dimension at
/// `position`.
struct StridedRead {
  AffineLoadOp load;
  AffineValueMap map;
  unsigned position;
};

std::optional<StridedRead> asStridedRead(AffineLoadOp load, AffineForOp loop) {
  auto type = load.getMemRefType();
  if (!type.getLayout().isIdentity() || !type.hasStaticShape())
    return std::nullopt;
  StridedRead read{load, {}, 0};
  MemRefAccess(load).getAccessMap(&read.map);
  std::optional<unsigned> position = hcl::laneDimension(read.map, loop);
  if (!position)
    return std::nullopt;
  read.position = *position;
  AffineMap m = read.map.getAffineMap();
  AffineExpr d = getAffineDimExpr(*position, m.getContext());
  for (auto [i, expr] : llvm::enumerate(m.getResults())) {
    if (!expr.isFunctionOfDim(*position))
      continue;
    auto step = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(
        expr.replace(d, d + 1) - expr, m.getNumDims(), m.getNumSymbols()));
    if (i + 1 != m.getNumResults() || !step || step.getValue() != 2)
      return std::nullopt;
  }
  return read;
}

/// `read`'s map at the loop's first iteration (`first`), with `shift` added
/// to its last index.
AffineMap mapAtFirstLane(const StridedRead &read, int64_t first,
                         int64_t shift) {
  AffineMap m = read.map.getAffineMap();
  MLIRContext *ctx = m.getContext();
  SmallVector<AffineExpr> results;
  for (AffineExpr expr : m.getResults())
    results.push_back(expr.replace(getAffineDimExpr(read.position, ctx),
                                   getAffineConstantExpr(first, ctx)));
  results.back() = results.back() + shift;
  return AffineMap::get(m.getNumDims(), m.getNumSymbols(), results, ctx);
}

/// Loads the W lanes of `read` before `loop` into a stack buffer of W
/// elements; returns the buffer.
Value loadLanes(StridedRead &read, AffineForOp loop, int64_t width,
                func::FuncOp func) {
  Location loc = read.load.getLoc();
  Type element = read.load.getMemRefType().getElementType();
  Value buffer = hcl::laneBuffer(func, loc, width, element);
  OpBuilder b(loop);
  // The loop's own index has no value before the loop; its dimension is
  // replaced by the first iteration in the maps, so any index will do.
  SmallVector<Value> operands(read.map.getOperands());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  operands[read.position] = zero;
  int64_t first = loop.getConstantLowerBound();
  auto vectorType = VectorType::get({width}, element);
  Value low =
      AffineVectorLoadOp::create(b, loc, vectorType, read.load.getMemRef(),
                                 mapAtFirstLane(read, first, 0), operands);
  Value high = AffineVectorLoadOp::create(
      b, loc, vectorType, read.load.getMemRef(),
      mapAtFirstLane(read, first, width - 1), operands);
  // Lane k is element 2k: in `low` for k < W/2, else element 2k - (W - 1)
  // of `high`, which is lane W + 2k - (W - 1) of the pair.
  SmallVector<int64_t> mask;
  for (int64_t k = 0; k < width; ++k)
    mask.push_back(2 * k < width ? 2 * k : 2 * k + 1);
  Value lanes = vector::ShuffleOp::create(b, loc, low, high, mask);
  vector::StoreOp::create(b, loc, lanes, buffer, ValueRange{zero});
  return buffer;
}

} // namespace

void hcl::stageStridedReads(AffineForOp loop, int64_t width) {
  if (width < 2 || width % 2 || loop.getStepAsInt() != 1 ||
      !loop.hasConstantLowerBound() ||
      getConstantTripCount(loop) != std::optional<uint64_t>(width))
    return;
  func::FuncOp func = hcl::enclosingFunctionOfSequentialNest(loop);
  if (!func)
    return;
  SmallVector<StridedRead> reads;
  for (auto load : loop.getBody()->getOps<AffineLoadOp>())
    if (std::optional<StridedRead> read = asStridedRead(load, loop))
      if (!hcl::mayWrite(loop, load.getMemRef()))
        reads.push_back(*read);
  // Equal reads (the copies of an unrolled body) share one buffer.
  struct Staged {
    Value memref;
    AffineMap map;
    SmallVector<Value> operands;
    Value buffer;
  };
  SmallVector<Staged> staged;
  for (StridedRead &read : reads) {
    Value memref = read.load.getMemRef(), buffer;
    for (Staged &other : staged)
      if (other.memref == memref && other.map == read.map.getAffineMap() &&
          llvm::equal(other.operands, read.map.getOperands()))
        buffer = other.buffer;
    if (!buffer) {
      buffer = loadLanes(read, loop, width, func);
      staged.push_back({memref, read.map.getAffineMap(),
                        llvm::to_vector(read.map.getOperands()), buffer});
    }
    OpBuilder b(read.load);
    AffineExpr lane = b.getAffineDimExpr(0) - loop.getConstantLowerBound();
    Value value = AffineLoadOp::create(b, read.load.getLoc(), buffer,
                                       AffineMap::get(1, 0, lane),
                                       ValueRange{loop.getInductionVar()});
    read.load.getResult().replaceAllUsesWith(value);
    read.load.erase();
  }
}
