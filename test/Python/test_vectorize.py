"""vectorize from Python gives NumPy's results on the CPU, on the inner loop
of a split and on its outer loop (whose lanes are not adjacent elements)."""

import numpy as np
import pytest

import hcl


@pytest.mark.parametrize("which, width", [("outer", 2), ("inner", 4), ("inner", 2)])
def test_vectorize_a_loop_of_a_split(which, width):
    A = hcl.placeholder((8,), "A", hcl.Int())

    def kernel(A):
        return hcl.compute((8,), lambda i: A[i] + 1, "B")

    s = hcl.create_schedule([A], kernel)
    B = kernel.B
    outer, inner = s[B].split(B.axis[0], 4)
    s[B].vectorize(outer if which == "outer" else inner, width)
    a = np.arange(8, dtype=np.int32)
    b = np.full(8, -7, dtype=np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(b, a + 1)


def test_vectorize_the_outer_loop_of_a_gemm_split():
    M, N, K = 8, 32, 8
    A = hcl.placeholder((M, K), "A", hcl.Float())
    B = hcl.placeholder((K, N), "B", hcl.Float())

    def gemm(A, B):
        k = hcl.reduce_axis(0, K, "k")
        return hcl.compute((M, N), lambda i, j: hcl.sum(A[i, k] * B[k, j], axis=k),
                           "C", hcl.Float())

    s = hcl.create_schedule([A, B], gemm)
    C = gemm.C
    jo, ji = s[C].split(C.axis[1], 8)
    s[C].vectorize(jo, 4)
    rng = np.random.default_rng(5)
    a = rng.random((M, K), dtype=np.float32)
    b = rng.random((K, N), dtype=np.float32)
    c = np.zeros((M, N), np.float32)
    hcl.build(s)(a, b, c)
    expected = a.astype(np.float64) @ b
    np.testing.assert_allclose(c, expected, rtol=1e-5,
                               atol=1e-5 * np.abs(expected).max())
