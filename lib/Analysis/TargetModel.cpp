//===- TargetModel.cpp - the port and latency model of a target -----------===//
//
//   vitis     Vitis HLS on a Zynq UltraScale+ at 100 MHz: true dual-port
//             BRAM (two accesses per cycle per bank), BRAM reads take 2
//             cycles, writes 1; integer add / compare 1, multiply 3 (DSP),
//             divide 36; float add 4, multiply 3, divide 12; math 10
//             (exp, log, sqrt), 20 (pow, tanh, erf, sin, ...), 1 (floor,
//             abs, ...).
//   catapult  as the LLVM II-estimation paper's comparison assumes: one read
//   and one write port
//             per array, reads and writes 1 cycle, integer operations
//             chained within one cycle.
//   rtl       hcl's own RTL (docs/rtl.md), the table its scheduler reads:
//             one port per memory but the top's memory arguments, which
//             have two (--rtl-argument-ports), reads 1 cycle, integer operators
//             combinational (latency 0, chained within a cycle) but the
//             multiplier, registered (1 cycle; more past 32x32 bits, by
//             DSP tiles, hcl/Analysis/OperatorCost.h), the dividers,
//             pipelined one quotient bit per stage (W cycles, W + 2
//             signed), float units pipelined (add/sub 4, mul 3, div and
//             sqrt 15, compare and min/max 1, conversions 2;
//             docs/rtl-float.md); an operation
//             occupies its cycle, a loop has an entry cycle, a call the
//             cycle of its ap_done, and a perfect nest around a
//             pipelined loop is one pipeline (the RTL flattens it).
//   FILE.json {"name", "shared_ports", "ports", "read_ports", "write_ports",
//              "load", "store", "chain_integer_ops", "default_integer",
//              "divider_extra", "signed_divider_extra",
//              "default_float", "latencies": {"arith.addf": 4, ...},
//              "units": {"arith.mulf": 2, ...}}
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/TargetModel.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using llvm::failure;
using llvm::FailureOr;
using llvm::StringRef;

namespace hcl {

namespace {
/// 1 or 2: an enum's values would take a line each in every `--help`.
struct ArgumentPortsParser : llvm::cl::parser<unsigned> {
  using llvm::cl::parser<unsigned>::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef name,
             llvm::StringRef arg, unsigned &value) {
    if (llvm::cl::parser<unsigned>::parse(option, name, arg, value))
      return true;
    if (value != 1 && value != 2)
      return option.error("'" + arg + "' is not 1 or 2");
    return false;
  }
};
} // namespace

// Vivado and Vitis HLS give an array argument of the top a single-port
// ap_memory interface unless a dual-port one (RAM_2P) lowers the II or the
// latency; hcl's RTL does the same with 2 (docs/rtl.md, "Interface").
static llvm::cl::opt<unsigned, false, ArgumentPortsParser> argumentPortsOption(
    "rtl-argument-ports",
    llvm::cl::desc("hcl's RTL: 1 or 2 (default) ports on a memory argument "
                   "of the top that a pipelined loop accesses twice or more"),
    llvm::cl::init(2), llvm::cl::sub(llvm::cl::SubCommand::getAll()));

int rtlArgumentPorts() { return static_cast<int>(argumentPortsOption); }

static TargetModel vitis() {
  TargetModel t;
  t.name = "vitis";
  t.latencies = {{"arith.muli", 3},   {"arith.divsi", 36}, {"arith.divui", 36},
                 {"arith.remsi", 36}, {"arith.remui", 36}, {"arith.addf", 4},
                 {"arith.subf", 4},   {"arith.mulf", 3},   {"arith.divf", 12},
                 {"arith.cmpf", 1},   {"math.exp", 10},    {"math.log", 10},
                 {"math.sqrt", 10},   {"math.powf", 20}};
  // The rest of the math library: exp/log-like functions 10 cycles; those
  // built from several exps or a range reduction (tanh, erf, sin, atan2, ...)
  // 20; bit-level rounding and sign operations 1; fma a multiply and an add.
  for (const char *op : {"math.exp2", "math.expm1", "math.log2", "math.log10",
                         "math.log1p", "math.rsqrt", "math.cbrt"})
    t.latencies[op] = 10;
  for (const char *op : {"math.tanh", "math.sinh", "math.cosh", "math.asinh",
                         "math.acosh", "math.atanh", "math.erf", "math.erfc",
                         "math.sin", "math.cos", "math.tan", "math.asin",
                         "math.acos", "math.atan", "math.atan2", "math.fpowi"})
    t.latencies[op] = 20;
  for (const char *op :
       {"math.floor", "math.ceil", "math.round", "math.roundeven", "math.trunc",
        "math.absf", "math.copysign", "math.isnan", "math.isinf",
        "math.isfinite", "math.isnormal"})
    t.latencies[op] = 1;
  t.latencies["math.fma"] = 7;
  t.latencies["arith.remf"] = 12;
  return t;
}

static TargetModel catapult() {
  TargetModel t;
  t.name = "catapult";
  t.sharedPorts = false;
  t.readPorts = t.writePorts = 1;
  t.loadLatency = t.storeLatency = 1;
  t.chainIntegerOps = true;
  t.latencies = {{"arith.addf", 4},
                 {"arith.subf", 4},
                 {"arith.mulf", 3},
                 {"arith.divf", 12}};
  return t;
}

