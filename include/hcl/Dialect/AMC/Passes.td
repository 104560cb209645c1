//===- Passes.td - lowering and optimization of amc memories -*- tablegen -*-===//
//
// The seed's pipeline: handshake -> merge -> bank lowering, then
// optimizations (aggregation, arbiter sharing). One pass per file in
// lib/Dialect/AMC/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_AMC_PASSES_TD
#define HCL_AMC_PASSES_TD

include "mlir/Pass/PassBase.td"

def AMCLowerHandshake : Pass<"amc-lower-handshake", "::hcl::amc::MemoryOp"> {
  let summary = "each handshake port becomes a latency-sensitive port and an arbiter";
  let options = [
    Option<"latency", "latency", "int64_t", /*default=*/"1",
           "read latency of the latency-sensitive ports created">,
  ];
}

def AMCLowerMerge : Pass<"amc-lower-merge", "::hcl::amc::MemoryOp"> {
  let summary = "a latency-sensitive port over several banks becomes one port per bank and an amc.merge";
}

def AMCLowerBanks : Pass<"amc-lower-banks", "::hcl::amc::MemoryOp"> {
  let summary = "a banked amc.memref becomes one amc.memref per bank";
}

def AMCAggregate : Pass<"amc-aggregate", "::hcl::amc::MemoryOp"> {
  let summary = "trade depth for width: k words of a bank share one wide word";
  let description = [{
    Each unbanked `amc.alloc` of `N` words of `W` bits becomes `N/k` words of
    `k*W` bits (an integer type) and each port on it is rebuilt as a wide port
    plus `amc.split_aggregated`. `k` is `factor` when given (it must divide
    `N`), else the largest power of two with `k*W <= word-width` that
    divides `N`.
  }];
  let options = [
    Option<"wordWidth", "word-width", "int64_t", /*default=*/"72",
           "the primitive's word width in bits (URAM 72, BRAM 36 or 72)">,
    Option<"factor", "factor", "int64_t", /*default=*/"0",
           "words per wide word (0: derived from word-width)">,
  ];
}

def AMCShareArbiters : Pass<"amc-share-arbiters", "::hcl::amc::MemoryOp"> {
  let summary = "handshake ports on the same addresses share latency-sensitive ports";
  let description = [{
    Arbiters whose inputs cover the same banks are combined into one arbiter
    with at most `ports` latency-sensitive inputs (the ports a bank can
    offer, 2 for a true dual-port BRAM), arbitrating by `scheme`.
  }];
  let options = [
    Option<"ports", "ports", "int64_t", /*default=*/"1",
           "latency-sensitive ports the shared arbiter keeps">,
    Option<"scheme", "scheme", "std::string", /*default=*/"\"round_robin\"",
           "round_robin or fixed_priority">,
  ];
}

#endif // HCL_AMC_PASSES_TD
