"""Writes an ONNX backend test directory whose model takes a sequence, with
its test data (a serialized SequenceProto), as ONNX's node tests have.

  python3 make_sequence_test.py OUT_DIR
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
data = os.path.join(out, "test_data_set_0")
os.makedirs(data, exist_ok=True)
seq = helper.make_tensor_sequence_value_info("x", TensorProto.FLOAT, [2, 3])
graph = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])],
                          "sequence_identity", [seq],
                          [helper.make_tensor_sequence_value_info(
                              "y", TensorProto.FLOAT, [2, 3])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])
onnx.save(model, os.path.join(out, "model.onnx"))
values = [np.ones((2, 3), np.float32), np.zeros((2, 3), np.float32)]
for name in ("input_0.pb", "output_0.pb"):
    with open(os.path.join(data, name), "wb") as f:
        f.write(numpy_helper.from_list(values, name="x").SerializeToString())
