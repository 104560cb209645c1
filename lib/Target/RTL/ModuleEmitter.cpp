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

#include "ModuleEmitter.h"

#include "Dataflow.h"
#include "Divider.h"
#include "FloatUnitEmitter.h"
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

} // namespace

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

void ModuleEmitter::emitUnit(Operation *op,
                             function_ref<std::string(Value)> operand,
                             raw_ostream &os) {
  Value result = op->getResult(0);
  os << "  " << declaration(result, wire(result)) << "\n";
  // A process's units hold with the rest of it while it stalls, so that a
  // result comes its latency in running cycles after the operands.
  std::string enable = stalls ? "!ap_stall" : "1'b1";
  if (isFloatUnit(op)) {
    os << floatUnitInstance(op, "fu" + std::to_string(id(result)), operand,
                            wire(result), enable);
    return;
  }
  os << dividerInstance(op, "div" + std::to_string(id(result)),
                        operand(op->getOperand(0)), operand(op->getOperand(1)),
                        wire(result), enable);
}

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

void ModuleEmitter::printDeclarations(raw_ostream &os) {
  os << "  localparam logic [" << stateWidth - 1 << ":0] IDLE = " << stateWidth
     << "'d0;\n  localparam logic [" << stateWidth - 1
     << ":0] FINISH = " << stateWidth << "'d1;\n  " << logicOf(stateWidth)
     << " state;\n";
  printMemoryDeclarations(os);
  for (Value value : registers)
    os << "  " << declaration(value, "r" + std::to_string(id(value))) << "\n";
  os << pipelineDeclarations;
  for (auto &[source, entry] : delays)
    for (int k = 1; k <= entry.second; ++k)
      os << "  " << declaration(entry.first, source + "_d" + std::to_string(k))
         << "\n";
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
