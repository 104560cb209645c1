//===- hcl_testbench.h - support for generated HLS testbenches --*- C++ -*-===//
//
// The HLS C++ backend emits a testbench whose inputs and outputs must be
// interchangeable with `hcl run`'s (docs/hcl-run.md):
//   - `--random-inputs SEED` reproduces hcl's deterministic inputs exactly
//     (lib/Runtime/RandomFill.cpp), so the same seed gives the same data;
//   - `.npy` files are read as hcl reads them and written byte-for-byte as hcl
//     writes them (lib/Runtime/Npy.cpp), so `cmp` can compare the outputs.
//
// Header-only and standard-library-only (C++14): Vitis HLS csim compiles the
// testbench with its own compiler and no extra libraries.
//
// Supported element types are those of `hcl run`: bool, int8_t, int16_t,
// int32_t, int64_t, float, double. Arbitrary-width integers (ap_int<N>) travel
// through one of these containers: fill_random_int, read_npy_as, write_npy_as.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TESTBENCH_H
#define HCL_TESTBENCH_H

#include <algorithm>
#include <cstddef>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace hcl_tb {

//===----------------------------------------------------------------------===//
// Random inputs
//===----------------------------------------------------------------------===//

/// SplitMix64, the generator behind `hcl run --random-inputs`. Its output
/// sequence is fixed by the algorithm, so it is identical on every machine.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

private:
  uint64_t state_;
};

namespace detail {

/// Argument k of seed s has its own stream, as in hcl's fillRandom.
inline SplitMix64 argument_stream(uint64_t seed, unsigned arg_index) {
  return SplitMix64(seed * 0x100000001b3ull + arg_index);
}

/// Integers: uniform in [-16, 16), small enough that stencil sums and matrix
/// products stay in range for every element type.
inline int64_t small_int(uint64_t bits) {
  return static_cast<int64_t>(bits >> 59) - 16;
}

/// Unsigned integers (`hcl.unsigned`, UFixed bits): uniform in [0, 32).
inline uint64_t small_uint(uint64_t bits) { return bits >> 59; }

/// Floats: uniform in [-1, 1), computed in double (f32 rounds from it).
/// 2^-53 is spelled as a quotient because hex float literals are C++17.
inline double unit_real(uint64_t bits) {
  return static_cast<double>(bits >> 11) * (1.0 / 9007199254740992.0) * 2.0 -
         1.0;
}

/// The seven element types of `hcl run` and their NumPy names.
template <typename T> struct NpyType {
  static constexpr bool supported = false;
};

#define HCL_TB_NPY_TYPE(TYPE, DESCR, NAME)                                     \
  template <> struct NpyType<TYPE> {                                           \
    static constexpr bool supported = true;                                    \
    static const char *descr() { return DESCR; }                               \
    static const char *name() { return NAME; }                                 \
  };
HCL_TB_NPY_TYPE(bool, "|b1", "bool")
HCL_TB_NPY_TYPE(int8_t, "|i1", "int8")
HCL_TB_NPY_TYPE(int16_t, "<i2", "int16")
HCL_TB_NPY_TYPE(int32_t, "<i4", "int32")
HCL_TB_NPY_TYPE(int64_t, "<i8", "int64")
HCL_TB_NPY_TYPE(uint8_t, "|u1", "uint8")
HCL_TB_NPY_TYPE(uint16_t, "<u2", "uint16")
HCL_TB_NPY_TYPE(uint32_t, "<u4", "uint32")
HCL_TB_NPY_TYPE(uint64_t, "<u8", "uint64")
HCL_TB_NPY_TYPE(float, "<f4", "float32")
HCL_TB_NPY_TYPE(double, "<f8", "float64")
#if defined(HCL_HLS_HALF_H) || defined(__HLS_HALF_H__) // hls_half.h
HCL_TB_NPY_TYPE(half, "<f2", "float16")
#endif
#undef HCL_TB_NPY_TYPE

/// One random element of type T from one generator output.
template <typename T> T random_element(uint64_t bits) {
  static_assert(NpyType<T>::supported,
                "fill_random supports bool, int8_t..int64_t, float and "
                "double; use fill_random_int for other integer types");
  return std::is_floating_point<T>::value ? static_cast<T>(unit_real(bits))
         : std::is_unsigned<T>::value     ? static_cast<T>(small_uint(bits))
                                          : static_cast<T>(small_int(bits));
}

template <> inline bool random_element<bool>(uint64_t bits) {
  return (bits >> 63) != 0;
}

#if defined(HCL_HLS_HALF_H) || defined(__HLS_HALF_H__)
/// As hcl's fillRandom: the float of the unit value, rounded to half.
template <> inline half random_element<half>(uint64_t bits) {
  return half(static_cast<float>(unit_real(bits)));
}
#endif

} // namespace detail

