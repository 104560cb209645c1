//===- Estimate.cpp - hcl::estimate: the figures of `hcl estimate` --------===//
//
// The program with its schedule applied goes through the same analyses as
// `hcl estimate` (lib/Analysis: estimateFunction, the roofline point); this
// file only copies their results into the front end's plain structs.
//
//===----------------------------------------------------------------------===//

#include "AppliedModule.h"
#include "LargeStack.h"

#include "hcl/Analysis/Estimate.h"
#include "hcl/Analysis/Roofline.h"
#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Estimate.h"

using namespace mlir;

namespace hcl {

namespace {

LoopFigures toFigures(const LoopEstimate &loop) {
  LoopFigures f;
  f.path = loop.path;
  f.tripCount = loop.tripCount;
  f.requestedII = loop.requestedII;
  f.resMII = loop.resMII;
  f.recMII = loop.recMII;
  f.ii = loop.ii;
  f.latency = loop.latency;
  f.pipelined = loop.pipelined;
  return f;
}

FunctionFigures toFigures(const FunctionEstimate &e,
                          const EstimateOptions &options) {
  FunctionFigures f;
  f.name = e.name;
  f.latency = e.latency;
  f.operations = e.flops;
  f.offchipBytes = e.offchipBytes;
  f.dsp = e.resources.dsp;
  f.bram18k = e.resources.bram18k;
  f.registerBits = e.resources.registerBits;
  for (const LoopEstimate &loop : e.loops)
    f.loops.push_back(toFigures(loop));
  if (!e.latency)
    return f;
  if (std::optional<RooflinePoint> point = rooflinePoint(
          e.flops, e.offchipBytes, double(*e.latency), options.clockNs)) {
    Platform platform;
    platform.peakGops = options.peakGops;
    platform.bandwidthGBs = options.bandwidthGBs;
    f.intensity = point->intensity;
    f.gops = point->performance;
    f.attainableGops = attainableGops(platform, point->intensity);
  }
  return f;
}

} // namespace

const FunctionFigures &Estimate::function(const std::string &name) const {
  for (const FunctionFigures &f : functions)
    if (f.name == name)
      return f;
  std::string known;
  for (const FunctionFigures &f : functions)
    known += (known.empty() ? "" : ", ") + f.name;
  throwError("estimate: no function named '" + name + "' (the program has " +
             known + ")");
}

static Estimate estimateProgram(const Schedule &schedule,
                                const EstimateOptions &options) {
  if (!(options.clockNs > 0))
    throwError("estimate: the clock period must be positive (ns)");
  std::string error;
  FailureOr<TargetModel> target = TargetModel::get(options.target, error);
  if (failed(target))
    throwError("estimate: " + error);
  std::unique_ptr<detail::ModuleImpl> impl =
      detail::parseAndApply(schedule, true, "estimate");
  Estimate result;
  result.target = target->name;
  SmallVector<func::FuncOp> functions;
  for (auto func : impl->module->getOps<func::FuncOp>())
    if (!func.isExternal())
      functions.push_back(func);
  // @top first, as the program's entry.
  std::stable_partition(functions.begin(), functions.end(),
                        [](func::FuncOp f) { return f.getSymName() == "top"; });
  for (func::FuncOp func : functions)
    result.functions.push_back(
        toFigures(estimateFunction(func, *target), options));
  return result;
}

Estimate estimate(const Schedule &schedule, const EstimateOptions &options) {
  // Deep expressions recurse in the writer and in MLIR (LargeStack.h).
  return detail::onLargeStack(
      [&] { return estimateProgram(schedule, options); });
}

} // namespace hcl
