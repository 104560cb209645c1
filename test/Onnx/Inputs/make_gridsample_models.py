"""Writes GridSample models, inputs and NumPy references for
test/Onnx/gridsample.test: every mode (bilinear, nearest, bicubic) with
every padding (zeros, border, reflection) and both align_corners, on a
random grid that reaches past [-1, 1], so that every padding rule is used.

  python3 make_gridsample_models.py OUT_DIR

Each case NAME gets NAME.onnx and NAME_ref0.npy; x.npy and grid.npy are
shared. The reference samples one point at a time in float64, from the
definition PyTorch's grid_sample implements.
"""
import itertools
import math
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(16)
x = rng.standard_normal((2, 3, 5, 7)).astype(np.float32)
grid = rng.uniform(-1.6, 1.6, (2, 4, 6, 2)).astype(np.float32)
grid[0, 0, 0] = [-1, -1]  # the corners themselves
grid[0, 0, 1] = [1, 1]
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "grid.npy"), grid)


def unnormalize(c, size, align):
    return (c + 1) / 2 * (size - 1) if align else ((c + 1) * size - 1) / 2


def reflect(p, twice_low, twice_high):
    if twice_low == twice_high:
        return 0.0
    low, span = twice_low / 2, (twice_high - twice_low) / 2
    d = abs(p - low)
    flips, extra = math.floor(d / span), math.fmod(d, span)
    return extra + low if flips % 2 == 0 else span - extra + low


def pad(p, size, padding, align):
    if padding == "zeros":
        return p
    if padding == "reflection":
        p = reflect(p, 0, 2 * (size - 1)) if align else reflect(p, -1, 2 * size - 1)
    return min(max(p, 0.0), size - 1.0)


def tap(img, y, x_):
    h, w = img.shape
    if 0 <= y <= h - 1 and 0 <= x_ <= w - 1:
        return float(img[int(y), int(x_)])
    return 0.0


def cubic(t):
    a = -0.75
    near = lambda d: ((a + 2) * d - (a + 3)) * d * d + 1
    far = lambda d: ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
    return [far(t + 1), near(t), near(1 - t), far(2 - t)]


def sample(img, gx, gy, mode, padding, align):
    h, w = img.shape
    px, py = unnormalize(gx, w, align), unnormalize(gy, h, align)
    if mode == "nearest":
        return tap(img, np.rint(pad(py, h, padding, align)),
                   np.rint(pad(px, w, padding, align)))
    if mode == "bilinear":
        px, py = pad(px, w, padding, align), pad(py, h, padding, align)
        x0, y0 = math.floor(px), math.floor(py)
        fx, fy = px - x0, py - y0
        return ((1 - fy) * ((1 - fx) * tap(img, y0, x0) + fx * tap(img, y0, x0 + 1))
                + fy * ((1 - fx) * tap(img, y0 + 1, x0) + fx * tap(img, y0 + 1, x0 + 1)))
    x0, y0 = math.floor(px), math.floor(py)
    wx, wy = cubic(px - x0), cubic(py - y0)
    return sum(wy[r] * sum(wx[c] * tap(img, pad(y0 + r - 1, h, padding, align),
                                       pad(x0 + c - 1, w, padding, align))
                           for c in range(4)) for r in range(4))


for mode, padding, align in itertools.product(
        ["bilinear", "nearest", "bicubic"], ["zeros", "border", "reflection"],
        [0, 1]):
    name = "%s_%s_%d" % (mode, padding, align)
    node = helper.make_node("GridSample", ["x", "grid"], ["y"], mode=mode,
                            padding_mode=padding, align_corners=align)
    n, c, _, _ = x.shape
    ho, wo = grid.shape[1:3]
    graph = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape),
         helper.make_tensor_value_info("grid", TensorProto.FLOAT, grid.shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [n, c, ho, wo])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)]),
              os.path.join(out, name + ".onnx"))
    y = np.zeros((n, c, ho, wo))
    for b, ch, i, j in itertools.product(range(n), range(c), range(ho), range(wo)):
        y[b, ch, i, j] = sample(x[b, ch].astype(np.float64), float(grid[b, i, j, 0]),
                                float(grid[b, i, j, 1]), mode, padding, align)
    np.save(os.path.join(out, name + "_ref0.npy"), y.astype(np.float32))
