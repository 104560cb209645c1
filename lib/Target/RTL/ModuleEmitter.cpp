//===- ModuleEmitter.cpp - a scheduled function as a Verilog module -------===//
//
// Prints the states of a function's Fsm (ScheduleFunction.cpp) as one
// SystemVerilog module: the ports, a wire per operation (its combinational
// expression in the state that computes it), a register per value read in a
// later state, one always_ff for the controller and the registers, and one
// always_comb per memory port. Local buffers are RAMs with the ports'
// timing. A pipeline's state computes every operation of its loop's body
// for the iteration in the operation's stage, guarded by the stage's valid
// bit and, when II > 1, the cycle within the II; a value read k cycles
// after it is valid comes through a chain of k registers. docs/rtl.md
// describes the interface.
//
//===----------------------------------------------------------------------===//

#include "Dataflow.h"
#include "Divider.h"
#include "FloatUnitEmitter.h"
#include "Fsm.h"
#include "ModuleText.h"
#include "Operators.h"
#include "Predication.h"
#include "SplitBanks.h"

#include "hcl/Target/RTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;

namespace hcl {
namespace rtl {
namespace {

/// Whether a user of `value` reads only some of its bits: a truncation (as
/// fixed point's requantizations are), or a float's sign wiring (absf and
/// copysign read the sign or the magnitude).
bool isTruncated(Value value) {
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    if (isFloatWire(user))
      return true;
    return isa<arith::TruncIOp, arith::IndexCastOp, arith::IndexCastUIOp>(
               user) &&
           bitWidth(user->getResult(0).getType()) < bitWidth(value.getType());
  });
}

/// The declaration of a value's signal. Index values are 64 bits wide, as
/// on the CPU, and an address uses only their low bits; a truncated value
/// uses only its low bits too: their unused high bits are expected, not a
/// lint warning.
std::string declaration(Value value, const std::string &name) {
  std::string text = logicOf(bitWidth(value.getType())) + " " + name + ";";
  if (!value.getType().isIndex() && !isTruncated(value))
    return text;
  return "/* verilator lint_off UNUSEDSIGNAL */ " + text +
         " /* verilator lint_on UNUSEDSIGNAL */";
}

/// One memory: an argument's port, a returned allocation's port, or a
/// local RAM.
struct Memory {
  std::string name;
  MemRefType type;
  bool isPort = false;
  bool isRead = false;
  /// A register (Fsm.h, kRegisterAttr): written through its write port,
  /// read as a wire.
  bool isRegister = false;
  /// (state, access) for each load and store.
  SmallVector<std::pair<int, Operation *>> accesses = {};
};

class ModuleEmitter {
public:
  ModuleEmitter(func::FuncOp func, Fsm fsm)
      : func(func), fsm(std::move(fsm)), stalls(isProcess(func)) {}
  void emit(raw_ostream &os);

private:
  func::FuncOp func;
  Fsm fsm;
  /// A process of a dataflow region: an `ap_stall` input holds every
  /// register, and the data of a memory port read before a stall is held
  /// through it (Dataflow.h).
  bool stalls;
  /// The signal a load of `memory` takes its data from: a register is
  /// read as a wire (Fsm.h, kRegisterAttr).
  std::string readData(const Memory &memory, Operation *load) {
    if (memory.isRegister) {
      for (const Pipeline &pipeline : fsm.pipelines)
        if (registerBypass(pipeline, load))
          return memory.name + "_bypass";
      return memory.name + "_ram[0]";
    }
    return memory.name + (stalls && memory.isPort ? "_rdata_h" : "_rdata");
  }
  void printStallHolds(raw_ostream &os);
  DenseMap<Value, unsigned> ids;
  llvm::SetVector<Value> registers;
  llvm::MapVector<Value, Memory> memories;
  std::string wires, memoryLogic, pipelineDeclarations, forwardAssigns;
  /// The forwarded carried values with a signal already.
  llvm::SmallPtrSet<Value, 4> forwards;
  std::string forwarded(const Pipeline &pipeline, BlockArgument carried,
                        int inState);
  /// Register chains: a source signal, its value and its length.
  llvm::MapVector<std::string, std::pair<Value, int>,
                  std::map<std::string, unsigned>>
      delays;
  std::vector<std::string> stateActions;
  unsigned stateWidth = 1;

