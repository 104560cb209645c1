//===- DefaultStreams.cpp - stream candidates of the default schedule -----===//

#include "DefaultStreams.h"

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

using namespace mlir;

namespace hcl {
namespace {

/// The stage (a top-level loop with a `stage_name`) `op` is in, or "" when
/// `op` is anywhere else (a return, a schedule operation, a call).
StringRef stageOf(func::FuncOp func, Operation *op) {
  Operation *top = func.getBody().front().findAncestorOpInBlock(*op);
  auto stage = dyn_cast_or_null<affine::AffineForOp>(top);
  if (!stage)
    return "";
  auto name = stage->getAttrOfType<StringAttr>("stage_name");
  return name ? name.getValue() : "";
}

} // namespace

memref::AllocOp findArray(func::FuncOp func, StringRef name) {
  for (auto alloc : func.getBody().front().getOps<memref::AllocOp>())
    if (auto attr = alloc->getAttrOfType<StringAttr>("name"))
      if (attr.getValue() == name)
        return alloc;
  return {};
}

SmallVector<StreamCandidate> streamCandidates(func::FuncOp func) {
  SmallVector<StreamCandidate> candidates;
  for (auto alloc : func.getBody().front().getOps<memref::AllocOp>()) {
    auto name = alloc->getAttrOfType<StringAttr>("name");
    if (!name)
      continue;
    std::string consumer;
    bool usable = true;
    for (Operation *user : alloc->getUsers()) {
      if (isa<memref::DeallocOp>(user))
        continue;
      StringRef stage = stageOf(func, user);
      if (stage.empty())
        usable = false; // returned, partitioned, passed to a call, ...
      else if (stage != name.getValue()) {
        usable &= consumer.empty() || consumer == stage;
        consumer = stage.str();
      }
    }
    if (usable && !consumer.empty())
      candidates.push_back({alloc, name.getValue().str(), consumer});
  }
  return candidates;
}

SmallVector<Operation *> writeStream(func::FuncOp func,
                                     const StreamCandidate &candidate) {
  OpBuilder b(func.getBody().back().getTerminator());
  memref::AllocOp array = candidate.array;
  Location loc = array.getLoc();
  auto handle =
      CreateStageHandleOp::create(b, loc, b.getStringAttr(candidate.consumer));
  auto to = ToOp::create(b, loc, array.getResult(), handle, IntegerAttr());
  return {handle, to};
}

} // namespace hcl
