// Self-checking test of share/hls/ap_int.h and ap_fixed.h, the C-simulation
// stand-ins for the vendor's arbitrary-precision types. Plain C++, no
// framework: prints "ap types: N checks passed" and exits 0, or prints each
// failing check and exits 1. How to run it: README.md beside this file.
//
// Expected values are worked out by hand from the documented semantics
// (UG1399, "Arbitrary Precision Data Types"); the reasoning is in the comments.

#include "ap_fixed.h"
#include "ap_int.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>

namespace {

int checks = 0;
int failures = 0;

/// Any value as text: ap types print their decimal value (ap_fixed its
/// double), so comparing texts compares values exactly.
template <class T> std::string text(const T &v) {
  std::ostringstream os;
  os << std::setprecision(17) << v;
  return os.str();
}
std::string text(bool v) { return v ? "true" : "false"; }

template <class A, class B>
void check_eq(const A &got, const B &want, const char *expr, int line) {
  ++checks;
  std::string g = text(got), w = text(want);
  if (g != w) {
    ++failures;
    std::printf("FAIL line %d: %s is %s, expected %s\n", line, expr, g.c_str(),
                w.c_str());
  }
}

} // namespace

#define CHECK_EQ(got, want) check_eq((got), (want), #got, __LINE__)
#define CHECK(...) check_eq(bool(__VA_ARGS__), true, #__VA_ARGS__, __LINE__)

// ap_fixed<3, 2, Q, AP_SAT>: LSB 0.5, range [-2, 1.5] (the guide's examples).
template <ap_q_mode Q> double q3(double v) {
  return ap_fixed<3, 2, Q, AP_SAT>(v).to_double();
}
// ap_fixed<4, 4, AP_RND, O, N> / ap_ufixed: integers in [-8, 7] / [0, 15].
template <ap_o_mode O, int N = 0> double s4(double v) {
  return ap_fixed<4, 4, AP_RND, O, N>(v).to_double();
}
template <ap_o_mode O, int N = 0> double u4(double v) {
  return ap_ufixed<4, 4, AP_RND, O, N>(v).to_double();
}

static void wrap_around() {
  // ap_int<3> holds [-4, 3]: 4 = 0b100 reads back as -4, 5 = 0b101 as -3,
  // -5 = ...11011 keeps 0b011 = 3.
  ap_int<3> a = 3;
  ap_int<3> b = a + 1;
  CHECK_EQ(b, -4);
  CHECK_EQ(a + 1, 4); // the sum itself is exact: wrapping happens on assignment
  CHECK_EQ(ap_int<3>(5), -3);
  CHECK_EQ(ap_int<3>(-5), 3);
  a++;
  CHECK_EQ(a, -4);
  a--;
  CHECK_EQ(a, 3);
  CHECK_EQ(ap_int<3>(3) * ap_int<3>(3), 9); // ap_int<6> product
  ap_int<3> nine = ap_int<3>(3) * ap_int<3>(3);
  CHECK_EQ(nine, 1); // 9 = 0b1001 keeps 0b001
  ap_int<3> c = 2;
  c += 3; // 5 -> -3
  CHECK_EQ(c, -3);
  c *= 3; // -9 = ...10111 keeps 0b111 = -1
  CHECK_EQ(c, -1);

  // ap_uint<12> holds [0, 4095].
  ap_uint<12> u = 4095;
  ap_uint<12> u1 = u + 1;
  CHECK_EQ(u1, 0);
  CHECK_EQ(u + 1, 4096);
  CHECK_EQ(ap_uint<12>(-1), 4095);
  ap_uint<12> z = 0;
  CHECK_EQ(z - 1, -1); // subtraction is signed (full precision)
  ap_uint<12> zm1 = z - 1;
  CHECK_EQ(zm1, 4095);
  ap_uint<12> p = ap_uint<12>(3000) * 2; // 6000 - 4096
  CHECK_EQ(p, 1904);
  CHECK_EQ(ap_uint<12>(0x1234), 0x234);

  // ap_int<33> holds [-2^32, 2^32 - 1]; bit 32 is the sign.
  ap_int<33> m = 4294967295LL;
  ap_int<33> m1 = m + 1;
  CHECK_EQ(m1, -4294967296LL);
  CHECK_EQ(ap_int<33>(1LL << 32), -4294967296LL);
  CHECK_EQ(m * ap_int<33>(2), 8589934590LL); // ap_int<66> product
  CHECK_EQ(ap_int<33>(-1).to_uint64(), 18446744073709551615ULL); // sign-extended
  CHECK_EQ(ap_int<33>(-1).to_uint(), 4294967295U);
  CHECK_EQ(ap_int<33>(1) << 32, -4294967296LL); // shifted into the sign bit

  // ap_int<64>: the 128-bit intermediate keeps what int64_t would lose.
  ap_int<64> big = std::numeric_limits<int64_t>::max();
  ap_int<64> big1 = big + 1;
  CHECK_EQ(big1, std::numeric_limits<int64_t>::min());
  ap_int<64> q = 1LL << 62;
  CHECK(q * 4 > q);             // 2^64, exact
  CHECK_EQ(ap_int<64>(q * 4), 0); // wrapped on assignment
  ap_uint<64> umax = ~0ULL;
  CHECK(umax + 1 > umax);
  ap_uint<64> umax1 = umax + 1;
  CHECK_EQ(umax1, 0);
  // 1e19 is exact in a double; it wraps to 1e19 - 2^64.
  CHECK_EQ(ap_int<64>(1e19), -8446744073709551616LL);
}

