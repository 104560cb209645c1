//===- ModuleEmitter.cpp - a scheduled function as a Verilog module -------===//
//
// Prints the states of a function's Fsm (ScheduleFunction.cpp) as one
// SystemVerilog module: the ports, a wire per operation (its combinational
// expression in the state that computes it), a register per value read in a
// later state, one always_ff for the controller and the registers, and one
// always_comb per memory port. Local buffers are RAMs with the ports'
// timing. docs/rtl.md describes the interface.
//
//===----------------------------------------------------------------------===//

#include "Fsm.h"
#include "Operators.h"

#include "hcl/Target/RTL.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace hcl {
namespace rtl {
namespace {

/// `logic [W-1:0]`.
std::string logicOf(unsigned width) {
  return "logic [" + std::to_string(width - 1) + ":0]";
}

/// The declaration of a value's signal. Index values are 64 bits wide, as
/// on the CPU, and an address uses only their low bits: their unused high
/// bits are expected, not a lint warning.
std::string declaration(Value value, const std::string &name) {
  std::string text = logicOf(bitWidth(value.getType())) + " " + name + ";";
  if (!value.getType().isIndex())
    return text;
  return "/* verilator lint_off UNUSEDSIGNAL */ " + text +
         " /* verilator lint_on UNUSEDSIGNAL */";
}

unsigned addressWidth(MemRefType type) {
  return std::max<unsigned>(1, llvm::Log2_64_Ceil(type.getNumElements()));
}

/// One memory: an argument's port, a returned allocation's port, or a
/// local RAM.
struct Memory {
  std::string name;
  MemRefType type;
  bool isPort = false;
  bool isRead = false;
  /// (state, access) for each load and store.
  SmallVector<std::pair<int, Operation *>> accesses = {};
};

class ModuleEmitter {
public:
  ModuleEmitter(func::FuncOp func, Fsm fsm) : func(func), fsm(std::move(fsm)) {}
  void emit(raw_ostream &os);

private:
  func::FuncOp func;
  Fsm fsm;
  DenseMap<Value, unsigned> ids;
  llvm::SetVector<Value> registers;
  llvm::MapVector<Value, Memory> memories;
  std::string wires, memoryLogic;
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
  std::string address(Operation *access, ValueRange indices, int inState);
  void collectMemories();
  void emitWires();
  void emitStates();
  void emitMemoryPorts();
  void printPorts(raw_ostream &os);
  void printDeclarations(raw_ostream &os);
  void printController(raw_ostream &os);
};

std::string ModuleEmitter::signal(Value value, int inState) {
  while (fsm.aliases.count(value))
    value = fsm.aliases.lookup(value);
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    if (argument.getOwner() == &func.getBody().front())
      return "arg" + std::to_string(argument.getArgNumber());
    return reg(value);
  }
  Operation *def = value.getDefiningOp();
  if (isa<arith::ConstantOp>(def))
    return wire(value);
  if (isa<scf::IfOp>(def) || fsm.producer.lookup(value) != inState)
    return reg(value);
  return wire(value);
}

std::string ModuleEmitter::address(Operation *access, ValueRange indices,
                                   int inState) {
  auto type = cast<MemRefType>(
      access->getOperand(isa<memref::StoreOp>(access) ? 1 : 0).getType());
  if (indices.empty())
    return std::to_string(addressWidth(type)) + "'d0";
  // Row-major: ((i0 * d1 + i1) * d2 + i2) ..., in 64-bit index arithmetic.
  std::string linear = signal(indices.front(), inState);
  for (auto [index, size] :
       llvm::zip(indices.drop_front(), type.getShape().drop_front()))
    linear = "(" + linear + ") * 64'd" + std::to_string(size) + " + " +
             signal(index, inState);
  return std::to_string(addressWidth(type)) + "'(" + linear + ")";
}

void ModuleEmitter::collectMemories() {
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (auto type = dyn_cast<MemRefType>(argument.getType()))
      memories[argument] = {"arg" + std::to_string(index), type, true};
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (auto [index, value] : llvm::enumerate(ret.getOperands()))
    if (auto type = dyn_cast<MemRefType>(value.getType()))
      memories[value] = {"result" + std::to_string(index), type, true};
  unsigned buffers = 0;
  func.walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
        memories.count(op->getResult(0)))
      return;
    memories[op->getResult(0)] = {"buf" + std::to_string(buffers++),
                                  cast<MemRefType>(op->getResult(0).getType()),
                                  false};
  });
  for (auto [access, state] : fsm.issue) {
    Value memref = isa<memref::LoadOp>(access)
                       ? cast<memref::LoadOp>(access).getMemRef()
                       : cast<memref::StoreOp>(access).getMemRef();
    Memory &memory = memories[memoryRoot(memref)];
    memory.accesses.push_back({state, access});
    memory.isRead |= isa<memref::LoadOp>(access);
  }
  for (auto &entry : memories)
    llvm::sort(entry.second.accesses,
               [](auto a, auto b) { return a.first < b.first; });
}

