//===- EstimateCommand.cpp - `hcl estimate`: II and latency ---------------===//
//
//   hcl estimate FILE.mlir [--entry NAME] [--target
//   vitis|catapult|rtl|FILE.json]
//                [--json]
//
// Applies the schedule, then prints per loop the trip count, the requested
// II, ResMII, RecMII, the II (`-` for a loop that is not pipelined) and the
// latency, and per function the latency, arithmetic operations and off-chip
// bytes (lib/Analysis). Several files: each table under `== FILE ==`.
//
//===----------------------------------------------------------------------===//

#include "EstimateC.h"
#include "LoadedProgram.h"
#include "Subcommands.h"

#include "hcl/Analysis/Estimate.h"
#include "hcl/Analysis/LLVMLoops.h"
#include "hcl/Analysis/Roofline.h"
#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Target/RTL.h"
#include "hcl/Transforms/Passes.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand estimateSubcommand(
    "estimate", "estimate initiation intervals, latency and the roofline");

static cl::list<std::string> inputFiles(cl::Positional, cl::OneOrMore,
                                        cl::desc("FILE.mlir..."),
                                        cl::sub(estimateSubcommand));
static cl::opt<std::string> entryName("entry", cl::desc("the function"),
                                      cl::value_desc("NAME"),
                                      cl::sub(estimateSubcommand));
static cl::opt<std::string>
    targetName("target",
               cl::desc("vitis (default), catapult, rtl, or FILE.json"),
               cl::value_desc("NAME|FILE.json"), cl::init("vitis"),
               cl::sub(estimateSubcommand));
static cl::opt<bool> asJson("json", cl::desc("print JSON"),
                            cl::sub(estimateSubcommand));
static cl::opt<std::string>
    roofline("roofline", cl::desc("draw the kernels on a roofline chart (SVG)"),
             cl::value_desc("OUT.svg"), cl::sub(estimateSubcommand));
static cl::list<std::string> reports(
    "report",
    cl::desc("a csynth.xml whose latency replaces the estimate, for the "
             "files in order"),
    cl::value_desc("FILE.xml"), cl::sub(estimateSubcommand));
static cl::opt<double> clockNs("clock", cl::desc("clock period in ns"),
                               cl::value_desc("NS"), cl::init(10),
                               cl::sub(estimateSubcommand));
static cl::opt<double> peakGops("peak-gops", cl::desc("platform peak (GOP/s)"),
                                cl::init(18), cl::sub(estimateSubcommand));
static cl::opt<double> bandwidth("bandwidth",
                                 cl::desc("platform bandwidth (GB/s)"),
                                 cl::init(25.6), cl::sub(estimateSubcommand));

static json::Value optional(const std::optional<int64_t> &v) {
  return v ? json::Value(*v) : json::Value(nullptr);
}

static std::string text(const std::optional<int64_t> &v) {
  return v ? std::to_string(*v) : "?";
}

static void printTable(const FunctionEstimate &e, const TargetModel &target) {
  printLoopTable("@" + e.name + " (target " + target.name + ")", e.loops,
                 outs());
  outs() << "function: latency " << text(e.latency) << " cycles";
  // Not exact (a loop of unknown trip count): what is known of it.
  if (!e.latency && e.latencyLowerBound)
    outs() << " (worst case "
           << (e.worstCaseLatency ? std::to_string(*e.worstCaseLatency)
                                  : std::string("unbounded"))
           << ", at least " << *e.latencyLowerBound << ")";
  outs() << ", " << e.flops << " arithmetic operations, " << e.offchipBytes
         << " off-chip bytes\n";
  for (const std::string &note : e.notes)
    outs() << "note: " << note << "\n";
  outs() << "resources: " << e.resources.dsp << " DSP, " << e.resources.bram18k
         << " BRAM18K, " << e.resources.registerBits << " register bits\n";
}

