"""Writes MaxPool models with the Indices output for
test/Onnx/maxpool-indices.test, and NumPy references: each window's first
maximum (in the window's row-major order) as an index into x flattened in
row-major order, or with storage_order = 1 column-major over H and W.

  python3 make_maxpool_indices_models.py OUT_DIR
"""
import itertools
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(8)
# Few distinct values, so that windows hold ties.
x = rng.integers(-3, 4, (2, 3, 6, 7)).astype(np.float32)
np.save(os.path.join(out, "x.npy"), x)


def reference(kernel, strides, pads, column_major):
    n, c, h, w = x.shape
    oh = (h + pads[0] + pads[2] - kernel[0]) // strides[0] + 1
    ow = (w + pads[1] + pads[3] - kernel[1]) // strides[1] + 1
    y = np.zeros((n, c, oh, ow), np.float32)
    idx = np.zeros((n, c, oh, ow), np.int64)
    for b, ch, i, j in itertools.product(range(n), range(c), range(oh), range(ow)):
        best, where = None, None
        for r, s in itertools.product(range(kernel[0]), range(kernel[1])):
            p, q = i * strides[0] + r - pads[0], j * strides[1] + s - pads[1]
            if 0 <= p < h and 0 <= q < w and (best is None or x[b, ch, p, q] > best):
                best, where = x[b, ch, p, q], (p, q)
        p, q = where
        y[b, ch, i, j] = best
        idx[b, ch, i, j] = ((b * c + ch) * w + q) * h + p if column_major \
            else ((b * c + ch) * h + p) * w + q
    return y, idx


def save(name, kernel, strides, pads, storage_order):
    y, idx = reference(kernel, strides, pads, storage_order == 1)
    node = helper.make_node("MaxPool", ["x"], ["y", "i"], kernel_shape=kernel,
                            strides=strides, pads=pads,
                            storage_order=storage_order)
    graph = helper.make_graph(
        [node], name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, y.shape),
         helper.make_tensor_value_info("i", TensorProto.INT64, idx.shape)])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 12)]),
              os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_ref0.npy"), y)
    np.save(os.path.join(out, name + "_ref1.npy"), idx)


save("row_major", [3, 3], [2, 2], [1, 1, 1, 1], 0)
save("column_major", [2, 3], [1, 2], [0, 1, 1, 0], 1)
