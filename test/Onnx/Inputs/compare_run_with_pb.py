"""Compares the outputs `hcl run --output-dir DIR` wrote (resultK.npy) with
an ONNX backend test's expected outputs (output_K.pb), floats within 1e-4
of the largest magnitude.

  python3 compare_run_with_pb.py RUN_DIR TEST_DATA_DIR
"""
import glob
import os
import sys

import numpy as np
from onnx import TensorProto, numpy_helper

run_dir, data_dir = sys.argv[1], sys.argv[2]
expected = sorted(glob.glob(os.path.join(data_dir, "output_*.pb")))
assert expected, data_dir
for k, path in enumerate(expected):
    tensor = TensorProto()
    with open(path, "rb") as f:
        tensor.ParseFromString(f.read())
    ref = numpy_helper.to_array(tensor)
    got = np.load(os.path.join(run_dir, "result%d.npy" % k))
    assert got.shape == ref.shape, (k, got.shape, ref.shape)
    scale = max(float(np.abs(ref).max()), 1e-30)
    error = float(np.abs(got.astype(np.float64) - ref).max()) / scale
    assert error <= 1e-4, (k, error)
print("outputs match the model's expected outputs (%d)" % len(expected))
