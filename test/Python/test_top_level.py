"""HeteroCL's top-level style: placeholders and stages created outside any
function, then hcl.create_schedule([A, B]) over them, s[B] by tensor, and
HeteroCL's naming rules (unnamed tensors, names made unique)."""

import numpy as np
import pytest

import hcl


def test_compute_at_top_level():
    A = hcl.placeholder((10,), "A")
    B = hcl.compute((10,), lambda i: A[i] * 2 + 1, "B")
    C = hcl.compute((10,), lambda i: B[i] - A[i], "C")
    s = hcl.create_schedule([A, C])
    s[C].pipeline(C.axis[0])
    xo, xi = s[B].split(B.axis[0], 2)
    f = hcl.build(s)
    a = np.arange(10, dtype=np.int32)
    c = np.zeros(10, np.int32)
    f(a, c)
    np.testing.assert_array_equal(c, a * 2 + 1 - a)


def test_top_level_with_hcl_arrays_and_two_outputs():
    hcl.init(hcl.Float())
    A = hcl.placeholder((4, 4), "A")
    B = hcl.compute(A.shape, lambda i, j: A[i, j] + 0.5, "B")
    k = hcl.reduce_axis(0, 4, "k")
    C = hcl.compute((4,), lambda i: hcl.sum(B[i, k], axis=k), "C")
    s = hcl.create_schedule([A, B, C])
    a = np.random.default_rng(1).random((4, 4)).astype(np.float32)
    ha, hb, hc = hcl.asarray(a), hcl.asarray(np.zeros((4, 4))), \
        hcl.asarray(np.zeros(4))
    hcl.build(s)(ha, hb, hc)
    np.testing.assert_allclose(hb.asnumpy(), a + 0.5, rtol=1e-6)
    np.testing.assert_allclose(hc.asnumpy(), (a + 0.5).sum(axis=1), rtol=1e-5)


