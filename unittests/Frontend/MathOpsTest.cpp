//===- MathOpsTest.cpp - float math and bitwise operations, run -----------===//
//
// Every function is built, run on the CPU and compared with the C++ standard
// library (floats within a tolerance, NaN for NaN, infinities exactly) or
// with hand-computed integers, including NaN, infinities, halfway cases,
// negative and out-of-range shifts.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>

using namespace hcl;
using namespace hcl::test;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

/// Inputs across every function's domain and outside it.
std::vector<double> mathInputs() {
  return {0.0,  -0.0,  0.25,  -0.25, 0.5,  -0.5, 0.999, -0.999,
          1.0,  -1.0,  1.5,   -1.5,  2.5,  -2.5, 3.7,   -3.7,
          10.0, -10.0, 100.5, 1e-7,  1e30, kNaN, kInf,  -kInf};
}

struct MathFunction {
  const char *name;
  Expr (*hcl)(const Expr &);
  double (*reference)(double);
};

/// roundeven: halfway cases to even, as ONNX's Round.
double roundEven(double x) { return std::nearbyint(x); }

std::vector<MathFunction> mathFunctions() {
  return {
      {"tanh", hcl::tanh, [](double x) { return std::tanh(x); }},
      {"erf", hcl::erf, [](double x) { return std::erf(x); }},
      {"floor", hcl::floor, [](double x) { return std::floor(x); }},
      {"ceil", hcl::ceil, [](double x) { return std::ceil(x); }},
      {"round", hcl::round, roundEven},
      {"sin", hcl::sin, [](double x) { return std::sin(x); }},
      {"cos", hcl::cos, [](double x) { return std::cos(x); }},
      {"tan", hcl::tan, [](double x) { return std::tan(x); }},
      {"asin", hcl::asin, [](double x) { return std::asin(x); }},
      {"acos", hcl::acos, [](double x) { return std::acos(x); }},
      {"atan", hcl::atan, [](double x) { return std::atan(x); }},
      {"sinh", hcl::sinh, [](double x) { return std::sinh(x); }},
      {"cosh", hcl::cosh, [](double x) { return std::cosh(x); }},
      {"asinh", hcl::asinh, [](double x) { return std::asinh(x); }},
      {"acosh", hcl::acosh, [](double x) { return std::acosh(x); }},
      {"atanh", hcl::atanh, [](double x) { return std::atanh(x); }},
  };
}

/// `got` matches `want`: both NaN, the same infinity, or within `rtol`
/// (absolute near 0).
::testing::AssertionResult close(double got, double want, double rtol) {
  if (std::isnan(want) != std::isnan(got) ||
      (std::isinf(want) && got != want) ||
      (!std::isnan(want) && !std::isinf(want) &&
       std::fabs(got - want) > rtol * std::max(1.0, std::fabs(want))))
    return ::testing::AssertionFailure() << got << " but expected " << want;
  return ::testing::AssertionSuccess();
}

/// Runs every function on `inputs` in one program of element type `type`
/// and compares with the reference evaluated in that precision.
void checkMath(Type type, double rtol) {
  std::vector<double> inputs = mathInputs();
  int64_t n = inputs.size();
  std::vector<MathFunction> functions = mathFunctions();
  Tensor X = placeholder({n}, "X", type);
  Schedule s = create_schedule({X}, [&](Tensor X) {
    std::vector<Tensor> outputs;
    for (const MathFunction &f : functions)
      outputs.push_back(
          compute({n}, [&](Var i) { return f.hcl(X(i)); }, f.name, type));
    return outputs;
  });
  for (const Tensor &output : s.outputs())
    EXPECT_EQ(output.dtype(), type);
  Module module = build(s);
  std::string text = module.mlir();
  Array x(inputs, {n}, type);
  std::vector<Array> results;
  for (size_t k = 0; k < functions.size(); ++k)
    results.emplace_back(std::vector<int64_t>{n}, type);
  std::vector<Array *> arrays = {&x};
  for (Array &r : results)
    arrays.push_back(&r);
  module.call(arrays);
  for (size_t k = 0; k < functions.size(); ++k) {
    std::vector<double> got = results[k].to_vector<double>();
    for (int64_t i = 0; i < n; ++i) {
      double in = x.getDouble(i); // rounded to the type
      double want = functions[k].reference(in);
      if (type.bits == 32)
        want = static_cast<float>(want);
      EXPECT_TRUE(close(got[i], want, rtol))
          << functions[k].name << "(" << in << ") in " << type.str();
    }
  }
}

TEST(FrontendMath, Float32AgainstStd) { checkMath(Float(32), 1e-5); }

TEST(FrontendMath, Float64AgainstStd) { checkMath(Float(64), 1e-12); }

