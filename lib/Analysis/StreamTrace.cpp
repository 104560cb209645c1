//===- StreamTrace.cpp - the processes of a dataflow function -------------===//
//
// The trace runs the affine loops that reach a channel with integer
// induction variables (MLIR's affine maps evaluated on constants) and
// records each channel load and store as an event; loops that do not reach
// a channel are not run, only scanned once for the ordinary buffers they
// use. Calls are followed into their callees, whose memref arguments stand
// for the caller's buffers.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/StreamTrace.h"
#include "hcl/Analysis/AffineEvaluate.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

std::string bufferName(Value buffer) {
  if (Operation *def = buffer.getDefiningOp())
    if (auto name = def->getAttrOfType<StringAttr>("name"))
      return name.getValue().str();
  return "the buffer";
}

std::string describeElement(Value buffer, int64_t element) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> index(type.getRank());
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    index[d] = element % type.getDimSize(d);
    element /= type.getDimSize(d);
  }
  std::string text = bufferName(buffer);
  for (int64_t i : index)
    text += "[" + std::to_string(i) + "]";
  return text;
}

namespace {

/// What the trace knows about the values of one function instance: integer
/// values of induction variables and index arguments, and which buffer of
/// the traced function each memref argument is.
struct Frame {
  llvm::DenseMap<Value, int64_t> integers;
  llvm::DenseMap<Value, Value> buffers;
  /// Whether an operation reaches a channel (fixed for the instance: it
  /// depends on `buffers` only), so that loops ask once, not per iteration.
  llvm::DenseMap<Operation *, bool> reaches;
};

class Tracer {
public:
  Tracer(func::FuncOp func, const llvm::DenseMap<Value, unsigned> &channels,
         uint64_t maxEvents, uint64_t &eventCount)
      : func(func), channels(channels), maxEvents(maxEvents),
        eventCount(eventCount) {}

  LogicalResult trace(Operation *root, DataflowProcess &process) {
    this->process = &process;
    Frame frame;
    collectEffects(root, frame);
    return maxEvents == 0 ? success() : run(root, frame);
  }

private:
  Value buffer(Value memref, const Frame &frame) const {
    auto it = frame.buffers.find(memref);
    return it == frame.buffers.end() ? memref : it->second;
  }

  std::optional<unsigned> channel(Value memref, const Frame &frame) const {
    auto it = channels.find(buffer(memref, frame));
    if (it == channels.end())
      return std::nullopt;
    return it->second;
  }

  /// The frame a call's callee runs in.
  FailureOr<Frame> enter(func::CallOp call, func::FuncOp callee,
                         const Frame &frame, bool needIntegers) {
    Frame inner;
    for (auto [arg, operand] :
         llvm::zip(callee.getArguments(), call.getOperands())) {
      if (isa<MemRefType>(arg.getType())) {
        inner.buffers[arg] = buffer(operand, frame);
      } else if (needIntegers && arg.getType().isIntOrIndex()) {
        FailureOr<int64_t> v = integer(operand, frame);
        if (succeeded(v))
          inner.integers[arg] = *v;
      }
    }
    return inner;
  }

  func::FuncOp calleeOf(func::CallOp call) {
    return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
  }

  /// Records the ordinary buffers `op` reads and writes (once per process,
  /// not per iteration).
  void collectEffects(Operation *root, const Frame &frame) {
    root->walk([&](Operation *op) {
      auto note = [&](Value memref, bool isWrite) {
        // Buffers local to the process do not connect it to others.
        Value b = buffer(memref, frame);
        if (auto c = channels.find(b); c != channels.end()) {
          (isWrite ? process->channelsWritten : process->channelsRead)
              .insert(c->second);
          return;
        }
        if (b.getParentRegion() != &func.getBody())
          return;
        (isWrite ? process->writes : process->reads).insert(b);
      };
      if (auto call = dyn_cast<func::CallOp>(op)) {
        func::FuncOp callee = calleeOf(call);
        if (!callee || callee.isExternal()) {
          for (Value v : call.getOperands())
            if (isa<MemRefType>(v.getType()))
              note(v, true), note(v, false);
          return;
        }
        FailureOr<Frame> inner = enter(call, callee, frame, false);
        collectEffects(callee, *inner);
        return;
      }
      if (auto load = dyn_cast<AffineLoadOp>(op))
        return note(load.getMemRef(), false);
      if (auto load = dyn_cast<memref::LoadOp>(op))
        return note(load.getMemRef(), false);
      if (auto store = dyn_cast<AffineStoreOp>(op))
        return note(store.getMemRef(), true);
      if (auto store = dyn_cast<memref::StoreOp>(op))
        return note(store.getMemRef(), true);
      if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp>(op))
        return;
      // Anything else that takes a buffer: read and written, to be safe.
      for (Value v : op->getOperands())
        if (isa<MemRefType>(v.getType()))
          note(v, true), note(v, false);
    });
  }

