"""Writes DFT models, inputs and NumPy (numpy.fft) references for
test/Onnx/dft.test.

  python3 make_dft_models.py OUT_DIR

Cases: a real signal along axis 1, a complex one along axis 2, the inverse,
onesided, and dft_length both longer (zero-padded) and shorter (cut) than
the signal. Each NAME gets NAME.onnx, NAME_x.npy and NAME_ref0.npy.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(17)


def save(name, x, y, length=None, **attrs):
    inputs = ["x"] + (["length"] if length is not None else [])
    inits = ([numpy_helper.from_array(np.array(length, np.int64), "length")]
             if length is not None else [])
    graph = helper.make_graph(
        [helper.make_node("DFT", inputs, ["y"], **attrs)], name,
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, y.shape)], inits)
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]),
              os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_x.npy"), x.astype(np.float32))
    np.save(os.path.join(out, name + "_ref0.npy"), y.astype(np.float32))


def parts(z):
    return np.stack((z.real, z.imag), axis=-1)


real = rng.standard_normal((2, 12, 3)).astype(np.float32)
cplx = rng.standard_normal((2, 3, 8, 2)).astype(np.float32)
z = cplx[..., 0] + 1j * cplx[..., 1]
save("real_axis1", real[..., None], parts(np.fft.fft(real, axis=1)), axis=1)
save("complex_axis2", cplx, parts(np.fft.fft(z, axis=2)), axis=2)
save("inverse", cplx, parts(np.fft.ifft(z, axis=2)), axis=2, inverse=1)
save("onesided", real[..., None], parts(np.fft.rfft(real, axis=1)), axis=1,
     onesided=1)
save("padded", real[..., None], parts(np.fft.fft(real, n=16, axis=1)), length=16,
     axis=1)
save("cut", real[..., None], parts(np.fft.fft(real, n=5, axis=1)), length=5,
     axis=1)
