//===- Folding.cpp - integer arithmetic at import time --------------------===//

#include "Folding.h"

namespace hcl::onnximport {

static constexpr int64_t kMaxFoldedElements = 1 << 16;

bool canFold(const std::vector<const Value *> &inputs) {
  for (const Value *v : inputs)
    if (!v->known() || v->dtype.isFloat() || v->size() > kMaxFoldedElements)
      return false;
  return true;
}

int64_t broadcastOffset(const std::vector<int64_t> &shape,
                        const std::vector<int64_t> &outShape, int64_t linear) {
  int64_t offset = 0, stride = 1;
  size_t skip = outShape.size() - shape.size();
  for (size_t d = outShape.size(); d-- > 0;) {
    int64_t coordinate = linear % outShape[d];
    linear /= outShape[d];
    if (d < skip)
      continue;
    int64_t extent = shape[d - skip];
    offset += (extent == 1 ? 0 : coordinate) * stride;
    stride *= extent;
  }
  return offset;
}

OnnxTensor
foldElementwise(const std::vector<const Value *> &inputs,
                const std::vector<int64_t> &outShape, Type dtype,
                const std::function<int64_t(const std::vector<int64_t> &)> &f) {
  OnnxTensor out;
  out.dtype = dtype;
  out.shape = outShape;
  int64_t n = out.size();
  std::vector<int64_t> args(inputs.size());
  for (int64_t k = 0; k < n; ++k) {
    for (size_t i = 0; i < inputs.size(); ++i)
      args[i] = inputs[i]->data->ints.at(
          broadcastOffset(inputs[i]->shape, outShape, k));
    out.ints.push_back(wrapToWidth(f(args), dtype));
  }
  return out;
}

} // namespace hcl::onnximport
