"""Python-integer model of struct.mlir: a struct is its fields' bits side by
side, the first field lowest. Checks the packed values and the fields read
back against the inputs and outputs hcl run wrote."""
import sys

import numpy as np

d = sys.argv[1]
a, q, x, s = (np.load(f"{d}/arg{k}.npy") for k in range(4))
r = [np.load(f"{d}/result{k}.npy") for k in range(6)]


def bits(v, width):
    return int(v) & ((1 << width) - 1)


def signed(v, width):
    v = bits(v, width)
    return v - (1 << width) if v >> (width - 1) else v


x_bits = x.view(np.uint32)
r3_bits = r[3].view(np.uint32)
bad = 0
for k in range(len(a)):
    packed = bits(a[k], 8) | bits(q[k], 13) << 8 | int(x_bits[k]) << 21
    s_k = int(s[k])
    lo, hi = bits(a[k], 4), bits(int(a[k]) >> 4, 4)
    checks = [
        int(r[0][k]) == packed,
        int(r[1][k]) == signed(s_k, 8),
        int(r[2][k]) == signed(s_k >> 8, 13),
        int(r3_bits[k]) == bits(s_k >> 21, 32),
        int(r[4][k]) == lo | hi << 4 | (a[k] < 0) << 8,
        int(r[5][k]) == signed(signed(lo, 4) + signed(hi, 4), 8),
    ]
    bad += not all(checks)
# The inputs must exercise every field: otherwise the model proves little.
assert any(bits(v >> 21, 32) for v in s.tolist()), "no float field bits"
assert any(bits(v >> 8, 13) for v in s.tolist()), "no fixed field bits"
print(f"struct: {len(a)} elements, {bad} mismatches")
