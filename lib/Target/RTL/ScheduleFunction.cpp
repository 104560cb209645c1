//===- ScheduleFunction.cpp - a function's states ---------------*- C++ -*-===//
//
// Lays out a function as a state graph (Fsm.h). Straight-line segments are
// scheduled ASAP: an operation is placed in the cycle its operands are
// ready (combinational operators chain within a cycle, a load's data is
// ready one cycle after its issue), and no later than allowed by the one
// port of each memory: accesses to one memory keep their program order, one
// per cycle. Control operations get states of their own, and loops run one
// iteration after another.
//
// A pipelined innermost loop (`pipeline_ii`, carried through the
// preparation with the II the estimator derives, `rtl.min_ii`) with a
// straight-line body gets a modulo schedule instead: from that II up, each
// operation is placed ASAP such that a memory's one port serves at most
// one access per cycle modulo II (a modulo reservation table), and the II
// is accepted when the loop-carried dependences hold: a carried value's
// next value is ready before the next iteration's first use of it, and the
// accesses of a memory that is written span less than II cycles (a
// dependence through memory assumed at distance 1). A loop that misses its
// II, or cannot be pipelined, gets a note saying why.
//
//===----------------------------------------------------------------------===//

#include "Fsm.h"

#include "ArgumentPorts.h"
#include "Dataflow.h"
#include "Divider.h"
#include "FloatUnitEmitter.h"
#include "MemoryDistances.h"
#include "Predication.h"
#include "UnrollUnderPipeline.h"

#include "hcl/Analysis/Estimate.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"

#include <limits>

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

const TargetModel &rtlTarget() {
  static const TargetModel target = [] {
    std::string error;
    return *TargetModel::get("rtl", error);
  }();
  return target;
}

/// A load of a register (a completely partitioned buffer's element) reads
/// it as a wire, in the cycle it is issued.
static bool readsRegister(Operation *op) {
  auto load = dyn_cast<memref::LoadOp>(op);
  return load && isRegisterMemory(memoryRoot(load.getMemRef()));
}

int rtlLatency(Operation *op) {
  if (readsRegister(op))
    return 0;
  if (isa<memref::LoadOp>(op))
    return rtlTarget().loadLatency;
  if (isa<memref::StoreOp>(op))
    return 0;
  // Index arithmetic (addresses, which affine IR keeps in its maps) is a
  // wire, as the estimator counts it; the table's multiplier is the
  // datapath's.
  if (op->getNumResults() == 1 && op->getResult(0).getType().isIndex())
    return 0;
  return latencyOf(rtlTarget(), op);
}

bool isLocalRam(Value root) {
  Operation *def = root ? root.getDefiningOp() : nullptr;
  if (!isa_and_present<memref::AllocOp, memref::AllocaOp>(def) ||
      def->hasAttr(kRegisterAttr))
    return false;
  // A returned allocation is a port of the module.
  return llvm::none_of(root.getUsers(), [](Operation *user) {
    return isa<func::ReturnOp>(user);
  });
}

bool isRegisterMemory(Value root) {
  Operation *def = root ? root.getDefiningOp() : nullptr;
  return def && def->hasAttr(kRegisterAttr);
}

bool registerBypass(const Pipeline &pipeline, Operation *load) {
  auto read = dyn_cast<memref::LoadOp>(load);
  auto at = pipeline.time.find(load);
  if (!read || at == pipeline.time.end())
    return false;
  Value root = memoryRoot(read.getMemRef());
  if (!isRegisterMemory(root))
    return false;
  // One store of the register a slot: the one in this cycle, if any.
  return llvm::any_of(pipeline.time, [&](auto entry) {
    auto store = dyn_cast<memref::StoreOp>(entry.first);
    int later = entry.second - at->second;
    return store && memoryRoot(store.getMemRef()) == root && later > 0 &&
           later % pipeline.ii == 0;
  });
}

