//===- FrontendTest.cpp - the C++ front end, through its public API -------===//
//
// Every computation is run (build + call) and compared with plain C++; every
// error is an hcl::Error whose message names what is wrong.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>

using namespace hcl;
using namespace hcl::test;

namespace {

std::vector<int> iota(int n, int start = 0) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = start + i;
  return v;
}

TEST(FrontendTypes, NamesAndLimits) {
  EXPECT_EQ(Int(8).str(), "int8");
  EXPECT_EQ(UInt(12).str(), "uint12");
  EXPECT_EQ(Float(64).str(), "float64");
  EXPECT_EQ(Float(16).str(), "float16");
  EXPECT_EQ(BFloat16().str(), "bfloat16");
  EXPECT_TRUE(BFloat16().isFloat());
  EXPECT_NE(Float(16), BFloat16());
  EXPECT_NE(
      errorOf([] { Float(8); }).find("only Float(16), Float(32) and Float(64)"),
      std::string::npos);
  EXPECT_NE(errorOf([] { Int(0); }).find("1 to 512 bits"), std::string::npos);
  EXPECT_NE(errorOf([] { UInt(513); }).find("1 to 512 bits"),
            std::string::npos);
  EXPECT_EQ(Int(512).str(), "int512");
  EXPECT_EQ(Fixed(8, 4).str(), "fixed8_4");
  EXPECT_EQ(UFixed(16, 16).str(), "ufixed16_16");
  EXPECT_NE(
      errorOf([] { Fixed(0, 0); }).find("Fixed(0, 0): widths are 1 to 512"),
      std::string::npos);
  EXPECT_NE(
      errorOf([] { Fixed(8, 9); }).find("fraction bits must be 0 to the width"),
      std::string::npos);
}

// docs/frontend.md's promotion rule: integers narrower than 32 bits compute
// in Int(32) (as C++ promotes them), mixed signedness in a signed type that
// holds both, fixed point widens like ap_fixed; literals never narrow.
TEST(FrontendExpr, ArithmeticPromotion) {
  Tensor A = placeholder({4}, "A", Int(8));
  Tensor F = placeholder({4}, "F", Float(64));
  EXPECT_EQ((A(0) + 1).type(), Int(32));
  EXPECT_EQ((1 + A(0)).type(), Int(32));
  EXPECT_EQ((A(0) + 0.5).type(), Float(32));
  EXPECT_EQ((A(0) + F(0)).type(), Float(64));
  EXPECT_EQ((A(0) < 3).type(), UInt(1));
  Tensor U = placeholder({4}, "U", UInt(16));
  EXPECT_EQ((A(0) + U(0)).type(), Int(32));
  Tensor W = placeholder({4}, "W", UInt(64));
  Tensor V = placeholder({4}, "V", Int(64));
  EXPECT_EQ((W(0) + V(0)).type(), Int(65));
  EXPECT_EQ((W(0) * W(0)).type(), UInt(64));
  Tensor X = placeholder({4}, "X", Fixed(8, 4));
  Tensor Y = placeholder({4}, "Y", UFixed(6, 2));
  EXPECT_EQ((X(0) + X(0)).type(), Fixed(9, 4));
  EXPECT_EQ((X(0) * X(0)).type(), Fixed(16, 8));
  EXPECT_EQ((X(0) + A(0)).type(), Fixed(13, 4)); // int8 needs 8 integer bits
  EXPECT_EQ((X(0) + Y(0)).type(), Fixed(10, 4)); // UFixed(6, 2): 4 + 1 bits
  EXPECT_EQ((Y(0) - Y(0)).type(), Fixed(7, 2));
  EXPECT_EQ((X(0) * 0.5).type(), Fixed(16, 8));
  EXPECT_EQ((X(0) + F(0)).type(), Float(64));
}

// The values NumPy gives (np.uint8(200) + np.int8(-1) == 199 as int16;
// np.uint8(200).astype(np.int32) * 2 == 400), not the wrapped ones.
TEST(FrontendRun, MixedIntegersKeepTheirValues) {
  Tensor A = placeholder({2}, "A", UInt(8));
  Tensor B = placeholder({2}, "B", Int(8));
  Schedule s = create_schedule({A, B}, [](Tensor A, Tensor B) {
    return compute(
        {2}, [&](Var i) { return A(i) + B(i) + A(i) * 2; }, "C", Int(32));
  });
  Module f = build(s);
  Array a(std::vector<int>{200, 255}, {2}, UInt(8));
  Array b(std::vector<int>{-1, -128}, {2}, Int(8));
  Array c({2}, Int(32));
  f(a, b, c);
  EXPECT_EQ(c.to_vector<int>(),
            (std::vector<int>{200 - 1 + 400, 255 - 128 + 510}));
}

