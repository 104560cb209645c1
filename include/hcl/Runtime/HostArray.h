//===- HostArray.h - an n-d array owned by the host -------------*- C++ -*-===//
//
// The values hcl programs read and write on the host: a dense, row-major
// array of one element type. Scalars are rank-0 arrays of one element.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_HOSTARRAY_H
#define HCL_RUNTIME_HOSTARRAY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// Element types a host array can hold: signed integers (signless MLIR
/// integers and `!hcl.Fixed` bits), unsigned ones (`hcl.unsigned` arguments
/// and `!hcl.UFixed` bits), and floats, as NumPy's dtypes. F16 is NumPy's
/// float16; BF16 (bfloat16, which NumPy lacks) is held as its 16 bits and
/// travels in .npy files as uint16 bits (HalfFloat.h converts).
/// Wide: integers of 65 to 512 bits, as LLVM lays them out in memory (see
/// wideElementBytes); in .npy files they are bytes (WideLayout.h).
enum class ElementKind {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
  Wide
};

size_t elementSize(ElementKind kind);
/// The bytes an iN (N > 64) element takes in memory: its store size rounded
/// up to the 16-byte alignment LLVM gives integers of 128 bits and more on
/// x86-64 (i100: 16, i200: 32, i512: 64).
size_t wideElementBytes(unsigned bits);
/// The bytes of an array of `shape`, or nothing when a dimension is
/// negative or the size does not fit in int64_t.
std::optional<uint64_t> checkedByteSize(ElementKind kind,
                                        const std::vector<int64_t> &shape,
                                        unsigned wideBits = 0);
/// The machine's physical memory: no host array can be larger.
uint64_t hostMemoryBytes();
bool isFloat(ElementKind kind);
bool isUnsigned(ElementKind kind);
/// NumPy's name: "bool", "int8", ..., "float64".
llvm::StringRef elementName(ElementKind kind);
/// MLIR's name: "i1", ..., "f64" (unsigned kinds: their width, "i8").
llvm::StringRef elementMLIRName(ElementKind kind);

/// "8x8"; "scalar" for rank 0.
std::string shapeString(const std::vector<int64_t> &shape);

class HostArray {
public:
  HostArray() = default;
  /// A zero-filled array; `wideBits` gives the width of Wide elements.
  HostArray(ElementKind kind, std::vector<int64_t> shape, unsigned wideBits = 0,
            bool wideUnsigned = false);

  ElementKind kind() const { return elementKind; }
  /// Wide elements: their width and signedness.
  unsigned wideBits() const { return bits; }
  bool wideUnsigned() const { return isUnsignedWide; }
  size_t elementBytes() const;
  const std::vector<int64_t> &shape() const { return dims; }
  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
  int64_t numElements() const;
  size_t sizeInBytes() const { return storage.size(); }

  void *data() { return storage.data(); }
  const void *data() const { return storage.data(); }
  template <typename T> T *as() { return reinterpret_cast<T *>(data()); }
  template <typename T> const T *as() const {
    return reinterpret_cast<const T *>(data());
  }

  /// Element `index` (row-major) converted to double.
  double elementAsDouble(int64_t index) const;
  /// Element `index` converted to int64 (floats truncate; Wide: the low 64
  /// bits).
  int64_t elementAsInt(int64_t index) const;

  /// Gives the elements the same-sized `kind` (uint16 bits as bfloat16);
  /// false (and unchanged) when the sizes differ.
  bool reinterpret(ElementKind kind);

  std::string shapeString() const { return hcl::shapeString(dims); }
  /// Sum of all elements, in double.
  double sum() const;
  /// FNV-1a over the bytes: equal arrays have equal hashes.
  uint64_t hash() const;

  /// Gives the array `newShape`, keeping the elements in row-major order;
  /// false (and unchanged) when the number of elements differs.
  bool reshape(std::vector<int64_t> newShape);

  /// Byte for byte the same contents (type and shape aside).
  bool sameBytes(const HostArray &other) const {
    return storage == other.storage;
  }

  bool sameTypeAndShape(const HostArray &other) const {
    return elementKind == other.elementKind && bits == other.bits &&
           dims == other.dims;
  }

private:
  ElementKind elementKind = ElementKind::I32;
  unsigned bits = 0;
  bool isUnsignedWide = false;
  std::vector<int64_t> dims;
  // operator new aligns this to 16 bytes, enough for every element type.
  std::vector<uint8_t> storage;
};

} // namespace hcl

#endif // HCL_RUNTIME_HOSTARRAY_H