  /// Whether `op` accesses a channel, directly or through a call.
  bool reachesChannel(Operation *op, Frame &frame) {
    auto cached = frame.reaches.find(op);
    if (cached != frame.reaches.end())
      return cached->second;
    bool found = false;
    op->walk([&](Operation *inner) {
      if (found)
        return WalkResult::interrupt();
      for (Value v : inner->getOperands())
        if (isa<MemRefType>(v.getType()) && channel(v, frame))
          found = true;
      return WalkResult::advance();
    });
    return frame.reaches[op] = found;
  }

  FailureOr<int64_t> integer(Value v, const Frame &frame) {
    if (auto it = frame.integers.find(v); it != frame.integers.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    if (auto constant = dyn_cast_or_null<arith::ConstantOp>(def))
      if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
        return attr.getInt();
    if (auto apply = dyn_cast_or_null<AffineApplyOp>(def)) {
      FailureOr<SmallVector<int64_t>> results =
          evaluateMap(apply.getAffineMap(), apply.getMapOperands(), frame);
      if (succeeded(results))
        return (*results)[0];
    }
    return failure();
  }

  FailureOr<SmallVector<int64_t>>
  evaluateMap(AffineMap map, ValueRange operands, const Frame &frame) {
    SmallVector<int64_t> values;
    for (Value operand : operands) {
      FailureOr<int64_t> v = integer(operand, frame);
      if (failed(v))
        return failure();
      values.push_back(*v);
    }
    ArrayRef<int64_t> all(values);
    ArrayRef<int64_t> dims = all.take_front(map.getNumDims());
    ArrayRef<int64_t> syms = all.drop_front(map.getNumDims());
    SmallVector<int64_t> results;
    for (AffineExpr e : map.getResults())
      results.push_back(evaluateAffineExpr(e, dims, syms));
    return results;
  }

  LogicalResult record(Operation *access, Value memref, AffineMap map,
                       ValueRange operands, bool isWrite, const Frame &frame) {
    FailureOr<SmallVector<int64_t>> index = evaluateMap(map, operands, frame);
    if (failed(index))
      return access->emitError("hcl.to: an index of this access to stream '")
             << bufferName(buffer(memref, frame))
             << "' is not known at compile time";
    auto type = cast<MemRefType>(memref.getType());
    int64_t element = 0;
    for (auto [i, size] : llvm::zip(*index, type.getShape())) {
      if (i < 0 || i >= size)
        return access->emitError("hcl.to: this access to stream '")
               << bufferName(buffer(memref, frame)) << "' is out of bounds ("
               << i << " in a dimension of " << size << ")";
      element = element * size + i;
    }
    if (++eventCount > maxEvents)
      return access->emitError("hcl.to: the streams of this function carry "
                               "more than ")
             << maxEvents << " elements, too many to check for deadlock";
    process->events.push_back(
        {*channel(memref, frame), isWrite, element, access});
    return success();
  }

  LogicalResult runBlock(Block &block, Frame &frame) {
    for (Operation &op : block)
      if (failed(run(&op, frame)))
        return failure();
    return success();
  }

  LogicalResult run(Operation *op, Frame &frame) {
    if (!reachesChannel(op, frame))
      return success();
    if (auto loop = dyn_cast<AffineForOp>(op))
      return runLoop(loop, frame);
    if (auto branch = dyn_cast<AffineIfOp>(op))
      return runIf(branch, frame);
    if (auto load = dyn_cast<AffineLoadOp>(op))
      return record(op, load.getMemRef(), load.getAffineMap(),
                    load.getMapOperands(), false, frame);
    if (auto store = dyn_cast<AffineStoreOp>(op))
      return record(op, store.getMemRef(), store.getAffineMap(),
                    store.getMapOperands(), true, frame);
    if (auto call = dyn_cast<func::CallOp>(op)) {
      func::FuncOp callee = calleeOf(call);
      if (callee && !callee.isExternal()) {
        FailureOr<Frame> inner = enter(call, callee, frame, true);
        return runBlock(callee.getBody().front(), *inner);
      }
    }
    if (op == process->root && isa<func::FuncOp>(op))
      return success();
    return op->emitError("hcl.to: a stream is accessed through '")
           << op->getName()
           << "' here; streams need affine loops, ifs, loads and stores";
  }

  LogicalResult runLoop(AffineForOp loop, Frame &frame) {
    FailureOr<SmallVector<int64_t>> lbs = evaluateMap(
        loop.getLowerBoundMap(), loop.getLowerBoundOperands(), frame);
    FailureOr<SmallVector<int64_t>> ubs = evaluateMap(
        loop.getUpperBoundMap(), loop.getUpperBoundOperands(), frame);
    if (failed(lbs) || failed(ubs))
      return loop.emitError("hcl.to: the bounds of this loop, which accesses "
                            "a stream, are not known at compile time");
    int64_t lb = *llvm::max_element(*lbs), ub = *llvm::min_element(*ubs);
    int64_t step = loop.getStepAsInt();
    Value iv = loop.getInductionVar();
    for (int64_t i = lb; i < ub; i += step) {
      frame.integers[iv] = i;
      if (failed(runBlock(*loop.getBody(), frame)))
        return failure();
    }
    frame.integers.erase(iv);
    return success();
  }

  LogicalResult runIf(AffineIfOp branch, Frame &frame) {
    IntegerSet set = branch.getIntegerSet();
    SmallVector<Value> operands(branch.getOperands());
    SmallVector<int64_t> values;
    for (Value operand : operands) {
      FailureOr<int64_t> v = integer(operand, frame);
      if (failed(v))
        return branch.emitError("hcl.to: the condition of this affine.if, "
                                "which guards a stream access, is not known "
                                "at compile time");
      values.push_back(*v);
    }
    ArrayRef<int64_t> all(values);
    bool holds = true;
    for (auto [e, isEq] : llvm::zip(set.getConstraints(), set.getEqFlags())) {
      int64_t v = evaluateAffineExpr(e, all.take_front(set.getNumDims()),
                                     all.drop_front(set.getNumDims()));
      holds &= isEq ? v == 0 : v >= 0;
    }
    if (holds)
      return runBlock(*branch.getThenBlock(), frame);
    if (branch.hasElse())
      return runBlock(*branch.getElseBlock(), frame);
    return success();
  }

  func::FuncOp func;
  const llvm::DenseMap<Value, unsigned> &channels;
  uint64_t maxEvents;
  uint64_t &eventCount;
  DataflowProcess *process = nullptr;
};

} // namespace

