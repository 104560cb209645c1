"""vectorize from Python gives NumPy's results on the CPU, on the inner loop
of a split and on its outer loop (whose lanes are not adjacent elements)."""

import numpy as np
import pytest

import hcl
from test_schedule import gemm_schedule, run_gemm


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
    s, gemm = gemm_schedule(M, N, K)
    C = gemm.C
    jo, ji = s[C].split(C.axis[1], 8)
    s[C].vectorize(jo, 4)
    run_gemm(s, M, N, K)
