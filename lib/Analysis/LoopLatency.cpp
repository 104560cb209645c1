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
  // A later iteration of a loop walked one iteration at a time meets the
  // loops it met in the first: it merges its runs into their rows.
  bool first = !cursor;
  size_t index = first ? result.loops.size() : (*cursor)++;
  TripCount trips = tripCountOf(loop);
  // HLS unrolls the loops under a pipelined one, which needs their trip
  // counts: one it cannot unroll runs its iterations in sequence.
  bool unrollable = trips.exact.has_value();
  // A triangular loop: exact once the loops around have fixed its bounds.
  auto affineLoop = dyn_cast<AffineForOp>(loop);
  if (!trips.exact && affineLoop)
    trips.exact = tripsAt(affineLoop, ivValues);
  if (first) {
    LoopEstimate e;
    std::string name = getLoopName(loop).str();
    if (name.empty())
      name = "(loop)";
    StringRef stage = getStageName(loop);
    std::string prefix =
        parent.empty() && !stage.empty() ? stage.str() : parent;
    e.path = prefix.empty() ? name : prefix + "/" + name;
    estimateII(loop, target, accessCache, e);
    result.loops.push_back(e);
  }
  auto note = [&](const std::string &text) {
    std::vector<std::string> &notes = result.loops[index].notes;
    if (!llvm::is_contained(notes, text))
      notes.push_back(text);
  };
  if (!trips.exact)
    note("unknown trip count (" + trips.why + "); " +
         (trips.max
              ? "worst case max_trip_count = " + std::to_string(*trips.max)
              : std::string("no max_trip_count: latency unknown, the "
                            "lower bound counts no iteration")));
  if (unrolledByParent && !unrollable) {
    note("under a pipelined loop but not unrollable (unknown trip count): "
         "its iterations counted in sequence");
    unrolledByParent = false;
  }
  std::string path = result.loops[index].path;
  bool pipelined = result.loops[index].pipelined;
  int64_t ii = result.loops[index].ii;
  std::optional<Span> latency;
  if (affineLoop && trips.exact && !unrolledByParent && !pipelined &&
      !loop->hasAttr("unroll") && *trips.exact <= enumerationBudget &&
      boundsInsideDependOn(affineLoop)) {
    latency = iterationsOneByOne(affineLoop, path, *trips.exact, index);
  } else {
    Span test;
    std::optional<Span> body =
        iterationLatency(loop, path, pipelined || unrolledByParent, test);
    if (body)
      latency = trips.exact ? exactTripsLatency(loop, *body, *trips.exact,
                                                unrolledByParent, ii, index)
                            : unknownTripsLatency(*body, test, trips.max,
                                                  result.loops[index]);
  }
  // The controller's state that enters the loop (rtl).
  if (latency && !unrolledByParent)
    *latency += Span::exactly(target.loopEntryCycles);
  if (latency && latency->lo == kSaturated)
    note("latency beyond 2^63 cycles");
  recordRun(index, first, trips, latency);
  return latency;
}

void LatencyModel::recordRun(size_t index, bool first, const TripCount &trips,
                             const std::optional<Span> &latency) {
  if (latency)
    lastRun[index] = *latency;
  if (!first && !recording)
    return;
  LoopEstimate &row = result.loops[index];
  Runs run;
  run.exactTrips = trips.exact.has_value();
  run.tripsLo = trips.exact.value_or(0);
  run.tripsHi = trips.exact ? trips.exact : trips.max;
  run.knownLatency = latency.has_value();
  run.exactLatency = latency && latency->isExact();
  run.latencyLo = latency ? latency->lo : 0;
  run.latencyHi = latency ? latency->hi : std::nullopt;
  run.counted = recording;
  Runs &all = rowRuns[index];
  if (first || !all.counted) {
    all = run;
  } else {
    auto maxOf = [](std::optional<int64_t> a, std::optional<int64_t> b) {
      return a && b ? std::optional<int64_t>(std::max(*a, *b)) : std::nullopt;
    };
    all.exactTrips &= run.exactTrips;
    all.exactLatency &= run.exactLatency;
    all.knownLatency &= run.knownLatency;
    all.tripsLo = std::min(all.tripsLo, run.tripsLo);
    all.tripsHi = maxOf(all.tripsHi, run.tripsHi);
    all.latencyLo = std::min(all.latencyLo, run.latencyLo);
    all.latencyHi = maxOf(all.latencyHi, run.latencyHi);
  }
  if (recording) {
    row.runs += 1;
    row.iterations = satAdd(row.iterations, run.tripsHi.value_or(0));
  }
  // The row: exact when every run was the same; the range of the runs when
  // each was exact; else the worst case and the lower bound.
  bool sameTrips = all.exactTrips && all.tripsHi == all.tripsLo;
  row.tripCount =
      sameTrips ? std::optional<int64_t>(all.tripsLo) : std::nullopt;
  row.minTripCount = !sameTrips && all.exactTrips
                         ? std::optional<int64_t>(all.tripsLo)
                         : std::nullopt;
  row.maxTripCount = sameTrips ? std::nullopt : all.tripsHi;
  bool sameLatency = all.exactLatency && all.latencyHi == all.latencyLo;
  row.varies =
      all.exactTrips && all.exactLatency && !(sameTrips && sameLatency);
  row.latency.reset();
  row.worstCaseLatency.reset();
  row.latencyLowerBound.reset();
  if (!all.knownLatency)
    return;
  if (sameLatency) {
    row.latency = all.latencyLo;
  } else {
    row.worstCaseLatency = all.latencyHi;
    row.latencyLowerBound = all.latencyLo;
  }
}

std::optional<Span> LatencyModel::iterationsOneByOne(AffineForOp loop,
                                                     const std::string &path,
                                                     int64_t trips,
                                                     size_t index) {
  enumerationBudget -= trips;
  Value iv = loop.getInductionVar();
  int64_t firstValue = *firstValueAt(loop, ivValues);
  std::optional<size_t> outer = cursor;
  size_t end = 0;
  // A loop of no iteration still has its rows, from a walk through its
  // body that counts no run.
  bool wasRecording = recording;
  recording = wasRecording && trips > 0;
  Span total = Span::exactly(0);
  std::optional<Span> sum;
  for (int64_t i = 0; i < std::max<int64_t>(trips, 1); ++i) {
    ivValues[iv] = firstValue + i * loop.getStepAsInt();
    if (i > 0)
      cursor = index + 1;
    Span test;
    std::optional<Span> body = iterationLatency(loop, path, false, test);
    if (!body) {
      sum.reset();
      break;
    }
    if (trips > 0)
      total += *body;
    sum = total;
    if (i == 0)
      end = cursor ? *cursor : result.loops.size();
  }
  ivValues.erase(iv);
  recording = wasRecording;
  cursor = outer ? std::optional<size_t>(end) : std::nullopt;
  return sum;
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
    // A pipeline of no iteration fills nothing (a triangular loop's
    // last run).
    if (trips == 0)
      return Span::exactly(0);
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
    if (!p.pipelined)
      continue;
    // This run's latency (a run of the loops around may differ).
    auto run = lastRun.find(i);
    if (run == lastRun.end() || !run->second.isExact() || !p.tripCount)
      continue;
    int64_t depth = run->second.lo - target.loopEntryCycles -
                    p.ii * std::max<int64_t>(0, *p.tripCount - 1);
    return bounded(
        satAdd(depth, satMul(p.ii, std::max<int64_t>(0, trips - 1))));
  }
  return std::nullopt;
}

} // namespace hcl
