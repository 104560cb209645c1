"""hcl.asarray / hcl.Array and NumPy: one copy in, asnumpy() a view (no
copy) that sees the module's writes, conversions to every kind of type,
and NumPy arrays passed to a module directly."""

import numpy as np

import hcl


def add_one_module(dtype=hcl.Int(32), n=8):
    A = hcl.placeholder((n,), "A", dtype)
    s = hcl.create_schedule(
        [A], lambda A: hcl.compute((n,), lambda i: A[i] + 1, "B", dtype))
    return hcl.build(s)


def test_asnumpy_is_a_view_that_sees_the_module_write():
    f = add_one_module()
    hcl_A = hcl.asarray(np.arange(8))
    hcl_B = hcl.asarray(np.zeros(8))
    view_A, view_B = hcl_A.asnumpy(), hcl_B.asnumpy()
    assert np.shares_memory(view_A, hcl_A.asnumpy())  # no copy
    view_A[3] = 100  # writes the array's own elements
    f(hcl_A, hcl_B)
    np.testing.assert_array_equal(view_B, np.arange(8) + 1 + (np.arange(8) == 3) * 97)
    assert view_B.dtype == np.int32 and view_B.flags.c_contiguous
    del hcl_B  # the view keeps the elements alive
    assert view_B[3] == 101


def test_asarray_copies_once_and_converts():
    source = np.array([1.9, -2.7, 3.0])
    a = hcl.asarray(source)  # default type Int(32): C's truncation
    np.testing.assert_array_equal(a.asnumpy(), [1, -2, 3])
    source[0] = 50
    assert a.asnumpy()[0] == 1  # asarray copied
    assert a.dtype == hcl.Int(32) and a.shape == (3,)
    hcl.init(hcl.Float())
    assert hcl.asarray([1, 2]).dtype == hcl.Float()


def test_odd_widths_bools_and_wide_integers():
    a = hcl.asarray(np.array([2047, 2048, -1, 5000]), hcl.Int(12))
    np.testing.assert_array_equal(a.asnumpy(), [2047, -2048, -1, 5000 - 4096])
    u = hcl.asarray(np.array([0, 1, 2, 3]), hcl.UInt(1))
    assert u.asnumpy().dtype == np.bool_
    np.testing.assert_array_equal(u.asnumpy(), [False, True, False, True])
    big = 2**90 + 12345
    w = hcl.asarray(np.array([big, -3], dtype=object), hcl.Int(100))
    assert list(w.asnumpy()) == [big, -3]


def test_numpy_arrays_passed_to_a_module_are_written_in_place():
    f = add_one_module(hcl.Float(), 5)
    a = np.linspace(0, 1, 5, dtype=np.float32)
    b = np.zeros(5, np.float32)
    f(a, b)
    np.testing.assert_allclose(b, a + 1)
    # NumPy arrays of another dtype are converted to the program's types.
    b64 = np.zeros(5)
    f(a.astype(np.float64), b64)
    np.testing.assert_allclose(b64, a + 1)


def test_npy_files_round_trip(tmp_path):
    a = hcl.asarray(np.arange(6).reshape(2, 3), hcl.Int(16))
    a.save(str(tmp_path / "a.npy"))
    np.testing.assert_array_equal(np.load(tmp_path / "a.npy"), np.arange(6).reshape(2, 3))
    b = hcl.Array.load(str(tmp_path / "a.npy"))
    assert b.dtype == hcl.Int(16)
    np.testing.assert_array_equal(np.asarray(b), np.arange(6).reshape(2, 3))


def test_an_output_array_of_the_other_signedness_receives_the_bits():
    # HeteroCL's programs often hand an Int(32) result a UInt(32) array
    # (its tests' hcl.asarray(..., dtype=hcl.UInt(32))): the array receives
    # the result converted to its own type, as NumPy's astype wraps.
    A = hcl.placeholder((6,), "A", hcl.Int(32))
    s = hcl.create_schedule(
        [A], lambda A: hcl.compute((6,), lambda i: A[i] - 3, "B", hcl.Int(32)))
    f = hcl.build(s)
    np_A = np.array([0, 1, 2, 3, 4, -2**31 + 3], dtype=np.int32)
    out = hcl.asarray(np.zeros(6), hcl.UInt(32))
    f(hcl.asarray(np_A, hcl.Int(32)), out)
    assert out.dtype == hcl.UInt(32) and out.asnumpy().dtype == np.uint32
    np.testing.assert_array_equal(out.asnumpy(), (np_A - 3).astype(np.uint32))
    # And the other way: a UInt(8) result into an Int(8) array.
    U = hcl.placeholder((3,), "U", hcl.UInt(8))
    s = hcl.create_schedule(
        [U], lambda U: hcl.compute((3,), lambda i: U[i] + 1, "V", hcl.UInt(8)))
    g = hcl.build(s)
    np_U = np.array([1, 127, 254], dtype=np.uint8)
    signed = hcl.asarray(np.zeros(3), hcl.Int(8))
    g(hcl.asarray(np_U, hcl.UInt(8)), signed)
    np.testing.assert_array_equal(signed.asnumpy(), (np_U + 1).astype(np.int8))
    assert signed.dtype == hcl.Int(8)