/// Fills `data` with the values `hcl run --random-inputs seed` gives argument
/// `arg_index` when it has `count` elements of type T.
template <typename T>
void fill_random(T *data, size_t count, uint64_t seed, unsigned arg_index) {
  SplitMix64 rng = detail::argument_stream(seed, arg_index);
  for (size_t i = 0; i < count; ++i)
    data[i] = detail::random_element<T>(rng.next());
}

/// Like fill_random for an integer type of any width (ap_int<12>, ...): the
/// same values in [-16, 16) that hcl gives an iN argument, which fit every
/// signed width >= 5, constructed from int64_t.
template <typename T>
void fill_random_int(T *data, size_t count, uint64_t seed,
                     unsigned arg_index) {
  SplitMix64 rng = detail::argument_stream(seed, arg_index);
  for (size_t i = 0; i < count; ++i)
    data[i] = T(detail::small_int(rng.next()));
}

/// Like fill_random_int for unsigned integers (ap_uint<12>, ...): [0, 32).
template <typename T>
void fill_random_uint(T *data, size_t count, uint64_t seed,
                      unsigned arg_index) {
  SplitMix64 rng = detail::argument_stream(seed, arg_index);
  for (size_t i = 0; i < count; ++i)
    data[i] = T(detail::small_uint(rng.next()));
}

/// Fixed-point values travel as their bits V in an integer container (int16
/// for ap_fixed<12, 8>, uint8 for ap_ufixed<6, 4>), as `hcl run` passes them.
template <int W, typename Container, typename T>
void set_fixed_bits(T &x, Container bits) {
  x.range(W - 1, 0) = bits;
}
template <int W, typename Container, typename T>
Container get_fixed_bits(T x) {
  uint64_t bits = x.range(W - 1, 0).to_uint64();
  // Signed formats are sign-extended into the container.
  if (std::is_signed<Container>::value && W < 64 && ((bits >> (W - 1)) & 1))
    bits |= ~uint64_t(0) << (W < 64 ? W : 0);
  return static_cast<Container>(bits);
}