  unsigned id(Value value) {
    return ids.try_emplace(value, ids.size()).first->second;
  }
  std::string wire(Value value) { return "w" + std::to_string(id(value)); }
  std::string reg(Value value) {
    registers.insert(value);
    return "r" + std::to_string(id(value));
  }
  std::string stateName(int id) {
    return std::to_string(stateWidth) + "'d" + std::to_string(id + 2);
  }
  std::string signal(Value value, int inState);
  std::string operand(Value value, Operation *user, int inState);
  std::string pipelineValue(const Pipeline &pipeline, Value value, int at,
                            int inState);
  std::string delayed(Value value, const std::string &source, int cycles);
  std::string guard(int pipelineIndex, int at);
  std::string address(Operation *access, ValueRange indices, int inState);
  void emitPipelineWires(int stateId, int pipelineIndex, raw_ostream &os);
  /// A divider's or float unit's instance: its operands from the cycle of
  /// its issue, its output the result's wire, valid rtlLatency(op) cycles
  /// later.
  void emitUnit(Operation *op, function_ref<std::string(Value)> operand,
                raw_ostream &os) {
    Value result = op->getResult(0);
    os << "  " << declaration(result, wire(result)) << "\n";
    if (isFloatUnit(op)) {
      os << floatUnitInstance(op, "fu" + std::to_string(id(result)), operand,
                              wire(result));
      return;
    }
    os << dividerInstance(op, "div" + std::to_string(id(result)),
                          operand(op->getOperand(0)),
                          operand(op->getOperand(1)), wire(result));
  }
  void emitPipelineState(const State &state, raw_ostream &os);
  std::string callName(func::CallOp call) {
    return "c" +
           std::to_string(llvm::find(fsm.calls, call) - fsm.calls.begin());
  }
  void emitInstances();
  std::string instances;
  void collectMemories();
  void emitWires();
  void emitStates();
  void emitMemoryPorts();
  void printPorts(raw_ostream &os);
  void printDeclarations(raw_ostream &os);
  void printController(raw_ostream &os);
};

std::string ModuleEmitter::signal(Value value, int inState) {
  // A guarded load's result is its data (Predication.h).
  value = throughGuard(value);
  while (fsm.aliases.count(value))
    value = fsm.aliases.lookup(value);
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (argument.getOwner() == &func.getBody().front())
      return argumentName(func, argument.getArgNumber());
    return reg(value);
  }
  Operation *def = value.getDefiningOp();
  if (isa<arith::ConstantOp>(def))
    return wire(value);
  if (isa<scf::IfOp, func::CallOp>(def) ||
      fsm.producer.lookup(value) != inState)
    return reg(value);
  return wire(value);
}

std::string ModuleEmitter::operand(Value value, Operation *user, int inState) {
  int index = fsm.states[inState].pipeline;
  if (index < 0)
    return signal(value, inState);
  const Pipeline &pipeline = fsm.pipelines[index];
  return pipelineValue(pipeline, value, pipeline.time.lookup(user), inState);
}

std::string ModuleEmitter::delayed(Value value, const std::string &source,
                                   int cycles) {
  if (cycles <= 0)
    return source;
  auto &entry = delays[source];
  entry.first = value;
  entry.second = std::max(entry.second, cycles);
  return source + "_d" + std::to_string(cycles);
}

/// The value an operation `at` cycles into its iteration reads: the
/// signal that holds it `k` cycles earlier, through k registers.
std::string ModuleEmitter::pipelineValue(const Pipeline &pipeline, Value value,
                                         int at, int inState) {
  scf::ForOp loop = pipeline.loop;
  Block *body = loop.getBody();
  if (auto argument = dyn_cast<BlockArgument>(value);
      argument && argument.getOwner() == body) {
    // The induction variable's register holds it during the iteration's
    // first II cycles.
    if (argument == loop.getInductionVar())
      return delayed(value, reg(value), at - pipeline.ii + 1);
    // A carried value's register holds it until this iteration's write.
    unsigned index = argument.getArgNumber() - 1;
    int write = pipeline.carriedWrite[index];
    if (pipeline.carriedForwarded[index] && at == write - pipeline.ii)
      return forwarded(pipeline, argument, inState);
    return delayed(value, reg(value), write < 0 ? 0 : at - write);
  }
  // A guarded load's result is its data (Predication.h).
  value = throughGuard(value);
  Operation *def = value.getDefiningOp();
  if (def && def->getParentOfType<scf::ForOp>() == loop &&
      !isa<arith::ConstantOp>(def)) {
    int valid = pipeline.time.lookup(def) +
                (hasDelayedResult(def) ? rtlLatency(def) : 0);
    return delayed(value, wire(value), at - valid);
  }
  return signal(value, inState);
}

