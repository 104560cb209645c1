//===- conv2d.cpp - conv2d (NCHW) with hcl::sum, LB + WB ------------------===//
//
// The HeteroCL memory-optimization paper's conv2d in NCHW layout, the reduction
// written with hcl::sum over the reduction axes rc, rh, rw:
//
//   B[n, c, h, w] = sum over rc, rh, rw of A[n, rc, h+rh, w+rw] * F[c, rc, rh,
//   rw]
//
// The schedule gives A a line buffer along h, a window buffer along w on top
// of it, and pipelines w:
//
//   LB = s.reuse_at(A, s[B], B.axis("h"));   // ic x kh x W line buffer
//   WB = s.reuse_at(LB, s[B], B.axis("w"));  // ic x kh x kw window buffer
//   s[B].pipeline(B.axis("w"));
//
// It prints the buffers the lowered program allocates (the whole MLIR with
// --mlir), builds and runs the program, and checks B against a C++ loop nest.
// Exit status: 0 on a match, 1 on a mismatch or an hcl::Error.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/hcl.h>

#include <cstdint>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  bool printMLIR = argc > 1 && !std::strcmp(argv[1], "--mlir");
  // Batch, channels in / out, kernel and output sizes (bench/kernels'
  // conv2d_nchw_lb_wb.mlir).
  const int64_t bs = 1, ic = 8, oc = 8, kh = 3, kw = 3, oh = 16, ow = 16;
  const int64_t ih = oh + kh - 1, iw = ow + kw - 1;

  try {
    hcl::Tensor A = hcl::placeholder({bs, ic, ih, iw}, "A", hcl::Int(32));
    hcl::Tensor F = hcl::placeholder({oc, ic, kh, kw}, "F", hcl::Int(32));
    hcl::Schedule s =
        hcl::create_schedule({A, F}, [&](hcl::Tensor A, hcl::Tensor F) {
          hcl::Var rc = hcl::reduce_axis(0, ic, "rc");
          hcl::Var rh = hcl::reduce_axis(0, kh, "rh");
          hcl::Var rw = hcl::reduce_axis(0, kw, "rw");
          return hcl::compute(
              {bs, oc, oh, ow},
              [&](hcl::Var n, hcl::Var c, hcl::Var h, hcl::Var w) {
                return hcl::sum(A(n, rc, h + rh, w + rw) * F(c, rc, rh, rw),
                                {rc, rh, rw}, hcl::Int(32));
              },
              "B", hcl::Int(32), {"n", "c", "h", "w"});
        });
    hcl::Tensor B = s.outputs()[0];

    hcl::Tensor LB = s.reuse_at(A, s[B], B.axis("h"));
    hcl::Tensor WB = s.reuse_at(LB, s[B], B.axis("w"));
    s[B].pipeline(B.axis("w"));

    std::cout << "conv2d NCHW: A " << bs << "x" << ic << "x" << ih << "x" << iw
              << " * F " << oc << "x" << ic << "x" << kh << "x" << kw
              << " -> B " << bs << "x" << oc << "x" << oh << "x" << ow
              << " (int32, hcl::sum over rc, rh, rw)\n"
              << "schedule: LB = reuse_at(A, B, h); WB = reuse_at(LB, B, w); "
                 "pipeline(w)\n";
    std::string lowered = hcl::lower(s);
    if (printMLIR) {
      std::cout << "\n--- hcl::lower(s) ---\n" << lowered << "\n";
    } else {
      std::cout << "buffers in hcl::lower(s) (--mlir prints all of it):\n";
      std::istringstream lines(lowered);
      for (std::string line; std::getline(lines, line);)
        if (line.find("memref.alloc") != std::string::npos)
          std::cout << "  " << line.substr(line.find_first_not_of(' ')) << "\n";
    }

    hcl::Module module = hcl::build(s);
    std::vector<int32_t> a(bs * ic * ih * iw), f(oc * ic * kh * kw);
    for (size_t x = 0; x < a.size(); ++x)
      a[x] = static_cast<int32_t>((x * 13 + 5) % 17) - 8;
    for (size_t x = 0; x < f.size(); ++x)
      f[x] = static_cast<int32_t>((x * 7 + 3) % 11) - 5;
    hcl::Array input(a, {bs, ic, ih, iw}, hcl::Int(32));
    hcl::Array filter(f, {oc, ic, kh, kw}, hcl::Int(32));
    hcl::Array output({bs, oc, oh, ow}, hcl::Int(32));
    module(input, filter, output);
    std::cout << "built: compile " << std::fixed << std::setprecision(1)
              << module.compileMilliseconds()
              << " ms (schedule + JIT); ran once\n"
              << std::defaultfloat << std::setprecision(6);

    std::vector<int32_t> b = output.to_vector<int32_t>();
    int64_t mismatches = 0, count = 0;
    for (int64_t n = 0; n < bs; ++n)
      for (int64_t c = 0; c < oc; ++c)
        for (int64_t h = 0; h < oh; ++h)
          for (int64_t w = 0; w < ow; ++w, ++count) {
            int32_t expected = 0;
            for (int64_t rc = 0; rc < ic; ++rc)
              for (int64_t rh = 0; rh < kh; ++rh)
                for (int64_t rw = 0; rw < kw; ++rw)
                  expected += a[((n * ic + rc) * ih + h + rh) * iw + w + rw] *
                              f[((c * ic + rc) * kh + rh) * kw + rw];
            int32_t got = b[count];
            if (got != expected && mismatches++ < 10)
              std::cout << "mismatch: B[" << n << ", " << c << ", " << h << ", "
                        << w << "] = " << got << ", expected " << expected
                        << "\n";
          }
    if (mismatches) {
      std::cout << "check: FAILED (" << mismatches << " of " << count
                << " elements differ from the C++ reference)\n";
      return 1;
    }
    std::cout << "check: OK (" << count
              << " elements match the C++ reference)\n";
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