bool hasDelayedResult(Operation *op) {
  return (isa<memref::LoadOp>(op) && !readsRegister(op)) || isDivider(op) ||
         isFloatUnit(op);
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
  return isa<scf::ForOp, scf::WhileOp, scf::IfOp, func::CallOp>(op);
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
  Fragment layoutControl(Operation *op, int init);
  Fragment layoutFor(scf::ForOp loop, int init);
  Fragment layoutPipeline(scf::ForOp loop, Pipeline pipeline, int init);
  Fragment layoutWhile(scf::WhileOp loop);
  Fragment layoutCall(func::CallOp call);
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
    // A guarded access (Predication.h) waits for its predicate too, and a
    // guarded load's data is its guard's result.
    Value predicate = predicateOf(op);
    if (predicate)
      cycle = std::max(cycle, ready.lookup(predicate));
    if (Value memory = accessedMemory(op)) {
      auto last = lastAccess.find(memory);
      if (last != lastAccess.end())
        cycle = std::max<unsigned>(cycle, last->second + 1);
      lastAccess[memory] = cycle;
    }
    unsigned latency = rtlLatency(op);
    for (Value result : op->getResults())
      ready[result] = cycle + latency;
    if (predicate)
      for (Value result : op->getParentOp()->getResults())
        ready[result] = cycle + latency;
    cycles.push_back(cycle);
    // A load's data (a divider's output) is a wire in the state it
    // arrives in; an operation's result is registered at the end of its
    // state, and a later state reads it once its latency has passed.
    length =
        std::max(length, hasDelayedResult(op) ? cycle + latency + 1
                                              : cycle + std::max(latency, 1u));
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
    int produced = hasDelayedResult(op) ? id + rtlLatency(op) : id;
    for (Value result : op->getResults())
      fsm.producer[result] = produced;
    if (predicateOf(op))
      for (Value result : op->getParentOp()->getResults())
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
    // A guard is its access, predicated (Predication.h).
    if (isGuard(&op)) {
      segment.push_back(guardedAccess(cast<scf::IfOp>(op)));
      continue;
    }
    if (!isControl(&op)) {
      segment.push_back(&op);
      continue;
    }
    // A loop's entry state is the last state of the code before it: that
    // state's results (a load's data arriving) are wires there, and the
    // loop's first iteration starts in the next cycle.
    int init = -1;
    if (!segment.empty()) {
      Fragment before = layoutSegment(segment);
      if (isa<scf::ForOp>(op)) {
        init = before.exits.front().state;
        before.exits.clear();
      }
      link(before);
    }
    segment.clear();
    Fragment control = layoutControl(&op, init);
    if (init >= 0) {
      // The segment's entry is the construct's; the loop adds its exits.
      pending = control.exits;
      continue;
    }
    link(control);
  }
  Fragment last = layoutSegment(segment);
  link(last);
  tail = last.exits.front().state;
  return entry;
}

Fragment Builder::layoutControl(Operation *op, int init) {
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return layoutFor(loop, init);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return layoutWhile(loop);
  if (auto call = dyn_cast<func::CallOp>(op))
    return layoutCall(call);
  return layoutIf(cast<scf::IfOp>(op));
}

/// Why `loop` cannot be pipelined in this slice; empty when it can.
static std::string unpipelinable(scf::ForOp loop) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    // A guard is a predicated access (Predication.h).
    if (isGuard(&op))
      continue;
    // The preparation hoists a static allocation (UnrollUnderPipeline.h);
    // a pipeline has no state that allocates or frees.
    if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp>(op))
      return "its body allocates or frees a buffer ('" +
             op.getName().getStringRef().str() + "')";
    if (!op.getNumRegions())
      continue;
    std::string why = "its body is not straight-line code (a nested '" +
                      op.getName().getStringRef().str() + "'";
    // The preparation unrolls the loops under a pipelined one when it can
    // (UnrollUnderPipeline.h); it said why it could not.
    if (auto kept = loop->getAttrOfType<StringAttr>(kNestKeptAttr))
      why += ": " + kept.getValue().str();
    return why + ")";
  }
  return "";
}

/// The indices of a load or store.
static ValueRange indicesOf(Operation *access) {
  if (auto load = dyn_cast<memref::LoadOp>(access))
    return load.getIndices();
  return cast<memref::StoreOp>(access).getIndices();
}

static std::string memoryName(Value memory) {
  if (auto argument = dyn_cast<BlockArgument>(memory))
    return "argument " + std::to_string(argument.getArgNumber());
  return "a local buffer";
}

