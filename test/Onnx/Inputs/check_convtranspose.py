"""Compares convtranspose.test's outputs with the NumPy references and the
two estimates."""
import os
import re
import sys

import numpy as np

out = sys.argv[1]
for case in ("unet", "mixed", "sparse", "dilated1d", "same"):
    got = np.load(os.path.join(out, case, "result0.npy"))
    ref = np.load(os.path.join(out, case + "_ref.npy"))
    assert got.shape == ref.shape, (case, got.shape, ref.shape)
    assert np.allclose(got, ref, rtol=1e-4, atol=1e-4), (case, np.abs(got - ref).max())
    print(case + ": OK")


def latency(name):
    text = open(os.path.join(out, name + ".estimate")).read()
    return int(re.search(r"function: latency (\d+) cycles", text).group(1))


ratio = latency("unet") / latency("equivalent")
assert ratio <= 1.2, ratio
print("estimate within 1.2x of the equivalent Conv (%.2f)" % ratio)
