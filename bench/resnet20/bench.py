#!/usr/bin/python3
"""Benchmark: customizations + HLS C++ for a ResNet-shaped design, monolithic vs outlined.

For each design size (ResNet-20 = 3 blocks per stage, ~100 stages; and --big-blocks,
default 36, ~1000 stages) it generates the design with --schedule (and a copy with
--outline) and times, over --reps repetitions (median):

  (a) monolithic:       hcl hls design.mlir -o DIR
  (b) outlined, 1 job:  hcl hls design_outlined.mlir -o DIR --top all --jobs 1
  (c) outlined, 2 jobs: hcl hls design_outlined.mlir -o DIR --top all --jobs 2
  (d) estimate:         hcl estimate --json design.mlir (II, latency, resources)

Each row gives the wall time and the CPU time of the hcl process (medians).
`--only hls` or `--only estimate` times only those rows.

(b) and (c) are skipped with "outlined: not available in this hcl build" when hcl
rejects --top / --jobs or cannot apply hcl.outline yet.
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PY = "/usr/bin/python3"


def hcl_binary(path, wait=120):
    """The hcl binary; waits while it is missing (someone may be rebuilding it)."""
    deadline = time.time() + wait
    while not (os.path.isfile(path) and os.access(path, os.X_OK)):
        if time.time() > deadline:
            sys.exit("bench: %s not found" % path)
        time.sleep(2)
    return path


def generate(out, blocks, dtype, outline):
    cmd = [PY, os.path.join(HERE, "generate.py"), "--blocks", str(blocks),
           "--dtype", dtype, "--schedule", "-o", out]
    if outline:
        cmd.append("--outline")
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return int(re.search(r"(\d+) stages", text).group(1))


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_once(hcl, args, outdir):
    """One timed run (wall, CPU, process); retried while the binary is being
    rebuilt (missing, or 'Permission denied' while the linker writes it)."""
    for _ in range(60):
        shutil.rmtree(outdir, ignore_errors=True)
        hcl_binary(hcl)
        t0, c0 = time.perf_counter(), children_cpu()
        try:
            p = subprocess.run([hcl] + args, capture_output=True, text=True)
        except OSError:
            time.sleep(2)
            continue
        dt, cpu = time.perf_counter() - t0, children_cpu() - c0
        if p.returncode in (126, 127) or "error while loading shared libraries" in p.stderr:
            time.sleep(2)
            continue
        return dt, cpu, p
    sys.exit("bench: could not run %s" % hcl)


def timed(hcl, args, outdir, reps):
    """Median wall and CPU seconds, or None and the error."""
    times, cpus = [], []
    for _ in range(reps):
        dt, cpu, p = run_once(hcl, args, outdir)
        if p.returncode != 0:
            return None, (p.stderr or p.stdout).strip()
        times.append(dt)
        cpus.append(cpu)
    return (statistics.median(times), statistics.median(cpus)), None


def unavailable(msg):
    return ("Unknown command line argument" in msg or "not implemented yet" in msg
            or "Unknown" in msg and ("--top" in msg or "--jobs" in msg))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hcl", default=os.path.join(ROOT, "build", "bin", "hcl"))
    ap.add_argument("--reps", type=int, default=5, help="repetitions per measurement (median)")
    ap.add_argument("--big-blocks", type=int, default=36,
                    help="blocks per stage of the large design (36: ~1000 stages)")
    ap.add_argument("--dtype", choices=["f32", "i32"], default="f32")
    ap.add_argument("--json", help="also write the results to this JSON file")
    ap.add_argument("--keep", help="work directory to keep (default: a temporary one)")
    ap.add_argument("--only", choices=["all", "hls", "estimate"], default="all",
                    help="time only the HLS C++ rows or only the estimate rows")
    a = ap.parse_args()

    hcl = hcl_binary(a.hcl)
    work = a.keep or tempfile.mkdtemp(prefix="resnet20-bench-")
    os.makedirs(work, exist_ok=True)
    results = []
    outlined_ok = True
    outlined_msg = None
    designs = []
    for blocks in (3, a.big_blocks):
        mono = os.path.join(work, "resnet_b%d.mlir" % blocks)
        outl = os.path.join(work, "resnet_b%d_outlined.mlir" % blocks)
        stages = generate(mono, blocks, a.dtype, False)
        generate(outl, blocks, a.dtype, True)
        designs.append((blocks, stages, mono, outl))

    def add(row, t):
        row["seconds"], row["cpu_seconds"] = t if t else (None, None)
        results.append(row)

    for blocks, stages, mono, outl in designs:
        if a.only in ("all", "estimate"):
            est = os.path.join(work, "estimate_b%d" % blocks)
            t, err = timed(hcl, ["estimate", "--json", mono], est, a.reps)
            if t is None:
                print("estimate %d stages failed: %s" % (stages, err), file=sys.stderr)
            add({"blocks": blocks, "stages": stages, "variant": "estimate", "error": err}, t)
        if a.only == "estimate":
            continue
        prj = os.path.join(work, "prj_b%d" % blocks)
        t, err = timed(hcl, ["hls", mono, "-o", prj], prj, a.reps)
        if t is None:
            print("monolithic %d stages failed: %s" % (stages, err), file=sys.stderr)
        add({"blocks": blocks, "stages": stages, "variant": "monolithic", "error": err}, t)
        for jobs in (1, 2):
            if not outlined_ok:
                break
            prj = os.path.join(work, "prj_b%d_outlined_j%d" % (blocks, jobs))
            t, err = timed(hcl, ["hls", outl, "-o", prj, "--top", "all", "--jobs", str(jobs)],
                           prj, a.reps)
            if t is None and unavailable(err):
                outlined_ok, outlined_msg = False, err.splitlines()[0]
                break
            if t is None:
                print("outlined %d stages, %d jobs failed: %s" % (stages, jobs, err),
                      file=sys.stderr)
            add({"blocks": blocks, "stages": stages,
                 "variant": "outlined, %d job%s" % (jobs, "s" if jobs > 1 else ""),
                 "jobs": jobs, "error": err}, t)
    if not outlined_ok:
        print("outlined: not available in this hcl build (%s)" % outlined_msg)
        results = [r for r in results if not r["variant"].startswith("outlined")]

    def get(stages, variant):
        for r in results:
            if r["stages"] == stages and r["variant"] == variant:
                return r["seconds"]
        return None

    print("%-10s %-20s %10s %10s" % ("stages", "variant", "seconds", "CPU s"))
    for r in results:
        s = "%.3f" % r["seconds"] if r["seconds"] is not None else "failed"
        c = "%.3f" % r["cpu_seconds"] if r["cpu_seconds"] is not None else ""
        print("%-10d %-20s %10s %10s" % (r["stages"], r["variant"], s, c))
    ratios = {}
    small, big = designs[0][1], designs[1][1]
    for stages in (small, big):
        j1, j2 = get(stages, "outlined, 1 job"), get(stages, "outlined, 2 jobs")
        if j1 and j2:
            ratios["%d stages: 1 job / 2 jobs" % stages] = j1 / j2
    for variant in ("estimate", "monolithic", "outlined, 1 job", "outlined, 2 jobs"):
        s, b = get(small, variant), get(big, variant)
        if s and b:
            ratios["%s: %d / %d stages" % (variant, big, small)] = b / s
    for k, v in ratios.items():
        print("ratio %-40s %.2f" % (k, v))
    print("(stage ratio %d / %d = %.2f; %s, median of %d, %d cores)"
          % (big, small, big / small, a.dtype, a.reps, os.cpu_count()))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"hcl": hcl, "dtype": a.dtype, "reps": a.reps, "cpus": os.cpu_count(),
                       "outlined_available": outlined_ok, "outlined_message": outlined_msg,
                       "results": results, "ratios": ratios}, f, indent=2)
    if not a.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