def test_update_and_imperative_code_at_top_level():
    A = hcl.placeholder((8,), "A")
    hcl.update(A, lambda i: A[i] + 1, "inc")
    B = hcl.compute((8,), lambda i: 0, "B")
    with hcl.for_(0, 8, name="i") as i:
        with hcl.if_(A[i] > 4):
            B[i] = A[i] * 10
        with hcl.else_():
            B[i] = A[i]
    s = hcl.create_schedule([A, B])
    a = np.arange(8, dtype=np.int32)
    b = np.zeros(8, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(a, np.arange(8) + 1)
    np.testing.assert_array_equal(b, np.where(a > 4, a * 10, a))


def test_a_stage_block_and_mutate_at_top_level():
    A = hcl.placeholder((6,), "A")
    B = hcl.compute((6,), lambda i: A[i], "B")
    with hcl.Stage("S"):
        with hcl.for_(0, 6) as i:
            B[i] = B[i] * 3

    def add_one(i):
        B[i] = B[i] + 1

    hcl.mutate((6,), add_one, "M")
    s = hcl.create_schedule([A, B])
    s[s["M"]].unroll("i", 2)
    b = np.zeros(6, np.int32)
    hcl.build(s)(np.arange(6, dtype=np.int32), b)
    np.testing.assert_array_equal(b, np.arange(6) * 3 + 1)


def test_the_hls_cpp_of_a_top_level_program_agrees():
    A = hcl.placeholder((10,), "A")
    B = hcl.compute((10,), lambda i: A[i] * A[i], "B")
    s = hcl.create_schedule([A, B])
    s[B].unroll(B.axis[0], 2)
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csim", project="top.prj")
    a = np.arange(10, dtype=np.int32) - 5
    b = np.zeros(10, np.int32)
    hcl.build(s, target=target)(a, b)
    np.testing.assert_array_equal(b, a * a)


def test_unnamed_tensors_and_duplicate_names_follow_heterocl():
    A = hcl.placeholder((4,), "A")
    B = hcl.compute((4,), lambda i: A[i] + 1)
    C = hcl.compute((4,), lambda i: B[i] + 1, "C")
    D = hcl.compute((4,), lambda i: C[i] + 1, "C")
    E = hcl.compute((4,), lambda i: D[i] + 1, "C")
    assert (B.name, C.name, D.name, E.name) == ("tensor_1", "C", "C_0", "C_1")
    s = hcl.create_schedule([A, E])
    assert s[D].name == "C_0"
    e = np.zeros(4, np.int32)
    hcl.build(s)(np.arange(4, dtype=np.int32), e)
    np.testing.assert_array_equal(e, np.arange(4) + 4)


def test_duplicate_scalars_in_a_kernel_are_made_unique():
    def kernel():
        def f(z):
            tmp = hcl.scalar(z, "tmp")
            return tmp.v + 1
        x, y = f(0), f(1)
        return hcl.compute((2,), lambda i: x + y, "r")

    s = hcl.create_schedule([], kernel)
    assert "tmp_0" in hcl.lower(s)
    r = np.zeros(2, np.int32)
    hcl.build(s)(r)
    np.testing.assert_array_equal(r, [3, 3])


def test_each_create_schedule_starts_a_new_program():
    A = hcl.placeholder((4,), "A")
    B = hcl.compute((4,), lambda i: A[i] + 1, "B")
    hcl.create_schedule([A, B])
    A = hcl.placeholder((4,), "A")
    B = hcl.compute((4,), lambda i: A[i] * 5, "B")
    assert B.name == "B"
    s = hcl.create_schedule([A, B])
    b = np.zeros(4, np.int32)
    hcl.build(s)(np.arange(4, dtype=np.int32), b)
    np.testing.assert_array_equal(b, np.arange(4) * 5)


def test_a_kernel_function_drops_what_was_made_outside_it():
    A = hcl.placeholder((4,), "A")
    hcl.compute((4,), lambda i: A[i] + 1, "stray")
    s = hcl.create_schedule([A], lambda A: hcl.compute(A.shape, lambda i: A[i],
                                                        "B"))
    assert "stray" not in hcl.lower(s)


def test_top_level_errors_name_the_tensors():
    with pytest.raises(hcl.Error, match="no stage was created outside a kernel"):
        hcl.create_schedule([hcl.placeholder((4,), "A")])
    A = hcl.placeholder((4,), "A")
    B = hcl.compute((4,), lambda i: A[i] + 1, "B")
    with pytest.raises(hcl.Error, match="placeholder 'A' is listed after 'B'"):
        hcl.create_schedule([B, A])
    A = hcl.placeholder((4,), "A")
    B = hcl.compute((4,), lambda i: A[i] + 1, "B")
    hcl.create_schedule([A, B])
    C = hcl.compute((4,), lambda i: A[i] + 2, "C")
    with pytest.raises(hcl.Error, match="'B' was computed before the last "
                                        "create_schedule"):
        hcl.create_schedule([A, B, C])


def test_integer_axes_name_the_stage_axes():
    A = hcl.placeholder((8, 8), "A")
    B = hcl.compute((8, 8), lambda i, j: A[i, j] + 1, "B")
    C = hcl.compute((8, 8), lambda i, j: B[i, j] * 2, "C")
    s = hcl.create_schedule([A, C])
    s[B].compute_at(s[C], 1)
    s[C].pipeline(1)
    s[C].unroll(0, 2)
    code = hcl.lower(s)
    assert "pipeline_ii = 1" in code or "pipeline" in code
    c = np.zeros((8, 8), np.int32)
    a = np.arange(64, dtype=np.int32).reshape(8, 8)
    hcl.build(s)(a, c)
    np.testing.assert_array_equal(c, (a + 1) * 2)
    with pytest.raises(hcl.Error, match="stage 'C' has 2 axes; axis 5"):
        s[C].parallel(5)
    with pytest.raises(hcl.Error, match="axis -1 of stage 'C' is negative"):
        s[C].parallel(-1)


def test_if_elif_else_directly_in_a_kernel_and_at_top_level():
    def kernel(A):
        B = hcl.compute((1,), lambda i: 0, "B")
        with hcl.if_(A[0] > 5):
            B[0] = 1
        with hcl.elif_(A[0] > 2):
            B[0] = 2
        with hcl.else_():
            B[0] = 3
        return B

    A = hcl.placeholder((1,), "A")
    s = hcl.create_schedule([A], kernel)
    f = hcl.build(s)
    for a, want in ((7, 1), (3, 2), (0, 3)):
        b = np.zeros(1, np.int32)
        f(np.array([a], np.int32), b)
        assert b[0] == want

    A = hcl.placeholder((1,), "A")
    B = hcl.compute((1,), lambda i: 0, "B")
    with hcl.if_(A[0] > 5):
        B[0] = 1
    with hcl.else_():
        B[0] = 3
    f = hcl.build(hcl.create_schedule([A, B]))
    b = np.zeros(1, np.int32)
    f(np.array([9], np.int32), b)
    assert b[0] == 1


def test_else_after_another_stage_is_an_error():
    def kernel(A):
        with hcl.if_(A[0] > 5):
            A[0] = 1
        hcl.compute((1,), lambda i: 0, "B")
        with hcl.else_():
            A[0] = 3

    with pytest.raises(hcl.Error, match="else_ outside imperative code"):
        hcl.create_schedule([hcl.placeholder((1,), "A")], kernel)


def test_a_def_call_directly_in_a_kernel():
    def kernel(A):
        @hcl.def_([A.shape])
        def double(X):
            with hcl.for_(0, 4) as i:
                X[i] = X[i] * 2

        double(A)
        double(A)

    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.arange(4, dtype=np.int32)
    hcl.build(s)(a)
    np.testing.assert_array_equal(a, np.arange(4) * 4)
