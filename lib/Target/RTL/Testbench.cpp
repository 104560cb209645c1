//===- Testbench.cpp - a Verilator testbench for a kernel's module --------===//
//
// The testbench `hcl check --rtl` builds with the module: each memory port
// is a C++ array served at the rising clock edge (a write stores, a read
// puts the word on `_rdata` after the edge: a read latency of one cycle),
// the inputs come from raw files the checker writes from the JIT's random
// inputs, and the outputs go back to raw files it compares bit for bit.
//
//===----------------------------------------------------------------------===//

#include "Operators.h"

#include "hcl/Target/RTL.h"

using namespace mlir;

namespace hcl {

namespace {

/// The bytes of one element on the host: integers of other widths (i12,
/// fixed point's bits) live in the next standard container, as LLVM lays
/// them out; 0 when the checker cannot pass it (wider than 64 bits).
unsigned hostBytes(Type type) {
  unsigned width = rtl::bitWidth(type);
  for (unsigned bytes : {1u, 2u, 4u, 8u})
    if (width <= 8 * bytes)
      return bytes;
  return 0;
}

std::string mask(unsigned width) {
  if (width == 64)
    return "~0ull";
  return "((1ull << " + std::to_string(width) + ") - 1)";
}

const char *prologue = R"(#include "Vkernel.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Memory {
  const char *name;
  std::vector<uint64_t> words;
  unsigned bytes;
  uint64_t rdata = 0;
};

std::vector<uint64_t> readWords(const std::string &path, size_t count,
                                unsigned bytes) {
  std::vector<uint64_t> words(count, 0);
  FILE *file = std::fopen(path.c_str(), "rb");
  if (!file) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(2);
  }
  for (uint64_t &word : words)
    if (std::fread(&word, bytes, 1, file) != 1) {
      std::fprintf(stderr, "%s is too short\n", path.c_str());
      std::exit(2);
    }
  std::fclose(file);
  return words;
}

void writeWords(const std::string &path, const std::vector<uint64_t> &words,
                unsigned bytes) {
  FILE *file = std::fopen(path.c_str(), "wb");
  if (!file) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(2);
  }
  for (uint64_t word : words)
    std::fwrite(&word, bytes, 1, file);
  std::fclose(file);
}

// A request of the cycle, served at the rising edge.
void serve(Memory &memory, bool ce, bool we, uint64_t address,
           uint64_t wdata) {
  if (!ce)
    return;
  if (address >= memory.words.size()) {
    std::fprintf(stderr, "%s: address %llu is out of bounds\n", memory.name,
                 (unsigned long long)address);
    std::exit(3);
  }
  if (we)
    memory.words[address] = wdata;
  else
    memory.rdata = memory.words[address];
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    std::fprintf(stderr, "usage: %s DIR [MAX_CYCLES]\n", argv[0]);
    return 2;
  }
  std::string dir = argv[1];
  // A design that deadlocks never raises ap_done: give up after MAX_CYCLES.
  unsigned long long maxCycles =
      argc == 3 ? std::strtoull(argv[2], nullptr, 10) : 2000000000ull;
  VerilatedContext context;
  Vkernel top{&context};
)";

} // namespace

LogicalResult emitVerilatorTestbench(func::FuncOp func, raw_ostream &os) {
  auto refuse = [&](Type type) -> LogicalResult {
    if (hostBytes(type))
      return success();
    return func.emitError("rtl: hcl check --rtl passes elements of up to "
                          "64 bits, not ")
           << type;
  };
  struct Port {
    std::string name;
    MemRefType type;
    bool isInput;
  };
  SmallVector<Port> memories;
  for (auto [index, argument] : llvm::enumerate(func.getArguments())) {
    std::string name = "arg" + std::to_string(index);
    if (failed(refuse(argument.getType())))
      return failure();
    if (auto type = dyn_cast<MemRefType>(argument.getType()))
      memories.push_back({name, type, true});
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes())) {
    std::string name = "result" + std::to_string(index);
    if (failed(refuse(type)))
      return failure();
    if (auto memref = dyn_cast<MemRefType>(type))
      memories.push_back({name, memref, false});
  }
  os << "// The Verilator testbench of @" << func.getSymName()
     << " (hcl check --rtl, docs/rtl.md).\n"
     << prologue;
  for (const Port &port : memories) {
    unsigned bytes = hostBytes(port.type);
    std::string count = std::to_string(port.type.getNumElements());
    os << "  Memory " << port.name << "{\"" << port.name << "\", ";
    if (port.isInput)
      os << "readWords(dir + \"/" << port.name << ".bin\", " << count << ", "
         << bytes << ")";
    else
      os << "std::vector<uint64_t>(" << count << ", 0)";
    os << ", " << bytes << "};\n";
  }
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (!isa<MemRefType>(argument.getType()))
      os << "  top.arg" << index << " = readWords(dir + \"/arg" << index
         << ".bin\", 1, " << hostBytes(argument.getType()) << ")[0] & "
         << mask(rtl::bitWidth(argument.getType())) << ";\n";
  os << "  auto tick = [&] {\n    top.ap_clk = 0;\n    top.eval();\n";
  for (const Port &port : memories) {
    const std::string &m = port.name;
    os << "    serve(" << m << ", top." << m << "_ce, top." << m << "_we, top."
       << m << "_addr, top." << m << "_wdata);\n";
  }
  os << "    top.ap_clk = 1;\n    top.eval();\n";
  for (const Port &port : memories)
    os << "    top." << port.name << "_rdata = " << port.name << ".rdata & "
       << mask(rtl::bitWidth(port.type)) << ";\n";
  os << "    top.eval();\n  };\n"
     << "  top.ap_rst = 1;\n  top.ap_start = 0;\n  tick();\n  tick();\n"
     << "  top.ap_rst = 0;\n  top.ap_start = 1;\n"
     << "  unsigned long long cycles = 0;\n"
     << "  while (!top.ap_done) {\n    tick();\n"
     << "    if (++cycles > maxCycles) {\n"
     << "      std::fprintf(stderr, \"no ap_done after %llu cycles\\n\", "
        "cycles);\n      return 4;\n    }\n  }\n"
     << "  top.ap_start = 0;\n";
  // An element's bits, zero-extended to its container (hcl check extends
  // signed ones).
  for (const Port &port : memories)
    os << "  for (uint64_t &word : " << port.name
       << ".words)\n    word &= " << mask(rtl::bitWidth(port.type))
       << ";\n  writeWords(dir + \"/" << port.name << ".out\", " << port.name
       << ".words, " << port.name << ".bytes);\n";
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<MemRefType>(type))
      os << "  writeWords(dir + \"/result" << index
         << ".out\", {static_cast<uint64_t>(top.result" << index << ")}, "
         << hostBytes(type) << ");\n";
  os << "  top.final();\n  std::printf(\"cycles %llu\\n\", cycles);\n"
     << "  return 0;\n}\n";
  return success();
}

} // namespace hcl