/// The random bits `hcl run` gives a fixed-point argument: [-16, 16) for
/// signed containers, [0, 32) for unsigned ones.
template <int W, typename Container, typename T>
void fill_random_fixed(T *data, size_t count, uint64_t seed,
                       unsigned arg_index) {
  SplitMix64 rng = detail::argument_stream(seed, arg_index);
  for (size_t i = 0; i < count; ++i) {
    uint64_t bits = rng.next();
    set_fixed_bits<W>(data[i], std::is_signed<Container>::value
                                   ? static_cast<Container>(detail::small_int(bits))
                                   : static_cast<Container>(detail::small_uint(bits)));
  }
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

namespace detail {

/// .npy data is little-endian; byte-swap on the (rare) big-endian host.
inline bool host_is_little_endian() {
  const uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

template <typename T> void append_le(std::string &out, T value) {
  char raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  if (!host_is_little_endian())
    std::reverse(raw, raw + sizeof(T));
  out.append(raw, sizeof(T));
}

/// NumPy stores bool as one byte, 0 or 1, whatever sizeof(bool) is.
inline void append_le(std::string &out, bool value) {
  out += value ? '\1' : '\0';
}

template <typename T> T load_le(const char *bytes) {
  char raw[sizeof(T)];
  std::memcpy(raw, bytes, sizeof(T));
  if (!host_is_little_endian())
    std::reverse(raw, raw + sizeof(T));
  T value;
  std::memcpy(&value, raw, sizeof(T));
  return value;
}

/// Any nonzero byte is true; copying it into a bool would be undefined.
template <> inline bool load_le<bool>(const char *bytes) {
  return bytes[0] != 0;
}

template <typename T> size_t element_bytes() {
  return std::is_same<T, bool>::value ? 1 : sizeof(T);
}

/// NumPy's tuple spelling, as hcl writes it: "()", "(8,)", "(8, 8)".
inline std::string shape_string(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

/// Number of elements, or -1 for a negative dimension.
inline int64_t element_count(const std::vector<int64_t> &shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim < 0)
      return -1;
    count *= dim;
  }
  return count;
}

/// The header hcl's serializeNpy writes (version 1.0): the dictionary padded
/// with spaces and a newline so that the data starts at a multiple of 64.
inline std::string npy_header(const char *descr,
                              const std::vector<int64_t> &shape) {
  std::string dict = std::string("{'descr': '") + descr +
                     "', 'fortran_order': False, 'shape': " +
                     shape_string(shape) + ", }";
  const size_t prefix = 6 + 4; // magic, version, header length
  dict.append((64 - (prefix + dict.size() + 1) % 64) % 64, ' ');
  dict += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(dict.size() & 0xff);
  bytes += static_cast<char>(dict.size() >> 8);
  return bytes + dict;
}

inline bool read_file(const std::string &path, std::string &bytes,
                      std::string &error) {
  std::ifstream in(path.c_str(), std::ios::binary);
  if (!in) {
    error = path + ": cannot open for reading";
    return false;
  }
  bytes.assign(std::istreambuf_iterator<char>(in),
               std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = path + ": read error";
    return false;
  }
  return true;
}

inline bool write_file(const std::string &path, const std::string &bytes,
                       std::string &error) {
  std::ofstream out(path.c_str(), std::ios::binary | std::ios::trunc);
  if (out)
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (out)
    out.close();
  if (!out) {
    error = path + ": cannot write";
    return false;
  }
  return true;
}

/// What a .npy header says about the array that follows it.
struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  std::vector<int64_t> shape;
  size_t data_offset = 0;
};

/// The text after `'key':` in the header dictionary, or "" when absent.
inline std::string header_value(const std::string &header,
                                const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    return "";
  at = header.find_first_not_of(' ', at + key.size() + 2);
  if (at == std::string::npos || header[at] != ':')
    return "";
  at = header.find_first_not_of(' ', at + 1);
  return at == std::string::npos ? "" : header.substr(at);
}

inline bool parse_descr(const std::string &value, std::string &descr) {
  if (value.empty() || (value[0] != '\'' && value[0] != '"'))
    return false;
  size_t end = value.find(value[0], 1);
  if (end == std::string::npos)
    return false;
  descr = value.substr(1, end - 1);
  return true;
}

inline bool parse_shape(const std::string &value,
                        std::vector<int64_t> &shape) {
  if (value.empty() || value[0] != '(')
    return false;
  size_t end = value.find(')');
  if (end == std::string::npos)
    return false;
  std::stringstream tuple(value.substr(1, end - 1));
  std::string part;
  shape.clear();
  while (std::getline(tuple, part, ',')) {
    size_t first = part.find_first_not_of(" \t");
    if (first == std::string::npos)
      continue; // the empty item after a trailing comma
    size_t last = part.find_last_not_of(" \t");
    std::string digits = part.substr(first, last - first + 1);
    if (digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    shape.push_back(std::strtoll(digits.c_str(), nullptr, 10));
  }
  return true;
}

/// The magic string and header length of versions 1.0 (2-byte length) and
/// 2.0/3.0 (4-byte length); sets header_start and header_length.
inline bool parse_preamble(const std::string &bytes, size_t &header_start,
                           size_t &header_length, std::string &error) {
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) {
    error = "not a .npy file (bad magic)";
    return false;
  }
  const int major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3) {
    error = "unsupported .npy version " + std::to_string(major);
    return false;
  }
  const size_t width = major == 1 ? 2 : 4;
  header_start = 8 + width;
  header_length = 0;
  for (size_t i = 0; i < width && 8 + i < bytes.size(); ++i)
    header_length |= size_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
  if (bytes.size() < header_start + header_length) {
    error = "truncated header";
    return false;
  }
  return true;
}

