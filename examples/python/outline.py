"""Decomposition and parallel compilation, as hcl-dialect proposed it: stages
outlined as
functions, compiled as modules of their own (mod.modules[k]) and as HLS
functions; merge= shares one function between identical stages.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/outline.py
"""

import sys
import tempfile

import numpy as np

import hcl


def kernel(A):
    B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
    C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
    D = hcl.compute(A.shape, lambda i, j: B[i, j] + C[i, j], "D")
    return D


def main(work):
    a = np.random.default_rng(2).integers(-100, 100, (32, 32))
    ok = True

    # test_outline: each stage a function; the HLS project has one C++
    # function per stage (one project per function with top=...).
    A = hcl.placeholder((32, 32), "A")
    target = hcl.Platform.xilinx_zc706
    target.config(compiler="vivado_hls", mode="debug", project=f"{work}/outline.prj")
    s = hcl.create_schedule([A], kernel)
    s[kernel.B].pipeline(kernel.B.axis[1])
    s.partition(kernel.B, dim=2)
    func_B = s[kernel.B].outline()
    func_C = s[kernel.C].outline()
    func_D = s[kernel.D].outline()
    mod = hcl.build(s, top=[func_B, func_C, func_D], target=target)
    code = mod()
    ok &= all(f"void {f.name}(" in code for f in (func_B, func_C, func_D))
    print("HLS functions:", [f.name for f in (func_B, func_C, func_D)])

    # test_outline_cpu: the groups compiled as two modules, called in turn.
    A = hcl.placeholder((32, 32), "A")
    s = hcl.create_schedule([A], kernel)
    func_B_C, func_D = s.outline([s[kernel.B], s[kernel.C]], [s[kernel.D]])
    mod = hcl.build(s, top=[func_B_C, func_D], target=None)
    hcl_A, hcl_B, hcl_C, hcl_D = [hcl.asarray(x) for x in (a, 0 * a, 0 * a, 0 * a)]
    mod.modules[0](hcl_A, hcl_B, hcl_C)
    mod.modules[1](hcl_B, hcl_C, hcl_D)
    ok &= np.array_equal(hcl_D.asnumpy(), 2 * a + 2)

    # merge: C calls Stage_B, whose code is the same.
    A = hcl.placeholder((32, 32), "A")
    s = hcl.create_schedule([A], kernel)
    func_B = s[kernel.B].outline()
    s[kernel.C].outline(merge=func_B)
    s[kernel.D].outline()
    calls = [l.split("call @")[1].split("(")[0] for l in hcl.lower(s).splitlines()
             if "call @" in l]
    print("calls after merge:", calls)
    ok &= calls == ["Stage_B", "Stage_B", "Stage_D"]
    d = np.zeros((32, 32), np.int32)
    hcl.build(s)(a.astype(np.int32), d)
    ok &= np.array_equal(d, 2 * a + 2)

    print(f"check: {'OK' if ok else 'FAILED'} (outlined modules, HLS functions, "
          "merge, vs NumPy)")
    return 0 if ok else 1


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as work:
        sys.exit(main(work))