/// A carried value read II cycles before the cycle its next value is
/// computed: in that cycle the previous iteration computes it, and the
/// reader takes its signal; the first iteration, which has no previous one,
/// takes the register (the initial value).
std::string ModuleEmitter::forwarded(const Pipeline &pipeline,
                                     BlockArgument carried, int inState) {
  std::string name = "f" + std::to_string(id(carried));
  if (!forwards.insert(carried).second)
    return name;
  unsigned index = carried.getArgNumber() - 1;
  int write = pipeline.carriedWrite[index];
  scf::ForOp loop = pipeline.loop;
  Value next = loop.getBody()->getTerminator()->getOperand(index);
  std::string source = pipelineValue(pipeline, next, write, inState);
  std::string valid = "p" + std::to_string(fsm.pipelineOf.lookup(loop)) +
                      "_valid[" + std::to_string(write / pipeline.ii) + "]";
  pipelineDeclarations += "  " + declaration(carried, name) + "\n";
  forwardAssigns += "  assign " + name + " = " + valid + " ? " + source +
                    " : " + reg(carried) + ";\n";
  return name;
}

std::string ModuleEmitter::guard(int pipelineIndex, int at) {
  const Pipeline &pipeline = fsm.pipelines[pipelineIndex];
  std::string p = "p" + std::to_string(pipelineIndex);
  std::string valid = p + "_valid[" + std::to_string(at / pipeline.ii) + "]";
  if (pipeline.ii == 1)
    return valid;
  unsigned width = std::max<unsigned>(1, llvm::Log2_64_Ceil(pipeline.ii));
  return "(" + p + "_slot == " + std::to_string(width) + "'d" +
         std::to_string(at % pipeline.ii) + ") && " + valid;
}

std::string ModuleEmitter::address(Operation *access, ValueRange indices,
                                   int inState) {
  auto type = cast<MemRefType>(
      access->getOperand(isa<memref::StoreOp>(access) ? 1 : 0).getType());
  if (indices.empty())
    return std::to_string(addressWidth(type)) + "'d0";
  // Row-major: ((i0 * d1 + i1) * d2 + i2) ..., in 64-bit index arithmetic.
  std::string linear = operand(indices.front(), access, inState);
  for (auto [index, size] :
       llvm::zip(indices.drop_front(), type.getShape().drop_front()))
    linear = "(" + linear + ") * 64'd" + std::to_string(size) + " + " +
             operand(index, access, inState);
  return std::to_string(addressWidth(type)) + "'(" + linear + ")";
}

void ModuleEmitter::collectMemories() {
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (auto type = dyn_cast<MemRefType>(argument.getType()))
      memories[argument] = {argumentName(func, index), type, true};
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (auto [index, value] : llvm::enumerate(ret.getOperands()))
    if (auto type = dyn_cast<MemRefType>(value.getType()))
      memories[value] = {"result" + std::to_string(index), type, true};
  unsigned buffers = 0;
  func.walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
        memories.count(op->getResult(0)))
      return;
    Memory &memory = memories[op->getResult(0)];
    memory = {"buf" + std::to_string(buffers++),
              cast<MemRefType>(op->getResult(0).getType()), false};
    memory.isRegister = isRegisterMemory(op->getResult(0));
  });
  for (auto [access, state] : fsm.issue) {
    if (auto call = dyn_cast<func::CallOp>(access)) {
      for (Value operand : call.getOperands())
        if (isa<MemRefType>(operand.getType())) {
          Memory &memory = memories[memoryRoot(operand)];
          memory.accesses.push_back({state, access});
          memory.isRead = true;
        }
      continue;
    }
    Value memref = isa<memref::LoadOp>(access)
                       ? cast<memref::LoadOp>(access).getMemRef()
                       : cast<memref::StoreOp>(access).getMemRef();
    Memory &memory = memories[memoryRoot(memref)];
    memory.accesses.push_back({state, access});
    memory.isRead |= isa<memref::LoadOp>(access);
  }
  for (auto &entry : memories)
    llvm::sort(entry.second.accesses, [&](auto a, auto b) {
      if (a.first != b.first)
        return a.first < b.first;
      int pipeline = fsm.states[a.first].pipeline;
      return pipeline >= 0 && fsm.pipelines[pipeline].time.lookup(a.second) <
                                  fsm.pipelines[pipeline].time.lookup(b.second);
    });
}

/// The test of a loop's next iteration: `value < ub`.
static std::string loopTest(scf::ForOp loop, const std::string &value,
                            const std::string &upper) {
  if (loop.getUnsignedCmp())
    return value + " < " + upper;
  return "$signed(" + value + ") < $signed(" + upper + ")";
}