// Fixed-point arrays quantize on the way in (toward zero to 2^-frac, as
// HeteroCL's asarray; wrap) and
// give values back; a quantized input makes the module take that type.
TEST(FrontendRun, QuantizedInputAndOutput) {
  Tensor A = placeholder({4}, "A", Float(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({4}, [&](Var i) { return A(i) * 2.0f; }, "C", Float(32));
  });
  s.quantize(A, Fixed(16, 8));
  s.quantize(s.outputs()[0], Fixed(16, 8));
  Module f = build(s);
  Array a(std::vector<double>{1.5, -2.25, 100.0, 0.1}, {4}, Fixed(16, 8));
  EXPECT_EQ(a.to_vector<int64_t>(),
            (std::vector<int64_t>{384, -576, 25600, 25}));
  Array c({4}, Fixed(16, 8));
  f(a, c);
  // 200.0 does not fit Fixed(16, 8) (up to 127.99): it wraps to -56.
  EXPECT_EQ(c.to_vector<double>(),
            (std::vector<double>{3.0, -4.5, -56.0, 0.1953125}));
  Array floats({4}, Float(32));
  EXPECT_NE(
      errorOf([&] { f(floats, c); }).find("expected fixed16_8, got float32"),
      std::string::npos);
  EXPECT_NE(errorOf([&] {
              s.quantize(A, Int(8));
            }).find("narrow integers with downsize"),
            std::string::npos);
  Tensor unknown = placeholder({4}, "Q", Float(32));
  EXPECT_NE(errorOf([&] {
              s.quantize(unknown, Fixed(8, 4));
            }).find("quantize: 'Q' is not a tensor of this schedule"),
            std::string::npos);
}

TEST(FrontendErrors, LambdaArityAxisAndStage) {
  Tensor A = placeholder({4, 4}, "A");
  std::string arity = errorOf([&] {
    create_schedule({A}, [](Tensor A) {
      return compute({4, 4}, [&](Var i) { return A(i, i); }, "B");
    });
  });
  EXPECT_NE(arity.find("compute 'B': the lambda takes 1 index variables but "
                       "the shape 4x4 has 2 dimensions"),
            std::string::npos)
      << arity;
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({4, 4}, [&](Var i, Var j) { return A(i, j); }, "B");
  });
  Tensor B = s.outputs()[0];
  EXPECT_NE(errorOf([&] {
              B.axis(2);
            }).find("stage 'B' has 2 axes; axis 2 is out of range"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { s["X"]; }).find("no stage named 'X'"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              s[A];
            }).find("'A' is an input (placeholder) that no stage updates"),
            std::string::npos);
  EXPECT_EQ(s.tensor("B").name(), "B");
  EXPECT_NE(errorOf([&] { s.tensor("Z"); }).find("no tensor named 'Z'"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              s[B].pipeline("q");
            }).find("pipeline: stage 'B' has no axis named 'q'"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { A(1); })
                .find("'A' has 2 dimensions (4x4) but is "
                      "read with 1 indices"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              create_schedule({A, B}, [](Tensor A) {});
            }).find("the kernel takes 1 tensors but 2 inputs are given"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              compute({2}, [](Var i) { return i; }, "Outside");
            }).find("created outside a kernel"),
            std::string::npos);
}

