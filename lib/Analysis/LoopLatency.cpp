//===- LoopLatency.cpp - loops, pipelined and flattened -------------------===//
//
// A loop's latency: trips times its iteration, or a pipeline's depth plus
// II cycles per further iteration, over a whole perfect nest when HLS
// flattens it; the loop's entry in the estimate's table.
//
//===----------------------------------------------------------------------===//

#include "LatencyModel.h"
#include "LoopModel.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

std::optional<Span> LatencyModel::loopLatency(Operation *loop,
                                              const std::string &parent,
                                              bool unrolledByParent) {
  LoopEstimate e;
  std::string name = getLoopName(loop).str();
  if (name.empty())
    name = "(loop)";
  StringRef stage = getStageName(loop);
  std::string prefix = parent.empty() && !stage.empty() ? stage.str() : parent;
  e.path = prefix.empty() ? name : prefix + "/" + name;
  TripCount trips = tripCountOf(loop);
  e.tripCount = trips.exact;
  e.maxTripCount = trips.max;
  if (!trips.exact)
    e.notes.push_back(
        "unknown trip count (" + trips.why + "); " +
        (trips.max ? "worst case max_trip_count = " + std::to_string(*trips.max)
                   : std::string("no max_trip_count: latency unknown, the "
                                 "lower bound counts no iteration")));
  estimateII(loop, target, accessCache, e);
  // HLS unrolls the loops under a pipelined one, which needs their trip
  // counts: one it cannot unroll runs its iterations in sequence.
  if (unrolledByParent && !trips.exact) {
    e.notes.push_back("under a pipelined loop but not unrollable (unknown "
                      "trip count): its iterations counted in sequence");
    unrolledByParent = false;
  }
  size_t index = result.loops.size();
  result.loops.push_back(e);
  Span test;
  std::optional<Span> body =
      iterationLatency(loop, e.path, e.pipelined || unrolledByParent, test);
  std::optional<Span> latency;
  if (body)
    latency = trips.exact ? exactTripsLatency(loop, *body, *trips.exact,
                                              unrolledByParent, e.ii, index)
                          : unknownTripsLatency(*body, test, trips.max, e);
  // The controller's state that enters the loop (rtl).
  if (latency && !unrolledByParent)
    *latency += Span::exactly(target.loopEntryCycles);
  LoopEstimate &entry = result.loops[index];
  if (latency && latency->lo == kSaturated)
    entry.notes.push_back("latency beyond 2^63 cycles");
  if (latency && latency->isExact()) {
    entry.latency = latency->lo;
  } else if (latency) {
    entry.worstCaseLatency = latency->hi;
    entry.latencyLowerBound = latency->lo;
  }
  return latency;
}

std::optional<Span> LatencyModel::iterationLatency(Operation *loop,
                                                   const std::string &path,
                                                   bool unrolled, Span &test) {
  Span total = Span::exactly(0);
  test = Span::exactly(0);
  for (Block *block : iterationBlocks(loop)) {
    std::optional<Span> s = blockLatency(*block, path, unrolled);
    if (!s)
      return std::nullopt;
    if (isa<scf::WhileOp>(loop) && block == &loop->getRegion(0).front())
      test = *s;
    total += *s;
  }
  return total;
}

Span LatencyModel::exactTripsLatency(Operation *loop, const Span &body,
                                     int64_t trips, bool unrolledByParent,
                                     int64_t ii, size_t index) {
  if (unrolledByParent) {
    // A copy per iteration, side by side, unless each waits for the
    // previous one's accumulated value.
    Span s = body;
    s += Span::exactly(satMul(std::max<int64_t>(0, trips - 1),
                              unrolledChainStep(loop, target)));
    return s;
  }
  if (loop->hasAttr("pipeline_ii")) {
    Span s = body;
    s += Span::exactly(satMul(ii, std::max<int64_t>(0, trips - 1)));
    return s;
  }
  if (auto unroll = loop->getAttrOfType<IntegerAttr>("unroll")) {
    int64_t passes =
        unroll.getInt() == 0 ? 1 : llvm::divideCeil(trips, unroll.getInt());
    return Span::times(body, passes, passes);
  }
  auto affineLoop = dyn_cast<AffineForOp>(loop);
  if (affineLoop && body.isExact() && target.flattensNests)
    if (std::optional<int64_t> flat = flattened(affineLoop, index))
      return Span::exactly(*flat);
  return Span::times(body, trips, trips);
}

Span LatencyModel::unknownTripsLatency(const Span &body, const Span &test,
                                       std::optional<int64_t> max,
                                       const LoopEstimate &e) {
  Span s;
  if (e.pipelined && max)
    s.hi = *max == 0 ? 0
           : body.hi ? bounded(satAdd(*body.hi, satMul(e.ii, *max - 1)))
                     : std::nullopt;
  else
    s = Span::times(body, 0, max);
  s.lo = 0;
  s += test;
  return s;
}

std::optional<int64_t> LatencyModel::flattened(AffineForOp loop, size_t index) {
  int64_t trips = 1;
  AffineForOp inner = loop;
  while (true) {
    std::optional<uint64_t> t = getConstantTripCount(inner);
    if (!t)
      return std::nullopt;
    trips = satMul(trips, static_cast<int64_t>(*t));
    if (inner->hasAttr("pipeline_ii"))
      break;
    Block *body = inner.getBody();
    if (body->getOperations().size() != 2)
      return std::nullopt;
    inner = dyn_cast<AffineForOp>(body->front());
    if (!inner)
      return std::nullopt;
  }
  // The pipelined loop's own entry: depth = latency - II * (trips - 1),
  // less the state that entered it: the band has one entry, the outer
  // loop's (rtl).
  for (size_t i = index + 1; i < result.loops.size(); ++i) {
    const LoopEstimate &p = result.loops[i];
    if (!p.pipelined || !p.latency || !p.tripCount)
      continue;
    int64_t depth = *p.latency - target.loopEntryCycles -
                    p.ii * std::max<int64_t>(0, *p.tripCount - 1);
    return bounded(
        satAdd(depth, satMul(p.ii, std::max<int64_t>(0, trips - 1))));
  }
  return std::nullopt;
}

} // namespace hcl
