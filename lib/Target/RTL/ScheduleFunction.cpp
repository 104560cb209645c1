//===- ScheduleFunction.cpp - a function's states ---------------*- C++ -*-===//
//
// Lays out a function as a state graph (Fsm.h). Straight-line segments are
// scheduled ASAP: an operation is placed in the cycle its operands are
// ready (combinational operators chain within a cycle, a load's data is
// ready one cycle after its issue), and no later than allowed by the one
// port of each memory: accesses to one memory keep their program order, one
// per cycle. Control operations get states of their own, and loops run one
// iteration after another; a modulo schedule of pipelined loops replaces
// this for them next.
//
//===----------------------------------------------------------------------===//

#include "Fsm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl::rtl {

Value memoryRoot(Value memref) {
  if (isa<BlockArgument>(memref))
    return memref;
  Operation *def = memref.getDefiningOp();
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return memref;
  return {};
}

namespace {

/// A state's transition slot that the next construct fills.
struct Exit {
  int state;
  int slot;
};

/// A laid-out construct: its first state and its open exits.
struct Fragment {
  int entry;
  SmallVector<Exit> exits;
};

static bool isControl(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, scf::IfOp>(op);
}

static Value accessedMemory(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return memoryRoot(load.getMemRef());
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return memoryRoot(store.getMemRef());
  return {};
}

class Builder {
public:
  Fsm fsm;

  int newState() {
    fsm.states.emplace_back();
    return fsm.states.size() - 1;
  }
  State &state(int id) { return fsm.states[id]; }

  /// Lays out `block` but its terminator; `tail` is its last state, whose
  /// copies and transition the caller sets.
  int layoutBlock(Block &block, int &tail);

private:
  Fragment layoutSegment(ArrayRef<Operation *> ops);
  Fragment layoutControl(Operation *op);
  Fragment layoutFor(scf::ForOp loop);
  Fragment layoutWhile(scf::WhileOp loop);
  Fragment layoutIf(scf::IfOp branch);
  void copyInto(int id, ValueRange registers, ValueRange sources) {
    for (auto [reg, source] : llvm::zip_equal(registers, sources))
      state(id).copies.push_back({reg, source});
  }
};

} // namespace

Fragment Builder::layoutSegment(ArrayRef<Operation *> ops) {
  DenseMap<Value, unsigned> ready;
  DenseMap<Value, int> lastAccess;
  SmallVector<unsigned> cycles;
  unsigned length = 1;
  for (Operation *op : ops) {
    unsigned cycle = 0;
    for (Value operand : op->getOperands())
      cycle = std::max(cycle, ready.lookup(operand));
    if (Value memory = accessedMemory(op)) {
      auto last = lastAccess.find(memory);
      if (last != lastAccess.end())
        cycle = std::max<unsigned>(cycle, last->second + 1);
      lastAccess[memory] = cycle;
    }
    unsigned latency = isa<memref::LoadOp>(op) ? 1 : 0;
    for (Value result : op->getResults())
      ready[result] = cycle + latency;
    cycles.push_back(cycle);
    length = std::max(length, cycle + latency + 1);
  }
  int first = fsm.states.size();
  for (unsigned i = 0; i < length; ++i) {
    int id = newState();
    if (i > 0)
      state(id - 1).next[0] = id;
  }
  for (auto [op, cycle] : llvm::zip_equal(ops, cycles)) {
    int id = first + cycle;
    state(id).ops.push_back(op);
    if (accessedMemory(op))
      fsm.issue[op] = id;
    int produced = isa<memref::LoadOp>(op) ? id + 1 : id;
    for (Value result : op->getResults())
      fsm.producer[result] = produced;
  }
  return {first, {{first + static_cast<int>(length) - 1, 0}}};
}

int Builder::layoutBlock(Block &block, int &tail) {
  int entry = -1;
  SmallVector<Exit> pending;
  auto link = [&](Fragment fragment) {
    if (entry < 0)
      entry = fragment.entry;
    for (Exit exit : pending)
      state(exit.state).next[exit.slot] = fragment.entry;
    pending = fragment.exits;
  };
  SmallVector<Operation *> segment;
  for (Operation &op : block.without_terminator()) {
    // Constants are wires, in no state.
    if (isa<arith::ConstantOp>(op))
      continue;
    if (!isControl(&op)) {
      segment.push_back(&op);
      continue;
    }
    if (!segment.empty())
      link(layoutSegment(segment));
    segment.clear();
    link(layoutControl(&op));
  }
  Fragment last = layoutSegment(segment);
  link(last);
  tail = last.exits.front().state;
  return entry;
}

Fragment Builder::layoutControl(Operation *op) {
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return layoutFor(loop);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return layoutWhile(loop);
  return layoutIf(cast<scf::IfOp>(op));
}

Fragment Builder::layoutFor(scf::ForOp loop) {
  int init = newState();
  state(init).forInit = loop;
  copyInto(init, loop.getRegionIterArgs(), loop.getInitArgs());
  int tail;
  int body = layoutBlock(*loop.getBody(), tail);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  state(tail).forLatch = loop;
  copyInto(tail, loop.getRegionIterArgs(), yield.getOperands());
  state(tail).next[0] = body;
  state(init).next[0] = body;
  for (auto [result, carried] :
       llvm::zip_equal(loop.getResults(), loop.getRegionIterArgs()))
    fsm.aliases[result] = carried;
  return {init, {{init, 1}, {tail, 1}}};
}

Fragment Builder::layoutWhile(scf::WhileOp loop) {
  int init = newState();
  copyInto(init, loop.getBeforeArguments(), loop.getInits());
  int beforeTail, afterTail;
  int before = layoutBlock(loop.getBefore().front(), beforeTail);
  int after = layoutBlock(loop.getAfter().front(), afterTail);
  scf::ConditionOp condition = loop.getConditionOp();
  state(init).next[0] = before;
  state(beforeTail).condition = condition.getCondition();
  copyInto(beforeTail, loop.getAfterArguments(), condition.getArgs());
  state(beforeTail).next[0] = after;
  copyInto(afterTail, loop.getBeforeArguments(),
           loop.getYieldOp().getOperands());
  state(afterTail).next[0] = before;
  for (auto [result, forwarded] :
       llvm::zip_equal(loop.getResults(), loop.getAfterArguments()))
    fsm.aliases[result] = forwarded;
  return {init, {{beforeTail, 1}}};
}

Fragment Builder::layoutIf(scf::IfOp branch) {
  int test = newState();
  state(test).condition = branch.getCondition();
  int thenTail;
  state(test).next[0] = layoutBlock(branch.getThenRegion().front(), thenTail);
  copyInto(thenTail, branch.getResults(), branch.thenYield().getOperands());
  Fragment fragment{test, {{thenTail, 0}}};
  if (branch.getElseRegion().empty()) {
    fragment.exits.push_back({test, 1});
    return fragment;
  }
  int elseTail;
  state(test).next[1] = layoutBlock(branch.getElseRegion().front(), elseTail);
  copyInto(elseTail, branch.getResults(), branch.elseYield().getOperands());
  fragment.exits.push_back({elseTail, 0});
  return fragment;
}

Fsm scheduleFunction(func::FuncOp func) {
  Builder builder;
  int tail;
  builder.fsm.entry = builder.layoutBlock(func.getBody().front(), tail);
  State &last = builder.state(tail);
  last.ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  last.finish = true;
  return std::move(builder.fsm);
}

} // namespace hcl::rtl
