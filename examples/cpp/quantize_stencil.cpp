//===- quantize_stencil.cpp - a float stencil quantized in the schedule ---===//
//
// The five-point average of the HeteroCL memory-optimization paper written in
// floats, then quantized to 16-bit fixed point with 8 fraction bits in the
// schedule alone:
//
//   B = 0.2 * (A[i, j+1] + A[i+1, j] + A[i+1, j+1] + A[i+1, j+2] + A[i+2, j+1])
//   C = 2 * B
//
//   s.quantize(A, hcl::Fixed(16, 8));   // the input arrives as Fixed<16, 8>
//   s.quantize(B, hcl::Fixed(16, 8));   // the intermediate is stored as it
//   s.quantize(C, hcl::Fixed(16, 8));   // and the output
//
// The stages still compute in f32 between the quantized stores. The program
// checks the quantized module bit for bit against plain C++ that quantizes
// the same way (floor to 2^-8, wrap to 16 bits), prints the error against
// the float version, and writes the HLS project (ap_fixed<16, 8> arrays).
// Exit status: 0 on a match, 1 on a mismatch or an hcl::Error.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/hcl.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

const int64_t N = 10, M = 8;

/// x in Fixed<16, 8>: floor(x * 2^8) (trunc when `towardZero`, as
/// hcl::Array quantizes the input, HeteroCL's way), wrapped to 16 bits, as
/// a value.
double quantize(double x, bool towardZero = false) {
  double scaled = std::ldexp(x, 8);
  int64_t bits = static_cast<int64_t>(towardZero ? std::trunc(scaled)
                                                 : std::floor(scaled));
  bits = static_cast<int16_t>(static_cast<uint16_t>(bits & 0xFFFF));
  return std::ldexp(static_cast<double>(bits), -8);
}

/// The algorithm in plain C++; `q` is applied where the schedule stores.
std::vector<double> reference(const std::vector<float> &a, bool quantized) {
  auto q = [&](double x) { return quantized ? quantize(x) : x; };
  std::vector<float> in(a.size());
  for (size_t k = 0; k < a.size(); ++k)
    in[k] = static_cast<float>(quantized ? quantize(a[k], true) : a[k]);
  std::vector<double> out(M * M);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < M; ++j) {
      auto at = [&](int64_t r, int64_t c) { return in[r * N + c]; };
      // f32 arithmetic in the order the stage computes.
      float sum = at(i, j + 1) + at(i + 1, j);
      sum = sum + at(i + 1, j + 1);
      sum = sum + at(i + 1, j + 2);
      sum = sum + at(i + 2, j + 1);
      float b = static_cast<float>(q(0.2f * sum));
      out[i * M + j] = q(2.0f * b);
    }
  return out;
}

hcl::Schedule makeSchedule(bool quantized) {
  hcl::Tensor A = hcl::placeholder({N, N}, "A", hcl::Float(32));
  hcl::Schedule s = hcl::create_schedule({A}, [](hcl::Tensor A) {
    hcl::Tensor B = hcl::compute(
        {M, M},
        [&](hcl::Var i, hcl::Var j) {
          return 0.2f * (A(i, j + 1) + A(i + 1, j) + A(i + 1, j + 1) +
                         A(i + 1, j + 2) + A(i + 2, j + 1));
        },
        "B", hcl::Float(32));
    return hcl::compute(
        {M, M}, [&](hcl::Var i, hcl::Var j) { return 2.0f * B(i, j); }, "C",
        hcl::Float(32));
  });
  if (quantized) {
    hcl::Type q = hcl::Fixed(16, 8);
    s.quantize(A, q);
    s.quantize(s.tensor("B"), q);
    s.quantize(s.outputs()[0], q);
  }
  return s;
}

} // namespace

int main() {
  std::vector<float> a(N * N);
  for (int64_t k = 0; k < N * N; ++k) // smooth values in [-4, 4)
    a[k] = static_cast<float>(4.0 * std::sin(0.37 * double(k)));
  try {
    // The float program.
    hcl::Module floating = hcl::build(makeSchedule(false));
    hcl::Array af(a, {N, N}, hcl::Float(32)), cf({M, M}, hcl::Float(32));
    floating(af, cf);

    // The same algorithm with the quantizing schedule: the input array is
    // Fixed<16, 8> (its constructor quantizes), so is the output.
    hcl::Schedule s = makeSchedule(true);
    hcl::Module fixed = hcl::build(s);
    hcl::Array aq(a, {N, N}, hcl::Fixed(16, 8)), cq({M, M}, hcl::Fixed(16, 8));
    fixed(aq, cq);

    std::vector<double> gotFloat = cf.to_vector<double>();
    std::vector<double> gotFixed = cq.to_vector<double>();
    std::vector<double> wantFixed = reference(a, true);
    double maxError = 0;
    int mismatches = 0;
    for (int64_t k = 0; k < M * M; ++k) {
      maxError = std::max(maxError, std::fabs(gotFixed[k] - gotFloat[k]));
      mismatches += gotFixed[k] != wantFixed[k];
    }
    std::cout << "five-point average in f32 vs quantized to Fixed(16, 8): "
              << "largest error " << maxError << " (one LSB is "
              << std::ldexp(1.0, -8) << ")\n";
    hcl::build_hls(s, "quantize_stencil_hls");
    std::cout << "HLS project: quantize_stencil_hls (ap_fixed<16, 8> arrays)\n";
    if (mismatches) {
      std::cout << "check: FAILED (" << mismatches
                << " elements differ from the C++ quantized reference)\n";
      return 1;
    }
    std::cout << "check: OK (" << M * M
              << " elements bit-exact with the C++ quantized reference)\n";
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
