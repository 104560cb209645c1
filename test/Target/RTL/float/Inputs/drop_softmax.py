"""Writes an ONNX model without its final Softmax: the graph's output becomes
the Softmax's input (the logits). The RTL has no unit for math.exp, so a
network ending in Softmax is refused; its logits run in hardware.

  /usr/bin/python3 drop_softmax.py IN.onnx OUT.onnx
"""
import sys

import onnx
from onnx import helper

model = onnx.load(sys.argv[1])
graph = model.graph
last = graph.node[-1]
if last.op_type != "Softmax":
    sys.exit(f"{sys.argv[1]}: the last node is {last.op_type}, not Softmax")
output = graph.output[0]
logits = helper.make_tensor_value_info(
    last.input[0], output.type.tensor_type.elem_type,
    [d.dim_value for d in output.type.tensor_type.shape.dim])
graph.node.remove(last)
graph.output.remove(output)
graph.output.append(logits)
onnx.checker.check_model(model)
onnx.save(model, sys.argv[2])
