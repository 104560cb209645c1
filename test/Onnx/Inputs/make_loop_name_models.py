"""Writes the models of test/Onnx/loop-names.test.

  python3 make_loop_name_models.py OUT_DIR

batched.onnx: y = MatMul(a[2,3,4,5], b[5,6]), a transformer's batched
  product: loops b0, b1, i, j and the reduction k.
vector.onnx: y = MatMul(a[3,4,5], v[5]): a 1-D right operand drops j.
"""
import os
import sys

from onnx import TensorProto, helper
import onnx

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
vi = helper.make_tensor_value_info


def save(name, a_shape, b_shape, y_shape):
    node = helper.make_node("MatMul", ["a", "b"], ["y"], name="mm")
    graph = helper.make_graph([node], name,
                              [vi("a", TensorProto.FLOAT, a_shape),
                               vi("b", TensorProto.FLOAT, b_shape)],
                              [vi("y", TensorProto.FLOAT, y_shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    onnx.save(model, os.path.join(out, name + ".onnx"))


save("batched", [2, 3, 4, 5], [5, 6], [2, 3, 4, 6])
save("vector", [3, 4, 5], [5], [3, 4])