/// A pipeline's operations, its next induction variable, whether it issues
/// the next iteration (`pN_issue`) and the stages' next valid bits
/// (`pN_next`).
void ModuleEmitter::emitPipelineWires(int stateId, int index, raw_ostream &os) {
  const Pipeline &pipeline = fsm.pipelines[index];
  scf::ForOp loop = pipeline.loop;
  for (Operation *opPointer : flattenGuards(*loop.getBody())) {
    Operation &op = *opPointer;
    if (isa<arith::ConstantOp, memref::StoreOp>(op))
      continue;
    Value result = op.getResult(0);
    if (isDivider(&op) || isFloatUnit(&op)) {
      emitUnit(
          &op, [&](Value value) { return operand(value, &op, stateId); }, os);
      continue;
    }
    std::string expression;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      expression = readData(memories[memoryRoot(load.getMemRef())], load);
    else
      expression = operatorExpression(
          &op, [&](Value value) { return operand(value, &op, stateId); });
    os << "  " << declaration(result, wire(result)) << "\n  assign "
       << wire(result) << " = " << expression << ";\n";
  }
  std::string p = "p" + std::to_string(index);
  Value iv = loop.getInductionVar();
  std::string next = "n" + std::to_string(id(iv));
  os << "  " << declaration(iv, next) << "\n  assign " << next << " = "
     << reg(iv) << " + " << signal(loop.getStep(), stateId) << ";\n";
  os << "  logic " << p << "_issue;\n  assign " << p << "_issue = " << p
     << "_valid[0] && ("
     << loopTest(loop, next, signal(loop.getUpperBound(), stateId)) << ");\n";
  os << "  " << logicOf(pipeline.stages) << " " << p << "_next;\n  assign " << p
     << "_next = ";
  if (pipeline.stages == 1)
    os << p << "_issue;\n";
  else
    os << "{" << p << "_valid[" << pipeline.stages - 2 << ":0], " << p
       << "_issue};\n";
  llvm::raw_string_ostream declarations(pipelineDeclarations);
  // The last stage's valid bit only guards what that stage does.
  declarations << "  /* verilator lint_off UNUSEDSIGNAL */ "
               << logicOf(pipeline.stages) << " " << p
               << "_valid; /* verilator lint_on UNUSEDSIGNAL */\n";
  if (pipeline.ii > 1)
    declarations << "  "
                 << logicOf(
                        std::max<unsigned>(1, llvm::Log2_64_Ceil(pipeline.ii)))
                 << " " << p << "_slot;\n";
}

/// A pipeline's state: the carried values' writes, and at the end of each
/// II cycles the next iteration, the stages' valid bits, and the exit once
/// no stage holds an iteration.
void ModuleEmitter::emitPipelineState(const State &state, raw_ostream &os) {
  int index = state.pipeline;
  int stateId = &state - fsm.states.data();
  const Pipeline &pipeline = fsm.pipelines[index];
  scf::ForOp loop = pipeline.loop;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [carried, next, write] :
       llvm::zip_equal(loop.getRegionIterArgs(), yield.getOperands(),
                       pipeline.carriedWrite)) {
    if (write < 0)
      continue;
    os << "        if (" << guard(index, write) << ")\n          "
       << reg(carried)
       << " <= " << pipelineValue(pipeline, next, write, stateId) << ";\n";
  }
  std::string p = "p" + std::to_string(index);
  std::string indent = "        ";
  unsigned slotWidth = std::max<unsigned>(1, llvm::Log2_64_Ceil(pipeline.ii));
  if (pipeline.ii > 1) {
    os << "        if (" << p << "_slot == " << slotWidth << "'d"
       << pipeline.ii - 1 << ") begin\n";
    indent = "          ";
    os << indent << p << "_slot <= '0;\n";
  }
  Value iv = loop.getInductionVar();
  os << indent << reg(iv) << " <= n" << id(iv) << ";\n"
     << indent << p << "_valid <= " << p << "_next;\n"
     << indent << "if (" << p << "_next == '0)\n"
     << indent << "  state <= " << stateName(state.next[1]) << ";\n";
  if (pipeline.ii == 1)
    return;
  os << "        end else begin\n          " << p << "_slot <= " << p
     << "_slot + " << slotWidth << "'d1;\n";
  // The last iteration leaves in the cycle of its last operation, not at
  // the end of its stage's II cycles.
  int last = pipeline.depth % pipeline.ii;
  if (last != pipeline.ii - 1) {
    std::string alone =
        pipeline.stages == 1
            ? "!" + p + "_issue"
            : p + "_valid[" + std::to_string(pipeline.stages - 2) + ":0] == '0";
    os << "          if (" << p << "_slot == " << slotWidth << "'d" << last
       << " && " << alone
       << ")\n            state <= " << stateName(state.next[1]) << ";\n";
  }
  os << "        end\n";
}

