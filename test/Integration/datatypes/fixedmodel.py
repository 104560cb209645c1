"""An independent model of hcl's data types (docs/datatypes.md) in Python
integers of unbounded size and exact fractions: what every fixed-point,
wide-integer and bit operation must compute, bit for bit.

A fixed-point value is its integer bits V, interpreted by its format
(width W, fraction bits F, signedness): the value is V * 2^-F.

  python3 fixedmodel.py --self-test
"""
import math
import struct
import sys
from fractions import Fraction


def wrap(v, width, signed):
    """v modulo 2^width, read as signed or unsigned."""
    v &= (1 << width) - 1
    if signed and v >> (width - 1):
        v -= 1 << width
    return v


def bits(v, width):
    """The width-bit pattern of v (two's complement), as a non-negative int."""
    return v & ((1 << width) - 1)


def div_toward_zero(n, d):
    q = abs(n) // abs(d)
    return q if (n < 0) == (d < 0) else -q


def limits(width, signed):
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


def quantize(exact, width, signed, nearest=False, saturate=False):
    """An exact value already scaled by 2^F (a Fraction): floor (or round
    half up), then saturate or wrap."""
    v = math.floor(exact + Fraction(1, 2)) if nearest else math.floor(exact)
    if saturate:
        lo, hi = limits(width, signed)
        v = min(max(v, lo), hi)
    return wrap(v, width, signed)


# Fixed-point arithmetic: operands and result in one format (W, F, s).
def add(a, b, w, f, s):
    return wrap(a + b, w, s)


def sub(a, b, w, f, s):
    return wrap(a - b, w, s)


def mul(a, b, w, f, s):
    return wrap((a * b) >> f, w, s)  # >> floors: truncation toward -inf


def div(a, b, w, f, s):
    return wrap(div_toward_zero(a << f, b), w, s)


def requantize(v, frm, to, nearest=False, saturate=False):
    (w1, f1, s1), (w2, f2, s2) = frm, to
    return quantize(Fraction(v) * Fraction(2) ** (f2 - f1), w2, s2, nearest, saturate)


def fixed_to_int(v, f, width):
    return wrap(div_toward_zero(v, 1 << f), width, True)


def float_to_fixed(x, to, nearest=False, saturate=False):
    w, f, s = to
    if math.isnan(x) or math.isinf(x):
        return 0
    return quantize(Fraction(x) * Fraction(2) ** f, w, s, nearest, saturate)


def round_to_float(value, mantissa_bits, min_exponent, max_exponent):
    """A Fraction rounded to the nearest float of the given format (ties to
    even): returns (sign, integer significand, exponent) or 'inf'."""
    if value == 0:
        return 0.0
    sign = -1 if value < 0 else 1
    value = abs(value)
    e = value.numerator.bit_length() - value.denominator.bit_length()
    while Fraction(2) ** e > value:
        e -= 1
    while Fraction(2) ** (e + 1) <= value:
        e += 1
    e = max(e, min_exponent)  # subnormals share the smallest exponent
    scale = Fraction(2) ** (e - mantissa_bits)
    q, r = divmod(value / scale, 1)
    q = int(q)
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and q % 2 == 1):
        q += 1
    result = q * scale
    if result >= Fraction(2) ** (max_exponent + 1):
        return sign * math.inf
    return sign * result


def fixed_to_float(v, f, is_f32):
    exact = Fraction(v, 1 << f)
    if not is_f32:
        return float(exact)  # CPython rounds int / int correctly
    r = round_to_float(exact, 23, -126, 127)
    return r if isinstance(r, float) else float(r)


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


# Bit operations on the W-bit pattern x (non-negative), indices of any sign.
def get_bit(x, i, w):
    return (x >> i) & 1 if 0 <= i < w else 0


def set_bit(x, i, b, w):
    if not 0 <= i < w:
        return x
    return (x & ~(1 << i)) | (b << i)


def get_slice(x, hi, lo, w, result_width):
    if not 0 <= lo <= hi < w:
        return 0
    return bits((x >> lo) & ((1 << (hi - lo + 1)) - 1), result_width)


def set_slice(x, hi, lo, v, w):
    if not 0 <= lo <= hi < w:
        return x
    mask = ((1 << (hi - lo + 1)) - 1) << lo
    return (x & ~mask & ((1 << w) - 1)) | ((v << lo) & mask)


def bit_reverse(x, w):
    return int(format(x, f"0{w}b")[::-1], 2)


def self_test():
    # Fixed<8, 4>: 1.5625 * 2.25 = 3.515625 floors to 56/16; the negative
    # product -3.515625 floors to -57/16.
    assert mul(25, 36, 8, 4, True) == 56
    assert mul(-25, 36, 8, 4, True) == -57
    # 1.5 / 2.25 = 0.666.. truncates toward zero to 10/16; -1.5 / 2.25 to -10/16.
    assert div(24, 36, 8, 4, True) == 10
    assert div(-24, 36, 8, 4, True) == -10
    # 7.9375 + 0.125 = 8.0625 wraps to -7.9375 in Fixed<8, 4>.
    assert add(127, 2, 8, 4, True) == -127
    # Fixed<16, 8> 1.99609375 to Fixed<8, 4>: floor gives 1.9375, nearest 2.0.
    assert requantize(511, (16, 8, True), (8, 4, True)) == 31
    assert requantize(511, (16, 8, True), (8, 4, True), nearest=True) == 32
    # 100.0 saturates to 7.9375 in Fixed<8, 4>, wraps to 4.0 otherwise.
    assert float_to_fixed(100.0, (8, 4, True), saturate=True) == 127
    assert float_to_fixed(100.0, (8, 4, True)) == wrap(1600, 8, True) == 64
    assert float_to_fixed(-3.03125, (8, 4, True)) == -49  # floor(-48.5)
    assert float_to_fixed(math.nan, (8, 4, True)) == 0
    assert fixed_to_int(-24, 4, 32) == -1  # -1.5 truncates toward zero
    # 2^113 as Fixed<300, 100> in f32 (not infinity).
    assert fixed_to_float(1 << 213, 100, True) == 2.0 ** 113
    assert fixed_to_float(1, 4, True) == 0.0625
    # f32 ties to even: 2^24 + 1 rounds down to 2^24, 2^24 + 3 up.
    assert fixed_to_float((1 << 24) + 1, 0, True) == 2.0 ** 24
    assert fixed_to_float((1 << 24) + 3, 0, True) == 2.0 ** 24 + 4
    assert get_slice(0x1234, 11, 4, 16, 8) == 0x23
    assert get_slice(0x1234, 3, 4, 16, 8) == 0
    assert set_slice(0x1234, 15, 12, 0xF, 16) == 0xF234
    assert bit_reverse(0b0011, 4) == 0b1100
    print("fixedmodel: self-test passed")


if __name__ == "__main__":
    if "--self-test" in sys.argv:
        self_test()