static void division() {
  // C semantics: the quotient truncates toward zero, the remainder has the
  // sign of the dividend.
  CHECK_EQ(ap_int<8>(-7) / 2, -3);
  CHECK_EQ(ap_int<8>(-7) % 2, -1);
  CHECK_EQ(ap_int<8>(7) / -2, -3);
  CHECK_EQ(ap_int<8>(7) % -2, 1);
  CHECK_EQ(ap_uint<8>(250) / ap_uint<8>(7), 35);
  CHECK_EQ(ap_uint<8>(250) % ap_uint<8>(7), 5);
  // The same bits divide differently as signed and unsigned: 0xF0 is -16 or 240.
  ap_int<8> s = -16;
  CHECK_EQ(s / 3, -5);
  CHECK_EQ(ap_uint<8>(s) / 3, 80);
  CHECK_EQ(ap_uint<8>(s) % 7, 2); // 240 = 34 * 7 + 2
  // Mixed signedness divides the exact values (C would convert to unsigned).
  CHECK_EQ(ap_uint<8>(200) / ap_int<8>(-2), -100);
  CHECK_EQ(ap_uint<32>(10) / -2, -5);
  // The quotient type has one more bit for a signed divisor: -128 / -1 = 128,
  // which wraps back to -128 only when stored in 8 bits.
  CHECK_EQ(ap_int<8>(-128) / -1, 128);
  ap_int<8> w = ap_int<8>(-128) / -1;
  CHECK_EQ(w, -128);
  CHECK(ap_int<64>(std::numeric_limits<int64_t>::min()) / -1 ==
        ap_uint<64>(1ULL << 63));
  ap_uint<4> c = 9;
  c %= 4; // 1
  CHECK_EQ(c, 1);
  c = 9;
  c /= 2; // 4
  CHECK_EQ(c, 4);
}

static void shifts() {
  // The shift keeps the 8-bit type of its left operand: 0x41 << 2 = 0x104
  // loses bit 8 even when stored into 10 bits; cast first to keep it.
  ap_uint<10> r = ap_uint<8>(0x41) << 2;
  CHECK_EQ(r, 0x04);
  r = ap_uint<10>(ap_uint<8>(0x41)) << 2;
  CHECK_EQ(r, 0x104);
  CHECK_EQ(ap_uint<8>(0x41) << 4, 0x10); // 0x410 keeps its low 8 bits
  CHECK_EQ(ap_int<8>(-16) >> 2, -4);       // arithmetic for signed
  CHECK_EQ(ap_uint<8>(0xF0) >> 4, 0x0F);   // logical for unsigned
  CHECK_EQ(ap_uint<8>(ap_int<8>(-16)) >> 2, 60); // 240 >> 2
  CHECK_EQ(ap_int<8>(-1) >> 10, -1);       // every bit shifted out: the sign
  CHECK_EQ(ap_uint<8>(255) >> 10, 0);
  CHECK_EQ(ap_int<8>(1) << 8, 0);
  CHECK_EQ(ap_uint<8>(1) << ap_uint<3>(7), 128);
  CHECK_EQ(ap_int<8>(8) << ap_int<4>(-2), 2); // a negative amount shifts right
  ap_uint<12> x = 0x801;
  x <<= 1; // 0x1002 keeps 0x002
  CHECK_EQ(x, 2);
  x >>= 1;
  CHECK_EQ(x, 1);
}

