//===- Roofline.cpp - the roofline chart ----------------------------------===//
//
// Performance against operational intensity on log axes, under the roofs
// min(peak, bandwidth x intensity), one labelled point per kernel, drawn by
// gnuplot (Debian's gnuplot-nox) as SVG.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/Roofline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

namespace hcl {

static std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

std::optional<RooflinePoint> rooflinePoint(int64_t flops, int64_t offchipBytes,
                                           double cycles, double clockNs) {
  if (cycles <= 0 || offchipBytes == 0)
    return std::nullopt;
  RooflinePoint p;
  p.intensity = double(flops) / double(offchipBytes);
  p.performance = double(flops) / (cycles * clockNs);
  return p;
}

double attainableGops(const Platform &platform, double intensity) {
  return std::min(platform.peakGops, platform.bandwidthGBs * intensity);
}

llvm::Error writeRoofline(const std::vector<RooflinePoint> &points,
                          const Platform &platform,
                          const std::string &svgPath) {
  llvm::ErrorOr<std::string> gnuplot = llvm::sys::findProgramByName("gnuplot");
  if (!gnuplot)
    return llvm::createStringError("the roofline needs gnuplot "
                                   "(apt-get install gnuplot-nox)");
  double ridge = platform.peakGops / platform.bandwidthGBs;
  double xmin = ridge / 100, xmax = ridge * 100, ymin = platform.peakGops / 1e5;
  for (const RooflinePoint &p : points) {
    if (p.intensity > 0)
      xmin = std::min(xmin, p.intensity / 4),
      xmax = std::max(xmax, p.intensity * 4);
    if (p.performance > 0)
      ymin = std::min(ymin, p.performance / 4);
  }
  std::string script;
  llvm::raw_string_ostream os(script);
  os << "set terminal svg size 900,600 dynamic noenhanced font 'sans,11'\n"
     << "set output " << quoted(svgPath) << "\n"
     << "set logscale xy\nset grid\nset key bottom right\n"
     << "set xlabel 'Operational intensity (operations / off-chip byte)'\n"
     << "set ylabel 'Performance (GOP/s)'\n"
     << "set title "
     << quoted("Roofline: " + platform.name + " (" +
               std::to_string(platform.peakGops).substr(0, 5) + " GOP/s, " +
               std::to_string(platform.bandwidthGBs).substr(0, 5) + " GB/s)")
     << "\n"
     << "peak = " << platform.peakGops << "\nbw = " << platform.bandwidthGBs
     << "\nroof(x) = bw * x < peak ? bw * x : peak\n"
     << "set xrange [" << xmin << ":" << xmax << "]\n"
     << "set yrange [" << ymin << ":" << platform.peakGops * 4 << "]\n"
     << "set samples 400\n"
     << "$kernels << EOD\n";
  for (const RooflinePoint &p : points)
    os << quoted(p.label) << " " << p.intensity << " " << p.performance << "\n";
  os << "EOD\n"
     << "plot roof(x) title 'roof' with lines lw 2 lc rgb 'black', \\\n"
     << "  $kernels using 2:3 with points pt 7 ps 1.2 lc rgb 'blue' title "
        "'kernels', \\\n"
     << "  $kernels using 2:3:1 with labels offset 0.8,0.6 left font ',9' "
        "notitle\n";
  llvm::SmallString<128> scriptPath;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("hcl-roofline", "gp", scriptPath))
    return llvm::errorCodeToError(ec);
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(scriptPath, ec);
    if (ec)
      return llvm::errorCodeToError(ec);
    file << script;
  }
  std::string message;
  llvm::StringRef args[] = {*gnuplot, scriptPath};
  int status = llvm::sys::ExecuteAndWait(*gnuplot, args, std::nullopt, {}, 0, 0,
                                         &message);
  llvm::sys::fs::remove(scriptPath);
  if (status != 0)
    return llvm::createStringError("gnuplot failed writing " + svgPath +
                                   (message.empty() ? "" : ": " + message));
  return llvm::Error::success();
}

llvm::Expected<double> readReportLatency(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError("cannot read the HLS report " + path + ": " +
                                   buffer.getError().message());
  llvm::StringRef xml = (*buffer)->getBuffer();
  for (const char *tag : {"Average-caseLatency", "Worst-caseLatency"}) {
    std::string open = std::string("<") + tag + ">";
    size_t at = xml.find(open);
    if (at == llvm::StringRef::npos)
      continue;
    llvm::StringRef rest = xml.substr(at + open.size());
    double cycles;
    if (!rest.take_until([](char c) { return c == '<'; })
             .trim()
             .getAsDouble(cycles))
      return cycles;
  }
  return llvm::createStringError(
      path + " is not a csynth.xml report with a numeric latency "
             "(<Average-caseLatency> or <Worst-caseLatency>)");
}

} // namespace hcl