inline bool parse_npy_header(const std::string &bytes, NpyHeader &result,
                             std::string &error) {
  size_t start = 0, length = 0;
  if (!parse_preamble(bytes, start, length, error))
    return false;
  const std::string header = bytes.substr(start, length);
  if (!parse_descr(header_value(header, "descr"), result.descr)) {
    error = "malformed header: no 'descr'";
    return false;
  }
  result.fortran_order =
      header_value(header, "fortran_order").compare(0, 4, "True") == 0;
  if (!parse_shape(header_value(header, "shape"), result.shape)) {
    error = "malformed header: bad 'shape'";
    return false;
  }
  result.data_offset = start + length;
  return true;
}

/// hcl accepts any byte-order mark on one-byte types and '=' (native, i.e.
/// little-endian here) on the others; map those spellings to ours.
inline std::string canonical_descr(const std::string &descr) {
  if (descr.size() == 3 && (descr.compare(1, 2, "b1") == 0 ||
                            descr.compare(1, 2, "i1") == 0))
    return "|" + descr.substr(1);
  if (!descr.empty() && descr[0] == '=')
    return "<" + descr.substr(1);
  return descr;
}

/// "int32" for a supported descriptor, else the descriptor itself.
inline std::string dtype_name(const std::string &descr) {
  static const char *const table[][2] = {
      {"|b1", "bool"},  {"|i1", "int8"},    {"<i2", "int16"},
      {"<i4", "int32"}, {"<i8", "int64"},   {"<f4", "float32"},
      {"<f8", "float64"}};
  const std::string canonical = canonical_descr(descr);
  for (const auto &entry : table)
    if (canonical == entry[0])
      return entry[1];
  return "dtype '" + descr + "'";
}

/// Checks the header against what the caller expects, in hcl's words:
/// "expected int32 of shape (4,), got float32 of shape (2, 2)".
template <typename T>
bool check_header(const NpyHeader &header, const std::vector<int64_t> &shape,
                  std::string &error) {
  if (canonical_descr(header.descr) != NpyType<T>::descr() ||
      header.shape != shape) {
    error = std::string("expected ") + NpyType<T>::name() + " of shape " +
            shape_string(shape) + ", got " + dtype_name(header.descr) +
            " of shape " + shape_string(header.shape);
    return false;
  }
  if (header.fortran_order) {
    error = "Fortran-order arrays are not supported; save with "
            "numpy.ascontiguousarray";
    return false;
  }
  return true;
}

/// The elements of a whole .npy file, checked against T and `shape`.
template <typename T>
bool decode_npy(const std::string &bytes, T *data,
                const std::vector<int64_t> &shape, std::string &error) {
  NpyHeader header;
  if (!parse_npy_header(bytes, header, error) ||
      !check_header<T>(header, shape, error))
    return false;
  const size_t count = static_cast<size_t>(element_count(shape));
  const size_t needed = count * element_bytes<T>();
  const size_t found = bytes.size() - header.data_offset;
  if (found < needed) {
    error = "truncated data: expected " + std::to_string(needed) +
            " bytes, found " + std::to_string(found);
    return false;
  }
  const char *payload = bytes.data() + header.data_offset;
  for (size_t i = 0; i < count; ++i)
    data[i] = load_le<T>(payload + i * element_bytes<T>());
  return true;
}

} // namespace detail

