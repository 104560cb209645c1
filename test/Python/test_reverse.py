"""reverse from Python, a primitive the package gets from the C++ front
end's list (include/hcl/Frontend/Primitives.def) with no Python code of its
own: the loop runs backwards and the results are NumPy's."""

import inspect

import numpy as np
import pytest

import hcl
from test_schedule import gemm_schedule, run_gemm


def test_reverse_the_rows_of_a_gemm():
    s, gemm = gemm_schedule()
    C = gemm.C
    s[C].reverse(C.axis[0])
    # The MLIR writer's text comes from the same list.
    unscheduled = hcl._hcl.lower(s._impl, False)
    assert "hcl.reverse(" in unscheduled
    assert 'loc("s[\\22C\\22].reverse(i)")' in unscheduled or \
        's[\\"C\\"].reverse(i)' in unscheduled or "reverse(i)" in unscheduled
    run_gemm(s)


def test_reverse_both_loops_of_a_split():
    A = hcl.placeholder((12,), "A", hcl.Int())

    def kernel(A):
        return hcl.compute((12,), lambda i: A[i] * 3 + i, "B")

    s = hcl.create_schedule([A], kernel)
    B = kernel.B
    outer, inner = s[B].split(B.axis[0], 4)
    s[B].reverse(inner)
    s[B].reverse(var=outer)
    a = np.arange(12, dtype=np.int32) * 7
    b = np.zeros(12, dtype=np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(b, a * 3 + np.arange(12))


def test_reverse_refuses_a_reduction_loop():
    s, gemm = gemm_schedule()
    s[gemm.C].reverse("k")
    with pytest.raises(hcl.Error,
                       match="loop 'k' carries a dependence between iterations "
                             "and cannot be reversed"):
        hcl.build(s)


def test_generated_primitives_keep_their_keywords():
    s, gemm = gemm_schedule()
    C = gemm.C
    stage = s[C]
    assert list(inspect.signature(stage.pipeline).parameters) == \
        ["var", "initiation_interval"]
    assert list(inspect.signature(stage.reverse).parameters) == ["var"]
    stage.pipeline(C.axis[1], initiation_interval=2)
    stage.unroll("k", factor=2)
    assert "pipeline_ii = 2" in hcl.lower(s)
    with pytest.raises(hcl.Error, match="pipeline's II must be a Python int"):
        stage.pipeline(C.axis[1], 1.5)
    with pytest.raises(TypeError):
        stage.reverse(C.axis[0], 2)
