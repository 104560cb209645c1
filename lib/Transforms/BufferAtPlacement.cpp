//===- BufferAtPlacement.cpp - where a write buffer is allocated ----------===//
//
// buffer_at used to allocate and free its buffer in every iteration of the
// axis. The buffer's size does not change between iterations, so one
// allocation serves them all, and a small one on the stack at the entry of
// the function is what LLVM turns into registers once the copies and the
// point loops are unrolled (the register-blocked gemm). HLS C++ prints
// either kind as a local array.
//
//===----------------------------------------------------------------------===//

#include "BufferAtPlacement.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

bool isParallel(Operation *op) {
  return isa<AffineParallelOp>(op) || op->hasAttr("parallel");
}

/// The outermost of the affine loops and conditions around `axis` (or the
/// axis) that no `parallel` loop separates from it; null when the axis
/// itself is parallel.
Operation *outermostShared(AffineForOp axis) {
  if (isParallel(axis))
    return nullptr;
  Operation *outermost = axis;
  for (Operation *parent = axis->getParentOp();
       isa_and_nonnull<AffineForOp, AffineIfOp>(parent) && !isParallel(parent);
       parent = parent->getParentOp())
    outermost = parent;
  return outermost;
}

bool fitsOnStack(MemRefType type) {
  // Fixed-point and other element types are at most 64 bits wide here.
  Type element = type.getElementType();
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 64;
  return type.hasStaticShape() &&
         type.getNumElements() * ((bits + 7) / 8) <= kStackBufferBytes;
}

} // namespace

Value allocateBuffer(OpBuilder &builder, Location loc, MemRefType type,
                     AffineForOp axis, Block *block) {
  OpBuilder::InsertionGuard guard(builder);
  Operation *outermost = outermostShared(axis);
  if (!outermost) {
    builder.setInsertionPointToStart(block);
    Value buffer = memref::AllocOp::create(builder, loc, type);
    builder.setInsertionPoint(block->getTerminator());
    memref::DeallocOp::create(builder, loc, buffer);
    return buffer;
  }
  Block *home = outermost->getBlock();
  bool atEntry = isa<func::FuncOp>(home->getParentOp()) &&
                 home->getParent()->hasOneBlock();
  if (atEntry)
    builder.setInsertionPointToStart(home);
  else
    builder.setInsertionPoint(outermost);
  // Only an alloca at the entry is allocated once (and promotable).
  if (atEntry && fitsOnStack(type))
    return memref::AllocaOp::create(builder, loc, type);
  Value buffer = memref::AllocOp::create(builder, loc, type);
  if (atEntry)
    builder.setInsertionPoint(home->getTerminator());
  else
    builder.setInsertionPointAfter(outermost);
  memref::DeallocOp::create(builder, loc, buffer);
  return buffer;
}

} // namespace hcl
