//===- Ram.cpp - an unbanked amc.alloc and its ports as an inferred RAM ---===//
//
// One `reg [W-1:0] mem [0:D-1]` per allocation, in the style Vivado and
// yosys infer RAMs from, with one read and/or write port per create_port.
// All ports live in one clocked process so that the order of the writes in
// it is the priority of same-cycle writes to one word (the last wins); the
// reads come first, so a read sees the word as it was before the cycle's
// writes (read-first). A read's data leaves the RAM's read register one
// cycle later and L-1 pipeline registers follow, for a latency of L.
//
//===----------------------------------------------------------------------===//

#include "MemoryEmitter.h"

#include <algorithm>

using namespace mlir;
using namespace hcl::amc;

namespace hcl::verilog {

/// The synthesis attribute value of an amc primitive name, understood by
/// Vivado and by yosys's memory_libmap (`ram_style`).
static StringRef ramStyle(StringRef primitive) {
  if (primitive == "lutram")
    return "distributed";
  if (primitive == "bram")
    return "block";
  if (primitive == "uram")
    return "ultra";
  if (primitive == "registers")
    return "registers";
  return "";
}

/// The ports of `alloc`, in body order.
static SmallVector<Value> portsOf(AllocOp alloc) {
  SmallVector<Value> ports;
  for (Operation &op : alloc->getBlock()->getOperations())
    if (auto create = dyn_cast<CreatePortOp>(op))
      if (create.getMemref() == alloc.getResult())
        ports.push_back(create.getPort());
  return ports;
}

void MemoryEmitter::markPrioritiesUsed(AllocOp alloc) {
  SmallVector<const Bundle *> writers;
  bool dynamic = false;
  for (Value port : portsOf(alloc)) {
    const Bundle &bundle = bundles[port];
    if (bundle.writable() && bundle.used) {
      writers.push_back(&bundle);
      dynamic |= !bundle.prioritySignal.empty();
    }
  }
  if (writers.size() < 2 || !dynamic)
    return;
  for (const Bundle *bundle : writers)
    if (!bundle->prioritySignal.empty())
      usedPrioritySignals.insert(bundle->prioritySignal);
}

/// `en && we` of a port's request.
static std::string writes(const Bundle &bundle) {
  if (!bundle.hasWe())
    return bundle.sig("en");
  return "(" + bundle.sig("en") + " && " + bundle.sig("we") + ")";
}

void MemoryEmitter::emitRam(AllocOp alloc) {
  amc::MemRefType type = alloc.getType();
  int64_t width = getWordWidth(type.getElementType());
  std::string mem = "mem" + std::to_string(ramCount++);
  std::string primitive =
      alloc.getPrimitive() ? alloc.getPrimitive()->str() : options.primitive;
  StringRef style = ramStyle(primitive);
  SmallVector<const Bundle *> readers, writers;
  for (Value port : portsOf(alloc)) {
    const Bundle &bundle = bundles[port];
    if (!bundle.used)
      continue;
    if (bundle.readable())
      readers.push_back(&bundle);
    if (bundle.writable())
      writers.push_back(&bundle);
  }
  decls << "  // " << mem << ": " << type
        << (primitive.empty() ? "" : ", " + primitive) << "\n";
  if (readers.empty() && writers.empty()) {
    decls << "  // (no ports: no storage)\n";
    return;
  }
  // A RAM nobody writes reads undefined words (amc has no initial
  // contents); one nobody reads is storage the synthesizer removes. Both
  // are legal amc, so they are declared, and lint is told it is on purpose.
  StringRef waiver = writers.empty()   ? "UNDRIVEN"
                     : readers.empty() ? "UNUSEDSIGNAL"
                                       : "";
  if (!waiver.empty())
    decls << "  // verilator lint_off " << waiver << "\n";
  decls << "  ";
  if (!style.empty())
    decls << "(* ram_style = \"" << style << "\" *) ";
  decls << "reg " << range(width) << mem << " [0:" << type.getSize() - 1
        << "];\n";
  if (!waiver.empty())
    decls << "  // verilator lint_on " << waiver << "\n";
  // Dynamic priorities first (they resolve conflicts explicitly), then the
  // fixed ones by ascending interface index: the last write wins.
  std::stable_sort(
      writers.begin(), writers.end(), [](const Bundle *a, const Bundle *b) {
        int64_t pa = a->prioritySignal.empty() ? a->staticPriority : -1;
        int64_t pb = b->prioritySignal.empty() ? b->staticPriority : -1;
        return pa < pb;
      });
  int64_t lanes = 1;
  for (const Bundle *writer : writers)
    lanes = std::max(lanes, writer->lanes);
  int64_t laneWidth = width / lanes;

  for (const Bundle *reader : readers)
    decls << "  reg " << range(width) << reader->sig("ram_q") << ";\n";
  logic << "  always @(posedge clk) begin\n";
  for (const Bundle *reader : readers)
    logic << "    if (" << reader->sig("en") << ") " << reader->sig("ram_q")
          << " <= " << mem << "[" << reader->sig("addr") << "];\n";
  for (const Bundle *writer : writers) {
    for (int64_t lane = 0; lane < lanes; ++lane) {
      std::string select =
          lanes == 1 ? ""
                     : "[" + std::to_string((lane + 1) * laneWidth - 1) + ":" +
                           std::to_string(lane * laneWidth) + "]";
      auto laneOf = [&](const Bundle *bundle) -> std::string {
        if (bundle->lanes == 1)
          return "";
        return " && " + bundle->sig("lanes") + "[" + std::to_string(lane) + "]";
      };
      std::string condition = writes(*writer) + laneOf(writer);
      // A write yields to a higher-priority write of the same word (lane)
      // when the order of the statements cannot tell (arbitrated ports).
      for (const Bundle *other : writers) {
        if (other == writer ||
            (writer->prioritySignal.empty() && other->prioritySignal.empty()))
          continue;
        // Nothing is below priority 0 or above the largest one.
        int64_t largest = (int64_t{1} << priorityWidth) - 1;
        if ((other->prioritySignal.empty() && other->staticPriority <= 0) ||
            (writer->prioritySignal.empty() &&
             writer->staticPriority >= largest))
          continue;
        condition += "\n        && !(" + writes(*other) + laneOf(other) +
                     " && " + other->sig("addr") +
                     " == " + writer->sig("addr") + " && " +
                     other->priorityExpr(priorityWidth) + " > " +
                     writer->priorityExpr(priorityWidth) + ")";
      }
      logic << "    if (" << condition << ")\n      " << mem << "["
            << writer->sig("addr") << "]" << select
            << " <= " << writer->sig("wdata") << select << ";\n";
    }
  }
  logic << "  end\n";
  for (const Bundle *reader : readers) {
    std::string last = delay(reader->sig("ram_q"), width,
                             reader->shape.latency - 1, reader->sig("rd"));
    logic << "  assign " << reader->sig("rdata") << " = " << last << ";\n";
  }
}

} // namespace hcl::verilog
