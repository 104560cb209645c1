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
