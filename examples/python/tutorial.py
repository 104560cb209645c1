"""A first hour with hcl in Python: HeteroCL's API on hcl's MLIR compiler.

Run it from the checkout after building (docs/python.md):

    PYTHONPATH=build/python /usr/bin/python3 examples/python/tutorial.py

Each step prints what it made; the last line says whether every result
matched NumPy.
"""

import sys
import tempfile

import numpy as np

import hcl

ok = True


def check(name, got, expected):
    global ok
    # float32 sums round differently in a different order (NumPy's BLAS
    # splits and fuses them): the tolerance is relative to the values' size.
    expected = np.asarray(expected, dtype=np.float64)
    scale = np.abs(expected).max() if expected.size else 0
    same = np.allclose(got, expected, rtol=1e-5, atol=1e-5 * scale)
    ok &= same
    print(f"  {name}: {'matches' if same else 'DIFFERS from'} NumPy")


# 1. The algorithm. hcl.init sets the type of everything that does not name
#    one; placeholders are the program's inputs; hcl.compute makes a tensor
#    from a lambda of its indices (the loops are named after the lambda's
#    parameters, here i and j). Python operators build expressions.
hcl.init(hcl.Float())
M, N, K = 32, 24, 16
A = hcl.placeholder((M, K), "A")
B = hcl.placeholder((K, N), "B")


def gemm_relu(A, B):
    k = hcl.reduce_axis(0, K, "k")
    C = hcl.compute((M, N), lambda i, j: hcl.sum(A[i, k] * B[k, j], axis=k), "C")
    return hcl.compute((M, N), lambda i, j: hcl.select(C[i, j] > 0, C[i, j], 0.0),
                       "R")


# 2. The schedule. create_schedule runs the kernel once and records its
#    stages; afterwards gemm_relu.C is the tensor (and stage) named C.
s = hcl.create_schedule([A, B], gemm_relu)
C, R = gemm_relu.C, gemm_relu.R
print("1. stages:", C, R)

# 3. Without customizations, the program runs on the CPU through LLVM's JIT.
#    hcl.asarray copies a NumPy array in once; .asnumpy() is a view (no copy)
#    of the elements the module writes. NumPy arrays can be passed directly.
rng = np.random.default_rng(0)
a = rng.standard_normal((M, K), dtype=np.float32)
b = rng.standard_normal((K, N), dtype=np.float32)
r = np.zeros((M, N), np.float32)
hcl.build(s)(a, b, r)
print("2. plain build")
check("gemm + relu", r, np.maximum(a.astype(np.float64) @ b, 0))

# 4. Customizations change how the loops run, never what they compute:
#    split / reorder / pipeline the gemm, buffer a row of C on chip, bank B,
#    and compute R inside C's row loop.
io, ii = s[C].split(C.axis[0], 4)
s[C].reorder("k", C.axis[1])
s.buffer_at(C, s[C], ii)
s[C].pipeline(C.axis[1])
s.partition(B, hcl.Partition.Cyclic, dim=2, factor=4)
print("3. customized; hcl.lower(s) has", hcl.lower(s).count("affine.for"),
      "loops")
r2 = hcl.asarray(np.zeros((M, N)))
hcl.build(s)(hcl.asarray(a), hcl.asarray(b), r2)
check("customized gemm + relu", r2.asnumpy(), np.maximum(a.astype(np.float64) @ b, 0))

# 5. Imperative code: HeteroCL's with-blocks. A stage named "clip" counts the
#    negative inputs and clamps them, with a loop, a condition and a scalar.
hcl.init(hcl.Int(32))
X = hcl.placeholder((64,), "X")


def clip(X):
    count = hcl.compute((1,), lambda _: 0, "count")
    with hcl.Stage("clip"):
        negatives = hcl.scalar(0, "negatives")
        with hcl.for_(0, 64, name="i") as i:
            with hcl.if_(X[i] < 0):
                negatives.v += 1
                X[i] = 0
        count[0] = negatives.v
    return count


s2 = hcl.create_schedule([X], clip)
s2[clip.clip].pipeline("i")
x = rng.integers(-5, 5, 64, dtype=np.int32)
clipped, count = x.copy(), np.zeros(1, np.int32)
hcl.build(s2)(clipped, count)
print("4. imperative stage")
check("clip", clipped, np.maximum(x, 0))
check("count", count, [(x < 0).sum()])

# 6. Hardware: the same schedule as a Vitis HLS project. Mode "csim" runs the
#    HLS C++ with g++ on our arrays (mode "debug" just gives the C++).
with tempfile.TemporaryDirectory() as work:
    target = hcl.Platform.ultra96
    target.config(compiler="vitis", mode="csim", project=f"{work}/gemm.prj")
    hls = hcl.build(s, target=target)
    r3 = np.zeros((M, N), np.float32)
    hls(a, b, r3)
    print("5. HLS project", hls.project.rsplit("/", 1)[-1], "simulated with g++")
    check("HLS C simulation", r3, np.maximum(a.astype(np.float64) @ b, 0))

# 7. Estimates before synthesis: per loop II and latency, per function
#    operations, off-chip bytes and the roofline point (Ultra96-V2).
figures = hcl.estimate(s)["functions"][0]
print(f"6. estimate: latency {figures['latency']} cycles, "
      f"{figures['operations']} operations, "
      f"{figures['gops']:.3f} GOP/s of {figures['attainable_gops']:.3f} attainable")
with tempfile.TemporaryDirectory() as work:
    hcl.roofline(hcl.estimate(s), f"{work}/roofline.png", labels=["gemm + relu"])

# Errors are hcl.Error (a RuntimeError) with the compiler's message.
try:
    s[C].split("no_such_loop", 2)
except hcl.Error as error:
    print("7. hcl.Error:", error)

print(f"check: {'OK' if ok else 'FAILED'} (tutorial: every result vs NumPy)")
sys.exit(0 if ok else 1)
