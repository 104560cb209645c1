//===- float_units_check.cpp - the float units against the host, bit for bit -===//
//
// Drives every unit of hcl_fp_testbench.sv (share/rtl/hcl_fp_*.sv) with
// operands and compares each result bit for bit with the host's own result
// for the same operation (reference.ll, compiled by clang for the host CPU
// as the JIT compiles). Each unit first gets every pair (or value) of its
// special values, in every mode (add/sub, the 16 predicates, the 4 min/max
// operations), then N random operands per mode, drawn to exercise rounding,
// cancellation, subnormals and range limits. Operands are presented on a
// random ~7 of 8 cycles; each result must come out with out_valid exactly
// its unit's latency after its operands.
//
//   float_units_check N [SEED]   exit 0 when every result matched
//
//===----------------------------------------------------------------------===//

#include "Vhcl_fp_testbench.h"
#include "verilated.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <random>
#include <string>
#include <vector>

extern "C" {
float ref_fadd(float, float);
float ref_fsub(float, float);
float ref_fmul(float, float);
double ref_dadd(double, double);
double ref_dsub(double, double);
double ref_dmul(double, double);
float ref_minimumf(float, float);
float ref_maximumf(float, float);
float ref_minnumf(float, float);
float ref_maxnumf(float, float);
float ref_sitofp_i32(int32_t);
float ref_uitofp_i32(uint32_t);
float ref_sitofp_i64(int64_t);
float ref_uitofp_i64(uint64_t);
double ref_sitofp_i32_f64(int32_t);
int32_t ref_fptosi_i32(float);
uint32_t ref_fptoui_i32(float);
int64_t ref_fptosi_i64(float);
double ref_uitofp_i32_f64(uint32_t);
double ref_sitofp_i64_f64(int64_t);
double ref_uitofp_i64_f64(uint64_t);
uint64_t ref_fptoui_i64(float);
int32_t ref_fptosi_f64_i32(double);
uint32_t ref_fptoui_f64_i32(double);
int64_t ref_fptosi_f64_i64(double);
uint64_t ref_fptoui_f64_i64(double);
double ref_dminimum(double, double);
double ref_dmaximum(double, double);
double ref_dminnum(double, double);
double ref_dmaxnum(double, double);
double ref_fpext(float);
float ref_fdiv(float, float);
double ref_ddiv(double, double);
float ref_fsqrt(float);
double ref_dsqrt(double);
float ref_fptrunc(double);
#define HCL_CMP(p)                                                             \
  int ref_fcmp_##p(float, float);                                              \
  int ref_dcmp_##p(double, double);
HCL_CMP(false)
HCL_CMP(oeq)
HCL_CMP(ogt)
HCL_CMP(oge)
HCL_CMP(olt)
HCL_CMP(ole)
HCL_CMP(one)
HCL_CMP(ord)
HCL_CMP(uno)
HCL_CMP(ueq)
HCL_CMP(ugt)
HCL_CMP(uge)
HCL_CMP(ult)
HCL_CMP(ule)
HCL_CMP(une)
HCL_CMP(true)
#undef HCL_CMP
}

