#!/usr/bin/env python3
"""Writes the PolyBench kernels of this folder at PolyBench/C 4.2's MINI
dataset sizes (small enough to simulate as RTL): each size of the MEDIUM file
(and the bounds derived from it, N - 1, float_n) replaced by its MINI value.

Usage: bench/polybench/mini.py OUTDIR [KERNEL...]
"""
import os
import re
import sys

# MEDIUM value -> MINI value, per kernel (PolyBench/C 4.2's polybench.h
# headers of each kernel: MINI_DATASET and MEDIUM_DATASET).
SIZES = {
    "2mm": {180: 16, 190: 18, 210: 22, 220: 24},
    "3mm": {180: 16, 190: 18, 200: 20, 210: 22, 220: 24},
    "atax": {390: 38, 410: 42},
    "bicg": {390: 38, 410: 42},
    "correlation": {240: 28, 239: 27, 260: 32},
    "gemm": {200: 20, 220: 25, 240: 30},
    "gesummv": {250: 30},
    "jacobi-2d": {100: 20, 250: 30, 249: 29},
    "mvt": {400: 40},
    "symm": {200: 20, 199: 19, 240: 30},
    "syr2k": {200: 20, 240: 30},
    "syrk": {200: 20, 240: 30},
    "trmm": {200: 20, 199: 19, 240: 30},
}


def mini(text, sizes):
    def swap(m):
        value = int(m.group(0))
        return str(sizes.get(value, value))
    # Shapes (memref<260x240xf32>), then whole numbers: not the digits of
    # 4.2 or of f32 / i64.
    text = re.sub(r"(?<=<)(\d+(?:x\d+)*)(?=x[a-z])",
                  lambda m: "x".join(str(sizes.get(int(d), int(d)))
                                     for d in m.group(1).split("x")), text)
    text = re.sub(r"(?<![\w.])\d+(?![\w]|\.\d*[1-9])", swap, text)
    return text.replace("MEDIUM", "MINI")


def main():
    out = sys.argv[1]
    kernels = sys.argv[2:] or list(SIZES)
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out, exist_ok=True)
    for name in kernels:
        for suffix in ("", "_hand"):
            with open(os.path.join(here, name + suffix + ".mlir")) as f:
                text = mini(f.read(), SIZES[name])
            with open(os.path.join(out, name + suffix + ".mlir"), "w") as f:
                f.write(text)


if __name__ == "__main__":
    main()
