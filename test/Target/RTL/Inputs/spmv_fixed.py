"""Runs the spmv testbench `hcl check --rtl --keep DIR` built
(test/Target/RTL/anchors.mlir) on a fixed CSR matrix, 20x20 with one nonzero
per row (the AMC study's spmv20x20, whose matrix it does not give), checks y
against numpy and prints the simulated cycles."""

import os
import subprocess
import sys

import numpy as np

ROWS = COLS = NNZ = 20


def main(keep):
    rng = np.random.default_rng(29)
    rp = np.arange(ROWS + 1, dtype=np.int32)  # one nonzero per row
    col = rng.permutation(COLS).astype(np.int32)
    val = rng.integers(-100, 100, NNZ, dtype=np.int32)
    x = rng.integers(-100, 100, COLS, dtype=np.int32)
    expected = np.zeros(ROWS, dtype=np.int32)
    for r in range(ROWS):
        for k in range(rp[r], rp[r + 1]):
            expected[r] += val[k] * x[col[k]]
    run = os.path.join(keep, "fixed")
    os.makedirs(run, exist_ok=True)
    for index, array in enumerate([rp, col, val, x, np.zeros(ROWS, np.int32)]):
        array.astype("<i4").tofile(os.path.join(run, f"arg{index}.bin"))
    out = subprocess.run([os.path.join(keep, "obj", "Vkernel"), run],
                         check=True, capture_output=True, text=True).stdout
    y = np.fromfile(os.path.join(run, "arg4.out"), dtype="<i4")
    if not np.array_equal(y, expected):
        print(f"spmv: y differs: {y} != {expected}")
        return 1
    print(f"spmv 20x20, {NNZ} nonzeros: y matches, {out.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