static void bits_and_ranges() {
  ap_uint<8> x = 0;
  x[7] = 1;
  CHECK_EQ(x, 128);
  x[0] = true;
  CHECK_EQ(x, 129);
  CHECK(x[7]);
  CHECK(!x[1]);
  x[3] = x[0]; // bit to bit
  CHECK_EQ(x, 137);
  ap_int<4> y = -1; // 0b1111
  CHECK(y[3]);
  y[3] = 0; // 0b0111
  CHECK_EQ(y, 7);
  const ap_uint<8> c = 0xA5; // 1010 0101
  CHECK(c[0]);
  CHECK(!c[1]);
  CHECK(c.test(7));
  x.set(1);
  x.clear(7);
  CHECK_EQ(x, 11); // 0b0000_1011

  ap_uint<16> v = 0xABCD;
  CHECK_EQ(v.range(15, 8), 0xAB);
  CHECK_EQ(v(7, 4), 0xC);
  CHECK_EQ(v.range(15, 8).length(), 8);
  // hi < lo reads the bits reversed: 0xD = 1101 read from bit 0 up is 1011.
  CHECK_EQ(v.range(0, 3), 0xB);
  ap_uint<4> nibble = v.range(3, 0);
  CHECK_EQ(nibble, 0xD);
  v.range(11, 4) = 0x12;
  CHECK_EQ(v, 0xA12D);
  v(3, 0) = 0x1F; // only the low 4 bits are stored
  CHECK_EQ(v, 0xA12F);
  ap_uint<16> w = 0;
  w.range(7, 4) = -1; // the low 4 bits of -1
  CHECK_EQ(w, 0xF0);
  w.range(15, 12) = v.range(15, 12); // range to range
  CHECK_EQ(w, 0xA0F0);
  // A range reads as unsigned, even of a negative signed value.
  CHECK_EQ(ap_int<8>(-1).range(7, 0), 255);
  CHECK_EQ(ap_int<8>(-1).range(), 255);
  CHECK_EQ(ap_uint<8>(0x0F).or_reduce(), true);
  CHECK_EQ(ap_uint<8>(0x0F).and_reduce(), false);
  CHECK_EQ(ap_uint<8>(0x07).xor_reduce(), true);
  ap_uint<8> rv = 0x01;
  rv.reverse();
  CHECK_EQ(rv, 0x80);
}

static void conversions() {
  // From double: truncate toward zero, then wrap.
  CHECK_EQ(ap_int<8>(3.7), 3);
  CHECK_EQ(ap_int<8>(-3.7), -3);
  CHECK_EQ(ap_int<8>(300.5), 44); // 300 - 256
  CHECK_EQ(ap_uint<8>(-1.5), 255); // -1 wraps to 255
  CHECK_EQ(ap_int<8>(std::nan("")), 0);
  CHECK_EQ(ap_int<8>(2.5f), 2);
  // From C++ integers: wrap. -300 + 512 = 212 = 0b1101_0100 = -44.
  CHECK_EQ(ap_int<8>(int64_t(-300)), -44);
  CHECK_EQ(ap_int<8>(true), 1);
  // To C++ types.
  ap_int<12> n = -5;
  CHECK_EQ(n.to_int(), -5);
  CHECK_EQ(n.to_uint(), 4294967291U); // sign-extended to 32 bits
  CHECK_EQ(n.to_long(), -5L);
  CHECK_EQ(n.to_int64(), -5LL);
  CHECK_EQ(n.to_uint64(), 18446744073709551611ULL);
  CHECK_EQ(n.to_double(), -5.0);
  CHECK_EQ(n.to_float(), -5.0f);
  CHECK_EQ(n.length(), 12);
  CHECK_EQ(ap_uint<12>(4095).to_int(), 4095);
  int i = ap_int<5>(-3); // implicit
  CHECK_EQ(i, -3);
  unsigned u = ap_uint<5>(31);
  CHECK_EQ(u, 31U);
  double d = ap_int<5>(-3);
  CHECK_EQ(d, -3.0);
  const int table[4] = {10, 11, 12, 13};
  CHECK_EQ(table[ap_uint<3>(2)], 12); // as an index
  CHECK_EQ(static_cast<int16_t>(ap_int<12>(-5)), int16_t(-5));
  CHECK_EQ((float)ap_int<12>(-7) * 2.5f, -17.5f);
  // Narrow to wide: sign-extension for signed sources, zero-padding for
  // unsigned ones (the guide's example).
  ap_uint<10> res = ap_int<7>(0x7f); // -1 -> 0x3ff
  CHECK_EQ(res, 0x3ff);
  res = ap_uint<6>(0x3f);
  CHECK_EQ(res, 0x03f);
  res = ap_uint<7>(ap_int<7>(0x7f));
  CHECK_EQ(res, 0x07f);
  res = ap_int<6>(ap_uint<6>(0x3f));
  CHECK_EQ(res, 0x3ff);
  // Printing: decimal, also above 64 bits. 2^99 = 633825300114114700748351602688.
  CHECK_EQ(text(ap_int<8>(-3)), std::string("-3"));
  CHECK_EQ(text(ap_uint<64>(~0ULL)), std::string("18446744073709551615"));
  ap_uint<100> p99 = 1;
  p99 <<= 99;
  CHECK_EQ(text(p99), std::string("633825300114114700748351602688"));
  ap_int<100> n99 = p99; // bit 99 is the sign of ap_int<100>
  CHECK_EQ(text(n99), std::string("-633825300114114700748351602688"));
  CHECK_EQ(n99.to_double(), -std::ldexp(1.0, 99));
  std::istringstream in("-42 17");
  ap_int<8> r1;
  ap_uint<4> r2;
  in >> r1 >> r2;
  CHECK_EQ(r1, -42);
  CHECK_EQ(r2, 1); // 17 wraps to 1
}

