"""Checks the outputs of graph-inputs.test against NumPy."""
import os
import sys

import numpy as np

out = sys.argv[1]


def load(run, name):
    return np.load(os.path.join(out, run, name + ".npy"))


x = np.load(os.path.join(out, "x.npy"))
assert np.array_equal(load("r34", "result0"), x.reshape(3, 4))
assert np.array_equal(load("r43", "result0"), x.reshape(4, 3))
window = load("window", "result0")
assert window.dtype == np.float32 and np.array_equal(window, np.arange(5, dtype=np.float32))
# A 0-d input is written back 0-d.
assert load("window", "arg0").shape == ()
x53 = np.load(os.path.join(out, "x_5x3.npy"))
assert np.array_equal(load("dynamic", "result0"), np.maximum(x53, 0))
total = load("sum", "result0")
assert total.shape == () and total == x.sum(), (total.shape, total)
assert load("sum_all", "result0").shape == () and load("sum_all", "result0") == x.sum()
assert np.array_equal(load("sum_1", "result0"), x.sum(axis=1))
print("graph inputs: OK")
