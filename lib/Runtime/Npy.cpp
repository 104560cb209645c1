//===- Npy.cpp - NumPy .npy files -----------------------------------------===//

#include "hcl/Runtime/Npy.h"

#include "hcl/Support/OutputFile.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace hcl {

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr size_t kMagicSize = 6;

StringRef npyDescriptor(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "|b1";
  case ElementKind::I8:
    return "|i1";
  case ElementKind::I16:
    return "<i2";
  case ElementKind::I32:
    return "<i4";
  case ElementKind::I64:
    return "<i8";
  case ElementKind::U8:
    return "|u1";
  case ElementKind::U16:
    return "<u2";
  case ElementKind::U32:
    return "<u4";
  case ElementKind::U64:
    return "<u8";
  case ElementKind::F16:
    return "<f2";
  case ElementKind::BF16:
    return "<u2"; // NumPy has no bfloat16: its bits
  case ElementKind::F32:
    return "<f4";
  case ElementKind::F64:
    return "<f8";
  case ElementKind::Wide:
    return ""; // written as bytes (WideLayout.h)
  }
  return "";
}

static std::optional<ElementKind> kindFromDescriptor(StringRef descr) {
  // One-byte types may be written with any byte-order mark.
  if (descr.size() == 3 && descr.ends_with("b1"))
    return ElementKind::I1;
  if (descr.size() == 3 && descr.ends_with("i1"))
    return ElementKind::I8;
  if (descr.size() == 3 && descr.ends_with("u1"))
    return ElementKind::U8;
  for (ElementKind kind :
       {ElementKind::I16, ElementKind::I32, ElementKind::I64, ElementKind::U16,
        ElementKind::U32, ElementKind::U64, ElementKind::F16, ElementKind::F32,
        ElementKind::F64})
    if (descr == npyDescriptor(kind) ||
        (descr.starts_with("=") &&
         descr.drop_front() == npyDescriptor(kind).drop_front()))
      return kind;
  return std::nullopt;
}

static Error npyError(StringRef name, const Twine &message) {
  return createStringError(inconvertibleErrorCode(), name + ": " + message);
}

/// The text after `'key':` in the header dictionary, or "" when absent.
static StringRef headerValue(StringRef header, StringRef key) {
  std::string quoted = ("'" + key + "'").str();
  size_t at = header.find(quoted);
  if (at == StringRef::npos)
    return "";
  StringRef rest = header.drop_front(at + quoted.size()).ltrim();
  if (!rest.consume_front(":"))
    return "";
  return rest.ltrim();
}

static Expected<std::vector<int64_t>> parseShape(StringRef value,
                                                 StringRef name) {
  if (!value.consume_front("("))
    return npyError(name, "malformed header: 'shape' is not a tuple");
  StringRef tuple = value.take_until([](char c) { return c == ')'; });
  if (tuple.size() == value.size())
    return npyError(name, "malformed header: unterminated 'shape'");
  std::vector<int64_t> shape;
  SmallVector<StringRef> parts;
  tuple.split(parts, ',');
  for (StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    int64_t dim;
    if (part.getAsInteger(10, dim) || dim < 0)
      return npyError(name, "malformed header: bad dimension '" + part + "'");
    shape.push_back(dim);
  }
  return shape;
}

namespace {
/// Where the header dictionary lies, from the first bytes of the file.
struct Preamble {
  size_t headerStart, headerLength;
};
struct Header {
  ElementKind kind;
  std::vector<int64_t> shape;
  uint64_t dataBytes;
};
} // namespace

/// The version 1.0 preamble is 10 bytes, 2.0 and 3.0 ones are 12.
static constexpr size_t kLongestPreamble = 12;
/// NumPy writes headers of a few hundred bytes; anything longer is not one.
static constexpr size_t kLongestHeader = 1 << 20;

static Expected<Preamble> parsePreamble(StringRef bytes, StringRef name) {
  if (bytes.size() < kMagicSize + 4 ||
      !bytes.starts_with(StringRef(kMagic, kMagicSize)))
    return npyError(name, "not a .npy file (bad magic)");
  uint8_t major = bytes[kMagicSize];
  if (major == 1)
    return Preamble{10, uint8_t(bytes[8]) | (size_t(uint8_t(bytes[9])) << 8)};
  if (major != 2 && major != 3)
    return npyError(name, "unsupported .npy version " + Twine(int(major)));
  if (bytes.size() < 12)
    return npyError(name, "truncated header");
  size_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= size_t(uint8_t(bytes[8 + i])) << (8 * i);
  if (length > kLongestHeader)
    return npyError(name, "malformed header: " + Twine(length) + " bytes long");
  return Preamble{12, length};
}

static Expected<Header> parseHeader(StringRef header, StringRef name) {
  StringRef descrValue = headerValue(header, "descr");
  if (!descrValue.consume_front("'"))
    return npyError(name, "malformed header: no 'descr'");
  StringRef descr = descrValue.take_until([](char c) { return c == '\''; });
  std::optional<ElementKind> kind = kindFromDescriptor(descr);
  if (!kind)
    return npyError(name, "unsupported dtype '" + descr +
                              "' (supported: bool, int8 to int64, uint8 to "
                              "uint64, float16, float32, float64, "
                              "little-endian)");
  if (headerValue(header, "fortran_order").starts_with("True"))
    return npyError(name, "Fortran-order arrays are not supported; save with "
                          "numpy.ascontiguousarray");
  Expected<std::vector<int64_t>> shape =
      parseShape(headerValue(header, "shape"), name);
  if (!shape)
    return shape.takeError();
  std::optional<uint64_t> bytes = checkedByteSize(*kind, *shape);
  if (!bytes)
    return npyError(name, "the shape's size in bytes overflows a 64-bit "
                          "integer");
  return Header{*kind, std::move(*shape), *bytes};
}