TEST(FrontendErrors, EngineDiagnosticIsCarried) {
  Tensor A = placeholder({8, 8}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({8, 8}, [&](Var i, Var j) { return A(i, j) + 1; }, "B");
  });
  Tensor B = s.outputs()[0];
  unsigned line = __LINE__ + 1;
  s.reuse_at(A, s[B], B.axis(0));
  std::string message = errorOf([&] { build(s); });
  // The engine's message, at the user's call of reuse_at.
  EXPECT_NE(message.find("the schedule cannot be applied: " +
                         std::string(__FILE__) + ":" + std::to_string(line) +
                         ": error: no reuse along loop 'i'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("(in s.reuse_at(A, s[\"B\"], i))"), std::string::npos)
      << message;
}

TEST(FrontendErrors, ArraysOfTheWrongTypeOrShape) {
  Tensor A = placeholder({4}, "A", Int(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({4}, [&](Var i) { return A(i) * 2; }, "B");
  });
  Module f = build(s);
  Array floats({4}, Float(32)), ints({4}, Int(32)), small({3}, Int(32));
  EXPECT_NE(errorOf([&] {
              f(floats, ints);
            }).find("input 0 ('A'): expected int32, got float32"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { f(ints, small); }).find("output 0: expected"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              f(ints);
            }).find("takes 1 input and 1 output arrays, got 1"),
            std::string::npos);
}

TEST(FrontendRun, ReductionsSumMaxMin) {
  Tensor A = placeholder({3, 5}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    Var r = reduce_axis(0, 5, "r");
    Var q = reduce_axis(0, 5, "q");
    Var t = reduce_axis(0, 5, "t");
    return std::vector<Tensor>{
        compute(
            {3}, [&](Var i) { return sum(A(i, r), {r}); }, "S"),
        compute(
            {3}, [&](Var i) { return reduce_max(A(i, q), {q}); }, "M"),
        compute({3}, [&](Var i) { return reduce_min(A(i, t), {t}); }, "N")};
  });
  Module f = build(s);
  std::vector<int> a = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3, 5, 8, -9, 7, 9};
  Array in(a, {3, 5}), S({3}), M({3}), N({3});
  f(in, S, M, N);
  EXPECT_EQ(S.to_vector<int>(), (std::vector<int>{2, 13, 20}));
  EXPECT_EQ(M.to_vector<int>(), (std::vector<int>{4, 9, 9}));
  EXPECT_EQ(N.to_vector<int>(), (std::vector<int>{-5, -6, -9}));
}

TEST(FrontendRun, MathSelectAndCast) {
  Tensor X = placeholder({6}, "X", Float(32));
  Schedule s = create_schedule({X}, [](Tensor X) {
    return compute(
        {6},
        [&](Var i) {
          Expr x = X(i);
          return select(x > 0.0, sqrt(x) + exp(x * 0.1),
                        abs(x) + pow(x, 2.0) + log(abs(x) + 1.0)) +
                 min(x, 1.0) * max(x, -1.0) + cast(Float(32), cast(Int(32), x));
        },
        "Y", Float(32));
  });
  Module f = build(s);
  std::vector<float> x = {-2.5f, -1.0f, 0.25f, 1.5f, 3.0f, 7.75f};
  Array in(x, {6}, Float(32)), out({6}, Float(32));
  f(in, out);
  std::vector<float> y = out.to_vector<float>();
  for (int i = 0; i < 6; ++i) {
    float v = x[i];
    float expected = (v > 0 ? std::sqrt(v) + std::exp(v * 0.1f)
                            : std::fabs(v) + std::pow(v, 2.0f) +
                                  std::log(std::fabs(v) + 1.0f)) +
                     std::fmin(v, 1.0f) * std::fmax(v, -1.0f) +
                     static_cast<float>(static_cast<int>(v));
    EXPECT_NEAR(y[i], expected, 1e-4 * std::fabs(expected)) << "element " << i;
  }
}

// f16 and bf16 compute in float and round each result to nearest, ties to
// even: 1 + 2^-11 is a tie that stays 1, 65504 * 3 overflows to infinity.
TEST(FrontendRun, HalfAndBFloat16RoundToNearestEven) {
  Tensor X = placeholder({4}, "X", Float(32));
  Tensor Y, Z;
  Schedule s = create_schedule({X}, [&](Tensor X) {
    Y = compute(
        {4}, [&](Var i) { return cast(Float(16), X(i)) * 3.0; }, "Y",
        Float(16));
    Z = compute(
        {4}, [&](Var i) { return cast(BFloat16(), X(i)); }, "Z", BFloat16());
    return std::vector<Tensor>{Y, Z};
  });
  Module f = build(s);
  std::vector<float> x = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 65504.0f,
                          1.0f + 3 * 0x1p-8f};
  Array in(x, {4}, Float(32)), y({4}, Float(16)), z({4}, BFloat16());
  f(in, y, z);
  EXPECT_EQ(y.getDouble(0), 3.0);
  EXPECT_EQ(y.getDouble(1), 3.005859375);
  EXPECT_TRUE(std::isinf(y.getDouble(2)));
  EXPECT_EQ(z.getDouble(0), 1.0);
  EXPECT_EQ(z.getDouble(3), 1.015625);
}