// Halfway cases round to even (ONNX's Round), not away from zero.
TEST(FrontendMath, RoundHalfToEven) {
  std::vector<double> in = {0.5,  1.5, 2.5,    -0.5,   -1.5,
                            -2.5, 3.5, 2.4999, 2.5001, -7.5};
  std::vector<double> want = {0.0,  2.0, 2.0, -0.0, -2.0,
                              -2.0, 4.0, 2.0, 3.0,  -8.0};
  int64_t n = in.size();
  Tensor X = placeholder({n}, "X", Float(32));
  Schedule s = create_schedule({X}, [&](Tensor X) {
    return compute({n}, [&](Var i) { return round(X(i)); }, "R", Float(32));
  });
  Module f = build(s);
  Array x(in, {n}, Float(32)), r({n}, Float(32));
  f(x, r);
  std::vector<double> got = r.to_vector<double>();
  for (int64_t i = 0; i < n; ++i) {
    EXPECT_EQ(got[i], want[i]) << "round(" << in[i] << ")";
    EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i]))
        << "round(" << in[i] << ")";
  }
  EXPECT_NE(f.mlir().find("math.roundeven"), std::string::npos);
}

// Integers (and literals) become Float(32) first, as for exp.
TEST(FrontendMath, IntegerOperandsBecomeFloat32) {
  Tensor A = placeholder({5}, "A", Int(32));
  EXPECT_EQ(tanh(A(0)).type(), Float(32));
  EXPECT_EQ(floor(A(0)).type(), Float(32));
  EXPECT_EQ(hcl::sin(Expr(0.5)).type(), Float(32));
  Tensor D = placeholder({5}, "D", Float(64));
  EXPECT_EQ(erf(D(0)).type(), Float(64));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return std::vector<Tensor>{
        compute(
            {5}, [&](Var i) { return tanh(A(i)); }, "T", Float(32)),
        compute(
            {5}, [&](Var i) { return atan(A(i)) + hcl::erf(Expr(0.5)); }, "E",
            Float(32)),
        // A float result stored in an integer stage converts (toward zero).
        compute({5}, [&](Var i) { return cosh(A(i)); }, "C", Int(32))};
  });
  Module f = build(s);
  std::vector<int> in = {-3, -1, 0, 2, 5};
  Array a(in, {5}, Int(32)), t({5}, Float(32)), e({5}, Float(32)),
      c({5}, Int(32));
  f(a, t, e, c);
  for (int i = 0; i < 5; ++i) {
    EXPECT_FLOAT_EQ(t.getDouble(i), std::tanh(float(in[i])));
    EXPECT_NEAR(e.getDouble(i), std::atan(float(in[i])) + std::erf(0.5f), 1e-6);
    EXPECT_EQ(c.getInt(i), int64_t(std::cosh(float(in[i]))));
  }
}

TEST(FrontendMath, IsNanIsInf) {
  std::vector<double> in = {0.0, -1.5, kNaN, -kNaN, kInf, -kInf, 3.4e38, 1e-45};
  int64_t n = in.size();
  for (Type type : {Float(32), Float(64)}) {
    Tensor X = placeholder({n}, "X", type);
    EXPECT_EQ(isnan(X(0)).type(), UInt(1));
    EXPECT_EQ(isinf(X(0)).type(), UInt(1));
    Schedule s = create_schedule({X}, [&](Tensor X) {
      return std::vector<Tensor>{
          compute(
              {n}, [&](Var i) { return isnan(X(i)); }, "N", UInt(1)),
          compute(
              {n}, [&](Var i) { return isinf(X(i)); }, "I", UInt(1)),
          // As a condition: infinities become 0, NaN becomes -1.
          compute(
              {n},
              [&](Var i) {
                return select(isinf(X(i)), 0.0,
                              select(isnan(X(i)), -1.0, X(i)));
              },
              "S", type)};
    });
    Module f = build(s);
    Array x(in, {n}, type), nan({n}, UInt(1)), inf({n}, UInt(1)),
        sel({n}, type);
    f(x, nan, inf, sel);
    for (int64_t i = 0; i < n; ++i) {
      double v = x.getDouble(i);
      EXPECT_EQ(nan.getInt(i), std::isnan(v) ? 1 : 0) << type.str() << " " << v;
      EXPECT_EQ(inf.getInt(i), std::isinf(v) ? 1 : 0) << type.str() << " " << v;
      EXPECT_EQ(sel.getDouble(i), std::isinf(v)   ? 0.0
                                  : std::isnan(v) ? -1.0
                                                  : v);
    }
  }
  // An integer is never NaN nor infinite.
  Tensor A = placeholder({2}, "A", Int(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute(
        {2}, [&](Var i) { return isnan(A(i)) || isinf(A(i)); }, "B", UInt(1));
  });
  Module f = build(s);
  Array a(std::vector<int>{INT32_MIN, INT32_MAX}, {2}, Int(32)),
      b({2}, UInt(1));
  f(a, b);
  EXPECT_EQ(b.to_vector<int>(), (std::vector<int>{0, 0}));
}

