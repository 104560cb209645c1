#!/usr/bin/env python3
"""Prints bench/polybench/README.md's tables: for each kernel, hcl estimate's
latency (vitis target) of the unscheduled and the hand-scheduled program, the
speedup, and the hand schedule's DSP and BRAM18K counts; then hcl tune's
result on the unscheduled program (its estimate, against the hand schedule,
and the search's seconds; hcl tune also checks what it writes).

Usage: bench/polybench/table.py [path/to/hcl] [--no-tune]
       (default: build/bin/hcl)
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

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


def tune(hcl, path, out):
    """hcl tune's result: its estimate, the search's seconds (its own
    report) and the command's wall-clock seconds (search, writing, check)."""
    start = time.monotonic()
    run = subprocess.run([hcl, "tune", path, "-o", out], capture_output=True,
                         text=True)
    wall = time.monotonic() - start
    if run.returncode != 0:
        sys.exit(f"hcl tune {path} failed:\n{run.stdout}{run.stderr}")
    search = float(re.search(r"estimated in ([0-9.]+) s", run.stdout).group(1))
    return estimate(hcl, out), search, wall


def tune_table(hcl, here):
    print("| kernel | unscheduled (cycles) | hand (cycles) | tuned (cycles) "
          "| tuned / hand | speedup (tuned) | DSP (hand, tuned) "
          "| search (s) | tune + check (s) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in KERNELS:
            base = estimate(hcl, os.path.join(here, name + ".mlir"))
            hand = estimate(hcl, os.path.join(here, name + "_hand.mlir"))
            tuned, search, wall = tune(hcl, os.path.join(here, name + ".mlir"),
                                       os.path.join(tmp, name + ".mlir"))
            (b, bm), (h, hm), (t, tm) = latency(base), latency(hand), latency(tuned)
            print(f"| {name} | {bm}{b:,} | {hm}{h:,} | {tm}{t:,} | {t / h:.2f} "
                  f"| {b / t:.1f}x | {hand['resources']['dsp']}, "
                  f"{tuned['resources']['dsp']} | {search:.1f} | {wall:.1f} |",
                  flush=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = [a for a in sys.argv[1:] if a != "--no-tune"]
    hcl = args[0] if args else "build/bin/hcl"
    print("| kernel | size (MEDIUM) | unscheduled (cycles) | hand (cycles) | speedup "
          "| DSP (unscheduled, hand) | BRAM18K (unscheduled, hand) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, size in KERNELS.items():
        base = estimate(hcl, os.path.join(here, name + ".mlir"))
        hand = estimate(hcl, os.path.join(here, name + "_hand.mlir"))
        (b, bm), (h, hm) = latency(base), latency(hand)
        br, hr = base["resources"], hand["resources"]
        print(f"| {name} | {size} | {bm}{b:,} | {hm}{h:,} | {b / h:.1f}x "
              f"| {br['dsp']}, {hr['dsp']} | {br['bram18k']}, {hr['bram18k']} |")
    if "--no-tune" not in sys.argv:
        print()
        tune_table(hcl, here)


if __name__ == "__main__":
    main()
