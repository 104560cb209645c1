#!/usr/bin/env python3
"""hcl's CPU benchmark (issue 16): hcl, Halide 14 and NumPy side by side.

For each kernel (SGEMM, the five-point stencil at two sizes, a ResNet conv2d
layer, a two-stage blur) this writes the same deterministic random inputs,
runs hcl_bench (hcl's C++ front end, every schedule in its table),
halide_bench (Halide 14's JIT) and NumPy in one run with the same thread
count, checks every output against NumPy's, and prints a table of medians,
GFLOP/s and ratios, then the compile times and the per-call overhead.

    python3 bench/cpu/run.py            # the full run (a few minutes)
    python3 bench/cpu/run.py --quick    # fewer repetitions, a shorter budget
    python3 bench/cpu/run.py --tiny     # small sizes, 1 repetition (ctest)

The two C++ programs are the `bench-cpu` target of the CMake build (not part
of `all`); this script builds it first unless --no-build. hcl and Halide
link different LLVMs (22 and 14), so they never share a process.

Exit status: 0 when every output that was produced matches NumPy's, 1 on a
mismatch, a crashed benchmark program, a kernel no hcl schedule could run or
Halide missing under --require-halide, 2 on a usage or build problem. A
missing peer (Halide, NumPy's OpenBLAS) is a WARNING before and after the
table; scripts/install-bench-deps.sh installs both.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Largest allowed max|got - want| / max|want|: float32 sums of up to 1024
# products in another order (and with or without FMA) differ by ~1e-6.
TOLERANCE = 1e-4


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true",
                      help="3 timed calls per variant, 1 s budget each")
    mode.add_argument("--tiny", action="store_true",
                      help="small sizes, 1 timed call (the ctest mode)")
    p.add_argument("--threads", type=int, default=2,
                   help="threads for every system (default 2)")
    p.add_argument("--reps", type=int, help="timed calls per variant at most")
    p.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    p.add_argument("--no-build", action="store_true",
                   help="do not build the bench-cpu target first")
    p.add_argument("--kernels", default="gemm,stencil,conv,blur,overhead",
                   help="comma list of kernels to run")
    p.add_argument("--variants", default="all",
                   help="comma list of hcl/Halide schedule names (default all)")
    p.add_argument("--work-dir", help="keep inputs and outputs here")
    p.add_argument("--json", help="also write every record to this file")
    p.add_argument("--require-halide", action="store_true",
                   help="fail when Halide 14 is missing instead of leaving "
                        "its column out (CMake's HCL_BENCH_HALIDE=ON)")
    return p.parse_args()


def give_up(message):
    """A usage or build problem: exit status 2 (1 is for wrong results)."""
    sys.stderr.write(f"run.py: {message}\n")
    sys.exit(2)


ARGS = parse_args()
# Before NumPy loads OpenBLAS, which reads its thread count once.
for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "HL_NUM_THREADS"):
    os.environ[var] = str(ARGS.threads)

try:
    import numpy as np  # noqa: E402
except ImportError:
    give_up(f"NumPy is not installed for {sys.executable}; install "
            "python3-numpy (scripts/install-deps.sh) and run it with "
            "/usr/bin/python3")

# Peers that are missing: said before the table and again after it, where a
# reader looks, so a comparison without them is never taken for a full one.
MISSING_PEERS = []


def numpy_blas():
    """The BLAS library NumPy loaded (Debian picks it by alternatives)."""
    try:
        with open("/proc/self/maps") as maps:
            libs = {line.split()[-1] for line in maps if "blas" in line}
    except OSError:
        return None
    return ", ".join(sorted(libs)) or None


if "openblas" not in (numpy_blas() or ""):
    MISSING_PEERS.append(
        "NumPy is not using OpenBLAS (it loaded %s), so the NumPy column is "
        "the slow reference BLAS, not a fair peer; install libopenblas0-pthread "
        "(scripts/install-bench-deps.sh)" % (numpy_blas() or "no BLAS library"))


# --- The kernels: inputs, NumPy's version, flop count -----------------------

def gemm_case(n):
    def inputs(rng):
        return [uniform(rng, n, n), uniform(rng, n, n)]

    return dict(name=f"gemm {n}^3", kernel="gemm", inputs=inputs,
                numpy=lambda a, b: a @ b, flops=2 * n ** 3,
                numpy_note="a @ b (OpenBLAS sgemm)")


def stencil(a):
    return (a[:-2, 1:-1] + a[1:-1, :-2] + a[1:-1, 1:-1] + a[1:-1, 2:]
            + a[2:, 1:-1])


def stencil_case(n):
    # n x n outputs from an (n + 2) x (n + 2) input: no border handling.
    return dict(name=f"stencil {n}^2", kernel="stencil",
                inputs=lambda rng: [uniform(rng, n + 2, n + 2)],
                numpy=stencil, flops=4 * n * n,
                numpy_note="five shifted slices added")


def conv(a, w):
    # im2col: the nine shifted views of the input stacked as a
    # (Ci * 9) x (H * W) matrix, then one (Co x Ci * 9) sgemm (OpenBLAS).
    ci, hp, wp = a.shape
    h, wd = hp - 2, wp - 2
    cols = np.stack([a[:, rh:rh + h, rw:rw + wd]
                     for rh in range(3) for rw in range(3)], axis=1)
    out = w.reshape(w.shape[0], -1) @ cols.reshape(ci * 9, h * wd)
    return out.reshape(w.shape[0], h, wd)


def conv_case(channels, size):
    # A ResNet layer: channels -> channels, size x size, 3x3, on a padded
    # (size + 2)^2 input (the padding is part of the input, for everyone).
    def inputs(rng):
        return [uniform(rng, channels, size + 2, size + 2),
                uniform(rng, channels, channels, 3, 3)]

    return dict(name=f"conv2d {channels}->{channels} {size}^2 3x3",
                kernel="conv", inputs=inputs, numpy=conv,
                flops=2 * channels * channels * 9 * size * size,
                numpy_note="im2col + one sgemm (OpenBLAS)")


def blur(a):
    bx = (a[:, :-2] + a[:, 1:-1] + a[:, 2:]) / np.float32(3)
    return (bx[:-2] + bx[1:-1] + bx[2:]) / np.float32(3)


def blur_case(n):
    return dict(name=f"blur {n}^2", kernel="blur",
                inputs=lambda rng: [uniform(rng, n + 2, n + 2)],
                numpy=blur, flops=3 * (n + 2) * n + 3 * n * n,
                numpy_note="3x1 then 1x3 with slices")


def uniform(rng, *shape):
    return rng.uniform(-1, 1, shape).astype(np.float32)


def cases():
    if ARGS.tiny:
        # Small, but each schedule's tiles still fit (Halide's 32 x 8 gemm
        # block, 16-wide conv rows and 8-channel groups, 256 x 32 blur tiles).
        all_cases = [gemm_case(128), stencil_case(64), stencil_case(96),
                     conv_case(8, 16), blur_case(256)]
    else:
        all_cases = [gemm_case(1024), stencil_case(1024), stencil_case(4096),
                     conv_case(64, 56), blur_case(2048)]
    wanted = ARGS.kernels.split(",")
    return [c for c in all_cases if c["kernel"] in wanted]


# --- Running the systems ----------------------------------------------------

def timing_options():
    if ARGS.tiny:
        reps, budget = 1, 1000
    elif ARGS.quick:
        reps, budget = 3, 1000
    else:
        reps, budget = 10, 3000
    return (ARGS.reps or reps), budget


def build_programs():
    """Builds bench-cpu; returns {system: path} of the programs that exist."""
    if not ARGS.no_build:
        if not os.path.exists(os.path.join(ARGS.build_dir, "build.ninja")) and \
                not os.path.exists(os.path.join(ARGS.build_dir, "Makefile")):
            give_up(f"no CMake build in {ARGS.build_dir}: run "
                    "scripts/build.sh (or pass --build-dir)")
        r = subprocess.run(["cmake", "--build", ARGS.build_dir, "--target",
                            "bench-cpu"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            sys.stderr.write(r.stdout)
            give_up("building the bench-cpu target failed")
    programs = {}
    for system in ("hcl", "halide"):
        path = os.path.join(ARGS.build_dir, "bin", f"{system}_bench")
        if os.path.exists(path):
            programs[system] = path
    if "hcl" not in programs:
        give_up(f"{ARGS.build_dir}/bin/hcl_bench is missing "
                "(cmake --build <build> --target bench-cpu)")
    if "halide" not in programs:
        missing = (f"Halide 14 was not found when CMake configured "
                   f"{ARGS.build_dir}, so there is no Halide column; install "
                   "it with scripts/install-bench-deps.sh and configure again")
        if ARGS.require_halide:
            print(f"FAILED: --require-halide (HCL_BENCH_HALIDE=ON): {missing}")
            sys.exit(1)
        MISSING_PEERS.append(missing)
    return programs


def warn_missing_peers():
    for peer in MISSING_PEERS:
        print(f"WARNING: missing peer: {peer}.")
    if MISSING_PEERS:
        print()


def run_program(system, path, kernel, directory):
    reps, budget = timing_options()
    cmd = [path, "--kernel", kernel, "--threads", str(ARGS.threads),
           "--reps", str(reps), "--budget-ms", str(budget),
           "--variants", ARGS.variants]
    if directory:
        cmd += ["--dir", directory]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    records = [json.loads(line[len("BENCH "):])
               for line in r.stdout.splitlines() if line.startswith("BENCH ")]
    if r.returncode:
        records.append(dict(system=system, kernel=kernel, variant="(program)",
                            crashed=True,
                            error=f"exit {r.returncode}: {r.stderr.strip()[-300:]}"))
    return records


def time_numpy(case, inputs):
    reps, budget = timing_options()
    import time
    start = time.perf_counter()
    out = case["numpy"](*inputs)
    first = (time.perf_counter() - start) * 1e3
    times, spent = [], 0.0
    while len(times) < reps and (not times or spent + first <= budget):
        start = time.perf_counter()
        case["numpy"](*inputs)
        times.append((time.perf_counter() - start) * 1e3)
        spent += times[-1]
    return out, dict(system="numpy", kernel=case["kernel"],
                     variant=case["numpy_note"], median_ms=float(np.median(times)),
                     first_ms=first, reps=len(times))


def check(record, reference):
    """Adds `max_rel_err` (max|got - want| / max|want|) and `ok`."""
    if "output" not in record:
        return
    got = np.load(record["output"])
    if got.shape != reference.shape:
        record["ok"] = False
        record["check"] = f"shape {got.shape}, expected {reference.shape}"
        return
    scale = float(np.max(np.abs(reference))) or 1.0
    err = float(np.max(np.abs(got.astype(np.float64) - reference))) / scale
    record["max_rel_err"] = err
    record["ok"] = bool(err <= TOLERANCE)


# --- Reporting --------------------------------------------------------------

def fmt(value, digits=3):
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.{digits}g}"


def best_hcl(records):
    scheduled = [r for r in records if r["system"] == "hcl"
                 and r["variant"] != "plain" and r.get("ok")]
    return min(scheduled, key=lambda r: r["median_ms"], default=None)


def by_variant(records, system, variant):
    for r in records:
        if r["system"] == system and r["variant"] == variant and r.get("ok"):
            return r
    return None


def report_case(case, records):
    print(f"### {case['name']} (float32, {ARGS.threads} threads)\n")
    print("| system | schedule | median ms | GFLOP/s | compile ms | calls | max rel err |")
    print("|---|---|---|---|---|---|---|")
    for r in records:
        label = r["variant"]
        if "error" in r:
            print(f"| {r['system']} | {label} | not run: {r['error'][:160]} | | | | |")
            continue
        gflops = case["flops"] / (r["median_ms"] * 1e6)
        err = r.get("max_rel_err")
        mark = "" if r.get("ok", True) else " MISMATCH"
        print(f"| {r['system']} | {label} | {fmt(r['median_ms'])} | {fmt(gflops)} | "
              f"{fmt(r.get('compile_ms'))} | {r['reps']} | "
              f"{'–' if err is None else f'{err:.1e}'}{mark} |")
    best = best_hcl(records)
    halide = min((r for r in records if r["system"] == "halide" and r.get("ok")),
                 key=lambda r: r["median_ms"], default=None)
    numpy_r = next((r for r in records if r["system"] == "numpy"), None)
    plain = by_variant(records, "hcl", "plain")
    parts = []
    if best:
        parts.append(f"hcl best = {best['variant']}")
        if halide:
            parts.append(f"hcl / Halide = {best['median_ms'] / halide['median_ms']:.2f}x time")
        if numpy_r:
            parts.append(f"hcl / NumPy = {best['median_ms'] / numpy_r['median_ms']:.2f}x time")
    if plain:
        for r in records:
            if r["system"] == "hcl" and r["variant"].startswith("fpga") and r.get("ok"):
                parts.append(f"{r['variant']} / plain = "
                             f"{r['median_ms'] / plain['median_ms']:.2f}x time")
    print("\n" + "; ".join(parts) + "\n")
    fpga = [f"{r['variant']} {r['median_ms'] / plain['median_ms']:.2f}"
            for r in records if plain and r["system"] == "hcl"
            and r["variant"].startswith("fpga") and r.get("ok")]
    return dict(case=case["name"], best=best, halide=halide, numpy=numpy_r,
                fpga=", ".join(fpga) or "–")


def report_summary(summaries, overhead):
    print("### Summary (time ratios: above 1 means hcl is slower)\n")
    print("| kernel | hcl best | hcl ms | Halide ms | NumPy ms | hcl / Halide | hcl / NumPy "
          "| hcl compile ms | Halide compile ms | FPGA / plain |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for s in summaries:
        best, halide, numpy_r = s["best"], s["halide"], s["numpy"]
        hms = best["median_ms"] if best else None
        print(f"| {s['case']} | {best['variant'] if best else '–'} | {fmt(hms)} | "
              f"{fmt(halide and halide['median_ms'])} | {fmt(numpy_r and numpy_r['median_ms'])} | "
              f"{fmt(hms / halide['median_ms']) if best and halide else '–'} | "
              f"{fmt(hms / numpy_r['median_ms']) if best and numpy_r else '–'} | "
              f"{fmt(best and best['compile_ms'])} | {fmt(halide and halide['compile_ms'])} | "
              f"{s['fpga']} |")
    if overhead:
        print("\n### Per-call overhead (10 x 10 five-point stencil) and compile time\n")
        print("| system | call | median µs per call | compile ms |")
        print("|---|---|---|---|")
        for r in overhead:
            if "error" in r:
                print(f"| {r['system']} | {r['variant']} | not run: {r['error'][:160]} | |")
            else:
                print(f"| {r['system']} | {r['variant']} | {r['median_us']:.3f} | "
                      f"{fmt(r['compile_ms'])} |")
    print()


# --- Main -------------------------------------------------------------------

def main():
    programs = build_programs()
    if ARGS.work_dir:
        return run_all(programs, ARGS.work_dir)
    # The full run writes a few hundred MB of arrays: not kept unless asked.
    with tempfile.TemporaryDirectory(prefix="hcl-bench-cpu-") as work:
        return run_all(programs, work)


def run_all(programs, work):
    reps, budget = timing_options()
    # Other work on the machine moves every number; the load says how much.
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"bench/cpu: {ARGS.threads} threads, up to {reps} timed calls per "
          f"variant ({budget:.0f} ms budget), NumPy {np.__version__}, "
          f"{os.cpu_count()} CPUs, load average {load} at the start; "
          f"inputs and outputs in {work}"
          f"{'' if ARGS.work_dir else ' (removed at the end)'}\n")
    warn_missing_peers()
    failed, everything, summaries = [], [], []
    for index, case in enumerate(cases()):
        directory = os.path.join(work, f"{index}-{case['kernel']}")
        os.makedirs(directory, exist_ok=True)
        inputs = case["inputs"](np.random.default_rng(16 + index))
        for i, array in enumerate(inputs):
            np.save(os.path.join(directory, f"in{i}.npy"), array)
        reference, numpy_record = time_numpy(case, inputs)
        reference = reference.astype(np.float64)
        records = [numpy_record]
        for system, path in programs.items():
            records += run_program(system, path, case["kernel"], directory)
        for r in records:
            check(r, reference)
            r["case"] = case["name"]
            if r.get("ok") is False or r.get("crashed"):
                failed.append(f"{case['name']}: {r['system']} {r['variant']}: "
                              f"{r.get('check') or r.get('error') or 'max rel err %.2e' % r['max_rel_err']}")
        if not any(r["system"] == "hcl" and r.get("ok") for r in records):
            failed.append(f"{case['name']}: no hcl schedule ran and matched NumPy")
        summaries.append(report_case(case, records))
        everything += records
    overhead = []
    if "overhead" in ARGS.kernels.split(","):
        for system, path in programs.items():
            overhead += run_program(system, path, "overhead", None)
        failed += [f"overhead: {r['system']}: {r['error']}" for r in overhead
                   if r.get("crashed")]
        everything += overhead
    report_summary(summaries, overhead)
    warn_missing_peers()
    hcl_built = next((r for r in everything if "threads_option" in r), None)
    if hcl_built:
        # Fields of hcl::BuildOptions that hcl_bench sets where they exist.
        print(f"hcl::BuildOptions: threads {hcl_built['threads_option']}, "
              f"fpContract {hcl_built['fma_option']} "
              "(absent: this hcl has no such option yet)\n")
    if ARGS.json:
        with open(ARGS.json, "w") as f:
            json.dump(everything, f, indent=1)
    if failed:
        print("FAILED:\n  " + "\n  ".join(failed))
        return 1
    print(f"check: OK (every output matches NumPy within {TOLERANCE:g})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
