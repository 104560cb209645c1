//===- Estimate.h - quality-of-result figures of a program ------*- C++ -*-===//
//
// hcl::estimate(s) gives what `hcl estimate` prints for the program with its
// schedule applied (docs/estimate.md): per loop the trip count, requested
// II, ResMII, RecMII, II and latency; per function the latency, arithmetic
// operations, off-chip bytes, resources and its point on the roofline.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_ESTIMATE_H
#define HCL_FRONTEND_ESTIMATE_H

#include "hcl/Frontend/Schedule.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

struct LoopFigures {
  /// The loop's place: "B/i/j" (stage, then loop names).
  std::string path;
  std::optional<int64_t> tripCount; // none when not constant
  std::optional<int64_t> requestedII;
  int64_t resMII = 1, recMII = 1, ii = 1;
  std::optional<int64_t> latency; // cycles; none with an unknown trip count
  bool pipelined = false;
};

struct FunctionFigures {
  std::string name;               // "top", or an outlined "Stage_B"
  std::optional<int64_t> latency; // cycles
  int64_t operations = 0;         // arithmetic operations executed
  int64_t offchipBytes = 0;       // bytes loaded / stored through arguments
  int64_t dsp = 0, bram18k = 0, registerBits = 0;
  std::vector<LoopFigures> loops;
  /// The roofline (the HeteroCL memory-optimization paper): operations per
  /// off-chip byte, GOP/s at the latency and clock, and the platform's roof at
  /// that intensity; none without off-chip traffic or a latency.
  std::optional<double> intensity, gops, attainableGops;
};

struct EstimateOptions {
  /// `vitis`, `catapult`, or a JSON target file (docs/estimate.md).
  std::string target = "vitis";
  double clockNs = 10;
  /// The platform of the roofline; the HeteroCL memory-optimization paper's
  /// Ultra96-V2 by default.
  double peakGops = 18, bandwidthGBs = 25.6;
};

struct Estimate {
  std::string target;
  /// `top` first, then the other functions (outlined stages) in order.
  std::vector<FunctionFigures> functions;
  /// The function named `name`; throws hcl::Error when there is none.
  const FunctionFigures &function(const std::string &name = "top") const;
};

/// Applies the schedule and estimates every function of the program.
Estimate estimate(const Schedule &schedule,
                  const EstimateOptions &options = EstimateOptions());

} // namespace hcl

#endif // HCL_FRONTEND_ESTIMATE_H
