"""Loop, memory and data-type primitives from Python, each program run and
compared with NumPy (and the structure checked in hcl.lower's MLIR)."""

import numpy as np

import hcl

rng = np.random.default_rng(11)


def gemm_schedule(M=16, N=12, K=8):
    A = hcl.placeholder((M, K), "A", hcl.Float())
    B = hcl.placeholder((K, N), "B", hcl.Float())

    def gemm(A, B):
        k = hcl.reduce_axis(0, K, "k")
        return hcl.compute((M, N), lambda i, j: hcl.sum(A[i, k] * B[k, j], axis=k),
                           "C", hcl.Float())

    return hcl.create_schedule([A, B], gemm), gemm


def run_gemm(s, M=16, N=12, K=8):
    a = rng.random((M, K), dtype=np.float32)
    b = rng.random((K, N), dtype=np.float32)
    c = np.zeros((M, N), np.float32)
    hcl.build(s)(a, b, c)
    expected = a.astype(np.float64) @ b  # BLAS sums in its own order
    np.testing.assert_allclose(c, expected, rtol=1e-5,
                               atol=1e-5 * np.abs(expected).max())


def test_split_reorder_pipeline_unroll():
    s, gemm = gemm_schedule()
    C = gemm.C
    io, ii = s[C].split(C.axis[0], 4)
    s[C].reorder(ii, io)
    s[C].pipeline(C.axis[1])
    s[C].unroll("k", 2)
    lowered = hcl.lower(s)
    assert 'loop_name = "i.inner"' in lowered and "pipeline_ii = 1" in lowered
    run_gemm(s)


def test_tile_and_fuse():
    s, gemm = gemm_schedule()
    C = gemm.C
    xo, yo, xi, yi = s[C].tile(C.axis[0], C.axis[1], 4, 4)
    fused = s[C].fuse(xo, yo)
    assert fused.name == "i.outer_j.outer_fused"
    assert 'loop_name = "i.outer_j.outer_fused"' in hcl.lower(s)
    run_gemm(s)


def test_parallel_and_partition():
    s, gemm = gemm_schedule()
    C = gemm.C
    s[C].parallel(C.axis[0])
    s.partition(gemm.B, hcl.Partition.Cyclic, dim=2, factor=4)
    s.partition(C, hcl.Partition.Block, dim=1, factor=2)
    run_gemm(s)


def test_parallel_on_threads():
    """build(s, threads=N): the parallel rows run on N OpenMP threads."""
    s, gemm = gemm_schedule(M=64, N=48, K=32)
    C = gemm.C
    s[C].parallel(C.axis[0])
    a = rng.random((64, 32), dtype=np.float32)
    b = rng.random((32, 48), dtype=np.float32)
    for threads in (1, 2):
        c = np.zeros((64, 48), np.float32)
        hcl.build(s, threads=threads)(a, b, c)
        np.testing.assert_allclose(c, a @ b, rtol=1e-5)


def test_buffer_at_gemm():
    """Seed 000's gemm with a write buffer for a row of C."""
    s, gemm = gemm_schedule()
    C = gemm.C
    s[C].reorder("k", C.axis[1])
    buf = s.buffer_at(C, s[C], C.axis[0])
    s[C].pipeline(C.axis[1])
    assert buf.name == "C.buffer"
    assert 'name = "C.buffer"' in hcl.lower(s)
    run_gemm(s)


def test_compute_at():
    A = hcl.placeholder((10, 10), "A")

    def kernel(A):
        B = hcl.compute((10, 10), lambda i, j: A[i, j] * 2, "B")
        return hcl.compute((10, 10), lambda i, j: B[i, j] + 1, "C")

    s = hcl.create_schedule([A], kernel)
    s[kernel.B].compute_at(s[kernel.C], kernel.C.axis[0])
    assert hcl.lower(s).count('stage_name = "B"') == 0
    a = rng.integers(-9, 9, (10, 10), dtype=np.int32)
    c = np.zeros((10, 10), np.int32)
    hcl.build(s)(a, c)
    np.testing.assert_array_equal(c, 2 * a + 1)


def test_reshape_and_quantize():
    A = hcl.placeholder((4, 6), "A", hcl.Float())

    def kernel(A):
        return hcl.compute((4, 6), lambda i, j: A[i, j] * 0.5, "B", hcl.Float())

    s = hcl.create_schedule([A], kernel)
    s.reshape(kernel.B, (6, 4))
    assert "memref<6x4xf32>" in hcl.lower(s)
    a = rng.random((4, 6), dtype=np.float32)
    b = np.zeros((4, 6), np.float32)
    hcl.build(s)(a, b)
    np.testing.assert_allclose(b, a * 0.5)

    s2 = hcl.create_schedule([A], kernel)
    s2.quantize(kernel.B, hcl.Fixed(12, 4))
    b2 = hcl.asarray(np.zeros((4, 6)), hcl.Fixed(12, 4))
    hcl.build(s2)(hcl.asarray(a, hcl.Float()), b2)
    np.testing.assert_array_equal(b2.asnumpy(), np.floor(a * 0.5 * 16) / 16)


def test_stage_by_name_and_stage_object():
    s, gemm = gemm_schedule()
    assert s["C"] is s[gemm.C] and s[s["C"]] is s["C"]
    assert s["C"].name == "C"
