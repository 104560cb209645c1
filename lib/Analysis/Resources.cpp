//===- Resources.cpp - DSPs, BRAMs and registers of a function ------------===//
//
// A first-order count, as a designer would do by hand: integer and fixed-
// point multipliers take the DSP tiles of their widths (OperatorCost.h),
// a float multiply 3 and a float add 2; a
// pipelined loop needs one unit per operation of its (unrolled) body, other
// code shares one unit per kind. An on-chip array takes ceil(bits / 18 Kb)
// BRAMs per bank, unless a bank holds one element or the array is at most
// 1 Kb: then it is registers. A memref.global the function reads (weights)
// is such an array too.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/Estimate.h"
#include "hcl/Analysis/OperatorCost.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

#include <set>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// Copies of `op` that run at once inside `pipelined`: the trip counts of
/// the loops between them (unrolled under the pipeline).
static int64_t copies(Operation *op, Operation *pipelined) {
  int64_t n = 1;
  for (auto loop = op->getParentOfType<AffineForOp>();
       loop && pipelined->isProperAncestor(loop);
       loop = loop->getParentOfType<AffineForOp>())
    n *= static_cast<int64_t>(getConstantTripCount(loop).value_or(1));
  return n;
}

static void countArray(MemRefType type, Resources &r) {
  if (!type.hasStaticShape())
    return;
  int64_t elements = type.getNumElements();
  int64_t bits = elements * dataWidth(type.getElementType());
  int64_t banks = 1;
  if (FailureOr<SmallVector<DimPartition>> parts = readPartition(type);
      succeeded(parts))
    for (auto [dim, p] : llvm::enumerate(*parts))
      banks *= p.kind == DimPartition::Kind::Complete ? type.getDimSize(dim)
               : p.kind == DimPartition::Kind::None   ? 1
                                                      : p.factor;
  if (banks >= elements || bits <= 1024) {
    r.registerBits += bits;
    return;
  }
  int64_t bankBits = llvm::divideCeil(bits, banks);
  r.bram18k += banks * llvm::divideCeil(bankBits, 18432);
}

static Resources estimateResources(func::FuncOp func,
                                   llvm::SmallPtrSetImpl<Operation *> &counted);

/// Each function called is one instance of its hardware, counted once
/// (HLS shares a function's module between calls in sequence).
static void countCallee(func::CallOp call, Resources &r,
                        llvm::SmallPtrSetImpl<Operation *> &counted) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || callee.isExternal() || !counted.insert(callee).second)
    return;
  Resources inner = estimateResources(callee, counted);
  r.dsp += inner.dsp;
  r.bram18k += inner.bram18k;
  r.registerBits += inner.registerBits;
}

Resources estimateResources(func::FuncOp func) {
  llvm::SmallPtrSet<Operation *, 8> counted;
  counted.insert(func);
  return estimateResources(func, counted);
}

static Resources
estimateResources(func::FuncOp func,
                  llvm::SmallPtrSetImpl<Operation *> &counted) {
  Resources r;
  std::set<std::string> sharedKinds;
  // Returned buffers are the function's output ports, not on-chip memory.
  llvm::SmallPtrSet<Value, 4> returned;
  func.walk([&](func::ReturnOp ret) {
    for (Value v : ret.getOperands())
      returned.insert(v);
  });
  // A global read through memref.get_global (weights) is an on-chip ROM,
  // counted once however often the function names it.
  std::set<std::string> globals;
  func.walk([&](Operation *op) {
    if (auto call = dyn_cast<func::CallOp>(op))
      countCallee(call, r, counted);
    // A stream is a FIFO of its depth (shift registers), not an array.
    auto depth = op->getAttrOfType<IntegerAttr>("stream_depth");
    if (depth && isa<memref::AllocOp>(op))
      r.registerBits +=
          depth.getInt() *
          dataWidth(
              cast<MemRefType>(op->getResult(0).getType()).getElementType());
    else if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
             !returned.contains(op->getResult(0)))
      countArray(cast<MemRefType>(op->getResult(0).getType()), r);
    if (auto get = dyn_cast<memref::GetGlobalOp>(op);
        get && globals.insert(get.getName().str()).second)
      countArray(get.getType(), r);
    int64_t cost = dspCost(op);
    if (!cost)
      return;
    // The outermost pipelined loop around the operation, of any kind (an
    // scf.for or scf.while of imperative code too).
    Operation *pipelined = nullptr;
    for (Operation *p = op->getParentOp(); p && p != func.getOperation();
         p = p->getParentOp())
      if (p->hasAttr("pipeline_ii"))
        pipelined = p;
    if (pipelined)
      r.dsp += cost * copies(op, pipelined);
    else if (sharedKinds.insert(op->getName().getStringRef().str()).second)
      r.dsp += cost;
  });
  return r;
}

} // namespace hcl