static void mixed_arithmetic() {
  // Results are wide enough for the exact value.
  ap_int<8> a = 100, b = 100;
  int prod = a * b;
  CHECK_EQ(prod, 10000);
  ap_uint<8> c = 200, d = 100;
  int sum = c + d;
  CHECK_EQ(sum, 300);
  ap_uint<8> sum8 = c + d;
  CHECK_EQ(sum8, 44);
  CHECK_EQ(ap_uint<8>(3) - ap_uint<8>(5), -2);
  CHECK(ap_uint<8>(3) - ap_uint<8>(5) < 0);
  // Comparisons compare exact values; in C, 1u > -1 is false.
  CHECK(ap_uint<32>(1) > -1);
  CHECK(ap_uint<8>(200) > ap_int<8>(-1));
  CHECK(ap_int<8>(-1) != ap_uint<8>(255));
  CHECK(ap_int<8>(-1) == -1);
  CHECK(5 >= ap_uint<3>(5));
  CHECK(ap_int<40>(-3) <= ap_int<7>(-3));
  // Bitwise operators.
  ap_uint<4> e = 9;
  e |= 6; // 1111
  CHECK_EQ(e, 15);
  e &= 10; // 1010
  CHECK_EQ(e, 10);
  e ^= 15; // 0101
  CHECK_EQ(e, 5);
  CHECK_EQ(~ap_uint<4>(5), 10); // keeps the 4-bit type
  CHECK_EQ(~ap_int<4>(5), -6);
  CHECK_EQ(ap_uint<4>(0xF) & ap_int<8>(-1), 15);
  CHECK_EQ(ap_int<4>(-8) | ap_uint<8>(0x80), -8); // ...1000 | 1000_0000
  // Unary minus is one bit wider and signed.
  CHECK_EQ(-ap_uint<8>(5), -5);
  CHECK_EQ(-ap_int<8>(-128), 128);
  // With floating point the arithmetic is floating point.
  CHECK_EQ(ap_int<8>(3) * 1.5, 4.5);
  ap_int<8> g = 3;
  g *= 1.5; // 4.5 truncated
  CHECK_EQ(g, 4);
  CHECK_EQ(ap_int<12>(5) + ap_uint<12>(7) * ap_int<4>(-2), -9);
}

