"""Checks test/Onnx/float16.test's outputs against NumPy, bit for bit:
float16 as numpy.float16 rounds (to nearest, ties to even), bfloat16 as the
high 16 bits of a float32 rounded the same way (ONNX's reference).

  python3 check_float16.py DIR
"""
import os
import sys

import numpy as np

d = sys.argv[1]


def load(*path):
    return np.load(os.path.join(d, *path))


def to_bf16_bits(x):
    """float32 -> bfloat16 bits, round to nearest even; NaN stays NaN."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    rounded[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
    return rounded


def same_bits(name, got, want):
    assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
    assert got.shape == want.shape, (name, got.shape, want.shape)
    g = got.view(np.uint16 if got.itemsize == 2 else np.uint32)
    w = want.view(np.uint16 if want.itemsize == 2 else np.uint32)
    # Every NaN is a NaN; other values bit for bit.
    if got.dtype != np.uint16:
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got), nan), name
        g, w = g[~nan], w[~nan]
    else:
        nan = (w & 0x7FFF) > 0x7F80
        assert np.array_equal((g & 0x7FFF) > 0x7F80, nan), name
        g, w = g[~nan], w[~nan]
    bad = np.nonzero(g != w)[0]
    assert len(bad) == 0, (name, bad[:5], g[bad[:5]], w[bad[:5]])


np.seterr(all="ignore")
x32, x16, xbf = load("x32.npy"), load("x16.npy"), load("xbf.npy")
same_bits("to_f16", load("to_f16", "result0.npy"), x32.astype(np.float16))
same_bits("to_bf16", load("to_bf16", "result0.npy"), to_bf16_bits(x32))
same_bits("from_f16", load("from_f16", "result0.npy"), x16.astype(np.float32))
same_bits("from_bf16", load("from_bf16", "result0.npy"),
          (xbf.astype(np.uint32) << 16).view(np.float32))
a, b, c, w, v = (load(n + ".npy") for n in "abcwv")
with np.errstate(all="ignore"):
    same_bits("arith y", load("arith", "result0.npy"), (a * b + w) / c)
    same_bits("arith z", load("arith", "result1.npy"), a - v)
bf = to_bf16_bits(x32)
same_bits("castlike y", load("castlike", "result0.npy"), bf)
same_bits("castlike z", load("castlike", "result1.npy"),
          (bf.astype(np.uint32) << 16).view(np.float32).astype(np.float16))
print("float16 and bfloat16 outputs match NumPy bit for bit")
