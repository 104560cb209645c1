//===- ConstantTest.cpp - constant tensors (weights), run -----------------===//
//
// hcl::constant makes a module global read through memref.get_global: the
// values must come back exactly (floats bit for bit, integers wrapped to the
// width), the constant is no argument of @top and no stage, and schedules of
// the stages that read it still apply.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace hcl;
using namespace hcl::test;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

/// A compute that copies the constant, so its values can be read back.
Schedule copyOf(const Tensor &values) {
  Tensor Dummy = placeholder({1}, "Dummy", Int(32));
  std::vector<int64_t> shape = values.shape();
  return create_schedule({Dummy}, [&](Tensor) {
    if (shape.size() == 1)
      return compute(
          shape, [&](Var i) { return values(i); }, "Copy", values.dtype());
    return compute(
        shape, [&](Var i, Var j) { return values(i, j); }, "Copy",
        values.dtype());
  });
}

/// The constant's values as the program reads them.
Array run(const Tensor &constant) {
  Module f = build(copyOf(constant));
  Array dummy({1}, Int(32)), out(constant.shape(), constant.dtype());
  f(dummy, out);
  return out;
}

uint64_t bitsOf(double value, Type type) {
  if (type.bits == 32) {
    float f = float(value);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  uint64_t b;
  std::memcpy(&b, &value, 8);
  return b;
}

TEST(FrontendConstant, FloatsAreExact) {
  std::vector<double> values = {
      0.1,        -1.0 / 3, 1e-45, -0.0, kInf, -kInf, 3.4028234663852886e38,
      123456.789, 2.5,      kNaN};
  for (Type type : {Float(32), Float(64)}) {
    Tensor W = constant(values, {2, 5}, "W", type);
    EXPECT_EQ(W.shape(), (std::vector<int64_t>{2, 5}));
    EXPECT_EQ(W.dtype(), type);
    Array out = run(W);
    for (size_t i = 0; i < values.size(); ++i) {
      if (std::isnan(values[i]))
        EXPECT_TRUE(std::isnan(out.getDouble(i)));
      else
        EXPECT_EQ(bitsOf(out.getDouble(i), type), bitsOf(values[i], type))
            << type.str() << " " << values[i];
    }
  }
  // From integers.
  Tensor I = constant(std::vector<int64_t>{-3, 16777217}, {2}, "I", Float(32));
  EXPECT_EQ(run(I).to_vector<double>(),
            (std::vector<double>{-3.0, 16777216.0}));
}

TEST(FrontendConstant, FixedPointHoldsTruncatedBits) {
  // V = trunc(value * 2^frac), toward zero as HeteroCL, wrapped to the
  // width: 0.5 -> 8, -0.3 -> -4 (-4.8 truncated), 9.0 -> 144 wraps to -112
  // in 8 bits (-7.0).
  std::vector<double> values = {0.5, -0.3, 9.0, 1.0 / 16};
  Tensor Q = constant(values, {4}, "Q", Fixed(8, 4));
  Array out = run(Q);
  EXPECT_EQ(out.to_vector<double>(),
            (std::vector<double>{0.5, -0.25, -7.0, 0.0625}));
  Tensor U = constant(std::vector<int64_t>{1, 3}, {2}, "U", UFixed(6, 2));
  EXPECT_EQ(run(U).to_vector<double>(), (std::vector<double>{1.0, 3.0}));
  // Stored as the bits, read through hcl.bitcast.
  std::string mlir = lower(copyOf(Q), false);
  EXPECT_NE(mlir.find("memref.global \"private\" constant @Q : memref<4xi8>"),
            std::string::npos)
      << mlir;
  EXPECT_NE(mlir.find("hcl.bitcast"), std::string::npos) << mlir;
}

TEST(FrontendConstant, IntegersWrapToTheWidth) {
  struct Case {
    Type type;
    std::vector<int64_t> values, want;
  };
  std::vector<Case> cases = {
      {Int(8), {300, -129, -128, 127, 5}, {44, 127, -128, 127, 5}},
      {UInt(8), {-1, 256, 255, 3, 0}, {255, 0, 255, 3, 0}},
      {Int(16), {-32769, 40000, 7, -7, 0}, {32767, 40000 - 65536, 7, -7, 0}},
      {UInt(1), {0, 1, 2, 3, -1}, {0, 1, 0, 1, 1}},
      {Int(12), {2047, 2048, -1, 4096, 100}, {2047, -2048, -1, 0, 100}},
      {UInt(12), {4095, 4096, -1, 1, 100}, {4095, 0, 4095, 1, 100}},
      {Int(32),
       {INT32_MIN, INT32_MAX, int64_t(1) << 32, -2, 9},
       {INT32_MIN, INT32_MAX, 0, -2, 9}},
      {Int(64),
       {INT64_MIN, INT64_MAX, -1, 0, 42},
       {INT64_MIN, INT64_MAX, -1, 0, 42}},
  };
  for (const Case &c : cases) {
    Tensor W = constant(c.values, {5}, "W", c.type);
    EXPECT_EQ(run(W).to_vector<int64_t>(), c.want) << c.type.str();
  }
  // From doubles: toward zero.
  Tensor D =
      constant(std::vector<double>{1.9, -1.9, 255.0, 256.5}, {4}, "D", UInt(8));
  EXPECT_EQ(run(D).to_vector<int64_t>(),
            (std::vector<int64_t>{1, 0xFF, 255, 0}));
  // A 2-D constant of an odd width (written as nested lists).
  Tensor E =
      constant(std::vector<int64_t>{1, -2, 3, -4, 5, -6}, {2, 3}, "E", Int(5));
  EXPECT_EQ(run(E).to_vector<int64_t>(),
            (std::vector<int64_t>{1, -2, 3, -4, 5, -6}));
}

TEST(FrontendConstant, SplatAndLargeConstants) {
  Tensor S = constant(std::vector<double>(64, 0.75), {8, 8}, "S", Float(32));
  EXPECT_TRUE(contains(lower(copyOf(S), false), "dense<0x3F400000>"));
  EXPECT_EQ(run(S).to_vector<double>(), std::vector<double>(64, 0.75));
  std::vector<int64_t> big(100000);
  for (size_t i = 0; i < big.size(); ++i)
    big[i] = int64_t(i * 2654435761u) % 1000 - 500;
  Tensor L = constant(big, {100, 1000}, "L", Int(16));
  EXPECT_EQ(run(L).to_vector<int64_t>(), big);
}

// y = x * W + b: the weights are globals, not arguments of @top.
TEST(FrontendConstant, ReadByStagesNotAnArgument) {
  Tensor W =
      constant(std::vector<double>{1, 2, 3, 4, 5, 6}, {2, 3}, "W", Float(32));
  Tensor X = placeholder({4, 2}, "X", Float(32));
  Schedule s = create_schedule({X}, [&](Tensor X) {
    Tensor b = constant(std::vector<double>{0.5, -0.5, 1}, {3}, "b", Float(32));
    Var k = reduce_axis(0, 2, "k");
    Tensor XW = compute(
        {4, 3}, [&](Var i, Var j) { return sum(X(i, k) * W(k, j), {k}); }, "XW",
        Float(32));
    return compute(
        {4, 3}, [&](Var i, Var j) { return XW(i, j) + b(j); }, "Y", Float(32));
  });
  std::string text = lower(s, false);
  EXPECT_TRUE(contains(text, "memref.global \"private\" constant @W : "
                             "memref<2x3xf32> = dense<\"0x0000803F"))
      << text;
  EXPECT_TRUE(contains(text, "memref.global \"private\" constant @b : "
                             "memref<3xf32>"))
      << text;
  EXPECT_TRUE(contains(text, "func.func @top(%X: memref<4x2xf32> "
                             "{hcl.arg_name = \"X\"}) -> (memref<4x3xf32>)"))
      << text;
  EXPECT_TRUE(contains(text, "memref.get_global @W : memref<2x3xf32>")) << text;
  // Found by name as tensors, but they are not stages.
  EXPECT_EQ(s.tensor("W").name(), "W");
  EXPECT_EQ(s.tensor("b").shape(), (std::vector<int64_t>{3}));
  std::string notStage = errorOf([&] { s[W]; });
  EXPECT_TRUE(contains(notStage, "'W' is a constant tensor, not a stage"))
      << notStage;
  EXPECT_TRUE(contains(errorOf([&] { s["b"]; }), "'b' is a constant tensor"));
  EXPECT_TRUE(contains(errorOf([&] { W.axis(0); }), "not computed by a stage"));
  Module f = build(s);
  std::vector<double> x = {1, 2, -1, 0, 0.5, 0.25, 3, -2};
  Array xa(x, {4, 2}, Float(32)), y({4, 3}, Float(32));
  f(xa, y);
  double w[2][3] = {{1, 2, 3}, {4, 5, 6}}, bias[3] = {0.5, -0.5, 1};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      EXPECT_DOUBLE_EQ(y.getDouble(i * 3 + j),
                       x[i * 2] * w[0][j] + x[i * 2 + 1] * w[1][j] + bias[j]);
}

// A gather (ONNX's Gather): the index is data, so the read is memref.load.
TEST(FrontendConstant, DataDependentIndex) {
  Tensor Table =
      constant(std::vector<int64_t>{10, 20, 30, 40, 50}, {5}, "Table", Int(32));
  Tensor Idx = placeholder({6}, "Idx", Int(32));
  Schedule s = create_schedule({Idx}, [&](Tensor Idx) {
    return compute(
        {6}, [&](Var i) { return Table(Idx(i)) + Table(4 - i % 5); }, "G",
        Int(32));
  });
  Module f = build(s);
  std::vector<int> idx = {4, 0, 3, 3, 1, 2};
  Array a(idx, {6}, Int(32)), g({6}, Int(32));
  f(a, g);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(g.getInt(i), 10 * (idx[i] + 1) + 10 * (4 - i % 5 + 1));
}

// The schedule engine applies loop primitives to stages that read globals.
TEST(FrontendConstant, SchedulesOfStagesReadingConstants) {
  std::vector<double> wv(64);
  for (int i = 0; i < 64; ++i)
    wv[i] = std::sin(i) * 4;
  Tensor W = constant(wv, {8, 8}, "W", Float(32));
  Tensor A = placeholder({8, 8}, "A", Float(32));
  auto kernel = [&](Tensor A) {
    Tensor B = compute(
        {8, 8}, [&](Var i, Var j) { return A(i, j) * W(j, i); }, "B",
        Float(32));
    return compute(
        {8, 8}, [&](Var i, Var j) { return B(i, j) + W(i, j); }, "C",
        Float(32));
  };
  std::vector<double> av(64);
  for (int i = 0; i < 64; ++i)
    av[i] = i * 0.5 - 7;
  auto expected = [&](int i, int j) {
    return float(float(av[i * 8 + j]) * float(wv[j * 8 + i])) +
           float(wv[i * 8 + j]);
  };
  auto check = [&](Schedule &s, const char *what) {
    Module f = build(s);
    Array a(av, {8, 8}, Float(32)), c({8, 8}, Float(32));
    f(a, c);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        EXPECT_FLOAT_EQ(c.getDouble(i * 8 + j), expected(i, j)) << what;
  };
  {
    Schedule s = create_schedule({A}, kernel);
    Tensor B = s.tensor("B");
    auto [outer, inner] = s[B].split(B.axis(1), 4);
    s[B].reorder({inner, outer});
    s[B].pipeline(outer);
    check(s, "split + reorder + pipeline");
  }
  {
    Schedule s = create_schedule({A}, kernel);
    Tensor B = s.tensor("B"), C = s.tensor("C");
    s[B].compute_at(s[C], C.axis(1));
    s[C].unroll(C.axis(1), 2);
    check(s, "compute_at + unroll");
  }
  {
    Schedule s = create_schedule({A}, kernel);
    Tensor B = s.tensor("B"), C = s.tensor("C");
    s[C].tile(C.axis(0), C.axis(1), 2, 4);
    s[B].fuse({B.axis(0), B.axis(1)});
    s.outline({B}, {C});
    check(s, "tile + fuse + outline");
  }
}

// A constant made outside the kernel serves several schedules; one made
// inside and read by no stage is still known by name.
TEST(FrontendConstant, InsideAndOutsideKernels) {
  Tensor K = constant(std::vector<int64_t>{2, 3}, {2}, "K", Int(32));
  Tensor A = placeholder({2}, "A", Int(32));
  for (int pass = 0; pass < 2; ++pass) {
    Schedule s = create_schedule({A}, [&](Tensor A) {
      constant(std::vector<int64_t>{7}, {1}, "Unused", Int(32));
      return compute(
          {2}, [&](Var i) { return A(i) * K(i) + pass; }, "B", Int(32));
    });
    EXPECT_EQ(s.tensor("Unused").shape(), (std::vector<int64_t>{1}));
    Module f = build(s);
    Array a(std::vector<int>{5, -5}, {2}, Int(32)), b({2}, Int(32));
    f(a, b);
    EXPECT_EQ(b.to_vector<int>(), (std::vector<int>{10 + pass, -15 + pass}));
  }
}

// Symbols are valid MLIR names, unique, and leave @top and the outlined
// functions' names alone.
TEST(FrontendConstant, SymbolNames) {
  Tensor A = placeholder({2}, "A", Int(32));
  Schedule s = create_schedule({A}, [&](Tensor A) {
    Tensor c1 = constant(std::vector<int64_t>{1, 2}, {2}, "w.0", Int(32));
    Tensor c2 = constant(std::vector<int64_t>{3, 4}, {2}, "w_0", Int(32));
    Tensor c3 = constant(std::vector<int64_t>{5, 6}, {2}, "top", Int(32));
    Tensor c4 = constant(std::vector<int64_t>{7, 8}, {2}, "1/x y", Int(32));
    Tensor c5 = constant(std::vector<int64_t>{9, 10}, {2}, "Stage_B", Int(32));
    Tensor c6 = constant(std::vector<int64_t>{11, 12}, {2}, "", Int(32));
    return compute(
        {2},
        [&](Var i) {
          return A(i) + c1(i) + c2(i) * 10 + c3(i) * 100 + c4(i) * 1000 +
                 c5(i) * 10000 + c6(i) * 100000;
        },
        "B", Int(32));
  });
  std::string text = lower(s, false);
  for (const char *symbol : {"@w_0 :", "@w_0_1 :", "@const_top :", "@_1_x_y :",
                             "@const_Stage_B :", "@constant"})
    EXPECT_TRUE(contains(text, symbol)) << symbol << "\n" << text;
  s.outline({s.tensor("B")});
  Module f = build(s);
  Array a(std::vector<int>{0, 1}, {2}, Int(32)), b({2}, Int(32));
  f(a, b);
  EXPECT_EQ(b.to_vector<int>(),
            (std::vector<int>{1 + 30 + 500 + 7000 + 90000 + 1100000,
                              1 + 2 + 40 + 600 + 8000 + 100000 + 1200000}));
}

TEST(FrontendConstant, Errors) {
  std::string count = errorOf(
      [] { constant(std::vector<double>{1, 2, 3}, {2, 2}, "W", Float(32)); });
  EXPECT_TRUE(
      contains(count, "constant 'W': 3 values for a shape of 4 elements"))
      << count;
  EXPECT_TRUE(contains(
      errorOf([] { constant(std::vector<int64_t>{}, {}, "S", Int(32)); }),
      "at least one dimension"));
  EXPECT_TRUE(contains(
      errorOf([] { constant(std::vector<int64_t>{1}, {0}, "Z", Int(32)); }),
      "dimension sizes must be positive"));
  EXPECT_TRUE(contains(
      errorOf([] { constant(std::vector<double>{kNaN}, {1}, "N", Int(32)); }),
      "is not a finite value an integer can hold"));
  EXPECT_TRUE(contains(
      errorOf([] { constant(std::vector<double>{1e300}, {1}, "N", Int(64)); }),
      "is not a finite value"));
  Tensor W = constant(std::vector<int64_t>{1, 2}, {2}, "W", Int(32));
  EXPECT_TRUE(contains(errorOf([&] { W(0, 1); }), "'W' has 1 dimensions"));
  Tensor A = placeholder({2}, "A", Int(32));
  std::string updated = errorOf([&] {
    create_schedule(
        {A}, [&](Tensor A) { update(W, [&](Var i) { return A(i); }, "U"); });
  });
  EXPECT_TRUE(contains(updated, "update cannot write 'W', a constant"))
      << updated;
  std::string returned =
      errorOf([&] { create_schedule({A}, [&](Tensor) { return W; }); });
  EXPECT_TRUE(contains(returned, "returns 'W', a constant")) << returned;
  Tensor Clash = constant(std::vector<int64_t>{1, 2}, {2}, "A", Int(32));
  std::string clash = errorOf([&] {
    create_schedule({A}, [&](Tensor A) {
      return compute({2}, [&](Var i) { return A(i) + Clash(i); }, "B");
    });
  });
  EXPECT_TRUE(contains(clash, "two tensors are named 'A'")) << clash;
  Schedule s = create_schedule({A}, [&](Tensor A) {
    return compute({2}, [&](Var i) { return A(i) + W(i); }, "B");
  });
  std::string quantize = errorOf([&] { s.quantize(W, Fixed(16, 8)); });
  EXPECT_TRUE(contains(quantize, "quantize: 'W' is a constant tensor; quantize "
                                 "does not apply to constants"))
      << quantize;
  EXPECT_TRUE(contains(errorOf([&] { s.downsize(W, Int(8)); }),
                       "downsize: 'W' is a constant tensor"));
  EXPECT_TRUE(contains(errorOf([&] { s.pack(W, 0, 2); }),
                       "pack: 'W' is a constant tensor"));
  EXPECT_TRUE(
      contains(errorOf([&] { s.buffer_at(W, s["B"], s.tensor("B").axis(0)); }),
               "buffer_at: 'W' is a constant tensor"));
  Tensor Other = constant(std::vector<int64_t>{1, 2}, {2}, "Other", Int(32));
  EXPECT_TRUE(contains(errorOf([&] { s.partition(Other); }),
                       "'Other' is a constant that no stage of this schedule "
                       "reads"));
}

// Partition and reuse_at read a constant in place: the engine changes the
// global with its reads, and the program computes the same.
TEST(FrontendConstant, PartitionAndReuseAtOfAConstant) {
  std::vector<int64_t> wv(10 * 10);
  for (size_t i = 0; i < wv.size(); ++i)
    wv[i] = int64_t(i * 7 % 23) - 11;
  Tensor W = constant(wv, {10, 10}, "W", Int(32));
  Tensor A = placeholder({8, 8}, "A", Int(32));
  Schedule s = create_schedule({A}, [&](Tensor A) {
    return compute(
        {8, 8},
        [&](Var y, Var x) {
          return A(y, x) * (W(y, x) + W(y + 1, x + 1) + W(y + 2, x + 2));
        },
        "B", Int(32));
  });
  Tensor B = s.outputs()[0];
  s.partition(W, PartitionKind::Cyclic, 2, 2);
  s.reuse_at(W, s[B], B.axis(0));
  Module f = build(s);
  std::vector<int> av(64);
  for (int i = 0; i < 64; ++i)
    av[i] = i - 30;
  Array a(av, {8, 8}, Int(32)), b({8, 8}, Int(32));
  f(a, b);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(b.getInt(y * 8 + x),
                av[y * 8 + x] * (wv[y * 10 + x] + wv[(y + 1) * 10 + x + 1] +
                                 wv[(y + 2) * 10 + x + 2]))
          << y << ", " << x;
}

} // namespace