static void quantization() {
  // ap_fixed<3, 2>: LSB 0.5. 1.25 and -1.25 are ties (2.5 LSBs); the guide's
  // examples give the documented result of each mode.
  CHECK_EQ(q3<AP_RND>(1.25), 1.5);   // tie toward +inf
  CHECK_EQ(q3<AP_RND>(-1.25), -1.0);
  CHECK_EQ(q3<AP_RND_ZERO>(1.25), 1.0); // tie toward zero
  CHECK_EQ(q3<AP_RND_ZERO>(-1.25), -1.0);
  CHECK_EQ(q3<AP_RND_MIN_INF>(1.25), 1.0); // tie toward -inf
  CHECK_EQ(q3<AP_RND_MIN_INF>(-1.25), -1.5);
  CHECK_EQ(q3<AP_RND_INF>(1.25), 1.5); // tie away from zero
  CHECK_EQ(q3<AP_RND_INF>(-1.25), -1.5);
  // Convergent: ties to the even raw value. 1.25 is between 1.0 (raw 2, even)
  // and 1.5 (raw 3); -1.25 between -1.5 (raw -3) and -1.0 (raw -2, even);
  // 0.75 between 0.5 (raw 1) and 1.0 (raw 2, even).
  CHECK_EQ(q3<AP_RND_CONV>(1.25), 1.0);
  CHECK_EQ(q3<AP_RND_CONV>(-1.25), -1.0);
  CHECK_EQ(q3<AP_RND_CONV>(0.75), 1.0);
  CHECK_EQ(q3<AP_RND_CONV>(-0.75), -1.0);
  CHECK_EQ(q3<AP_TRN>(1.25), 1.0); // floor
  CHECK_EQ(q3<AP_TRN>(-1.25), -1.5);
  CHECK_EQ(q3<AP_TRN_ZERO>(1.25), 1.0); // toward zero
  CHECK_EQ(q3<AP_TRN_ZERO>(-1.25), -1.0);
  // Not ties: 1.4 is 2.8 LSBs, 1.1 is 2.2; every rounding mode takes the
  // nearest (3 and 2 LSBs), the truncations take floor / toward zero.
  CHECK_EQ(q3<AP_RND>(1.4), 1.5);
  CHECK_EQ(q3<AP_RND_ZERO>(1.4), 1.5);
  CHECK_EQ(q3<AP_RND_ZERO>(-1.4), -1.5);
  CHECK_EQ(q3<AP_RND_MIN_INF>(1.4), 1.5);
  CHECK_EQ(q3<AP_RND_INF>(1.1), 1.0);
  CHECK_EQ(q3<AP_RND_INF>(-1.1), -1.0);
  CHECK_EQ(q3<AP_RND_CONV>(-1.4), -1.5);
  CHECK_EQ(q3<AP_TRN>(1.4), 1.0);
  CHECK_EQ(q3<AP_TRN>(-1.1), -1.5); // floor(-2.2) = -3 LSBs
  CHECK_EQ(q3<AP_TRN_ZERO>(-1.4), -1.0);
  CHECK_EQ(q3<AP_TRN_ZERO>(1.4), 1.0);
  // Rounding up can overflow: 1.75 rounds to 2.0, saturated to 1.5.
  CHECK_EQ(q3<AP_RND>(1.75), 1.5);
  // ap_fixed<8, 4>: LSB 1/16. pi is 50.265 LSBs, 3.17 is 50.72.
  CHECK_EQ((ap_fixed<8, 4>(3.14159)), 3.125);            // 50/16
  CHECK_EQ((ap_fixed<8, 4, AP_RND>(3.14159)), 3.125);    // 50/16
  CHECK_EQ((ap_fixed<8, 4, AP_RND>(3.17)), 3.1875);      // 51/16
  CHECK_EQ((ap_fixed<8, 4>(-3.14159)), -3.1875);         // floor: -51/16
  CHECK_EQ((ap_fixed<8, 4, AP_TRN_ZERO>(-3.14159)), -3.125);
  CHECK_EQ((ap_fixed<8, 4, AP_RND>(-3.14159)), -3.125);
  // ap_ufixed<4, 2, AP_RND_CONV>: LSB 0.25; 0.375, 0.625, 0.875 are the ties
  // 1.5, 2.5, 3.5 LSBs, which go to the even 2, 2, 4.
  CHECK_EQ((ap_ufixed<4, 2, AP_RND_CONV>(0.375)), 0.5);
  CHECK_EQ((ap_ufixed<4, 2, AP_RND_CONV>(0.625)), 0.5);
  CHECK_EQ((ap_ufixed<4, 2, AP_RND_CONV>(0.875)), 1.0);
  // Quantization also applies between fixed-point types.
  ap_fixed<8, 4> fine = 1.3125; // 21/16
  CHECK_EQ((ap_fixed<4, 2, AP_RND>(fine)), 1.25);  // 5.25 LSBs of 1/4 -> 5
  CHECK_EQ((ap_fixed<4, 2, AP_TRN>(-fine)), -1.5); // -5.25 -> -6
}

