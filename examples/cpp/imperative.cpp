//===- imperative.cpp - HeteroCL's imperative kernels in the C++ front end
//-===//
//
// Sorting, histograms, graph-like and sparse kernels need loops with
// data-dependent trip counts, stores through computed indices and early
// exits. Each kernel here is written with hcl::for_ / if_ / while_ /
// break_ / scalars / def_, scheduled, run on the JIT and compared with
// plain C++:
//
//   histogram       hist(A(i)) += 1                 (scatter, pipelined)
//   insertion_sort  while_ with a short-circuit guard
//   merge_sort      bottom-up, loops bounded by scalars (scf.for)
//   gcd             a def_ sub-function with a while_ loop
//   prefix_sum      a scan through an in-place update
//   spmv_csr        y = A x with A in CSR (row_ptr bounds, gathered x)
//   knn             HeteroCL's digit-recognition tutorial kernel
//   first_above     for_ with break_
//
// With a folder argument, each program (with its schedule, before it is
// applied) is written there as <kernel>.mlir for `hcl check --hls` and
// `hcl estimate` (examples/cpp/imperative_check.sh).
// Exit status: 0 when every kernel matches, 1 otherwise.
//
//===----------------------------------------------------------------------===//

#include <hcl/Frontend/hcl.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iostream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using hcl::Tensor;
using hcl::Var;

std::mt19937_64 rng(7);

std::vector<int32_t> randomInts(size_t n, int32_t lo, int32_t hi) {
  std::uniform_int_distribution<int32_t> d(lo, hi);
  std::vector<int32_t> v(n);
  for (auto &x : v)
    x = d(rng);
  return v;
}

struct Kernel {
  std::string name;
  hcl::Schedule schedule;
  /// Runs the built module and compares with plain C++; the mismatches.
  std::function<int(hcl::Module &)> check;
};

// hist[A[i]] += 1: one read-modify-write per element instead of a 64-way
// select-reduction.
Kernel histogram() {
  const int64_t N = 1024, Bins = 64;
  Tensor A = hcl::placeholder({N}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [&](Tensor A) {
    Tensor hist =
        hcl::compute({Bins}, [](Var) { return 0; }, "hist", hcl::Int(32));
    hcl::stage("count",
               [&] { hcl::for_(0, N, [&](Var i) { hist(A(i)) += 1; }, "i"); });
    return hist;
  });
  s["count"].pipeline("i");
  auto check = [=](hcl::Module &m) {
    std::vector<int32_t> a = randomInts(N, 0, Bins - 1);
    hcl::Array in(a, {N}, hcl::Int(32)), out({Bins}, hcl::Int(32));
    m(in, out);
    std::vector<int32_t> want(Bins, 0);
    for (int32_t x : a)
      ++want[x];
    return int(want != out.to_vector<int32_t>());
  };
  return {"histogram", s, check};
}

// Insertion sort: `j >= 0 && B(j) > key` reads B(j) only when j >= 0.
Kernel insertionSort() {
  const int64_t N = 64;
  Tensor A = hcl::placeholder({N}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [&](Tensor A) {
    Tensor B =
        hcl::compute({N}, [&](Var i) { return A(i); }, "B", hcl::Int(32));
    hcl::stage("sort", [&] {
      hcl::for_(
          1, N,
          [&](Var i) {
            Tensor key = hcl::scalar(B(i), "key");
            Tensor j = hcl::scalar(i - 1, "j");
            hcl::while_(
                j.v() >= 0 && B(j.v()) > key.v(),
                [&] {
                  B(j.v() + 1) = B(j.v());
                  j.v() = j.v() - 1;
                },
                "shift", N - 1);
            B(j.v() + 1) = key.v();
          },
          "i");
    });
    return B;
  });
  s["sort"].pipeline("shift");
  auto check = [=](hcl::Module &m) {
    std::vector<int32_t> a = randomInts(N, -1000, 1000);
    hcl::Array in(a, {N}, hcl::Int(32)), out({N}, hcl::Int(32));
    m(in, out);
    std::sort(a.begin(), a.end());
    return int(a != out.to_vector<int32_t>());
  };
  return {"insertion_sort", s, check};
}

