#!/usr/bin/env python3
"""Prints bench/polybench/README.md's table: for each kernel, hcl estimate's
latency (vitis target) of the unscheduled and the hand-scheduled program, the
speedup, and the hand schedule's DSP and BRAM18K counts.

Usage: bench/polybench/table.py [path/to/hcl]   (default: build/bin/hcl)
"""
import json
import os
import subprocess
import sys

KERNELS = {
    "2mm": "NI=180 NJ=190 NK=210 NL=220",
    "3mm": "NI=180 NJ=190 NK=200 NL=210 NM=220",
    "atax": "M=390 N=410",
    "bicg": "M=390 N=410",
    "correlation": "M=240 N=260",
    "gemm": "NI=200 NJ=220 NK=240",
    "gesummv": "N=250",
    "jacobi-2d": "TSTEPS=100 N=250",
    "mvt": "N=400",
    "symm": "M=200 N=240",
    "syr2k": "M=200 N=240",
    "syrk": "M=200 N=240",
    "trmm": "M=200 N=240",
}


def estimate(hcl, path):
    out = subprocess.run([hcl, "estimate", "--target", "vitis", "--json", path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def latency(e):
    # A triangular loop has no exact trip count: the estimate then gives the
    # worst case (every such loop at its max_trip_count), marked with <=.
    if e["latency"] is not None:
        return e["latency"], ""
    return e["latency_worst_case"], "<="


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    hcl = sys.argv[1] if len(sys.argv) > 1 else "build/bin/hcl"
    print("| kernel | size (MEDIUM) | unscheduled (cycles) | hand (cycles) | speedup "
          "| DSP (unscheduled, hand) | BRAM18K (unscheduled, hand) | `hcl tune` |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, size in KERNELS.items():
        base = estimate(hcl, os.path.join(here, name + ".mlir"))
        hand = estimate(hcl, os.path.join(here, name + "_hand.mlir"))
        (b, bm), (h, hm) = latency(base), latency(hand)
        br, hr = base["resources"], hand["resources"]
        print(f"| {name} | {size} | {bm}{b:,} | {hm}{h:,} | {b / h:.1f}x "
              f"| {br['dsp']}, {hr['dsp']} | {br['bram18k']}, {hr['bram18k']} "
              f"| (not built yet) |")


if __name__ == "__main__":
    main()
