"""Writes an input and a NumPy reference for a chain of MobileNet blocks
made by bench/onnx/make_mobilenet_chain.py:

  chain_reference.py MODEL.onnx OUT_PREFIX

OUT_PREFIX_x.npy is a seeded random input, OUT_PREFIX_ref0.npy the output,
computed block by block from the model's own weights in float64.
"""
import sys

import numpy as np
import onnx
from onnx import numpy_helper

model = onnx.load(sys.argv[1])
prefix = sys.argv[2]
weights = {t.name: numpy_helper.to_array(t).astype(np.float64)
           for t in model.graph.initializer}
shape = [d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim]
x = np.random.default_rng(3).standard_normal(shape).astype(np.float32)
np.save(prefix + "_x.npy", x)


def pointwise(a, w):  # 1x1 convolution, NCHW
    return np.einsum("nchw,oc->nohw", a, w[:, :, 0, 0])


def depthwise(a, w):  # 3x3, one filter per channel, zero padding 1
    padded = np.pad(a, ((0, 0), (0, 0), (1, 1), (1, 1)))
    out = np.zeros_like(a)
    h, w_ = a.shape[2:]
    for dy in range(3):
        for dx in range(3):
            out += padded[:, :, dy:dy + h, dx:dx + w_] * \
                w[None, :, 0, dy, dx, None, None]
    return out


y = x.astype(np.float64)
blocks = sorted({n.split("_")[0] for n in weights if n.endswith("_w1")},
                key=lambda b: int(b[1:]))
for b in blocks:
    t = np.clip(pointwise(y, weights[b + "_w1"]), 0, 6)
    t = np.clip(depthwise(t, weights[b + "_wd"]), 0, 6)
    y = y + pointwise(t, weights[b + "_w2"])
np.save(prefix + "_ref0.npy", y.astype(np.float32))