/// A call's module instance: the handshake (ap_start raised in the call's
/// start state), its memory ports (routed to the caller's memories in the
/// wait state, emitMemoryPorts), its scalar arguments (the caller's
/// registers, stable during the call) and results.
void ModuleEmitter::emitInstances() {
  llvm::raw_string_ostream os(instances);
  for (auto [stateId, state] : llvm::enumerate(fsm.states)) {
    func::CallOp call = state.callStart;
    if (!call)
      continue;
    int waitState = state.next[0];
    std::string c = callName(call);
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    os << "  logic " << c << "_start, " << c << "_done;\n  assign " << c
       << "_start = state == " << stateName(stateId) << ";\n";
    std::string connections;
    llvm::raw_string_ostream pins(connections);
    pins << "    .ap_clk(ap_clk),\n    .ap_rst(ap_rst),\n    .ap_start(" << c
         << "_start),\n    .ap_done(" << c
         << "_done),\n    .ap_idle(),\n    .ap_ready()";
    if (isProcess(callee))
      pins << ",\n    .ap_stall(1'b0)";
    for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
      std::string arg = "arg" + std::to_string(index);
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type) {
        pins << ",\n    ." << arg << "(" << signal(operand, waitState) << ")";
        continue;
      }
      std::string port = c + "_" + arg;
      os << "  " << logicOf(addressWidth(type)) << " " << port
         << "_addr;\n  logic " << port << "_ce, " << port << "_we;\n  "
         << logicOf(bitWidth(type)) << " " << port << "_wdata;\n";
      pins << ",\n    ." << arg << "_addr(" << port << "_addr),\n    ." << arg
           << "_ce(" << port << "_ce),\n    ." << arg << "_we(" << port
           << "_we),\n    ." << arg << "_wdata(" << port << "_wdata),\n    ."
           << arg << "_rdata(" << memories[memoryRoot(operand)].name
           << "_rdata)";
    }
    for (auto [index, result] : llvm::enumerate(call.getResults())) {
      os << "  " << declaration(result, c + "_result" + std::to_string(index))
         << "\n";
      pins << ",\n    .result" << index << "(" << c << "_result" << index
           << ")";
    }
    os << "  /* verilator lint_off PINCONNECTEMPTY */\n  "
       << rtlModuleName(callee) << " " << c << "_instance (\n"
       << connections << "\n  );\n  /* verilator lint_on PINCONNECTEMPTY */\n";
  }
}

void ModuleEmitter::emitWires() {
  llvm::raw_string_ostream os(wires);
  // The zero a guarded load yields on its other side (Predication.h) is
  // no signal: a guard's result is its load's data.
  auto fillsGuardsOnly = [&](arith::ConstantOp constant) {
    return !constant->use_empty() &&
           llvm::all_of(constant->getUsers(), [&](Operation *user) {
             return isa<scf::YieldOp>(user) && isGuard(user->getParentOp());
           });
  };
  func.walk([&](arith::ConstantOp constant) {
    if (fillsGuardsOnly(constant))
      return;
    os << "  " << declaration(constant, wire(constant)) << "\n  assign "
       << wire(constant) << " = "
       << operatorExpression(constant, [](Value) { return std::string(); })
       << ";\n";
  });
  for (auto [stateId, state] : llvm::enumerate(fsm.states)) {
    int inState = stateId;
    if (state.pipeline >= 0)
      emitPipelineWires(inState, state.pipeline, os);
    for (Operation *op : state.ops) {
      if (isa<memref::StoreOp, memref::AllocOp, memref::AllocaOp,
              memref::DeallocOp>(op))
        continue;
      Value result = op->getResult(0);
      if (isDivider(op) || isFloatUnit(op)) {
        emitUnit(
            op, [&](Value operand) { return signal(operand, inState); }, os);
        continue;
      }
      std::string expression;
      if (auto load = dyn_cast<memref::LoadOp>(op))
        expression = readData(memories[memoryRoot(load.getMemRef())], load);
      else
        expression = operatorExpression(
            op, [&](Value operand) { return signal(operand, inState); });
      os << "  " << declaration(result, wire(result)) << "\n  assign "
         << wire(result) << " = " << expression << ";\n";
    }
    if (scf::ForOp loop = state.forLatch) {
      Value iv = loop.getInductionVar();
      os << "  " << declaration(iv, "n" + std::to_string(id(iv)))
         << "\n  assign n" << id(iv) << " = " << signal(iv, inState) << " + "
         << signal(loop.getStep(), inState) << ";\n";
    }
  }
}

