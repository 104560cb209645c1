"""hcl.tune(s): the estimator chooses the schedule; the tuned schedule is
built and run, and its results equal NumPy's."""

import numpy as np
import pytest

import hcl

rng = np.random.default_rng(5)


def gemm_schedule(M=16, N=16, K=8):
    A = hcl.placeholder((M, K), "A", hcl.Float())
    B = hcl.placeholder((K, N), "B", hcl.Float())

    def gemm(A, B):
        k = hcl.reduce_axis(0, K, "k")
        return hcl.compute((M, N), lambda i, j: hcl.sum(A[i, k] * B[k, j], axis=k),
                           "C", hcl.Float())

    return hcl.create_schedule([A, B], gemm)


def run_gemm(s, M=16, N=16, K=8):
    a = rng.random((M, K), dtype=np.float32)
    b = rng.random((K, N), dtype=np.float32)
    c = np.zeros((M, N), np.float32)
    hcl.build(s)(a, b, c)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-5)


def chain_schedule():
    A = hcl.placeholder((32, 32), "A", hcl.Int(32))

    def kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] * 3 + 1, "B", hcl.Int(32))
        return hcl.compute(A.shape, lambda i, j: B[i, j] - A[i, j], "C",
                           hcl.Int(32))

    return hcl.create_schedule([A], kernel)


def test_tuned_gemm_runs_and_is_faster():
    s = gemm_schedule()
    t = hcl.tune(s, threads=2)
    r = t.tuning
    assert r["chosen"]["latency"] < r["unscheduled"]["latency"]
    assert r["front"] and r["front"][0]["latency"] <= r["chosen"]["latency"]
    assert r["largest_relative_error"] < 1e-5
    assert "hcl.pipeline" in r["mlir"]
    run_gemm(t)
    # The tuned schedule is a schedule like any other: lowered (its
    # primitives applied), estimated at the figure the search chose.
    assert "pipeline_ii" in hcl.lower(t)
    assert "hcl.pipeline" in t.device_module
    top = hcl.estimate(t)["functions"][0]
    assert top["latency"] == r["chosen"]["latency"]
    # The schedule tuned is left as it was.
    assert "hcl.pipeline" not in s.device_module
    run_gemm(s)


def test_tuned_chain_is_exact():
    t = hcl.tune(chain_schedule(), threads=2)
    a = rng.integers(-1000, 1000, (32, 32), dtype=np.int32)
    c = np.zeros((32, 32), np.int32)
    hcl.build(t)(a, c)
    np.testing.assert_array_equal(c, a * 3 + 1 - a)
    # HLS C++ of the tuned schedule carries its pipelines and partitions.
    code = hcl.build(t, target="vhls")
    assert "#pragma HLS pipeline" in code
    assert "#pragma HLS array_partition" in code


def test_budget_bounds_the_choice():
    free = hcl.tune(gemm_schedule(), threads=2).tuning["chosen"]
    t = hcl.tune(gemm_schedule(), budget={"dsp": 10}, threads=2)
    chosen = t.tuning["chosen"]
    assert chosen["dsp"] <= 10 < free["dsp"]
    assert hcl.tune(gemm_schedule(), budget="dsp=10",
                    threads=2).tuning["chosen"] == chosen
    run_gemm(t)


def test_errors():
    with pytest.raises(hcl.Error, match="expected a schedule"):
        hcl.tune("s")
    with pytest.raises(hcl.Error, match="budget= has no key 'dps'"):
        hcl.tune(gemm_schedule(), budget={"dps": 4})
    with pytest.raises(hcl.Error, match="lut"):
        hcl.tune(gemm_schedule(), budget="lut=100")
    with pytest.raises(hcl.Error, match="time= takes a non-negative"):
        hcl.tune(gemm_schedule(), time=-1)
    with pytest.raises(hcl.Error, match="no schedule fits the budget"):
        hcl.tune(gemm_schedule(), budget={"dsp": 0})
    with pytest.raises(hcl.Error, match="no-such-target"):
        hcl.tune(gemm_schedule(), target="no-such-target")
    # A primitive on the tuned schedule would be lost: refused, at its line.
    t = hcl.tune(chain_schedule(), threads=2)
    t["B"].unroll("j")
    with pytest.raises(hcl.Error, match=r"test_tune.py:\d+: error: unroll: a "
                       r"schedule tune returned takes no further primitives"):
        hcl.build(t)
