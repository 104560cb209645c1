//===- gemm_acc.cpp - gemm with interleaved accumulation ------------------===//
//
// C += A * B (float32) as an update stage that rewrites the input C, and
// the HeteroCL memory-optimization paper's interleaved accumulation schedule on
// it:
//
//   s[C].reorder({k, j});        // the reduction loop k outside j
//   s.buffer_at(C, s[C], i);     // a row of C in a local write buffer
//   s[C].pipeline(j);            // j no longer carries a dependence
//
// Reordering k outside j makes consecutive j iterations accumulate into
// different elements of the row buffer, so the pipelined loop has no
// loop-carried dependence. The example prints the lowered loop nest (the
// whole MLIR with --mlir), builds and runs the program, and checks C against
// a C++ loop nest with a relative tolerance (the float sums are the same
// terms in the same k order, so they agree to rounding).
// Exit status: 0 on a match, 1 on a mismatch or an hcl::Error.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/hcl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  bool printMLIR = argc > 1 && !std::strcmp(argv[1], "--mlir");
  // bench/kernels/gemm_acc.mlir's sizes: C (M x N) += A (M x K) * B (K x N).
  const int64_t M = 64, K = 32, N = 64;

  try {
    hcl::Tensor A = hcl::placeholder({M, K}, "A", hcl::Float(32));
    hcl::Tensor B = hcl::placeholder({K, N}, "B", hcl::Float(32));
    hcl::Tensor C = hcl::placeholder({M, N}, "C", hcl::Float(32));
    hcl::Schedule s = hcl::create_schedule(
        {A, B, C}, [&](hcl::Tensor A, hcl::Tensor B, hcl::Tensor C) {
          hcl::Var k = hcl::reduce_axis(0, K, "k");
          return hcl::update(
              C,
              [&](hcl::Var i, hcl::Var j) {
                return C(i, j) + hcl::sum(A(i, k) * B(k, j), {k});
              },
              "s");
        });
    // s[C] is the update stage "s" that writes C (as in HeteroCL); its
    // axes come from the tensor update() returned.
    hcl::Tensor sC = s.outputs()[0];
    hcl::Stage stage = s[C];
    hcl::Var i = sC.axis("i"), j = sC.axis("j"), k = sC.axis("k");

    stage.reorder({k, j});
    s.buffer_at(C, stage, i);
    stage.pipeline(j);

    std::cout << "gemm: C (" << M << "x" << N << ") += A (" << M << "x" << K
              << ") * B (" << K << "x" << N << "), float32, "
              << "update stage 's' with hcl::sum over k\n"
              << "schedule: reorder(k, j); buffer_at(C, s, i); pipeline(j)\n";
    std::string lowered = hcl::lower(s);
    if (printMLIR) {
      std::cout << "\n--- hcl::lower(s) ---\n" << lowered << "\n";
    } else {
      std::cout << "loops and buffers in hcl::lower(s) (--mlir prints all of "
                   "it):\n";
      std::istringstream lines(lowered);
      for (std::string line; std::getline(lines, line);)
        if (line.find("memref.alloc") != std::string::npos ||
            line.find("loop_name") != std::string::npos ||
            line.find("affine.for") != std::string::npos)
          std::cout << "  " << line << "\n";
    }

    hcl::Module module = hcl::build(s);
    std::vector<float> a(M * K), b(K * N), c(M * N);
    for (size_t x = 0; x < a.size(); ++x)
      a[x] = static_cast<float>((x * 7 + 1) % 13) / 8.0f - 0.75f;
    for (size_t x = 0; x < b.size(); ++x)
      b[x] = static_cast<float>((x * 5 + 2) % 11) / 4.0f - 1.25f;
    for (size_t x = 0; x < c.size(); ++x)
      c[x] = static_cast<float>(x % 9) - 4.0f;
    hcl::Array arrayA(a, {M, K}, hcl::Float(32));
    hcl::Array arrayB(b, {K, N}, hcl::Float(32));
    hcl::Array arrayC(c, {M, N}, hcl::Float(32));
    // The inputs, then the outputs: the update writes C back into arrayC.
    module(arrayA, arrayB, arrayC);
    std::cout << "built: compile " << std::fixed << std::setprecision(1)
              << module.compileMilliseconds()
              << " ms (schedule + JIT); ran once\n"
              << std::defaultfloat << std::setprecision(6);

    std::vector<float> got = arrayC.to_vector<float>();
    int64_t mismatches = 0;
    double worst = 0;
    for (int64_t x = 0; x < M; ++x)
      for (int64_t y = 0; y < N; ++y) {
        float acc = 0;
        for (int64_t z = 0; z < K; ++z)
          acc += a[x * K + z] * b[z * N + y];
        float expected = c[x * N + y] + acc;
        float value = got[x * N + y];
        double error = std::fabs(double(value) - double(expected)) /
                       std::max(1.0, std::fabs(double(expected)));
        worst = std::max(worst, error);
        if (error > 1e-5 && mismatches++ < 10)
          std::cout << "mismatch: C[" << x << ", " << y << "] = " << value
                    << ", expected " << expected << "\n";
      }
    if (mismatches) {
      std::cout << "check: FAILED (" << mismatches << " of " << M * N
                << " elements differ from the C++ reference by more than "
                   "1e-5 relative)\n";
      return 1;
    }
    std::cout << "check: OK (" << M * N
              << " elements match the C++ reference; largest relative "
                 "difference "
              << worst << ")\n";
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
