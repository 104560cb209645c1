"""HeteroCL's meaning where hcl's Python API has HeteroCL's name: bit slices
in Python's order and float to fixed-point conversion toward zero, checked
against NumPy on the CPU and in the HLS C++ (csim: g++ runs it)."""

import numpy as np
import pytest

import hcl

RNG = np.random.default_rng(28)


def bits_of(a, lo, hi):
    """Bits lo .. hi-1 of each element of `a`, moved down (NumPy)."""
    return (a.astype(np.int64) >> lo) & ((1 << (hi - lo)) - 1)


def reversed_bits(a, width):
    out = np.zeros_like(a, dtype=np.int64)
    for k in range(width):
        out |= ((a.astype(np.int64) >> k) & 1) << (width - 1 - k)
    return out


def slice_schedule():
    A = hcl.placeholder((16,), "A", hcl.Int(16))

    def kernel(A):
        low = hcl.compute((16,), lambda i: A[i][0:4], "low", hcl.Int(32))
        mid = hcl.compute((16,), lambda i: A[i][4:12], "mid", hcl.Int(32))
        top = hcl.compute((16,), lambda i: A[i][15:16], "top", hcl.Int(32))
        rev = hcl.compute((16,), lambda i: A[i][0:8].reverse(), "rev",
                          hcl.Int(32))
        return low, mid, top, rev

    return hcl.create_schedule([A], kernel)


def slice_reference(a):
    return [bits_of(a, 0, 4), bits_of(a, 4, 12), bits_of(a, 15, 16),
            reversed_bits(bits_of(a, 0, 8), 8)]


def test_slices_take_bits_lo_to_hi_minus_one():
    a = RNG.integers(-2**15, 2**15, 16, dtype=np.int16)
    outs = [np.zeros(16, np.int32) for _ in range(4)]
    hcl.build(slice_schedule())(a, *outs)
    for got, want in zip(outs, slice_reference(a)):
        np.testing.assert_array_equal(got, want)


def test_slices_in_the_hls_cpp_agree():
    a = RNG.integers(-2**15, 2**15, 16, dtype=np.int16)
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csim", project="slices.prj")
    outs = [np.zeros(16, np.int32) for _ in range(4)]
    hcl.build(slice_schedule(), target=target)(a, *outs)
    for got, want in zip(outs, slice_reference(a)):
        np.testing.assert_array_equal(got, want)


def test_slice_types_are_as_wide_as_the_slice():
    A = hcl.placeholder((4,), "A", hcl.Int(32))
    assert A[0][0:4].dtype == hcl.UInt(4)
    assert A[0][3:11].dtype == hcl.UInt(8)
    assert A[0][31:32].dtype == hcl.UInt(1)
    assert A[0][0:32].dtype == hcl.UInt(32)


def test_slices_with_run_time_bounds():
    A = hcl.placeholder((8,), "A", hcl.Int(32))
    L = hcl.placeholder((8,), "L", hcl.Int(32))

    def kernel(A, L):
        return hcl.compute((8,), lambda i: A[i][L[i]:L[i] + 4], "B",
                           hcl.Int(32))

    s = hcl.create_schedule([A, L], kernel)
    a = RNG.integers(0, 2**31, 8, dtype=np.int32)
    lo = RNG.integers(0, 28, 8, dtype=np.int32)
    b = np.zeros(8, np.int32)
    hcl.build(s)(a, lo, b)
    np.testing.assert_array_equal(
        b, [bits_of(a[k:k + 1], lo[k], lo[k] + 4)[0] for k in range(8)])


@pytest.mark.parametrize("spelling, message", [
    (lambda x: x[7:3], r"x\[7:3\] of a 32-bit value: the bounds are reversed"),
    (lambda x: x[5:5], r"x\[5:5\] of a 32-bit value: the slice is empty"),
    (lambda x: x[0:33], r"x\[0:33\] of a 32-bit value: .* 0 <= lo < hi <= 32"),
    (lambda x: x[-1:4], r"x\[-1:4\] of a 32-bit value"),
])
def test_bad_slices_are_errors_never_zero(spelling, message):
    A = hcl.placeholder((4,), "A", hcl.Int(32))
    with pytest.raises(hcl.Error, match=message):
        spelling(A[0])


# Float to fixed point: HeteroCL truncates toward zero (np.fix), in
# hcl.asarray and in hcl.cast, where ap_fixed's default (AP_TRN) floors.

FIXED = hcl.Fixed(16, 4)
FLOATS = np.array([-1.03, -0.01, 1.03, -2.5, 3.99, -3.99, -7.0625, 0.06,
                   -0.06, 100.3, -100.3, 0.0], np.float32)