/// Reads `path` into `data`, which has room for `shape`'s elements. Refuses a
/// file whose dtype is not T's or whose shape is not `shape`; `error` then
/// names the file, e.g. "in/arg0.npy: expected int32 of shape (4,), got
/// float32 of shape (2, 2)".
template <typename T>
bool read_npy(const std::string &path, T *data,
              const std::vector<int64_t> &shape, std::string &error) {
  static_assert(detail::NpyType<T>::supported,
                "read_npy supports bool, int8_t..int64_t, float and double; "
                "use read_npy_as for other element types");
  std::string bytes;
  if (!detail::read_file(path, bytes, error))
    return false;
  if (detail::element_count(shape) < 0) {
    error = path + ": negative dimension in " + detail::shape_string(shape);
    return false;
  }
  if (!detail::decode_npy(bytes, data, shape, error)) {
    error = path + ": " + error;
    return false;
  }
  return true;
}

/// Writes `data` (row-major, `shape`) to `path` exactly as `hcl run
/// --output-dir` writes an array of that type, so the files compare with cmp.
template <typename T>
bool write_npy(const std::string &path, const T *data,
               const std::vector<int64_t> &shape, std::string &error) {
  static_assert(detail::NpyType<T>::supported,
                "write_npy supports bool, int8_t..int64_t, float and double; "
                "use write_npy_as for other element types");
  const int64_t count = detail::element_count(shape);
  if (count < 0) {
    error = path + ": negative dimension in " + detail::shape_string(shape);
    return false;
  }
  std::string bytes = detail::npy_header(detail::NpyType<T>::descr(), shape);
  bytes.reserve(bytes.size() +
                static_cast<size_t>(count) * detail::element_bytes<T>());
  for (int64_t i = 0; i < count; ++i)
    detail::append_le(bytes, data[i]);
  return detail::write_file(path, bytes, error);
}

namespace detail {

/// Reads `Container` values and stores each into `data` with `store`.
template <typename Container, typename T, typename Store>
bool read_converted(const std::string &path, T *data,
                    const std::vector<int64_t> &shape, std::string &error,
                    Store store) {
  const int64_t count = element_count(shape);
  if (count < 0) {
    error = path + ": negative dimension in " + shape_string(shape);
    return false;
  }
  std::vector<Container> staging(static_cast<size_t>(count));
  if (!read_npy<Container>(path, staging.data(), shape, error))
    return false;
  for (size_t i = 0; i < staging.size(); ++i)
    store(data[i], staging[i]);
  return true;
}

/// Writes `data` as `Container` values made by `load`.
template <typename Container, typename T, typename Load>
bool write_converted(const std::string &path, const T *data,
                     const std::vector<int64_t> &shape, std::string &error,
                     Load load) {
  const int64_t count = element_count(shape);
  if (count < 0) {
    error = path + ": negative dimension in " + shape_string(shape);
    return false;
  }
  std::vector<Container> staging(static_cast<size_t>(count));
  for (size_t i = 0; i < staging.size(); ++i)
    staging[i] = load(data[i]);
  return write_npy<Container>(path, staging.data(), shape, error);
}

} // namespace detail

/// read_npy for an element type outside the seven (ap_int<12>, ...): the file
/// holds `Container` values (int16 for i12, as `hcl run` writes), converted
/// element-wise with T(Container).
template <typename Container, typename T>
bool read_npy_as(const std::string &path, T *data,
                 const std::vector<int64_t> &shape, std::string &error) {
  return detail::read_converted<Container>(
      path, data, shape, error, [](T &x, Container v) { x = T(v); });
}

/// write_npy for an element type outside the seven: each value is converted
/// with static_cast<Container>, which sign-extends an ap_int<N> into the
/// wider container just as `hcl run` writes an iN array.
template <typename Container, typename T>
bool write_npy_as(const std::string &path, const T *data,
                  const std::vector<int64_t> &shape, std::string &error) {
  return detail::write_converted<Container>(
      path, data, shape, error,
      [](const T &x) { return static_cast<Container>(x); });
}

