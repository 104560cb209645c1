#!/usr/bin/env python3
"""Simulates hcl's Verilog of amc memories against a reference model.

    amc_sim.py --tools BUILD/bin --work DIR [--mlir FILE]... [--random N]
               [--seed S] [--variants base,aggregate,share] [--cycles T]
               [--traces K] [--lint] [--mutate latency]

For every memory (read from --mlir files, unlowered, and/or N random ones):
  1. the model (amc_model.py) reads the *unlowered* MLIR;
  2. hcl-opt lowers it (handshake -> merge -> banks, plus the variant's
     optimizations) and hcl-translate --emit-verilog writes Verilog;
  3. --lint: verilator --lint-only -Wall on every module, one file each;
  4. one Verilator build holds every memory of every variant behind a
     wrapper (tb_top); the generated harness (harness.py) drives K random
     traces of T cycles through every interface port, and the model checks
     each read the harness logged.
Exit status 0 only if every lowering, lint, build and read agrees.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import amc_model  # noqa: E402
import amc_random  # noqa: E402
import harness  # noqa: E402

LOWER = "amc-lower-handshake,amc-lower-merge,amc-lower-banks"
VARIANTS = {
    "base": LOWER,
    "aggregate": LOWER + ",amc-aggregate{word-width=64}",
    "share": LOWER + ",amc-share-arbiters{ports=1}",
    "share2": LOWER + ",amc-share-arbiters{ports=2 scheme=fixed_priority},"
                      "amc-aggregate{word-width=128}",
}


def run(command, **kwargs):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, **kwargs)


def memory_texts(text):
    """(name, text) of every amc.memory with a body."""
    clean = re.sub(r"//[^\n]*", "", text)
    out = []
    for match in amc_model.MEMORY_RE.finditer(clean):
        end = match.end() + len(amc_model.body_of(clean, match.end())) + 1
        out.append((match.group(1), clean[match.start():end] + "\n"))
    return out


def mutate(lowered, how):
    """A deliberate bug, to show the checks can fail."""
    if how == "latency":
        # Every latency-sensitive port one cycle slower than declared.
        return re.sub(r"(!amc\.port<[^>]*, )(\d+)>",
                      lambda m: m.group(1) + str(int(m.group(2)) + 1) + ">", lowered)
    raise SystemExit("unknown mutation " + how)


def lower_and_emit(args, name, text, variant):
    """Verilog of one memory, or (None, message)."""
    renamed = re.sub(r"amc\.memory\s+@%s\b" % name, "amc.memory @%s_%s" % (name, variant),
                     text, count=1)
    path = os.path.join(args.work, "%s_%s.mlir" % (name, variant))
    with open(path, "w") as f:
        f.write(renamed)
    pipeline = "--pass-pipeline=builtin.module(amc.memory(%s))" % VARIANTS[variant]
    lowered = run([os.path.join(args.tools, "hcl-opt"), pipeline, path])
    if lowered.returncode:
        return None, "hcl-opt: " + lowered.stderr.strip().splitlines()[0]
    text = lowered.stdout
    if args.mutate:
        text = mutate(text, args.mutate)
    emitted = run([os.path.join(args.tools, "hcl-translate"), "--emit-verilog"], input=text)
    if emitted.returncode:
        return None, "hcl-translate: " + emitted.stderr.strip()
    return emitted.stdout, None


def split_modules(verilog):
    """{module name: text} of an emitted file."""
    return {m.group(1): "`default_nettype none\n\n" + m.group(0) + "\n"
            for m in re.finditer(r"module (\w+) \(.*?\nendmodule\n", verilog, re.S)}


def lint(args, modules):
    failures = 0
    lint_dir = os.path.join(args.work, "lint")
    os.makedirs(lint_dir, exist_ok=True)
    for name, text in sorted(modules.items()):
        path = os.path.join(lint_dir, name + ".sv")
        with open(path, "w") as f:
            f.write(text)
        result = run(["verilator", "--lint-only", "-Wall", path])
        if result.returncode or result.stderr.strip():
            failures += 1
            print("LINT %s:\n%s" % (name, result.stderr.strip()))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", help="the directory of hcl-opt and hcl-translate "
                        "(default: where PATH finds hcl-opt)")
    parser.add_argument("--work", required=True)
    parser.add_argument("--mlir", action="append", default=[])
    parser.add_argument("--random", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="base,aggregate,share")
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--traces", type=int, default=2)
    parser.add_argument("--lint", action="store_true")
    parser.add_argument("--mutate")
    parser.add_argument("--keep-going", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if not args.tools:
        args.tools = os.path.dirname(shutil.which("hcl-opt") or "hcl-opt")
    start = time.time()

    sources = []
    for path in args.mlir:
        with open(path) as f:
            sources += memory_texts(f.read())
    rng = random.Random(args.seed)
    for index in range(args.random):
        name = "r%d_%d" % (args.seed, index)
        sources.append((name, amc_random.random_memory(rng, name)))

    units, modules, problems, skipped = [], {}, 0, 0
    for name, text in sources:
        memory = amc_model.parse_memories(text)[0]
        for variant in args.variants.split(","):
            verilog, message = lower_and_emit(args, name, text, variant)
            if verilog is None:
                # The passes' own limits (e.g. aggregation of 2-word banks)
                # and a bank with more ports than its forced primitive has
                # are reported but are not simulation failures; the
                # emitter's other errors are.
                refused = "forced to '" in message
                if message.startswith("hcl-translate") and not refused:
                    problems += 1
                    print("FAIL %s/%s: %s" % (name, variant, message))
                else:
                    skipped += 1
                    print("note: %s/%s not lowered: %s" % (name, variant, message))
                continue
            found = split_modules(verilog)
            modules.update(found)
            units.append((memory, "%s_%s" % (name, variant), verilog,
                          harness.wait_bound(memory, variant)))
    if args.lint:
        problems += lint(args, modules)
        print("lint: %d modules, verilator --lint-only -Wall" % len(modules))

    errors, checked, collisions = harness.simulate(args, units, rng)
    problems += len(errors)
    for error in errors[:40]:
        print("MISMATCH " + error)
    print("simulated %d memories (%d modules, %d variants not lowered), %d traces x %d "
          "cycles, %d reads checked, %d same-cycle write collisions, %d problems, %.0f s"
          % (len(sources), len(units), skipped, args.traces, args.cycles, checked,
             collisions, problems, time.time() - start))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
