"""Writes the models and inputs of test/Onnx/graph-inputs.test: operands that
decide shapes, given as graph inputs the way exporters write them.

  python3 make_graph_input_models.py OUT_DIR

reshape.onnx: y = Reshape(x[2, 6], shape), `shape` an int64[2] input.
window.onnx: y = float(Range(0, n + 1, 1)): the limit is computed from the
  input `n`, so it is known only with integer arithmetic on n.
dynamic.onnx: y = Relu(x[N, 3]): N is dynamic.
sum.onnx: y = ReduceSum(x[2, 6], keepdims=0), a scalar output.
sum_axes.onnx: y = ReduceSum(x[2, 6], axes, keepdims=0), `axes` an input
  (empty: every axis; axes_empty.npy, axes_1.npy).
and the .npy inputs: x.npy (2x6), shape_3x4.npy, shape_4x3.npy, n4.npy (0-d),
x_5x3.npy, x_5x4.npy.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
vi = helper.make_tensor_value_info


def save(name, nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, initializer=list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.save(model, os.path.join(out, name + ".onnx"))


save("reshape", [helper.make_node("Reshape", ["x", "shape"], ["y"], name="reshape")],
     [vi("x", TensorProto.FLOAT, [2, 6]), vi("shape", TensorProto.INT64, [2])],
     [vi("y", TensorProto.FLOAT, None)])
save("window",
     [helper.make_node("Add", ["n", "one"], ["limit"], name="add"),
      helper.make_node("Range", ["zero", "limit", "one"], ["r"], name="range"),
      helper.make_node("Cast", ["r"], ["y"], name="cast", to=TensorProto.FLOAT)],
     [vi("n", TensorProto.INT64, [])], [vi("y", TensorProto.FLOAT, None)],
     [helper.make_tensor("zero", TensorProto.INT64, [], [0]),
      helper.make_tensor("one", TensorProto.INT64, [], [1])])
save("dynamic", [helper.make_node("Relu", ["x"], ["y"], name="relu")],
     [vi("x", TensorProto.FLOAT, ["N", 3])], [vi("y", TensorProto.FLOAT, ["N", 3])])
save("sum", [helper.make_node("ReduceSum", ["x"], ["y"], name="sum", keepdims=0)],
     [vi("x", TensorProto.FLOAT, [2, 6])], [vi("y", TensorProto.FLOAT, [])])
save("sum_axes", [helper.make_node("ReduceSum", ["x", "axes"], ["y"], name="sum", keepdims=0)],
     [vi("x", TensorProto.FLOAT, [2, 6]), vi("axes", TensorProto.INT64, ["A"])],
     [vi("y", TensorProto.FLOAT, None)])

np.save(os.path.join(out, "axes_empty.npy"), np.zeros([0], dtype=np.int64))
np.save(os.path.join(out, "axes_1.npy"), np.array([1], dtype=np.int64))
np.save(os.path.join(out, "x.npy"), np.arange(-6, 6, dtype=np.float32).reshape(2, 6))
np.save(os.path.join(out, "shape_3x4.npy"), np.array([3, 4], dtype=np.int64))
np.save(os.path.join(out, "shape_4x3.npy"), np.array([4, -1], dtype=np.int64))
np.save(os.path.join(out, "n4.npy"), np.array(4, dtype=np.int64))
np.save(os.path.join(out, "x_5x3.npy"), np.linspace(-1, 1, 15, dtype=np.float32).reshape(5, 3))
np.save(os.path.join(out, "x_5x4.npy"), np.zeros((5, 4), dtype=np.float32))
