#!/usr/bin/env python3
"""`hcl hls` and `hcl estimate` on the ~1,000-stage ResNet design, with two
hcl binaries in the same run: a change of structure must not make the
driver slower. Runs alternate between the binaries (so a busy machine hurts
both alike) and each figure is the median of --reps runs.

    python3 bench/resnet20/driver_speed.py --before OLD/hcl --after build/bin/hcl
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def timed(cmd):
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"driver_speed: {' '.join(cmd)} failed:\n{done.stderr}")
    return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", required=True, help="the hcl binary before")
    ap.add_argument("--after", default=os.path.join(ROOT, "build", "bin", "hcl"))
    ap.add_argument("--blocks", type=int, default=36,
                    help="basic blocks per stage (36: 982 stages)")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as work:
        design = os.path.join(work, "resnet.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"),
                        "--blocks", str(args.blocks), "--schedule", "-o", design],
                       check=True)
        commands = {
            "hls": lambda hcl, k: [hcl, "hls", design, "-o",
                                   os.path.join(work, f"hls-{k}")],
            "estimate": lambda hcl, k: [hcl, "estimate", design],
        }
        binaries = {"before": args.before, "after": args.after}
        times = {(c, b): [] for c in commands for b in binaries}
        for rep in range(args.reps):
            for c, make in commands.items():
                for b, hcl in binaries.items():
                    times[(c, b)].append(timed(make(hcl, f"{b}{rep}")))
        print(f"design: {args.blocks} blocks per stage; median of {args.reps}")
        print(f"{'command':10} {'before s':>9} {'after s':>9} {'after/before':>13}")
        for c in commands:
            before = statistics.median(times[(c, "before")])
            after = statistics.median(times[(c, "after")])
            print(f"{c:10} {before:9.2f} {after:9.2f} {after / before:13.2f}")


if __name__ == "__main__":
    main()