namespace {

float toF(uint64_t bits) {
  uint32_t b = uint32_t(bits);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
double toD(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}
uint64_t ofF(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
uint64_t ofD(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

// The 16 predicates in the units' {U, L, G, E} encoding order.
using FCmp = int (*)(float, float);
using DCmp = int (*)(double, double);
const FCmp fcmps[16] = {
    ref_fcmp_false, ref_fcmp_oeq, ref_fcmp_ogt, ref_fcmp_oge,
    ref_fcmp_olt,   ref_fcmp_ole, ref_fcmp_one, ref_fcmp_ord,
    ref_fcmp_uno,   ref_fcmp_ueq, ref_fcmp_ugt, ref_fcmp_uge,
    ref_fcmp_ult,   ref_fcmp_ule, ref_fcmp_une, ref_fcmp_true};
const DCmp dcmps[16] = {
    ref_dcmp_false, ref_dcmp_oeq, ref_dcmp_ogt, ref_dcmp_oge,
    ref_dcmp_olt,   ref_dcmp_ole, ref_dcmp_one, ref_dcmp_ord,
    ref_dcmp_uno,   ref_dcmp_ueq, ref_dcmp_ugt, ref_dcmp_uge,
    ref_dcmp_ult,   ref_dcmp_ule, ref_dcmp_une, ref_dcmp_true};
const char *const predNames[16] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                   "one",   "ord", "uno", "ueq", "ugt", "uge",
                                   "ult",   "ule", "une", "true"};

struct Operands {
  uint64_t a = 0, b = 0;
  unsigned mode = 0;
};

/// An IEEE format: exponent and fraction bits.
struct Format {
  int ew, mw;
  uint64_t bias() const { return (uint64_t(1) << (ew - 1)) - 1; }
  uint64_t emax() const { return (uint64_t(1) << ew) - 1; }
  uint64_t make(uint64_t sign, uint64_t exp, uint64_t frac) const {
    return (sign << (ew + mw)) | (exp << mw) | (frac & fracMask());
  }
  uint64_t fracMask() const { return (uint64_t(1) << mw) - 1; }
  uint64_t expOf(uint64_t x) const { return (x >> mw) & emax(); }
};
const Format f32{8, 23}, f64{11, 52};

/// Signed zeros, subnormal and normal limits, ones, values around rounding
/// ties, infinities, quiet and signalling NaNs with payloads.
std::vector<uint64_t> specialFloats(Format f) {
  uint64_t b = f.bias(), top = uint64_t(1) << (f.mw - 1);
  std::vector<uint64_t> mags = {
      0,
      1,                                       // smallest subnormal
      3,
      top,                                     // half the smallest normal
      f.fracMask(),                            // largest subnormal
      f.make(0, 1, 0),                         // smallest normal
      f.make(0, 1, 1),
      f.make(0, f.emax() - 1, f.fracMask()),   // largest normal
      f.make(0, f.emax() - 1, f.fracMask() - 1),
      f.make(0, f.emax() - 1, 0),
      f.make(0, b, 0),                         // 1
      f.make(0, b, 1),                         // 1 + ulp
      f.make(0, b, top),                       // 1.5
      f.make(0, b - 1, f.fracMask()),          // just below 1
      f.make(0, b - f.mw - 1, 0),              // half an ulp of 1: a tie
      f.make(0, b - f.mw - 1, 1),              // just above the tie
      f.make(0, b - f.mw - 2, f.fracMask()),   // just below the tie
      f.make(0, b + f.mw + 1, 0),              // 2^(MW+1)
      f.make(0, b + 1, top),                   // 3
      f.make(0, f.emax(), 0),                  // infinity
      f.make(0, f.emax(), top),                // default quiet NaN
      f.make(0, f.emax(), top | 0x12345),      // quiet NaN with a payload
      f.make(0, f.emax(), 1),                  // signalling NaNs
      f.make(0, f.emax(), (top >> 1) | 0x2a),
  };
  std::vector<uint64_t> all;
  for (uint64_t m : mags) {
    all.push_back(m);
    all.push_back(m | (uint64_t(1) << (f.ew + f.mw)));
  }
  return all;
}

/// Integers around powers of two, where the conversion to float rounds and
/// ties: 2^k, 2^k +- 1, and 2^k plus half an ulp of binary32 (+- 1).
std::vector<uint64_t> specialInts(int width) {
  std::vector<uint64_t> v = {0};
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  for (int k = 0; k < width; ++k) {
    uint64_t p = uint64_t(1) << k;
    std::vector<uint64_t> around = {p, p + 1, p - 1};
    if (k >= 24) {
      uint64_t half = uint64_t(1) << (k - 24);
      for (uint64_t d : {half, half + 1, half - 1, 3 * half})
        around.push_back(p + d);
    }
    for (uint64_t x : around) {
      v.push_back(x & mask);
      v.push_back((~x + 1) & mask); // its negation
    }
  }
  return v;
}

/// Floats near the integer ranges' ends and around 1 and 0.5.
std::vector<uint64_t> specialToInt(Format f) {
  std::vector<uint64_t> v = specialFloats(f);
  for (int k : {-1, 0, 23, 24, 31, 32, 52, 53, 63, 64})
    for (uint64_t s : {0, 1})
      for (int d : {-1, 0, 1}) {
        uint64_t e = f.bias() + k;
        uint64_t x = f.make(s, e, 0) + d;
        v.push_back(x);
      }
  return v;
}

/// One random binary-op operand pair: uniform bit patterns; b near a's
/// exponent (cancellation, alignment by a few bits); b a few ulps from a
/// (exact cancellation, ties); exponents that put the product near the
/// subnormal or overflow boundary (of the quotient when `quotient`); small
/// exponents (subnormals).
Operands randomPair(Format f, std::mt19937_64 &rng, bool quotient = false) {
  uint64_t mask = f.ew + f.mw == 63 ? ~uint64_t(0) : (uint64_t(1) << (f.ew + f.mw + 1)) - 1;
  Operands o;
  o.a = rng() & mask;
  int64_t ea = int64_t(f.expOf(o.a));
  auto clampExp = [&](int64_t e) {
    return uint64_t(std::min<int64_t>(std::max<int64_t>(e, 0), f.emax() - 1));
  };
  auto delta = [&](int span) { return int64_t(rng() % (2 * span + 1)) - span; };
  switch (rng() % 5) {
  case 0:
    o.b = rng() & mask;
    break;
  case 1:
    o.b = f.make(rng() & 1, clampExp(ea + delta(f.mw + 3)), rng());
    break;
  case 2:
    o.b = ((o.a + delta(4)) & mask) ^ ((rng() & 1) << (f.ew + f.mw));
    break;
  case 3: {
    // ea + eb - bias (ea - eb + bias) lands within +-(MW+3) of the bottom
    // or of the top.
    int64_t target = (rng() & 1) ? 1 : int64_t(f.emax()) - 1;
    int64_t eb = quotient ? ea + int64_t(f.bias()) - target
                          : target + int64_t(f.bias()) - ea;
    o.b = f.make(rng() & 1, clampExp(eb + delta(f.mw + 3)), rng());
    break;
  }
  default:
    o.a = f.make(rng() & 1, rng() % 4, rng());
    o.b = f.make(rng() & 1, rng() % 4, rng());
    break;
  }
  return o;
}

uint64_t randomInt(int width, std::mt19937_64 &rng) {
  uint64_t x = rng();
  if (rng() & 1)
    x >>= rng() % 64; // short integers as often as long ones
  if (rng() & 1)
    x = ~x + 1;
  return width == 64 ? x : x & ((uint64_t(1) << width) - 1);
}

uint64_t randomToInt(Format f, std::mt19937_64 &rng) {
  if (rng() & 1)
    return f.ew == 8 ? rng() & 0xffffffff : rng();
  // Around the integers' range: exponents 2^-2 .. 2^65.
  return f.make(rng() & 1, f.bias() - 2 + rng() % 68, rng());
}

uint64_t randomTrunc(std::mt19937_64 &rng) {
  if (rng() % 3 == 0)
    return rng();
  // binary64 values in and around binary32's range, some exactly on a tie.
  uint64_t x = f64.make(rng() & 1, f64.bias() - 155 + rng() % 290, rng());
  if (rng() & 1)
    x = (x & ~uint64_t(0x1fffffff)) | 0x10000000;
  return x;
}

/// One unit under test: how to drive it, read it and compute its reference.
struct Unit {
  std::string name;
  int latency;
  std::vector<std::string> modeNames;
  std::vector<Operands> specials;
  std::function<Operands(unsigned mode, std::mt19937_64 &)> random;
  std::function<void(Vhcl_fp_testbench &, bool valid, const Operands &)> drive;
  std::function<bool(Vhcl_fp_testbench &)> outValid;
  std::function<uint64_t(Vhcl_fp_testbench &)> output;
  std::function<uint64_t(const Operands &)> reference;

  // Run state.
  struct Pending {
    Operands o;
    uint64_t expected, cycle;
  };
  std::deque<Pending> pending;
  size_t nextSpecial = 0;
  unsigned mode = 0;
  uint64_t randomLeft = 0;
  std::vector<uint64_t> specialCount, randomCount;
  uint64_t mismatches = 0;
};

std::vector<Operands> allPairs(const std::vector<uint64_t> &values,
                               unsigned modes) {
  std::vector<Operands> v;
  for (unsigned m = 0; m < modes; ++m)
    for (uint64_t a : values)
      for (uint64_t b : values)
        v.push_back({a, b, m});
  return v;
}

std::vector<Operands> singles(const std::vector<uint64_t> &values) {
  std::vector<Operands> v;
  for (uint64_t a : values)
    v.push_back({a, 0, 0});
  return v;
}

#define HCL_PORTS(p)                                                           \
  [](Vhcl_fp_testbench &t) { return bool(t.p##_ov); },                         \
      [](Vhcl_fp_testbench &t) { return uint64_t(t.p##_y); }

std::vector<Unit> makeUnits() {
  std::vector<Unit> units;
  auto f32s = specialFloats(f32), f64s = specialFloats(f64);
  units.push_back(
      {"add", 4, {"addf", "subf"}, allPairs(f32s, 2),
       [](unsigned m, std::mt19937_64 &r) {
         Operands o = randomPair(f32, r);
         o.mode = m;
         return o;
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.add_v = v, t.add_a = o.a, t.add_b = o.b, t.add_sub = o.mode;
       },
       HCL_PORTS(add),
       [](const Operands &o) {
         return ofF(o.mode ? ref_fsub(toF(o.a), toF(o.b))
                           : ref_fadd(toF(o.a), toF(o.b)));
       }});
  units.push_back(
      {"mul", 3, {"mulf"}, allPairs(f32s, 1),
       [](unsigned, std::mt19937_64 &r) { return randomPair(f32, r); },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.mul_v = v, t.mul_a = o.a, t.mul_b = o.b;
       },
       HCL_PORTS(mul),
       [](const Operands &o) { return ofF(ref_fmul(toF(o.a), toF(o.b))); }});
  units.push_back(
      {"div", 15, {"divf"}, allPairs(f32s, 1),
       [](unsigned, std::mt19937_64 &r) { return randomPair(f32, r, true); },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.div_v = v, t.div_a = o.a, t.div_b = o.b;
       },
       HCL_PORTS(div),
       [](const Operands &o) { return ofF(ref_fdiv(toF(o.a), toF(o.b))); }});
  units.push_back(
      {"div f64", 15, {"divf"}, allPairs(f64s, 1),
       [](unsigned, std::mt19937_64 &r) { return randomPair(f64, r, true); },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.ddiv_v = v, t.ddiv_a = o.a, t.ddiv_b = o.b;
       },
       HCL_PORTS(ddiv),
       [](const Operands &o) { return ofD(ref_ddiv(toD(o.a), toD(o.b))); }});
  // Square roots of mostly positive operands, every exponent.
  units.push_back(
      {"sqrt", 15, {"sqrt"}, singles(f32s),
       [](unsigned, std::mt19937_64 &r) {
         uint64_t x = r() & 0xffffffff;
         return Operands{r() % 8 ? x & 0x7fffffff : x, 0, 0};
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.sqrt_v = v, t.sqrt_x = o.a;
       },
       HCL_PORTS(sqrt),
       [](const Operands &o) { return ofF(ref_fsqrt(toF(o.a))); }});
  units.push_back(
      {"sqrt f64", 15, {"sqrt"}, singles(f64s),
       [](unsigned, std::mt19937_64 &r) {
         uint64_t x = r();
         return Operands{r() % 8 ? x & ~(uint64_t(1) << 63) : x, 0, 0};
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dsqrt_v = v, t.dsqrt_x = o.a;
       },
       HCL_PORTS(dsqrt),
       [](const Operands &o) { return ofD(ref_dsqrt(toD(o.a))); }});
  std::vector<std::string> preds(predNames, predNames + 16);
  units.push_back(
      {"cmp", 1, preds, allPairs(f32s, 16),
       [](unsigned m, std::mt19937_64 &r) {
         Operands o = randomPair(f32, r);
         o.mode = m;
         return o;
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.cmp_v = v, t.cmp_a = o.a, t.cmp_b = o.b, t.cmp_pred = o.mode;
       },
       HCL_PORTS(cmp),
       [](const Operands &o) {
         return uint64_t(fcmps[o.mode](toF(o.a), toF(o.b)));
       }});
  units.push_back(
      {"minmax", 1, {"minimumf", "maximumf", "minnumf", "maxnumf"},
       allPairs(f32s, 4),
       [](unsigned m, std::mt19937_64 &r) {
         Operands o = randomPair(f32, r);
         o.mode = m;
         return o;
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.mm_v = v, t.mm_a = o.a, t.mm_b = o.b, t.mm_op = o.mode;
       },
       HCL_PORTS(mm),
       [](const Operands &o) {
         float a = toF(o.a), b = toF(o.b);
         switch (o.mode) {
         case 0:
           return ofF(ref_minimumf(a, b));
         case 1:
           return ofF(ref_maximumf(a, b));
         case 2:
           return ofF(ref_minnumf(a, b));
         default:
           return ofF(ref_maxnumf(a, b));
         }
       }});
  units.push_back(
      {"add f64", 4, {"addf", "subf"}, allPairs(f64s, 2),
       [](unsigned m, std::mt19937_64 &r) {
         Operands o = randomPair(f64, r);
         o.mode = m;
         return o;
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dadd_v = v, t.dadd_a = o.a, t.dadd_b = o.b, t.dadd_sub = o.mode;
       },
       HCL_PORTS(dadd),
       [](const Operands &o) {
         return ofD(o.mode ? ref_dsub(toD(o.a), toD(o.b))
                           : ref_dadd(toD(o.a), toD(o.b)));
       }});
  units.push_back(
      {"mul f64", 3, {"mulf"}, allPairs(f64s, 1),
       [](unsigned, std::mt19937_64 &r) { return randomPair(f64, r); },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dmul_v = v, t.dmul_a = o.a, t.dmul_b = o.b;
       },
       HCL_PORTS(dmul),
       [](const Operands &o) { return ofD(ref_dmul(toD(o.a), toD(o.b))); }});
  units.push_back(
      {"cmp f64", 1, preds, allPairs(f64s, 16),
       [](unsigned m, std::mt19937_64 &r) {
         Operands o = randomPair(f64, r);
         o.mode = m;
         return o;
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dcmp_v = v, t.dcmp_a = o.a, t.dcmp_b = o.b, t.dcmp_pred = o.mode;
       },
       HCL_PORTS(dcmp),
       [](const Operands &o) {
         return uint64_t(dcmps[o.mode](toD(o.a), toD(o.b)));
       }});
  units.push_back(
      {"minmax f64", 1, {"minimumf", "maximumf", "minnumf", "maxnumf"},
       allPairs(f64s, 4),
       [](unsigned m, std::mt19937_64 &r) {
         Operands o = randomPair(f64, r);
         o.mode = m;
         return o;
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dmm_v = v, t.dmm_a = o.a, t.dmm_b = o.b, t.dmm_op = o.mode;
       },
       HCL_PORTS(dmm),
       [](const Operands &o) {
         double a = toD(o.a), b = toD(o.b);
         switch (o.mode) {
         case 0:
           return ofD(ref_dminimum(a, b));
         case 1:
           return ofD(ref_dmaximum(a, b));
         case 2:
           return ofD(ref_dminnum(a, b));
         default:
           return ofD(ref_dmaxnum(a, b));
         }
       }});
  // Conversions: one operand.
  auto intUnit = [](int width) {
    return [width](unsigned, std::mt19937_64 &r) {
      return Operands{randomInt(width, r), 0, 0};
    };
  };
  units.push_back(
      {"sitofp i32", 2, {"sitofp"}, singles(specialInts(32)), intUnit(32),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.si32_v = v, t.si32_x = o.a;
       },
       HCL_PORTS(si32),
       [](const Operands &o) { return ofF(ref_sitofp_i32(int32_t(o.a))); }});
  units.push_back(
      {"uitofp i32", 2, {"uitofp"}, singles(specialInts(32)), intUnit(32),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.ui32_v = v, t.ui32_x = o.a;
       },
       HCL_PORTS(ui32),
       [](const Operands &o) { return ofF(ref_uitofp_i32(uint32_t(o.a))); }});
  units.push_back(
      {"sitofp i64", 2, {"sitofp"}, singles(specialInts(64)), intUnit(64),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.si64_v = v, t.si64_x = o.a;
       },
       HCL_PORTS(si64),
       [](const Operands &o) { return ofF(ref_sitofp_i64(int64_t(o.a))); }});
  units.push_back(
      {"uitofp i64", 2, {"uitofp"}, singles(specialInts(64)), intUnit(64),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.ui64_v = v, t.ui64_x = o.a;
       },
       HCL_PORTS(ui64),
       [](const Operands &o) { return ofF(ref_uitofp_i64(o.a)); }});
  units.push_back(
      {"sitofp i32 f64", 2, {"sitofp"}, singles(specialInts(32)), intUnit(32),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.sid_v = v, t.sid_x = o.a;
       },
       HCL_PORTS(sid),
       [](const Operands &o) {
         return ofD(ref_sitofp_i32_f64(int32_t(o.a)));
       }});
  units.push_back(
      {"uitofp i32 f64", 2, {"uitofp"}, singles(specialInts(32)), intUnit(32),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.uid_v = v, t.uid_x = o.a;
       },
       HCL_PORTS(uid),
       [](const Operands &o) {
         return ofD(ref_uitofp_i32_f64(uint32_t(o.a)));
       }});
  units.push_back(
      {"sitofp i64 f64", 2, {"sitofp"}, singles(specialInts(64)), intUnit(64),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.sild_v = v, t.sild_x = o.a;
       },
       HCL_PORTS(sild),
       [](const Operands &o) {
         return ofD(ref_sitofp_i64_f64(int64_t(o.a)));
       }});
  units.push_back(
      {"uitofp i64 f64", 2, {"uitofp"}, singles(specialInts(64)), intUnit(64),
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.uild_v = v, t.uild_x = o.a;
       },
       HCL_PORTS(uild),
       [](const Operands &o) { return ofD(ref_uitofp_i64_f64(o.a)); }});
  auto toIntRandom = [](unsigned, std::mt19937_64 &r) {
    return Operands{randomToInt(f32, r), 0, 0};
  };
  auto toIntRandom64 = [](unsigned, std::mt19937_64 &r) {
    return Operands{randomToInt(f64, r), 0, 0};
  };
  units.push_back(
      {"fptosi i32", 2, {"fptosi"}, singles(specialToInt(f32)), toIntRandom,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.fsi_v = v, t.fsi_x = o.a;
       },
       HCL_PORTS(fsi),
       [](const Operands &o) {
         return uint64_t(uint32_t(ref_fptosi_i32(toF(o.a))));
       }});
  units.push_back(
      {"fptoui i32", 2, {"fptoui"}, singles(specialToInt(f32)), toIntRandom,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.fui_v = v, t.fui_x = o.a;
       },
       HCL_PORTS(fui),
       [](const Operands &o) {
         return uint64_t(ref_fptoui_i32(toF(o.a)));
       }});
  units.push_back(
      {"fptosi i64", 2, {"fptosi"}, singles(specialToInt(f32)), toIntRandom,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.fsl_v = v, t.fsl_x = o.a;
       },
       HCL_PORTS(fsl),
       [](const Operands &o) {
         return uint64_t(ref_fptosi_i64(toF(o.a)));
       }});
  units.push_back(
      {"fptoui i64", 2, {"fptoui"}, singles(specialToInt(f32)), toIntRandom,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.ful_v = v, t.ful_x = o.a;
       },
       HCL_PORTS(ful),
       [](const Operands &o) { return ref_fptoui_i64(toF(o.a)); }});
  units.push_back(
      {"fptosi f64 i32", 2, {"fptosi"}, singles(specialToInt(f64)),
       toIntRandom64,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dsi_v = v, t.dsi_x = o.a;
       },
       HCL_PORTS(dsi),
       [](const Operands &o) {
         return uint64_t(uint32_t(ref_fptosi_f64_i32(toD(o.a))));
       }});
  units.push_back(
      {"fptoui f64 i32", 2, {"fptoui"}, singles(specialToInt(f64)),
       toIntRandom64,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dui_v = v, t.dui_x = o.a;
       },
       HCL_PORTS(dui),
       [](const Operands &o) {
         return uint64_t(ref_fptoui_f64_i32(toD(o.a)));
       }});
  units.push_back(
      {"fptosi f64 i64", 2, {"fptosi"}, singles(specialToInt(f64)),
       toIntRandom64,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dsl_v = v, t.dsl_x = o.a;
       },
       HCL_PORTS(dsl),
       [](const Operands &o) {
         return uint64_t(ref_fptosi_f64_i64(toD(o.a)));
       }});
  units.push_back(
      {"fptoui f64 i64", 2, {"fptoui"}, singles(specialToInt(f64)),
       toIntRandom64,
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.dul_v = v, t.dul_x = o.a;
       },
       HCL_PORTS(dul),
       [](const Operands &o) { return ref_fptoui_f64_i64(toD(o.a)); }});
  units.push_back(
      {"extf", 2, {"extf"}, singles(specialFloats(f32)),
       [](unsigned, std::mt19937_64 &r) {
         return Operands{r() & 0xffffffff, 0, 0};
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.ext_v = v, t.ext_x = o.a;
       },
       HCL_PORTS(ext),
       [](const Operands &o) { return ofD(ref_fpext(toF(o.a))); }});
  std::vector<uint64_t> truncSpecials = specialFloats(f64);
  for (uint64_t x : specialFloats(f32)) // binary32's limits, widened
    truncSpecials.push_back(ofD(ref_fpext(toF(x))));
  units.push_back(
      {"truncf", 2, {"truncf"}, singles(truncSpecials),
       [](unsigned, std::mt19937_64 &r) {
         return Operands{randomTrunc(r), 0, 0};
       },
       [](Vhcl_fp_testbench &t, bool v, const Operands &o) {
         t.trunc_v = v, t.trunc_x = o.a;
       },
       HCL_PORTS(trunc),
       [](const Operands &o) { return ofF(ref_fptrunc(toD(o.a))); }});
  return units;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s N [SEED]\n", argv[0]);
    return 2;
  }
  uint64_t n = std::strtoull(argv[1], nullptr, 10);
  uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  std::mt19937_64 rng(seed);
  Verilated::commandArgs(1, argv);
  Vhcl_fp_testbench top;
  std::vector<Unit> units = makeUnits();
  for (Unit &u : units) {
    u.specialCount.assign(u.modeNames.size(), 0);
    u.randomCount.assign(u.modeNames.size(), 0);
    u.randomLeft = n;
  }

  // The next operands of a unit, or false when it has had them all.
  auto next = [&](Unit &u, Operands &o, bool &special) {
    if (u.nextSpecial < u.specials.size()) {
      o = u.specials[u.nextSpecial++];
      special = true;
      return true;
    }
    while (u.randomLeft == 0) {
      if (++u.mode >= u.modeNames.size())
        return false;
      u.randomLeft = n;
    }
    --u.randomLeft;
    o = u.random(u.mode, rng);
    special = false;
    return true;
  };

  uint64_t cycle = 0, latencyErrors = 0;
  bool busy = true;
  while (busy) {
    busy = false;
    top.clk = 0;
    top.eval();
    for (Unit &u : units) {
      Operands o;
      bool special = false;
      bool valid = (rng() % 8 != 0) && next(u, o, special);
      u.drive(top, valid, o);
      if (valid) {
        u.pending.push_back({o, u.reference(o), cycle});
        (special ? u.specialCount : u.randomCount)[o.mode]++;
      }
      busy |= valid || !u.pending.empty() || u.nextSpecial < u.specials.size() ||
              u.randomLeft > 0;
    }
    top.clk = 1;
    top.eval();
    ++cycle;
    for (Unit &u : units) {
      if (!u.outValid(top))
        continue;
      if (u.pending.empty()) {
        std::printf("%s: out_valid without operands in cycle %" PRIu64 "\n",
                    u.name.c_str(), cycle);
        ++latencyErrors;
        continue;
      }
      Unit::Pending p = u.pending.front();
      u.pending.pop_front();
      if (cycle - p.cycle != uint64_t(u.latency)) {
        if (latencyErrors++ < 10)
          std::printf("%s: result after %" PRIu64 " cycles, latency %d\n",
                      u.name.c_str(), cycle - p.cycle, u.latency);
      }
      uint64_t got = u.output(top);
      if (got != p.expected && u.mismatches++ < 20)
        std::printf("MISMATCH %s %s a=0x%" PRIx64 " b=0x%" PRIx64
                    ": unit 0x%" PRIx64 ", host 0x%" PRIx64 "\n",
                    u.name.c_str(), u.modeNames[p.o.mode].c_str(), p.o.a, p.o.b,
                    got, p.expected);
    }
    // A unit whose result never comes out.
    for (Unit &u : units)
      if (!u.pending.empty() &&
          cycle - u.pending.front().cycle > uint64_t(u.latency)) {
        std::printf("%s: no result after %d cycles\n", u.name.c_str(),
                    u.latency);
        return 1;
      }
  }

  uint64_t totalMismatches = 0;
  std::printf("%-16s %-9s %7s %10s %10s\n", "unit", "operation", "latency",
              "special", "random");
  for (Unit &u : units) {
    for (size_t m = 0; m < u.modeNames.size(); ++m)
      std::printf("%-16s %-9s %7d %10" PRIu64 " %10" PRIu64 "\n",
                  u.name.c_str(), u.modeNames[m].c_str(), u.latency,
                  u.specialCount[m], u.randomCount[m]);
    if (u.mismatches)
      std::printf("%s: %" PRIu64 " mismatches\n", u.name.c_str(),
                  u.mismatches);
    totalMismatches += u.mismatches;
  }
  std::printf("%" PRIu64 " cycles, %" PRIu64 " mismatches, %" PRIu64
              " latency errors\n",
              cycle, totalMismatches, latencyErrors);
  return totalMismatches || latencyErrors ? 1 : 0;
}