void ModuleEmitter::emitStates() {
  stateActions.resize(fsm.states.size());
  for (auto [stateId, state] : llvm::enumerate(fsm.states)) {
    int inState = stateId;
    std::string &text = stateActions[stateId];
    llvm::raw_string_ostream os(text);
    if (state.pipeline >= 0) {
      emitPipelineState(state, os);
      continue;
    }
    if (func::CallOp call = state.callWait) {
      std::string c = callName(call);
      os << "        if (" << c << "_done) begin\n";
      for (auto [index, result] : llvm::enumerate(call.getResults()))
        os << "          " << reg(result) << " <= " << c << "_result" << index
           << ";\n";
      os << "          state <= " << stateName(state.next[0])
         << ";\n        end\n";
      continue;
    }
    std::string condition;
    if (scf::ForOp loop = state.forInit) {
      auto pipeline = fsm.pipelineOf.find(loop);
      if (pipeline != fsm.pipelineOf.end()) {
        std::string p = "p" + std::to_string(pipeline->second);
        os << "        " << p
           << "_valid <= " << fsm.pipelines[pipeline->second].stages
           << "'d1;\n";
        if (fsm.pipelines[pipeline->second].ii > 1)
          os << "        " << p << "_slot <= '0;\n";
      }
      std::string lower = signal(loop.getLowerBound(), inState);
      os << "        " << reg(loop.getInductionVar()) << " <= " << lower
         << ";\n";
      condition = loopTest(loop, lower, signal(loop.getUpperBound(), inState));
    }
    if (scf::ForOp loop = state.forLatch) {
      std::string next = "n" + std::to_string(id(loop.getInductionVar()));
      os << "        " << reg(loop.getInductionVar()) << " <= " << next
         << ";\n";
      condition = loopTest(loop, next, signal(loop.getUpperBound(), inState));
    }
    for (auto [target, source] : state.copies)
      os << "        " << reg(target) << " <= " << signal(source, inState)
         << ";\n";
    if (state.ret)
      for (auto [index, value] : llvm::enumerate(state.ret.getOperands()))
        if (!isa<MemRefType>(value.getType()))
          os << "        result" << index << " <= " << signal(value, inState)
             << ";\n";
    if (state.condition)
      condition = signal(state.condition, inState);
    if (state.finish)
      os << "        state <= FINISH;\n";
    else if (condition.empty())
      os << "        state <= " << stateName(state.next[0]) << ";\n";
    else
      os << "        state <= (" << condition << ") ? "
         << stateName(state.next[0]) << " : " << stateName(state.next[1])
         << ";\n";
  }
}

void ModuleEmitter::emitMemoryPorts() {
  llvm::raw_string_ostream os(memoryLogic);
  for (auto &[root, memory] : memories) {
    const std::string &m = memory.name;
    // A local memory is a simple dual-port RAM (a read and a write port),
    // a port of the module one port.
    bool dual = !memory.isPort;
    if (memory.isRegister)
      os << "  always_comb begin\n    " << m << "_we = 1'b0;\n    " << m
         << "_waddr = '0;\n    " << m << "_wdata = '0;\n";
    else if (dual)
      os << "  always_comb begin\n    " << m << "_re = 1'b0;\n    " << m
         << "_we = 1'b0;\n    " << m << "_raddr = '0;\n    " << m
         << "_waddr = '0;\n    " << m << "_wdata = '0;\n";
    else
      os << "  always_comb begin\n    " << m << "_ce = 1'b0;\n    " << m
         << "_we = 1'b0;\n    " << m << "_addr = '0;\n    " << m
         << "_wdata = '0;\n";
    if (!memory.accesses.empty()) {
      os << "    case (state)\n";
      for (size_t i = 0; i < memory.accesses.size();) {
        int state = memory.accesses[i].first;
        int pipeline = fsm.states[state].pipeline;
        os << "      " << stateName(state) << ": begin\n";
        for (; i < memory.accesses.size() && memory.accesses[i].first == state;
             ++i) {
          Operation *access = memory.accesses[i].second;
          // A register's load is a wire; only its stores use its port.
          if (memory.isRegister && isa<memref::LoadOp>(access))
            continue;
          if (auto call = dyn_cast<func::CallOp>(access)) {
            // The callee's port of the argument this memory is passed as.
            for (auto [index, operand] : llvm::enumerate(call.getOperands()))
              if (memoryRoot(operand) == root) {
                std::string port =
                    callName(call) + "_arg" + std::to_string(index);
                if (dual) {
                  // The callee's one port, on the read or the write port.
                  os << "        " << m << "_re = " << port << "_ce && !"
                     << port << "_we;\n        " << m << "_we = " << port
                     << "_ce && " << port << "_we;\n        " << m
                     << "_raddr = " << port << "_addr;\n        " << m
                     << "_waddr = " << port << "_addr;\n        " << m
                     << "_wdata = " << port << "_wdata;\n";
                  continue;
                }
                for (const char *signal : {"_ce", "_we", "_addr", "_wdata"})
                  os << "        " << m << signal << " = " << port << signal
                     << ";\n";
              }
            continue;
          }
          std::string indent = "        ";
          if (pipeline < 0) {
            // A predicated access (a guard) only when its branch runs.
            if (Value predicate = predicateOf(access)) {
              os << indent << "if (" << signal(predicate, state) << ") begin\n";
              indent = "          ";
            }
          } else {
            os << indent << "if ("
               << guard(pipeline, fsm.pipelines[pipeline].time.lookup(access));
            // A predicated access (if-conversion) only when its branch runs.
            if (Value predicate = predicateOf(access))
              os << " && " << operand(predicate, access, state);
            os << ") begin\n";
            indent = "          ";
          }
          if (!dual)
            os << indent << m << "_ce = 1'b1;\n";
          if (auto store = dyn_cast<memref::StoreOp>(access)) {
            os << indent << m << "_we = 1'b1;\n"
               << indent << m << (dual ? "_waddr = " : "_addr = ")
               << address(access, store.getIndices(), state) << ";\n"
               << indent << m
               << "_wdata = " << operand(store.getValueToStore(), access, state)
               << ";\n";
          } else {
            auto load = cast<memref::LoadOp>(access);
            if (dual)
              os << indent << m << "_re = 1'b1;\n";
            os << indent << m << (dual ? "_raddr = " : "_addr = ")
               << address(access, load.getIndices(), state) << ";\n";
          }
          if (indent.size() > 8)
            os << "        end\n";
        }
        os << "      end\n";
      }
      os << "      default: ;\n    endcase\n";
    }
    os << "  end\n";
    if (memory.isPort)
      continue;
    if (memory.isRegister) {
      os << "  " << logicOf(bitWidth(memory.type)) << " " << m
         << "_ram [0:0];\n  always_ff @(posedge ap_clk)\n    if (" << m << "_we"
         << (stalls ? " && !ap_stall" : "") << ")\n      " << m
         << "_ram[0] <= " << m << "_wdata;\n"
         << "  /* verilator lint_off UNUSEDSIGNAL */ "
         << logicOf(bitWidth(memory.type)) << " " << m
         << "_bypass; /* verilator lint_on UNUSEDSIGNAL */\n  assign " << m
         << "_bypass = " << m << "_we ? " << m << "_wdata : " << m
         << "_ram[0];\n";
      continue;
    }
    printDualPortRam(os, m, memory.type, stalls ? "ap_stall" : "");
  }
}

