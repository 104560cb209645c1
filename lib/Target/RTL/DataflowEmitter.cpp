//===- DataflowEmitter.cpp - a dataflow region as concurrent modules ------===//
//
// The module of a dataflow region (Dataflow.h): one instance per process,
// started together when the region starts (one that uses an ordinary buffer
// of an earlier process when that one is done), a FIFO per stream, and,
// for each other memory, a fixed-priority arbiter among the processes that
// use it. The region is done when every process is.
//
// Arbitration: a process is eligible when none of its FIFO accesses waits;
// among the eligible processes requesting a memory, the first in program
// order is granted it. A process stalls (ap_stall) when a FIFO access or a
// memory access of its waits, and its accesses take effect only when it
// does not stall: a FIFO's push or pop happens once, and the first eligible
// process gets every memory it asks for, so one always advances.
//
//===----------------------------------------------------------------------===//

#include "ConstantGlobals.h"
#include "Dataflow.h"
#include "ModuleText.h"
#include "Operators.h"
#include "SplitBanks.h"

#include "hcl/Analysis/StreamTrace.h"
#include "hcl/Target/RTL.h"
#include "hcl/Transforms/OutlineDataflow.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace hcl::rtl {
namespace {

/// A process's memory port: `p<process>_arg<arg>`.
struct Port {
  unsigned process, arg;
  std::string name() const {
    return "p" + std::to_string(process) + "_arg" + std::to_string(arg);
  }
};

/// A memory the region's processes share: a port of the region, or a RAM
/// in its module.
struct Memory {
  std::string name;
  MemRefType type;
  bool isPort;
  SmallVector<Port> users = {};
  /// A ROM's contents (ConstantGlobals.h), else null.
  DenseElementsAttr contents = {};
};

struct Fifo {
  std::string name;
  MemRefType type;
  int64_t depth;
  std::optional<Port> writer = {}, reader = {};
};

class DataflowEmitter {
public:
  explicit DataflowEmitter(func::FuncOp func) : func(func) {}
  LogicalResult emit(raw_ostream &os);

private:
  func::FuncOp func;
  std::vector<func::CallOp> processes;
  llvm::MapVector<Value, Memory> memories;
  llvm::MapVector<Value, Fifo> fifos;