// Bottom-up merge sort: runs of `width` merged from S into T, then copied
// back; the merge loop's bounds are scalars (an scf.for).
Kernel mergeSort() {
  const int64_t N = 128;
  Tensor A = hcl::placeholder({N}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [&](Tensor A) {
    Tensor S =
        hcl::compute({N}, [&](Var i) { return A(i); }, "S", hcl::Int(32));
    Tensor T = hcl::compute({N}, [](Var) { return 0; }, "T", hcl::Int(32));
    hcl::stage("merge", [&] {
      Tensor width = hcl::scalar(1, "width");
      hcl::while_(
          width.v() < N,
          [&] {
            Tensor lo = hcl::scalar(0, "lo");
            hcl::while_(
                lo.v() < N,
                [&] {
                  Tensor mid =
                      hcl::scalar(hcl::min(lo.v() + width.v(), N), "mid");
                  Tensor hi =
                      hcl::scalar(hcl::min(lo.v() + 2 * width.v(), N), "hi");
                  Tensor a = hcl::scalar(lo.v(), "a");
                  Tensor b = hcl::scalar(mid.v(), "b");
                  hcl::for_(
                      lo.v(), hi.v(),
                      [&](Var k) {
                        hcl::if_(a.v() < mid.v() &&
                                     (b.v() >= hi.v() || S(a.v()) <= S(b.v())),
                                 [&] {
                                   T(k) = S(a.v());
                                   a.v() += 1;
                                 });
                        hcl::else_([&] {
                          T(k) = S(b.v());
                          b.v() += 1;
                        });
                      },
                      "k");
                  lo.v() += 2 * width.v();
                },
                "runs", N);
            hcl::for_(0, N, [&](Var k) { S(k) = T(k); }, "copy");
            width.v() = width.v() * 2;
          },
          "pass", 7);
    });
    return S;
  });
  s["merge"].pipeline("copy");
  auto check = [=](hcl::Module &m) {
    std::vector<int32_t> a = randomInts(N, -50, 50);
    hcl::Array in(a, {N}, hcl::Int(32)), out({N}, hcl::Int(32));
    m(in, out);
    std::sort(a.begin(), a.end());
    return int(a != out.to_vector<int32_t>());
  };
  return {"merge_sort", s, check};
}

// Euclid's algorithm in a def_ sub-function, called once per pair.
Kernel gcd() {
  const int64_t N = 64;
  Tensor A = hcl::placeholder({N}, "A", hcl::Int(32));
  Tensor B = hcl::placeholder({N}, "B", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A, B}, [&](Tensor A, Tensor B) {
    hcl::Def euclid = hcl::def_(
        "euclid",
        {hcl::Param({1}, hcl::Int(32)), hcl::Param({1}, hcl::Int(32))},
        [](Tensor a, Tensor b) {
          hcl::while_(
              b.v() != 0,
              [&] {
                Tensor t = hcl::scalar(b.v(), "t");
                b.v() = a.v() % b.v();
                a.v() = t.v();
              },
              "step", 48);
          return a.v();
        });
    Tensor G = hcl::compute({N}, [](Var) { return 0; }, "G", hcl::Int(32));
    hcl::stage("gcd", [&] {
      hcl::for_(
          0, N,
          [&](Var i) {
            Tensor a = hcl::scalar(A(i), "a");
            Tensor b = hcl::scalar(B(i), "b");
            G(i) = euclid(a, b);
          },
          "i");
    });
    return G;
  });
  auto check = [=](hcl::Module &m) {
    std::vector<int32_t> a = randomInts(N, 1, 100000),
                         b = randomInts(N, 1, 100000);
    hcl::Array ina(a, {N}, hcl::Int(32)), inb(b, {N}, hcl::Int(32)),
        out({N}, hcl::Int(32));
    m(ina, inb, out);
    std::vector<int32_t> want(N);
    for (int64_t k = 0; k < N; ++k)
      want[k] = std::gcd(a[k], b[k]);
    return int(want != out.to_vector<int32_t>());
  };
  return {"gcd", s, check};
}

