//===- PrimitivePorts.cpp - a RAM's ports against its primitive's ---------===//
//
// An FPGA memory primitive has a fixed number of ports: a block RAM two
// (true dual port), an UltraRAM one write and one read port (yosys's model),
// a LUTRAM one write port and any number of read ports; flip-flops any. A
// bank forced to a primitive with more ports than it has does not map
// (yosys stops with "no valid mapping found"), so it is refused here, where
// the ports are known, with what to do instead. A bank with no forced
// primitive and more than two ports of which two or more write maps to no
// RAM at all; the synthesizer builds it from flip-flops and LUTs, which is
// legal but rarely what was meant, so it gets a warning.
//
//===----------------------------------------------------------------------===//

#include "MemoryEmitter.h"

using namespace mlir;
using namespace hcl::amc;

namespace hcl::verilog {

namespace {

/// The ports of one RAM, by what they can do.
struct PortCount {
  int64_t total = 0, writing = 0, readOnly = 0;
};

PortCount countPorts(AllocOp alloc) {
  PortCount count;
  for (Operation *user : alloc->getUsers()) {
    auto create = dyn_cast<CreatePortOp>(user);
    if (!create)
      continue;
    std::optional<PortShape> shape = getPortShape(create.getPort().getType());
    if (!shape)
      continue;
    ++count.total;
    if (canWrite(shape->kind))
      ++count.writing;
    else
      ++count.readOnly;
  }
  return count;
}

/// What `primitive` cannot offer `count`, or "" when it fits.
std::string shortfall(StringRef primitive, const PortCount &count) {
  if (primitive == "bram" && count.total > 2)
    return "a block RAM has two";
  if (primitive == "uram" && (count.writing > 1 || count.total > 2))
    return "an UltraRAM has one port that writes and one that reads";
  if (primitive == "lutram" && count.writing > 1)
    return "a LUTRAM has one port that writes";
  return "";
}

} // namespace

LogicalResult MemoryEmitter::checkPrimitivePorts(AllocOp alloc) {
  PortCount count = countPorts(alloc);
  std::string primitive =
      alloc.getPrimitive() ? alloc.getPrimitive()->str() : options.primitive;
  auto describe = [&](InFlightDiagnostic &diag) {
    diag << count.total << " ports (" << count.writing << " that write, "
         << count.readOnly << " that only read)";
  };
  if (std::string missing = shortfall(primitive, count); !missing.empty()) {
    InFlightDiagnostic diag = alloc.emitError("a bank of @")
                              << memory.getSymName() << " forced to '"
                              << primitive << "' has ";
    describe(diag);
    return diag << ", but " << missing
                << ": share the ports (--share-arbiters 2), unroll less or "
                   "partition more finely, or force 'registers'";
  }
  if (primitive.empty() && count.total > 2 && count.writing > 1) {
    InFlightDiagnostic diag = alloc.emitWarning("a bank of @")
                              << memory.getSymName() << " has ";
    describe(diag);
    diag << ": no block RAM or UltraRAM has more than two ports, so it will "
            "be built from flip-flops and LUTs (share the ports with "
            "--share-arbiters 2 to keep it a RAM)";
  }
  return success();
}

} // namespace hcl::verilog
