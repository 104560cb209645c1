"""Writes one ResNet-20 basic block in f32 as an hcl program (MLIR), with the
stages bench/resnet20/generate.py gives the whole network: pad, 3x3 conv, BN,
ReLU, pad, 3x3 conv, BN, the shortcut, add, ReLU.

  /usr/bin/python3 resnet_block.py [--channels CI CO] [--size S]
                                   [--stride 1|2] [--schedule] [-o FILE]

The default is the small network's downsampling block s2b1 (4 to 8 channels,
8x8 to 4x4, the 1x1 convolution and BN on the shortcut); --stride 1 with
equal channels is an identity block. --schedule pipelines every
convolution's w loop (generate.py --schedule).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "..", "..", "bench", "resnet20"))
from generate import Design  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--channels", type=int, nargs=2, default=[4, 8])
    ap.add_argument("--size", type=int, default=8)
    ap.add_argument("--stride", type=int, choices=[1, 2], default=2)
    ap.add_argument("--schedule", action="store_true")
    ap.add_argument("-o", dest="output")
    a = ap.parse_args()
    ci, co = a.channels
    d = Design("f32", "B")
    x = d.arg("x", [1, ci, a.size, a.size])
    out, h, w = d.basic_block("b", x, ci, a.size, a.size, co, a.stride)
    text = d.text(out, d.mt([1, co, h, w]), a.schedule, False)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
