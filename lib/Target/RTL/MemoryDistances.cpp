//===- MemoryDistances.cpp - loop-carried distances per memory ------------===//
//
// The modulo scheduler lets the next iterations' accesses of a written
// memory overlap this one's as far as the dependences allow: with the
// smallest carried distance d, iteration n + d must find iteration n's
// accesses done, so they may span up to d * II cycles; with no carried
// dependence, only the port limits them. The distances come from MLIR's
// affine analysis (carriedDistance, shared with the estimator's RecMII) on
// the affine loop, before hcl-rtl-lower-affine lowers it, and travel on the
// loop as an attribute keyed by memory.
//
//===----------------------------------------------------------------------===//

#include "MemoryDistances.h"
#include "SplitBanks.h"

#include "hcl/Analysis/Estimate.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace hcl::rtl {

static constexpr llvm::StringLiteral kMemoryAttr = "rtl.memory";

void nameMemories(Operation *func) {
  int next = 0;
  func->walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op))
      op->setAttr(
          kMemoryAttr,
          StringAttr::get(op->getContext(), "alloc" + std::to_string(next++)));
  });
}

std::string memoryKey(Value root) {
  // A bank of a partitioned argument has its array's key (SplitBanks.h):
  // the distances were found on the array.
  if (auto argument = dyn_cast<BlockArgument>(root)) {
    auto func = dyn_cast<func::FuncOp>(argument.getOwner()->getParentOp());
    IntegerAttr original = func ? func.getArgAttrOfType<IntegerAttr>(
                                      argument.getArgNumber(), kArgumentAttr)
                                : IntegerAttr();
    return "arg" + std::to_string(original ? original.getInt()
                                           : argument.getArgNumber());
  }
  if (Operation *def = root.getDefiningOp())
    if (auto name = def->getAttrOfType<StringAttr>(kMemoryAttr))
      return name.str();
  return "";
}

static Value accessedMemref(Operation *op) {
  if (isa<affine::AffineReadOpInterface, affine::AffineWriteOpInterface>(op))
    return affine::MemRefAccess(op).memref;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  return {};
}

static bool isWrite(Operation *op) {
  return isa<affine::AffineWriteOpInterface, memref::StoreOp>(op);
}

DictionaryAttr smallestDistances(Operation *root, DistanceFn distance) {
  llvm::MapVector<Value, SmallVector<Operation *>> accesses;
  root->walk([&](Operation *op) {
    if (Value memref = accessedMemref(op))
      accesses[memref].push_back(op);
  });
  Builder builder(root->getContext());
  SmallVector<NamedAttribute> distances;
  for (auto &[memref, ops] : accesses) {
    std::string key = memoryKey(memref);
    if (key.empty() || !llvm::any_of(ops, isWrite))
      continue;
    // A dependence from each access to each (itself too: a store's
    // element written again later), one of the two a write.
    std::optional<int64_t> smallest;
    for (Operation *src : ops)
      for (Operation *dst : ops) {
        if (!isWrite(src) && !isWrite(dst))
          continue;
        std::optional<int64_t> d = distance(src, dst);
        if (d && (!smallest || *d < *smallest))
          smallest = d;
      }
    distances.push_back(builder.getNamedAttr(
        key, builder.getI64IntegerAttr(smallest.value_or(0))));
  }
  return builder.getDictionaryAttr(distances);
}

DictionaryAttr memoryDistances(affine::AffineForOp loop) {
  return smallestDistances(loop, [&](Operation *src, Operation *dst) {
    return carriedDistance(loop, src, dst);
  });
}

std::optional<int64_t> keptDistance(Operation *loop, Value memory) {
  auto kept = loop->getAttrOfType<DictionaryAttr>(kDistancesAttr);
  std::string key = memoryKey(memory);
  auto distance =
      kept && !key.empty() ? kept.getAs<IntegerAttr>(key) : IntegerAttr();
  if (!distance)
    return 1;
  if (distance.getInt() == 0)
    return std::nullopt;
  return distance.getInt();
}

} // namespace hcl::rtl
