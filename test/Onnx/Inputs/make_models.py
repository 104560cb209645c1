"""Writes small networks as ONNX backend-test directories (model.onnx and
test_data_set_0/{input,output}_0.pb) with NumPy reference outputs, so that
`hcl onnx-test` checks them exactly as it checks ONNX's own tests.

  python3 make_models.py OUT_DIR

The models are built with onnx.helper; weights are seeded random numbers.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def conv2d(x, w, b, pad):
    n, c, h, wd = x.shape
    m, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1
    out = np.zeros((n, m, oh, ow), dtype=np.float64)
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + oh, j:j + ow]
            out += np.einsum("nchw,mc->nmhw", patch, w[:, :, i, j])
    return (out + b[None, :, None, None]).astype(np.float32)


def maxpool2(x):
    n, c, h, w = x.shape
    return x.reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def save(out_dir, name, graph, x, y):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    test_dir = os.path.join(out_dir, name)
    data_dir = os.path.join(test_dir, "test_data_set_0")
    os.makedirs(data_dir, exist_ok=True)
    onnx.save(model, os.path.join(test_dir, "model.onnx"))
    with open(os.path.join(data_dir, "input_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(x, "x").SerializeToString())
    with open(os.path.join(data_dir, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(y, "y").SerializeToString())


def init(rng, name, shape, scale):
    return numpy_helper.from_array(
        (rng.standard_normal(shape) * scale).astype(np.float32), name)


def mlp(out_dir, rng):
    """784 -> 64 -> ReLU -> 10 -> Softmax, batch 2."""
    w1, b1 = init(rng, "w1", (784, 64), 0.05), init(rng, "b1", (64,), 0.1)
    w2, b2 = init(rng, "w2", (64, 10), 0.1), init(rng, "b2", (10,), 0.1)
    nodes = [
        helper.make_node("Gemm", ["x", "w1", "b1"], ["h"], name="fc1"),
        helper.make_node("Relu", ["h"], ["hr"], name="relu1"),
        helper.make_node("Gemm", ["hr", "w2", "b2"], ["logits"], name="fc2"),
        helper.make_node("Softmax", ["logits"], ["y"], name="softmax", axis=1),
    ]
    graph = helper.make_graph(
        nodes, "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 784])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 10])],
        [w1, b1, w2, b2])
    x = rng.standard_normal((2, 784)).astype(np.float32)
    a = lambda t: numpy_helper.to_array(t).astype(np.float64)
    h = np.maximum(x @ a(w1) + a(b1), 0)
    y = softmax(h @ a(w2) + a(b2)).astype(np.float32)
    save(out_dir, "mlp", graph, x, y)


def lenet5(out_dir, rng):
    """LeNet-5 on 1x1x28x28: conv5x5(6, pad 2) relu pool, conv5x5(16) relu
    pool, flatten, fc 120, fc 84, fc 10."""
    ws = {
        "c1w": (6, 1, 5, 5), "c1b": (6,), "c2w": (16, 6, 5, 5), "c2b": (16,),
        "f1w": (120, 400), "f1b": (120,), "f2w": (84, 120), "f2b": (84,),
        "f3w": (10, 84), "f3b": (10,),
    }
    inits = {k: init(rng, k, s, 0.2) for k, s in ws.items()}
    mk = helper.make_node
    nodes = [
        mk("Conv", ["x", "c1w", "c1b"], ["c1"], name="conv1", pads=[2, 2, 2, 2]),
        mk("Relu", ["c1"], ["r1"], name="relu1"),
        mk("MaxPool", ["r1"], ["p1"], name="pool1", kernel_shape=[2, 2], strides=[2, 2]),
        mk("Conv", ["p1", "c2w", "c2b"], ["c2"], name="conv2"),
        mk("Relu", ["c2"], ["r2"], name="relu2"),
        mk("MaxPool", ["r2"], ["p2"], name="pool2", kernel_shape=[2, 2], strides=[2, 2]),
        mk("Flatten", ["p2"], ["f"], name="flatten"),
        mk("Gemm", ["f", "f1w", "f1b"], ["g1"], name="fc1", transB=1),
        mk("Relu", ["g1"], ["gr1"], name="relu3"),
        mk("Gemm", ["gr1", "f2w", "f2b"], ["g2"], name="fc2", transB=1),
        mk("Relu", ["g2"], ["gr2"], name="relu4"),
        mk("Gemm", ["gr2", "f3w", "f3b"], ["y"], name="fc3", transB=1),
    ]
    graph = helper.make_graph(
        nodes, "lenet5",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 28, 28])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 10])],
        list(inits.values()))
    a = {k: numpy_helper.to_array(t).astype(np.float64) for k, t in inits.items()}
    x = rng.standard_normal((1, 1, 28, 28)).astype(np.float32)
    h = maxpool2(np.maximum(conv2d(x, a["c1w"], a["c1b"], 2), 0))
    h = maxpool2(np.maximum(conv2d(h, a["c2w"], a["c2b"], 0), 0))
    h = h.reshape(1, -1).astype(np.float64)
    h = np.maximum(h @ a["f1w"].T + a["f1b"], 0)
    h = np.maximum(h @ a["f2w"].T + a["f2b"], 0)
    y = (h @ a["f3w"].T + a["f3b"]).astype(np.float32)
    save(out_dir, "lenet5", graph, x, y)


if __name__ == "__main__":
    out = sys.argv[1]
    rng = np.random.default_rng(7)
    mlp(out, rng)
    lenet5(out, rng)
