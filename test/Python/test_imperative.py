"""Imperative code in Python as HeteroCL writes it: with hcl.Stage / for_ /
if_ / elif_ / else_ / while_, break_, assignments A[i] = v and
hist[A[i]] += 1, scalars, hcl.mutate and hcl.def_; each program against
plain Python / NumPy, and a loop primitive on an imperative stage."""

import numpy as np
import pytest

import hcl

rng = np.random.default_rng(21)


def test_histogram_with_pipelined_loop():
    A = hcl.placeholder((200,), "A")

    def kernel(A):
        hist = hcl.compute((16,), lambda i: 0, "hist")
        with hcl.Stage("count"):
            with hcl.for_(0, 200, name="i") as i:
                hist[A[i]] += 1
        return hist

    s = hcl.create_schedule([A], kernel)
    s[kernel.count].pipeline("i")
    assert "pipeline_ii = 1" in hcl.lower(s)
    a = rng.integers(0, 16, 200, dtype=np.int32)
    hist = np.zeros(16, np.int32)
    hcl.build(s)(a, hist)
    np.testing.assert_array_equal(hist, np.bincount(a, minlength=16))


def test_insertion_sort_with_while_and_break():
    N = 40
    A = hcl.placeholder((N,), "A")

    def kernel(A):
        with hcl.Stage("sort"):
            with hcl.for_(1, N, name="i") as i:
                key = hcl.scalar(A[i], "key")
                j = hcl.scalar(i - 1, "j")
                with hcl.while_(j.v >= 0, max_trip_count=N):
                    with hcl.if_(A[j.v] <= key.v):
                        hcl.break_()
                    A[j.v + 1] = A[j.v]
                    j.v = j.v - 1
                A[j.v + 1] = key.v

    s = hcl.create_schedule([A], kernel)
    a = rng.integers(-500, 500, N, dtype=np.int32)
    out = a.copy()
    hcl.build(s)(out)
    np.testing.assert_array_equal(out, np.sort(a))


def test_if_elif_else_and_implicit_stage():
    N = 30
    A = hcl.placeholder((N,), "A")

    def kernel(A):
        B = hcl.compute((N,), lambda i: 0, "B")
        # A for_ outside any stage is a stage of its own, named after it.
        with hcl.for_(0, N, name="classify") as i:
            with hcl.if_(A[i] < 0):
                B[i] = -1
            with hcl.elif_(A[i] == 0):
                B[i] = 0
            with hcl.elif_(A[i] < 10):
                B[i] = 1
            with hcl.else_():
                B[i] = A[i] * 2
        return B

    s = hcl.create_schedule([A], kernel)
    s[kernel.classify].unroll("classify", 2)
    a = rng.integers(-20, 20, N, dtype=np.int32)
    a[:3] = 0
    b = np.zeros(N, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(
        b, np.select([a < 0, a == 0, a < 10], [-1, 0, 1], a * 2))


def test_mutate_and_scalar_accumulation():
    A = hcl.placeholder((8, 8), "A")

    def kernel(A):
        total = hcl.compute((1,), lambda _: 0, "total")

        def body(i, j):
            with hcl.if_(A[i, j] > 0):
                total[0] += A[i, j]

        hcl.mutate((8, 8), body, "acc")
        return total

    s = hcl.create_schedule([A], kernel)
    s[kernel.acc].pipeline("j")  # mutate's loops are named after body's parameters
    a = rng.integers(-9, 9, (8, 8), dtype=np.int32)
    total = np.zeros(1, np.int32)
    hcl.build(s)(a, total)
    assert total[0] == a[a > 0].sum()


def test_def_function_called_twice():
    N = 16
    A = hcl.placeholder((N,), "A")
    B = hcl.placeholder((N,), "B")

    def kernel(A, B):
        @hcl.def_([(N,), (N,)])
        def scale_into(X, Y):
            with hcl.for_(0, N) as i:
                Y[i] = X[i] * 3

        @hcl.def_([(N,)])
        def total(X):
            acc = hcl.scalar(0, "acc")
            with hcl.for_(0, N) as i:
                acc.v = acc.v + X[i]
            return acc.v

        S = hcl.compute((1,), lambda _: 0, "S")
        with hcl.Stage("work"):
            scale_into(A, B)
            S[0] = total(B) + total(A)
        return S

    s = hcl.create_schedule([A, B], kernel)
    assert "call @scale_into" in hcl.lower(s)
    a = rng.integers(-50, 50, N, dtype=np.int32)
    b = np.zeros(N, np.int32)
    out = np.zeros(1, np.int32)
    hcl.build(s)(a, b, out)
    np.testing.assert_array_equal(b, 3 * a)
    assert out[0] == 4 * a.sum()


def test_gcd_with_while():
    N = 12
    A = hcl.placeholder((N,), "A")
    B = hcl.placeholder((N,), "B")

    def kernel(A, B):
        G = hcl.compute((N,), lambda i: 0, "G")
        with hcl.Stage("gcd"):
            with hcl.for_(0, N, name="i") as i:
                x = hcl.scalar(A[i], "x")
                y = hcl.scalar(B[i], "y")
                with hcl.while_(y.v != 0, name="euclid"):
                    t = hcl.scalar(y.v, "t")
                    y.v = x.v % y.v
                    x.v = t.v
                G[i] = x.v
        return G

    s = hcl.create_schedule([A, B], kernel)
    a = rng.integers(1, 1000, N, dtype=np.int32)
    b = rng.integers(1, 1000, N, dtype=np.int32)
    g = np.zeros(N, np.int32)
    hcl.build(s)(a, b, g)
    np.testing.assert_array_equal(g, np.gcd(a, b))


def test_mutate_over_extents_known_when_the_program_runs():
    # HeteroCL's hcl.mutate((count,), f) with count a scalar's value: loops
    # to run-time bounds, at the kernel's top level and inside imperative code.
    def kernel(A, n):
        m = hcl.scalar(n[0] + 1, "m", dtype="int32").v

        def double(i):
            A[i] = A[i] * 2 + i

        hcl.mutate((m,), double, "M")

        def add(i, j):
            A[i * 3 + j] = A[i * 3 + j] + 100

        with hcl.Stage("S"):
            hcl.mutate((m - 3, 3), add)

    A = hcl.placeholder((10,), "A")
    n = hcl.placeholder((1,), "n")
    s = hcl.create_schedule([A, n], kernel)
    assert 'loop_name = "i", stage_name = "M"' in hcl.lower(s)
    for count in (0, 3, 5):
        a = np.arange(10, dtype=np.int32) * 5
        want = a.copy()
        want[:count + 1] = want[:count + 1] * 2 + np.arange(count + 1)
        want[:max(0, count - 2) * 3] += 100
        hcl.build(s)(a, np.array([count], np.int32))
        np.testing.assert_array_equal(a, want)


def test_mutate_over_run_time_extents_checks_the_functions_arity():
    # A function of two indices over a one-dimensional domain is the user's
    # mistake, reported as hcl.Error, not a TypeError from inside hcl.
    def kernel(A, n):
        m = hcl.scalar(n[0], "m", dtype="int32").v
        hcl.mutate((m,), lambda i, j: None, "M")

    A = hcl.placeholder((10,), "A")
    n = hcl.placeholder((1,), "n")
    with pytest.raises(hcl.Error, match="mutate 'M': the function takes 2 "
                       "index variables but the domain has 1 dimensions"):
        hcl.create_schedule([A, n], kernel)