static void overflow() {
  // ap_fixed<4, 4> holds [-8, 7], ap_ufixed<4, 4> [0, 15] (the guide's examples).
  CHECK_EQ(s4<AP_SAT>(19), 7.0);
  CHECK_EQ(s4<AP_SAT>(-19), -8.0);
  CHECK_EQ(u4<AP_SAT>(19), 15.0);
  CHECK_EQ(u4<AP_SAT>(-19), 0.0);
  CHECK_EQ(s4<AP_SAT_ZERO>(19), 0.0);
  CHECK_EQ(s4<AP_SAT_ZERO>(-19), 0.0);
  CHECK_EQ(u4<AP_SAT_ZERO>(19), 0.0);
  CHECK_EQ(u4<AP_SAT_ZERO>(-19), 0.0);
  CHECK_EQ(s4<AP_SAT_SYM>(19), 7.0);
  CHECK_EQ(s4<AP_SAT_SYM>(-19), -7.0); // -max, not -8
  CHECK_EQ(u4<AP_SAT_SYM>(19), 15.0);
  CHECK_EQ(u4<AP_SAT_SYM>(-19), 0.0);
  // Wrap keeps the low 4 bits: 31 = 1_1111 -> 1111 = -1; -19 = ...10_1101 ->
  // 1101 = -3; unsigned 19 = 1_0011 -> 3, -19 -> 1101 = 13.
  CHECK_EQ(s4<AP_WRAP>(31), -1.0);
  CHECK_EQ(s4<AP_WRAP>(-19), -3.0);
  CHECK_EQ(u4<AP_WRAP>(19), 3.0);
  CHECK_EQ(u4<AP_WRAP>(-19), 13.0);
  // Sign-magnitude wrap: the lowest dropped bit becomes the sign and, if it
  // differs from the kept MSB, the kept bits are inverted.
  // 19 = 1_0011: new sign 1, kept MSB 0 -> ~0011 = 1100 = -4.
  // -19 = ...0_1101: new sign 0, kept MSB 1 -> ~1101 = 0010 = 2.
  CHECK_EQ(s4<AP_WRAP_SM>(19), -4.0);
  CHECK_EQ(s4<AP_WRAP_SM>(-19), 2.0);
  CHECK_EQ(s4<AP_WRAP_SM>(5), 5.0); // in range: unchanged
  CHECK_EQ(s4<AP_WRAP_SM>(-5), -5.0);
  // Wrap with N saturation bits: the N MSBs saturate (the sign keeps the
  // source's sign, the other N-1 bits take its complement), the rest wraps.
  // 9 = 0_1001 wraps to 1001; N=1 -> 0001, N=2 -> 0101, N=3 -> 0111.
  CHECK_EQ((s4<AP_WRAP, 1>(9)), 1.0);
  CHECK_EQ((s4<AP_WRAP, 2>(9)), 5.0);
  CHECK_EQ((s4<AP_WRAP, 3>(9)), 7.0);
  // -19 wraps to 1101; N=2 -> sign 1, next bit 0: 1001 = -7.
  CHECK_EQ((s4<AP_WRAP, 2>(-19)), -7.0);
  CHECK_EQ((s4<AP_WRAP, 2>(5)), 5.0); // no overflow: no saturation
  CHECK_EQ((s4<AP_WRAP, 2>(-5)), -5.0);
  // Unsigned: the N MSBs become 1 on overflow. 19 -> 0011 -> 1111;
  // 17 -> 0001 -> 1001 with N=1.
  CHECK_EQ((u4<AP_WRAP, 2>(19)), 15.0);
  CHECK_EQ((u4<AP_WRAP, 1>(17)), 9.0);
  // Overflow caused by rounding: 7.5 rounds to 8.
  CHECK_EQ(s4<AP_SAT>(7.5), 7.0);
  CHECK_EQ(s4<AP_WRAP>(7.5), -8.0);
  // With fractional bits: ap_fixed<8, 4> saturates to 127/16 and -8.
  CHECK_EQ((ap_fixed<8, 4, AP_TRN, AP_SAT>(100.0)), 7.9375);
  CHECK_EQ((ap_fixed<8, 4, AP_TRN, AP_SAT>(-100.0)), -8.0);
  CHECK_EQ((ap_ufixed<8, 4, AP_TRN, AP_SAT_SYM>(-0.5)), 0.0);
  CHECK_EQ((ap_fixed<8, 4, AP_TRN, AP_SAT>(
               std::numeric_limits<double>::infinity())),
           7.9375);
  CHECK_EQ((ap_fixed<8, 4>(std::nan(""))), 0.0);
  CHECK_EQ((ap_ufixed<8, 8>(300)), 44.0);
}

