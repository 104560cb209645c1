"""Inputs and the Python-integer check for run/wide-integers.mlir: i200 and
unsigned i100 arrays and an i512 scalar travel as little-endian bytes
(docs/hcl-run.md).

  wide_io.py make DIR | check DIR
"""
import random
import sys

import numpy as np


def encode(values, bits, signed):
    n = (bits + 7) // 8
    return np.array([list(v.to_bytes(n, "little", signed=signed)) for v in values], np.uint8)


def decode(array, signed):
    return [int.from_bytes(row.tobytes(), "little", signed=signed) for row in array]


def wrap(v, w, signed):
    v &= (1 << w) - 1
    return v - (1 << w) if signed and v >> (w - 1) else v


def inputs():
    rng = random.Random(4)
    a = [rng.randrange(-2**199, 2**199) for _ in range(4)]
    b = [rng.randrange(0, 2**100) for _ in range(4)]
    s = rng.randrange(-2**511, 2**511)
    return a, b, s


def make(d):
    a, b, s = inputs()
    np.save(f"{d}/a.npy", encode(a, 200, True))
    np.save(f"{d}/b.npy", encode(b, 100, False))
    np.save(f"{d}/s.npy", np.array(list(s.to_bytes(64, "little", signed=True)), np.uint8))
    np.save(f"{d}/r.npy", np.zeros((4, 25), np.uint8))
    np.save(f"{d}/u.npy", np.zeros((4, 13), np.uint8))


def check(d):
    a, b, s = inputs()
    r = decode(np.load(f"{d}/out/arg3.npy"), True)
    u = decode(np.load(f"{d}/out/arg4.npy"), False)
    print("i200:", r == [wrap(x * y + s, 200, True) for x, y in zip(a, b)])
    print("unsigned i100:", u == [wrap(y * y, 100, False) for y in b])


if __name__ == "__main__":
    {"make": make, "check": check}[sys.argv[1]](sys.argv[2])
