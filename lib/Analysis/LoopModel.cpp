//===- LoopModel.cpp - trip counts of affine and scf loops ----------------===//
//
// An scf loop's bounds may be loaded from memory (CSR row pointers) and an
// scf.while runs until its condition fails: their trip count is unknown to
// the estimator, which then says so and takes the loop's `max_trip_count`
// (the bound the front end or the designer gives) as the worst case.
//
//===----------------------------------------------------------------------===//

#include "LoopModel.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

bool isEstimatedLoop(Operation *op) {
  return isa<AffineForOp, scf::ForOp, scf::WhileOp>(op);
}

TripCount tripCountOf(Operation *loop) {
  TripCount t;
  if (auto max = loop->getAttrOfType<IntegerAttr>("max_trip_count"))
    t.max = std::max<int64_t>(0, max.getInt());
  if (auto affineLoop = dyn_cast<AffineForOp>(loop)) {
    if (std::optional<uint64_t> trips = getConstantTripCount(affineLoop))
      t.exact = static_cast<int64_t>(*trips);
    else
      t.why = "symbolic bounds";
  } else if (auto scfLoop = dyn_cast<scf::ForOp>(loop)) {
    std::optional<APInt> trips = scfLoop.getStaticTripCount();
    if (trips && trips->getActiveBits() < 63)
      t.exact = static_cast<int64_t>(trips->getZExtValue());
    else
      t.why = "scf.for with bounds known at run time";
  } else {
    t.why = "scf.while";
  }
  if (t.exact)
    t.max.reset();
  return t;
}

int64_t countingTrips(Operation *loop) {
  TripCount t = tripCountOf(loop);
  return t.exact ? *t.exact : t.max ? *t.max : 1;
}

SmallVector<Block *, 2> iterationBlocks(Operation *loop) {
  if (auto w = dyn_cast<scf::WhileOp>(loop))
    return {w.getBeforeBody(), w.getAfterBody()};
  return {&loop->getRegion(0).front()};
}

std::string arrayName(Value memref) {
  if (Operation *def = memref.getDefiningOp())
    if (auto name = def->getAttrOfType<StringAttr>("name"))
      return name.getValue().str();
  if (auto arg = dyn_cast<BlockArgument>(memref))
    if (isa<func::FuncOp>(arg.getOwner()->getParentOp()))
      return "arg" + std::to_string(arg.getArgNumber());
  return "an array";
}

} // namespace hcl
