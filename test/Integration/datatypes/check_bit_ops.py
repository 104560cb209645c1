"""Python-integer model of bit-ops.mlir (docs/datatypes.md's rules: an index
outside the integer reads 0 and writes nothing; a slice needs 0 <= lo <= hi <
width) applied to the inputs and outputs hcl run wrote."""
import sys

import numpy as np

d = sys.argv[1]
a, i, j, n, w = (np.load(f"{d}/arg{k}.npy").astype(np.int64).tolist() for k in range(5))
r = [np.load(f"{d}/result{k}.npy") for k in range(6)]


def wrap(v, width):
    v &= (1 << width) - 1
    return v - (1 << width) if v >> (width - 1) else v


def get_slice(x, hi, lo, width):
    if not (0 <= lo <= hi < width):
        return 0
    return (x & ((1 << width) - 1)) >> lo & ((1 << (hi - lo + 1)) - 1)


def set_slice(x, hi, lo, v, width):
    if not (0 <= lo <= hi < width):
        return x
    mask = ((1 << (hi - lo + 1)) - 1) << lo
    return wrap((x & ~mask) | ((v << lo) & mask), width)


bad = 0
for k in range(64):
    x, hi, lo = a[k], i[k] + 16, j[k] + 16
    bit = (x >> hi) & 1 if 0 <= hi < 32 else 0
    expected = [
        wrap(32 * bit + get_slice(x, hi, lo, 32), 32),
        wrap(x | (1 << i[k]), 32) if 0 <= i[k] < 32 else x,
        set_slice(x, hi, lo, j[k], 32),
        wrap(int(format(n[k] & 0xFFF, "012b")[::-1], 2), 12),
        set_slice(get_slice(w[k], 60, 3, 64), lo, 3, n[k] & 0xFFF, 64),
    ]
    got = [int(r[m][k]) for m in range(5)]
    same_float = r[5][k].view(np.int32) == np.int32(x)
    if got != expected or not same_float:
        bad += 1
        print("element", k, "expected", expected, "got", got)
print(f"bit ops: 64 elements, {bad} mismatches")
