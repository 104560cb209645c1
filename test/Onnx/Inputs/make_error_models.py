"""Writes ONNX models the importer must refuse with a clear message.

  python3 make_error_models.py OUT_DIR
"""
import os
import sys

import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
mk = helper.make_node
vi = helper.make_tensor_value_info


def save(name, nodes, inputs, outputs, opset=13):
    graph = helper.make_graph(nodes, name, inputs, outputs)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(model, os.path.join(out, name + ".onnx"))


# An operator hcl does not lower.
save("unsupported_op",
     [mk("NonZero", ["x"], ["y"], name="nz")],
     [vi("x", TensorProto.FLOAT, [4])], [vi("y", TensorProto.INT64, [1, None])])
# An operator hcl does not lower in a node without a name (exporters leave
# names out): the error names it by its operator and position.
save("unnamed_node",
     [mk("Relu", ["x"], ["r"]), mk("NonZero", ["r"], ["y"])],
     [vi("x", TensorProto.FLOAT, [4])], [vi("y", TensorProto.INT64, [1, None])])
# A dynamic batch dimension.
save("dynamic_dim",
     [mk("Relu", ["x"], ["y"], name="relu")],
     [vi("x", TensorProto.FLOAT, ["N", 3])], [vi("y", TensorProto.FLOAT, ["N", 3])])
# An element type hcl does not have.
save("complex64",
     [mk("Identity", ["x"], ["y"], name="identity")],
     [vi("x", TensorProto.COMPLEX64, [3])], [vi("y", TensorProto.COMPLEX64, [3])])
# An attribute value the lowering does not support.
save("bad_attribute",
     [mk("AveragePool", ["x"], ["y"], name="pool", kernel_shape=[2, 2],
         dilations=[2, 2])],
     [vi("x", TensorProto.FLOAT, [1, 1, 4, 4])],
     [vi("y", TensorProto.FLOAT, [1, 1, 2, 2])])
# A shape that must be known at import time but is computed.
save("computed_shape",
     [mk("Relu", ["s"], ["s2"], name="relu"),
      mk("Reshape", ["x", "s2"], ["y"], name="reshape")],
     [vi("x", TensorProto.FLOAT, [2, 3]), vi("s", TensorProto.INT64, [2])],
     [vi("y", TensorProto.FLOAT, [3, 2])])
with open(os.path.join(out, "not_onnx.onnx"), "w") as f:
    f.write("this is not a protobuf\n")