static void fixed_arithmetic() {
  ap_fixed<8, 4> a = 1.5, b = 2.25;
  // Exact full-precision results.
  CHECK_EQ(a * b, 3.375);
  CHECK_EQ(a + b, 3.75);
  CHECK_EQ(a - b, -0.75);
  ap_fixed<8, 4> prod = a * b; // 54/16, representable
  CHECK_EQ(prod, 3.375);
  // Division keeps the dividend's 4 fractional bits, truncating toward zero:
  // (24 << 4) / 36 = 10.67 -> 10/16.
  CHECK_EQ(a / b, 0.625);
  CHECK_EQ((ap_fixed<8, 4>(-1.5) / b), -0.625); // toward zero, not -11/16
  // A dividend with 12 fractional bits: (6144 << 4) / 36 = 2730.67 -> 2730/4096.
  CHECK_EQ((ap_fixed<16, 4>(1.5) / b), 0.66650390625);
  // The sum of two 7.5s is 15 (one more integer bit); stored back into
  // ap_fixed<8, 4> it wraps: raw 240 -> -16 -> -1.0, or saturates.
  ap_fixed<8, 4> x = 7.5;
  CHECK_EQ(x + x, 15.0);
  ap_fixed<8, 4> wrapped = x + x;
  CHECK_EQ(wrapped, -1.0);
  ap_fixed<8, 4, AP_TRN, AP_SAT> saturated = x + x;
  CHECK_EQ(saturated, 7.9375);
  // Quantization on assignment: 1.4375^2 = 529/256 = 33.0625 LSBs of 1/16.
  ap_fixed<8, 4> c = 1.4375;
  CHECK_EQ(c * c, 2.06640625);
  ap_fixed<8, 4> cc = c * c;
  CHECK_EQ(cc, 2.0625);
  // With ap_int and C++ integers.
  CHECK_EQ(a * 3, 4.5);
  CHECK_EQ(3 - a, 1.5);
  CHECK_EQ(a + ap_int<8>(2), 3.5);
  CHECK_EQ(ap_int<8>(2) - a, 0.5);
  CHECK_EQ((ap_uint<4>(15) * ap_fixed<4, 1>(-0.5)), -7.5);
  // Compound assignments: exact result, then quantize/wrap into the type.
  ap_fixed<8, 4> y = 1.5;
  y += 1;
  CHECK_EQ(y, 2.5);
  y *= b;
  CHECK_EQ(y, 5.625);
  y -= 10;
  CHECK_EQ(y, -4.375);
  y /= 2; // raw -70 / 2 = -35
  CHECK_EQ(y, -2.1875);
  y = 7.5;
  ++y; // 8.5 = raw 136 wraps to -120
  CHECK_EQ(y, -7.5);
  y = 1.0;
  y += 0.3; // via double: 1.3 truncated to 20/16
  CHECK_EQ(y, 1.25);
  // Unary minus is one bit wider: -(-8) = 8, wrapping back to -8 in 8 bits.
  CHECK_EQ((-ap_fixed<8, 4>(-8)), 8.0);
  ap_fixed<8, 4> neg = -ap_fixed<8, 4>(-8);
  CHECK_EQ(neg, -8.0);
  // Shifts move the stored bits and keep the type.
  CHECK_EQ(a << 1, 3.0);
  CHECK_EQ(a >> 1, 0.75);
  CHECK_EQ((ap_fixed<8, 4>(6.0) << 1), -4.0); // 12 wraps in [-8, 8)
  // Comparisons of exact values.
  CHECK(a > ap_fixed<16, 2>(1.25));
  CHECK(a == ap_ufixed<4, 2>(1.5));
  CHECK(a < 2);
  CHECK(2 > a);
  CHECK(ap_ufixed<8, 8>(200) > ap_fixed<8, 4>(-1));
  CHECK(ap_fixed<8, 4>(-0.5) < 0);
  CHECK(a == 1.5);
  CHECK(a != ap_int<4>(1));
  CHECK(ap_int<4>(2) >= ap_fixed<8, 4>(1.9375));
  // 64-bit operands: the 128-bit intermediates are exact.
  ap_fixed<64, 32> h = 65536;
  CHECK_EQ(h * h, 4294967296.0);
  ap_fixed<64, 32> hh = h * h; // 2^32 is outside [-2^31, 2^31): wraps to 0
  CHECK_EQ(hh, 0.0);
  ap_fixed<64, 2> p = 1.75;
  ap_fixed<64, 4> p2 = p * p;
  CHECK_EQ(p2, 3.0625);
  ap_fixed<64, 1> tiny = std::ldexp(1.0, -63);
  CHECK_EQ(tiny * tiny, std::ldexp(1.0, -126)); // ap_fixed<128, 2>
  ap_fixed<64, 32> third = ap_fixed<64, 32>(1) / 3; // 32 fractional bits
  CHECK_EQ(third, 1431655765.0 / 4294967296.0);
}