  void collect();
  void printPorts(raw_ostream &os);
  void printInstance(unsigned p, raw_ostream &os);
  void printStalls(raw_ostream &os);
  void printMemory(const Memory &memory, raw_ostream &os);
  void printFifo(const Fifo &fifo, raw_ostream &os);
  void printController(raw_ostream &os);
};

func::FuncOp calleeOf(func::CallOp call) {
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
}

bool writes(func::FuncOp callee, unsigned arg) {
  return llvm::any_of(callee.getArgument(arg).getUsers(), [](Operation *user) {
    return isa<memref::StoreOp>(user);
  });
}

void DataflowEmitter::collect() {
  for (auto [index, argument] : llvm::enumerate(func.getArguments()))
    if (auto type = dyn_cast<MemRefType>(argument.getType()))
      memories[argument] = {argumentName(func, index), type, true};
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (auto [index, value] : llvm::enumerate(ret.getOperands()))
    memories[value] = {"result" + std::to_string(index),
                       cast<MemRefType>(value.getType()), true};
  unsigned buffers = 0;
  for (Operation &op : func.getBody().front()) {
    auto alloc = dyn_cast<memref::AllocOp>(op);
    if (!alloc || memories.count(alloc))
      continue;
    std::string name = "buf" + std::to_string(buffers++);
    if (auto depth = alloc->getAttrOfType<IntegerAttr>("stream_depth"))
      fifos[alloc] = {"fifo_" + name, alloc.getType(), depth.getInt()};
    else
      memories[alloc] = {
          name, alloc.getType(), false, {}, rtl::initialContents(alloc)};
  }
  for (Operation &op : func.getBody().front())
    if (auto call = dyn_cast<func::CallOp>(op))
      processes.push_back(call);
  for (auto [p, call] : llvm::enumerate(processes))
    for (auto [arg, operand] : llvm::enumerate(call.getOperands())) {
      if (!isa<MemRefType>(operand.getType()))
        continue;
      Port port{static_cast<unsigned>(p), static_cast<unsigned>(arg)};
      if (auto fifo = fifos.find(operand); fifo != fifos.end()) {
        (writes(calleeOf(call), arg) ? fifo->second.writer
                                     : fifo->second.reader) = port;
        continue;
      }
      memories[operand].users.push_back(port);
    }
}

/// The region's ports: its handshake and its memories. The region's module
/// does not read the data itself; its processes do.
void DataflowEmitter::printPorts(raw_ostream &os) {
  SmallVector<MemoryPort> ports;
  for (auto &[root, memory] : memories)
    if (memory.isPort)
      ports.push_back({memory.name, memory.type, /*isRead=*/false,
                       /*hasSecondPort=*/false,
                       /*isSecondRead=*/false});
  printModulePorts(os, func, ports, /*stalls=*/false);
}

/// A process's instance: its handshake, its memory ports as wires
/// `p<i>_arg<k>_*` (routed by printMemory and printFifo), its data from the
/// memory or FIFO, and its scalar arguments, the region's.
void DataflowEmitter::printInstance(unsigned p, raw_ostream &os) {
  func::CallOp call = processes[p];
  std::string name = "p" + std::to_string(p);
  os << "  logic " << name << "_start, " << name << "_done, " << name
     << "_stall;\n";
  std::string pins;
  llvm::raw_string_ostream pin(pins);
  pin << "    .ap_clk(ap_clk),\n    .ap_rst(ap_rst),\n    .ap_start(" << name
      << "_start),\n    .ap_done(" << name
      << "_done),\n    .ap_idle(),\n    .ap_ready(),\n    .ap_stall(" << name
      << "_stall)";
  for (auto [arg, operand] : llvm::enumerate(call.getOperands())) {
    std::string a = "arg" + std::to_string(arg);
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type) {
      pin << ",\n    ." << a << "("
          << argumentName(func, cast<BlockArgument>(operand).getArgNumber())
          << ")";
      continue;
    }
    std::string port = name + "_" + a;
    // A stream's port uses only some of these (no address).
    os << "  /* verilator lint_off UNUSEDSIGNAL */\n  "
       << logicOf(addressWidth(type)) << " " << port << "_addr;\n  logic "
       << port << "_ce, " << port << "_we;\n  " << logicOf(bitWidth(type))
       << " " << port << "_wdata;\n  /* verilator lint_on UNUSEDSIGNAL */\n";
    std::string data;
    if (auto fifo = fifos.find(operand); fifo != fifos.end())
      data = fifo->second.reader && fifo->second.reader->process == p
                 ? fifo->second.name + "_rdata"
                 : "'0";
    else
      data = memories[operand].name + "_rdata";
    for (const char *signal : {"_addr", "_ce", "_we", "_wdata"})
      pin << ",\n    ." << a << signal << "(" << port << signal << ")";
    pin << ",\n    ." << a << "_rdata(" << data << ")";
  }
  os << "  /* verilator lint_off PINCONNECTEMPTY */\n  "
     << rtlModuleName(calleeOf(call)) << " " << name << "_instance (\n"
     << pins << "\n  );\n  /* verilator lint_on PINCONNECTEMPTY */\n";
}

