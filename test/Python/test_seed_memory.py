"""Seed 000 (HeteroCL-MLIR memory optimizations): the five-point stencil with
a line and a window buffer (reuse_at) and conv2d with hcl.sum, as the seed
writes them, each checked against NumPy."""

import numpy as np

import hcl

# The listings use these names without defining them.
dtype = hcl.Float()
width, height = 18, 14
bs, ic, oc, kh, kw, oh, ow = 1, 4, 3, 3, 3, 8, 10


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
    # schedule.reuse_at(tensor, stage, axis)
    LB = s.reuse_at(A, s[B], B.axis[0])
    WB = s.reuse_at(LB, s[B], B.axis[1])

    # The check (not in the seed): the buffers exist, the values are right.
    lowered = hcl.lower(s)
    assert "memref<3x14xf32>" in lowered  # line buffer: 3 rows
    assert "memref<3x3xf32>" in lowered   # window buffer
    a = np.random.default_rng(0).random((width, height), dtype=np.float32)
    hcl_A = hcl.asarray(a)
    hcl_B = hcl.asarray(np.zeros((width - 2, height - 2)))
    hcl.build(s)(hcl_A, hcl_B)
    expected = (a[:-2, 1:-1] + a[1:-1, :-2] + a[1:-1, 1:-1] + a[1:-1, 2:]
                + a[2:, 1:-1])
    np.testing.assert_allclose(hcl_B.asnumpy(), expected, rtol=1e-6)


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


def numpy_conv2d(a, f):
    out = np.zeros((bs, oc, oh, ow), np.float64)
    for rh in range(kh):
        for rw in range(kw):
            window = a[:, :, rh:rh + oh, rw:rw + ow]  # n, rc, h, w
            out += np.einsum("nchw,kc->nkhw", window, f[:, :, rh, rw])
    return out


def test_conv2d_with_reuse_buffers():
    hcl.init(dtype)
    A = hcl.placeholder((bs, ic, oh + kh - 1, ow + kw - 1), "A")
    F = hcl.placeholder((oc, ic, kh, kw), "F")
    s = hcl.create_schedule([A, F], conv2d)
    B = conv2d.B
    LB = s.reuse_at(A, s[B], B.axis[2])
    WB = s.reuse_at(LB, s[B], B.axis[3])
    s[B].pipeline(B.axis[3])
    # HeteroCL names the loops after the lambda's parameters.
    assert B.axis[2].name == "h" and B.axis["w"].name == "w"

    rng = np.random.default_rng(1)
    a = rng.random(A.shape, dtype=np.float32)
    f = rng.random(F.shape, dtype=np.float32)
    out = hcl.asarray(np.zeros(B.shape))
    hcl.build(s)(hcl.asarray(a), hcl.asarray(f), out)
    np.testing.assert_allclose(out.asnumpy(), numpy_conv2d(a, f), rtol=1e-5)