TEST(FrontendRun, NarrowAndUnsignedIntegers) {
  Tensor A = placeholder({4}, "A", UInt(8));
  Tensor B = placeholder({4}, "B", Int(8));
  Schedule s = create_schedule({A, B}, [](Tensor A, Tensor B) {
    return std::vector<Tensor>{
        compute(
            {4}, [&](Var i) { return A(i) / 3; }, "Q", UInt(8)),
        compute(
            {4}, [&](Var i) { return select(A(i) > 100, 1, 0); }, "G", Int(32)),
        compute({4}, [&](Var i) { return B(i) + 100; }, "W", Int(8))};
  });
  Module f = build(s);
  Array a(std::vector<int>{200, 255, 7, 101}, {4}, UInt(8));
  Array b(std::vector<int>{100, -100, 27, 28}, {4}, Int(8));
  Array q({4}, UInt(8)), g({4}, Int(32)), w({4}, Int(8));
  f(a, b, q, g, w);
  EXPECT_EQ(q.to_vector<int>(), (std::vector<int>{66, 85, 2, 33}));
  EXPECT_EQ(g.to_vector<int>(), (std::vector<int>{1, 1, 0, 1}));
  // int8 wraps: 100 + 100 = -56.
  EXPECT_EQ(w.to_vector<int>(), (std::vector<int>{-56, 0, 127, -128}));
}

TEST(FrontendRun, ArbitraryWidths) {
  Tensor A = placeholder({4}, "A", Int(12));
  Tensor B = placeholder({4}, "B", UInt(4));
  Schedule s = create_schedule({A, B}, [](Tensor A, Tensor B) {
    return std::vector<Tensor>{
        compute(
            {4}, [&](Var i) { return A(i) * 2; }, "D", Int(12)),
        compute({4}, [&](Var i) { return B(i) + 9; }, "E", UInt(4))};
  });
  Module f = build(s);
  Array a(std::vector<int>{1500, -1500, 2047, 5}, {4}, Int(12));
  Array b(std::vector<int>{1, 6, 7, 15}, {4}, UInt(4));
  Array d({4}, Int(12)), e({4}, UInt(4));
  f(a, b, d, e);
  // Results wrap to 12 and 4 bits, as the hardware types would.
  EXPECT_EQ(d.to_vector<int>(),
            (std::vector<int>{3000 - 4096, -3000 + 4096, 4094 - 4096, 10}));
  EXPECT_EQ(e.to_vector<int>(), (std::vector<int>{10, 15, 0, 8}));
}

TEST(FrontendRun, UpdateScalarGatherAndIndexValues) {
  Tensor A = placeholder({5}, "A");
  Tensor I = placeholder({3}, "I");
  Schedule s = create_schedule({A, I}, [](Tensor A, Tensor I) {
    Tensor base = scalar(10, "base");
    update(A, [&](Var i) { return A(i) * 2 + base(0); }, "double");
    Tensor G = compute({3}, [&](Var j) { return A(I(j)); }, "G");
    Tensor Sq = compute({4}, [&](Var k) { return k * k; }, "Sq");
    return std::vector<Tensor>{G, Sq};
  });
  s[A].unroll("i", 2); // the input's update stage, as in HeteroCL
  Module f = build(s);
  Array a(iota(5, 1), {5}), idx(std::vector<int>{4, 0, 2}, {3}), g({3}),
      sq({4});
  f(a, idx, g, sq);
  EXPECT_EQ(a.to_vector<int>(), (std::vector<int>{12, 14, 16, 18, 20}));
  EXPECT_EQ(g.to_vector<int>(), (std::vector<int>{20, 12, 16}));
  EXPECT_EQ(sq.to_vector<int>(), (std::vector<int>{0, 1, 4, 9}));
}

/// A(i + 1, j) over every row of A is an error when the program is lowered
/// (issue 15), naming the tensor, the index range and the stage.
TEST(FrontendRun, OutOfBoundsIndexIsABuildError) {
  Tensor A = placeholder({10, 4}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({10, 4}, [&](Var i, Var j) { return A(i + 1, j); }, "B");
  });
  try {
    build(s);
    FAIL() << "A(i + 1, j) over every row of A built";
  } catch (const Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("index out of bounds: dimension 0 of 'A' (argument "
                           "0 of @top, memref<10x4xi32>, valid 0..9) is "
                           "indexed over 1..10 in stage 'B'"),
              std::string::npos)
        << message;
  }
}

