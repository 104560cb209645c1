"""Writes a chain of MobileNet-v2 inverted-residual blocks as an ONNX model
(onnx.helper, opset 13, seeded random weights), to measure how hcl's compile
time grows with the size of a model:

  /usr/bin/python3 make_mobilenet_chain.py OUT.onnx --nodes N
                                          [--channels 16] [--size 16]

Each block has 6 nodes: a 1x1 expanding Conv (x4 channels), Clip (ReLU6), a
3x3 depthwise Conv (group = channels, pad 1), Clip, a 1x1 projecting Conv,
and the residual Add. N is rounded down to whole blocks.
"""
import argparse

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--nodes", type=int, required=True)
parser.add_argument("--channels", type=int, default=16)
parser.add_argument("--size", type=int, default=16)
args = parser.parse_args()
C, E, S = args.channels, 4 * args.channels, args.size
rng = np.random.default_rng(5)
inits, nodes = [], []


def weight(name, shape):
    fan_in = int(np.prod(shape[1:]))
    inits.append(numpy_helper.from_array(
        (rng.standard_normal(shape) * fan_in ** -0.5).astype(np.float32), name))
    return name


inits.append(numpy_helper.from_array(np.array(0, np.float32), "zero"))
inits.append(numpy_helper.from_array(np.array(6, np.float32), "six"))
x = "x"
for b in range(args.nodes // 6):
    p = "b%d_" % b
    nodes += [
        helper.make_node("Conv", [x, weight(p + "w1", [E, C, 1, 1])], [p + "expand"],
                         name=p + "expand"),
        helper.make_node("Clip", [p + "expand", "zero", "six"], [p + "relu1"], name=p + "relu1"),
        helper.make_node("Conv", [p + "relu1", weight(p + "wd", [E, 1, 3, 3])], [p + "dw"],
                         name=p + "dw", group=E, pads=[1, 1, 1, 1]),
        helper.make_node("Clip", [p + "dw", "zero", "six"], [p + "relu2"], name=p + "relu2"),
        helper.make_node("Conv", [p + "relu2", weight(p + "w2", [C, E, 1, 1])], [p + "project"],
                         name=p + "project"),
        helper.make_node("Add", [x, p + "project"], [p + "out"], name=p + "add"),
    ]
    x = p + "out"
graph = helper.make_graph(
    nodes, "mobilenet_chain",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, C, S, S])],
    [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, C, S, S])], inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(model)
onnx.save(model, args.out)
