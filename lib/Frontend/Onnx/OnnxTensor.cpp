//===- OnnxTensor.cpp - ONNX TensorProtos as host values ------------------===//

#include "OnnxTypes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Runtime/HalfFloat.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

namespace hcl {

int64_t OnnxTensor::size() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

double OnnxTensor::real(int64_t i) const {
  return dtype.isFloat() ? floats.at(i) : double(ints.at(i));
}

int64_t OnnxTensor::integer(int64_t i) const {
  return dtype.isFloat() ? int64_t(floats.at(i)) : ints.at(i);
}

namespace onnximport {

std::optional<Type> hclType(int32_t elemType) {
  using onnx::TensorProto;
  switch (elemType) {
  case TensorProto::FLOAT:
    return Float(32);
  case TensorProto::DOUBLE:
    return Float(64);
  case TensorProto::INT8:
    return Int(8);
  case TensorProto::INT16:
    return Int(16);
  case TensorProto::INT32:
    return Int(32);
  case TensorProto::INT64:
    return Int(64);
  case TensorProto::UINT8:
    return UInt(8);
  case TensorProto::UINT16:
    return UInt(16);
  case TensorProto::UINT32:
    return UInt(32);
  case TensorProto::UINT64:
    return UInt(64);
  case TensorProto::BOOL:
    return UInt(1);
  case TensorProto::FLOAT16:
    return Float(16);
  case TensorProto::BFLOAT16:
    return BFloat16();
  default:
    return std::nullopt;
  }
}

std::string elemTypeName(int32_t elemType) {
  if (onnx::TensorProto_DataType_IsValid(elemType))
    return onnx::TensorProto_DataType_Name(
        static_cast<onnx::TensorProto_DataType>(elemType));
  return "type " + std::to_string(elemType);
}

namespace {

/// Reads `count` little-endian values of T from raw_data.
template <typename T>
std::vector<T> rawValues(const std::string &raw, int64_t count,
                         const std::string &what) {
  if (int64_t(raw.size()) != count * int64_t(sizeof(T)))
    throwError(what + ": raw_data holds " + std::to_string(raw.size()) +
               " bytes, the shape needs " +
               std::to_string(count * int64_t(sizeof(T))));
  std::vector<T> out(count);
  if (count)
    std::memcpy(out.data(), raw.data(), raw.size());
  return out;
}

template <typename T, typename Out>
void append(std::vector<Out> &out, const std::vector<T> &in) {
  out.reserve(in.size());
  for (T v : in)
    out.push_back(static_cast<Out>(v));
}

} // namespace

OnnxTensor fromProto(const onnx::TensorProto &proto, const std::string &what) {
  using onnx::TensorProto;
  OnnxTensor t;
  t.name = proto.name();
  std::optional<Type> type = hclType(proto.data_type());
  if (!type)
    throwError(what + ": element type " + elemTypeName(proto.data_type()) +
               " is not supported (hcl takes float16, bfloat16, float, "
               "double, bool and 8 to 64-bit integers)");
  t.dtype = *type;
  if (proto.data_location() == TensorProto::EXTERNAL)
    throwError(what + ": tensors stored in external files are not supported");
  for (int64_t d : proto.dims())
    t.shape.push_back(d);
  int64_t n = t.size();
  const std::string &raw = proto.raw_data();
  bool hasRaw = proto.has_raw_data();
  auto check = [&](int64_t have) {
    if (have != n)
      throwError(what + ": holds " + std::to_string(have) +
                 " values, the shape needs " + std::to_string(n));
  };
  switch (proto.data_type()) {
  case TensorProto::FLOAT:
    if (hasRaw)
      append(t.floats, rawValues<float>(raw, n, what));
    else
      append(t.floats, std::vector<float>(proto.float_data().begin(),
                                          proto.float_data().end()));
    check(t.floats.size());
    break;
  case TensorProto::DOUBLE:
    if (hasRaw)
      t.floats = rawValues<double>(raw, n, what);
    else
      t.floats.assign(proto.double_data().begin(), proto.double_data().end());
    check(t.floats.size());
    break;
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16: {
    // The bits, in raw_data or in the low 16 bits of int32_data.
    std::vector<uint16_t> bits =
        hasRaw ? rawValues<uint16_t>(raw, n, what)
               : std::vector<uint16_t>(proto.int32_data().begin(),
                                       proto.int32_data().end());
    bool bfloat = proto.data_type() == TensorProto::BFLOAT16;
    for (uint16_t b : bits)
      t.floats.push_back(bfloat ? bfloat16Value(b) : halfValue(b));
    check(t.floats.size());
    break;
  }
  case TensorProto::INT64:
    if (hasRaw)
      t.ints = rawValues<int64_t>(raw, n, what);
    else
      t.ints.assign(proto.int64_data().begin(), proto.int64_data().end());
    check(t.ints.size());
    break;
  case TensorProto::UINT64:
  case TensorProto::UINT32:
    if (hasRaw && proto.data_type() == TensorProto::UINT64)
      append(t.ints, rawValues<uint64_t>(raw, n, what));
    else if (hasRaw)
      append(t.ints, rawValues<uint32_t>(raw, n, what));
    else
      append(t.ints, std::vector<uint64_t>(proto.uint64_data().begin(),
                                           proto.uint64_data().end()));
    check(t.ints.size());
    break;
  default: { // int8..int32, uint8, uint16, bool: int32_data or raw bytes
    if (hasRaw) {
      switch (proto.data_type()) {
      case TensorProto::INT8:
        append(t.ints, rawValues<int8_t>(raw, n, what));
        break;
      case TensorProto::INT16:
        append(t.ints, rawValues<int16_t>(raw, n, what));
        break;
      case TensorProto::INT32:
        append(t.ints, rawValues<int32_t>(raw, n, what));
        break;
      case TensorProto::UINT8:
        append(t.ints, rawValues<uint8_t>(raw, n, what));
        break;
      case TensorProto::UINT16:
        append(t.ints, rawValues<uint16_t>(raw, n, what));
        break;
      case TensorProto::BOOL:
        append(t.ints, rawValues<uint8_t>(raw, n, what));
        break;
      }
    } else {
      append(t.ints, std::vector<int32_t>(proto.int32_data().begin(),
                                          proto.int32_data().end()));
    }
    check(t.ints.size());
    if (proto.data_type() == TensorProto::BOOL)
      for (int64_t &v : t.ints)
        v = v != 0;
  }
  }
  return t;
}

} // namespace onnximport

namespace onnximport {

/// Protobuf parses at most 2 GiB; a file that grows past it (a pipe from
/// /dev/zero) is stopped there instead of filling the memory.
constexpr std::streamsize kMaxModelBytes = std::streamsize(1) << 31;

std::string readFileBytes(const std::string &path) {
  std::error_code ec;
  std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (ec)
    throwError("cannot open '" + path + "': " + ec.message());
  if (std::filesystem::is_directory(status))
    throwError("cannot read '" + path + "': it is a directory");
  if (!std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_fifo(status))
    throwError("cannot read '" + path +
               "': not a regular file (a device or socket, which may never "
               "end)");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throwError("cannot open '" + path + "'");
  std::string bytes;
  std::vector<char> chunk(1 << 16);
  while (in) {
    in.read(chunk.data(), std::streamsize(chunk.size()));
    bytes.append(chunk.data(), size_t(in.gcount()));
    if (std::streamsize(bytes.size()) > kMaxModelBytes)
      throwError("cannot read '" + path +
                 "': larger than the 2 GiB an ONNX file can hold");
  }
  if (in.bad())
    throwError("cannot read '" + path + "'");
  return bytes;
}

} // namespace onnximport

OnnxTensor read_onnx_tensor(const std::string &path) {
  onnx::TensorProto proto;
  if (!proto.ParseFromString(onnximport::readFileBytes(path)))
    throwError("'" + path + "' is not a serialized ONNX TensorProto");
  return onnximport::fromProto(proto, "'" + path + "'");
}

} // namespace hcl