static void fixed_conversions() {
  ap_fixed<8, 4> f = -2.75;
  CHECK_EQ(f.to_int(), -2); // toward zero
  CHECK_EQ((ap_fixed<8, 4>(2.75).to_int()), 2);
  CHECK_EQ(f.to_int64(), -2LL);
  CHECK_EQ(f.to_double(), -2.75);
  CHECK_EQ(f.to_float(), -2.75f);
  ap_int<8> i = f;
  CHECK_EQ(i, -2);
  CHECK_EQ((int)f, -2);
  double d = f;
  CHECK_EQ(d, -2.75);
  CHECK_EQ(f.length(), 8);
  // From ap_int: 5 fits; 100 * 16 = 1600 wraps to 1600 - 6 * 256 = 64 -> 4.0.
  CHECK_EQ((ap_fixed<8, 4>(ap_int<8>(5))), 5.0);
  CHECK_EQ((ap_fixed<8, 4>(ap_int<8>(100))), 4.0);
  // Negative I: ap_fixed<4, -2> has F = 6, raw in [-8, 7]: 0.1 = 6.4 LSBs -> 6;
  // 0.2 = 12.8 -> 12 = 1100 wraps to -4.
  CHECK_EQ((ap_fixed<4, -2>(0.1)), 0.09375);
  CHECK_EQ((ap_fixed<4, -2>(0.2)), -0.0625);
  // I > W: ap_fixed<4, 6> has an LSB of 4: 13 -> 3 LSBs = 12; 100 -> 25 =
  // 1_1001 wraps to 1001 = -7 LSBs = -28.
  CHECK_EQ((ap_fixed<4, 6>(13)), 12.0);
  CHECK_EQ((ap_fixed<4, 6>(100)), -28.0);
  // The guide's identifier examples.
  CHECK_EQ((ap_fixed<2, 0>(-0.5)), -0.5);
  CHECK_EQ((ap_ufixed<1, 0>(0.5)), 0.5);
  CHECK_EQ((ap_ufixed<1, -1>(0.25)), 0.25);
  // From float: 0.1f = 13421773 * 2^-27 is 25.6 LSBs of 1/256 -> 25.
  CHECK_EQ((ap_fixed<16, 8>(0.1f)), 0.09765625);
  // The stored bits: -1.5 in ap_fixed<8, 4> is raw -24 = 0xE8.
  CHECK_EQ((ap_fixed<8, 4>(-1.5).range(7, 0)), 0xE8);
  ap_fixed<8, 4> g = 0;
  g[4] = 1; // the LSB of the integer part
  CHECK_EQ(g, 1.0);
  CHECK_EQ((text(ap_fixed<8, 4>(1.5))), std::string("1.5"));
  CHECK_EQ((ap_fixed<8, 4>(ap_fixed<16, 8, AP_RND>(0.53125))), 0.5); // TRN
}

int main() {
  wrap_around();
  division();
  shifts();
  bits_and_ranges();
  conversions();
  mixed_arithmetic();
  quantization();
  overflow();
  fixed_arithmetic();
  fixed_conversions();
  if (failures != 0) {
    std::printf("ap types: %d of %d checks failed\n", failures, checks);
    return 1;
  }
  std::printf("ap types: %d checks passed\n", checks);
  return 0;
}
