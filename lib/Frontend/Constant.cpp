//===- Constant.cpp - tensors known when the program is built -------------===//
//
// hcl::constant: weights and other values fixed at build time. EmitMLIR.cpp
// writes each as a `memref.global "private" constant` of the module, read in
// @top through memref.get_global; a constant is not a stage and not an
// argument of @top. Fixed-point constants are stored as their integer bits
// and bitcast to the fixed type where they are read.
//
//===----------------------------------------------------------------------===//

#include "Nodes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Tensor.h"
#include "hcl/Runtime/HalfFloat.h"

#include <cmath>

namespace hcl {

namespace {

int unnamedConstants = 0;

/// A constant tensor node without values; checks the shape, the count and
/// the type.
std::shared_ptr<TensorNode> makeNode(size_t count,
                                     const std::vector<int64_t> &shape,
                                     const std::string &name, Type dtype) {
  auto node = std::make_shared<TensorNode>();
  node->kind = TensorKind::Constant;
  node->name =
      name.empty() ? "constant" + std::to_string(unnamedConstants++) : name;
  node->shape = shape;
  node->dtype = dtype;
  std::string what = "constant '" + node->name + "'";
  if (shape.empty())
    throwError(what + ": a tensor needs at least one dimension");
  int64_t elements = 1;
  for (int64_t d : shape) {
    if (d <= 0)
      throwError(what + ": dimension sizes must be positive");
    if (elements > INT64_MAX / d)
      throwError(what + ": too many elements");
    elements *= d;
  }
  if (int64_t(count) != elements)
    throwError(what + ": " + std::to_string(count) + " values for a shape of " +
               std::to_string(elements) + " elements");
  return node;
}

double asFloat(double value, Type dtype) {
  if (dtype.bits == 16)
    return roundToHalf(value, dtype.isBFloat());
  return dtype.bits == 32 ? double(static_cast<float>(value)) : value;
}

Tensor finish(std::shared_ptr<TensorNode> node) {
  recordConstant(node);
  return Tensor(node);
}

} // namespace

Tensor constant(const std::vector<double> &values,
                const std::vector<int64_t> &shape, const std::string &name,
                Type dtype) {
  auto node = makeNode(values.size(), shape, name, dtype);
  if (dtype.isFloat()) {
    for (double v : values)
      node->floatValues.push_back(asFloat(v, dtype));
    return finish(node);
  }
  for (size_t i = 0; i < values.size(); ++i) {
    // Fixed point holds its bits V = trunc(value * 2^frac), toward zero as
    // HeteroCL's const_tensor and Array::setDouble quantize, wrapped to the
    // width.
    double v = dtype.isFixed()
                   ? std::trunc(std::ldexp(values[i], int(dtype.frac)))
                   : std::trunc(values[i]);
    // -2^63 <= v < 2^63: representable as int64.
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
      throwError("constant '" + node->name + "': value " +
                 std::to_string(values[i]) + " at " + std::to_string(i) +
                 " is not a finite value an integer can hold");
    node->intValues.push_back(wrapToWidth(static_cast<int64_t>(v), dtype));
  }
  return finish(node);
}

Tensor constant(const std::vector<int64_t> &values,
                const std::vector<int64_t> &shape, const std::string &name,
                Type dtype) {
  auto node = makeNode(values.size(), shape, name, dtype);
  for (int64_t v : values) {
    if (dtype.isFloat())
      node->floatValues.push_back(asFloat(double(v), dtype));
    else if (dtype.isFixed() && dtype.frac >= 63)
      throwError("constant '" + node->name + "': integer values for " +
                 dtype.str() + " need fewer than 63 fraction bits");
    else if (dtype.isFixed())
      node->intValues.push_back(
          wrapToWidth(int64_t(uint64_t(v) << dtype.frac), dtype));
    else
      node->intValues.push_back(wrapToWidth(v, dtype));
  }
  return finish(node);
}

} // namespace hcl