static TargetModel rtl() {
  TargetModel t;
  t.name = "rtl";
  t.sharedPorts = true;
  // A memory argument of the top (a bank of one when partitioned); a
  // callee's memory argument is one port (`calleeArgumentPorts`).
  t.ports = rtlArgumentPorts();
  t.calleeArgumentPorts = 1;
  // A module's own RAMs: a read port and a write port (docs/rtl.md).
  t.localReadPorts = t.localWritePorts = 1;
  // A partitioned argument of the top is a memory port per bank
  // (hcl-rtl-split-banks); a callee's is one port of its module.
  t.bankedArgumentsAtEntryOnly = true;
  t.loadLatency = t.storeLatency = 1;
  t.registersAreWires = true;
  t.iterationAsDataflow = true;
  t.oneDistancePerMemory = true;
  // Combinational operators take no cycle of their own: a load's data and
  // what is computed from it are stored in the cycle the data arrives.
  t.defaultInteger = 0;
  // The dividers are pipelined, one quotient bit per stage (W cycles), a
  // signed one with a stage for the magnitudes and one for the signs
  // (W + 2); the entries mark them as multi-cycle, the width sets the count.
  t.latencies = {{"arith.muli", 1},
                 {"arith.divsi", 1},
                 {"arith.divui", 1},
                 {"arith.remsi", 1},
                 {"arith.remui", 1}};
  t.dividerExtraCycles = 0;
  t.signedDividerExtraCycles = 2;
  // The float units (share/rtl/hcl_fp_*.sv, docs/rtl-float.md): pipelines
  // of these many register stages, binary32 and binary64 alike. Sign
  // operations and selects are wires.
  for (const char *op : {"arith.addf", "arith.subf"})
    t.latencies[op] = 4;
  t.latencies["arith.mulf"] = 3;
  t.latencies["arith.divf"] = t.latencies["math.sqrt"] = 15;
  for (const char *op : {"arith.cmpf", "arith.minimumf", "arith.maximumf",
                         "arith.minnumf", "arith.maxnumf"})
    t.latencies[op] = 1;
  for (const char *op : {"arith.sitofp", "arith.uitofp", "arith.fptosi",
                         "arith.fptoui", "arith.extf", "arith.truncf"})
    t.latencies[op] = 2;
  for (const char *op : {"arith.negf", "math.absf", "math.copysign",
                         "arith.select", "arith.bitcast"})
    t.latencies[op] = 0;
  // Its controller: an operation occupies its state, a loop has an entry
  // state, a block ending with a loop, branch or call an empty last state;
  // a perfect nest around a pipelined loop is one pipeline
  // (hcl-rtl-lower-affine flattens it, as HLS does).
  t.opCycles = 1;
  t.loopEntryCycles = 1;
  t.callCycles = 1;
  t.blockTailCycles = 1;
  t.callStartCycles = 1;
  t.statesInProgramOrder = true;
  t.flattensNests = true;
  // A stream is a FIFO: a write is visible the next cycle, and the read's
  // data a cycle after that.
  t.streamCycles = 2;
  return t;
}

FailureOr<TargetModel> TargetModel::get(StringRef nameOrFile,
                                        std::string &error) {
  if (nameOrFile == "vitis")
    return vitis();
  if (nameOrFile == "catapult")
    return catapult();
  if (nameOrFile == "rtl")
    return rtl();
  if (!nameOrFile.ends_with(".json")) {
    error = "unknown target '" + nameOrFile.str() +
            "' (vitis, catapult, rtl, or a FILE.json)";
    return failure();
  }
  auto buffer = llvm::MemoryBuffer::getFile(nameOrFile);
  if (!buffer) {
    error =
        "cannot read " + nameOrFile.str() + ": " + buffer.getError().message();
    return failure();
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json) {
    error = nameOrFile.str() + ": " + llvm::toString(json.takeError());
    return failure();
  }
  const llvm::json::Object *o = json->getAsObject();
  if (!o) {
    error = nameOrFile.str() + ": expected a JSON object";
    return failure();
  }
  TargetModel t = vitis();
  t.latencies.clear();
  if (auto v = o->getString("name"))
    t.name = v->str();
  auto integer = [&](const char *key, int &field) {
    if (auto v = o->getInteger(key))
      field = static_cast<int>(*v);
  };
  if (auto v = o->getBoolean("shared_ports"))
    t.sharedPorts = *v;
  // true, false, or "entry": the kernel's top only (the rtl's rule).
  if (auto v = o->getBoolean("banked_arguments"))
    t.bankedArguments = *v;
  if (auto v = o->getString("banked_arguments"))
    t.bankedArgumentsAtEntryOnly = *v == "entry";
  if (auto v = o->getBoolean("chain_integer_ops"))
    t.chainIntegerOps = *v;
  integer("ports", t.ports);
  integer("read_ports", t.readPorts);
  integer("local_read_ports", t.localReadPorts);
  integer("local_write_ports", t.localWritePorts);
  integer("callee_argument_ports", t.calleeArgumentPorts);
  integer("write_ports", t.writePorts);
  integer("load", t.loadLatency);
  integer("store", t.storeLatency);
  integer("default_integer", t.defaultInteger);
  integer("default_float", t.defaultFloat);
  integer("divider_extra", t.dividerExtraCycles);
  integer("signed_divider_extra", t.signedDividerExtraCycles);
  if (const llvm::json::Object *u = o->getObject("units"))
    for (const auto &[key, value] : *u)
      if (auto n = value.getAsInteger(); n && *n > 0)
        t.units[key.str()] = static_cast<int>(*n);
  if (const llvm::json::Object *l = o->getObject("latencies"))
    for (const auto &[key, value] : *l)
      if (auto n = value.getAsInteger())
        t.latencies[key.str()] = static_cast<int>(*n);
  return t;
}

int TargetModel::latencyOfKind(StringRef opName, bool isFloat,
                               bool isFree) const {
  auto it = latencies.find(opName.str());
  if (it != latencies.end())
    return it->second;
  if (isFree)
    return 0;
  if (isFloat)
    return defaultFloat;
  return chainIntegerOps ? 0 : defaultInteger;
}

} // namespace hcl
