//===- LocalBuffersOnStack.cpp - small local buffers as stack memory ------===//
//
// reuse_at's line and window buffers, buffer_at's tiles and the stages'
// intermediate arrays are `memref.alloc`s: heap memory, which the HLS
// backend prints as local arrays. On the CPU a small buffer is better on
// the stack: no malloc/free per call, and LLVM can keep a window whose
// accesses unrolling made constant in registers (SROA), which it never does
// for heap memory. A buffer moves to the stack when its shape is static,
// it is at most 64 KiB (well inside a thread's stack), and it is only read,
// written and freed in its function (not returned, stored or passed to a
// call), and while the function's stack buffers together stay within
// 1 MiB, smallest first: a model imported from ONNX has hundreds of
// intermediate arrays of up to 64 KiB each, which together would overflow the
// 8 MiB stack of the thread that runs it (a 288-node MobileNet chain
// crashed). The alloca is placed at the start of the function, so a buffer
// allocated inside a loop does not grow the stack on every iteration (each
// iteration gets the same memory, as it got a fresh buffer before), except
// inside a parallel loop, where each thread needs a buffer of its own.
//
//===----------------------------------------------------------------------===//

#include "StackSlots.h"

#include "hcl/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOCALBUFFERSONSTACK
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-local-buffers-on-stack"

using namespace mlir;

namespace {

constexpr uint64_t kMaxStackBufferBytes = 64 * 1024;
constexpr uint64_t kMaxStackBytesPerFunction = 1024 * 1024;

uint64_t sizeInBytes(MemRefType type) {
  return type.getNumElements() *
         std::max<uint64_t>(1, (type.getElementTypeBitWidth() + 7) / 8);
}

bool isSmall(MemRefType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat() ||
      !type.getLayout().isIdentity())
    return false;
  return sizeInBytes(type) <= kMaxStackBufferBytes;
}

/// The smallest buffers first, as long as they fit the function's budget
/// (the small ones are the windows that SROA keeps in registers).
void keepWithinBudget(SmallVectorImpl<memref::AllocOp> &allocs) {
  llvm::stable_sort(allocs, [](memref::AllocOp a, memref::AllocOp b) {
    return sizeInBytes(a.getType()) < sizeInBytes(b.getType());
  });
  uint64_t total = 0;
  size_t kept = 0;
  while (kept < allocs.size() && total + sizeInBytes(allocs[kept].getType()) <=
                                     kMaxStackBytesPerFunction)
    total += sizeInBytes(allocs[kept++].getType());
  allocs.resize(kept);
}

/// Inside a loop whose iterations run on several threads, each thread needs
/// its own buffer: one stack buffer at the function's start would be shared.
/// Such buffers stay where they are, on the heap.
bool insideParallelLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (parent->hasAttr("parallel") || isa<scf::ParallelOp>(parent) ||
        parent->getDialect()->getNamespace() == "omp")
      return true;
  return false;
}

struct LocalBuffersOnStackPass
    : hcl::impl::LocalBuffersOnStackBase<LocalBuffersOnStackPass> {
  void runOnOperation() override {
    getOperation()->walk([](func::FuncOp function) {
      if (function.isExternal())
        return;
      hcl::shareStackSlots(function, kMaxStackBytesPerFunction);
      SmallVector<memref::AllocOp> allocs;
      function.walk([&](memref::AllocOp alloc) {
        if (alloc.getDynamicSizes().empty() &&
            alloc.getSymbolOperands().empty() && isSmall(alloc.getType()) &&
            hcl::staysLocal(alloc) && !insideParallelLoop(alloc))
          allocs.push_back(alloc);
      });
      keepWithinBudget(allocs);
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": " << allocs.size() << " buffers of @"
                 << function.getSymName() << " move to the stack\n");
      for (memref::AllocOp alloc : allocs) {
        // A fresh builder each time: the block's first operation may be an
        // alloc erased below.
        auto builder = OpBuilder::atBlockBegin(&function.getBody().front());
        auto stack = memref::AllocaOp::create(
            builder, alloc.getLoc(), alloc.getType(), alloc.getAlignmentAttr());
        stack->setAttrs(alloc->getAttrs());
        for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
          if (isa<memref::DeallocOp>(user))
            user->erase();
        alloc.replaceAllUsesWith(stack.getResult());
        alloc.erase();
      }
    });
  }
};

} // namespace

bool hcl::staysLocal(memref::AllocOp alloc) {
  for (OpOperand &use : alloc->getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::DeallocOp>(user))
      continue;
    if (auto store = dyn_cast<affine::AffineStoreOp>(user)) {
      if (store.getValueToStore() == alloc.getResult())
        return false;
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      if (store.getValueToStore() == alloc.getResult())
        return false;
      continue;
    }
    if (isa<affine::AffineLoadOp, memref::LoadOp, vector::TransferReadOp,
            vector::TransferWriteOp>(user))
      continue;
    return false;
  }
  return true;
}
