"""Checks `hcl run` outputs against NumPy: reference.py KERNEL INPUT_DIR OUTPUT_DIR

INPUT_DIR holds the inputs hcl ran on (argN.npy from `make_inputs.py`, or the
argN.npy that `hcl run --random-inputs` wrote for arguments it does not
modify); OUTPUT_DIR holds what `hcl run --output-dir` wrote. Prints
"KERNEL: OK" or explains the mismatch and exits 1.
"""
import os
import sys

import numpy as np


def load(directory, name):
    return np.load(os.path.join(directory, name + ".npy"))


def five_point(A):
    return A[0:-2, 1:-1] + A[1:-1, 0:-2] + A[1:-1, 1:-1] + A[1:-1, 2:] + A[2:, 1:-1]


def conv2d_nchw(A, F):
    n, c, h, w = A.shape
    oc, _, kh, kw = F.shape
    B = np.zeros((n, oc, h - kh + 1, w - kw + 1), dtype=A.dtype)
    for rh in range(kh):
        for rw in range(kw):
            window = A[:, :, rh : rh + h - kh + 1, rw : rw + w - kw + 1]
            B += np.einsum("nchw,oc->nohw", window, F[:, :, rh, rw]).astype(A.dtype)
    return B


def expected_outputs(kernel, inp):
    """Maps output file name -> expected array."""
    if kernel == "gemm":
        A, B, C = load(inp, "arg0"), load(inp, "arg1"), load(inp, "arg2")
        return {"arg2": C + A @ B}
    if kernel == "five_point":
        return {"result0": five_point(load(inp, "arg0"))}
    if kernel == "conv2d":
        return {"result0": conv2d_nchw(load(inp, "arg0"), load(inp, "arg1"))}
    if kernel == "types":
        m, a, b, c, d, k = (load(inp, "arg%d" % i) for i in range(6))
        wide = c + a.astype(np.int64) + b.astype(np.int64)
        return {
            "result0": np.array(d.sum() + float(k), dtype=np.float64),
            "result1": np.where(m, wide, -wide),
            "arg2": (b * 2).astype(np.int16),
        }
    raise SystemExit("unknown kernel " + kernel)


def main():
    kernel, inp, out = sys.argv[1:4]
    ok = True
    for name, want in expected_outputs(kernel, inp).items():
        got = load(out, name)
        if got.dtype != want.dtype or got.shape != want.shape:
            print("%s: %s is %s%s, expected %s%s" % (kernel, name, got.dtype, got.shape, want.dtype, want.shape))
            ok = False
        elif want.dtype.kind == "f":
            if not np.allclose(got, want, rtol=1e-5, atol=1e-6):
                print("%s: %s differs, max error %g" % (kernel, name, np.abs(got - want).max()))
                ok = False
        elif not np.array_equal(got, want):
            print("%s: %s differs in %d elements" % (kernel, name, int((got != want).sum())))
            ok = False
    print(kernel + (": OK" if ok else ": MISMATCH"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
