"""Seed 001 (decomposition and parallel compilation): test_outline,
test_outline_cpu and the merge example, as the seed writes them, then
checked: the lowered functions and calls, the HLS project, and the values
against NumPy."""

import os
import re
import subprocess

import numpy as np

import hcl


def kernel_listing(A):
    B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
    C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
    D = hcl.compute(A.shape, lambda i, j: B[i, j] + C[i, j], "D")
    return D


def functions_and_calls(mlir):
    functions = re.findall(r"func\.func (?:private )?@(\w+)", mlir)
    calls = re.findall(r"call @(\w+)", mlir)
    return functions, calls


def test_outline(capsys):

    A = hcl.placeholder((32, 32), "A")

    def kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
        C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
        D = hcl.compute(A.shape, lambda i, j: B[i, j] + C[i, j], "D")
        return D

    target = hcl.Platform.xilinx_zc706
    target.config(compiler="vivado_hls", mode="debug",
                  project="outline.prj")
    s = hcl.create_schedule([A], kernel)
    s[kernel.B].pipeline(kernel.B.axis[1])
    s.partition(kernel.B, dim=2)
    # outline stages
    func_B = s[kernel.B].outline()
    func_C = s[kernel.C].outline()
    func_D = s[kernel.D].outline()
    print(hcl.lower(s))

    mod = hcl.build(s, top=[func_B, func_C, func_D], target=target)
    mod()

    # The checks (not in the seed).
    printed = capsys.readouterr().out
    functions, calls = functions_and_calls(printed)
    assert sorted(functions) == ["Stage_B", "Stage_C", "Stage_D", "top"]
    assert calls == ["Stage_B", "Stage_C", "Stage_D"]
    assert "pipeline_ii = 1" in printed
    # partition dim=2 of B: the seed's layout map on B's memref.
    assert "affine_map<(d0, d1) -> (0, d1, d0, 0)>" in printed
    code = mod()
    for name in ("Stage_B", "Stage_C", "Stage_D"):
        assert f"void {name}(" in code
    assert "#pragma HLS pipeline II=1" in code
    assert "#pragma HLS array_partition" in code
    # The same program on the CPU, against NumPy.
    a = np.random.default_rng(2).integers(-100, 100, (32, 32), dtype=np.int32)
    d = np.zeros((32, 32), np.int32)
    hcl.build(s)(a, d)
    np.testing.assert_array_equal(d, 2 * a + 2)


def test_outline_project_compiles_and_simulates():
    """test_outline's project, in mode csim: g++ runs the HLS C++."""
    A = hcl.placeholder((32, 32), "A")
    target = hcl.Platform.xilinx_zc706
    target.config(compiler="vivado_hls", mode="csim", project="outline.prj")
    s = hcl.create_schedule([A], kernel_listing)
    s[kernel_listing.B].pipeline(kernel_listing.B.axis[1])
    s.partition(kernel_listing.B, dim=2)
    for stage in ("B", "C", "D"):
        s[stage].outline()
    mod = hcl.build(s, target=target)
    a = np.random.default_rng(3).integers(-100, 100, (32, 32), dtype=np.int32)
    hcl_A, hcl_D = hcl.asarray(a), hcl.asarray(np.zeros((32, 32)))
    mod(hcl_A, hcl_D)
    np.testing.assert_array_equal(hcl_D.asnumpy(), 2 * a + 2)


