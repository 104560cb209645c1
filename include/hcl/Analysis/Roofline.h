//===- Roofline.h - the roofline chart --------------------------*- C++ -*-===//

#ifndef HCL_ANALYSIS_ROOFLINE_H
#define HCL_ANALYSIS_ROOFLINE_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

struct RooflinePoint {
  std::string label;
  double intensity;   // operations per off-chip byte
  double performance; // GOP/s
};

struct Platform {
  std::string name = "Ultra96-V2";
  double peakGops = 18; // the HeteroCL memory-optimization paper's figures
  double bandwidthGBs = 25.6;
};

/// A kernel's point: `flops` operations per off-chip byte, and GOP/s when
/// they take `cycles` at `clockNs`; none without off-chip traffic or a
/// positive latency.
std::optional<RooflinePoint> rooflinePoint(int64_t flops, int64_t offchipBytes,
                                           double cycles, double clockNs);

/// The roof over `intensity`: min(peak, bandwidth x intensity), in GOP/s.
double attainableGops(const Platform &platform, double intensity);

/// Draws the roofs and the points (labelled) with gnuplot into `svgPath`.
llvm::Error writeRoofline(const std::vector<RooflinePoint> &points,
                          const Platform &platform, const std::string &svgPath);

/// The latency (cycles) a Vivado / Vitis HLS csynth.xml report gives:
/// average-case, else worst-case.
llvm::Expected<double> readReportLatency(const std::string &path);

} // namespace hcl

#endif // HCL_ANALYSIS_ROOFLINE_H
