//===- onnx_resnet20.cpp - ResNet-20 from ONNX, scheduled in C++ ----------===//
//
// The ONNX-to-Bambu thesis's flow on a whole network: ResNet-20 exported to
// ONNX (bench/resnet20/export_onnx.py) is imported as an hcl program whose
// stages are named after the ONNX nodes, and scheduled as ordinary hcl code:
//
//   for every conv stage C (conv1, s1b1_conv1, ..., s2b1_sc_conv, ...):
//     s[C].pipeline("w");                                 // innermost spatial
//     loop
//   for every 3x3 conv C (the stem and the 18 block convs, two of them of
//   stride 2, whose buffers take two new rows / columns per output):
//     LB = s.reuse_at(s.tensor(C + "_pad"), s[C], "h");   // line buffer
//     WB = s.reuse_at(LB, s[C], "w");                     // window buffer
//
// The scheduled program and a second, unscheduled import are JIT-compiled
// and run on the same random image; the example prints the largest
// difference of the logits and writes the scheduled program, hcl.* schedule
// operations included (hcl::lower(s, false)), to OUT.mlir, so that
// `hcl check OUT.mlir` and `hcl check --hls OUT.mlir` can check it again.
//
//   onnx_resnet20 MODEL.onnx OUT.mlir
//
// Exit status: 0 when the outputs agree (max |difference| <= 1e-4 x max
// |logit|), 1 on a mismatch or an hcl::Error, 2 on a bad command line.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/Onnx.h>
#include <hcl/Frontend/hcl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

bool hasStage(const hcl::Schedule &s, const std::string &name) {
  try {
    s.tensor(name);
    return true;
  } catch (const hcl::Error &) {
    return false;
  }
}

/// The convolution stages of the network, in program order: the stem, then
/// each basic block sSbB's conv1, conv2 and (downsampling blocks) sc_conv.
std::vector<std::string> convStages(const hcl::Schedule &s) {
  std::vector<std::string> convs = {"conv1"};
  for (int stage = 1; stage <= 3; ++stage)
    for (int block = 1;; ++block) {
      std::string pre =
          "s" + std::to_string(stage) + "b" + std::to_string(block);
      if (!hasStage(s, pre + "_conv1"))
        break;
      for (const char *conv : {"_conv1", "_conv2", "_sc_conv"})
        if (hasStage(s, pre + conv))
          convs.push_back(pre + conv);
    }
  return convs;
}

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text;
  for (int64_t d : shape)
    text += (text.empty() ? "" : "x") + std::to_string(d);
  return text;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: onnx_resnet20 MODEL.onnx OUT.mlir\n";
    return 2;
  }
  const std::string modelPath = argv[1], outPath = argv[2];

  try {
    hcl::OnnxModel model = hcl::import_onnx(modelPath);
    hcl::Schedule &s = model.schedule;

    // The schedule. A 3x3 conv reads its padded input, the stage
    // "<conv>_pad"; a 1x1 conv (the shortcuts) has no padding and no
    // stencil to reuse, so it is only pipelined.
    std::vector<std::string> convs = convStages(s);
    int reused = 0;
    for (const std::string &conv : convs) {
      s[conv].pipeline("w");
      std::string pad = conv + "_pad";
      if (!hasStage(s, pad))
        continue;
      hcl::Tensor lineBuffer = s.reuse_at(s.tensor(pad), s[conv], "h");
      s.reuse_at(lineBuffer, s[conv], "w");
      ++reused;
    }
    std::cout << "schedule: pipeline(w) on " << convs.size()
              << " conv stages; line + window buffers on " << reused
              << " 3x3 convs\n";

    std::ofstream out(outPath);
    out << hcl::lower(s, /*applySchedule=*/false);
    if (!out.flush()) {
      std::cout << "hcl::Error: cannot write " << outPath << "\n";
      return 1;
    }

    hcl::Module scheduled = hcl::build(s);
    hcl::OnnxModel plain = hcl::import_onnx(modelPath);
    hcl::Module unscheduled = hcl::build(plain.schedule);
    std::cout << "built: scheduled " << scheduled.compileMilliseconds()
              << " ms, unscheduled " << unscheduled.compileMilliseconds()
              << " ms (schedule + JIT)\n";

    // One random image in [-1, 1) (a fixed linear congruential sequence).
    const hcl::Tensor &image = s.inputs().at(0);
    const hcl::Tensor &logits = s.outputs().at(0);
    std::vector<float> pixels(1);
    for (int64_t d : image.shape())
      pixels.resize(pixels.size() * d);
    uint32_t state = 2024;
    for (float &p : pixels) {
      state = state * 1664525u + 1013904223u;
      p = static_cast<float>(state >> 8) / float(1 << 23) - 1.0f;
    }
    hcl::Array input(pixels, image.shape(), hcl::Float(32));
    hcl::Array got(logits.shape(), hcl::Float(32));
    hcl::Array expected(logits.shape(), hcl::Float(32));
    scheduled(input, got);
    unscheduled(input, expected);

    double maxDiff = 0, maxAbs = 0;
    bool finite = true;
    for (int64_t i = 0; i < got.size(); ++i) {
      double a = got.getDouble(i), b = expected.getDouble(i);
      finite = finite && std::isfinite(a) && std::isfinite(b);
      maxDiff = std::max(maxDiff, std::fabs(a - b));
      maxAbs = std::max(maxAbs, std::fabs(b));
    }
    std::cout << "image " << shapeText(image.shape()) << " -> logits "
              << shapeText(logits.shape()) << ":";
    for (int64_t i = 0; i < got.size(); ++i)
      std::cout << " " << got.getDouble(i);
    std::cout << "\nmax |scheduled - unscheduled| = " << maxDiff
              << " (max |logit| " << maxAbs << ")\n";
    if (!finite || maxDiff > 1e-4 * maxAbs) {
      std::cout << "check: FAILED (the scheduled program differs from the "
                   "unscheduled one)\n";
      return 1;
    }
    std::cout << "check: OK (" << got.size()
              << " logits equal to the unscheduled import; wrote " << outPath
              << ")\n";
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
