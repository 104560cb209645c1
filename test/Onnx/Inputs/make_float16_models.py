"""Writes the models and inputs of test/Onnx/float16.test: float16 and
bfloat16 inputs, outputs, initializers and casts.

  python3 make_float16_models.py OUT_DIR

to_f16.onnx / to_bf16.onnx: y = Cast(x float32[N]) to FLOAT16 / BFLOAT16.
from_f16.onnx / from_bf16.onnx: y = Cast(x) to FLOAT.
arith_f16.onnx: y = (a * b + w) / c, all float16, w an initializer in
  int32_data; z = a - v, v an initializer in raw_data.
castlike.onnx: y = CastLike(x float32, like bfloat16), z = Cast(y) to FLOAT16.
and the .npy inputs: x32.npy (float32 values that round every way: ties,
subnormals, overflow, NaN, infinities), x16.npy (float16), xbf.npy (bfloat16
bits as uint16), a.npy, b.npy, c.npy (float16).
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
vi = helper.make_tensor_value_info
N = 64


def save(name, nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, initializer=list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 15)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))


def cast(name, src, dst):
    save(name, [helper.make_node("Cast", ["x"], ["y"], name="cast", to=dst)],
         [vi("x", src, [N])], [vi("y", dst, [N])])


cast("to_f16", TensorProto.FLOAT, TensorProto.FLOAT16)
cast("to_bf16", TensorProto.FLOAT, TensorProto.BFLOAT16)
cast("from_f16", TensorProto.FLOAT16, TensorProto.FLOAT)
cast("from_bf16", TensorProto.BFLOAT16, TensorProto.FLOAT)

rng = np.random.default_rng(31)
w = rng.standard_normal(N).astype(np.float16)
v = rng.standard_normal(N).astype(np.float16)


def bits_tensor(name, dtype, bits):
    """A tensor whose int32_data holds 16-bit float bits, as ONNX stores them."""
    t = TensorProto()
    t.name, t.data_type = name, dtype
    t.dims.extend([len(bits)])
    t.int32_data.extend(int(b) for b in bits)
    return t


w_init = bits_tensor("w", TensorProto.FLOAT16, w.view(np.uint16))
v_init = helper.make_tensor("v", TensorProto.FLOAT16, [N], v.tobytes(), raw=True)
f16 = TensorProto.FLOAT16
save("arith_f16",
     [helper.make_node("Mul", ["a", "b"], ["ab"], name="mul"),
      helper.make_node("Add", ["ab", "w"], ["abw"], name="add"),
      helper.make_node("Div", ["abw", "c"], ["y"], name="div"),
      helper.make_node("Sub", ["a", "v"], ["z"], name="sub")],
     [vi("a", f16, [N]), vi("b", f16, [N]), vi("c", f16, [N])],
     [vi("y", f16, [N]), vi("z", f16, [N])], [w_init, v_init])
like = bits_tensor("like", TensorProto.BFLOAT16, [0])
save("castlike",
     [helper.make_node("CastLike", ["x", "like"], ["y"], name="castlike"),
      helper.make_node("Cast", ["y"], ["z"], name="cast", to=f16)],
     [vi("x", TensorProto.FLOAT, [N])],
     [vi("y", TensorProto.BFLOAT16, [N]), vi("z", f16, [N])], [like])

# Values that round every way in float16 and bfloat16: halfway cases (ties
# to even up and down), float16 subnormals and underflow, overflow to
# infinity, infinities and NaN.
special = np.array([0.0, -0.0, 1.0, -1.0, 65504.0, 65520.0, 65519.996, 1e6,
                    np.inf, -np.inf, np.nan, 6e-8, 3e-8, 2.9e-8, 1e-5,
                    1 + 2**-11, 1 + 3 * 2**-11, 1 + 2**-8, 1 + 3 * 2**-8,
                    2**-24, 2**-25, 3 * 2**-25, 3.0e38, 1e-40],
                   dtype=np.float32)
x32 = np.concatenate([special, rng.standard_normal(N - len(special)).astype(np.float32) * 100])
np.save(os.path.join(out, "x32.npy"), x32.astype(np.float32))
with np.errstate(over="ignore"):
    np.save(os.path.join(out, "x16.npy"), x32.astype(np.float16))
np.save(os.path.join(out, "xbf.npy"), (x32.view(np.uint32) >> 16).astype(np.uint16))
np.save(os.path.join(out, "a.npy"), rng.standard_normal(N).astype(np.float16))
np.save(os.path.join(out, "b.npy"), (rng.standard_normal(N) * 300).astype(np.float16))
np.save(os.path.join(out, "c.npy"), (rng.standard_normal(N) + 0.1).astype(np.float16))
np.save(os.path.join(out, "w.npy"), w)
np.save(os.path.join(out, "v.npy"), v)
