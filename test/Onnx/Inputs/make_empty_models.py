"""Writes models with empty tensors (a dimension of size 0) for
test/Onnx/empty.test, with their inputs and NumPy references.

  python3 make_empty_models.py OUT_DIR

- inner.onnx: Slice keeps nothing of x's rows (an empty intermediate),
  Concat joins it with x's first two rows; then Relu. Output 0 is the
  non-empty result, output 1 the empty slice itself.
- all_empty.onnx: Split into [3, 0]; only the empty part is an output.
- no_filters.onnx: a Conv with a bias and no filters (W [0,3,3,3], B [0]):
  its result is empty, and so is the bias step that updates it.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(5)
vi = helper.make_tensor_value_info
i64 = lambda name, v: numpy_helper.from_array(np.array(v, np.int64), name)

x = rng.standard_normal((4, 3)).astype(np.float32)
np.save(os.path.join(out, "x.npy"), x)
nodes = [
    helper.make_node("Slice", ["x", "s0", "e0", "ax"], ["none"]),
    helper.make_node("Slice", ["x", "s1", "e1", "ax"], ["head"]),
    helper.make_node("Concat", ["none", "head"], ["joined"], axis=0),
    helper.make_node("Relu", ["joined"], ["y"]),
]
graph = helper.make_graph(
    nodes, "inner", [vi("x", TensorProto.FLOAT, [4, 3])],
    [vi("y", TensorProto.FLOAT, [2, 3]), vi("none", TensorProto.FLOAT, [0, 3])],
    [i64("s0", [3]), i64("e0", [1]), i64("s1", [0]), i64("e1", [2]), i64("ax", [0])])
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
          os.path.join(out, "inner.onnx"))
np.save(os.path.join(out, "inner_ref0.npy"), np.maximum(x[:2], 0))
np.save(os.path.join(out, "inner_ref1.npy"), x[3:1])

graph = helper.make_graph(
    [helper.make_node("Split", ["x", "sizes"], ["a", "b"], axis=1)], "all_empty",
    [vi("x", TensorProto.FLOAT, [4, 3])], [vi("b", TensorProto.FLOAT, [4, 0])],
    [i64("sizes", [3, 0])])
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
          os.path.join(out, "all_empty.onnx"))
np.save(os.path.join(out, "all_empty_ref0.npy"), x[:, 3:])

img = rng.standard_normal((1, 3, 5, 5)).astype(np.float32)
np.save(os.path.join(out, "img.npy"), img)
graph = helper.make_graph(
    [helper.make_node("Conv", ["img", "w", "bias"], ["y"], kernel_shape=[3, 3])],
    "no_filters", [vi("img", TensorProto.FLOAT, [1, 3, 5, 5])],
    [vi("y", TensorProto.FLOAT, [1, 0, 3, 3])],
    [numpy_helper.from_array(np.zeros((0, 3, 3, 3), np.float32), "w"),
     numpy_helper.from_array(np.zeros((0,), np.float32), "bias")])
onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
          os.path.join(out, "no_filters.onnx"))
np.save(os.path.join(out, "no_filters_ref0.npy"), np.zeros((1, 0, 3, 3), np.float32))
