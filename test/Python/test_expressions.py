"""Python operators on hcl expressions, literals on either side, types,
select / cast / bits and the reductions, each program checked against
NumPy on random data."""

import numpy as np
import pytest

import hcl

N = 64
rng = np.random.default_rng(7)
A_INT = rng.integers(-1000, 1000, N, dtype=np.int32)
B_INT = rng.integers(1, 50, N, dtype=np.int32)  # no division by zero
A_FLT = rng.random(N, dtype=np.float32) * 4 - 2
B_FLT = rng.random(N, dtype=np.float32) + 0.5


def run_binary(fcompute, a, b, dtype):
    A = hcl.placeholder((N,), "A", dtype)
    B = hcl.placeholder((N,), "B", dtype)
    s = hcl.create_schedule(
        [A, B], lambda A, B: hcl.compute((N,), lambda i: fcompute(A[i], B[i]),
                                         "C", dtype))
    out = np.zeros(N, a.dtype)
    hcl.build(s)(a, b, out)
    return out


def c_div(a, b):  # C's division of values: toward zero
    return (np.sign(a) * np.sign(b) * (np.abs(a) // np.abs(b))).astype(a.dtype)


def c_mod(a, b):
    return (a - c_div(a, b) * b).astype(a.dtype)


INT_CASES = [
    (lambda x, y: x + y, lambda a, b: a + b),
    (lambda x, y: x - y, lambda a, b: a - b),
    (lambda x, y: x * y, lambda a, b: a * b),
    (lambda x, y: x / y, c_div),
    (lambda x, y: x // y, c_div),
    (lambda x, y: x % y, c_mod),
    (lambda x, y: x & y, lambda a, b: a & b),
    (lambda x, y: x | y, lambda a, b: a | b),
    (lambda x, y: x ^ y, lambda a, b: a ^ b),
    (lambda x, y: x << (y % 8), lambda a, b: a << (b % 8)),
    (lambda x, y: x >> (y % 8), lambda a, b: a >> (b % 8)),
    (lambda x, y: -x + ~y, lambda a, b: -a + ~b),
    (lambda x, y: 3 - x, lambda a, b: 3 - a),
    (lambda x, y: 7 * x + 2, lambda a, b: 7 * a + 2),
    (lambda x, y: 1000 // y, lambda a, b: 1000 // b),
    (lambda x, y: hcl.select(x > y, x, y), np.maximum),
    (lambda x, y: hcl.select(x <= y, 1, 0), lambda a, b: (a <= b).astype(np.int32)),
    (lambda x, y: hcl.select(x == y, 1, 0) + hcl.select(x != y, 2, 0),
     lambda a, b: np.where(a == b, 1, 2)),
    (lambda x, y: hcl.select((x < 0) & (y > 10), 5, 6),
     lambda a, b: np.where((a < 0) & (b > 10), 5, 6)),
    (lambda x, y: hcl.select(x >= 0, x, -x), lambda a, b: np.abs(a)),
    (lambda x, y: abs(x), lambda a, b: np.abs(a)),
    (lambda x, y: 2 < x, lambda a, b: (2 < a).astype(np.int32)),
    (lambda x, y: hcl.max(x, y), np.maximum),
    (lambda x, y: hcl.min(x, y), np.minimum),
]


@pytest.mark.parametrize("case", range(len(INT_CASES)))
def test_int_operator(case):
    fcompute, reference = INT_CASES[case]
    got = run_binary(fcompute, A_INT, B_INT, hcl.Int(32))
    np.testing.assert_array_equal(got, reference(A_INT, B_INT))


FLOAT_CASES = [
    (lambda x, y: x + y * 2.5, lambda a, b: a + b * np.float32(2.5)),
    (lambda x, y: x / y, lambda a, b: a / b),
    (lambda x, y: 1.0 - x, lambda a, b: np.float32(1) - a),
    (lambda x, y: hcl.exp(x) + hcl.sqrt(y), lambda a, b: np.exp(a) + np.sqrt(b)),
    (lambda x, y: hcl.tanh(x) * hcl.log(y), lambda a, b: np.tanh(a) * np.log(b)),
    (lambda x, y: x ** 2, lambda a, b: a ** 2),
    (lambda x, y: hcl.floor(x) + hcl.ceil(y), lambda a, b: np.floor(a) + np.ceil(b)),
]


@pytest.mark.parametrize("case", range(len(FLOAT_CASES)))
def test_float_operator(case):
    fcompute, reference = FLOAT_CASES[case]
    got = run_binary(fcompute, A_FLT, B_FLT, hcl.Float())
    np.testing.assert_allclose(got, reference(A_FLT, B_FLT), rtol=1e-5, atol=1e-6)


def test_cast_and_bits():
    A = hcl.placeholder((N,), "A", hcl.Int(32))

    def kernel(A):
        low = hcl.compute((N,), lambda i: A[i][0:4], "low", hcl.Int(32))
        bit = hcl.compute((N,), lambda i: A[i][3], "bit", hcl.Int(32))
        half = hcl.compute((N,), lambda i: hcl.cast(hcl.Float(), A[i]) / 2,
                           "half", hcl.Float())
        return low, bit, half

    s = hcl.create_schedule([A], kernel)
    low, bit = np.zeros(N, np.int32), np.zeros(N, np.int32)
    half = np.zeros(N, np.float32)
    hcl.build(s)(A_INT, low, bit, half)
    np.testing.assert_array_equal(low, A_INT & 0xF)
    np.testing.assert_array_equal(bit, (A_INT >> 3) & 1)
    np.testing.assert_allclose(half, A_INT.astype(np.float32) / 2)


def test_types_and_spellings():
    assert hcl.Int(8) == hcl.as_type("int8")
    assert hcl.UInt(4) == hcl.as_type("uint4")
    assert hcl.Float() == hcl.as_type("float32")
    assert hcl.Fixed(16, 8) == hcl.as_type("fixed16_8")
    assert hcl.UFixed(8, 4) == hcl.as_type("ufixed8_4")
    assert str(hcl.Fixed(16, 8)) == "fixed16_8"
    assert repr(hcl.UInt(3)) == "hcl.UInt(3)"
    hcl.init(hcl.Float())
    assert hcl.placeholder((2,), "A").dtype == hcl.Float()


def test_reductions_sum_max_min():
    M, K = 6, 9
    a = rng.integers(-100, 100, (M, K), dtype=np.int32)
    A = hcl.placeholder((M, K), "A")

    def kernel(A):
        k = hcl.reduce_axis(0, K, "k")
        S = hcl.compute((M,), lambda i: hcl.sum(A[i, k], axis=k), "S")
        r = hcl.reduce_axis(0, K, "r")
        X = hcl.compute((M,), lambda i: hcl.max(A[i, r], axis=[r]), "X")
        q = hcl.reduce_axis(0, K, "q")
        Y = hcl.compute((M,), lambda i: hcl.min(A[i, q] * 2, axis=[q]), "Y")
        return S, X, Y

    s = hcl.create_schedule([A], kernel)
    outs = [np.zeros(M, np.int32) for _ in range(3)]
    hcl.build(s)(a, *outs)
    np.testing.assert_array_equal(outs[0], a.sum(axis=1))
    np.testing.assert_array_equal(outs[1], a.max(axis=1))
    np.testing.assert_array_equal(outs[2], 2 * a.min(axis=1))


def test_chained_indexing_and_update():
    a = rng.integers(0, 100, (4, 5), dtype=np.int32)
    A = hcl.placeholder((4, 5), "A")

    def kernel(A):
        hcl.update(A, lambda i, j: A[i][j] * 3 + i, "U")

    s = hcl.create_schedule([A], kernel)
    out = a.copy()
    hcl.build(s)(out)
    np.testing.assert_array_equal(out, a * 3 + np.arange(4)[:, None])


def test_fixed_point_tensor():
    """A Fixed(16, 8) input: asarray quantizes, asnumpy gives the values."""
    x = np.array([0.5, -1.25, 3.0078125, 100.1], np.float64)
    A = hcl.placeholder((4,), "A", hcl.Fixed(16, 8))
    s = hcl.create_schedule(
        [A], lambda A: hcl.compute((4,), lambda i: A[i] * 2, "B", hcl.Fixed(16, 8)))
    hcl_A = hcl.asarray(x, hcl.Fixed(16, 8))
    hcl_B = hcl.asarray(np.zeros(4), hcl.Fixed(16, 8))
    hcl.build(s)(hcl_A, hcl_B)
    quantized = np.floor(x * 256) / 256
    np.testing.assert_array_equal(hcl_A.asnumpy(), quantized)
    # Fixed(16, 8) holds -128 .. 128 - 2^-8: 200.2 wraps, as ap_fixed's AP_WRAP.
    bits = (quantized * 2 * 256).astype(np.int64)
    wrapped = ((bits + 2**15) % 2**16 - 2**15) / 256
    assert wrapped[3] < 0
    np.testing.assert_array_equal(hcl_B.asnumpy(), wrapped)