/// `file` is the input the estimate belongs to, given when there are several.
static void printJson(const FunctionEstimate &e, const TargetModel &target,
                      StringRef file) {
  json::Object root{
      {"function", e.name},
      {"target", target.name},
      {"latency", optional(e.latency)},
      {"flops", e.flops},
      {"offchip_bytes", e.offchipBytes},
      {"resources", json::Object{{"dsp", e.resources.dsp},
                                 {"bram18k", e.resources.bram18k},
                                 {"register_bits", e.resources.registerBits}}},
      {"loops", loopsToJson(e.loops)}};
  // Only an estimate that is not exact says more (other keys unchanged).
  if (!e.latency && e.latencyLowerBound) {
    root["latency_worst_case"] = optional(e.worstCaseLatency);
    root["latency_lower_bound"] = *e.latencyLowerBound;
  }
  if (!e.notes.empty())
    root["notes"] = json::Array(e.notes);
  if (!file.empty())
    root["file"] = file.str();
  outs() << formatv("{0:2}", json::Value(std::move(root))) << "\n";
}

/// The kernel's point on the roofline: operations per off-chip byte, and
/// operations per second at the estimated (or reported) latency.
static Expected<RooflinePoint> pointOf(const FunctionEstimate &e,
                                       StringRef file, size_t index) {
  std::optional<double> cycles;
  if (e.latency)
    cycles = static_cast<double>(*e.latency);
  if (index < reports.size()) {
    Expected<double> reported = readReportLatency(reports[index]);
    if (!reported)
      return reported.takeError();
    cycles = *reported;
  }
  std::optional<RooflinePoint> p;
  if (cycles)
    p = rooflinePoint(e.flops, e.offchipBytes, *cycles, clockNs);
  if (!p)
    return createStringError(file + ": no latency or no off-chip traffic to "
                                    "place on the roofline");
  p->label = sys::path::stem(file).str();
  return *p;
}

int estimateMain() {
  std::string error;
  FailureOr<TargetModel> target = TargetModel::get(targetName, error);
  if (failed(target))
    return fail(error);
  // The rtl target estimates what `hcl rtl` builds.
  if (target->name == "rtl")
    defaultScheduleForRTL();
  if (clockNs <= 0)
    return fail("--clock must be a positive period in ns");
  std::vector<RooflinePoint> points;
  // Several inputs: each table under its file's name (the JSON has "file").
  bool several = inputFiles.size() > 1;
  for (auto [index, file] : llvm::enumerate(inputFiles)) {
    if (several && !asJson)
      outs() << (index ? "\n" : "") << "== " << file << " ==\n";
    if (StringRef(file).ends_with(".c")) {
      if (!roofline.empty())
        return fail("--roofline takes MLIR programs; " + file + " is C");
      if (int code = estimateC(file, *target, asJson))
        return code;
      continue;
    }
    std::unique_ptr<LoadedProgram> loaded =
        LoadedProgram::load(file, addApplySchedule);
    if (!loaded)
      return 1;
    mlir::ModuleOp module = loaded->module();
    if (target->name == "rtl")
      mergeShiftsIntoPipelines(module);
    mlir::FailureOr<mlir::func::FuncOp> entry = selectEntry(module, entryName);
    if (mlir::failed(entry))
      return 1;
    FunctionEstimate estimate = estimateFunction(*entry, *target);
    if (asJson)
      printJson(estimate, *target, several ? StringRef(file) : StringRef());
    else
      printTable(estimate, *target);
    if (roofline.empty())
      continue;
    Expected<RooflinePoint> point = pointOf(estimate, file, index);
    if (!point)
      return fail(toString(point.takeError()));
    points.push_back(*point);
  }
  if (roofline.empty())
    return 0;
  Platform platform;
  platform.peakGops = peakGops;
  platform.bandwidthGBs = bandwidth;
  if (Error e = writeRoofline(points, platform, roofline))
    return fail(toString(std::move(e)));
  errs() << "hcl estimate: wrote the roofline " << roofline << " ("
         << points.size() << " kernel" << (points.size() == 1 ? "" : "s")
         << ")\n";
  return 0;
}

} // namespace hcl::driver
