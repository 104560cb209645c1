"""Writes If, Loop and Scan models (onnx.helper), their inputs and NumPy
references into OUT:

  make_control_flow_models.py OUT

NAME.onnx, NAME_x.npy (the input) and NAME_ref0.npy, NAME_ref1.npy, ...
(the outputs) for each case, and error models err_*.onnx that hcl refuses.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(11)
F, I64, B = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL


def tensor(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def const(name, value):
    return helper.make_node("Constant", [], [name],
                            value=numpy_helper.from_array(np.array(value), name + "_v"))


def save(name, nodes, inputs, outputs, inits=(), opset=16):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))


def case(name, x, refs):
    np.save(os.path.join(out, name + "_x.npy"), x)
    for k, r in enumerate(refs):
        np.save(os.path.join(out, "%s_ref%d.npy" % (name, k)), r)


def branches(then_nodes, then_out, else_nodes, else_out, shape_then=(3, 4),
             shape_else=(3, 4)):
    return (helper.make_graph(then_nodes, "then", [], [tensor(then_out, F, list(shape_then))]),
            helper.make_graph(else_nodes, "else", [], [tensor(else_out, F, list(shape_else))]))


# If on a Constant condition: only the else branch is lowered.
then_g, else_g = branches([helper.make_node("Add", ["x", "x"], ["t"])], "t",
                          [helper.make_node("Mul", ["x", "x"], ["e"])], "e")
save("if_const", [const("c", False),
                  helper.make_node("If", ["c"], ["y"], name="pick",
                                   then_branch=then_g, else_branch=else_g)],
     [tensor("x", F, [3, 4])], [tensor("y", F, [3, 4])])
x = rng.standard_normal((3, 4)).astype(np.float32)
case("if_const", x, [x * x])

# If on a condition computed at run time (sum(x) > 0): both branches and a
# select; run once with each answer.
then_g, else_g = branches([helper.make_node("Add", ["x", "x"], ["t"])], "t",
                          [helper.make_node("Neg", ["x"], ["e"])], "e")
save("if_runtime", [helper.make_node("ReduceSum", ["x"], ["s"], keepdims=0),
                    const("zero", np.float32(0)),
                    helper.make_node("Greater", ["s", "zero"], ["c"]),
                    helper.make_node("If", ["c"], ["y"], name="choose",
                                     then_branch=then_g, else_branch=else_g)],
     [tensor("x", F, [3, 4])], [tensor("y", F, [3, 4])])
for tag, sign in (("pos", 1), ("neg", -1)):
    x = (np.abs(rng.standard_normal((3, 4))) * sign).astype(np.float32)
    case("if_runtime_" + tag, x, [x + x if x.sum() > 0 else -x])

# If on a graph input whose branches differ in shape: the value given for
# the condition (hcl run --input) picks the branch, as for a shape operand.
then_g, else_g = branches([const("t", np.arange(3, dtype=np.float32))], "t",
                          [const("e", np.ones(2, np.float32))], "e",
                          shape_then=(3,), shape_else=(2,))
save("if_given", [helper.make_node("If", ["c"], ["y"], name="given",
                                   then_branch=then_g, else_branch=else_g)],
     [tensor("c", B, [])], [tensor("y", F, ["n"])])
case("if_given_true", np.array(True), [np.arange(3, dtype=np.float32)])
case("if_given_false", np.array(False), [np.ones(2, np.float32)])

# Loop with a static trip count: acc += x * i, scan output the running acc.
body = helper.make_graph(
    [helper.make_node("Cast", ["i"], ["fi"], to=F),
     helper.make_node("Mul", ["x", "fi"], ["xi"]),
     helper.make_node("Add", ["acc", "xi"], ["acc_out"]),
     helper.make_node("Identity", ["cond"], ["cond_out"]),
     helper.make_node("Identity", ["acc_out"], ["trace"])],
    "body", [tensor("i", I64, []), tensor("cond", B, []), tensor("acc", F, [3])],
    [tensor("cond_out", B, []), tensor("acc_out", F, [3]), tensor("trace", F, [3])])
save("loop_static", [const("M", np.int64(4)), const("go", True),
                     helper.make_node("Loop", ["M", "go", "acc0"], ["acc", "traces"],
                                      name="accumulate", body=body)],
     [tensor("x", F, [3])], [tensor("acc", F, [3]), tensor("traces", F, [4, 3])],
     [numpy_helper.from_array(np.ones(3, np.float32), "acc0")])
x = rng.standard_normal(3).astype(np.float32)
acc, traces = np.ones(3, np.float32), []
for i in range(4):
    acc = acc + x * np.float32(i)
    traces.append(acc)
case("loop_static", x, [acc, np.stack(traces)])

# Loop whose condition the body computes: double acc while sum(acc) < 50,
# at most 8 times.
body = helper.make_graph(
    [helper.make_node("Add", ["acc", "acc"], ["acc_out"]),
     helper.make_node("ReduceSum", ["acc_out"], ["s"], keepdims=0),
     const("limit", np.float32(50)),
     helper.make_node("Less", ["s", "limit"], ["cond_out"])],
    "body", [tensor("i", I64, []), tensor("cond", B, []), tensor("acc", F, [2, 2])],
    [tensor("cond_out", B, []), tensor("acc_out", F, [2, 2])])
save("loop_until", [const("M", np.int64(8)),
                    helper.make_node("Loop", ["M", "", "x"], ["acc"], name="double",
                                     body=body)],
     [tensor("x", F, [2, 2])], [tensor("acc", F, [2, 2])])
x = np.abs(rng.standard_normal((2, 2))).astype(np.float32) + 0.5
acc = x.copy()
for i in range(8):
    acc = acc + acc
    if not acc.sum() < 50:
        break
case("loop_until", x, [acc])

# Scan (opset 11): a running sum over axis 1, read backwards, its outputs
# along axis 1.
body = helper.make_graph(
    [helper.make_node("Add", ["s", "xt"], ["s_out"]),
     const("two", np.float32(2)),
     helper.make_node("Mul", ["s_out", "two"], ["yt"])],
    "body", [tensor("s", F, [2]), tensor("xt", F, [2])],
    [tensor("s_out", F, [2]), tensor("yt", F, [2])])
save("scan_reverse", [helper.make_node("Scan", ["s0", "x"], ["s", "y"], name="running",
                                       body=body, num_scan_inputs=1,
                                       scan_input_axes=[1], scan_input_directions=[1],
                                       scan_output_axes=[1])],
     [tensor("x", F, [2, 5])], [tensor("s", F, [2]), tensor("y", F, [2, 5])],
     [numpy_helper.from_array(np.zeros(2, np.float32), "s0")], opset=11)
x = rng.standard_normal((2, 5)).astype(np.float32)
s, ys = np.zeros(2, np.float32), []
for t in reversed(range(5)):
    s = s + x[:, t]
    ys.append(s * 2)
case("scan_reverse", x, [s, np.stack(ys, axis=1)])

# Refused: a trip count computed at run time, scan outputs under a run-time
# condition, branches of other shapes under a run-time condition.
body = helper.make_graph(
    [helper.make_node("Identity", ["acc"], ["acc_out"]),
     helper.make_node("Identity", ["cond"], ["cond_out"])],
    "body", [tensor("i", I64, []), tensor("cond", B, []), tensor("acc", F, [3])],
    [tensor("cond_out", B, []), tensor("acc_out", F, [3])])
save("err_trip_count", [helper.make_node("ReduceSum", ["x"], ["s"], keepdims=0),
                        helper.make_node("Cast", ["s"], ["M"], to=I64),
                        helper.make_node("Loop", ["M", "", "x"], ["y"], name="dynamic",
                                         body=body)],
     [tensor("x", F, [3])], [tensor("y", F, [3])])
body = helper.make_graph(
    [helper.make_node("ReduceSum", ["acc"], ["s"], keepdims=0),
     const("zero", np.float32(0)),
     helper.make_node("Greater", ["s", "zero"], ["cond_out"]),
     helper.make_node("Identity", ["acc"], ["acc_out"]),
     helper.make_node("Identity", ["acc"], ["trace"])],
    "body", [tensor("i", I64, []), tensor("cond", B, []), tensor("acc", F, [3])],
    [tensor("cond_out", B, []), tensor("acc_out", F, [3]), tensor("trace", F, [3])])
save("err_scan_until", [const("M", np.int64(3)),
                        helper.make_node("Loop", ["M", "", "x"], ["y", "ys"],
                                         name="traced", body=body)],
     [tensor("x", F, [3])], [tensor("y", F, [3]), tensor("ys", F, [3, 3])])
then_g, else_g = branches([helper.make_node("Add", ["x", "x"], ["t"])], "t",
                          [helper.make_node("ReduceSum", ["x"], ["e"], keepdims=1)], "e",
                          shape_else=(1, 1))
save("err_if_shapes", [helper.make_node("ReduceSum", ["x"], ["s"], keepdims=0),
                       const("zero", np.float32(0)),
                       helper.make_node("Greater", ["s", "zero"], ["c"]),
                       helper.make_node("If", ["c"], ["y"], name="mismatch",
                                        then_branch=then_g, else_branch=else_g)],
     [tensor("x", F, [3, 4])], [tensor("y", F, [3, 4])])