/// build(s, {checkBounds}) stops a gather whose index leaves the table with
/// an error naming the tensor, the index and the stage; in-range indices
/// give the same result as without the checks (issue 15).
TEST(FrontendRun, CheckBoundsStopsAGatherOutOfRange) {
  Tensor T = placeholder({16}, "T");
  Tensor I = placeholder({4}, "I");
  Schedule s = create_schedule({T, I}, [](Tensor T, Tensor I) {
    return compute({4}, [&](Var j) { return T(I(j)); }, "G");
  });
  BuildOptions options;
  options.checkBounds = true;
  Module checked = build(s, options), plain = build(s);
  Array t(iota(16, 100), {16}), good(std::vector<int>{15, 0, 3, 7}, {4}),
      bad(std::vector<int>{1, 99, 2, 3}, {4}), g({4}), h({4});
  checked(t, good, g);
  plain(t, good, h);
  EXPECT_EQ(g.to_vector<int>(), (std::vector<int>{115, 100, 103, 107}));
  EXPECT_EQ(h.to_vector<int>(), g.to_vector<int>());
  try {
    checked(t, bad, g);
    FAIL() << "an index of 99 into 16 entries ran";
  } catch (const Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("out-of-bounds access: index [99] into 'T' "
                           "(argument 0 of @top, memref<16xi32>) in stage 'G'"),
              std::string::npos)
        << message;
  }
}

/// build(s, {threads}): a parallel loop on 1 and on 2 OpenMP threads gives
/// the serial result; more threads than the JIT allows is a build error.
TEST(FrontendRun, ParallelLoopOnThreads) {
  Tensor A = placeholder({64, 16}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute(
        {64, 16}, [&](Var i, Var j) { return A(i, j) * 3 + i; }, "B");
  });
  Tensor B = s.tensor("B");
  s[B].parallel(B.axis(0));
  std::vector<int> input = iota(64 * 16, -50), expected;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 16; ++j)
      expected.push_back(input[i * 16 + j] * 3 + i);
  for (unsigned threads : {1u, 2u}) {
    BuildOptions options;
    options.threads = threads;
    Array a(input, {64, 16}), b({64, 16});
    build(s, options)(a, b);
    EXPECT_EQ(b.to_vector<int>(), expected) << threads << " threads";
  }
  BuildOptions tooMany;
  tooMany.threads = 5000;
  try {
    build(s, tooMany);
    FAIL() << "5000 threads were accepted";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find(
                  "cannot run parallel loops on 5000 threads: at most 1024"),
              std::string::npos)
        << e.what();
  }
}

/// gemm through every compute primitive; the result must not change.
TEST(FrontendRun, ComputePrimitivesKeepTheResult) {
  auto run = [](bool customize) {
    Tensor A = placeholder({8, 6}, "A"), B = placeholder({6, 10}, "B");
    Schedule s = create_schedule({A, B}, [](Tensor A, Tensor B) {
      Var k = reduce_axis(0, 6, "k");
      return compute(
          {8, 10}, [&](Var i, Var j) { return sum(A(i, k) * B(k, j), {k}); },
          "C");
    });
    if (customize) {
      Tensor C = s.outputs()[0];
      Stage c = s[C];
      auto [io, ii] = c.split(C.axis(0), 3);
      c.parallel(io);
      c.reorder({C.axis(1), ii});
      c.pipeline(ii, 2);
      c.unroll("k", 2);
      s.partition(A, PartitionKind::Cyclic, 2, 2);
    }
    Module f = build(s);
    Array a(iota(48, -20), {8, 6}), b(iota(60, -30), {6, 10}), c({8, 10});
    f(a, b, c);
    return c.to_vector<int>();
  };
  std::vector<int> plain = run(false);
  EXPECT_EQ(run(true), plain);
  EXPECT_EQ(plain[0], 0 * 0 - 20 * -30 + -19 * -20 + -18 * -10 + -17 * 0 +
                          -16 * 10 + -15 * 20);
}