void ModuleEmitter::printPorts(raw_ostream &os) {
  SmallVector<MemoryPort> ports;
  for (auto &[root, memory] : memories)
    if (memory.isPort)
      ports.push_back({memory.name, memory.type, memory.isRead});
  printModulePorts(os, func, ports, stalls);
}

void ModuleEmitter::printDeclarations(raw_ostream &os) {
  os << "  localparam logic [" << stateWidth - 1 << ":0] IDLE = " << stateWidth
     << "'d0;\n  localparam logic [" << stateWidth - 1
     << ":0] FINISH = " << stateWidth << "'d1;\n  " << logicOf(stateWidth)
     << " state;\n";
  for (auto &[root, memory] : memories) {
    if (memory.isPort)
      continue;
    const std::string &m = memory.name;
    std::string address = logicOf(addressWidth(memory.type));
    std::string data = logicOf(bitWidth(memory.type));
    if (memory.isRegister) {
      // Its one element's address is 0 (an unread signal).
      os << "  /* verilator lint_off UNUSEDSIGNAL */ " << address << " " << m
         << "_waddr; /* verilator lint_on UNUSEDSIGNAL */\n  logic " << m
         << "_we;\n  " << data << " " << m << "_wdata;\n";
      continue;
    }
    os << "  " << address << " " << m << "_raddr, " << m << "_waddr;\n  logic "
       << m << "_re, " << m << "_we;\n  " << data << " " << m << "_wdata;\n  "
       << data << " " << m << "_rdata;\n";
  }
  for (Value value : registers)
    os << "  " << declaration(value, "r" + std::to_string(id(value))) << "\n";
  os << pipelineDeclarations;
  for (auto &[source, entry] : delays)
    for (int k = 1; k <= entry.second; ++k)
      os << "  " << declaration(entry.first, source + "_d" + std::to_string(k))
         << "\n";
}

/// A memory port's data, valid the cycle after its read, is registered in
/// the first cycle of a stall (`stall_q` low) and read from that register
/// while the stall lasts: the memory may serve another process meanwhile.
void ModuleEmitter::printStallHolds(raw_ostream &os) {
  os << "  logic stall_q;\n";
  std::string holds;
  for (auto &[root, memory] : memories) {
    if (!memory.isPort || !memory.isRead)
      continue;
    const std::string &m = memory.name;
    std::string type = logicOf(bitWidth(memory.type));
    os << "  " << type << " " << m << "_rdata_q;\n  " << type << " " << m
       << "_rdata_h;\n  assign " << m << "_rdata_h = stall_q ? " << m
       << "_rdata_q : " << m << "_rdata;\n";
    holds += "    if (!stall_q)\n      " + m + "_rdata_q <= " + m + "_rdata;\n";
  }
  os << "  always_ff @(posedge ap_clk) begin\n    stall_q <= !ap_rst && "
        "ap_stall;\n"
     << holds << "  end\n";
}

