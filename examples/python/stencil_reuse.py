"""HeteroCL-MLIR memory optimizations: the five-point stencil
with a line buffer and a window buffer made by reuse_at, run on the CPU and,
as HLS C++, in a g++ C simulation; both checked against NumPy.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/stencil_reuse.py
"""

import re
import sys
import tempfile

import numpy as np

import hcl

dtype = hcl.Float()
width, height = 64, 48


def test_stencil():
    hcl.init(dtype)
    A = hcl.placeholder((width, height))

    def stencil(A):
        B = hcl.compute(
            (width - 2, height - 2),
            lambda i, j: A[i, j + 1]
            + A[i + 1, j]
            + A[i + 1, j + 1]
            + A[i + 1, j + 2]
            + A[i + 2, j + 1],
            name="B",
            dtype=dtype,
        )
        return B

    s = hcl.create_schedule([A], stencil)
    B = stencil.B
    return s, B


def main():
    s, B = test_stencil()
    # schedule.reuse_at(tensor, stage, axis): the seed's two lines.
    A = s.inputs[0]
    LB = s.reuse_at(A, s[B], B.axis[0])
    WB = s.reuse_at(LB, s[B], B.axis[1])
    s[B].pipeline(B.axis[1])
    # The buffers in the lowered MLIR: B, the line buffer and the window.
    for name, memref in re.findall(r'memref.alloc\(\) \{name = "([^"]+)"\} : (\S+)',
                                   hcl.lower(s)):
        print(f"buffer {name}: {memref}")

    a = np.random.default_rng(0).random((width, height), dtype=np.float32)
    expected = (a[:-2, 1:-1] + a[1:-1, :-2] + a[1:-1, 1:-1] + a[1:-1, 2:]
                + a[2:, 1:-1])

    cpu = np.zeros((width - 2, height - 2), np.float32)
    hcl.build(s)(a, cpu)

    with tempfile.TemporaryDirectory() as work:
        target = hcl.Platform.ultra96
        target.config(compiler="vitis", mode="csim", project=f"{work}/stencil.prj")
        hls = np.zeros_like(cpu)
        hcl.build(s, target=target)(a, hls)

    ok = np.allclose(cpu, expected, rtol=1e-6) and np.allclose(hls, expected, rtol=1e-6)
    print(f"check: {'OK' if ok else 'FAILED'} (CPU and HLS C simulation vs NumPy, "
          f"{cpu.size} outputs)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