/// Each process's stall: a FIFO access that waits (`p<i>_wait`, which
/// depends on the FIFOs' state alone) or a memory access not granted.
void DataflowEmitter::printStalls(raw_ostream &os) {
  std::vector<std::vector<std::string>> fifoWaits(processes.size()),
      memoryWaits(processes.size());
  for (auto &[root, fifo] : fifos) {
    if (fifo.writer)
      fifoWaits[fifo.writer->process].push_back(
          fifo.writer->name() + "_ce && " + fifo.name + "_full");
    if (fifo.reader)
      fifoWaits[fifo.reader->process].push_back(
          fifo.reader->name() + "_ce && " + fifo.name + "_empty");
  }
  for (auto &[root, memory] : memories)
    for (auto [k, user] : llvm::enumerate(memory.users))
      memoryWaits[user.process].push_back(
          user.name() + "_ce && !" + memory.name + "_gnt" + std::to_string(k));
  for (size_t p = 0; p < processes.size(); ++p) {
    std::string name = "p" + std::to_string(p);
    os << "  logic " << name << "_wait;\n  assign " << name << "_wait = ";
    if (fifoWaits[p].empty())
      os << "1'b0";
    for (auto [k, wait] : llvm::enumerate(fifoWaits[p]))
      os << (k ? " || " : "") << "(" << wait << ")";
    os << ";\n  assign " << name << "_stall = " << name << "_wait";
    for (const std::string &wait : memoryWaits[p])
      os << " || (" << wait << ")";
    os << ";\n";
  }
}

/// A shared memory: the grants (the first eligible requester), the port's
/// or the RAM's signals from the granted process when it does not stall.
void DataflowEmitter::printMemory(const Memory &memory, raw_ostream &os) {
  const std::string &m = memory.name;
  unsigned width = bitWidth(memory.type);
  if (!memory.isPort)
    os << "  " << logicOf(addressWidth(memory.type)) << " " << m
       << "_addr;\n  logic " << m << "_ce, " << m << "_we;\n  "
       << logicOf(width) << " " << m << "_wdata, " << m << "_rdata;\n";
  std::string earlier;
  for (auto [k, user] : llvm::enumerate(memory.users)) {
    std::string request = "(" + user.name() + "_ce && !p" +
                          std::to_string(user.process) + "_wait)";
    std::string gnt = m + "_gnt" + std::to_string(k);
    os << "  logic " << gnt << ";\n  assign " << gnt << " = " << request;
    if (!earlier.empty())
      os << " && !(" << earlier << ")";
    os << ";\n";
    earlier += (earlier.empty() ? "" : " || ") + request;
  }
  os << "  always_comb begin\n    " << m << "_ce = 1'b0;\n    " << m
     << "_we = 1'b0;\n    " << m << "_addr = '0;\n    " << m
     << "_wdata = '0;\n";
  for (auto [k, user] : llvm::enumerate(memory.users)) {
    std::string port = user.name();
    os << "    " << (k ? "else if" : "if") << " (" << m << "_gnt" << k
       << " && !p" << user.process << "_stall) begin\n      " << m
       << "_ce = 1'b1;\n      " << m << "_we = " << port << "_we;\n      " << m
       << "_addr = " << port << "_addr;\n      " << m << "_wdata = " << port
       << "_wdata;\n    end\n";
  }
  os << "  end\n";
  if (memory.isPort)
    return;
  printRam(os, m, memory.type, m + "_ce");
  printInitialContents(os, m, memory.contents);
}

/// A stream's FIFO: a push or pop when its process does not stall.
void DataflowEmitter::printFifo(const Fifo &fifo, raw_ostream &os) {
  const std::string &f = fifo.name;
  unsigned width = bitWidth(fifo.type);
  std::string push = "1'b0", wdata = "'0", pop = "1'b0";
  if (fifo.writer) {
    std::string port = fifo.writer->name();
    push = port + "_ce && " + port + "_we && !p" +
           std::to_string(fifo.writer->process) + "_stall";
    wdata = port + "_wdata";
  }
  if (fifo.reader)
    pop = fifo.reader->name() + "_ce && !p" +
          std::to_string(fifo.reader->process) + "_stall";
  os << "  " << logicOf(width) << " " << f << "_rdata;\n  logic " << f
     << "_full, " << f << "_empty;\n  hcl_fifo #(.W(" << width << "), .DEPTH("
     << fifo.depth << ")) " << f
     << " (\n    .clk(ap_clk),\n    .rst(ap_rst),\n    .push(" << push
     << "),\n    .wdata(" << wdata << "),\n    .pop(" << pop
     << "),\n    .rdata(" << f << "_rdata),\n    .full(" << f
     << "_full),\n    .empty(" << f << "_empty)\n  );\n";
}