void ModuleEmitter::emitWires() {
  llvm::raw_string_ostream os(wires);
  func.walk([&](arith::ConstantOp constant) {
    os << "  " << declaration(constant, wire(constant)) << "\n  assign "
       << wire(constant) << " = "
       << operatorExpression(constant, [](Value) { return std::string(); })
       << ";\n";
  });
  for (auto [stateId, state] : llvm::enumerate(fsm.states)) {
    int inState = stateId;
    for (Operation *op : state.ops) {
      if (isa<memref::StoreOp, memref::AllocOp, memref::AllocaOp,
              memref::DeallocOp>(op))
        continue;
      Value result = op->getResult(0);
      std::string expression;
      if (auto load = dyn_cast<memref::LoadOp>(op))
        expression = memories[memoryRoot(load.getMemRef())].name + "_rdata";
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

/// The test of a loop's next iteration: `value < ub`.
static std::string loopTest(scf::ForOp loop, const std::string &value,
                            const std::string &upper) {
  if (loop.getUnsignedCmp())
    return value + " < " + upper;
  return "$signed(" + value + ") < $signed(" + upper + ")";
}

void ModuleEmitter::emitStates() {
  stateActions.resize(fsm.states.size());
  for (auto [stateId, state] : llvm::enumerate(fsm.states)) {
    int inState = stateId;
    std::string &text = stateActions[stateId];
    llvm::raw_string_ostream os(text);
    std::string condition;
    if (scf::ForOp loop = state.forInit) {
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
    unsigned width = bitWidth(memory.type);
    os << "  always_comb begin\n    " << m << "_ce = 1'b0;\n    " << m
       << "_we = 1'b0;\n    " << m << "_addr = '0;\n    " << m
       << "_wdata = '0;\n";
    if (!memory.accesses.empty()) {
      os << "    case (state)\n";
      for (auto [state, access] : memory.accesses) {
        os << "      " << stateName(state) << ": begin\n        " << m
           << "_ce = 1'b1;\n";
        if (auto store = dyn_cast<memref::StoreOp>(access)) {
          os << "        " << m << "_we = 1'b1;\n        " << m
             << "_addr = " << address(access, store.getIndices(), state)
             << ";\n        " << m
             << "_wdata = " << signal(store.getValueToStore(), state) << ";\n";
        } else {
          auto load = cast<memref::LoadOp>(access);
          os << "        " << m
             << "_addr = " << address(access, load.getIndices(), state)
             << ";\n";
        }
        os << "      end\n";
      }
      os << "      default: ;\n    endcase\n";
    }
    os << "  end\n";
    if (memory.isPort)
      continue;
    os << "  " << logicOf(width) << " " << m
       << "_ram [0:" << memory.type.getNumElements() - 1 << "];\n"
       << "  always_ff @(posedge ap_clk)\n    if (" << m
       << "_ce) begin\n      if (" << m << "_we)\n        " << m << "_ram[" << m
       << "_addr] <= " << m << "_wdata;\n      " << m << "_rdata <= " << m
       << "_ram[" << m << "_addr];\n    end\n";
  }
}

void ModuleEmitter::printPorts(raw_ostream &os) {
  os << "  input  logic ap_clk,\n  input  logic ap_rst,\n"
     << "  input  logic ap_start,\n  output logic ap_done,\n"
     << "  output logic ap_idle,\n  output logic ap_ready";
  for (auto &[root, memory] : memories) {
    if (!memory.isPort)
      continue;
    const std::string &m = memory.name;
    os << ",\n  output " << logicOf(addressWidth(memory.type)) << " " << m
       << "_addr,\n  output logic " << m << "_ce,\n  output logic " << m
       << "_we,\n  output " << logicOf(bitWidth(memory.type)) << " " << m
       << "_wdata,\n";
    if (!memory.isRead)
      os << "  /* verilator lint_off UNUSEDSIGNAL */\n";
    os << "  input  " << logicOf(bitWidth(memory.type)) << " " << m << "_rdata";
    if (!memory.isRead)
      os << "\n  /* verilator lint_on UNUSEDSIGNAL */";
  }
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (!isa<MemRefType>(argument.getType()))
      os << ",\n  input  " << logicOf(bitWidth(argument.getType())) << " arg"
         << index;
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<MemRefType>(type))
      os << ",\n  output " << logicOf(bitWidth(type)) << " result" << index;
  os << "\n);\n";
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
    os << "  " << logicOf(addressWidth(memory.type)) << " " << m
       << "_addr;\n  logic " << m << "_ce;\n  logic " << m << "_we;\n  "
       << logicOf(bitWidth(memory.type)) << " " << m << "_wdata;\n  "
       << logicOf(bitWidth(memory.type)) << " " << m << "_rdata;\n";
  }
  for (Value value : registers)
    os << "  " << declaration(value, "r" + std::to_string(id(value))) << "\n";
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
     << "      state <= IDLE;\n    end else begin\n      case (state)\n"
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
  os << "// @" << func.getSymName() << ": " << fsm.states.size()
     << " states; see docs/rtl.md for the interface and timing.\n"
     << "module " << rtlModuleName(func) << " (\n";
  printPorts(os);
  printDeclarations(os);
  os << wires << memoryLogic;
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
  rtl::ModuleEmitter(func, rtl::scheduleFunction(func)).emit(os);
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
  return success();
}

} // namespace hcl
