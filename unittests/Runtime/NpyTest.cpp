//===- NpyTest.cpp - the .npy reader and writer ---------------------------===//

#include "hcl/Runtime/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace hcl;

namespace {

/// A .npy file as NumPy 1.24 writes `np.arange(6, dtype=np.int32).reshape(2,
/// 3)`.
std::string numpyInt32Arange() {
  std::string header =
      "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
  header.append(118 - header.size() - 1, ' ');
  header += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += char(header.size());
  bytes += char(0);
  bytes += header;
  for (int32_t i = 0; i < 6; ++i)
    bytes.append(reinterpret_cast<const char *>(&i), 4);
  return bytes;
}

std::string errorOf(llvm::Expected<HostArray> result) {
  EXPECT_FALSE(static_cast<bool>(result));
  return result ? "" : llvm::toString(result.takeError());
}

TEST(Npy, ReadsWhatNumPyWrites) {
  llvm::Expected<HostArray> array = parseNpy(numpyInt32Arange(), "a.npy");
  ASSERT_TRUE(static_cast<bool>(array)) << llvm::toString(array.takeError());
  EXPECT_EQ(array->kind(), ElementKind::I32);
  EXPECT_EQ(array->shape(), (std::vector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(array->as<int32_t>()[i], i);
}

TEST(Npy, HeaderIsPaddedTo64BytesAsNumPyDoes) {
  HostArray array(ElementKind::F64, {3});
  std::string bytes = serializeNpy(array);
  EXPECT_EQ((bytes.size() - array.sizeInBytes()) % 64, 0u);
  EXPECT_NE(bytes.find("'shape': (3,)"), std::string::npos);
  EXPECT_NE(bytes.find("'descr': '<f8'"), std::string::npos);
}

TEST(Npy, RoundTripsEveryElementTypeAndRank) {
  for (ElementKind kind : {ElementKind::I1, ElementKind::I8, ElementKind::I16,
                           ElementKind::I32, ElementKind::I64, ElementKind::F16,
                           ElementKind::F32, ElementKind::F64}) {
    for (std::vector<int64_t> shape :
         {std::vector<int64_t>{}, {5}, {2, 3}, {2, 1, 4}}) {
      HostArray array(kind, shape);
      auto *bytes = array.as<uint8_t>();
      for (size_t i = 0; i < array.sizeInBytes(); ++i)
        bytes[i] = kind == ElementKind::I1 ? i % 2 : uint8_t(i * 7 + 1);
      llvm::Expected<HostArray> back = parseNpy(serializeNpy(array), "x");
      ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
      EXPECT_TRUE(back->sameTypeAndShape(array));
      EXPECT_EQ(std::memcmp(back->data(), array.data(), array.sizeInBytes()),
                0);
    }
  }
}

// NumPy has no bfloat16: bf16 arrays are written as their uint16 bits and
// read back as uint16, which `hcl run` gives a bf16 argument as its bits.
TEST(Npy, WritesBFloat16AsUInt16Bits) {
  HostArray array(ElementKind::BF16, {2});
  array.as<uint16_t>()[0] = 0x3F80; // 1.0
  array.as<uint16_t>()[1] = 0xC040; // -3.0
  EXPECT_EQ(array.elementAsDouble(1), -3.0);
  llvm::Expected<HostArray> back = parseNpy(serializeNpy(array), "x");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->kind(), ElementKind::U16);
  ASSERT_TRUE(back->reinterpret(ElementKind::BF16));
  EXPECT_EQ(back->elementAsDouble(0), 1.0);
  EXPECT_FALSE(back->reinterpret(ElementKind::F32));
}

// NumPy writes arrays with no elements (np.zeros((2, 0))); their storage is
// empty and has no address, which the copies in and out must not pass on.
TEST(Npy, RoundTripsAnArrayWithNoElements) {
  HostArray array(ElementKind::F32, {2, 0});
  llvm::Expected<HostArray> back = parseNpy(serializeNpy(array), "x");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->shape(), (std::vector<int64_t>{2, 0}));
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("hcl-npy", "npy", path));
  ASSERT_FALSE(static_cast<bool>(writeNpy(path, array)));
  llvm::Expected<HostArray> read = readNpy(path);
  llvm::sys::fs::remove(path);
  ASSERT_TRUE(static_cast<bool>(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->numElements(), 0);
}

TEST(Npy, WritesAndReadsFiles) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("hcl-npy", "npy", path));
  HostArray array(ElementKind::F32, {2, 2});
  array.as<float>()[3] = 2.5f;
  ASSERT_FALSE(static_cast<bool>(writeNpy(path, array)));
  llvm::Expected<HostArray> back = readNpy(path);
  ASSERT_TRUE(static_cast<bool>(back));
  EXPECT_EQ(back->as<float>()[3], 2.5f);
  llvm::sys::fs::remove(path);
}

/// readNpy checks the header before it reads (or allocates) the data: a
/// file claiming 10^12 elements, a truncated one, and the size overflow.
TEST(Npy, ReadsTheHeaderFirst) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("hcl-npy", "npy", path));
  auto write = [&](const std::string &bytes) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << bytes;
  };
  auto readWith = [&](const std::string &bytes) {
    write(bytes);
    return errorOf(readNpy(path));
  };
  // A version 1.0 file of int32 elements with `shape` and `dataBytes` bytes.
  auto npy = [](const std::string &shape, size_t dataBytes) {
    std::string header =
        "{'descr': '<i4', 'fortran_order': False, 'shape': " + shape + ", }";
    header.append(118 - header.size() - 1, ' ');
    header += '\n';
    return std::string("\x93NUMPY\x01\x00", 8) + char(header.size()) + char(0) +
           header + std::string(dataBytes, '\0');
  };
  EXPECT_NE(readWith(npy("(1000000000000,)", 24))
                .find("truncated data: expected 4000000000000 bytes, found 24"),
            std::string::npos);
  EXPECT_NE(readWith(npy("(2, 3)", 20))
                .find("truncated data: expected 24 "
                      "bytes, found 20"),
            std::string::npos);
  EXPECT_NE(readWith(npy("(4294967296, 4294967296)", 0))
                .find("overflows a 64-bit integer"),
            std::string::npos);
  std::string file = numpyInt32Arange();
  EXPECT_NE(readWith(file.substr(0, 20)).find("truncated header"),
            std::string::npos);
  write(file);
  llvm::Expected<HostArray> whole = readNpy(path);
  ASSERT_TRUE(static_cast<bool>(whole)) << llvm::toString(whole.takeError());
  EXPECT_EQ(whole->as<int32_t>()[5], 5);
  llvm::sys::fs::remove(path);
}

TEST(Npy, RejectsBadInput) {
  EXPECT_NE(errorOf(parseNpy("hello", "x.npy")).find("not a .npy file"),
            std::string::npos);
  std::string file = numpyInt32Arange();
  EXPECT_NE(errorOf(parseNpy(llvm::StringRef(file).drop_back(4), "x.npy"))
                .find("truncated data"),
            std::string::npos);
  std::string complexFile = file;
  complexFile.replace(complexFile.find("<i4"), 3, "<c8");
  EXPECT_NE(
      errorOf(parseNpy(complexFile, "x.npy")).find("unsupported dtype '<c8'"),
      std::string::npos);
  std::string fortran = file;
  fortran.replace(fortran.find("False"), 5, "True ");
  EXPECT_NE(errorOf(parseNpy(fortran, "x.npy")).find("Fortran-order"),
            std::string::npos);
  EXPECT_NE(errorOf(readNpy("/nonexistent/x.npy")).find("cannot read"),
            std::string::npos);
}

} // namespace
