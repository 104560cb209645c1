#!/usr/bin/env python3
"""`hcl hls` and `hcl estimate` on the ~1,000-stage ResNet design, with two
hcl binaries in the same run: a change of structure must not make the
driver slower. Runs alternate between the binaries (so a busy machine hurts
both alike) and each figure is the median of --reps runs. CPU time (user +
system, of the process) is reported next to wall time: on a machine others
are using, it is the steadier of the two.

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
    """(wall seconds, CPU seconds) of one run of `cmd`."""
    start = time.perf_counter()
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"driver_speed: {' '.join(cmd)} failed:\n{stderr}")
    return elapsed, usage.ru_utime + usage.ru_stime


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
        print(f"{'command':10} {'measure':8} {'before s':>9} {'after s':>9} "
              f"{'after/before':>13}")
        for c in commands:
            for i, measure in enumerate(["wall", "CPU"]):
                before = statistics.median(t[i] for t in times[(c, "before")])
                after = statistics.median(t[i] for t in times[(c, "after")])
                print(f"{c:10} {measure:8} {before:9.2f} {after:9.2f} "
                      f"{after / before:13.2f}")


if __name__ == "__main__":
    main()