Expected<HostArray> parseNpy(StringRef bytes, StringRef name) {
  Expected<Preamble> preamble = parsePreamble(bytes, name);
  if (!preamble)
    return preamble.takeError();
  size_t dataStart = preamble->headerStart + preamble->headerLength;
  if (bytes.size() < dataStart)
    return npyError(name, "truncated header");
  Expected<Header> header = parseHeader(
      bytes.substr(preamble->headerStart, preamble->headerLength), name);
  if (!header)
    return header.takeError();
  StringRef payload = bytes.drop_front(dataStart);
  if (payload.size() < header->dataBytes)
    return npyError(name, "truncated data: expected " +
                              Twine(header->dataBytes) + " bytes, found " +
                              Twine(payload.size()));
  HostArray array(header->kind, std::move(header->shape));
  // An array with no elements has no storage: data() is null, and memcpy's
  // arguments must not be, even for no bytes.
  if (array.sizeInBytes() != 0)
    std::memcpy(array.data(), payload.data(), array.sizeInBytes());
  return array;
}

/// Reads up to `buffer.size()` bytes; fewer only at the end of the file.
static Expected<size_t> readUpTo(sys::fs::file_t file,
                                 MutableArrayRef<char> buffer) {
  size_t done = 0;
  while (done < buffer.size()) {
    Expected<size_t> n = sys::fs::readNativeFile(file, buffer.drop_front(done));
    if (!n)
      return n.takeError();
    if (*n == 0)
      break;
    done += *n;
  }
  return done;
}

/// The file is read piece by piece, the header first: its size is checked
/// before the data is read, so /dev/zero or a huge shape fail at once.
static Expected<HostArray> readNpyFile(sys::fs::file_t file, StringRef path) {
  auto cannotRead = [&](Error error) {
    return npyError(path, "cannot read: " + toString(std::move(error)));
  };
  std::string head(kLongestPreamble, '\0');
  Expected<size_t> got = readUpTo(file, head);
  if (!got)
    return cannotRead(got.takeError());
  head.resize(*got);
  Expected<Preamble> preamble = parsePreamble(head, path);
  if (!preamble)
    return preamble.takeError();
  // What was read past the preamble already belongs to the header.
  std::string header =
      head.substr(std::min(head.size(), preamble->headerStart));
  size_t have = header.size();
  header.resize(std::max(have, preamble->headerLength));
  got = readUpTo(file, MutableArrayRef<char>(header).drop_front(have));
  if (!got)
    return cannotRead(got.takeError());
  if (have + *got < preamble->headerLength)
    return npyError(path, "truncated header");
  std::string early = header.substr(preamble->headerLength);
  header.resize(preamble->headerLength);
  Expected<Header> parsed = parseHeader(header, path);
  if (!parsed)
    return parsed.takeError();

  sys::fs::file_status status;
  uint64_t available = hostMemoryBytes();
  if (!sys::fs::status(file, status) &&
      status.type() == sys::fs::file_type::regular_file) {
    uint64_t dataStart = preamble->headerStart + preamble->headerLength;
    available = status.getSize() > dataStart ? status.getSize() - dataStart : 0;
    if (available < parsed->dataBytes)
      return npyError(path, "truncated data: expected " +
                                Twine(parsed->dataBytes) + " bytes, found " +
                                Twine(available));
  } else if (parsed->dataBytes > available) {
    return npyError(path, "the array needs " + Twine(parsed->dataBytes) +
                              " bytes, more than this machine's memory");
  }
  HostArray array(parsed->kind, std::move(parsed->shape));
  MutableArrayRef<char> data(static_cast<char *>(array.data()),
                             array.sizeInBytes());
  size_t fromHeader = std::min(early.size(), data.size());
  if (fromHeader != 0) // data.data() is null for an array with no elements
    std::memcpy(data.data(), early.data(), fromHeader);
  got = readUpTo(file, data.drop_front(fromHeader));
  if (!got)
    return cannotRead(got.takeError());
  if (fromHeader + *got < data.size())
    return npyError(path, "truncated data: expected " + Twine(data.size()) +
                              " bytes, found " + Twine(fromHeader + *got));
  return array;
}

Expected<HostArray> readNpy(StringRef path) {
  Expected<sys::fs::file_t> file = sys::fs::openNativeFileForRead(path);
  if (!file)
    return npyError(path, "cannot read: " + toString(file.takeError()));
  Expected<HostArray> array = readNpyFile(*file, path);
  sys::fs::closeFile(*file);
  return array;
}

std::string serializeNpy(const HostArray &array) {
  // NumPy's tuple spelling: "()", "(8,)", "(8, 8)".
  std::string shape;
  for (int64_t dim : array.shape())
    shape += (shape.empty() ? "" : ", ") + std::to_string(dim);
  if (array.rank() == 1)
    shape += ",";
  std::string header = "{'descr': '" + npyDescriptor(array.kind()).str() +
                       "', 'fortran_order': False, 'shape': (" + shape + ")";
  header += ", }";
  // Pad with spaces so that the data starts at a multiple of 64 bytes.
  size_t total = kMagicSize + 4 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::string bytes(kMagic, kMagicSize);
  bytes += char(1);
  bytes += char(0);
  bytes += char(header.size() & 0xff);
  bytes += char(header.size() >> 8);
  bytes += header;
  bytes.append(static_cast<const char *>(array.data()), array.sizeInBytes());
  return bytes;
}

Error writeNpy(StringRef path, const HostArray &array) {
  // Whole or not at all: a full disk leaves no truncated array behind.
  return writeFileAtomically(path, serializeNpy(array));
}

} // namespace hcl