/// A two-stage pipeline through tile, fuse, compute_at, buffer_at and
/// reshape; the result must not change.
TEST(FrontendRun, MoreCustomizationsKeepTheResult) {
  auto run = [](bool customize) {
    Tensor A = placeholder({6, 8}, "A");
    Schedule s = create_schedule({A}, [](Tensor A) {
      Tensor P =
          compute({6, 8}, [&](Var i, Var j) { return A(i, j) * 3; }, "P");
      return compute(
          {6, 8}, [&](Var i, Var j) { return P(i, j) - A(i, j); }, "Q");
    });
    if (customize) {
      Tensor P = s.tensor("P"), Q = s.outputs()[0];
      s[P].compute_at(s[Q], Q.axis(1));
      auto loops = s[Q].tile(Q.axis(0), Q.axis(1), 2, 4);
      s[Q].fuse({loops[2], loops[3]});
      s.reshape(A, {48});
    }
    Module f = build(s);
    Array a(iota(48, -7), {6, 8}), q({6, 8});
    f(a, q);
    return q.to_vector<int>();
  };
  std::vector<int> plain = run(false);
  EXPECT_EQ(plain[47], (47 - 7) * 2);
  EXPECT_EQ(run(true), plain);
}

TEST(FrontendLower, ScheduleOpsAndAppliedIR) {
  Tensor A = placeholder({10, 10}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute(
        {8, 8}, [&](Var i, Var j) { return A(i, j) + A(i + 2, j + 2); }, "B");
  });
  Tensor B = s.outputs()[0];
  Tensor LB = s.reuse_at(A, s[B], B.axis(0));
  s.partition(LB, PartitionKind::Complete, 1);
  std::string ops = lower(s, /*applySchedule=*/false);
  EXPECT_NE(ops.find("hcl.reuse_at("), std::string::npos) << ops;
  EXPECT_NE(ops.find("-> memref<*xi32>"), std::string::npos) << ops;
  EXPECT_NE(ops.find("stage_name = \"B\""), std::string::npos) << ops;
  std::string applied = lower(s);
  // " hcl.": an operation; the arguments keep {hcl.arg_name = ...}.
  EXPECT_EQ(applied.find(" hcl."), std::string::npos) << applied;
  // The line buffer, partitioned completely in its first dimension.
  EXPECT_NE(applied.find("#map = affine_map<(d0, d1) -> (d0, 0, 0, d1)>"),
            std::string::npos)
      << applied;
  EXPECT_NE(applied.find(
                "memref.alloc() {name = \"A.reuse\"} : memref<3x10xi32, #map>"),
            std::string::npos)
      << applied;
}

TEST(FrontendArray, ConversionsAndNpy) {
  Array a(std::vector<double>{1.5, -2.25, 3}, {3}, Float(64));
  EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{1.5, -2.25, 3}));
  Array u(std::vector<int>{300, -1}, {2}, UInt(8));
  EXPECT_EQ(u.to_vector<int>(), (std::vector<int>{44, 255}));
  std::string path = scratchPath("frontend-array.npy");
  a.save(path);
  Array back = Array::load(path);
  EXPECT_EQ(back.shape(), std::vector<int64_t>{3});
  EXPECT_EQ(back.to_vector<double>(), a.to_vector<double>());
  EXPECT_NE(errorOf([] {
              Array(std::vector<int>{1, 2}, {3});
            }).find("2 values for 3 elements"),
            std::string::npos);
}

} // namespace

namespace {

TEST(FrontendHLS, BuildWritesAProject) {
  Tensor A = placeholder({10, 10}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute(
        {8, 8}, [&](Var i, Var j) { return A(i, j) + A(i + 2, j + 2); }, "B");
  });
  Tensor B = s.outputs()[0];
  s.reuse_at(A, s[B], B.axis(0));
  s[B].pipeline(B.axis(1));
  std::string dir = scratchPath("frontend-hls");
  HLSTarget target;
  target.clockNs = 5;
  build_hls(s, dir, target);
  std::ifstream kernel(dir + "/kernel.cpp"), tcl(dir + "/run_hls.tcl");
  std::string code((std::istreambuf_iterator<char>(kernel)), {});
  std::string script((std::istreambuf_iterator<char>(tcl)), {});
  EXPECT_NE(code.find("#pragma HLS pipeline II=1"), std::string::npos) << code;
  EXPECT_NE(code.find("int32_t A_reuse[3][10];"), std::string::npos) << code;
  EXPECT_NE(script.find("create_clock -period 5"), std::string::npos) << script;
  EXPECT_NE(errorOf([&] {
              build_hls(s, "/proc/hcl-no-such-dir");
            }).find("hls: cannot write"),
            std::string::npos);
}

} // namespace

