"""Writes a transformer encoder block as an ONNX model (onnx.helper, opset 17,
seeded random weights) in the layout of an ONNX backend-test directory:

  OUT_DIR/transformer/model.onnx
  OUT_DIR/transformer/test_data_set_0/input_0.pb   (1 x SEQ x D activations)

  /usr/bin/python3 make_transformer.py OUT_DIR [--seq 64] [--dim 128]
                                       [--heads 4] [--ffn 512]

The block, as a post-norm encoder layer: Q, K, V = x Wq, x Wk, x Wv;
per head softmax(Q K^T / sqrt(d_head)) V; the heads concatenated and
projected (Wo); a residual Add and LayerNormalization; a feed-forward of
MatMul, Relu, MatMul with biases; a second residual and LayerNormalization.
No reference output: bench/onnx/run.py compares hcl with ONNX Runtime.
"""
import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

parser = argparse.ArgumentParser()
parser.add_argument("out_dir")
parser.add_argument("--seq", type=int, default=64)
parser.add_argument("--dim", type=int, default=128)
parser.add_argument("--heads", type=int, default=4)
parser.add_argument("--ffn", type=int, default=512)
args = parser.parse_args()
S, D, H, F = args.seq, args.dim, args.heads, args.ffn
Dh = D // H
rng = np.random.default_rng(31)
inits, nodes = [], []


def weight(name, shape, scale):
    inits.append(numpy_helper.from_array(
        (rng.standard_normal(shape) * scale).astype(np.float32), name))
    return name


def const(name, values, dtype=np.int64):
    inits.append(numpy_helper.from_array(np.array(values, dtype=dtype), name))
    return name


def node(op, inputs, name, **attrs):
    nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
    return name


def heads(x, name):
    """1 x S x D -> 1 x H x S x Dh."""
    r = node("Reshape", [x, const(name + "_shape", [1, S, H, Dh])], name + "_split")
    return node("Transpose", [r], name + "_heads", perm=[0, 2, 1, 3])


def layer_norm(x, name):
    return node("LayerNormalization",
                [x, weight(name + "_gamma", [D], 0.1), weight(name + "_beta", [D], 0.1)],
                name, axis=-1, epsilon=1e-5)


x = "x"
q = heads(node("MatMul", [x, weight("wq", [D, D], D ** -0.5)], "q"), "q")
k = heads(node("MatMul", [x, weight("wk", [D, D], D ** -0.5)], "k"), "k")
v = heads(node("MatMul", [x, weight("wv", [D, D], D ** -0.5)], "v"), "v")
kt = node("Transpose", [k], "kt", perm=[0, 1, 3, 2])
scores = node("Mul", [node("MatMul", [q, kt], "qk"),
                      const("scale", [Dh ** -0.5], np.float32)], "scores")
attn = node("Softmax", [scores], "attn", axis=-1)
ctx = node("MatMul", [attn, v], "ctx")
merged = node("Reshape", [node("Transpose", [ctx], "ctx_t", perm=[0, 2, 1, 3]),
                          const("merge_shape", [1, S, D])], "ctx_merged")
proj = node("Add", [node("MatMul", [merged, weight("wo", [D, D], D ** -0.5)], "o"),
                    weight("bo", [D], 0.1)], "proj")
norm1 = layer_norm(node("Add", [x, proj], "res1"), "norm1")
hidden = node("Relu", [node("Add", [node("MatMul", [norm1, weight("w1", [D, F], D ** -0.5)],
                                         "ffn1"), weight("b1", [F], 0.1)], "ffn1_bias")],
              "ffn_relu")
ffn = node("Add", [node("MatMul", [hidden, weight("w2", [F, D], F ** -0.5)], "ffn2"),
                   weight("b2", [D], 0.1)], "ffn2_bias")
node("Add", [norm1, ffn], "res2")
layer_norm("res2", "y")

graph = helper.make_graph(
    nodes, "transformer",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, S, D])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, S, D])], inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
onnx.checker.check_model(model)
test_dir = os.path.join(args.out_dir, "transformer")
os.makedirs(os.path.join(test_dir, "test_data_set_0"), exist_ok=True)
onnx.save(model, os.path.join(test_dir, "model.onnx"))
with open(os.path.join(test_dir, "test_data_set_0", "input_0.pb"), "wb") as f:
    f.write(numpy_helper.from_array(
        rng.standard_normal([1, S, D]).astype(np.float32), "x").SerializeToString())
