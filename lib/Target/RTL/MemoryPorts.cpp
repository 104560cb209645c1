//===- MemoryPorts.cpp - a module's memories and their ports --------------===//
//
// The memories of a function's module (ModuleEmitter.h): an array argument
// or a returned allocation is a port of the module, a local buffer a
// simple dual-port RAM (one read and one write port), a memory argument
// of the top maybe a second port (ArgumentPorts.h), a one-element
// register a flip-flop read as a wire, with a bypass for a load in the
// cycle of a store. Each memory's port signals are driven by one
// always_comb: in each state, the accesses the schedule issued there,
// guarded in a pipeline by their stage's valid bit and slot.
//
//===----------------------------------------------------------------------===//

#include "ModuleEmitter.h"

#include "ArgumentPorts.h"
#include "ConstantGlobals.h"
#include "ModuleText.h"
#include "Operators.h"
#include "Predication.h"
#include "SplitBanks.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl {
namespace rtl {

std::string ModuleEmitter::readData(const Memory &memory, Operation *load) {
  if (memory.isRegister) {
    for (const Pipeline &pipeline : fsm.pipelines)
      if (registerBypass(pipeline, load))
        return memory.name + "_bypass";
    return memory.name + "_ram[0]";
  }
  if (onSecondPort(load))
    return memory.name + "_p1_rdata";
  return memory.name + (stalls && memory.isPort ? "_rdata_h" : "_rdata");
}

bool ModuleEmitter::onSecondPort(Operation *access) const {
  return llvm::any_of(fsm.pipelines, [&](const Pipeline &pipeline) {
    return pipeline.secondPort.contains(access);
  });
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
    if (auto type = dyn_cast<MemRefType>(argument.getType())) {
      memories[argument] = {argumentName(func, index), type, true};
      memories[argument].hasSecondPort = argumentPorts(argument) > 1;
    }
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

/// Every port signal of `memory` idle, before the states drive them.
void ModuleEmitter::printPortDefaults(const Memory &memory, raw_ostream &os) {
  const std::string &m = memory.name;
  SmallVector<const char *> signals;
  if (memory.isRegister)
    signals = {"_we", "_waddr", "_wdata"};
  else if (!memory.isPort)
    signals = {"_re", "_we", "_raddr", "_waddr", "_wdata"};
  else
    signals = {"_ce", "_we", "_addr", "_wdata"};
  if (memory.hasSecondPort)
    signals.append({"_p1_ce", "_p1_we", "_p1_addr", "_p1_wdata"});
  os << "  always_comb begin\n";
  // The enables (`_ce`, `_re`, `_we`) are one bit.
  for (const char *signal : signals)
    os << "    " << m << signal
       << (llvm::StringRef(signal).ends_with("e") ? " = 1'b0;\n" : " = '0;\n");
}

/// A call's accesses: the callee's port of the argument `root` is passed
/// as drives this memory's port.
void ModuleEmitter::printCallAccess(const Memory &memory, Value root,
                                    func::CallOp call, raw_ostream &os) {
  const std::string &m = memory.name;
  for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
    if (memoryRoot(operand) != root)
      continue;
    std::string port = callName(call) + "_arg" + std::to_string(index);
    if (memory.isPort) {
      for (const char *signal : {"_ce", "_we", "_addr", "_wdata"})
        os << "        " << m << signal << " = " << port << signal << ";\n";
      continue;
    }
    // The callee's one port, on the RAM's read or write port.
    os << "        " << m << "_re = " << port << "_ce && !" << port
       << "_we;\n        " << m << "_we = " << port << "_ce && " << port
       << "_we;\n        " << m << "_raddr = " << port << "_addr;\n        "
       << m << "_waddr = " << port << "_addr;\n        " << m
       << "_wdata = " << port << "_wdata;\n";
  }
}

/// A load or store issued in `state`, under its guard: the stage's valid
/// bit and slot in a pipeline, and its branch's predicate if it has one.
void ModuleEmitter::printAccess(const Memory &memory, int state,
                                Operation *access, raw_ostream &os) {
  const std::string &m = memory.name;
  bool dual = !memory.isPort;
  int pipeline = fsm.states[state].pipeline;
  std::string indent = "        ";
  Value predicate = predicateOf(access);
  if (pipeline >= 0) {
    os << indent << "if ("
       << guard(pipeline, fsm.pipelines[pipeline].time.lookup(access));
    if (predicate)
      os << " && " << operand(predicate, access, state);
    os << ") begin\n";
    indent += "  ";
  } else if (predicate) {
    os << indent << "if (" << signal(predicate, state) << ") begin\n";
    indent += "  ";
  }
  // An access on a memory argument's second port (ArgumentPorts.h).
  std::string p = onSecondPort(access) ? m + "_p1" : m;
  if (!dual)
    os << indent << p << "_ce = 1'b1;\n";
  if (auto store = dyn_cast<memref::StoreOp>(access)) {
    os << indent << p << "_we = 1'b1;\n"
       << indent << p << (dual ? "_waddr = " : "_addr = ")
       << address(access, store.getIndices(), state) << ";\n"
       << indent << p
       << "_wdata = " << operand(store.getValueToStore(), access, state)
       << ";\n";
  } else {
    auto load = cast<memref::LoadOp>(access);
    if (dual)
      os << indent << m << "_re = 1'b1;\n";
    os << indent << p << (dual ? "_raddr = " : "_addr = ")
       << address(access, load.getIndices(), state) << ";\n";
  }
  if (indent.size() > 8)
    os << "        end\n";
}

/// A register: its one element, written through its write port, and the
/// bypass a load in the cycle of a store reads (the store's data).
void ModuleEmitter::printRegister(const Memory &memory, raw_ostream &os) {
  const std::string &m = memory.name;
  std::string data = logicOf(bitWidth(memory.type));
  os << "  " << data << " " << m
     << "_ram [0:0];\n  always_ff @(posedge ap_clk)\n    if (" << m << "_we"
     << (stalls ? " && !ap_stall" : "") << ")\n      " << m
     << "_ram[0] <= " << m << "_wdata;\n"
     << "  /* verilator lint_off UNUSEDSIGNAL */ " << data << " " << m
     << "_bypass; /* verilator lint_on UNUSEDSIGNAL */\n  assign " << m
     << "_bypass = " << m << "_we ? " << m << "_wdata : " << m << "_ram[0];\n";
}

void ModuleEmitter::emitMemoryPorts() {
  llvm::raw_string_ostream os(memoryLogic);
  for (auto &[root, memory] : memories) {
    printPortDefaults(memory, os);
    if (!memory.accesses.empty()) {
      os << "    case (state)\n";
      for (size_t i = 0; i < memory.accesses.size();) {
        int state = memory.accesses[i].first;
        os << "      " << stateName(state) << ": begin\n";
        for (; i < memory.accesses.size() && memory.accesses[i].first == state;
             ++i) {
          Operation *access = memory.accesses[i].second;
          if (auto call = dyn_cast<func::CallOp>(access))
            printCallAccess(memory, root, call, os);
          // A register's load is a wire; only its stores use its port.
          else if (!memory.isRegister || isa<memref::StoreOp>(access))
            printAccess(memory, state, access, os);
        }
        os << "      end\n";
      }
      os << "      default: ;\n    endcase\n";
    }
    os << "  end\n";
    if (memory.isRegister)
      printRegister(memory, os);
    else if (!memory.isPort)
      printDualPortRam(os, memory.name, memory.type, stalls ? "ap_stall" : "");
    if (!memory.isPort)
      printInitialContents(os, memory.name,
                           initialContents(root.getDefiningOp()));
  }
}

void ModuleEmitter::printMemoryDeclarations(raw_ostream &os) {
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
}

void ModuleEmitter::printPorts(raw_ostream &os) {
  SmallVector<MemoryPort> ports;
  for (auto &[root, memory] : memories)
    if (memory.isPort) {
      // The data a port reads: with two ports, each port's loads.
      auto reads = [&](bool second) {
        return llvm::any_of(memory.accesses, [&](auto access) {
          Operation *op = access.second;
          if (isa<func::CallOp>(op))
            return !second;
          return isa<memref::LoadOp>(op) && onSecondPort(op) == second;
        });
      };
      ports.push_back({memory.name, memory.type, memory.isRead && reads(false),
                       memory.hasSecondPort, reads(true)});
    }
  printModulePorts(os, func, ports, stalls);
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

} // namespace rtl
} // namespace hcl