/// IDLE and RUN: the processes start (those that wait for none with the
/// region), their ap_done is latched, and the region's ap_done is high in
/// the cycle the last one is done.
void DataflowEmitter::printController(raw_ostream &os) {
  llvm::DenseMap<Value, unsigned> channels;
  for (auto &[root, fifo] : fifos)
    channels[root] = channels.size();
  FailureOr<std::vector<DataflowProcess>> traced =
      traceDataflowProcesses(func, channels, /*maxEvents=*/0);
  std::vector<SmallVector<int>> deps;
  if (succeeded(traced))
    deps = processDependences(*traced);
  size_t n = processes.size();
  os << "  localparam logic IDLE = 1'b0, RUN = 1'b1;\n"
     << "  logic state;\n  " << logicOf(n) << " started, finished;\n";
  for (size_t p = 0; p < n; ++p) {
    // Without a trace (it cannot fail after the schedule's check), every
    // process waits for the ones before it.
    SmallVector<int> waits;
    if (failed(traced))
      for (size_t q = 0; q < p; ++q)
        waits.push_back(q);
    else
      waits = deps[p];
    // A process that waits for none starts with the region.
    os << "  assign p" << p << "_start = ";
    if (waits.empty())
      os << "(state == IDLE && ap_start) || ";
    os << "(state == RUN && !started[" << p << "]";
    for (int q : waits)
      os << " && finished[" << q << "]";
    os << ");\n";
  }
  std::string dones;
  for (size_t p = n; p-- > 0;)
    dones += "p" + std::to_string(p) + "_done" + (p ? ", " : "");
  std::string starts;
  for (size_t p = n; p-- > 0;)
    starts += "p" + std::to_string(p) + "_start" + (p ? ", " : "");
  os << "  assign ap_idle = state == IDLE;\n"
     << "  assign ap_done = state == RUN && (finished | {" << dones
     << "}) == '1;\n"
     << "  assign ap_ready = ap_done;\n"
     << "  always_ff @(posedge ap_clk) begin\n    if (ap_rst) begin\n"
     << "      state <= IDLE;\n      started <= '0;\n      finished <= '0;\n"
     << "    end else begin\n      case (state)\n"
     << "      IDLE:\n        if (ap_start) begin\n          state <= RUN;\n"
     << "          started <= {" << starts << "};\n"
     << "          finished <= '0;\n        end\n"
     << "      RUN: begin\n          started <= started | {" << starts
     << "};\n          finished <= finished | {" << dones << "};\n"
     << "          if (ap_done)\n            state <= IDLE;\n        end\n"
     << "      endcase\n    end\n  end\n";
}

LogicalResult DataflowEmitter::emit(raw_ostream &os) {
  collect();
  os << "// @" << func.getSymName() << ": a dataflow region of "
     << processes.size() << " processes and " << fifos.size()
     << " FIFOs; see docs/rtl.md for the interface and timing.\n"
     << "module " << rtlModuleName(func) << " (\n";
  printPorts(os);
  for (size_t p = 0; p < processes.size(); ++p)
    printInstance(p, os);
  for (auto &[root, fifo] : fifos)
    printFifo(fifo, os);
  printStalls(os);
  for (auto &[root, memory] : memories)
    printMemory(memory, os);
  printController(os);
  os << "endmodule\n";
  return success();
}

} // namespace

LogicalResult emitDataflowModule(func::FuncOp func, raw_ostream &os) {
  return DataflowEmitter(func).emit(os);
}

} // namespace hcl::rtl
