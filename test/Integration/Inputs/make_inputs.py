"""Writes random .npy inputs: make_inputs.py DIR SEED NAME:DTYPE:SHAPE ...

SHAPE is like 4x4 (or "scalar"). Integers are drawn from [-16, 16), floats
from [-1, 1), bools from {0, 1}. Prints nothing; files are DIR/NAME.npy.
"""
import os
import sys

import numpy as np


def main():
    out_dir, seed, specs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(seed)
    for spec in specs:
        name, dtype, shape_text = spec.split(":")
        shape = () if shape_text == "scalar" else tuple(int(d) for d in shape_text.split("x"))
        dtype = np.dtype(dtype)
        if dtype == np.bool_:
            values = rng.integers(0, 2, size=shape).astype(dtype)
        elif dtype.kind == "i":
            values = rng.integers(-16, 16, size=shape).astype(dtype)
        else:
            values = rng.uniform(-1, 1, size=shape).astype(dtype)
        np.save(os.path.join(out_dir, name + ".npy"), values)


if __name__ == "__main__":
    main()
