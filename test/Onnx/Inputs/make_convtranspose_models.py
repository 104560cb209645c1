"""Writes ConvTranspose models, inputs and NumPy references for
test/Onnx/convtranspose.test.

  python3 make_convtranspose_models.py OUT_DIR

Each case NAME gets NAME.onnx, NAME_x.npy and NAME_ref.npy. The reference
scatters every input element through every kernel tap (ONNX's definition),
independently of hcl's per-phase gather. Also equivalent.onnx: a 1x1 Conv
doing as many multiply-adds as case `unet`, to compare estimates.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(7)


def reference(x, w, b, strides, dilations, pads, output_padding, group, auto_pad):
    n, c = x.shape[:2]
    k = x.ndim - 2
    m = w.shape[1] * group
    kernel = w.shape[2:]
    spatial = x.shape[2:]
    full = [strides[d] * (spatial[d] - 1) + output_padding[d] +
            (kernel[d] - 1) * dilations[d] + 1 for d in range(k)]
    buf = np.zeros((n, m) + tuple(full), dtype=np.float64)
    cpg, mpg = c // group, w.shape[1]
    for idx in np.ndindex(*spatial):
        for tap in np.ndindex(*kernel):
            pos = tuple(idx[d] * strides[d] + tap[d] * dilations[d] for d in range(k))
            for g in range(group):
                xs = x[(slice(None), slice(g * cpg, (g + 1) * cpg)) + idx]  # n x cpg
                ws = w[(slice(g * cpg, (g + 1) * cpg), slice(None)) + tap]  # cpg x mpg
                buf[(slice(None), slice(g * mpg, (g + 1) * mpg)) + pos] += xs @ ws
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        target = [spatial[d] * strides[d] for d in range(k)]
        begin = []
        for d in range(k):
            total = full[d] - target[d]
            half = total // 2
            begin.append(half if auto_pad == "SAME_UPPER" else total - half)
    else:
        target = [full[d] - pads[d] - pads[d + k] for d in range(k)]
        begin = pads[:k]
    result = np.zeros((n, m) + tuple(target))
    for o in np.ndindex(*target):
        src = tuple(o[d] + begin[d] for d in range(k))
        if all(0 <= src[d] < full[d] for d in range(k)):
            result[(slice(None), slice(None)) + o] = buf[(slice(None), slice(None)) + src]
    if b is not None:
        result += b.reshape((1, m) + (1,) * k)
    return result.astype(np.float32)


def case(name, xshape, wshape, strides, dilations=None, pads=None,
         output_padding=None, group=1, auto_pad=None, bias=True):
    k = len(xshape) - 2
    dilations = dilations or [1] * k
    pads = pads or [0] * (2 * k)
    output_padding = output_padding or [0] * k
    x = rng.standard_normal(xshape).astype(np.float32)
    w = rng.standard_normal(wshape).astype(np.float32)
    b = rng.standard_normal(wshape[1] * group).astype(np.float32) if bias else None
    attrs = dict(strides=strides, dilations=dilations, group=group,
                 output_padding=output_padding)
    if auto_pad:
        attrs["auto_pad"] = auto_pad
    else:
        attrs["pads"] = pads
    inits = [helper.make_tensor("w", TensorProto.FLOAT, wshape, w.flatten())]
    inputs = ["x", "w"]
    if bias:
        inits.append(helper.make_tensor("b", TensorProto.FLOAT, b.shape, b))
        inputs.append("b")
    node = helper.make_node("ConvTranspose", inputs, ["y"], name=name, **attrs)
    graph = helper.make_graph([node], name,
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, xshape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                              initializer=inits)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
              os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_x.npy"), x)
    np.save(os.path.join(out, name + "_ref.npy"),
            reference(x, w, b, strides, dilations, pads, output_padding, group, auto_pad))


# A U-Net up-sampling step: stride 2, 3x3, padded, output_padding.
case("unet", [1, 32, 8, 8], [32, 16, 3, 3], [2, 2], pads=[1, 1, 1, 1], output_padding=[1, 1])
# Strides and dilations differ per dimension, with groups.
case("mixed", [2, 4, 5, 4], [4, 3, 3, 2], [3, 2], dilations=[2, 1], pads=[0, 1, 2, 0], group=2)
# A kernel smaller than the stride: some phases get no tap and stay 0 (+bias).
case("sparse", [1, 2, 4, 3], [2, 3, 1, 2], [2, 3])
# 1-D, stride 4 with dilation 3 (taps of a phase 4 apart), no bias.
case("dilated1d", [1, 3, 7], [3, 2, 5], [4], dilations=[3], pads=[2, 3], bias=False)
case("same", [1, 2, 5, 5], [2, 2, 3, 3], [2, 2], auto_pad="SAME_UPPER")

# As many multiply-adds as `unet` (32 x 16 x 9 per input pixel, 64 pixels):
# a 1x1 Conv over 24 x 24 pixels with 32 input and 16 output channels.
w = rng.standard_normal([16, 32, 1, 1]).astype(np.float32)
graph = helper.make_graph(
    [helper.make_node("Conv", ["x", "w"], ["y"], name="equivalent")], "equivalent",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 32, 24, 24])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
    initializer=[helper.make_tensor("w", TensorProto.FLOAT, w.shape, w.flatten())])
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
          os.path.join(out, "equivalent.onnx"))
