//===- FifoDetection.cpp - FIFO channels between filters ------------------===//
//
// The ONNX-to-Bambu thesis: "FIFO queues are detected in the trivial case of
// single read and write accesses on matching indexes and loop nests". A buffer
// of the entry function passed to exactly two filters, the first of which
// stores into it once and the second loads from it once, both at the
// identity index of a loop nest that walks the buffer's shape in order
// (bounds 0..size, step 1, not `parallel`), is a channel: every element is
// written once and read once, in the same order. The buffer and both
// parameters are marked; the C emitter passes them through Bambu's FIFO
// interface (hcl_fifo.h: a pointer read and written in order).
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

namespace {

/// Whether `access` (of a buffer of `shape`) sits directly in a loop nest
/// that visits the buffer's elements once each, in row-major order.
bool inOrder(Operation *access, AffineMap map, ValueRange operands,
             ArrayRef<int64_t> shape) {
  SmallVector<AffineForOp> nest;
  for (Operation *p = access->getParentOp(); !isa<func::FuncOp>(p);
       p = p->getParentOp()) {
    auto loop = dyn_cast<AffineForOp>(p);
    if (!loop)
      return false;
    nest.insert(nest.begin(), loop);
  }
  if (nest.size() != shape.size() || !map.isIdentity())
    return false;
  for (auto [i, loop] : llvm::enumerate(nest)) {
    std::optional<int64_t> trips = tripCount(loop);
    if (!loop.hasConstantLowerBound() || loop.getConstantLowerBound() != 0 ||
        loop.getStepAsInt() != 1 || !trips || *trips != shape[i] ||
        loop->hasAttr("parallel") || operands[i] != loop.getInductionVar())
      return false;
  }
  return true;
}

/// The parameter of `call`'s filter that receives `buffer`, if it receives
/// it once.
std::optional<unsigned> parameterOf(func::CallOp call, Value buffer) {
  std::optional<unsigned> found;
  for (auto [i, operand] : llvm::enumerate(call.getOperands()))
    if (operand == buffer) {
      if (found)
        return std::nullopt;
      found = i;
    }
  return found;
}

bool writesInOrder(BlockArgument param, ArrayRef<int64_t> shape) {
  if (!param.hasOneUse())
    return false;
  auto store = dyn_cast<AffineStoreOp>(*param.getUsers().begin());
  return store && store.getMemRef() == param &&
         inOrder(store, store.getAffineMap(), store.getMapOperands(), shape);
}

bool readsInOrder(BlockArgument param, ArrayRef<int64_t> shape) {
  if (!param.hasOneUse())
    return false;
  auto load = dyn_cast<AffineLoadOp>(*param.getUsers().begin());
  return load &&
         inOrder(load, load.getAffineMap(), load.getMapOperands(), shape);
}

void detectIn(func::FuncOp entry, ModuleOp module) {
  for (auto alloc : entry.getBody().front().getOps<memref::AllocOp>()) {
    Value buffer = alloc.getResult();
    SmallVector<Operation *> users(buffer.getUsers());
    if (users.size() != 2 ||
        !llvm::all_of(users, [](Operation *u) { return isa<func::CallOp>(u); }))
      continue;
    auto producer = cast<func::CallOp>(users[0]);
    auto consumer = cast<func::CallOp>(users[1]);
    if (consumer->isBeforeInBlock(producer))
      std::swap(producer, consumer);
    auto p = parameterOf(producer, buffer), c = parameterOf(consumer, buffer);
    auto pf = module.lookupSymbol<func::FuncOp>(producer.getCallee());
    auto cf = module.lookupSymbol<func::FuncOp>(consumer.getCallee());
    if (!p || !c || !pf || !cf || !pf->hasAttr(kFilterAttr) ||
        !cf->hasAttr(kFilterAttr) || pf == cf)
      continue;
    ArrayRef<int64_t> shape = alloc.getType().getShape();
    if (!writesInOrder(pf.getArgument(*p), shape) ||
        !readsInOrder(cf.getArgument(*c), shape))
      continue;
    UnitAttr mark = UnitAttr::get(entry.getContext());
    alloc->setAttr(kFifoAttr, mark);
    pf.setArgAttr(*p, kFifoAttr, mark);
    cf.setArgAttr(*c, kFifoAttr, mark);
  }
}

} // namespace

void detectFifos(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && !func->hasAttr(kFilterAttr))
      detectIn(func, module);
}

} // namespace hcl::bambu
