//===- ModuleEmitter.h - a scheduled function as a Verilog module -*- C++
//-*-===//
//
// The emitter of one function's module, shared by ModuleEmitter.cpp (the
// wires, the states and the controller) and MemoryPorts.cpp (the memories:
// the module's ports, local RAMs and registers, and which state drives
// which port). docs/rtl.md describes the interface.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_MODULEEMITTER_H
#define HCL_LIB_TARGET_RTL_MODULEEMITTER_H

#include "Dataflow.h"
#include "Fsm.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <string>
#include <vector>

namespace hcl {
namespace rtl {

using llvm::DenseMap;
using llvm::function_ref;
using llvm::raw_ostream;
using llvm::SmallVector;
using mlir::BlockArgument;
using mlir::MemRefType;
using mlir::Operation;
using mlir::Value;
using mlir::ValueRange;
namespace func = mlir::func;
namespace scf = mlir::scf;

/// The declaration of a value's signal (index and truncated values with
/// their unused high bits allowed).
std::string declaration(Value value, const std::string &name);

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
  /// A port's second port, which reads (ArgumentPorts.h).
  bool hasSecondPort = false;
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
  std::string readData(const Memory &memory, Operation *load);
  /// Whether a pipeline issues `access` on its memory's second port.
  bool onSecondPort(Operation *access) const;
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
                raw_ostream &os);
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
  void printPortDefaults(const Memory &memory, raw_ostream &os);
  void printCallAccess(const Memory &memory, Value root, func::CallOp call,
                       raw_ostream &os);
  void printAccess(const Memory &memory, int state, Operation *access,
                   raw_ostream &os);
  void printRegister(const Memory &memory, raw_ostream &os);
  void printMemoryDeclarations(raw_ostream &os);
  void printPorts(raw_ostream &os);
  void printDeclarations(raw_ostream &os);
  void printController(raw_ostream &os);
};

} // namespace rtl
} // namespace hcl

#endif // HCL_LIB_TARGET_RTL_MODULEEMITTER_H
