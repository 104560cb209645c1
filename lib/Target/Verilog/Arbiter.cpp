//===- Arbiter.cpp - amc.arbiter: handshake ports over latency-sensitive
//---===//
//
// Every cycle each requesting handshake output, in priority order, takes the
// first free input that can do its operation (an r input serves reads, a w
// input writes). `ready` is the grant, so a request is accepted in the cycle
// it is granted: a write applies at the end of that cycle, a read is issued
// to the input then. Priority order: fixed_priority is result 0 first;
// round_robin rotates the first place every cycle, so a waiting request is
// first at the latest M-1 cycles later, when every input is free: it waits
// at most M-1 cycles.
//
// Read responses: a one-hot tag of the granted output enters a pipeline of
// the inputs' latency L beside the read and selects, L cycles later, which
// output sees `rvalid` and the data. All inputs have the same latency, so
// each output's responses leave in the order of its requests.
//
//===----------------------------------------------------------------------===//

#include "MemoryEmitter.h"

using namespace mlir;
using namespace hcl::amc;

namespace hcl::verilog {

/// 1 when the output's current request is a write.
static std::string isWrite(const Bundle &output) { return output.writeExpr(); }

/// When `input` can serve `output`'s current request: "" if never.
static std::string canServe(const Bundle &input, const Bundle &output) {
  if (input.readable() && input.writable())
    return "1'b1";
  if (input.readable())
    return output.readable()
               ? (output.writable() ? "!" + output.sig("we") : "1'b1")
               : "";
  return output.writable() ? (output.readable() ? output.sig("we") : "1'b1")
                           : "";
}

void MemoryEmitter::emitArbiter(ArbiterOp arbiter) {
  std::string name = "arb" + std::to_string(arbiterCount++);
  SmallVector<const Bundle *> inputs, outputs;
  for (Value input : arbiter.getInputs())
    inputs.push_back(&bundles[input]);
  for (Value output : arbiter.getOutputs())
    outputs.push_back(&bundles[output]);
  int64_t n = inputs.size(), m = outputs.size();
  bool roundRobin = arbiter.getSchemeOrDefault() == "round_robin" && m > 1;
  logic << "  // " << name << ": " << m << " handshake port(s) over " << n
        << " port(s), " << (roundRobin ? "round robin" : "fixed priority")
        << "\n";

  auto grant = [&](int64_t output) {
    return name + "_g" + std::to_string(output);
  };
  // ready: a free input could take the output's request (so with one
  // input and one output ready is 1); the grant: it did.
  auto ready = [&](int64_t output) {
    return name + "_r" + std::to_string(output);
  };
  for (int64_t output = 0; output < m; ++output)
    decls << "  reg " << range(n) << grant(output) << ";\n  reg "
          << ready(output) << ";\n";
  std::string free = name + "_free";
  decls << "  reg " << range(n) << free << ";\n";

  // One allocation per rotation of the priority order.
  auto allocate = [&](int64_t first, StringRef indent) {
    for (int64_t k = 0; k < m; ++k) {
      int64_t output = (first + k) % m;
      const Bundle &o = *outputs[output];
      std::string keyword = "if";
      for (int64_t input = 0; input < n; ++input) {
        std::string can = canServe(*inputs[input], o);
        if (can.empty())
          continue;
        logic << indent << keyword << " (" << can << " && "
              << bit(free, n, input) << ") begin\n"
              << indent << "  " << ready(output) << " = 1'b1;\n"
              << indent << "  if (" << o.sig("valid") << ") begin "
              << bit(grant(output), n, input) << " = 1'b1; "
              << bit(free, n, input) << " = 1'b0; end\n"
              << indent << "end\n";
        keyword = "else if";
      }
    }
  };
  logic << "  always @* begin\n    " << free << " = {" << n << "{1'b1}};\n";
  for (int64_t output = 0; output < m; ++output)
    logic << "    " << grant(output) << " = " << literal(n, 0) << ";\n    "
          << ready(output) << " = 1'b0;\n";
  if (!roundRobin) {
    allocate(0, "    ");
  } else {
    int64_t width = indexWidth(m);
    std::string rr = name + "_rr";
    decls << "  reg " << range(width) << rr << " = " << literal(width, 0)
          << ";\n";
    logic << "    case (" << rr << ")\n";
    for (int64_t first = 0; first < m; ++first) {
      logic << "      " << (first + 1 == m ? "default" : literal(width, first))
            << ": begin\n";
      allocate(first, "        ");
      logic << "      end\n";
    }
    logic << "    endcase\n  end\n";
    logic << "  always @(posedge clk) " << rr << " <= " << rr
          << " == " << literal(width, m - 1) << " ? " << literal(width, 0)
          << " : " << rr << " + " << literal(width, 1) << ";\n";
  }
  if (!roundRobin)
    logic << "  end\n";

  for (int64_t output = 0; output < m; ++output)
    logic << "  assign " << outputs[output]->sig("ready") << " = "
          << ready(output) << ";\n";

  // Each input carries the request of the output granted to it (AND-OR).
  auto gather = [&](int64_t input, int64_t width,
                    llvm::function_ref<std::string(const Bundle &)> value,
                    bool (*relevant)(const Bundle &)) {
    std::string sum;
    for (int64_t output = 0; output < m; ++output) {
      if (!relevant(*outputs[output]))
        continue;
      std::string g = bit(grant(output), n, input);
      sum += (sum.empty() ? "" : "\n      | ") +
             (width == 1 ? "(" + g + " & " + value(*outputs[output]) + ")"
                         : "({" + std::to_string(width) + "{" + g + "}} & " +
                               value(*outputs[output]) + ")");
    }
    return sum.empty() ? literal(width, 0) : sum;
  };
  auto all = [](const Bundle &) { return true; };
  auto writers = [](const Bundle &b) { return b.writable(); };
  for (int64_t input = 0; input < n; ++input) {
    const Bundle &in = *inputs[input];
    logic << "  assign " << in.sig("en") << " = "
          << gather(
                 input, 1, [](const Bundle &) { return std::string("1'b1"); },
                 all)
          << ";\n";
    logic << "  assign " << in.sig("addr") << " = "
          << gather(
                 input, in.addrWidth,
                 [](const Bundle &o) { return o.sig("addr"); }, all)
          << ";\n";
    if (in.hasWe())
      logic << "  assign " << in.sig("we") << " = "
            << gather(input, 1, isWrite, all) << ";\n";
    if (in.writable())
      logic << "  assign " << in.sig("wdata") << " = "
            << gather(
                   input, in.dataWidth,
                   [](const Bundle &o) { return o.sig("wdata"); }, writers)
            << ";\n";
    if (usedPrioritySignals.contains(in.sig("prio"))) {
      decls << "  wire " << range(priorityWidth) << in.sig("prio") << ";\n";
      int64_t width = priorityWidth;
      logic << "  assign " << in.sig("prio") << " = "
            << gather(
                   input, width,
                   [&](const Bundle &o) {
                     return literal(width,
                                    std::max<int64_t>(o.staticPriority, 0));
                   },
                   all)
            << ";\n";
    }
  }

  // Read responses.
  bool anyReader =
      llvm::any_of(outputs, [](const Bundle *o) { return o->readable(); });
  SmallVector<std::string> tags(n);
  for (int64_t input = 0; input < n; ++input) {
    const Bundle &in = *inputs[input];
    if (!in.readable())
      continue;
    if (!anyReader) {
      markUnused(in.sig("rdata"));
      continue;
    }
    std::string issued = name + "_rq" + std::to_string(input);
    decls << "  wire " << range(m) << issued << ";\n";
    for (int64_t output = 0; output < m; ++output) {
      const Bundle &o = *outputs[output];
      logic << "  assign " << bit(issued, m, output) << " = "
            << (o.readable()
                    ? bit(grant(output), n, input) + " && !" + isWrite(o)
                    : "1'b0")
            << ";\n";
    }
    tags[input] = delay(issued, m, in.shape.latency, issued);
    // Outputs that never read keep a constant-0 tag bit nobody reads.
    for (int64_t output = 0; output < m; ++output)
      if (!outputs[output]->readable())
        markUnused(bit(tags[input], m, output));
  }
  for (int64_t output = 0; output < m; ++output) {
    const Bundle &o = *outputs[output];
    if (!o.readable())
      continue;
    std::string valid, data;
    for (int64_t input = 0; input < n; ++input) {
      if (tags[input].empty())
        continue;
      std::string tag = bit(tags[input], m, output);
      valid += (valid.empty() ? "" : " | ") + tag;
      data += (data.empty() ? "" : "\n      | ") + std::string("({") +
              std::to_string(o.dataWidth) + "{" + tag + "}} & " +
              inputs[input]->sig("rdata") + ")";
    }
    logic << "  assign " << o.sig("rvalid") << " = " << valid << ";\n";
    logic << "  assign " << o.sig("rdata") << " = " << data << ";\n";
  }
}

} // namespace hcl::verilog