/// A modulo schedule of `loop` at `ii`, or why there is none.
/// `floors`: by memory, the earliest cycle of its accesses; a schedule
/// whose accesses of a written memory span too long for its dependence
/// raises the memory's floor (its first accesses, loads issued ASAP, then
/// come later), so that the caller can try the same II again.
static FailureOr<Pipeline> moduloSchedule(scf::ForOp loop, int ii,
                                          std::string &why,
                                          DenseMap<Value, int> &floors) {
  Pipeline pipeline;
  pipeline.loop = loop;
  pipeline.ii = ii;
  Block *body = loop.getBody();
  // When each value of the iteration is ready, from its start; the
  // induction variable, the carried values and values from outside are
  // ready at 0.
  DenseMap<Value, int> ready;
  struct Port {
    /// By slot (cycle modulo II): its accesses' cycles and predicates.
    std::vector<SmallVector<std::pair<int, Value>, 1>> slots;
    /// The loads and stores, in program order.
    SmallVector<Operation *> accesses;
    /// A local RAM's write port's slots (`slots` are its read port's), or
    /// a memory argument's second port's (ArgumentPorts.h).
    std::vector<SmallVector<std::pair<int, Value>, 1>> writeSlots;
    /// A register's slots taken by a store.
    std::vector<bool> storeSlots;
    int last = -1, lastLoad = -1, lastStore = -1;
    bool written = false;
  };
  llvm::MapVector<Value, Port> ports;
  // A load is issued no earlier than its data is needed by its first user
  // in a schedule without ports: a written memory's accesses then span
  // fewer cycles, and fewer registers hold the data.
  DenseMap<Operation *, int> unconstrained;
  // A guarded access (Predication.h) also waits for its predicate, and a
  // guarded load's data is its guard's result.
  SmallVector<Operation *> ops = flattenGuards(*body);
  auto operandsReady = [&](Operation *op) {
    int cycle = 0;
    for (Value operand : op->getOperands())
      cycle = std::max(cycle, ready.lookup(operand));
    if (Value predicate = predicateOf(op))
      cycle = std::max(cycle, ready.lookup(predicate));
    return cycle;
  };
  auto setReady = [&](Operation *op, int cycle) {
    for (Value result : op->getResults())
      ready[result] = cycle;
    if (predicateOf(op))
      for (Value result : op->getParentOp()->getResults())
        ready[result] = cycle;
  };
  // The operations that use `op`'s result, seen through its guard.
  auto usersOf = [&](Operation *op) {
    SmallVector<Operation *> users;
    Operation *holder = predicateOf(op) ? op->getParentOp() : op;
    for (Operation *user : holder->getUsers())
      users.push_back(isa<scf::YieldOp>(user) || !isGuard(user)
                          ? user
                          : guardedAccess(cast<scf::IfOp>(user)));
    return users;
  };
  for (Operation *op : ops) {
    int cycle = operandsReady(op);
    unconstrained[op] = cycle;
    setReady(op, cycle + rtlLatency(op));
  }
  ready.clear();
  DenseMap<Operation *, int> latestLoad;
  for (Operation *op : ops) {
    if (!isa<memref::LoadOp>(op))
      continue;
    int latest = std::numeric_limits<int>::max();
    for (Operation *user : usersOf(op))
      latest = std::min(latest, isa<scf::YieldOp>(user)
                                    ? unconstrained[op]
                                    : unconstrained[user] - rtlLatency(op));
    latestLoad[op] = latest;
  }
  int depth = 0;
  for (Operation *opPointer : ops) {
    Operation &op = *opPointer;
    if (isa<arith::ConstantOp>(op))
      continue;
    int cycle = operandsReady(&op);
    if (auto latest = latestLoad.find(&op);
        latest != latestLoad.end() && !usersOf(&op).empty())
      cycle = std::max(cycle, latest->second);
    if (Value memory = accessedMemory(&op)) {
      Port &port = ports[memory];
      port.slots.resize(ii);
      port.accesses.push_back(&op);
      bool isStore = isa<memref::StoreOp>(op);
      cycle = std::max(cycle, floors.lookup(memory));
      if (isRegisterMemory(memory)) {
        // A register: loads any number a cycle, read as a wire, after the
        // last store (a load in a store's cycle reads the old value); one
        // store a slot.
        cycle = std::max(cycle, port.lastStore + 1);
        if (isStore) {
          cycle = std::max(cycle, port.last);
          port.storeSlots.resize(ii);
          int tries = 0;
          while (port.storeSlots[cycle % ii]) {
            ++cycle;
            if (++tries == ii) {
              why = memoryName(memory) + " is stored more than " +
                    std::to_string(ii) + " times per iteration";
              return failure();
            }
          }
          port.storeSlots[cycle % ii] = true;
          port.lastStore = cycle;
        }
        port.last = std::max(port.last, cycle);
        port.written |= isStore;
        pipeline.time[&op] = cycle;
        if (predicateOf(&op))
          pipeline.time[op.getParentOp()] = cycle;
        setReady(&op, cycle + rtlLatency(&op));
        depth = std::max(depth, cycle);
        continue;
      }
      Value predicate = predicateOf(&op);
      // A local RAM has a read port and a write port (ModuleText.h), a
      // port of the module one port for both, and a memory argument of the
      // top maybe a second one (ArgumentPorts.h).
      bool dual = isLocalRam(memory);
      bool twoPorts = !dual && argumentPorts(memory) > 1;
      bool second = twoPorts;
      auto &slots = dual && isStore ? port.writeSlots : port.slots;
      slots.resize(ii);
      port.writeSlots.resize(ii);
      // Two accesses share a cycle of a port only when they are of one
      // iteration, in one cycle, and never both run (the two sides of a
      // branch).
      auto fitsOn = [&](auto &on, int at) {
        return llvm::all_of(on[at % ii], [&](auto occupant) {
          return occupant.first == at &&
                 areExclusive(occupant.second, predicate);
        });
      };
      // A load takes the second port first, a store the first.
      auto onSecond = [&](int at) {
        return second && fitsOn(port.writeSlots, at) &&
               (!isStore || !fitsOn(slots, at));
      };
      auto fits = [&](int at) { return onSecond(at) || fitsOn(slots, at); };
      // Accesses of one memory keep their program order: after the last one
      // on the port, or beside it when the two exclude each other. On a
      // local RAM a load also follows the stores before it, and a store may
      // share the cycle of the loads before it (they read the old word). A
      // memory argument's loads may share a cycle on its two ports, after
      // its last store.
      int lastOnPort =
          dual ? (isStore ? port.lastStore : port.lastLoad) : port.last;
      int earliest = lastOnPort + 1;
      if (lastOnPort >= 0 && fits(lastOnPort))
        earliest = lastOnPort;
      if (dual)
        earliest =
            std::max(earliest, isStore ? port.lastLoad : port.lastStore + 1);
      if (second && !isStore)
        earliest =
            std::min(earliest, std::max(port.lastLoad, port.lastStore + 1));
      // Loads between two stores read the same words in any order: one
      // issued late (as late as its data is needed) does not hold back the
      // next ones (unrolled copies, each reading a bank the previous one
      // read last), which would lengthen the iteration. A stream's reads
      // keep their order (its elements').
      if (!isStore && !isStream(memory))
        earliest = port.lastStore + 1;
      // A store never shares a cycle with another access on the other
      // port (a collision's read is undefined on a dual-port BRAM), unless
      // the two exclude each other.
      if (twoPorts && isStore)
        earliest = port.last >= 0 && fitsOn(slots, port.last) &&
                           fitsOn(port.writeSlots, port.last)
                       ? port.last
                       : port.last + 1;
      cycle = std::max(cycle, earliest);
      int tries = 0;
      while (!fits(cycle)) {
        ++cycle;
        if (++tries == ii) {
          why = memoryName(memory) + " has more than " + std::to_string(ii) +
                (dual ? (isStore ? " stores" : " loads") : " accesses") +
                " per iteration for its one " +
                (dual ? (isStore ? "write port" : "read port") : "port");
          if (twoPorts)
            why = memoryName(memory) + " has more " +
                  (isStore ? "stores" : "accesses") +
                  " per iteration than its two ports take at II " +
                  std::to_string(ii);
          return failure();
        }
      }
      if (onSecond(cycle)) {
        port.writeSlots[cycle % ii].push_back({cycle, predicate});
        pipeline.secondPort.insert(&op);
      } else {
        slots[cycle % ii].push_back({cycle, predicate});
      }
      int &lastOfKind = isStore ? port.lastStore : port.lastLoad;
      lastOfKind = std::max(lastOfKind, cycle);
      port.last = std::max(port.last, cycle);
      port.written |= isa<memref::StoreOp>(op);
    }
    pipeline.time[&op] = cycle;
    if (predicateOf(&op))
      pipeline.time[op.getParentOp()] = cycle;
    setReady(&op, cycle + rtlLatency(&op));
    depth = std::max(depth, cycle);
  }
  // Iteration n + d, d the smallest carried distance of a written memory's
  // dependences (MemoryDistances.h), must find iteration n's accesses of
  // the addresses it touches done: each of its accesses comes after every
  // access of iteration n that may be the same address (not two different
  // constant indices), one of the two a store. A stream's elements go in
  // the order of its accesses: iteration n + 1's follow all of iteration
  // n's. Every memory whose accesses span too long raises its floor before
  // the schedule fails, so that a loop over many banks needs as many tries
  // as one bank does.
  bool spanTooLong = false;
  for (auto &[memory, port] : ports) {
    bool stream = isStream(memory);
    if (!port.written && !stream)
      continue;
    std::optional<int64_t> distance =
        stream ? std::optional<int64_t>(1) : keptDistance(loop, memory);
    if (!distance)
      continue;
    int window = static_cast<int>(*distance) * ii;
    // A register may take iteration n + d's access in the cycle of
    // iteration n's unless both are stores: a load in a store's cycle
    // reads the old value (a store of a later iteration) or the store's
    // data (an earlier one's, through the register's bypass:
    // registerBypass).
    bool sameCycle = isRegisterMemory(memory);
    for (Operation *later : port.accesses) {
      int latest = -1, needed = 0;
      for (Operation *earlier : port.accesses) {
        bool stores =
            isa<memref::StoreOp>(earlier) && isa<memref::StoreOp>(later);
        if (!stream &&
            ((!isa<memref::StoreOp>(earlier) && !isa<memref::StoreOp>(later)) ||
             haveDistinctIndices(indicesOf(earlier), indicesOf(later))))
          continue;
        int time = pipeline.time.lookup(earlier);
        int after = sameCycle && !stores ? time : time + 1;
        if (after > needed || latest < 0) {
          needed = after;
          latest = time;
        }
      }
      int at = pipeline.time.lookup(later);
      if (latest < 0 || at + window >= needed)
        continue;
      int floor = needed - window;
      if (floor > floors.lookup(memory))
        floors[memory] = floor;
      if (spanTooLong)
        break;
      spanTooLong = true;
      why = "an access of " + memoryName(memory) + " at cycle " +
            std::to_string(at) + " of iteration n + " +
            std::to_string(*distance) + " would come before iteration n's at " +
            "cycle " + std::to_string(latest) + ", which may be its address (" +
            (stream ? "a stream"
                    : "a dependence through memory at distance " +
                          std::to_string(*distance)) +
            ")";
      break;
    }
  }
  if (spanTooLong)
    return failure();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  // By iter_arg: whether its next value is a signal valid in the cycle of
  // the write (a combinational result or a load's data), which the next
  // iteration can read in that cycle.
  SmallVector<bool> forwardable;
  for (auto [carried, next] :
       llvm::zip_equal(loop.getRegionIterArgs(), yield.getOperands())) {
    // The register takes an operation's result in the last cycle of its
    // latency: it is the operator's output register.
    int write = next == carried ? -1 : ready.lookup(next);
    Operation *def = throughGuard(next).getDefiningOp();
    bool inBody = def && def->getBlock() == body &&
                  !isa<arith::ConstantOp>(def) && pipeline.time.count(def);
    bool registered = inBody && !hasDelayedResult(def) && rtlLatency(def) > 0;
    if (write > 0 && registered)
      --write;
    forwardable.push_back(inBody && !registered);
    pipeline.carriedWrite.push_back(write);
    pipeline.carriedForwarded.push_back(false);
    depth = std::max(depth, write);
  }
  // A carried value's register holds it from the cycle after the previous
  // iteration's write to this iteration's write.
  for (auto [index, carried] : llvm::enumerate(loop.getRegionIterArgs())) {
    int write = pipeline.carriedWrite[index];
    if (write < 0)
      continue;
    for (OpOperand &use : carried.getUses()) {
      Operation *user = use.getOwner();
      int at = user == yield ? pipeline.carriedWrite[use.getOperandNumber()]
                             : pipeline.time.lookup(user);
      if (at >= 0 && at < write + 1 - ii) {
        // Read in the cycle the previous iteration computes the next
        // value: forwarded from its signal, chained after it.
        if (user != yield && at == write - ii && forwardable[index]) {
          pipeline.carriedForwarded[index] = true;
          continue;
        }
        why = "carried value " + std::to_string(index) + " is read " +
              std::to_string(write - at) +
              " cycles before the iteration computes its next value (a "
              "recurrence of " +
              std::to_string(write - at + 1) + " cycles)";
        return failure();
      }
    }
  }
  pipeline.stages = depth / ii + 1;
  pipeline.depth = depth;
  return pipeline;
}

