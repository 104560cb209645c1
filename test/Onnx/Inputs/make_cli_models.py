"""Writes the models and backend-test directories of test/Onnx/cli.test.

  python3 make_cli_models.py OUT_DIR

fixed.onnx: Relu on a 12x12 input (every dimension fixed).
opset99.onnx: the same model importing opset 99.
gather.onnx: y = Gather(data[4], indices[8]): random indices leave data.
cases/: onnx-test directories (Identity) whose expected outputs hold
infinities and NaN, one per way a comparison can go.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
vi = helper.make_tensor_value_info


def model(nodes, inputs, outputs, opset=13):
    graph = helper.make_graph(nodes, "cli", inputs, outputs)
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])


relu = [helper.make_node("Relu", ["x"], ["y"], name="relu")]
fixed = ([vi("x", TensorProto.FLOAT, [12, 12])], [vi("y", TensorProto.FLOAT, [12, 12])])
onnx.save(model(relu, *fixed), os.path.join(out, "fixed.onnx"))
# onnx.save does not check the opset; the importer must.
onnx.save(model(relu, *fixed, opset=99), os.path.join(out, "opset99.onnx"))
onnx.save(model([helper.make_node("Gather", ["data", "indices"], ["y"], name="gather")],
                [vi("data", TensorProto.FLOAT, [4]), vi("indices", TensorProto.INT64, [8])],
                [vi("y", TensorProto.FLOAT, [8])]),
          os.path.join(out, "gather.onnx"))


def case(name, given, expected):
    """An onnx-test directory: Identity of `given`, expecting `expected`."""
    d = os.path.join(out, "cases", name)
    data = os.path.join(d, "test_data_set_0")
    os.makedirs(data, exist_ok=True)
    n = len(given)
    onnx.save(model([helper.make_node("Identity", ["x"], ["y"], name="id")],
                    [vi("x", TensorProto.FLOAT, [n])], [vi("y", TensorProto.FLOAT, [n])]),
              os.path.join(d, "model.onnx"))
    for prefix, values, tensor in (("input", given, "x"), ("output", expected, "y")):
        with open(os.path.join(data, prefix + "_0.pb"), "wb") as f:
            array = np.array(values, dtype=np.float32)
            f.write(numpy_helper.from_array(array, tensor).SerializeToString())


inf, nan = float("inf"), float("nan")
case("finite_for_inf", [1.0, 2.0], [inf, 2.0])      # fail: inf needs inf
case("wrong_sign_inf", [-inf, 2.0], [inf, 2.0])     # fail: -inf is not inf
case("finite_for_nan", [1.0, 2.0], [nan, 2.0])      # fail: NaN needs NaN
case("same_specials", [inf, -inf, nan], [inf, -inf, nan])  # pass
case("close", [1.0, 2.0005], [1.0, 2.0])            # pass: within rtol 1e-3
with open(os.path.join(out, "expected-passes.txt"), "w") as f:
    f.write("cases/same_specials\ncases/close\n")
with open(os.path.join(out, "expected-passes-wrong.txt"), "w") as f:
    f.write("cases/same_specials\ncases/finite_for_inf\n")
