//===- ModuleText.cpp - text shared by the RTL backend's modules ----------===//

#include "ModuleText.h"
#include "Operators.h"
#include "SplitBanks.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace hcl::rtl {

std::string logicOf(unsigned width) {
  return "logic [" + std::to_string(width - 1) + ":0]";
}

unsigned addressWidth(MemRefType type) {
  return std::max<unsigned>(1, llvm::Log2_64_Ceil(type.getNumElements()));
}

void printModulePorts(raw_ostream &os, func::FuncOp func,
                      ArrayRef<MemoryPort> memories, bool stalls) {
  os << "  input  logic ap_clk,\n  input  logic ap_rst,\n"
     << "  input  logic ap_start,\n  output logic ap_done,\n"
     << "  output logic ap_idle,\n  output logic ap_ready";
  if (stalls)
    os << ",\n  input  logic ap_stall";
  for (const MemoryPort &memory : memories) {
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
    if (!memory.hasSecondPort)
      continue;
    os << ",\n  output " << logicOf(addressWidth(memory.type)) << " " << m
       << "_p1_addr,\n  output logic " << m << "_p1_ce,\n  output logic " << m
       << "_p1_we,\n  output " << logicOf(bitWidth(memory.type)) << " " << m
       << "_p1_wdata,\n";
    if (!memory.isSecondRead)
      os << "  /* verilator lint_off UNUSEDSIGNAL */\n";
    os << "  input  " << logicOf(bitWidth(memory.type)) << " " << m
       << "_p1_rdata";
    if (!memory.isSecondRead)
      os << "\n  /* verilator lint_on UNUSEDSIGNAL */";
  }
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (!isa<MemRefType>(argument.getType()))
      os << ",\n  input  " << logicOf(bitWidth(argument.getType())) << " "
         << argumentName(func, index);
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<MemRefType>(type))
      os << ",\n  output " << logicOf(bitWidth(type)) << " result" << index;
  os << "\n);\n";
}

void printRam(raw_ostream &os, const std::string &name, MemRefType type,
              StringRef enable) {
  const std::string &m = name;
  os << "  " << logicOf(bitWidth(type)) << " " << m
     << "_ram [0:" << type.getNumElements() - 1 << "];\n"
     << "  always_ff @(posedge ap_clk)\n    if (" << enable
     << ") begin\n      if (" << m << "_we)\n        " << m << "_ram[" << m
     << "_addr] <= " << m << "_wdata;\n      " << m << "_rdata <= " << m
     << "_ram[" << m << "_addr];\n    end\n";
}

void printDualPortRam(raw_ostream &os, const std::string &name, MemRefType type,
                      StringRef hold) {
  const std::string &m = name;
  std::string free = hold.empty() ? "" : " && !" + hold.str();
  os << "  " << logicOf(bitWidth(type)) << " " << m
     << "_ram [0:" << type.getNumElements() - 1 << "];\n"
     << "  always_ff @(posedge ap_clk) begin\n    if (" << m << "_we" << free
     << ")\n      " << m << "_ram[" << m << "_waddr] <= " << m
     << "_wdata;\n    if (" << m << "_re" << free << ")\n      " << m
     << "_rdata <= " << m << "_ram[" << m << "_raddr];\n  end\n";
}

/// The bits of one element of a ROM's contents.
static APInt bitsOf(Attribute value) {
  if (auto number = dyn_cast<FloatAttr>(value))
    return number.getValue().bitcastToAPInt();
  return cast<IntegerAttr>(value).getValue();
}

void printInitialContents(raw_ostream &os, const std::string &name,
                          DenseElementsAttr contents) {
  if (!contents)
    return;
  unsigned width = bitWidth(contents.getElementType());
  os << "  initial begin\n";
  for (auto [address, value] :
       llvm::enumerate(contents.getValues<Attribute>())) {
    SmallString<32> hex;
    bitsOf(value).zextOrTrunc(width).toStringUnsigned(hex, 16);
    os << "    " << name << "_ram[" << address << "] = " << width << "'h" << hex
       << ";\n";
  }
  os << "  end\n";
}

} // namespace hcl::rtl
