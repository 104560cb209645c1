"""Imperative code in HeteroCL's Python syntax: a histogram (data-dependent
stores, hist[A[i]] += 1) with a pipelined loop, and an insertion sort with
while_ and break_; checked against NumPy.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/imperative.py
"""

import sys

import numpy as np

import hcl

N, BINS = 256, 16


def kernel(A, S):
    hist = hcl.compute((BINS,), lambda b: 0, "hist")
    with hcl.Stage("count"):
        with hcl.for_(0, N, name="i") as i:
            hist[A[i]] += 1

    with hcl.Stage("sort"):  # sorts S in place
        with hcl.for_(1, N, name="i") as i:
            key = hcl.scalar(S[i], "key")
            j = hcl.scalar(i - 1, "j")
            with hcl.while_(j.v >= 0, name="shift", max_trip_count=N):
                with hcl.if_(S[j.v] <= key.v):
                    hcl.break_()
                S[j.v + 1] = S[j.v]
                j.v = j.v - 1
            S[j.v + 1] = key.v
    return hist


def main():
    A = hcl.placeholder((N,), "A")
    S = hcl.placeholder((N,), "S")
    s = hcl.create_schedule([A, S], kernel)
    s[kernel.count].pipeline("i")

    rng = np.random.default_rng(3)
    a = rng.integers(0, BINS, N, dtype=np.int32)
    values = rng.integers(-1000, 1000, N, dtype=np.int32)
    sorted_values = values.copy()
    hist = np.zeros(BINS, np.int32)
    hcl.build(s)(a, sorted_values, hist)

    ok = (np.array_equal(hist, np.bincount(a, minlength=BINS))
          and np.array_equal(sorted_values, np.sort(values)))
    print(f"check: {'OK' if ok else 'FAILED'} (histogram of {N} values, sort of {N})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
