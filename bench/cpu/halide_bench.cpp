//===- halide_bench.cpp - the Halide 14 side of bench/cpu -----------------===//
//
// Runs one kernel of the CPU benchmark with Halide 14's JIT on the inputs
// run.py wrote (in0.npy, in1.npy in --dir), with each schedule in the
// kernel's table, and prints one `BENCH {...}` JSON line per schedule:
// compile time (compile_jit), the median call time (realize into a buffer
// allocated once) and the output file it wrote for run.py's check.
//
// Halide's buffers index x first, so an array of NumPy shape (H, W) is the
// Halide buffer (W, H): A[i, j] is a(j, i). The schedules are the standard
// ones (register-blocked gemm, vectorized and parallel rows, compute_at
// blur); each is one function in the kernel's table, so adding another is
// one line.
//
// The thread count is Halide's HL_NUM_THREADS, set from --threads before the
// runtime starts its thread pool.
//
//===----------------------------------------------------------------------===//

#include "BenchUtil.h"
#include "Npy.h"

#include <Halide.h>

#include <functional>

using namespace Halide;

namespace {

using bench::Options;

Buffer<float> toBuffer(const bench::NpyArray &array) {
  std::vector<int> sizes(array.shape.rbegin(), array.shape.rend());
  Buffer<float> buffer(sizes);
  std::copy(array.data.begin(), array.data.end(), buffer.data());
  return buffer;
}

void save(const Buffer<float> &buffer, const std::string &path) {
  std::vector<int64_t> shape;
  for (int d = buffer.dimensions() - 1; d >= 0; --d)
    shape.push_back(buffer.dim(d).extent());
  bench::writeNpy(path, shape, buffer.data());
}

/// A kernel's algorithm: `out` (what is realized) and the Funcs and Vars a
/// schedule refers to.
struct Funcs {
  Func out{"out"}, inner{"inner"};
  Var x{"x"}, y{"y"}, c{"c"};
  RDom r;
};

using Schedule = std::function<void(Funcs &)>;
struct Variant {
  std::string name;
  Schedule schedule;
};

/// Compiles each variant's pipeline, times it, saves its output.
void runVariants(const Options &o, const std::vector<Variant> &variants,
                 const std::function<Funcs()> &algorithm,
                 const std::vector<int> &outputSizes) {
  Target target = get_host_target();
  for (const Variant &variant : variants) {
    if (!bench::wanted(o, variant.name))
      continue;
    try {
      Funcs f = algorithm();
      variant.schedule(f);
      double start = bench::nowMs();
      f.out.compile_jit(target);
      double compileMs = bench::nowMs() - start;
      Buffer<float> output(outputSizes);
      bench::Timing t =
          bench::timeCalls([&] { f.out.realize(output, target); }, o);
      std::string file = o.dir + "/halide_" + variant.name + ".npy";
      save(output, file);
      bench::Record("halide", o.kernel, variant.name)
          .add(t)
          .add("compile_ms", compileMs)
          .add("output", file)
          .add("target", target.to_string())
          .print();
    } catch (const std::exception &e) {
      bench::printFailure("halide", o.kernel, variant.name, e.what());
    }
  }
}

//===--- SGEMM: C[i, j] = sum_k A[i, k] * B[k, j] ---===//

/// A 32 x 8 block of C per task, computed in registers (2 x 8 vectors of 16
/// floats) over the whole k loop: the register-blocked kernel of Halide's
/// linear-algebra schedules. Tasks walk down a column of blocks so that one
/// 1024 x 32 panel of B stays in L2.
void gemmTiled(Funcs &f) {
  Var xo("xo"), yo("yo"), xi("xi"), yi("yi"), task("task");
  f.out.tile(f.x, f.y, xo, yo, xi, yi, 32, 8)
      .reorder(xi, yi, yo, xo)
      .fuse(yo, xo, task)
      .parallel(task)
      .vectorize(xi, 16)
      .unroll(yi);
  f.inner.compute_at(f.out, task).vectorize(f.x, 16).unroll(f.y);
  f.inner.update()
      .reorder(f.x, f.y, f.r.x)
      .vectorize(f.x, 16)
      .unroll(f.x)
      .unroll(f.y);
}

void runGemm(const Options &o) {
  Buffer<float> a = toBuffer(bench::readNpy(o.dir + "/in0.npy")); // a(k, i)
  Buffer<float> b = toBuffer(bench::readNpy(o.dir + "/in1.npy")); // b(j, k)
  int m = a.dim(1).extent(), k = a.dim(0).extent(), n = b.dim(0).extent();
  auto algorithm = [&] {
    Funcs f;
    f.r = RDom(0, k, "k");
    f.inner(f.x, f.y) = 0.0f;
    f.inner(f.x, f.y) += a(f.r.x, f.y) * b(f.x, f.r.x);
    f.out(f.x, f.y) = f.inner(f.x, f.y);
    return f;
  };
  runVariants(o, {{"tiled", gemmTiled}}, algorithm, {n, m});
}

//===--- Five-point stencil ---===//

/// Rows of 16 in a task, vectors of 16 along a row.
void stencilRows(Funcs &f) {
  Var yo("yo"), yi("yi");
  f.out.split(f.y, yo, yi, 16).parallel(yo).vectorize(f.x, 16);
}

Funcs stencilAlgorithm(const Buffer<float> &a) {
  Funcs f;
  Var x = f.x, y = f.y;
  // hcl's order of the five terms, so the sums round alike.
  f.out(x, y) = a(x + 1, y) + a(x, y + 1) + a(x + 1, y + 1) + a(x + 2, y + 1) +
                a(x + 1, y + 2);
  return f;
}

void runStencil(const Options &o) {
  Buffer<float> a = toBuffer(bench::readNpy(o.dir + "/in0.npy"));
  int n = a.dim(0).extent();
  runVariants(o, {{"rows", stencilRows}}, [&] { return stencilAlgorithm(a); },
              {n - 2, n - 2});
}

//===--- conv2d, NCHW, 3x3, no padding (run.py pads the input) ---===//

/// Per task two rows of 8 output channels; per step a 16 x 2 x 8 block of
/// accumulators (16 vectors) over the whole reduction. The 56-wide rows are
/// four 16-wide pieces, the last one shifted inwards to overlap the third.
void convBlocked(Funcs &f) {
  Var xo("xo"), xi("xi"), yo("yo"), yi("yi"), co("co"), ci("ci"), task("task");
  f.out.split(f.x, xo, xi, 16, TailStrategy::ShiftInwards)
      .split(f.y, yo, yi, 2)
      .split(f.c, co, ci, 8)
      .reorder(xi, yi, ci, xo, yo, co)
      .vectorize(xi)
      .unroll(yi)
      .unroll(ci)
      .fuse(yo, co, task)
      .parallel(task);
  f.inner.compute_at(f.out, xo).vectorize(f.x).unroll(f.y).unroll(f.c);
  f.inner.update()
      .reorder(f.x, f.y, f.c, f.r.x, f.r.y, f.r.z)
      .vectorize(f.x)
      .unroll(f.y)
      .unroll(f.c);
}

void runConv(const Options &o) {
  Buffer<float> in = toBuffer(bench::readNpy(o.dir + "/in0.npy")); // (x, y, ci)
  Buffer<float> w =
      toBuffer(bench::readNpy(o.dir + "/in1.npy")); // (rx, ry, ci, co)
  int width = in.dim(0).extent() - 2, height = in.dim(1).extent() - 2;
  int inChannels = in.dim(2).extent(), outChannels = w.dim(3).extent();
  auto algorithm = [&] {
    Funcs f;
    Var x = f.x, y = f.y, c = f.c;
    f.r = RDom(0, 3, 0, 3, 0, inChannels, "r");
    f.inner(x, y, c) = 0.0f;
    f.inner(x, y, c) +=
        w(f.r.x, f.r.y, f.r.z, c) * in(x + f.r.x, y + f.r.y, f.r.z);
    f.out(x, y, c) = f.inner(x, y, c);
    return f;
  };
  runVariants(o, {{"blocked", convBlocked}}, algorithm,
              {width, height, outChannels});
}

//===--- Two-stage blur: 3x1 then 1x3 ---===//

/// Halide's classic blur schedule: 256 x 32 tiles of the output, parallel
/// over rows of tiles, the horizontal pass computed per tile (34 rows).
void blurTiles(Funcs &f) {
  Var xi("xi"), yi("yi");
  f.out.tile(f.x, f.y, xi, yi, 256, 32).vectorize(xi, 16).parallel(f.y);
  f.inner.compute_at(f.out, f.x).vectorize(f.x, 16);
}

void runBlur(const Options &o) {
  Buffer<float> a = toBuffer(bench::readNpy(o.dir + "/in0.npy"));
  int n = a.dim(0).extent();
  auto algorithm = [&] {
    Funcs f;
    Var x = f.x, y = f.y;
    f.inner(x, y) = (a(x, y) + a(x + 1, y) + a(x + 2, y)) / 3.0f;
    f.out(x, y) =
        (f.inner(x, y) + f.inner(x, y + 1) + f.inner(x, y + 2)) / 3.0f;
    return f;
  };
  runVariants(o, {{"tiles", blurTiles}}, algorithm, {n - 2, n - 2});
}

//===--- Per-call overhead: a 10 x 10 stencil, realize by realize ---===//

void runOverhead(const Options &o) {
  const int n = 10, calls = 2000;
  Buffer<float> a(n, n);
  a.fill(1.0f);
  Funcs f = stencilAlgorithm(a);
  Target target = get_host_target();
  double start = bench::nowMs();
  f.out.compile_jit(target);
  double compileMs = bench::nowMs() - start;
  Buffer<float> output(n - 2, n - 2);
  std::vector<double> micros;
  f.out.realize(output, target);
  for (int i = 0; i < calls; ++i) {
    double s = bench::nowMs();
    f.out.realize(output, target);
    micros.push_back((bench::nowMs() - s) * 1000);
  }
  bench::Record("halide", "overhead", "realize")
      .add("median_us", bench::median(micros))
      .add("compile_ms", compileMs)
      .add("reps", calls)
      .print();
}

} // namespace

int main(int argc, char **argv) {
  Options o = bench::parseOptions(argc, argv);
  setenv("HL_NUM_THREADS", std::to_string(o.threads).c_str(), 1);
  return bench::runKernel<std::exception>("halide_bench", o,
                                          {{"gemm", runGemm},
                                           {"stencil", runStencil},
                                           {"conv", runConv},
                                           {"blur", runBlur},
                                           {"overhead", runOverhead}});
}
