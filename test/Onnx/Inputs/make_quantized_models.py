"""Writes quantized-operator and Det models, their inputs and NumPy
references for test/Onnx/quantized.test.

  python3 make_quantized_models.py OUT_DIR

Each case NAME gets NAME.onnx, its inputs NAME_in{0,1,...}.npy (the graph
inputs in order) and NAME_ref0.npy. The references follow the operator
definitions: operands less their zero points, products summed in int32;
QLinear* requantize with round-half-to-even and saturate; Det by NumPy.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(29)
ONNX_TYPE = {np.dtype(np.uint8): TensorProto.UINT8,
             np.dtype(np.int8): TensorProto.INT8,
             np.dtype(np.int32): TensorProto.INT32,
             np.dtype(np.float32): TensorProto.FLOAT}


def save(name, node, inputs, initializers, output, opset=10):
    """inputs: [(name, array)] graph inputs; initializers likewise."""
    graph = helper.make_graph(
        [node], name,
        [helper.make_tensor_value_info(n, ONNX_TYPE[a.dtype], a.shape)
         for n, a in inputs],
        [helper.make_tensor_value_info(node.output[0], ONNX_TYPE[output.dtype],
                                       output.shape)],
        [numpy_helper.from_array(a, n) for n, a in initializers])
    model = helper.make_model(graph,
                              opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))
    for k, (_, a) in enumerate(inputs):
        np.save(os.path.join(out, "%s_in%d.npy" % (name, k)), a)
    np.save(os.path.join(out, name + "_ref0.npy"), output)


def ints(dtype, shape):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max + 1, shape).astype(dtype)


def requantize(acc, scale, zero):
    info = np.iinfo(zero.dtype)
    y = np.rint(acc.astype(np.float32) * np.float32(scale)) + zero.astype(np.float32)
    return np.clip(y, info.min, info.max).astype(zero.dtype)


def conv2d(x, w, pads):
    """x [N,C,H,W] and w [M,C,KH,KW] as int32, stride 1, zero padding."""
    x = np.pad(x, ((0, 0), (0, 0), (pads[0], pads[2]), (pads[1], pads[3])))
    n, c, h, wd = x.shape
    m, _, kh, kw = w.shape
    y = np.zeros((n, m, h - kh + 1, wd - kw + 1), np.int32)
    for i in range(y.shape[2]):
        for j in range(y.shape[3]):
            patch = x[:, :, i:i + kh, j:j + kw]
            y[:, :, i, j] = np.tensordot(patch, w, ([1, 2, 3], [1, 2, 3]))
    return y


# MatMulInteger, uint8 x int8, a per-row zero point for A and a per-column
# one for B, both graph inputs (data read when the program runs).
a, b = ints(np.uint8, (5, 7)), ints(np.int8, (7, 3))
za, zb = ints(np.uint8, (5,)), ints(np.int8, (3,))
y = (a.astype(np.int32) - za[:, None]) @ (b.astype(np.int32) - zb[None, :])
save("matmul_integer",
     helper.make_node("MatMulInteger", ["a", "b", "za", "zb"], ["y"]),
     [("a", a), ("b", b), ("za", za), ("zb", zb)], [], y)

# A batched MatMulInteger without zero points.
a, b = ints(np.int8, (2, 3, 4)), ints(np.int8, (4, 5))
save("matmul_integer_batch",
     helper.make_node("MatMulInteger", ["a", "b"], ["y"]),
     [("a", a)], [("b", b)], a.astype(np.int32) @ b.astype(np.int32))

# QLinearMatMul in int8, scales as initializers.
a, b = ints(np.int8, (4, 6)), ints(np.int8, (6, 5))
sa, sb, sy = np.float32(0.02), np.float32(0.03), np.float32(0.05)
za, zb, zy = np.int8(3), np.int8(-2), np.int8(1)
acc = (a.astype(np.int32) - za) @ (b.astype(np.int32) - zb)
save("qlinear_matmul",
     helper.make_node("QLinearMatMul",
                      ["a", "sa", "za", "b", "sb", "zb", "sy", "zy"], ["y"]),
     [("a", a), ("b", b)],
     [("sa", np.array(sa)), ("za", np.array(za)), ("sb", np.array(sb)),
      ("zb", np.array(zb)), ("sy", np.array(sy)), ("zy", np.array(zy))],
     requantize(acc, np.float32(sa * sb / sy), np.array(zy)))

# ConvInteger with padding: x pads with its zero point (a graph input), w has
# one zero point per filter.
x, w = ints(np.uint8, (1, 2, 5, 5)), ints(np.uint8, (3, 2, 3, 3))
zx, zw = np.array(ints(np.uint8, ())), ints(np.uint8, (3,))
xs = x.astype(np.int32) - zx.astype(np.int32)
ws = w.astype(np.int32) - zw.astype(np.int32)[:, None, None, None]
save("conv_integer",
     helper.make_node("ConvInteger", ["x", "w", "zx", "zw"], ["y"],
                      pads=[1, 1, 1, 1]),
     [("x", x), ("zx", zx)], [("w", w), ("zw", zw)], conv2d(xs, ws, [1, 1, 1, 1]))

# QLinearConv in uint8 with an int32 bias.
x, w = ints(np.uint8, (1, 2, 6, 6)), ints(np.uint8, (4, 2, 3, 3))
bias = rng.integers(-500, 500, (4,)).astype(np.int32)
sx, sw, sy = np.float32(0.01), np.float32(0.02), np.float32(0.9)
zx, zw, zy = np.uint8(120), np.uint8(130), np.uint8(128)
acc = conv2d(x.astype(np.int32) - zx, w.astype(np.int32) - zw, [0, 0, 0, 0])
acc = acc + bias[None, :, None, None]
save("qlinear_conv",
     helper.make_node("QLinearConv",
                      ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy", "bias"],
                      ["y"]),
     [("x", x)],
     [("sx", np.array(sx)), ("zx", np.array(zx)), ("w", w),
      ("sw", np.array(sw)), ("zw", np.array(zw)), ("sy", np.array(sy)),
      ("zy", np.array(zy)), ("bias", bias)],
     requantize(acc, np.float32(sx * sw / sy), np.array(zy)))

# Det of a batch of 4x4 matrices: one needs row swaps (a zero first pivot),
# one is singular.
m = rng.standard_normal((2, 3, 4, 4)).astype(np.float32)
m[0, 1, 0, 0] = 0
m[1, 2, 3] = m[1, 2, 0] + m[1, 2, 1]
save("det", helper.make_node("Det", ["m"], ["y"]), [("m", m)], [],
     np.linalg.det(m.astype(np.float64)).astype(np.float32), opset=11)

# Refused: per-filter scales in QLinearConv, and Det of a matrix that is
# not square.
sw4 = np.full((4,), 0.02, np.float32)
save("qlinear_conv_per_filter",
     helper.make_node("QLinearConv",
                      ["x", "sx", "zx", "w", "sw", "zw", "sy", "zy"], ["y"]),
     [("x", x)],
     [("sx", np.array(sx)), ("zx", np.array(zx)), ("w", w), ("sw", sw4),
      ("zw", np.array(zw)), ("sy", np.array(sy)), ("zy", np.array(zy))],
     np.zeros((1, 4, 4, 4), np.uint8))
save("det_not_square", helper.make_node("Det", ["m"], ["y"]),
     [("m", np.zeros((2, 3), np.float32))], [], np.zeros((), np.float32),
     opset=11)
