//===- Folding.h - integer arithmetic at import time ------------*- C++ -*-===//
//
// Shape computations (Shape -> Gather -> Concat -> Reshape) must be known
// when the program is built: integer operators whose inputs are known are
// evaluated by the importer instead of becoming stages. Floats are never
// folded, so float results always come from the compiled program.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_ONNX_FOLDING_H
#define HCL_LIB_ONNX_FOLDING_H

#include "../Nodes.h" // wrapToWidth
#include "ImportContext.h"

namespace hcl::onnximport {

/// Known integer inputs small enough to fold.
bool canFold(const std::vector<const Value *> &inputs);

/// The row-major offset in `shape` of the element a broadcast result of
/// `outShape` reads at its linear position `linear`.
int64_t broadcastOffset(const std::vector<int64_t> &shape,
                        const std::vector<int64_t> &outShape, int64_t linear);

/// Element-wise integer function of known inputs, broadcast to `outShape`.
OnnxTensor
foldElementwise(const std::vector<const Value *> &inputs,
                const std::vector<int64_t> &outShape, Type dtype,
                const std::function<int64_t(const std::vector<int64_t> &)> &f);

} // namespace hcl::onnximport

#endif // HCL_LIB_ONNX_FOLDING_H
