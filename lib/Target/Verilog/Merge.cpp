//===- Merge.cpp - amc.merge as an address decoder and a read multiplexer -===//
//
// Input i serves the addresses [offset_i, offset_i + size_i) of the merged
// port, offset_i being the sizes of inputs 0..i-1 added up. A request goes
// to the input whose range holds its address, with the offset taken off;
// read data comes back from the input selected L cycles earlier.
//
//===----------------------------------------------------------------------===//

#include "MemoryEmitter.h"

using namespace mlir;
using namespace hcl::amc;

namespace hcl::verilog {

void MemoryEmitter::emitMerge(MergeOp merge) {
  const Bundle &result = bundles[merge.getResult()];
  int64_t count = merge.getInputs().size();
  std::string hit = result.sig("hit");
  decls << "  wire " << range(count) << hit << ";\n";
  logic << "  // " << result.name << ": merge of " << count << " ports\n";

  int64_t offset = 0;
  for (auto [index, input] : llvm::enumerate(merge.getInputs())) {
    const Bundle &bundle = bundles[input];
    int64_t size = bundle.shape.size;
    // Bounds that always hold are left out (no constant compares).
    std::string lower =
        index == 0 ? ""
                   : "(" + result.sig("addr") +
                         " >= " + literal(result.addrWidth, offset) + ")";
    std::string upper = index + 1 == static_cast<size_t>(count)
                            ? ""
                            : "(" + result.sig("addr") + " < " +
                                  literal(result.addrWidth, offset + size) +
                                  ")";
    std::string decode = lower.empty() && upper.empty() ? "1'b1"
                         : lower.empty()                ? upper
                         : upper.empty() ? lower
                                         : lower + " && " + upper;
    std::string bit =
        count == 1 ? hit : hit + "[" + std::to_string(index) + "]";
    logic << "  assign " << bit << " = " << decode << ";\n";
    logic << "  assign " << bundle.sig("en") << " = " << result.sig("en")
          << " && " << bit << ";\n";

    // The input's address: the low bits when the offset is a multiple of
    // the input's address range, else a subtraction.
    std::string address = result.sig("addr");
    if (offset % (int64_t{1} << bundle.addrWidth) != 0) {
      address = bundle.sig("rel");
      decls << "  wire " << range(result.addrWidth) << address << ";\n";
      logic << "  assign " << address << " = " << result.sig("addr") << " - "
            << literal(result.addrWidth, offset) << ";\n";
      if (bundle.addrWidth < result.addrWidth)
        markUnused(address);
    }
    logic << "  assign " << bundle.sig("addr") << " = " << address;
    if (bundle.addrWidth < result.addrWidth)
      logic << "[" << bundle.addrWidth - 1 << ":0]";
    logic << ";\n";

    if (bundle.hasWe())
      logic << "  assign " << bundle.sig("we") << " = " << result.sig("we")
            << ";\n";
    if (bundle.writable())
      logic << "  assign " << bundle.sig("wdata") << " = "
            << result.sig("wdata") << ";\n";
    if (bundle.writable() && bundle.lanes > 1)
      logic << "  assign " << bundle.sig("lanes") << " = "
            << result.sig("lanes") << ";\n";
    offset += size;
  }

  if (!result.readable())
    return;
  std::string selected =
      delay(hit, count, result.shape.latency, result.sig("hit"));
  logic << "  assign " << result.sig("rdata") << " =";
  for (auto [index, input] : llvm::enumerate(merge.getInputs())) {
    logic << (index == 0 ? " " : "\n      | ") << "({" << result.dataWidth
          << "{" << selected << "[" << index << "]}} & "
          << bundles[input].sig("rdata") << ")";
  }
  logic << ";\n";
}

} // namespace hcl::verilog