def test_outline_cpu(capsys):

    A = hcl.placeholder((32, 32), "A")

    def kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
        C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
        D = hcl.compute(A.shape, lambda i, j: B[i, j] + C[i, j], "D")
        return D

    s = hcl.create_schedule([A], kernel)
    func_B_C, func_D = s.outline([s[kernel.B], s[kernel.C]], [s[kernel.D]])

    mod = hcl.build(s, top=[func_B_C, func_D], target=None)
    np_A, np_B, np_C, np_D = [np.zeros((32, 32))] * 4
    hcl_A = hcl.asarray(np_A)
    hcl_B = hcl.asarray(np_B)
    hcl_C = hcl.asarray(np_C)
    hcl_D = hcl.asarray(np_D)
    mod.modules[0](hcl_A, hcl_B, hcl_C)
    mod.modules[1](hcl_B, hcl_C, hcl_D)
    print(hcl_D.asnumpy())

    # The checks (not in the seed): zeros in, twos out; then random inputs.
    np.testing.assert_array_equal(hcl_D.asnumpy(), np.full((32, 32), 2))
    assert [func_B_C.name, func_D.name] == ["Stage_B_C", "Stage_D"]
    a = np.random.default_rng(4).integers(-50, 50, (32, 32))
    hcl_A = hcl.asarray(a)
    mod.modules[0](hcl_A, hcl_B, hcl_C)
    mod.modules[1](hcl_B, hcl_C, hcl_D)
    np.testing.assert_array_equal(hcl_B.asnumpy(), a + 1)
    np.testing.assert_array_equal(hcl_D.asnumpy(), 2 * a + 2)


def test_outline_merge(capsys):

    A = hcl.placeholder((32, 32), "A")

    def kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
        C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
        D = hcl.compute(A.shape, lambda i, j: B[i, j] + C[i, j], "D")
        return D

    target = hcl.Platform.xilinx_zc706
    target.config(compiler="vivado_hls", mode="debug",
                  project="stages-outline.prj")
    s = hcl.create_schedule([A], kernel)
    s[kernel.B].pipeline(kernel.B.axis[1])
    func_B = s[kernel.B].outline()
    func_C = s[kernel.C].outline(merge=func_B)
    func_D = s[kernel.D].outline()
    print(s.device_module)
    print(hcl.lower(s))

    # The checks (not in the seed): two functions, three calls, as the seed
    # shows; the merged program computes D = 2A + 2.
    device, lowered = capsys.readouterr().out.split("module {", 1)
    assert 'hcl.outline (%' in device and 'merge = "Stage_B"' in device
    functions, calls = functions_and_calls(lowered)
    assert sorted(functions) == ["Stage_B", "Stage_D", "top"]
    assert calls == ["Stage_B", "Stage_B", "Stage_D"]
    a = np.random.default_rng(5).integers(-100, 100, (32, 32), dtype=np.int32)
    d = np.zeros((32, 32), np.int32)
    hcl.build(s)(a, d)
    np.testing.assert_array_equal(d, 2 * a + 2)


def test_outline_param_and_axis():
    """The seed's param / axis example in Python: C and D outlined with
    their loop bounds as arguments, D merged into Stage_C, E outlined at
    axis j. (The seed's D = 2C computes other values than Stage_C's C = A + 1,
    so merging it would change its result: hcl refuses that, see
    test_errors.py; here D = C + 1.)"""
    A = hcl.placeholder((10, 32), "A")

    def kernel(A):
        C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
        D = hcl.compute(A.shape, lambda i, j: C[i, j] + 1, "D")
        E = hcl.compute(A.shape, lambda i, j: D[i, j] * 3, "E")
        return E

    s = hcl.create_schedule([A], kernel)
    func_C = s[kernel.C].outline(param=["i", "j"])
    s[kernel.D].outline(param=["i", "j"], merge=func_C)
    s[kernel.E].outline(axis="j")
    functions, calls = functions_and_calls(hcl.lower(s))
    assert sorted(functions) == ["Stage_C", "Stage_E", "top"]
    assert calls == ["Stage_C", "Stage_C", "Stage_E"]
    a = np.random.default_rng(6).integers(-100, 100, (10, 32), dtype=np.int32)
    e = np.zeros((10, 32), np.int32)
    hcl.build(s)(a, e)
    np.testing.assert_array_equal(e, 3 * (a + 2))