// Prefix sum: P(i) = P(i - 1) + A(i), a loop-carried dependence the
// estimator sees (RecMII).
Kernel prefixSum() {
  const int64_t N = 256;
  Tensor A = hcl::placeholder({N}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [&](Tensor A) {
    Tensor P = hcl::compute({N}, [](Var) { return 0; }, "P", hcl::Int(32));
    hcl::stage("scan", [&] {
      P(0) = A(0);
      hcl::for_(1, N, [&](Var i) { P(i) = P(i - 1) + A(i); }, "i");
    });
    return P;
  });
  s["scan"].pipeline("i");
  auto check = [=](hcl::Module &m) {
    std::vector<int32_t> a = randomInts(N, -100, 100);
    hcl::Array in(a, {N}, hcl::Int(32)), out({N}, hcl::Int(32));
    m(in, out);
    std::vector<int32_t> want(N);
    std::partial_sum(a.begin(), a.end(), want.begin());
    return int(want != out.to_vector<int32_t>());
  };
  return {"prefix_sum", s, check};
}

// y = A x with A in compressed sparse rows.
Kernel spmvCsr() {
  const int64_t Rows = 32, Cols = 32, NNZ = 128;
  Tensor rowPtr = hcl::placeholder({Rows + 1}, "row_ptr", hcl::Int(32));
  Tensor colIdx = hcl::placeholder({NNZ}, "col_idx", hcl::Int(32));
  Tensor vals = hcl::placeholder({NNZ}, "vals", hcl::Float(32));
  Tensor x = hcl::placeholder({Cols}, "x", hcl::Float(32));
  hcl::Schedule s = hcl::create_schedule(
      {rowPtr, colIdx, vals, x},
      [&](Tensor rowPtr, Tensor colIdx, Tensor vals, Tensor x) {
        Tensor y =
            hcl::compute({Rows}, [](Var) { return 0.0f; }, "y", hcl::Float(32));
        hcl::stage("spmv", [&] {
          hcl::for_(
              0, Rows,
              [&](Var i) {
                Tensor acc = hcl::scalar(0.0f, "acc", hcl::Float(32));
                hcl::for_(
                    rowPtr(i), rowPtr(i + 1),
                    [&](Var k) { acc.v() += vals(k) * x(colIdx(k)); }, "k");
                y(i) = acc.v();
              },
              "i");
        });
        return y;
      });
  s["spmv"].pipeline("k");
  auto check = [=](hcl::Module &m) {
    // Sorted random row boundaries, random columns and values.
    std::vector<int32_t> ptr = randomInts(Rows + 1, 0, NNZ);
    std::sort(ptr.begin(), ptr.end());
    ptr.front() = 0;
    ptr.back() = NNZ;
    std::vector<int32_t> col = randomInts(NNZ, 0, Cols - 1);
    std::uniform_real_distribution<float> d(-1, 1);
    std::vector<float> val(NNZ), xv(Cols);
    for (auto &v : val)
      v = d(rng);
    for (auto &v : xv)
      v = d(rng);
    hcl::Array p(ptr, {Rows + 1}, hcl::Int(32)), c(col, {NNZ}, hcl::Int(32)),
        v(val, {NNZ}, hcl::Float(32)), xa(xv, {Cols}, hcl::Float(32)),
        y({Rows}, hcl::Float(32));
    m(p, c, v, xa, y);
    std::vector<float> got = y.to_vector<float>();
    int bad = 0;
    for (int64_t i = 0; i < Rows; ++i) {
      float acc = 0; // the same order of additions as the kernel
      for (int32_t k = ptr[i]; k < ptr[i + 1]; ++k)
        acc += val[k] * xv[col[k]];
      bad += got[i] != acc;
    }
    return bad;
  };
  return {"spmv_csr", s, check};
}

