//===- Split.cpp - amc.split_aggregated as lane selection -----------------===//
//
// Narrow address a is lane a % k of wide word a / k, lane 0 in the least
// significant bits. A write replicates its data into every lane and enables
// only its own (the RAM writes lanes separately, like a byte-enable RAM); a
// read takes its lane of the wide word, the lane delayed by the latency.
//
//===----------------------------------------------------------------------===//

#include "MemoryEmitter.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace hcl::amc;

namespace hcl::verilog {

void MemoryEmitter::emitSplit(SplitAggregatedOp split) {
  const Bundle &narrow = bundles[split.getResult()];
  const Bundle &wide = bundles[split.getInput()];
  int64_t factor = split.getFactor();
  std::string address = narrow.sig("addr");
  std::string lane = narrow.sig("lane"), word = narrow.sig("word");
  logic << "  // " << narrow.name << ": lanes of " << factor << " words in "
        << wide.name << "\n";
  decls << "  wire " << range(narrow.addrWidth) << lane << ";\n";
  decls << "  wire " << range(narrow.addrWidth) << word << ";\n";
  if (llvm::isPowerOf2_64(factor)) {
    unsigned shift = llvm::Log2_64(factor);
    logic << "  assign " << word << " = " << address << " >> " << shift
          << ";\n";
    logic << "  assign " << lane << " = " << address << " & "
          << literal(narrow.addrWidth, factor - 1) << ";\n";
  } else {
    logic << "  assign " << word << " = " << address << " / "
          << literal(narrow.addrWidth, factor) << ";\n";
    logic << "  assign " << lane << " = " << address << " % "
          << literal(narrow.addrWidth, factor) << ";\n";
  }
  // Only the low bits of the quotient and the remainder matter.
  markUnused(word);
  markUnused(lane);
  logic << "  assign " << wide.sig("addr") << " = " << word;
  if (wide.addrWidth < narrow.addrWidth)
    logic << "[" << wide.addrWidth - 1 << ":0]";
  logic << ";\n";

  // One-hot lane: the write mask and, delayed, the read select.
  std::string oneHot = narrow.sig("onehot");
  decls << "  wire " << range(factor) << oneHot << ";\n";
  for (int64_t index = 0; index < factor; ++index)
    logic << "  assign " << oneHot << "[" << index << "] = " << lane
          << " == " << literal(narrow.addrWidth, index) << ";\n";

  logic << "  assign " << wide.sig("en") << " = " << narrow.sig("en") << ";\n";
  if (wide.hasWe())
    logic << "  assign " << wide.sig("we") << " = " << narrow.sig("we")
          << ";\n";
  if (wide.writable()) {
    logic << "  assign " << wide.sig("wdata") << " = {" << factor << "{"
          << narrow.sig("wdata") << "}};\n";
    logic << "  assign " << wide.sig("lanes") << " = " << oneHot << ";\n";
  }
  if (!narrow.readable())
    return;
  std::string selected =
      delay(oneHot, factor, narrow.shape.latency, narrow.sig("onehot"));
  logic << "  assign " << narrow.sig("rdata") << " =";
  for (int64_t index = 0; index < factor; ++index)
    logic << (index == 0 ? " " : "\n      | ") << "({" << narrow.dataWidth
          << "{" << selected << "[" << index << "]}} & " << wide.sig("rdata")
          << "[" << (index + 1) * narrow.dataWidth - 1 << ":"
          << index * narrow.dataWidth << "])";
  logic << ";\n";
}

} // namespace hcl::verilog
