//===- hcl_bench.cpp - the hcl side of bench/cpu --------------------------===//
//
// Runs one kernel of the CPU benchmark with hcl's C++ front end on the inputs
// run.py wrote (in0.npy, in1.npy in --dir): for each schedule in the
// kernel's table it builds the program (hcl::build, timed), calls it on the
// same arrays, and prints one `BENCH {...}` JSON line with the compile time,
// the median call time and the output file it wrote for run.py's check.
//
// Every kernel has a table of named schedules, each one small function:
//   plain  the algorithm as written (no schedule)
//   fpga   the schedule a designer would synthesize (line and window buffers
//          for stencils, a write buffer for gemm), run on the CPU
//   others the CPU schedules hcl can express (rows in parallel, explicit
//          vectors, tiles, register blocks); run.py compares the fastest
//          of them with Halide and NumPy. These are the ones to tune.
// Adding a variant is one function and one line in the table; a variant
// hcl refuses is reported with its error and does not stop the others.
//
//===----------------------------------------------------------------------===//

#include "BenchUtil.h"

#include <hcl/Frontend/hcl.h>

#include <functional>
#include <type_traits>

namespace {

using bench::Options;

//===--- Build options that may or may not exist yet ---===//
//
// The thread count and FMA contraction are being added to hcl::BuildOptions
// by other work of issue 16; these set them when the field exists and do
// nothing otherwise, so the benchmark builds against either version.

template <typename T, typename = void> struct HasThreads : std::false_type {};
template <typename T>
struct HasThreads<T, std::void_t<decltype(std::declval<T &>().threads)>>
    : std::true_type {};
template <typename T, typename = void>
struct HasFpContract : std::false_type {};
template <typename T>
struct HasFpContract<T, std::void_t<decltype(std::declval<T &>().fpContract)>>
    : std::true_type {};

/// A template, so that `if constexpr` discards the assignment to a field
/// that does not exist.
template <typename BuildOptionsT>
BuildOptionsT buildOptionsFor(const Options &o, bool *threadsSet,
                              bool *fmaSet) {
  BuildOptionsT options;
  *threadsSet = *fmaSet = false;
  if constexpr (HasThreads<BuildOptionsT>::value) {
    options.threads = static_cast<decltype(options.threads)>(o.threads);
    *threadsSet = true;
  }
  // Halide and OpenBLAS contract a * b + c into FMA; hcl may when asked.
  if constexpr (HasFpContract<BuildOptionsT>::value) {
    options.fpContract = true;
    *fmaSet = true;
  }
  return options;
}

hcl::BuildOptions buildOptions(const Options &o, bool *threadsSet,
                               bool *fmaSet) {
  return buildOptionsFor<hcl::BuildOptions>(o, threadsSet, fmaSet);
}

//===--- The variant tables ---===//

/// A kernel's program: the schedule and the tensor whose stage the
/// schedules transform.
struct Program {
  hcl::Schedule s;
  hcl::Tensor out;
  std::vector<int64_t> outShape;
};

using ScheduleFn = std::function<void(Program &)>;
struct Variant {
  std::string name;
  std::string description; // the schedule in one line, for the README table
  ScheduleFn schedule;
  /// Another way to write the kernel (none: the kernel's algorithm).
  std::function<Program()> algorithm = nullptr;
};

void plain(Program &) {}

/// Builds, times and saves every requested variant of a kernel.
void runVariants(const Options &o, const std::vector<Variant> &variants,
                 const std::function<Program()> &algorithm,
                 std::vector<hcl::Array> inputs) {
  bool threadsSet = false, fmaSet = false;
  hcl::BuildOptions options = buildOptions(o, &threadsSet, &fmaSet);
  for (const Variant &variant : variants) {
    if (!bench::wanted(o, variant.name))
      continue;
    try {
      Program p = variant.algorithm ? variant.algorithm() : algorithm();
      variant.schedule(p);
      double start = bench::nowMs();
      hcl::Module module = hcl::build(p.s, options);
      double buildMs = bench::nowMs() - start;
      hcl::Array output(p.outShape, hcl::Float(32));
      std::vector<hcl::Array *> arrays;
      for (hcl::Array &input : inputs)
        arrays.push_back(&input);
      arrays.push_back(&output);
      bench::Timing t = bench::timeCalls([&] { module.call(arrays); }, o);
      std::string file = o.dir + "/hcl_" + variant.name + ".npy";
      output.save(file);
      bench::Record("hcl", o.kernel, variant.name)
          .add(t)
          .add("compile_ms", buildMs)
          .add("jit_ms", module.compileMilliseconds())
          .add("output", file)
          .add("schedule", variant.description)
          .add("threads_option", threadsSet ? "set" : "absent")
          .add("fma_option", fmaSet ? "set" : "absent")
          .print();
    } catch (const hcl::Error &e) {
      bench::printFailure("hcl", o.kernel, variant.name, e.what());
    }
  }
}

std::vector<hcl::Array> loadInputs(const Options &o, int count) {
  std::vector<hcl::Array> inputs;
  for (int i = 0; i < count; ++i)
    inputs.push_back(
        hcl::Array::load(o.dir + "/in" + std::to_string(i) + ".npy"));
  return inputs;
}

//===--- SGEMM: C[i, j] = sum_k A[i, k] * B[k, j] ---===//

/// The HeteroCL memory-optimization paper's interleaved accumulation: k outside
/// j, a row of C in a write buffer, so consecutive j accumulate into different
/// elements.
void gemmFpga(Program &p) {
  hcl::Stage c = p.s[p.out];
  c.reorder({p.out.axis("k"), p.out.axis("j")});
  p.s.buffer_at(p.out, c, p.out.axis("i"));
}

/// The same with rows of C in parallel (parallel first: buffer_at's
/// per-row buffer then belongs to each iteration).
void gemmFpgaParallel(Program &p) {
  hcl::Stage c = p.s[p.out];
  c.reorder({p.out.axis("k"), p.out.axis("j")});
  c.parallel(p.out.axis("i"));
  p.s.buffer_at(p.out, c, p.out.axis("i"));
}

/// Rows of C in parallel, k outside j so the inner loop streams a row of B
/// into a row of C (LLVM's loop vectorizer sees a unit-stride j).
void gemmRows(Program &p) {
  hcl::Stage c = p.s[p.out];
  c.reorder({p.out.axis("i"), p.out.axis("k"), p.out.axis("j")});
  c.parallel(p.out.axis("i"));
}

/// gemmRows with the row in explicit vectors of 16.
void gemmRowsVector(Program &p) {
  gemmRows(p);
  p.s[p.out].vectorize(p.out.axis("j"), 16);
}

/// Halide's register-blocked kernel: an 8 x 64 block of C in a write buffer
/// over the whole k loop, 16-wide vectors, the 8 rows unrolled (jammed).
void gemmTiled(Program &p) {
  hcl::Stage c = p.s[p.out];
  std::array<hcl::Axis, 4> t = c.tile(p.out.axis("i"), p.out.axis("j"), 8, 64);
  c.reorder({t[0], t[1], p.out.axis("k"), t[2], t[3]});
  c.parallel(t[0]);
  p.s.buffer_at(p.out, c, t[1]);
  c.vectorize(t[3], 16);
  c.unroll(t[2]);
}

/// The register-blocked kernel without a buffer: an 8 x 32 block of C is
/// read into vector registers before k, updated by FMAs and written after
/// (hcl-cpu-loops keeps the block's vectors in registers across k).
void gemmBlocked(Program &p) {
  hcl::Stage c = p.s[p.out];
  std::array<hcl::Axis, 4> t = c.tile(p.out.axis("i"), p.out.axis("j"), 8, 32);
  c.reorder({t[0], t[1], p.out.axis("k"), t[2], t[3]});
  c.unroll(t[2]);
  c.vectorize(t[3], 32);
  c.parallel(t[0]);
}

void runGemm(const Options &o) {
  std::vector<hcl::Array> inputs = loadInputs(o, 2);
  int64_t m = inputs[0].shape()[0], kk = inputs[0].shape()[1],
          n = inputs[1].shape()[1];
  auto algorithm = [&] {
    hcl::Tensor A = hcl::placeholder({m, kk}, "A", hcl::Float(32));
    hcl::Tensor B = hcl::placeholder({kk, n}, "B", hcl::Float(32));
    hcl::Schedule s =
        hcl::create_schedule({A, B}, [&](hcl::Tensor A, hcl::Tensor B) {
          hcl::Var k = hcl::reduce_axis(0, kk, "k");
          return hcl::compute(
              {m, n},
              [&](hcl::Var i, hcl::Var j) {
                return hcl::sum(A(i, k) * B(k, j), {k});
              },
              "C", hcl::Float(32));
        });
    return Program{s, s.outputs()[0], {m, n}};
  };
  runVariants(o,
              {{"plain", "none", plain},
               {"fpga", "reorder(k, j); buffer_at(C, i)", gemmFpga},
               {"fpga_par", "reorder(k, j); parallel(i); buffer_at(C, i)",
                gemmFpgaParallel},
               {"rows", "reorder(i, k, j); parallel(i)", gemmRows},
               {"rows_vec", "reorder(i, k, j); parallel(i); vectorize(j, 16)",
                gemmRowsVector},
               {"blocked",
                "tile(i, j, 8, 32); reorder(i.o, j.o, k, i.i, j.i); "
                "unroll(i.i); vectorize(j.i, 32); parallel(i.o)",
                gemmBlocked},
               {"tiled",
                "tile(i, j, 8, 64); reorder(i.o, j.o, k, i.i, j.i); "
                "parallel(i.o); buffer_at(C, j.o); vectorize(j.i, 16); "
                "unroll(i.i)",
                gemmTiled}},
              algorithm, inputs);
}

//===--- Five-point stencil ---===//

/// the HeteroCL memory-optimization paper's demo: a 3-row line buffer along i,
/// a 3x3 window along j.
void stencilFpga(Program &p) {
  hcl::Tensor lb = p.s.reuse_at(p.s.inputs()[0], p.s[p.out], p.out.axis(0));
  p.s.reuse_at(lb, p.s[p.out], p.out.axis(1));
}

/// Rows in parallel (LLVM vectorizes the row loop by itself).
void stencilRows(Program &p) { p.s[p.out].parallel(p.out.axis(0)); }

/// Rows in parallel, vectors of 16 along a row: Halide's schedule.
void stencilRowsVector(Program &p) {
  p.s[p.out].vectorize(p.out.axis(1), 16).parallel(p.out.axis(0));
}

/// B as a compute(): the program allocates B and returns it.
Program stencilAlgorithm(int64_t n) {
  hcl::Tensor A = hcl::placeholder({n, n}, "A", hcl::Float(32));
  hcl::Schedule s = hcl::create_schedule({A}, [&](hcl::Tensor A) {
    return hcl::compute(
        {n - 2, n - 2},
        [&](hcl::Var i, hcl::Var j) {
          return A(i, j + 1) + A(i + 1, j) + A(i + 1, j + 1) + A(i + 1, j + 2) +
                 A(i + 2, j + 1);
        },
        "B", hcl::Float(32));
  });
  return Program{s, s.outputs()[0], {n - 2, n - 2}};
}

/// The same stencil written into an argument (an update of a placeholder
/// B): the call writes the caller's array directly. A returned tensor is
/// allocated by the program on every call and copied out (the JIT's entry
/// wrapper), which costs more than the stencil itself at 4096^2; this
/// variant measures that difference.
Program stencilIntoArgument(int64_t n) {
  hcl::Tensor A = hcl::placeholder({n, n}, "A", hcl::Float(32));
  hcl::Tensor B = hcl::placeholder({n - 2, n - 2}, "B", hcl::Float(32));
  hcl::Schedule s =
      hcl::create_schedule({A, B}, [&](hcl::Tensor A, hcl::Tensor B) {
        return hcl::update(
            B,
            [&](hcl::Var i, hcl::Var j) {
              return A(i, j + 1) + A(i + 1, j) + A(i + 1, j + 1) +
                     A(i + 1, j + 2) + A(i + 2, j + 1);
            },
            "Bu");
      });
  return Program{s, s.outputs()[0], {n - 2, n - 2}};
}

void runStencil(const Options &o) {
  std::vector<hcl::Array> inputs = loadInputs(o, 1);
  int64_t n = inputs[0].shape()[0];
  auto intoArgument = [&] { return stencilIntoArgument(n); };
  runVariants(
      o,
      {{"plain", "none", plain},
       {"fpga", "LB = reuse_at(A, B, i); reuse_at(LB, B, j)", stencilFpga},
       {"rows", "parallel(i)", stencilRows},
       {"rows_vec", "vectorize(j, 16); parallel(i)", stencilRowsVector},
       {"rows_arg", "parallel(i), B an argument (update) instead of a result",
        stencilRows, intoArgument}},
      [&] { return stencilAlgorithm(n); }, inputs);
}

//===--- conv2d, NCHW, 3x3, no padding (run.py pads the input) ---===//

/// the HeteroCL memory-optimization paper's line buffer along h and window
/// along w.
void convFpga(Program &p) {
  hcl::Tensor lb = p.s.reuse_at(p.s.inputs()[0], p.s[p.out], p.out.axis("h"));
  p.s.reuse_at(lb, p.s[p.out], p.out.axis("w"));
}

/// Output channels in parallel; the reduction outside the row loop w, so
/// w accumulates a row of outputs from a row of inputs (unit stride).
void convRows(Program &p) {
  hcl::Stage b = p.s[p.out];
  b.reorder({p.out.axis("c"), p.out.axis("h"), p.out.axis("rc"),
             p.out.axis("rh"), p.out.axis("rw"), p.out.axis("w")});
  b.parallel(p.out.axis("c"));
}

/// convRows with the row in explicit vectors of 8 (56 = 7 x 8).
void convRowsVector(Program &p) {
  convRows(p);
  p.s[p.out].vectorize(p.out.axis("w"), 8);
}

/// Register blocking: 4 output channels x 7 vectors of 8 outputs of a row
/// (28 accumulators) stay in registers over rc, rh and rw; each step loads
/// 7 input vectors and broadcasts 4 weights.
void convBlocked(Program &p) {
  hcl::Stage b = p.s[p.out];
  auto [co, ci] = b.split(p.out.axis("c"), 4);
  auto [wo, wi] = b.split(p.out.axis("w"), 8);
  b.reorder({co, p.out.axis("h"), p.out.axis("rc"), p.out.axis("rh"),
             p.out.axis("rw"), ci, wo, wi});
  b.unroll(wo);
  b.unroll(ci);
  b.vectorize(wi, 8);
  b.parallel(co);
}

void runConv(const Options &o) {
  std::vector<hcl::Array> inputs = loadInputs(o, 2);
  int64_t ci = inputs[0].shape()[0], height = inputs[0].shape()[1] - 2,
          width = inputs[0].shape()[2] - 2, co = inputs[1].shape()[0];
  auto algorithm = [&] {
    hcl::Tensor A =
        hcl::placeholder({ci, height + 2, width + 2}, "A", hcl::Float(32));
    hcl::Tensor F = hcl::placeholder({co, ci, 3, 3}, "F", hcl::Float(32));
    hcl::Schedule s =
        hcl::create_schedule({A, F}, [&](hcl::Tensor A, hcl::Tensor F) {
          hcl::Var rc = hcl::reduce_axis(0, ci, "rc");
          hcl::Var rh = hcl::reduce_axis(0, 3, "rh");
          hcl::Var rw = hcl::reduce_axis(0, 3, "rw");
          return hcl::compute({co, height, width},
                              [&](hcl::Var c, hcl::Var h, hcl::Var w) {
                                return hcl::sum(A(rc, h + rh, w + rw) *
                                                    F(c, rc, rh, rw),
                                                {rc, rh, rw});
                              },
                              "B", hcl::Float(32), {"c", "h", "w"});
        });
    return Program{s, s.outputs()[0], {co, height, width}};
  };
  runVariants(o,
              {{"plain", "none", plain},
               {"fpga", "LB = reuse_at(A, B, h); reuse_at(LB, B, w)", convFpga},
               {"rows", "reorder(c, h, rc, rh, rw, w); parallel(c)", convRows},
               {"rows_vec",
                "reorder(c, h, rc, rh, rw, w); parallel(c); vectorize(w, 8)",
                convRowsVector},
               {"blocked",
                "split(c, 4); split(w, 8); reorder(c.o, h, rc, rh, rw, c.i, "
                "w.o, w.i); unroll(w.o); unroll(c.i); vectorize(w.i, 8); "
                "parallel(c.o)",
                convBlocked}},
              algorithm, inputs);
}

//===--- Two-stage blur: 3x1 then 1x3 ---===//

/// Line buffers: a 1x3 window of A for the horizontal pass, three rows of
/// the horizontal pass for the vertical one.
void blurFpga(Program &p) {
  hcl::Tensor bx = p.s.tensor("Bx");
  p.s.reuse_at(p.s.inputs()[0], p.s[bx], bx.axis(1));
  p.s.reuse_at(bx, p.s[p.out], p.out.axis(0));
}

/// Halide's classic blur (the ONNX-to-Bambu thesis): 32 x 256 tiles of the
/// output, rows of tiles in parallel, the horizontal pass computed per tile (34
/// rows), both vectorized.
void blurTiles(Program &p) {
  hcl::Tensor bx = p.s.tensor("Bx");
  hcl::Stage by = p.s[p.out];
  std::array<hcl::Axis, 4> t = by.tile(p.out.axis(0), p.out.axis(1), 32, 256);
  by.vectorize(t[3], 16).parallel(t[0]);
  p.s[bx].compute_at(by, t[1]).vectorize(bx.axis(1), 16);
}

/// Halide's store_at: the horizontal pass stored per column tile (34 x
/// 256), computed row by row inside it and sliding down the tile.
void blurSliding(Program &p) {
  hcl::Tensor bx = p.s.tensor("Bx");
  hcl::Stage by = p.s[p.out];
  std::array<hcl::Axis, 4> t = by.tile(p.out.axis(0), p.out.axis(1), 32, 256);
  by.vectorize(t[3], 16).parallel(t[0]);
  p.s[bx].store_at(by, t[1]).compute_at(by, t[2]);
}

/// blurTiles without the explicit vectors: LLVM vectorizes the rows.
void blurTilesScalar(Program &p) {
  hcl::Tensor bx = p.s.tensor("Bx");
  hcl::Stage by = p.s[p.out];
  std::array<hcl::Axis, 4> t = by.tile(p.out.axis(0), p.out.axis(1), 32, 256);
  by.parallel(t[0]);
  p.s[bx].compute_at(by, t[1]);
}

Program blurAlgorithm(int64_t n, bool intoArgument) {
  hcl::Tensor A = hcl::placeholder({n, n}, "A", hcl::Float(32));
  hcl::Tensor Out = hcl::placeholder({n - 2, n - 2}, "Out", hcl::Float(32));
  auto blurX = [&](hcl::Tensor A) {
    return hcl::compute(
        {n, n - 2},
        [&](hcl::Var i, hcl::Var j) {
          return (A(i, j) + A(i, j + 1) + A(i, j + 2)) / 3.0f;
        },
        "Bx", hcl::Float(32));
  };
  auto blurY = [&](hcl::Tensor bx, hcl::Var i, hcl::Var j) {
    return (bx(i, j) + bx(i + 1, j) + bx(i + 2, j)) / 3.0f;
  };
  // As stencilIntoArgument: the result written into the caller's array.
  hcl::Schedule s =
      intoArgument
          ? hcl::create_schedule(
                {A, Out},
                [&](hcl::Tensor A, hcl::Tensor Out) {
                  hcl::Tensor bx = blurX(A);
                  return hcl::update(
                      Out,
                      [&](hcl::Var i, hcl::Var j) { return blurY(bx, i, j); },
                      "By");
                })
          : hcl::create_schedule({A}, [&](hcl::Tensor A) {
              hcl::Tensor bx = blurX(A);
              return hcl::compute(
                  {n - 2, n - 2},
                  [&](hcl::Var i, hcl::Var j) { return blurY(bx, i, j); }, "By",
                  hcl::Float(32));
            });
  return Program{s, s.outputs()[0], {n - 2, n - 2}};
}

void runBlur(const Options &o) {
  std::vector<hcl::Array> inputs = loadInputs(o, 1);
  int64_t n = inputs[0].shape()[0];
  runVariants(
      o,
      {{"plain", "none", plain},
       {"fpga", "reuse_at(A, Bx, j); reuse_at(Bx, By, i)", blurFpga},
       {"tiles",
        "tile(i, j, 32, 256); parallel(i.o); compute_at(Bx, By, "
        "j.o)",
        blurTilesScalar},
       {"tiles_vec",
        "tile(i, j, 32, 256); vectorize(j.i, 16); parallel(i.o); "
        "compute_at(Bx, By, j.o); vectorize(Bx.j, 16)",
        blurTiles},
       {"sliding",
        "tile(i, j, 32, 256); vectorize(j.i, 16); parallel(i.o); "
        "store_at(Bx, By, j.o); compute_at(Bx, By, i.i)",
        blurSliding},
       {"sliding_arg",
        "sliding, the result an argument (update) instead of a "
        "returned tensor",
        blurSliding, [&] { return blurAlgorithm(n, true); }}},
      [&] { return blurAlgorithm(n, false); }, inputs);
}

//===--- Per-call overhead: a 10 x 10 stencil, call by call ---===//

void runOverhead(const Options &o) {
  const int64_t n = 10;
  const int calls = 2000;
  Program p = stencilAlgorithm(n);
  bool threadsSet = false, fmaSet = false;
  double start = bench::nowMs();
  hcl::Module module = hcl::build(p.s, buildOptions(o, &threadsSet, &fmaSet));
  double buildMs = bench::nowMs() - start;
  hcl::Array input(std::vector<float>(n * n, 1.0f), {n, n}, hcl::Float(32));
  hcl::Array output({n - 2, n - 2}, hcl::Float(32));
  module(input, output);
  std::vector<double> micros;
  for (int i = 0; i < calls; ++i) {
    double s = bench::nowMs();
    module(input, output);
    micros.push_back((bench::nowMs() - s) * 1000);
  }
  bench::Record("hcl", "overhead", "call")
      .add("median_us", bench::median(micros))
      .add("compile_ms", buildMs)
      .add("reps", calls)
      .print();
}

} // namespace

int main(int argc, char **argv) {
  Options o = bench::parseOptions(argc, argv);
  // parallel loops run on OpenMP's threads once hcl lowers them so; the
  // runtime reads this when it starts (BuildOptions::threads, where it
  // exists, is set as well).
  setenv("OMP_NUM_THREADS", std::to_string(o.threads).c_str(), 1);
  return bench::runKernel<hcl::Error>("hcl_bench", o,
                                      {{"gemm", runGemm},
                                       {"stencil", runStencil},
                                       {"conv", runConv},
                                       {"blur", runBlur},
                                       {"overhead", runOverhead}});
}
