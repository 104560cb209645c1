//===- Testbench.cpp - a Verilator testbench for a kernel's module --------===//
//
// The testbench `hcl check --rtl` builds with the module: each memory port
// is a C++ array served at the rising clock edge (a write stores, a read
// puts the word on `_rdata` after the edge: a read latency of one cycle),
// the inputs come from raw files the checker writes from the JIT's random
// inputs, and the outputs go back to raw files it compares bit for bit. A
// partitioned argument that is a port per bank (SplitBanks.h) is scattered
// from its file to its banks, and gathered back, through its layout. A
// memory argument's second port (ArgumentPorts.h) serves the same array.
//
//===----------------------------------------------------------------------===//

#include "ArgumentPorts.h"
#include "Operators.h"
#include "SplitBanks.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

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
#include <utility>
#include <vector>

namespace {

struct Memory {
  const char *name;
  std::vector<uint64_t> words;
  unsigned bytes;
  uint64_t rdata = 0;
  // The second port's data (ArgumentPorts.h).
  uint64_t rdata1 = 0;
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
// A dimension of an array split into banks: cyclic (bank i % banks, at
// i / banks; complete and unpartitioned dimensions are cyclic too) or
// block (bank i / bankSize, at i % bankSize).
struct BankedDim {
  uint64_t size, banks, bankSize;
  bool cyclic;
};

// The bank of the element `flat` (row-major) of an array banked by `dims`,
// and its address in the bank (row-major in the bank's shape).
std::pair<uint64_t, uint64_t> placeOf(const std::vector<BankedDim> &dims,
                                      uint64_t flat) {
  uint64_t bank = 0, offset = 0, bankStride = 1, offsetStride = 1;
  for (size_t d = dims.size(); d-- > 0;) {
    const BankedDim &dim = dims[d];
    uint64_t i = flat % dim.size;
    flat /= dim.size;
    bank += (dim.cyclic ? i % dim.banks : i / dim.bankSize) * bankStride;
    offset += (dim.cyclic ? i / dim.banks : i % dim.bankSize) * offsetStride;
    bankStride *= dim.banks;
    offsetStride *= dim.bankSize;
  }
  return {bank, offset};
}

// One port's request: a write stores, a read puts the word on `rdata`.
// The schedule never has the two ports of a memory on one address in a
// cycle with a write.
void serve(Memory &memory, uint64_t &rdata, bool ce, bool we,
           uint64_t address, uint64_t wdata) {
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
    rdata = memory.words[address];
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

/// Declares `file`'s banks (`<file>_banks`, the ports `banks` in bank
/// order) and their layout (`<file>_dims`), and fills the banks with the
/// elements of the file's array of `type`.
LogicalResult printScatter(func::FuncOp func, StringRef file, MemRefType type,
                           ArrayRef<std::string> banks, raw_ostream &os) {
  FailureOr<SmallVector<DimPartition>> partition = readPartition(type);
  if (failed(partition))
    return func.emitError("rtl: the testbench cannot bank ") << type;
  os << "  std::vector<Memory *> " << file << "_banks = {";
  llvm::interleaveComma(banks, os,
                        [&](const std::string &bank) { os << "&" << bank; });
  os << "};\n  const std::vector<BankedDim> " << file << "_dims = {";
  for (auto [d, dim] : llvm::enumerate(*partition)) {
    int64_t size = type.getDimSize(d), count = 1;
    if (dim.kind == DimPartition::Kind::Complete)
      count = size;
    else if (dim.kind != DimPartition::Kind::None)
      count = dim.factor;
    int64_t bankSize = (size + count - 1) / count;
    bool cyclic = dim.kind != DimPartition::Kind::Block;
    os << (d ? ", " : "") << "{" << size << ", " << count << ", " << bankSize
       << ", " << (cyclic ? "true" : "false") << "}";
  }
  os << "};\n  {\n    std::vector<uint64_t> host = readWords(dir + \"/" << file
     << ".bin\", " << type.getNumElements() << ", " << hostBytes(type)
     << ");\n    for (uint64_t i = 0; i < host.size(); ++i) {\n"
     << "      auto [bank, offset] = placeOf(" << file << "_dims, i);\n      "
     << file << "_banks[bank]->words[offset] = host[i];\n    }\n  }\n";
  return success();
}

/// Writes `<file>.out` from the banks printScatter declared.
void printGather(StringRef file, MemRefType type, raw_ostream &os) {
  os << "  {\n    std::vector<uint64_t> host(" << type.getNumElements()
     << ");\n    for (uint64_t i = 0; i < host.size(); ++i) {\n"
     << "      auto [bank, offset] = placeOf(" << file << "_dims, i);\n"
     << "      host[i] = " << file << "_banks[bank]->words[offset] & "
     << mask(rtl::bitWidth(type)) << ";\n    }\n    writeWords(dir + \"/"
     << file << ".out\", host, " << hostBytes(type) << ");\n  }\n";
}

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
    /// The file it comes from and goes to (`argN`, `resultN`); empty for a
    /// bank, whose array is scattered to it and gathered from it.
    std::string file;
    /// Whether it has a second port (ArgumentPorts.h).
    bool second = false;
  };
  /// A partitioned argument of the kernel, a port per bank (SplitBanks.h).
  struct BankedArray {
    std::string file;
    MemRefType type;
    SmallVector<std::string> banks;
  };
  SmallVector<Port> memories;
  SmallVector<BankedArray> arrays;
  for (auto [index, argument] : llvm::enumerate(func.getArguments())) {
    if (failed(refuse(argument.getType())))
      return failure();
    auto type = dyn_cast<MemRefType>(argument.getType());
    if (!type)
      continue;
    std::string name = rtl::argumentName(func, index);
    bool second = rtl::argumentPorts(argument) > 1;
    auto of = func.getArgAttrOfType<TypeAttr>(index, rtl::kBankedAttr);
    if (!of) {
      memories.push_back({name, type, name, second});
      continue;
    }
    std::string file = name.substr(0, name.find("_b"));
    if (arrays.empty() || arrays.back().file != file)
      arrays.push_back({file, cast<MemRefType>(of.getValue()), {}});
    arrays.back().banks.push_back(name);
    memories.push_back({name, type, "", second});
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes())) {
    std::string name = "result" + std::to_string(index);
    if (failed(refuse(type)))
      return failure();
    if (auto memref = dyn_cast<MemRefType>(type))
      memories.push_back({name, memref, name, false});
  }
  os << "// The Verilator testbench of @" << func.getSymName()
     << " (hcl check --rtl, docs/rtl.md).\n"
     << prologue;
  for (const Port &port : memories) {
    unsigned bytes = hostBytes(port.type);
    std::string count = std::to_string(port.type.getNumElements());
    os << "  Memory " << port.name << "{\"" << port.name << "\", ";
    if (StringRef(port.file).starts_with("arg"))
      os << "readWords(dir + \"/" << port.file << ".bin\", " << count << ", "
         << bytes << ")";
    else
      os << "std::vector<uint64_t>(" << count << ", 0)";
    os << ", " << bytes << "};\n";
  }
  for (const BankedArray &array : arrays)
    if (failed(printScatter(func, array.file, array.type, array.banks, os)))
      return failure();
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (!isa<MemRefType>(argument.getType())) {
      std::string name = rtl::argumentName(func, index);
      os << "  top." << name << " = readWords(dir + \"/" << name
         << ".bin\", 1, " << hostBytes(argument.getType()) << ")[0] & "
         << mask(rtl::bitWidth(argument.getType())) << ";\n";
    }
  os << "  auto tick = [&] {\n    top.ap_clk = 0;\n    top.eval();\n";
  for (const Port &port : memories) {
    const std::string &m = port.name;
    os << "    serve(" << m << ", " << m << ".rdata, top." << m << "_ce, top."
       << m << "_we, top." << m << "_addr, top." << m << "_wdata);\n";
    if (port.second)
      os << "    serve(" << m << ", " << m << ".rdata1, top." << m
         << "_p1_ce, top." << m << "_p1_we, top." << m << "_p1_addr, top." << m
         << "_p1_wdata);\n";
  }
  os << "    top.ap_clk = 1;\n    top.eval();\n";
  for (const Port &port : memories) {
    os << "    top." << port.name << "_rdata = " << port.name << ".rdata & "
       << mask(rtl::bitWidth(port.type)) << ";\n";
    if (port.second)
      os << "    top." << port.name << "_p1_rdata = " << port.name
         << ".rdata1 & " << mask(rtl::bitWidth(port.type)) << ";\n";
  }
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
  for (const Port &port : memories) {
    if (port.file.empty())
      continue;
    os << "  for (uint64_t &word : " << port.name
       << ".words)\n    word &= " << mask(rtl::bitWidth(port.type))
       << ";\n  writeWords(dir + \"/" << port.file << ".out\", " << port.name
       << ".words, " << port.name << ".bytes);\n";
  }
  for (const BankedArray &array : arrays)
    printGather(array.file, array.type, os);
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