static int64_t intAttr(Operation *op, StringRef name, int64_t otherwise) {
  auto attr = op->getAttrOfType<IntegerAttr>(name);
  return attr ? attr.getInt() : otherwise;
}

static std::string loopLabel(scf::ForOp loop) {
  auto name = loop->getAttrOfType<StringAttr>("loop_name");
  return name ? "loop '" + name.getValue().str() + "'" : "the loop";
}

/// `init`: the state that enters the loop, or -1 for a new one.
Fragment Builder::layoutFor(scf::ForOp loop, int init) {
  if (loop->hasAttr("pipeline_ii")) {
    int64_t requested = intAttr(loop, "pipeline_ii", 1);
    if (std::string refusal = unpipelinable(loop); !refusal.empty()) {
      emitRemark(loop.getLoc())
          << "rtl: " << loopLabel(loop)
          << " runs one iteration after another, not pipelined: " << refusal;
    } else {
      // The estimator's II for the rtl target (ResMII, RecMII) first.
      int64_t estimated = intAttr(loop, "rtl.min_ii", requested);
      int ii = std::max<int64_t>({1, requested, estimated});
      // Why the II is above the requested one: the estimate, then the
      // schedules that failed.
      SmallVector<std::string> why;
      if (estimated > requested)
        why.push_back("the estimate's ResMII is " +
                      std::to_string(intAttr(loop, "rtl.res_mii", 1)) +
                      " (the ports of its memories) and its RecMII " +
                      std::to_string(intAttr(loop, "rtl.rec_mii", 1)));
      // With every access in a cycle of its own, a schedule always exists.
      int limit =
          ii + static_cast<int>(loop.getBody()->getOperations().size()) + 8;
      bool scheduleFailed = false;
      for (; ii <= limit; ++ii) {
        std::string failed;
        DenseMap<Value, int> floors;
        FailureOr<Pipeline> pipeline = failure();
        // A span too long for a dependence raises a floor: the same II
        // again, while a floor rises (each try moves accesses later).
        for (int tries = 0; tries < 8; ++tries) {
          DenseMap<Value, int> before = floors;
          pipeline = moduloSchedule(loop, ii, failed, floors);
          if (succeeded(pipeline) || floors == before)
            break;
        }
        if (succeeded(pipeline)) {
          if (ii > requested)
            emitRemark(loop.getLoc())
                << "rtl: " << loopLabel(loop) << " pipelined at II " << ii
                << " instead of " << requested << ": " << llvm::join(why, "; ");
          return layoutPipeline(loop, std::move(*pipeline), init);
        }
        // The first failure (at the lowest II) says the most.
        if (!scheduleFailed)
          why.push_back("at II " + std::to_string(ii) + ", " + failed);
        scheduleFailed = true;
      }
      emitRemark(loop.getLoc())
          << "rtl: " << loopLabel(loop)
          << " runs one iteration after another, not pipelined: "
          << llvm::join(why, "; ");
    }
  }
  if (init < 0)
    init = newState();
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

Fragment Builder::layoutPipeline(scf::ForOp loop, Pipeline pipeline, int init) {
  if (init < 0)
    init = newState();
  state(init).forInit = loop;
  copyInto(init, loop.getRegionIterArgs(), loop.getInitArgs());
  int run = newState();
  state(run).pipeline = fsm.pipelines.size();
  fsm.pipelineOf[loop] = fsm.pipelines.size();
  state(init).next[0] = run;
  for (Operation *op : flattenGuards(*loop.getBody()))
    if (accessedMemory(op))
      fsm.issue[op] = run;
  fsm.pipelines.push_back(std::move(pipeline));
  for (auto [result, carried] :
       llvm::zip_equal(loop.getResults(), loop.getRegionIterArgs()))
    fsm.aliases[result] = carried;
  return {init, {{init, 1}, {run, 1}}};
}

Fragment Builder::layoutCall(func::CallOp call) {
  int start = newState();
  state(start).callStart = call;
  int wait = newState();
  state(wait).callWait = call;
  state(start).next[0] = wait;
  fsm.issue[call] = wait;
  fsm.calls.push_back(call);
  return {start, {{wait, 0}}};
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
