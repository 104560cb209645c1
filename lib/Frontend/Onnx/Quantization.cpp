//===- Quantization.cpp - what post-training quantization needs -----------===//
//
// VitisAI's quantizer in hcl's terms: weights become fixed-point constants
// (Importer, weightBits), activations are stored in fixed point with
// Schedule::quantize, and the formats come from the ranges a calibration run
// observes through observing_schedule(). The driver's `hcl quantize` runs
// the programs; this file chooses formats and tensors.
//
//===----------------------------------------------------------------------===//

#include "../Nodes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Onnx.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace hcl {

Type fixed_format_for(double maxAbs, unsigned bits) {
  if (bits < 2 || bits > 64)
    throwError("quantization to " + std::to_string(bits) +
               " bits: choose 2 to 64 bits");
  int intBits = maxAbs > 0 && std::isfinite(maxAbs)
                    ? int(std::floor(std::log2(maxAbs))) + 1
                    : 0;
  int frac = int(bits) - 1 - intBits;
  frac = std::clamp(frac, 0, int(bits));
  return Fixed(bits, unsigned(frac));
}

/// In-place reductions and updated tensors keep partial results: storing
/// them in the activation's format would quantize every partial sum.
static bool holdsFinalValues(const TensorNode &node,
                             const detail::ScheduleImpl &schedule) {
  if (node.kind != TensorKind::Compute || !node.body)
    return false;
  if (node.body->kind == ExprKind::Reduce && node.body->type == node.dtype)
    return false;
  for (const auto &stage : schedule.stages)
    if (stage->kind == TensorKind::Update && stage->target.get() == &node)
      return false;
  return true;
}

std::vector<std::string> quantizable_activations(const OnnxModel &model) {
  const detail::ScheduleImpl &schedule = *model.schedule.impl();
  std::set<const TensorNode *> outputs;
  for (const Tensor &t : schedule.outputs)
    outputs.insert(t.node().get());
  std::vector<std::string> names;
  std::set<const TensorNode *> seen;
  for (const auto &[name, tensor] : model.tensors) {
    const TensorNode *node = tensor.node().get();
    if (!tensor.dtype().isFloat() || outputs.count(node) ||
        !holdsFinalValues(*node, schedule) || !seen.insert(node).second)
      continue;
    names.push_back(name);
  }
  return names;
}

Schedule observing_schedule(const OnnxModel &model,
                            const std::vector<std::string> &names) {
  const detail::ScheduleImpl &schedule = *model.schedule.impl();
  std::vector<Tensor> outputs = schedule.outputs;
  for (const std::string &name : names)
    outputs.push_back(model[name]);
  auto impl = std::make_shared<detail::ScheduleImpl>(schedule);
  impl->outputs = outputs;
  impl->commands.clear();
  return Schedule(impl);
}

} // namespace hcl