// ----------------------------------------------------------------------------
// Bitwise operations.

TEST(FrontendBitwise, AndOrXorNot) {
  std::vector<int64_t> as = {0,         1,         -1,     0x5A5A5A5A,
                             INT32_MIN, INT32_MAX, -12345, 77};
  std::vector<int64_t> bs = {-1, 3, 0x0F0F0F0F, 0x3C3C3C3C, -1, 1, 999, -77};
  int64_t n = as.size();
  Tensor A = placeholder({n}, "A", Int(32));
  Tensor B = placeholder({n}, "B", Int(32));
  EXPECT_EQ((A(0) & B(0)).type(), Int(32));
  Schedule s = create_schedule({A, B}, [&](Tensor A, Tensor B) {
    return std::vector<Tensor>{
        compute(
            {n}, [&](Var i) { return A(i) & B(i); }, "And", Int(32)),
        compute(
            {n}, [&](Var i) { return A(i) | B(i); }, "Or", Int(32)),
        compute(
            {n}, [&](Var i) { return A(i) ^ B(i); }, "Xor", Int(32)),
        compute(
            {n}, [&](Var i) { return ~A(i); }, "Not", Int(32)),
        compute(
            {n}, [&](Var i) { return (A(i) & 0xFF) | (~B(i) ^ 6); }, "Mix",
            Int(32))};
  });
  Module f = build(s);
  Array a(as, {n}, Int(32)), b(bs, {n}, Int(32));
  std::vector<Array> r;
  for (int k = 0; k < 5; ++k)
    r.emplace_back(std::vector<int64_t>{n}, Int(32));
  f(a, b, r[0], r[1], r[2], r[3], r[4]);
  for (int64_t i = 0; i < n; ++i) {
    int32_t x = int32_t(as[i]), y = int32_t(bs[i]);
    EXPECT_EQ(r[0].getInt(i), x & y);
    EXPECT_EQ(r[1].getInt(i), x | y);
    EXPECT_EQ(r[2].getInt(i), x ^ y);
    EXPECT_EQ(r[3].getInt(i), ~x);
    EXPECT_EQ(r[4].getInt(i), (x & 0xFF) | (~y ^ 6));
  }
}

/// The documented shift: amounts outside [0, width) give 0, or -1 for >>
/// of a negative signed value.
int64_t shiftLeft(int64_t a, int64_t b, unsigned width) {
  if (b < 0 || b >= int64_t(width))
    return 0;
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  uint64_t bits = (uint64_t(a) << b) & mask;
  if (width < 64 && (bits >> (width - 1)))
    bits |= ~mask; // signed result
  return int64_t(bits);
}

int64_t shiftRightSigned(int64_t a, int64_t b, unsigned width) {
  if (b < 0 || b >= int64_t(width))
    return a < 0 ? -1 : 0;
  return a >> b; // arithmetic on the sign-extended value
}

TEST(FrontendBitwise, SignedShiftsEveryAmount) {
  for (unsigned width : {32u, 64u}) {
    std::vector<int64_t> values = {1, -1, -8, 12345, -12345};
    values.push_back(width == 32 ? INT32_MIN : INT64_MIN);
    values.push_back(width == 32 ? INT32_MAX : INT64_MAX);
    std::vector<int64_t> amounts = {
        0, 1, 5, int64_t(width) - 1, width, int64_t(width) + 1, 100, -1, -64};
    std::vector<int64_t> as, bs;
    for (int64_t a : values)
      for (int64_t b : amounts) {
        as.push_back(a);
        bs.push_back(b);
      }
    int64_t n = as.size();
    Type type = Int(width);
    Tensor A = placeholder({n}, "A", type);
    Tensor B = placeholder({n}, "B", type);
    Schedule s = create_schedule({A, B}, [&](Tensor A, Tensor B) {
      return std::vector<Tensor>{
          compute(
              {n}, [&](Var i) { return A(i) << B(i); }, "Shl", type),
          compute({n}, [&](Var i) { return A(i) >> B(i); }, "Shr", type)};
    });
    Module f = build(s);
    Array a(as, {n}, type), b(bs, {n}, type), shl({n}, type), shr({n}, type);
    f(a, b, shl, shr);
    for (int64_t i = 0; i < n; ++i) {
      EXPECT_EQ(shl.getInt(i), shiftLeft(as[i], bs[i], width))
          << as[i] << " << " << bs[i] << " in int" << width;
      EXPECT_EQ(shr.getInt(i), shiftRightSigned(as[i], bs[i], width))
          << as[i] << " >> " << bs[i] << " in int" << width;
    }
  }
}