bool isDataflowProcess(Operation *op) {
  if (isScheduleOp(op) || isa<func::ReturnOp>(op) ||
      isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
          memref::GetGlobalOp>(op))
    return false;
  return op->getNumRegions() > 0 || !isMemoryEffectFree(op);
}

namespace {

std::string processName(Operation *op) {
  if (StringRef stage = getStageName(op); !stage.empty())
    return stage.str();
  if (auto stage = op->getAttrOfType<StringAttr>("outlined_stage"))
    return stage.getValue().str();
  if (auto call = dyn_cast<func::CallOp>(op))
    return call.getCallee().str();
  return op->getName().getStringRef().str();
}

} // namespace

FailureOr<std::vector<DataflowProcess>>
traceDataflowProcesses(func::FuncOp func,
                       const llvm::DenseMap<Value, unsigned> &channels,
                       uint64_t maxEvents) {
  std::vector<DataflowProcess> processes;
  uint64_t eventCount = 0;
  Tracer tracer(func, channels, maxEvents, eventCount);
  for (Operation &op : func.getBody().front()) {
    if (!isDataflowProcess(&op))
      continue;
    processes.push_back({&op, processName(&op), {}, {}, {}, {}, {}});
    if (failed(tracer.trace(&op, processes.back())))
      return failure();
  }
  return processes;
}

std::vector<SmallVector<int>>
processDependences(const std::vector<DataflowProcess> &processes) {
  std::vector<SmallVector<int>> deps(processes.size());
  for (size_t j = 0; j < processes.size(); ++j)
    for (size_t i = 0; i < j; ++i) {
      const DataflowProcess &a = processes[i], &b = processes[j];
      bool conflict =
          llvm::any_of(a.writes,
                       [&](Value v) {
                         return b.reads.contains(v) || b.writes.contains(v);
                       }) ||
          llvm::any_of(a.reads, [&](Value v) { return b.writes.contains(v); });
      if (conflict)
        deps[j].push_back(i);
    }
  return deps;
}

} // namespace hcl