namespace {

/// The hcl-dialect outlining proposal's CPU simulation of outlined functions.
TEST(FrontendOutline, SubModulesCalledOneByOne) {
  Tensor A = placeholder({32, 32}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    Tensor B =
        compute(A.shape(), [&](Var i, Var j) { return A(i, j) + 1; }, "B");
    Tensor C =
        compute(A.shape(), [&](Var i, Var j) { return A(i, j) * 2; }, "C");
    return compute(
        A.shape(), [&](Var i, Var j) { return B(i, j) + C(i, j); }, "D");
  });
  std::vector<Function> functions =
      s.outline({s.tensor("B"), s.tensor("C")}, {s.tensor("D")});
  ASSERT_EQ(functions.size(), 2u);
  EXPECT_EQ(functions[0].name, "Stage_B_C");
  EXPECT_EQ(functions[1].name, "Stage_D");
  std::string ir = lower(s);
  EXPECT_NE(ir.find("func.func private @Stage_B_C("), std::string::npos) << ir;
  Module mod = build(s, functions, /*jobs=*/2);
  ASSERT_EQ(mod.modules.size(), 2u);
  Array a(iota(1024), {32, 32}), b({32, 32}), c({32, 32}), d({32, 32});
  mod.modules[0](a, b, c);
  mod.modules[1](b, c, d);
  std::vector<int> dv = d.to_vector<int>();
  EXPECT_EQ(dv[5], (5 + 1) + 5 * 2);
  EXPECT_EQ(dv[1023], (1023 + 1) + 1023 * 2);
  // The whole program gives the same.
  Array d2({32, 32});
  mod(a, d2);
  EXPECT_EQ(d2.to_vector<int>(), dv);
}

TEST(FrontendOutline, MergeAndItsRefusal) {
  Tensor A = placeholder({8, 8}, "A");
  auto kernel = [](Tensor A) {
    Tensor B =
        compute(A.shape(), [&](Var i, Var j) { return A(i, j) + 1; }, "B");
    Tensor C =
        compute(A.shape(), [&](Var i, Var j) { return B(i, j) + 1; }, "C");
    return compute(A.shape(), [&](Var i, Var j) { return C(i, j) * 2; }, "D");
  };
  Schedule s = create_schedule({A}, kernel);
  Function fB = s[s.tensor("B")].outline();
  OutlineOptions sameAsB;
  sameAsB.merge = fB;
  Function fC = s[s.tensor("C")].outline(sameAsB);
  EXPECT_EQ(fC.name, "Stage_B");
  OutlineOptions differs;
  differs.merge = fB;
  s[s.tensor("D")].outline(differs);
  std::string message = errorOf([&] { lower(s); });
  EXPECT_NE(message.find("cannot merge D into @Stage_B: its 'arith.constant' "
                         "differs from @Stage_B"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("(in s[\"D\"].outline(D))"), std::string::npos)
      << message;
}

} // namespace

namespace {
// Bit access in the front end: x[i], slices, set_bit / set_slice (HeteroCL's
// x[i] = b, x[lo:hi] = v), bit_reverse and bitcast, with run-time indices,
// checked against plain C++.
TEST(FrontendRun, BitAccess) {
  Tensor A = placeholder({8}, "A", UInt(16));
  Tensor I = placeholder({8}, "I", Int(32));
  Schedule s = create_schedule({A, I}, [](Tensor A, Tensor I) {
    Tensor B = compute(
        {8}, [&](Var i) { return A(i)[I(i)] + A(i).slice(11, 4) * 2; }, "B",
        Int(32));
    Tensor C = compute(
        {8},
        [&](Var i) {
          return set_slice(set_bit(A(i), I(i), 1), 15, 12, A(i).slice(3, 0));
        },
        "C", UInt(16));
    Tensor D = compute(
        {8}, [&](Var i) { return bitcast(Int(16), bit_reverse(A(i))); }, "D",
        Int(16));
    return std::vector<Tensor>{B, C, D};
  });
  Module f = build(s);
  std::vector<int> a = {0x1234, 0xFFFF, 0x8001, 0, 0x0F0F, 0xABCD, 7, 0x4000};
  std::vector<int> idx = {0, 15, 16, -1, 3, 8, 2, 14};
  Array aa(a, {8}, UInt(16)), ii(idx, {8}, Int(32));
  Array b({8}, Int(32)), c({8}, UInt(16)), d({8}, Int(16));
  f(aa, ii, b, c, d);
  for (int k = 0; k < 8; ++k) {
    uint32_t x = uint32_t(a[k]);
    bool inRange = idx[k] >= 0 && idx[k] < 16;
    int bit = inRange ? (x >> idx[k]) & 1 : 0;
    EXPECT_EQ(b.getInt(k), bit + int((x >> 4) & 0xFF) * 2) << k;
    uint32_t y = inRange ? x | (1u << idx[k]) : x;
    y = (y & 0x0FFF) | ((x & 0xF) << 12);
    EXPECT_EQ(c.getInt(k), int64_t(y)) << k;
    uint32_t r = 0;
    for (int j = 0; j < 16; ++j)
      r |= ((x >> j) & 1) << (15 - j);
    EXPECT_EQ(d.getInt(k), int64_t(int16_t(uint16_t(r)))) << k;
  }
  EXPECT_NE(errorOf([&] { A(0).slice(3, 5); }).find("needs 0 <= lo <= hi < 16"),
            std::string::npos);
  EXPECT_NE(
      errorOf([&] { bitcast(Float(32), A(0)); }).find("the widths differ"),
      std::string::npos);
}
} // namespace