TEST(FrontendBitwise, UnsignedShiftsAreLogical) {
  std::vector<int64_t> as = {0xFFFFFFFF, 0x80000000, 1,
                             0xDEADBEEF, 0xFFFFFFFF, 7};
  std::vector<int64_t> bs = {1, 31, 31, 4, 32, 0xFFFFFFFF};
  int64_t n = as.size();
  Tensor A = placeholder({n}, "A", UInt(32));
  Tensor B = placeholder({n}, "B", UInt(32));
  EXPECT_EQ((A(0) >> B(0)).type(), UInt(32));
  Schedule s = create_schedule({A, B}, [&](Tensor A, Tensor B) {
    return std::vector<Tensor>{
        compute(
            {n}, [&](Var i) { return A(i) >> B(i); }, "Shr", UInt(32)),
        compute({n}, [&](Var i) { return A(i) << B(i); }, "Shl", UInt(32))};
  });
  Module f = build(s);
  Array a(as, {n}, UInt(32)), b(bs, {n}, UInt(32)), shr({n}, UInt(32)),
      shl({n}, UInt(32));
  f(a, b, shr, shl);
  for (int64_t i = 0; i < n; ++i) {
    uint32_t x = uint32_t(as[i]), y = uint32_t(bs[i]);
    EXPECT_EQ(uint64_t(shr.getInt(i)), y >= 32 ? 0u : x >> y)
        << x << " >> " << y;
    EXPECT_EQ(uint64_t(shl.getInt(i)), y >= 32 ? 0u : uint32_t(x << y))
        << x << " << " << y;
  }
}

// Narrow integers compute in Int(32) (as C++ promotes them); stored back
// to uint8 the result wraps, as ONNX's BitShift on uint8 does.
TEST(FrontendBitwise, NarrowIntegersAndLiterals) {
  Tensor A = placeholder({6}, "A", UInt(8));
  Tensor C = placeholder({6}, "C", Int(8));
  EXPECT_EQ((A(0) << 4).type(), Int(32));
  EXPECT_EQ((A(0) & C(0)).type(), Int(32));
  EXPECT_EQ((Expr(6) & 3).type(), Int(32));
  Schedule s = create_schedule({A, C}, [](Tensor A, Tensor C) {
    return std::vector<Tensor>{
        compute(
            {6}, [&](Var i) { return A(i) << 4; }, "Shl", UInt(8)),
        compute(
            {6}, [&](Var i) { return C(i) >> 2; }, "Sar", Int(8)),
        compute(
            {6}, [&](Var i) { return ~A(i); }, "Not", UInt(8)),
        compute(
            {6}, [&](Var i) { return 1 << i; }, "Pow2", Int(32)),
        // A bitwise index is not affine: read through memref.load.
        compute(
            {6}, [&](Var i) { return A(i >> 1) + (Expr(12) ^ 10); }, "Idx",
            Int(32))};
  });
  Module f = build(s);
  std::vector<int> av = {0, 1, 15, 16, 200, 255},
                   cv = {0, -1, -128, 127, -7, 9};
  Array a(av, {6}, UInt(8)), c(cv, {6}, Int(8)), shl({6}, UInt(8)),
      sar({6}, Int(8)), bnot({6}, UInt(8)), pow2({6}, Int(32)),
      idx({6}, Int(32));
  f(a, c, shl, sar, bnot, pow2, idx);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(shl.getInt(i), uint8_t(av[i] << 4));
    EXPECT_EQ(sar.getInt(i), int8_t(cv[i] >> 2));
    EXPECT_EQ(bnot.getInt(i), uint8_t(~av[i]));
    EXPECT_EQ(pow2.getInt(i), 1 << i);
    EXPECT_EQ(idx.getInt(i), av[i / 2] + (12 ^ 10));
  }
}

TEST(FrontendBitwise, NonIntegersAreErrors) {
  Tensor F = placeholder({4}, "F", Float(32));
  Tensor Q = placeholder({4}, "Q", Fixed(8, 4));
  Tensor A = placeholder({4}, "A", Int(32));
  std::string message = errorOf([&] { F(0) & A(0); });
  EXPECT_NE(message.find("operator&: bitwise operations need integer operands, "
                         "not float32"),
            std::string::npos)
      << message;
  EXPECT_NE(errorOf([&] { A(0) | F(0); }).find("operator|"), std::string::npos);
  EXPECT_NE(errorOf([&] { F(0) ^ 1; }).find("not float32"), std::string::npos);
  EXPECT_NE(errorOf([&] { ~F(0); }).find("operator~"), std::string::npos);
  EXPECT_NE(errorOf([&] { A(0) << 1.5; }).find("operator<<"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { Q(0) >> 1; }).find("not fixed8_4"),
            std::string::npos);
  EXPECT_EQ(errorOf([&] { A(0) >> 1; }), "");
}

} // namespace