void ModuleEmitter::printController(raw_ostream &os) {
  // The values read as registers are written where they are computed.
  std::vector<std::string> latches(fsm.states.size());
  for (Value value : registers) {
    auto produced = fsm.producer.find(value);
    if (produced == fsm.producer.end())
      continue;
    latches[produced->second] +=
        "        r" + std::to_string(id(value)) + " <= " + wire(value) + ";\n";
  }
  os << "  assign ap_idle = state == IDLE;\n"
     << "  assign ap_done = state == FINISH;\n"
     << "  assign ap_ready = ap_done;\n\n"
     << "  always_ff @(posedge ap_clk) begin\n    if (ap_rst) begin\n"
     << "      state <= IDLE;\n    end else"
     << (stalls ? " if (!ap_stall)" : "") << " begin\n      case (state)\n"
     << "      IDLE:\n        if (ap_start)\n          state <= "
     << stateName(fsm.entry) << ";\n      FINISH:\n        state <= IDLE;\n";
  for (size_t i = 0; i < fsm.states.size(); ++i)
    os << "      " << stateName(i) << ": begin\n"
       << latches[i] << stateActions[i] << "      end\n";
  os << "      default:\n        state <= IDLE;\n      endcase\n    end\n"
     << "  end\n";
}

void ModuleEmitter::emit(raw_ostream &os) {
  stateWidth = std::max<unsigned>(1, llvm::Log2_64_Ceil(fsm.states.size() + 2));
  collectMemories();
  emitWires();
  emitStates();
  emitMemoryPorts();
  emitInstances();
  os << "// @" << func.getSymName() << ": " << fsm.states.size()
     << " states; see docs/rtl.md for the interface and timing.\n"
     << "module " << rtlModuleName(func) << " (\n";
  printPorts(os);
  printDeclarations(os);
  os << wires << forwardAssigns << instances << memoryLogic;
  // The pipelines' register chains shift every cycle.
  if (!delays.empty()) {
    os << "  always_ff @(posedge ap_clk) begin\n";
    if (stalls)
      os << "    if (!ap_stall) begin\n";
    for (auto &[source, entry] : delays)
      for (int k = 1; k <= entry.second; ++k)
        os << "    " << source << "_d" << k << " <= "
           << (k == 1 ? source : source + "_d" + std::to_string(k - 1))
           << ";\n";
    if (stalls)
      os << "    end\n";
    os << "  end\n";
  }
  if (stalls)
    printStallHolds(os);
  printController(os);
  os << "endmodule\n";
}

} // namespace
} // namespace rtl

std::string rtlModuleName(func::FuncOp func) {
  std::string name;
  for (char c : func.getSymName())
    name += llvm::isAlnum(c) ? c : '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name = "k_" + name;
  return name;
}

LogicalResult emitRTLModule(func::FuncOp func, raw_ostream &os) {
  if (failed(checkRTLSupported(func)))
    return failure();
  if (rtl::isDataflowRegion(func))
    return rtl::emitDataflowModule(func, os);
  rtl::ModuleEmitter(func, rtl::scheduleFunction(func)).emit(os);
  return success();
}

LogicalResult emitRTLKernel(func::FuncOp entry, raw_ostream &os) {
  if (failed(checkRTLSupported(entry)))
    return failure();
  // The entry first (its file is named after it, as lint expects of the
  // first module), then its callees, each once, as their calls are reached.
  llvm::SetVector<func::FuncOp> order;
  order.insert(entry);
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp func) {
    func.walk([&](func::CallOp call) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (order.insert(callee))
        visit(callee);
    });
  };
  visit(entry);
  bool divides = false;
  for (auto [index, func] : llvm::enumerate(order)) {
    // A callee's module shares the kernel's file.
    if (index > 0)
      os << "\n/* verilator lint_off DECLFILENAME */\n";
    if (failed(emitRTLModule(func, os)))
      return failure();
    if (index > 0)
      os << "/* verilator lint_on DECLFILENAME */\n";
    divides |= rtl::usesDivider(func);
  }
  if (divides)
    rtl::printDividerModule(os);
  return success();
}

LogicalResult emitRTL(ModuleOp module, raw_ostream &os) {
  os << "// Generated by hcl (docs/rtl.md).\n";
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    os << "\n";
    if (failed(emitRTLModule(func, os)))
      return failure();
  }
  if (rtl::usesDivider(module))
    rtl::printDividerModule(os);
  return success();
}

} // namespace hcl
