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
import resource
import subprocess
import sys
import tempfile

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


def tune(hcl, path, out, budget=None):
    """hcl tune's result: its estimate, the search's seconds (its own
    report, wall clock) and the command's CPU seconds (search on every
    core, writing, check)."""
    extra = ["--budget", budget] if budget else []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run([hcl, "tune", path, "-o", out] + extra,
                         capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU seconds of the command and its check: on a loaded machine the
    # wall-clock time says more about the other jobs than about the search.
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if run.returncode != 0:
        sys.exit(f"hcl tune {path} failed:\n{run.stdout}{run.stderr}")
    search = float(re.search(r"estimated in ([0-9.]+) s", run.stdout).group(1))
    return estimate(hcl, out), search, cpu


def tune_table(hcl, here):
    """Tuned without a budget, and within the hand schedule's DSP count (the
    same resources as the hand schedule)."""
    print("| kernel | unscheduled (cycles) | hand (cycles) | tuned (cycles) "
          "| tuned / hand | DSP (hand, tuned) | tuned at hand's DSPs (cycles) "
          "| its tuned / hand | search (s, wall) | tune + check (CPU s) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in KERNELS:
            path = os.path.join(here, name + ".mlir")
            base = estimate(hcl, path)
            hand = estimate(hcl, os.path.join(here, name + "_hand.mlir"))
            tuned, search, cpu = tune(hcl, path, os.path.join(tmp, name + ".mlir"))
            dsp = hand["resources"]["dsp"]
            same, _, _ = tune(hcl, path, os.path.join(tmp, name + "_dsp.mlir"),
                              f"dsp={dsp}")
            (b, bm), (h, hm) = latency(base), latency(hand)
            (t, tm), (q, qm) = latency(tuned), latency(same)
            print(f"| {name} | {bm}{b:,} | {hm}{h:,} | {tm}{t:,} | {t / h:.2f} "
                  f"| {dsp}, {tuned['resources']['dsp']} | {qm}{q:,} "
                  f"| {q / h:.2f} | {search:.1f} | {cpu:.1f} |", flush=True)


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
