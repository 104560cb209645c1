//===- OnnxTypes.h - ONNX element types and tensors in hcl terms -*- C++
//-*-===//

#ifndef HCL_LIB_ONNX_ONNXTYPES_H
#define HCL_LIB_ONNX_ONNXTYPES_H

#include "hcl/Frontend/Onnx.h"

#include "onnx/onnx_pb.h"

#include <optional>

namespace hcl::onnximport {

/// The hcl element type of an ONNX TensorProto data type, if hcl has one.
std::optional<Type> hclType(int32_t elemType);
/// "FLOAT16", "STRING", ...
std::string elemTypeName(int32_t elemType);
/// The bytes of a file; an hcl::Error when it cannot be read.
std::string readFileBytes(const std::string &path);
/// The values of a TensorProto; `what` names it in errors.
OnnxTensor fromProto(const onnx::TensorProto &proto, const std::string &what);

} // namespace hcl::onnximport

#endif // HCL_LIB_ONNX_ONNXTYPES_H
