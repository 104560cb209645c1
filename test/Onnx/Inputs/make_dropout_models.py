"""Writes Dropout models for test/Onnx/dropout.test: inference (no
training_mode), training with ratio 0 (drops nothing: y = x, the mask all
true), and training with ratio 0.5 (random, refused).

  python3 make_dropout_models.py OUT_DIR
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
x = np.random.default_rng(3).standard_normal((3, 4)).astype(np.float32)
np.save(os.path.join(out, "x.npy"), x)


def save(name, ratio=None, training=None):
    inputs, inits = ["x"], []
    if ratio is not None:
        inputs.append("ratio")
        inits.append(numpy_helper.from_array(np.array(ratio, np.float32), "ratio"))
    if training is not None:
        inputs.append("training")
        inits.append(numpy_helper.from_array(np.array(training), "training"))
    graph = helper.make_graph(
        [helper.make_node("Dropout", inputs, ["y", "mask"])], name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, x.shape),
         helper.make_tensor_value_info("mask", TensorProto.BOOL, x.shape)], inits)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]),
              os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_ref0.npy"), x)
    np.save(os.path.join(out, name + "_ref1.npy"), np.ones(x.shape, bool))


save("inference")
save("training_zero_ratio", ratio=0.0, training=True)
save("training_half", ratio=0.5, training=True)
