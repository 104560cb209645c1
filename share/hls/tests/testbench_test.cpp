//===- testbench_test.cpp - self-check of hcl_testbench.h -----------------===//
//
// A framework-free test, so that it builds anywhere the testbench itself does:
//   g++ -std=c++14 -Wall -Wextra -I share/hls share/hls/tests/testbench_test.cpp
// Prints "hcl_testbench: N checks passed" and exits 0, or lists the failed
// checks and exits 1. Temporary files go to a mkdtemp directory (POSIX).
//
// The golden values below were produced by `hcl run --random-inputs 3` on
//   func.func @top(%a: memref<7xi8>, %b: memref<3x5xi32>, %c: memref<2x3x4xf32>,
//                  %d: memref<9xf64>, %e: memref<6xi1>, %f: memref<4x2xi16>,
//                  %g: memref<5xi64>, %h: memref<f32>)
// so they pin the generator to hcl's, not to this header's own formulas.
//
//===----------------------------------------------------------------------===//

#include "../hcl_testbench.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <stdlib.h> // mkdtemp
#include <unistd.h> // rmdir

namespace {

int passed = 0, failed = 0;

void check(bool ok, const char *what, int line) {
  if (ok) {
    ++passed;
    return;
  }
  ++failed;
  std::cerr << "FAILED (line " << line << "): " << what << "\n";
}

#define CHECK(cond) check((cond), #cond, __LINE__)

/// Like CHECK for strings, showing both sides on failure.
void check_eq(const std::string &actual, const std::string &expected,
              int line) {
  check(actual == expected, ("'" + actual + "' == '" + expected + "'").c_str(),
        line);
}

#define CHECK_EQ_STR(actual, expected) check_eq((actual), (expected), __LINE__)

/// An ap_int<12> stand-in: constructible from int64_t, wraps to 12 bits and
/// converts back sign-extended, which is all the header asks of the type.
class Int12 {
public:
  Int12(int64_t value = 0) : value_(wrap(value)) {}
  operator int64_t() const { return value_; }

private:
  static int16_t wrap(int64_t value) {
    int64_t low = value & 0xfff;
    return static_cast<int16_t>(low >= 2048 ? low - 4096 : low);
  }
  int16_t value_;
};

uint32_t bits_of(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

uint64_t bits_of(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

std::string slurp(const std::string &path) {
  std::string bytes, error;
  hcl_tb::detail::read_file(path, bytes, error);
  return bytes;
}

void spit(const std::string &path, const std::string &bytes) {
  std::string error;
  hcl_tb::detail::write_file(path, bytes, error);
}

/// Scratch directory for the .npy files; removed at exit.
class TempDir {
public:
  TempDir() {
    char pattern[] = "/tmp/hcl_tb_test.XXXXXX";
    path_ = mkdtemp(pattern) ? pattern : "";
  }
  ~TempDir() {
    for (const std::string &file : files_)
      std::remove(file.c_str());
    if (!path_.empty())
      rmdir(path_.c_str());
  }
  bool ok() const { return !path_.empty(); }
  std::string file(const std::string &name) {
    files_.push_back(path_ + "/" + name);
    return files_.back();
  }

private:
  std::string path_;
  std::vector<std::string> files_;
};

//===----------------------------------------------------------------------===//
// Random inputs
//===----------------------------------------------------------------------===//

void test_splitmix64() {
  // The published first outputs for seed 0 (unittests/Runtime/RandomFillTest).
  hcl_tb::SplitMix64 rng(0);
  CHECK(rng.next() == 0xe220a8397b1dcdafull);
  CHECK(rng.next() == 0x6e789e6aa1b965f4ull);
}

void test_fill_random_integers() {
  int8_t i8[7];
  hcl_tb::fill_random(i8, 7, 3, 0);
  const int8_t want_i8[] = {-8, -8, -6, -13, -6, 14};
  CHECK(std::equal(want_i8, want_i8 + 6, i8));

  int32_t i32[15];
  hcl_tb::fill_random(i32, 15, 3, 1);
  const int32_t want_i32[] = {-13, -11, 7, -5, 14, 5};
  CHECK(std::equal(want_i32, want_i32 + 6, i32));

  bool b[6];
  hcl_tb::fill_random(b, 6, 3, 4);
  const bool want_b[] = {true, false, false, true, false, false};
  CHECK(std::equal(want_b, want_b + 6, b));

  int16_t i16[8];
  hcl_tb::fill_random(i16, 8, 3, 5);
  const int16_t want_i16[] = {12, -8, -11, -12, -14, -6};
  CHECK(std::equal(want_i16, want_i16 + 6, i16));

  int64_t i64[5];
  hcl_tb::fill_random(i64, 5, 3, 6);
  const int64_t want_i64[] = {15, 1, 0, -16, -5};
  CHECK(std::equal(want_i64, want_i64 + 5, i64));
}

void test_fill_random_floats() {
  float f32[24];
  hcl_tb::fill_random(f32, 24, 3, 2);
  const uint32_t want_f32[] = {0xbf26d13c, 0xbf51619c, 0x3f0ecfe7,
                               0x3eb01048, 0x3dad2108, 0x3f3673c5};
  bool same = true;
  for (int i = 0; i < 6; ++i)
    same &= bits_of(f32[i]) == want_f32[i];
  CHECK(same);

  double f64[9];
  hcl_tb::fill_random(f64, 9, 3, 3);
  const uint64_t want_f64[] = {0xbfbd7227a1ab0680ull, 0xbfe0f9e661b486d4ull,
                               0x3fdd111b679be2ccull, 0x3fc29bfdb1586bf0ull,
                               0xbfdaf33ddaeaff24ull, 0x3fe7be216bd68da4ull};
  same = true;
  for (int i = 0; i < 6; ++i)
    same &= bits_of(f64[i]) == want_f64[i];
  CHECK(same);

  float scalar;
  hcl_tb::fill_random(&scalar, 1, 3, 7);
  CHECK(bits_of(scalar) == 0x3ea5f2a2u);
}

void test_fill_random_properties() {
  // Every width sees the same stream; f32 is f64 rounded.
  const size_t n = 1000;
  std::vector<int8_t> i8(n);
  std::vector<int64_t> i64(n), other(n);
  std::vector<float> f32(n);
  std::vector<double> f64(n);
  hcl_tb::fill_random(i8.data(), n, 11, 2);
  hcl_tb::fill_random(i64.data(), n, 11, 2);
  hcl_tb::fill_random(other.data(), n, 11, 3);
  hcl_tb::fill_random(f32.data(), n, 11, 2);
  hcl_tb::fill_random(f64.data(), n, 11, 2);
  bool same_ints = true, same_reals = true, in_range = true;
  bool negative = false;
  for (size_t i = 0; i < n; ++i) {
    same_ints &= i8[i] == i64[i];
    same_reals &= f32[i] == static_cast<float>(f64[i]);
    in_range &= i64[i] >= -16 && i64[i] < 16 && f64[i] >= -1.0 && f64[i] < 1.0;
    negative |= i64[i] < 0;
  }
  CHECK(same_ints);
  CHECK(same_reals);
  CHECK(in_range);
  CHECK(negative);
  CHECK(i64 != other); // each argument has its own stream

  std::vector<int64_t> again(n);
  hcl_tb::fill_random(again.data(), n, 11, 2);
  CHECK(again == i64); // deterministic
}

void test_fill_random_int() {
  Int12 wide[64];
  int16_t narrow[64];
  hcl_tb::fill_random_int(wide, 64, 3, 0);
  hcl_tb::fill_random(narrow, 64, 3, 0);
  bool same = true;
  for (int i = 0; i < 64; ++i)
    same &= static_cast<int64_t>(wide[i]) == narrow[i];
  CHECK(same);

  int32_t via_int[15];
  hcl_tb::fill_random_int(via_int, 15, 3, 1); // plain types work too
  CHECK(via_int[0] == -13 && via_int[5] == 5);
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

template <typename T>
bool round_trips(TempDir &dir, const std::string &name,
                 const std::vector<int64_t> &shape, unsigned arg) {
  size_t count = static_cast<size_t>(hcl_tb::detail::element_count(shape));
  std::unique_ptr<T[]> out(new T[count]), in(new T[count]);
  hcl_tb::fill_random(out.get(), count, 5, arg);
  std::string path = dir.file(name), error;
  if (!hcl_tb::write_npy(path, out.get(), shape, error) ||
      !hcl_tb::read_npy(path, in.get(), shape, error)) {
    std::cerr << error << "\n";
    return false;
  }
  // The data starts at a multiple of 64 bytes, as hcl and NumPy write it.
  size_t size = slurp(path).size();
  size_t element = std::is_same<T, bool>::value ? 1 : sizeof(T);
  return std::equal(out.get(), out.get() + count, in.get()) &&
         (size - count * element) % 64 == 0;
}

void test_round_trips(TempDir &dir) {
  const std::vector<int64_t> matrix = {3, 5}, vector = {7}, scalar = {};
  CHECK(round_trips<bool>(dir, "b1.npy", matrix, 0));
  CHECK(round_trips<int8_t>(dir, "i1.npy", vector, 1));
  CHECK(round_trips<int16_t>(dir, "i2.npy", matrix, 2));
  CHECK(round_trips<int32_t>(dir, "i4.npy", {2, 3, 4}, 3));
  CHECK(round_trips<int64_t>(dir, "i8.npy", scalar, 4));
  CHECK(round_trips<float>(dir, "f4.npy", matrix, 5));
  CHECK(round_trips<double>(dir, "f8.npy", vector, 6));
  CHECK(round_trips<int32_t>(dir, "empty.npy", {0, 4}, 7));
}

void test_header_bytes(TempDir &dir) {
  // What hcl's serializeNpy writes for int32 of shape (3, 5).
  int32_t data[15] = {0};
  data[0] = -2;
  std::string path = dir.file("header.npy"), error;
  CHECK(hcl_tb::write_npy(path, data, {3, 5}, error));
  std::string dict = "{'descr': '<i4', 'fortran_order': False, "
                     "'shape': (3, 5), }";
  std::string want = std::string("\x93NUMPY\x01\x00\x76\x00", 10) + dict +
                     std::string(128 - 10 - dict.size() - 1, ' ') + "\n" +
                     std::string("\xfe\xff\xff\xff", 4) + std::string(56, '\0');
  CHECK(slurp(path) == want);

  // The dictionary follows the 10-byte preamble; padding follows it.
  const std::string b1 = "{'descr': '|b1', 'fortran_order': False, "
                         "'shape': (6,), }";
  const std::string f4 = "{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (), }";
  CHECK_EQ_STR(hcl_tb::detail::npy_header("|b1", {6}).substr(10, b1.size()),
               b1);
  CHECK_EQ_STR(hcl_tb::detail::npy_header("<f4", {}).substr(10, f4.size()),
               f4);
}

/// A .npy file with a hand-written header: version 1, 2 or 3 and any dict.
std::string npy_file(int version, const std::string &dict,
                     const std::string &payload) {
  std::string header = dict + "\n";
  std::string bytes = std::string("\x93NUMPY", 6) + char(version) + '\0';
  bytes += char(header.size() & 0xff);
  bytes += char(header.size() >> 8);
  if (version > 1)
    bytes += std::string(2, '\0');
  return bytes + header + payload;
}

void test_foreign_files(TempDir &dir) {
  // Versions 2 and 3, NumPy's spacing, '=' and other byte-order marks on
  // one-byte types are read as hcl reads them.
  const std::string payload("\x01\x00\x00\x00\xff\xff\xff\xff", 8);
  std::string error, v2 = dir.file("v2.npy"), v3 = dir.file("v3.npy");
  spit(v2, npy_file(2, "{'descr': '=i4', 'fortran_order': False, "
                       "'shape': (2,)}",
                    payload));
  spit(v3, npy_file(3, "{'shape': (1, 2), 'fortran_order': False, "
                       "'descr': '<i4', }",
                    payload));
  int32_t values[2] = {0, 0};
  CHECK(hcl_tb::read_npy(v2, values, {2}, error) && values[0] == 1 &&
        values[1] == -1);
  CHECK(hcl_tb::read_npy(v3, values, {1, 2}, error));

  std::string bools = dir.file("bools.npy");
  spit(bools, npy_file(1, "{'descr': '<b1', 'fortran_order': False, "
                          "'shape': (3,), }",
                       std::string("\x00\x01\x02", 3)));
  bool flags[3];
  CHECK(hcl_tb::read_npy(bools, flags, {3}, error) && !flags[0] && flags[1] &&
        flags[2]);
}

void test_errors(TempDir &dir) {
  const float f[4] = {1, 2, 3, 4};
  std::string path = dir.file("f32.npy"), error;
  hcl_tb::write_npy(path, f, {2, 2}, error);
  int32_t i[4];
  CHECK(!hcl_tb::read_npy(path, i, {4}, error));
  CHECK_EQ_STR(error, path + ": expected int32 of shape (4,), got float32 of "
                             "shape (2, 2)");
  float g[4];
  CHECK(!hcl_tb::read_npy(path, g, {4, 1}, error));
  CHECK_EQ_STR(error, path + ": expected float32 of shape (4, 1), got "
                             "float32 of shape (2, 2)");

  std::string big = dir.file("big_endian.npy");
  spit(big, npy_file(1, "{'descr': '>i4', 'fortran_order': False, "
                        "'shape': (1,), }",
                     std::string(4, '\0')));
  CHECK(!hcl_tb::read_npy(big, i, {1}, error));
  CHECK_EQ_STR(error, big + ": expected int32 of shape (1,), got dtype '>i4' "
                            "of shape (1,)");

  std::string fortran = dir.file("fortran.npy");
  spit(fortran, npy_file(1, "{'descr': '<i4', 'fortran_order': True, "
                            "'shape': (1,), }",
                         std::string(4, '\0')));
  CHECK(!hcl_tb::read_npy(fortran, i, {1}, error) &&
        error.find("Fortran-order") != std::string::npos);

  std::string truncated = dir.file("truncated.npy");
  const std::string whole = slurp(path);
  spit(truncated, whole.substr(0, whole.size() - 4));
  CHECK(!hcl_tb::read_npy(truncated, g, {2, 2}, error));
  CHECK_EQ_STR(error, truncated + ": truncated data: expected 16 bytes, "
                                  "found 12");

  std::string junk = dir.file("junk.npy");
  spit(junk, "not numpy at all");
  CHECK(!hcl_tb::read_npy(junk, g, {4}, error));
  CHECK_EQ_STR(error, junk + ": not a .npy file (bad magic)");

  std::string missing = dir.file("missing.npy");
  CHECK(!hcl_tb::read_npy(missing, g, {4}, error));
  CHECK_EQ_STR(error, missing + ": cannot open for reading");
  CHECK(!hcl_tb::write_npy(dir.file("no/such/dir.npy"), f, {4}, error));
}

void test_containers(TempDir &dir) {
  // ap_int<12> travels as int16, sign-extended, like `hcl run` writes i12.
  Int12 values[4] = {Int12(-5), Int12(2047), Int12(3000), Int12(-2048)};
  std::string path = dir.file("i12.npy"), error;
  CHECK(hcl_tb::write_npy_as<int16_t>(path, values, {4}, error));
  int16_t raw[4];
  CHECK(hcl_tb::read_npy(path, raw, {4}, error) && raw[0] == -5 &&
        raw[1] == 2047 && raw[2] == 3000 - 4096 && raw[3] == -2048);
  Int12 back[4];
  CHECK(hcl_tb::read_npy_as<int16_t>(path, back, {4}, error));
  bool same = true;
  for (int k = 0; k < 4; ++k)
    same &= static_cast<int64_t>(back[k]) == static_cast<int64_t>(values[k]);
  CHECK(same);
  CHECK(!hcl_tb::read_npy_as<int32_t>(path, back, {4}, error));
  CHECK_EQ_STR(error, path + ": expected int32 of shape (4,), got int16 of "
                             "shape (4,)");
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

bool parse(std::vector<std::string> args, hcl_tb::Options &options,
           std::string &error) {
  args.insert(args.begin(), "testbench");
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(&arg[0]);
  argv.push_back(nullptr);
  return hcl_tb::parse_options(static_cast<int>(args.size()), argv.data(),
                               options, error);
}

void test_options() {
  hcl_tb::Options o;
  std::string error;
  CHECK(parse({"--random-inputs", "3"}, o, error) && o.random && o.seed == 3 &&
        o.output_dir == "." && o.inputs_dir.empty() && !o.help);
  CHECK(parse({"--inputs", "in", "--output-dir", "out"}, o, error) &&
        !o.random && o.inputs_dir == "in" && o.output_dir == "out");
  CHECK(parse({"--random-inputs", "18446744073709551615"}, o, error) &&
        o.seed == 18446744073709551615ull);
  CHECK(parse({"--help"}, o, error) && o.help);
  CHECK(hcl_tb::npy_path("out", "arg", 2) == "out/arg2.npy");

  CHECK(!parse({}, o, error));
  CHECK_EQ_STR(error, "give --random-inputs SEED or --inputs DIR");
  CHECK(!parse({"--random-inputs", "1", "--inputs", "d"}, o, error));
  CHECK_EQ_STR(error,
               "give either --inputs DIR or --random-inputs SEED, not both");
  CHECK(!parse({"--random-inputs", "-1"}, o, error));
  CHECK_EQ_STR(error,
               "--random-inputs expects an unsigned integer seed, got '-1'");
  CHECK(!parse({"--random-inputs", "3x"}, o, error));
  CHECK(!parse({"--output-dir"}, o, error));
  CHECK_EQ_STR(error, "missing value for --output-dir");
  CHECK(!parse({"--bogus"}, o, error));
  CHECK_EQ_STR(error, "unknown option '--bogus'");
}

} // namespace

int main() {
  TempDir dir;
  if (!dir.ok()) {
    std::cerr << "hcl_testbench: cannot create a temporary directory\n";
    return 1;
  }
  test_splitmix64();
  test_fill_random_integers();
  test_fill_random_floats();
  test_fill_random_properties();
  test_fill_random_int();
  test_round_trips(dir);
  test_header_bytes(dir);
  test_foreign_files(dir);
  test_errors(dir);
  test_containers(dir);
  test_options();
  if (failed) {
    std::cerr << "hcl_testbench: " << failed << " of " << passed + failed
              << " checks failed\n";
    return 1;
  }
  std::cout << "hcl_testbench: " << passed << " checks passed\n";
  return 0;
}