namespace {
// Integers wider than 64 bits in hcl::Array: setInt / getInt for values that
// fit 64 bits, setBytes / getBytes (little-endian) for the whole value. They
// cross the boundary as arguments (an update), not as returned tensors.
TEST(FrontendRun, WideIntegerArrays) {
  Tensor A = placeholder({2}, "A", Int(100));
  Tensor B = placeholder({2}, "B", Int(100));
  Schedule s = create_schedule({A, B}, [](Tensor A, Tensor B) {
    return update(B, [&](Var i) { return A(i) + A(i) + 1; }, "U");
  });
  Module f = build(s);
  Array a({2}, Int(100)), b({2}, Int(100));
  a.setInt(0, -7);
  std::vector<uint8_t> big(13, 0);
  big[10] = 1; // 2^80
  big[0] = 5;
  a.setBytes(1, big);
  f(a, b);
  EXPECT_EQ(b.getInt(0), -13);
  std::vector<uint8_t> want(13, 0);
  want[10] = 2; // 2^81 + 11
  want[0] = 11;
  EXPECT_EQ(b.getBytes(1), want);
  std::vector<uint8_t> minusThirteen = b.getBytes(0);
  EXPECT_EQ(minusThirteen[12] & 0x0F, 0x0F); // sign bits up to bit 99
}
} // namespace

// An axis belongs to its stage: both stages have a loop named `j`, but
// C.axis(1) on s[B] is refused (it used to pipeline B's j silently).
TEST(Frontend, AxisOfAnotherStageIsRefused) {
  Tensor A = placeholder({4, 4}, "A", Int(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    Tensor B = compute(
        {4, 4}, [&](Var i, Var j) { return A(i, j) + 1; }, "B", Int(32));
    return compute(
        {4, 4}, [&](Var i, Var j) { return B(i, j) * 2; }, "C", Int(32));
  });
  Tensor B = s.tensor("B"), C = s.outputs()[0];
  try {
    s[B].pipeline(C.axis(1));
    FAIL() << "expected an error";
  } catch (const Error &e) {
    EXPECT_NE(
        std::string(e.what()).find("pipeline: axis 'j' belongs to another "
                                   "stage, not to 'B'"),
        std::string::npos)
        << e.what();
  }
  s[B].pipeline(B.axis(1)); // its own axis
  s[B].pipeline("j");       // a loop named by a string: by name
  EXPECT_NE(lower(s).find("pipeline_ii = 1"), std::string::npos);
}

// A reuse buffer is named alike in the front end and the IR (and so in the
// HLS C++, as A_reuse): not `buf`, `buf_1`.
TEST(Frontend, ReuseBufferKeepsItsName) {
  Tensor A = placeholder({10, 10}, "A", Int(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute(
        {8, 10},
        [&](Var i, Var j) { return A(i, j) + A(i + 1, j) + A(i + 2, j); }, "B",
        Int(32));
  });
  Tensor B = s.outputs()[0];
  Tensor lb = s.reuse_at(A, s[B], B.axis(0));
  EXPECT_EQ(lb.name(), "A.reuse");
  std::string text = lower(s);
  EXPECT_NE(text.find("{name = \"A.reuse\"} : memref<3x10xi32>"),
            std::string::npos)
      << text;
}
