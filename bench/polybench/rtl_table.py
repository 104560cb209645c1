#!/usr/bin/env python3
"""docs/tune.md's table of simulated against estimated cycles: each PolyBench
kernel at the MINI size (mini.py), tuned for the RTL target
(`hcl tune --target rtl`), then `hcl estimate --target rtl` of what it wrote
against the cycles `hcl check --rtl` counts in Verilator (ap_start to
ap_done), which also compares every output with the JIT bit for bit.

Usage: bench/polybench/rtl_table.py [path/to/hcl] [KERNEL...]
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

# Seconds one kernel's hcl check --rtl may take (mostly the Verilator
# build) before it is given up.
LIMIT = int(os.environ.get("HCL_RTL_TABLE_LIMIT", "600"))
# More hcl tune options, per kernel, shown in the table. correlation:
# without --keep-interfaces the search partitions its arguments completely
# (corr into 28 x 28 banks, data into 32): an 8 MB module whose Verilator
# build ran over 17 minutes. Its arguments kept whole, the module is
# 0.6 MB.
TUNE_OPTIONS = {"correlation": ["--keep-interfaces"]}
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import mini  # noqa: E402


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


def main():
    args = sys.argv[1:]
    hcl = args.pop(0) if args and os.path.sep in args[0] else "build/bin/hcl"
    kernels = args or list(mini.SIZES)
    print("| kernel | MINI size | tuned schedule (rtl target) | estimate (cycles) "
          "| simulated (cycles) | simulated / estimate | check --rtl (s) |")
    print("|---|---|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in kernels:
            small = os.path.join(tmp, name + ".mlir")
            with open(os.path.join(here, name + ".mlir")) as f:
                text = mini.mini(f.read(), mini.SIZES[name])
            with open(small, "w") as f:
                f.write(text)
            tuned = os.path.join(tmp, name + "_tuned.mlir")
            options = TUNE_OPTIONS.get(name, [])
            table = run([hcl, "tune", small, "-o", tuned, "--target", "rtl"]
                        + options)
            chosen = next(l for l in table.splitlines() if l.startswith("*"))
            schedule = re.split(r"\s+[0-9.]+x\s+", chosen, maxsplit=1)[1]
            if options:
                schedule = f"({' '.join(options)}) {schedule}"
            e = json.loads(run([hcl, "estimate", "--target", "rtl", "--json",
                                tuned]))
            estimate = e["latency"]
            mark = ""
            if estimate is None:
                estimate, mark = e["latency_worst_case"], "<="
            start = time.time()
            try:
                out = subprocess.run(
                    [hcl, "check", "--rtl", "--seeds", "1", tuned],
                    capture_output=True, text=True, timeout=LIMIT).stdout
            except subprocess.TimeoutExpired:
                print(f"| {name} | | {schedule} | {mark}{estimate:,} "
                      f"| not simulated (over {LIMIT} s) | | |", flush=True)
                continue
            seconds = time.time() - start
            cycles = int(re.search(r"cycles (\d+)", out).group(1))
            size = " ".join(f"{v}" for v in sorted(set(
                mini.SIZES[name].values()), reverse=True))
            print(f"| {name} | {size} | {schedule} | {mark}{estimate:,} "
                  f"| {cycles:,} | {cycles / estimate:.3f} | {seconds:.0f} |",
                  flush=True)


if __name__ == "__main__":
    main()