// HeteroCL's KNN digit recognition (tutorial): 49-bit images, the 3
// nearest training images of each digit by Hamming distance.
Kernel knn() {
  const int64_t Digits = 10, Train = 180, K = 3;
  Tensor test = hcl::placeholder({1}, "test_image", hcl::UInt(64));
  Tensor train =
      hcl::placeholder({Digits, Train}, "train_images", hcl::UInt(64));
  hcl::Schedule s =
      hcl::create_schedule({test, train}, [&](Tensor test, Tensor train) {
        Tensor knnMat = hcl::compute(
            {Digits, K}, [](Var, Var) { return 50; }, "knn_mat", hcl::Int(32));
        hcl::mutate({Digits, Train},
                    [&](Var x, Var y) {
                      Tensor diff = hcl::scalar(train(x, y) ^ test(0), "diff",
                                                hcl::UInt(64));
                      Tensor dist = hcl::scalar(0, "dist", hcl::Int(32));
                      hcl::for_(
                          0, 49,
                          [&](Var b) {
                            dist.v() +=
                                hcl::cast(hcl::Int(32), (diff.v() >> b) & 1);
                          },
                          "bit");
                      // Replace the largest of the K distances kept if this one
                      // is smaller.
                      Tensor maxId = hcl::scalar(0, "max_id", hcl::Int(32));
                      hcl::for_(
                          1, K,
                          [&](Var k) {
                            hcl::if_(knnMat(x, k) > knnMat(x, maxId.v()),
                                     [&] { maxId.v() = k; });
                          },
                          "k");
                      hcl::if_(dist.v() < knnMat(x, maxId.v()),
                               [&] { knnMat(x, maxId.v()) = dist.v(); });
                    },
                    "knn_update", {"x", "y"});
        return knnMat;
      });
  s["knn_update"].pipeline("y");
  auto check = [=](hcl::Module &m) {
    std::uniform_int_distribution<uint64_t> d(0, (uint64_t(1) << 49) - 1);
    std::vector<uint64_t> t = {d(rng)}, tr(Digits * Train);
    for (auto &v : tr)
      v = d(rng);
    hcl::Array ta(t, {1}, hcl::UInt(64)),
        tra(tr, {Digits, Train}, hcl::UInt(64)), out({Digits, K}, hcl::Int(32));
    m(ta, tra, out);
    std::vector<int32_t> want(Digits * K, 50);
    for (int64_t x = 0; x < Digits; ++x)
      for (int64_t y = 0; y < Train; ++y) {
        int32_t dist = __builtin_popcountll(tr[x * Train + y] ^ t[0]);
        int64_t maxId = 0;
        for (int64_t k = 1; k < K; ++k)
          if (want[x * K + k] > want[x * K + maxId])
            maxId = k;
        if (dist < want[x * K + maxId])
          want[x * K + maxId] = dist;
      }
    return int(want != out.to_vector<int32_t>());
  };
  return {"knn", s, check};
}

// The first column of each row above a threshold (the width if none).
Kernel firstAbove() {
  const int64_t R = 16, C = 32;
  Tensor A = hcl::placeholder({R, C}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [&](Tensor A) {
    Tensor first =
        hcl::compute({R}, [&](Var) { return C; }, "first", hcl::Int(32));
    hcl::stage("search", [&] {
      hcl::for_(
          0, R,
          [&](Var r) {
            hcl::for_(
                0, C,
                [&](Var j) {
                  hcl::if_(A(r, j) > 90, [&] {
                    first(r) = j;
                    hcl::break_();
                  });
                },
                "j");
          },
          "r");
    });
    return first;
  });
  s["search"].pipeline("j");
  auto check = [=](hcl::Module &m) {
    std::vector<int32_t> a = randomInts(R * C, 0, 100);
    hcl::Array in(a, {R, C}, hcl::Int(32)), out({R}, hcl::Int(32));
    m(in, out);
    std::vector<int32_t> want(R, C);
    for (int64_t r = 0; r < R; ++r)
      for (int64_t j = 0; j < C; ++j)
        if (a[r * C + j] > 90) {
          want[r] = j;
          break;
        }
    return int(want != out.to_vector<int32_t>());
  };
  return {"first_above", s, check};
}

} // namespace

int main(int argc, char **argv) {
  std::string folder = argc > 1 ? argv[1] : "";
  int failed = 0;
  try {
    for (Kernel kernel : {histogram(), insertionSort(), mergeSort(), gcd(),
                          prefixSum(), spmvCsr(), knn(), firstAbove()}) {
      if (!folder.empty())
        std::ofstream(folder + "/" + kernel.name + ".mlir")
            << hcl::lower(kernel.schedule, /*applySchedule=*/false);
      hcl::Module m = hcl::build(kernel.schedule);
      int bad = kernel.check(m);
      std::cout << kernel.name << ": " << (bad ? "MISMATCH" : "matches C++")
                << "\n";
      failed += bad != 0;
    }
  } catch (const hcl::Error &e) {
    std::cout << "hcl::Error: " << e.what() << "\n";
    return 1;
  }
  if (failed) {
    std::cout << "check: FAILED (" << failed << " kernels differ from C++)\n";
    return 1;
  }
  std::cout << "check: OK (8 imperative kernels match plain C++)\n";
  return 0;
}