def to_fixed(values, width=16, frac=4):
    """HeteroCL's conversion in NumPy: truncate toward zero, then wrap."""
    bits = np.fix(values.astype(np.float64) * 2.0 ** frac).astype(np.int64)
    bits = (bits + 2 ** (width - 1)) % 2 ** width - 2 ** (width - 1)
    return bits / 2.0 ** frac


def test_asarray_truncates_toward_zero():
    np.testing.assert_array_equal(hcl.asarray(FLOATS, FIXED).asnumpy(),
                                  to_fixed(FLOATS))
    ufixed = hcl.asarray(np.array([0.99, 1.06, 300.7]), hcl.UFixed(8, 2))
    np.testing.assert_array_equal(ufixed.asnumpy(), [0.75, 1.0, 44.5])


def cast_schedule():
    F = hcl.placeholder(FLOATS.shape, "F", hcl.Float())

    def kernel(F):
        cast = hcl.compute(F.shape, lambda i: hcl.cast(FIXED, F[i]), "cast",
                           FIXED)
        stored = hcl.compute(F.shape, lambda i: F[i] * 2, "stored", FIXED)
        literal = hcl.compute(F.shape, lambda i: cast[i] + -1.03, "literal",
                              FIXED)
        return cast, stored, literal

    return hcl.create_schedule([F], kernel)


def cast_reference():
    cast = to_fixed(FLOATS)
    return [cast, to_fixed(FLOATS * 2), to_fixed(cast + to_fixed(np.array(
        [-1.03]))[0])]


def run_cast(target=None):
    f = hcl.build(cast_schedule(), target=target)
    outs = [hcl.asarray(np.zeros(FLOATS.shape), FIXED) for _ in range(3)]
    f(FLOATS, *outs)
    return [o.asnumpy() for o in outs]


def test_cast_and_stores_truncate_toward_zero():
    for got, want in zip(run_cast(), cast_reference()):
        np.testing.assert_array_equal(got, want)


def test_the_hls_cpp_truncates_toward_zero_too():
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csim", project="fixed.prj")
    for got, want in zip(run_cast(target), cast_reference()):
        np.testing.assert_array_equal(got, want)
    code = hcl.build(cast_schedule(), target="vhls")
    assert "AP_TRN_ZERO" in code


def test_the_mlir_says_so():
    assert 'hcl.float_to_fixed %' in hcl.lower(cast_schedule())
    assert '{rounding = "zero"}' in hcl.lower(cast_schedule())


def test_fixed_to_integer_floors_as_heterocl():
    values = np.array([-1.5, -0.0625, 1.9375, -7.75, 3.0, -8.0])
    A = hcl.placeholder(values.shape, "A", hcl.Fixed(8, 4))

    def kernel(A):
        cast = hcl.compute(A.shape, lambda i: hcl.cast(hcl.Int(32), A[i]),
                           "cast", hcl.Int(32))
        stored = hcl.compute(A.shape, lambda i: A[i], "stored", hcl.Int(8))
        return cast, stored

    s = hcl.create_schedule([A], kernel)
    want = np.floor(values).astype(np.int32)
    for target in (None, "csim"):
        if target:
            target = hcl.Platform.xilinx_zc706
            target.config(mode="csim", project="toint.prj")
        cast, stored = np.zeros(6, np.int32), np.zeros(6, np.int8)
        hcl.build(s, target=target)(hcl.asarray(values, hcl.Fixed(8, 4)),
                                    cast, stored)
        np.testing.assert_array_equal(cast, want)
        np.testing.assert_array_equal(stored, want)


def test_bitcast_in_heterocl_order_of_tensors_and_values():
    A = hcl.placeholder((4,), "A", hcl.Float())

    def kernel(A):
        B = hcl.bitcast(A, hcl.UInt(32))
        C = hcl.compute((4,), lambda i: hcl.bitcast(A[i], "int32"), "C",
                        hcl.Int(32))
        D = hcl.compute((4,), lambda i: hcl.bitcast(hcl.Int(32), A[i]), "D",
                        hcl.Int(32))
        return B, C, D

    s = hcl.create_schedule([A], kernel)
    a = np.array([1.0, -2.5, 0.0, 3.25], np.float32)
    b = np.zeros(4, np.uint32)
    c, d = np.zeros(4, np.int32), np.zeros(4, np.int32)
    hcl.build(s)(a, b, c, d)
    np.testing.assert_array_equal(b, a.view(np.uint32))
    np.testing.assert_array_equal(c, a.view(np.int32))
    np.testing.assert_array_equal(d, a.view(np.int32))


