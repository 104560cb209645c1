"""conv2d from the HeteroCL memory-optimization paper: hcl.sum over three
reduction axes, a line and a
window buffer on the input, the window loop pipelined; checked against
NumPy.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/conv2d.py
"""

import sys

import numpy as np

import hcl

dtype = hcl.Int(32)
bs, ic, oc, kh, kw, oh, ow = 1, 8, 8, 3, 3, 16, 16


def conv2d(A, F):
    rc = hcl.reduce_axis(0, ic)
    rh = hcl.reduce_axis(0, kh)
    rw = hcl.reduce_axis(0, kw)
    B = hcl.compute(
        (bs, oc, oh, ow),
        lambda n, c, h, w: hcl.sum(
            A[n, rc, h + rh, w + rw] * F[c, rc, rh, rw],
            axis=[rc, rh, rw],
            dtype=dtype,
        ),
        name="B",
        dtype=dtype,
    )
    return B


def main():
    hcl.init(dtype)
    A = hcl.placeholder((bs, ic, oh + kh - 1, ow + kw - 1), "A")
    F = hcl.placeholder((oc, ic, kh, kw), "F")
    s = hcl.create_schedule([A, F], conv2d)
    B = conv2d.B
    LB = s.reuse_at(A, s[B], B.axis[2])  # the loop named h (the lambda's)
    WB = s.reuse_at(LB, s[B], B.axis[3])
    s[B].pipeline(B.axis[3])

    rng = np.random.default_rng(1)
    a = rng.integers(-8, 8, A.shape, dtype=np.int32)
    f = rng.integers(-5, 5, F.shape, dtype=np.int32)
    b = hcl.asarray(np.zeros(B.shape))
    hcl.build(s)(hcl.asarray(a), hcl.asarray(f), b)

    expected = np.zeros(B.shape, np.int64)
    for rh in range(kh):
        for rw in range(kw):
            expected += np.einsum("nchw,kc->nkhw", a[:, :, rh:rh + oh, rw:rw + ow],
                                  f[:, :, rh, rw])
    ok = np.array_equal(b.asnumpy(), expected)
    print(f"check: {'OK' if ok else 'FAILED'} ({b.asnumpy().size} outputs vs NumPy)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
