//===- three_stages.cpp - three stages, outlined --------------------------===//
//
// The hcl-dialect outlining proposal's program on 32x32 int32 tensors, three
// stages in one kernel:
//
//   B = A + 1;   C = A + 1;   D = B + C
//
// with a pipelined inner loop of B and B banked completely in dimension 2:
//
//   s[B].pipeline(B.axis(1));
//   s.partition(B, hcl::PartitionKind::Complete, 2);
//
// It prints the lowered MLIR (hcl::lower), builds and runs the program, and
// checks D against a C++ loop. Exit status: 0 on a match, 1 on a mismatch or
// an hcl::Error.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/hcl.h>

#include <cstdint>
#include <iomanip>
#include <iostream>
#include <vector>

int main() {
  const int64_t n = 32;

  try {
    hcl::Tensor A = hcl::placeholder({n, n}, "A", hcl::Int(32));
    hcl::Schedule s = hcl::create_schedule({A}, [&](hcl::Tensor A) {
      hcl::Tensor B = hcl::compute(
          A.shape(), [&](hcl::Var i, hcl::Var j) { return A(i, j) + 1; }, "B",
          hcl::Int(32));
      hcl::Tensor C = hcl::compute(
          A.shape(), [&](hcl::Var i, hcl::Var j) { return A(i, j) + 1; }, "C",
          hcl::Int(32));
      return hcl::compute(
          A.shape(), [&](hcl::Var i, hcl::Var j) { return B(i, j) + C(i, j); },
          "D", hcl::Int(32));
    });

    // The kernel's intermediate tensors, by name (HeteroCL's kernel.B).
    hcl::Tensor B = s.tensor("B");
    s[B].pipeline(B.axis(1));
    s.partition(B, hcl::PartitionKind::Complete, 2);
    // The outlining proposal then outlines each stage into a function of its
    // own; B's customizations, and its partition in the signatures, go with it.
    hcl::Function fB = s[B].outline();
    hcl::Function fC = s[s.tensor("C")].outline();
    hcl::Function fD = s[s.tensor("D")].outline();

    std::cout << "three stages on " << n << "x" << n
              << " int32: B = A + 1; C = A + 1; D = B + C\n"
              << "schedule: pipeline(B, j); partition(B, Complete, dim 2); "
                 "outline B, C, D\n\n"
              << "--- hcl::lower(s) ---\n"
              << hcl::lower(s) << "\n";

    // The whole program, and each function as a module of its own.
    hcl::Module module = hcl::build(s, {fB, fC, fD});
    std::vector<int32_t> a(n * n);
    for (int64_t x = 0; x < n * n; ++x)
      a[x] = static_cast<int32_t>((x * 29 + 3) % 1000) - 500;
    hcl::Array input(a, {n, n}, hcl::Int(32));
    hcl::Array output({n, n}, hcl::Int(32));
    module(input, output);
    // The hcl-dialect outlining proposal's mod.modules[i](...): B then D on
    // their own.
    hcl::Array b({n, n}, hcl::Int(32)), c({n, n}, hcl::Int(32));
    hcl::Array d2({n, n}, hcl::Int(32));
    module.modules[0](input, b); // Stage_B
    module.modules[1](input, c); // Stage_C
    module.modules[2](b, c, d2); // Stage_D
    if (d2.to_vector<int32_t>() != output.to_vector<int32_t>()) {
      std::cout << "check: FAILED (the modules one by one differ from the "
                   "whole program)\n";
      return 1;
    }
    std::cout << "modules: " << fB.name << ", " << fC.name << " and " << fD.name
              << " called one by one give the same D\n";
    std::cout << "built: compile " << std::fixed << std::setprecision(1)
              << module.compileMilliseconds()
              << " ms (schedule + JIT); ran once\n"
              << std::defaultfloat << std::setprecision(6);

    std::vector<int32_t> d = output.to_vector<int32_t>();
    int64_t mismatches = 0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        int32_t b = a[i * n + j] + 1, c = a[i * n + j] + 1;
        int32_t expected = b + c, got = d[i * n + j];
        if (got != expected && mismatches++ < 10)
          std::cout << "mismatch: D[" << i << ", " << j << "] = " << got
                    << ", expected " << expected << "\n";
      }
    if (mismatches) {
      std::cout << "check: FAILED (" << mismatches << " of " << n * n
                << " elements differ from the C++ reference)\n";
      return 1;
    }
    std::cout << "check: OK (" << n * n
              << " elements match the C++ reference)\n";
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