def test_type_fields_as_heterocl():
    assert (hcl.Float(32).fracs, hcl.Float(32).exponent) == (23, 8)
    assert (hcl.Float(64).fracs, hcl.Float(64).exponent) == (52, 11)
    assert (hcl.Fixed(8, 3).fracs, hcl.Int(8).fracs) == (3, 0)


def test_for_with_a_negative_step_counts_down_as_range():
    def kernel(A):
        n = hcl.scalar(0, "n")
        with hcl.for_(9, -1, -2) as i:
            A[i] = n.v
            n.v = n.v + 1

    A = hcl.placeholder((10,), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.full(10, -1, np.int32)
    hcl.build(s)(a)
    want = np.full(10, -1)
    for order, i in enumerate(range(9, -1, -2)):
        want[i] = order
    np.testing.assert_array_equal(a, want)


def test_power_of_integers():
    A = hcl.placeholder((6,), "A")

    def kernel(A):
        return hcl.compute(A.shape, lambda i: hcl.power(A[i], 3) + 2 ** A[i],
                           "B")

    s = hcl.create_schedule([A], kernel)
    a = np.array([0, 1, 2, 5, -3, 10], np.int32)
    b = np.zeros(6, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(b, a ** 3 + 2 ** np.abs(a) * (a >= 0))


def test_assigning_a_bit_or_a_slice_of_an_element():
    def kernel(A, B, C):
        with hcl.for_(0, 8) as i:
            B[i][0:4] = A[i]
            C[i][3] = A[i]

    A = hcl.placeholder((8,), "A")
    B = hcl.placeholder((8,), "B")
    C = hcl.placeholder((8,), "C")
    s = hcl.create_schedule([A, B, C], kernel)
    a = RNG.integers(0, 100, 8, dtype=np.int32)
    b = RNG.integers(0, 1000, 8, dtype=np.int32)
    c = RNG.integers(0, 1000, 8, dtype=np.int32)
    want_b = (b & ~0xF) | (a & 0xF)
    want_c = (c & ~0x8) | ((a & 1) << 3)
    for target in (None, "csim"):
        if target:
            target = hcl.Platform.xilinx_zc706
            target.config(mode="csim", project="setbits.prj")
        bb, cc = b.copy(), c.copy()
        hcl.build(s, target=target)(a, bb, cc)
        np.testing.assert_array_equal(bb, want_b)
        np.testing.assert_array_equal(cc, want_c)
    with pytest.raises(hcl.Error, match="the bounds are reversed"):
        hcl.create_schedule([A, B, C], lambda A, B, C: hcl.mutate(
            (8,), lambda i: B[i].__setitem__(slice(4, 0), A[i])))


def test_assigning_bits_of_an_expression_is_an_error():
    def kernel(A):
        with hcl.for_(0, 8) as i:
            (A[i] + 1)[0:2] = 1

    with pytest.raises(hcl.Error, match="the expression is stored nowhere"):
        hcl.create_schedule([hcl.placeholder((8,), "A")], kernel)


def test_fused_loops_are_named_as_heterocl_names_them():
    A = hcl.placeholder((3, 4, 5), "A")
    B = hcl.compute(A.shape, lambda i, j, k: A[i, j, k] * 2 - j, "B")
    s = hcl.create_schedule([A, B])
    fused = s[B].fuse(1, 2)
    assert fused.name == "j_k_fused"
    assert 'loop_name = "j_k_fused"' in hcl.lower(s)
    s[B].unroll(fused, 4)  # the handle names the fused loop for later steps
    a = RNG.integers(-9, 9, (3, 4, 5), dtype=np.int32)
    b = np.zeros((3, 4, 5), np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(b, a * 2 - np.arange(4)[None, :, None])


@pytest.mark.parametrize("shape_a", [(8, 8), (12, 12), (12, 6)])
def test_compute_at_of_stages_sharing_no_data_with_other_shapes(shape_a):
    # HeteroCL fuses such stages as loops; each stage still writes exactly
    # its own elements (compute_at never changes what a stage computes).
    A = hcl.compute(shape_a, lambda y, x: y * 3 + x, "A")
    B = hcl.compute((10, 10), lambda y, x: y - x, "B")
    s = hcl.create_schedule([A, B])
    s[A].compute_at(s[B], B.axis[1])
    assert 'stage_name = "A"' not in hcl.lower(s)  # A's nest is gone
    a = np.full(shape_a, 99, np.int32)
    b = np.full((10, 10), 99, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(
        a, np.fromfunction(lambda y, x: y * 3 + x, shape_a, dtype=np.int32))
    np.testing.assert_array_equal(
        b, np.fromfunction(lambda y, x: y - x, (10, 10), dtype=np.int32))
