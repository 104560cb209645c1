#!/usr/bin/env python3
"""The cost of hcl.build's default bounds checks (issue 26) on kernels whose
indices come from data, where the compiler cannot prove accesses in range:

  gather   B[i] = T[I[i]]                        (one checked read a point)
  scatter  B[I[i]] = A[i]                        (one checked write a point)
  spmv     y[i] = sum(val[k] * x[col[k]]) for k in rowptr[i] .. rowptr[i+1]
           (CSR sparse matrix times vector: three checked reads a nonzero)
  stencil  the five-point stencil, the control: every index is affine and
           proven in range, so the checked build has no checks

Each kernel is built twice, check_bounds=True (the default) and
check_bounds=False, and run on the same random inputs; the table gives the
best of --reps calls of each (milliseconds of CPU time), their ratio, and NumPy doing
the same work as a peer. Outputs are compared with NumPy's first.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/gather_bounds.py
    ... --tiny      # small sizes, 1 call (a smoke test)

Exit status 0, or 1 when an output differs from NumPy's.
"""

import argparse
import sys
import time

import numpy as np

import hcl


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=30, help="timed calls (best of)")
    p.add_argument("--tiny", action="store_true", help="small sizes, 1 call")
    p.add_argument("--kernels", default="gather,scatter,spmv,stencil")
    return p.parse_args()


def gather(n, table):
    T = hcl.placeholder((table,), "T", hcl.Float())
    I = hcl.placeholder((n,), "I", hcl.Int())

    def kernel(T, I):
        return hcl.compute((n,), lambda i: T[I[i]], "B", hcl.Float())

    rng = np.random.default_rng(1)
    t = rng.random(table, dtype=np.float32)
    idx = rng.integers(0, table, n).astype(np.int32)
    args = [t, idx, np.zeros(n, np.float32)]
    return hcl.create_schedule([T, I], kernel), args, lambda: t[idx]


def scatter(n, table):
    A = hcl.placeholder((n,), "A", hcl.Float())
    I = hcl.placeholder((n,), "I", hcl.Int())

    def kernel(A, I):
        B = hcl.compute((table,), lambda j: 0.0, "B", hcl.Float())
        with hcl.Stage("S"):
            with hcl.for_(0, n, name="i") as i:
                B[I[i]] = A[i]
        return B

    rng = np.random.default_rng(2)
    a = rng.random(n, dtype=np.float32)
    # A permutation of the table's slots: every write lands once.
    idx = rng.permutation(table)[:n].astype(np.int32)

    def reference():
        b = np.zeros(table, np.float32)
        b[idx] = a
        return b

    return (hcl.create_schedule([A, I], kernel),
            [a, idx, np.zeros(table, np.float32)], reference)


def spmv(rows, per_row):
    rng = np.random.default_rng(3)
    # Rows of varying length around per_row, as sparse matrices have.
    lengths = rng.integers(per_row // 2, per_row * 3 // 2 + 1, rows)
    rowptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
    nnz = int(rowptr[-1])
    col = rng.integers(0, rows, nnz).astype(np.int32)
    val = rng.random(nnz, dtype=np.float32)
    x = rng.random(rows, dtype=np.float32)

    R = hcl.placeholder((rows + 1,), "rowptr", hcl.Int())
    C = hcl.placeholder((nnz,), "col", hcl.Int())
    V = hcl.placeholder((nnz,), "val", hcl.Float())
    X = hcl.placeholder((rows,), "x", hcl.Float())

    def kernel(R, C, V, X):
        y = hcl.compute((rows,), lambda i: 0.0, "y", hcl.Float())
        with hcl.Stage("S"):
            with hcl.for_(0, rows, name="i") as i:
                with hcl.for_(R[i], R[i + 1], name="k") as k:
                    y[i] += V[k] * X[C[k]]
        return y

    def reference():
        return np.add.reduceat(val * x[col], rowptr[:-1]).astype(np.float32)

    args = [rowptr, col, val, x, np.zeros(rows, np.float32)]
    return hcl.create_schedule([R, C, V, X], kernel), args, reference


def stencil(n):
    """The control: affine indices, all proven in range, so no checks."""
    A = hcl.placeholder((n, n), "A", hcl.Float())

    def kernel(A):
        return hcl.compute((n - 2, n - 2), lambda i, j: A[i, j + 1] + A[
            i + 1, j] + A[i + 1, j + 1] + A[i + 1, j + 2] + A[i + 2, j + 1],
            "B", hcl.Float())

    a = np.random.default_rng(4).random((n, n), dtype=np.float32)

    def reference():
        return (a[:-2, 1:-1] + a[1:-1, :-2] + a[1:-1, 1:-1] + a[1:-1, 2:]
                + a[2:, 1:-1])

    args = [a, np.zeros((n - 2, n - 2), np.float32)]
    return hcl.create_schedule([A], kernel), args, reference


def best_ms(calls, reps):
    """The best time of each call in milliseconds of the process's CPU time
    (the kernels run on one thread): on a shared machine, wall time counts
    the time other processes hold the cores. The calls take turns, so that
    a change in the machine's load touches them alike."""
    best = [float("inf")] * len(calls)
    for _ in range(reps):
        for k, call in enumerate(calls):
            start = time.process_time()
            call()
            best[k] = min(best[k], time.process_time() - start)
    return [b * 1e3 for b in best]


def main():
    args = parse_args()
    reps = 1 if args.tiny else args.reps
    sizes = {
        "gather": (gather, (4096, 1024) if args.tiny else (1 << 22, 1 << 20)),
        "scatter": (scatter, (4096, 8192) if args.tiny else (1 << 22, 1 << 23)),
        "spmv": (spmv, (512, 8) if args.tiny else (1 << 18, 16)),
        "stencil": (stencil, (66,) if args.tiny else (2050,)),
    }
    failed = False
    print(f"{'kernel':8} {'size':>20} {'checked ms':>11} {'unchecked ms':>13} "
          f"{'ratio':>6} {'numpy ms':>9}")
    for name in args.kernels.split(","):
        make, size = sizes[name]
        hcl.init(hcl.Int())
        s, arrays, reference = make(*size)
        want = reference()
        calls = []
        for check in (True, False):
            module = hcl.build(s, check_bounds=check)
            # hcl.Arrays: the timed call converts nothing.
            hcl_arrays = [hcl.asarray(a, dtype=hcl.Int() if a.dtype == np.int32
                                      else hcl.Float()) for a in arrays]
            module(*hcl_arrays)
            got = hcl_arrays[-1].asnumpy()
            if not np.allclose(got, want, rtol=1e-4, atol=1e-4):
                print(f"{name}: check_bounds={check}: output differs from "
                      f"NumPy's (max error "
                      f"{np.max(np.abs(got - want)):.3g})")
                failed = True
            calls.append(lambda m=module, a=hcl_arrays: m(*a))
        checked, unchecked, peer = best_ms(calls + [reference], reps)
        print(f"{name:8} {'x'.join(map(str, size)):>20} {checked:11.2f} "
              f"{unchecked:13.2f} {checked / unchecked:6.2f} {peer:9.2f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
