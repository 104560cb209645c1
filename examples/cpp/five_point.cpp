//===- five_point.cpp - a five-point stencil with line and window buffers
//--------===//
//
// The five-point stencil of HeteroCL-MLIR's memory-optimization paper, written
// with the hcl C++ front end:
//
//   B[i, j] = A[i, j+1] + A[i+1, j] + A[i+1, j+1] + A[i+1, j+2] + A[i+2, j+1]
//
// The algorithm is one compute(); the schedule adds a line buffer along i,
// a window buffer along j on top of it, and pipelines j:
//
//   LB = s.reuse_at(A, s[B], B.axis(0));   // 3 x N line buffer
//   WB = s.reuse_at(LB, s[B], B.axis(1));  // 3 x 3 window buffer
//   s[B].pipeline(B.axis(1));
//
// The example prints the lowered MLIR (hcl::lower), JIT-compiles the program
// (hcl::build), runs it on deterministic inputs, checks every element of B
// against a plain C++ loop and times the module.
//
//   five_point [--size N] [--repeat R]
//     --size N    input N x N, output (N-2) x (N-2)   (default 10)
//     --repeat R  calls of the module to time          (default 100)
//
// Exit status: 0 when B matches the reference, 1 on a mismatch or an
// hcl::Error, 2 on a bad command line.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/hcl.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct Options {
  int64_t size = 10;
  int repeat = 100;
};

bool parsePositive(const char *text, int64_t least, int64_t &value) {
  char *end = nullptr;
  long long v = std::strtoll(text, &end, 10);
  if (end == text || *end != '\0' || v < least)
    return false;
  value = v;
  return true;
}

bool parseOptions(int argc, char **argv, Options &options) {
  for (int a = 1; a < argc; ++a) {
    int64_t value = 0;
    if (!std::strcmp(argv[a], "--size") && a + 1 < argc &&
        parsePositive(argv[a + 1], 3, value)) {
      options.size = value;
      ++a;
    } else if (!std::strcmp(argv[a], "--repeat") && a + 1 < argc &&
               parsePositive(argv[a + 1], 1, value)) {
      options.repeat = static_cast<int>(value);
      ++a;
    } else {
      std::cerr << "usage: " << argv[0]
                << " [--size N (>= 3)] [--repeat R (>= 1)]\n";
      return false;
    }
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  if (!parseOptions(argc, argv, options))
    return 2;
  const int64_t n = options.size, m = n - 2;

  try {
    // --- The algorithm ----------------------------------------------------
    hcl::Tensor A = hcl::placeholder({n, n}, "A", hcl::Int(32));
    hcl::Schedule s = hcl::create_schedule({A}, [&](hcl::Tensor A) {
      return hcl::compute(
          {m, m},
          [&](hcl::Var i, hcl::Var j) {
            return A(i, j + 1) + A(i + 1, j) + A(i + 1, j + 1) +
                   A(i + 1, j + 2) + A(i + 2, j + 1);
          },
          "B", hcl::Int(32));
    });
    hcl::Tensor B = s.outputs()[0];

    // --- The schedule: line buffer, window buffer, pipeline ---------------
    hcl::Tensor LB = s.reuse_at(A, s[B], B.axis(0));
    hcl::Tensor WB = s.reuse_at(LB, s[B], B.axis(1));
    s[B].pipeline(B.axis(1));

    std::cout << "five-point stencil: A " << n << "x" << n << " -> B " << m
              << "x" << m << " (int32)\n"
              << "schedule: LB = reuse_at(A, B, i); WB = reuse_at(LB, B, j); "
                 "pipeline(j)\n\n"
              << "--- hcl::lower(s) ---\n"
              << hcl::lower(s) << "\n";

    // --- Build and run ----------------------------------------------------
    hcl::Module module = hcl::build(s);

    std::vector<int32_t> a(n * n);
    for (int64_t x = 0; x < n * n; ++x)
      a[x] = static_cast<int32_t>((x * 37 + 11) % 101) - 50;
    hcl::Array input(a, {n, n}, hcl::Int(32));
    hcl::Array output({m, m}, hcl::Int(32));
    module(input, output);

    // --- Check against a plain C++ loop -----------------------------------
    std::vector<int32_t> b = output.to_vector<int32_t>();
    int64_t mismatches = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < m; ++j) {
        int32_t expected = a[i * n + j + 1] + a[(i + 1) * n + j] +
                           a[(i + 1) * n + j + 1] + a[(i + 1) * n + j + 2] +
                           a[(i + 2) * n + j + 1];
        int32_t got = b[i * m + j];
        if (got != expected && mismatches++ < 10)
          std::cout << "mismatch: B[" << i << ", " << j << "] = " << got
                    << ", expected " << expected << "\n";
      }
    if (mismatches) {
      std::cout << "check: FAILED (" << mismatches << " of " << m * m
                << " elements differ from the C++ reference)\n";
      return 1;
    }
    std::cout << "check: OK (" << m * m
              << " elements match the C++ reference)\n";

    // --- Time the module --------------------------------------------------
    std::vector<double> micros;
    micros.reserve(options.repeat);
    for (int r = 0; r < options.repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      module(input, output);
      micros.push_back(std::chrono::duration<double, std::micro>(
                           std::chrono::steady_clock::now() - start)
                           .count());
    }
    std::sort(micros.begin(), micros.end());
    double median =
        options.repeat % 2
            ? micros[options.repeat / 2]
            : (micros[options.repeat / 2 - 1] + micros[options.repeat / 2]) / 2;
    std::cout << std::fixed << std::setprecision(1) << "time: " << median
              << " us per call (median of " << options.repeat
              << " calls); compile: " << module.compileMilliseconds()
              << " ms (schedule + JIT)\n";
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
