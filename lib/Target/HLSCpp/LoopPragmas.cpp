//===- LoopPragmas.cpp - loop labels and pragmas in HLS C++ ---------------===//
//
// A loop the schedule named gets a label (Vitis reports loops by it) and its
// schedule attributes as pragmas first in its body: pipeline, unroll
// (vectorize: all lanes at once), and a trip count for data-dependent
// bounds. The C-family core writes the loop itself.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"

#include "hcl/Dialect/HCL/Naming.h"

using namespace mlir;

namespace hcl {

void FunctionEmitter::emitLoopPragmas(Operation *loop, Os &os) {
  if (loop->hasAttr("parallel"))
    // Vitis has no parallel loop: hardware runs iterations at once only
    // when the loop is unrolled (replicated) or pipelined (overlapped).
    os << "// hcl.parallel: threads on the CPU only; for hardware, unroll or "
          "pipeline this loop\n";
  if (auto ii = loop->getAttrOfType<IntegerAttr>("pipeline_ii"))
    os << "#pragma HLS pipeline II=" << ii.getInt() << "\n";
  if (auto unroll = loop->getAttrOfType<IntegerAttr>("unroll")) {
    os << "#pragma HLS unroll";
    if (unroll.getInt() > 0)
      os << " factor=" << unroll.getInt();
    os << "\n";
  } else if (loop->hasAttr("vectorize")) {
    // hcl.vectorize's group of `width` iterations: all lanes at once.
    os << "#pragma HLS unroll\n";
  }
  // A data-dependent loop's bound, so that HLS can report its latency.
  if (auto max = loop->getAttrOfType<IntegerAttr>("max_trip_count"))
    os << "#pragma HLS loop_tripcount min=0 max=" << max.getInt() << "\n";
}

std::string FunctionEmitter::loopLabel(Operation *loop) {
  StringRef loopName = getLoopName(loop);
  return loopName.empty() ? "" : names.get("l_" + loopName.str()) + ": ";
}

} // namespace hcl
