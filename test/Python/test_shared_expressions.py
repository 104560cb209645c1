"""An expression used more than once (a Python variable used twice, a loop
that wraps the last value) is written once where that is the same program,
so programs stay linear in size; and written again wherever a use could see
another value: after a store, in a loop's next iteration, at each call of a
def_ function. Each program against plain Python / NumPy."""

import time

import numpy as np

import hcl


def wrapped_selects(n):
    A = hcl.placeholder((16,), "A")

    def kernel(A):
        def body(i):
            e = A[i]
            for _ in range(n):
                e = hcl.select(e > 3, e - 1, e + 2)
            return e

        return hcl.compute((16,), body, "B")

    return hcl.create_schedule([A], kernel)


def reference_selects(a, n):
    e = a.copy()
    for _ in range(n):
        e = np.where(e > 3, e - 1, e + 2)
    return e


def test_a_wrapped_expression_is_linear_in_size():
    # Each step uses `e` three times: written per use, 60 steps would be
    # 3^60 operations (and 8 steps 80 times 4 steps' text).
    small, large = (len(hcl.lower(wrapped_selects(n))) for n in (4, 8))
    assert large < 3 * small
    start = time.process_time()
    s = wrapped_selects(60)
    a = np.arange(-8, 8, dtype=np.int32) * 3
    b = np.zeros(16, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(b, reference_selects(a, 60))
    assert time.process_time() - start < 60


def test_a_shared_read_is_read_again_after_a_store():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        B = hcl.compute((2,), lambda _: 0, "B")
        with hcl.Stage("work"):
            x = A[0] * 2
            B[0] = x
            with hcl.for_(0, 3):
                A[0] = x + 1  # x reads A[0] again in each iteration
            B[1] = x
        return B

    s = hcl.create_schedule([A], kernel)
    a = np.array([5, 0, 0, 0], np.int32)
    b = np.zeros(2, np.int32)
    hcl.build(s)(a, b)
    expected_a0 = 5
    for _ in range(3):
        expected_a0 = expected_a0 * 2 + 1
    assert a[0] == expected_a0
    np.testing.assert_array_equal(b, [10, 2 * expected_a0])


def test_a_loop_condition_read_before_the_loop_is_read_in_each_test():
    A = hcl.placeholder((1,), "A")

    def kernel(A):
        B = hcl.compute((1,), lambda _: 0, "B")
        with hcl.Stage("work"):
            small = A[0] < 100
            with hcl.if_(small):
                B[0] = 1
            with hcl.while_(small):
                A[0] = A[0] * 2
        return B

    s = hcl.create_schedule([A], kernel)
    a = np.array([3], np.int32)
    b = np.zeros(1, np.int32)
    hcl.build(s)(a, b)
    assert a[0] == 192 and b[0] == 1


def test_each_use_of_a_call_calls_the_function():
    A = hcl.placeholder((1,), "A")

    def kernel(A):
        @hcl.def_([(1,)])
        def bump(X):
            X[0] = X[0] + 1
            hcl.return_(X[0])

        S = hcl.compute((1,), lambda _: 0, "S")
        with hcl.Stage("work"):
            y = bump(A)
            S[0] = y * 10 + y  # two calls: 10 * (a + 1) + (a + 2)
        return S

    s = hcl.create_schedule([A], kernel)
    a = np.array([4], np.int32)
    out = np.zeros(1, np.int32)
    hcl.build(s)(a, out)
    assert a[0] == 6
    assert out[0] == 10 * 5 + 6