/// read_npy for fixed point: the file holds the bits in `Container`.
template <int W, typename Container, typename T>
bool read_npy_fixed(const std::string &path, T *data,
                    const std::vector<int64_t> &shape, std::string &error) {
  return detail::read_converted<Container>(
      path, data, shape, error,
      [](T &x, Container v) { set_fixed_bits<W>(x, v); });
}

/// write_npy for fixed point: the bits, extended into `Container`.
template <int W, typename Container, typename T>
bool write_npy_fixed(const std::string &path, const T *data,
                     const std::vector<int64_t> &shape, std::string &error) {
  return detail::write_converted<Container>(
      path, data, shape, error,
      [](const T &x) { return get_fixed_bits<W, Container>(x); });
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

/// The testbench's options, mirroring `hcl run`'s: inputs come either from
/// `--random-inputs SEED` or from `--inputs DIR` (DIR/argN.npy), and every
/// array is written to `--output-dir DIR` (default ".").
struct Options {
  bool random = false;
  uint64_t seed = 0;
  std::string inputs_dir, output_dir;
  bool help = false; // --help was given; print usage() and exit 0
};

inline std::string usage(const char *program) {
  return std::string("usage: ") + (program ? program : "testbench") +
         " (--random-inputs SEED | --inputs DIR) [--output-dir DIR]\n"
         "  --random-inputs SEED  the inputs of `hcl run --random-inputs SEED`\n"
         "  --inputs DIR          read argument N from DIR/argN.npy\n"
         "  --output-dir DIR      write argN.npy and resultN.npy into DIR "
         "(default .)\n";
}

/// "DIR/argN.npy", "DIR/resultN.npy": the names `hcl run` uses.
inline std::string npy_path(const std::string &dir, const char *kind,
                            unsigned index) {
  return dir + "/" + kind + std::to_string(index) + ".npy";
}

namespace detail {

/// A decimal, 0x-hex or 0-octal unsigned 64-bit number, as LLVM's
/// cl::opt<uint64_t> accepts for hcl's --random-inputs.
inline bool parse_seed(const std::string &text, uint64_t &seed) {
  if (text.empty() || text.find_first_of("+- \t") != std::string::npos)
    return false;
  char *end = nullptr;
  errno = 0;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 0);
  if (errno != 0 || *end != '\0')
    return false;
  seed = static_cast<uint64_t>(value);
  return true;
}

/// The value of option argv[i], advancing i; false when it is missing.
inline bool take_value(int argc, char **argv, int &i, std::string &value,
                       std::string &error) {
  if (i + 1 >= argc) {
    error = std::string("missing value for ") + argv[i];
    return false;
  }
  value = argv[++i];
  return true;
}

} // namespace detail

/// Parses the testbench's command line into `options`. On failure `error`
/// says why (one line, for "testbench: error: ...").
inline bool parse_options(int argc, char **argv, Options &options,
                          std::string &error) {
  options = Options();
  options.output_dir = ".";
  bool have_inputs = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string value;
    if (arg == "--help" || arg == "-h") {
      options.help = true;
    } else if (arg == "--random-inputs") {
      if (!detail::take_value(argc, argv, i, value, error))
        return false;
      if (!detail::parse_seed(value, options.seed)) {
        error = "--random-inputs expects an unsigned integer seed, got '" +
                value + "'";
        return false;
      }
      options.random = true;
    } else if (arg == "--inputs") {
      if (!detail::take_value(argc, argv, i, options.inputs_dir, error))
        return false;
      have_inputs = true;
    } else if (arg == "--output-dir") {
      if (!detail::take_value(argc, argv, i, options.output_dir, error))
        return false;
    } else {
      error = "unknown option '" + arg + "'";
      return false;
    }
  }
  if (options.help)
    return true;
  // Same rule as `hcl run`: exactly one source of inputs.
  if (options.random == have_inputs) {
    error = options.random
                ? "give either --inputs DIR or --random-inputs SEED, not both"
                : "give --random-inputs SEED or --inputs DIR";
    return false;
  }
  return true;
}

} // namespace hcl_tb

#endif // HCL_TESTBENCH_H
