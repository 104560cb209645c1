//===- MemoryEmitter.cpp - legality, wire bundles, the module frame -------===//
//
// The body must be fully lowered (see hcl/Target/Verilog.h). Each port value
// gets a bundle of wires (MemoryEmitter.h); the operations then connect the
// bundles (Ram.cpp, Merge.cpp, Arbiter.cpp, Split.cpp).
//
//===----------------------------------------------------------------------===//

#include "MemoryEmitter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace hcl::amc;

namespace hcl::verilog {

int64_t indexWidth(int64_t n) {
  int64_t width = 1;
  while ((int64_t{1} << width) < n)
    ++width;
  return width;
}

std::string range(int64_t width) {
  return width == 1 ? "" : "[" + std::to_string(width - 1) + ":0] ";
}

std::string literal(int64_t width, int64_t value) {
  return std::to_string(width) + "'d" + std::to_string(value);
}

std::string bit(const std::string &name, int64_t width, int64_t index) {
  return width == 1 ? name : name + "[" + std::to_string(index) + "]";
}

std::string moduleName(StringRef symbol) {
  // Verilog keywords a memory could plausibly be called; a clash gets '_'.
  static const llvm::StringSet<> keywords = {
      "module",  "input",   "output",   "wire",     "reg",      "always",
      "assign",  "begin",   "end",      "case",     "if",       "else",
      "for",     "initial", "memory",   "logic",    "function", "task",
      "integer", "default", "generate", "parameter"};
  std::string name;
  for (char c : symbol)
    name += llvm::isAlnum(c) || c == '_' ? c : '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name = "m_" + name;
  if (keywords.contains(name))
    name += "_";
  return name;
}

std::string Bundle::writeExpr() const {
  if (shape.kind == PortKind::Write)
    return "1'b1";
  return hasWe() ? sig("we") : "1'b0";
}

std::string Bundle::priorityExpr(int64_t width) const {
  return prioritySignal.empty() ? literal(width, staticPriority)
                                : prioritySignal;
}

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

LogicalResult MemoryEmitter::check() {
  for (Operation &op : memory.getBody().front()) {
    if (auto alloc = dyn_cast<AllocOp>(op)) {
      if (alloc.getType().getBanks() != 1)
        return alloc.emitError("amc.alloc of ")
               << alloc.getType().getBanks()
               << " banks has no Verilog form: run --amc-lower-banks first";
      if (failed(checkPrimitivePorts(alloc)))
        return failure();
    } else if (auto create = dyn_cast<CreatePortOp>(op)) {
      if (isa<HandshakePortType>(create.getPort().getType()))
        return create.emitError("a handshake amc.create_port has no Verilog "
                                "form: run --amc-lower-handshake first");
      if (create.getMemref().getType().getBanks() != 1)
        return create.emitError("amc.create_port on a banked memref has no "
                                "Verilog form: run --amc-lower-merge and "
                                "--amc-lower-banks first");
    } else if (auto arbiter = dyn_cast<ArbiterOp>(op)) {
      // Responses leave in request order only if every input answers after
      // the same number of cycles.
      int64_t latency =
          cast<PortType>(arbiter.getInputs()[0].getType()).getLatency();
      for (Value input : arbiter.getInputs())
        if (cast<PortType>(input.getType()).getLatency() != latency)
          return arbiter.emitError("amc.arbiter inputs of different "
                                   "latencies are not supported by the "
                                   "Verilog emitter");
    } else if (!isa<MergeOp, SplitAggregatedOp, ExternOp>(op)) {
      return op.emitError("'")
             << op.getName() << "' has no Verilog form in an amc.memory";
    }
    for (Value result : op.getResults())
      if (!result.hasOneUse() && !result.use_empty() &&
          !isa<amc::MemRefType>(result.getType()))
        return op.emitError("a port value drives one operation in hardware; "
                            "this one is used ")
               << std::distance(result.use_begin(), result.use_end())
               << " times";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Bundles
//===----------------------------------------------------------------------===//

void MemoryEmitter::nameBundles() {
  ExternOp externOp = memory.getExtern();
  auto makeBundle = [](Value value, std::string name) {
    Bundle bundle;
    bundle.name = std::move(name);
    bundle.shape = *getPortShape(value.getType());
    bundle.addrWidth = indexWidth(bundle.shape.size);
    bundle.dataWidth = getWordWidth(bundle.shape.elementType);
    return bundle;
  };
  for (auto [index, port] : llvm::enumerate(externOp.getPorts()))
    bundles[port] = makeBundle(port, "p" + std::to_string(index));
  int64_t counter = 0;
  for (Operation &op : memory.getBody().front())
    for (Value result : op.getResults())
      if (getPortShape(result.getType()) && !bundles.count(result))
        bundles[result] = makeBundle(result, "s" + std::to_string(counter++));
  priorityWidth = indexWidth(externOp.getPorts().size());
}

/// Walks from the interface towards the RAMs, handing each operation's
/// request properties (lanes, write priority) to its operands.
LogicalResult MemoryEmitter::propagateRequests() {
  Block &body = memory.getBody().front();
  for (Operation &op : llvm::reverse(body)) {
    if (auto externOp = dyn_cast<ExternOp>(op)) {
      for (auto [index, port] : llvm::enumerate(externOp.getPorts())) {
        bundles[port].staticPriority = index;
        bundles[port].used = true;
      }
    } else if (auto merge = dyn_cast<MergeOp>(op)) {
      const Bundle &result = bundles[merge.getResult()];
      for (Value input : merge.getInputs()) {
        Bundle &bundle = bundles[input];
        bundle.lanes = result.lanes;
        bundle.staticPriority = result.staticPriority;
        bundle.prioritySignal = result.prioritySignal;
        bundle.used = true;
      }
    } else if (auto split = dyn_cast<SplitAggregatedOp>(op)) {
      const Bundle &result = bundles[split.getResult()];
      // Lanes of lanes would need masks of two granularities.
      if (result.lanes > 1)
        return split.emitError("an amc.split_aggregated whose port is split "
                               "again has no Verilog form");
      Bundle &input = bundles[split.getInput()];
      input.lanes = input.writable() ? split.getFactor() : 1;
      input.staticPriority = result.staticPriority;
      input.prioritySignal = result.prioritySignal;
      input.used = true;
    } else if (auto arbiter = dyn_cast<ArbiterOp>(op)) {
      // With one output the inputs serve one interface port; with several
      // the arbiter multiplexes the granted output's index.
      const Bundle &first = bundles[arbiter.getOutputs()[0]];
      for (auto [index, input] : llvm::enumerate(arbiter.getInputs())) {
        Bundle &bundle = bundles[input];
        bundle.used = true;
        if (arbiter.getOutputs().size() == 1) {
          bundle.staticPriority = first.staticPriority;
          continue;
        }
        bundle.prioritySignal = bundle.sig("prio");
      }
    }
  }
  return success();
}

void MemoryEmitter::declareBundle(const Bundle &bundle) {
  if (bundle.name.front() == 'p')
    return; // the module's own ports
  auto wire = [&](int64_t width, StringRef suffix) {
    decls << "  wire " << range(width) << bundle.sig(suffix) << ";\n";
  };
  wire(1, bundle.shape.handshake ? "valid" : "en");
  if (bundle.shape.handshake)
    wire(1, "ready");
  wire(bundle.addrWidth, "addr");
  if (bundle.hasWe())
    wire(1, "we");
  if (bundle.writable())
    wire(bundle.dataWidth, "wdata");
  if (bundle.writable() && bundle.lanes > 1)
    wire(bundle.lanes, "lanes");
  if (bundle.readable() && bundle.shape.handshake)
    wire(1, "rvalid");
  if (bundle.readable())
    wire(bundle.dataWidth, "rdata");
}

/// A port nothing consumes still needs its request wires driven: idle.
void MemoryEmitter::tieOffUnused(const Bundle &bundle) {
  logic << "  // " << bundle.name << " is not used: idle\n";
  logic << "  assign " << bundle.sig(bundle.shape.handshake ? "valid" : "en")
        << " = 1'b0;\n";
  logic << "  assign " << bundle.sig("addr") << " = "
        << literal(bundle.addrWidth, 0) << ";\n";
  if (bundle.hasWe())
    logic << "  assign " << bundle.sig("we") << " = 1'b0;\n";
  if (bundle.writable())
    logic << "  assign " << bundle.sig("wdata") << " = "
          << literal(bundle.dataWidth, 0) << ";\n";
  if (bundle.writable() && bundle.lanes > 1)
    logic << "  assign " << bundle.sig("lanes") << " = "
          << literal(bundle.lanes, 0) << ";\n";
  if (bundle.shape.handshake)
    markUnused(bundle.sig("ready"));
  if (bundle.readable() && bundle.shape.handshake)
    markUnused(bundle.sig("rvalid"));
  if (bundle.readable())
    markUnused(bundle.sig("rdata"));
}

std::string MemoryEmitter::delay(const std::string &input, int64_t width,
                                 int64_t stages, const std::string &prefix) {
  std::string previous = input;
  for (int64_t stage = 1; stage <= stages; ++stage) {
    std::string name = prefix + "_d" + std::to_string(stage);
    decls << "  reg " << range(width) << name << " = " << literal(width, 0)
          << ";\n";
    logic << "  always @(posedge clk) " << name << " <= " << previous << ";\n";
    previous = name;
  }
  return previous;
}

//===----------------------------------------------------------------------===//
// The module
//===----------------------------------------------------------------------===//

void MemoryEmitter::emitHeader(raw_ostream &os) {
  os << "// amc.memory @" << memory.getSymName() << "\n";
  os << "module " << moduleName(memory.getSymName()) << " (\n";
  os << "  input wire clk";
  for (Value port : memory.getExtern().getPorts()) {
    const Bundle &bundle = bundles[port];
    auto signal = [&](StringRef direction, int64_t width, StringRef suffix) {
      os << ",\n  " << direction << " wire " << range(width)
         << bundle.sig(suffix);
    };
    bool hs = bundle.shape.handshake;
    signal("input", 1, hs ? "valid" : "en");
    if (hs)
      signal("output", 1, "ready");
    signal("input", bundle.addrWidth, "addr");
    if (bundle.hasWe())
      signal("input", 1, "we");
    if (bundle.writable())
      signal("input", bundle.dataWidth, "wdata");
    if (bundle.readable() && hs)
      signal("output", 1, "rvalid");
    if (bundle.readable())
      signal("output", bundle.dataWidth, "rdata");
  }
  os << "\n);\n";
}

LogicalResult MemoryEmitter::emit(raw_ostream &os) {
  if (memory.getBody().empty()) {
    os << "// amc.memory @" << memory.getSymName()
       << " is a declaration: no hardware\n\n";
    return success();
  }
  if (failed(check()))
    return failure();
  nameBundles();
  if (failed(propagateRequests()))
    return failure();
  Block &body = memory.getBody().front();
  for (Operation &op : body)
    if (auto alloc = dyn_cast<AllocOp>(op))
      markPrioritiesUsed(alloc);
  for (Operation &op : body)
    for (Value result : op.getResults())
      if (bundles.count(result))
        declareBundle(bundles[result]);
  for (Operation &op : body) {
    if (auto alloc = dyn_cast<AllocOp>(op))
      emitRam(alloc);
    else if (auto merge = dyn_cast<MergeOp>(op))
      emitMerge(merge);
    else if (auto arbiter = dyn_cast<ArbiterOp>(op))
      emitArbiter(arbiter);
    else if (auto split = dyn_cast<SplitAggregatedOp>(op))
      emitSplit(split);
  }
  for (Operation &op : body)
    for (Value result : op.getResults())
      if (bundles.count(result) && !bundles[result].used)
        tieOffUnused(bundles[result]);
  if (!unused.empty()) {
    // Verilator's idiom for signals left unread on purpose (upper address
    // bits after a subtraction, responses nobody asked for).
    logic << "  // verilator lint_off UNUSEDSIGNAL\n"
          << "  wire unused_ok = &{1'b0";
    for (const std::string &signal : unused)
      logic << ", " << signal;
    logic << "};\n  // verilator lint_on UNUSEDSIGNAL\n";
  }
  emitHeader(os);
  os << decls.str() << logic.str() << "endmodule\n\n";
  return success();
}

} // namespace hcl::verilog
