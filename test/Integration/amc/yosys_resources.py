#!/usr/bin/env python3
"""FPGA resources of hcl's amc memories, synthesized with yosys.

    yosys_resources.py --tools BUILD/bin --work DIR [--mlir FILE]...
        [--random N --seed S] [--primitives auto,bram,lutram,uram,registers]
        [--aggregate 0,72] [--family xcup] [--markdown]

For every memory, primitive and aggregation width: `hcl rtl` lowers it and
writes Verilog, then `yosys -p "read_verilog -sv M.sv; synth_xilinx -family
xcup -top M -noiopad -noclkbuf; stat"` maps it, and the cells are counted:
BRAM36 (RAMB36E2), BRAM18 (RAMB18E2), LUTRAM (RAM32M, RAM64M, RAM32X1D, ...),
URAM (URAM288), LUT (LUT1..6) and FF (FD*). Memories yosys keeps as
`$mem` cells (it found no mapping) are counted as MEM.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import amc_random  # noqa: E402

COLUMNS = ["BRAM36", "BRAM18", "LUTRAM", "URAM", "LUT", "FF", "MEM"]


def classify(cell):
    if cell in ("RAMB36E2", "RAMB36E1"):
        return "BRAM36"
    if cell in ("RAMB18E2", "RAMB18E1"):
        return "BRAM18"
    if re.fullmatch(r"RAM\d+M\d*|RAM\d+X\d+[SDQ]", cell):
        return "LUTRAM"
    if cell == "URAM288":
        return "URAM"
    if re.fullmatch(r"LUT\d", cell):
        return "LUT"
    if re.fullmatch(r"FD[RSCP]E(_1)?", cell):
        return "FF"
    if cell.startswith("$mem"):
        return "MEM"
    return None


def parse_stat(text):
    """Counts per column from yosys `stat` output (the last module table)."""
    counts = dict.fromkeys(COLUMNS, 0)
    table = text[text.rfind("Number of cells"):]
    for cell, number in re.findall(r"^\s+(\S+)\s+(\d+)\s*$", table, re.M):
        column = classify(cell)
        if column:
            counts[column] += int(number)
    return counts


def synthesize(path, top, family, work):
    script = ("read_verilog -sv %s; synth_xilinx -family %s -top %s -noiopad -noclkbuf; "
              "tee -o %s stat" % (path, family, top, os.path.join(work, top + ".stat")))
    result = subprocess.run(["yosys", "-q", "-p", script], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True)
    if result.returncode:
        # An explicit ram_style yosys cannot honour is an error in yosys
        # (e.g. LUTRAM with two write ports); reported as such.
        errors = re.findall(r"ERROR: (.*)", result.stdout)
        return errors[0] if errors else result.stdout[-300:]
    with open(os.path.join(work, top + ".stat")) as f:
        return parse_stat(f.read())


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", help="the directory of hcl (default: where PATH finds it)")
    parser.add_argument("--work", required=True)
    parser.add_argument("--mlir", action="append", default=[])
    parser.add_argument("--random", type=int, default=0,
                        help="N random memories, no primitive of their own")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--primitives", default="auto,bram,lutram,uram,registers")
    parser.add_argument("--aggregate", default="0,72")
    parser.add_argument("--family", default="xcup")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if not args.tools:
        args.tools = os.path.dirname(shutil.which("hcl") or "hcl")

    inputs = list(args.mlir)
    if args.random:
        rng = random.Random(args.seed)
        path = os.path.join(args.work, "random.mlir")
        with open(path, "w") as f:
            for index in range(args.random):
                f.write(amc_random.random_memory(rng, "y%d_%d" % (args.seed, index),
                                                  primitives=False))
        inputs.append(path)

    rows = []
    for path in inputs:
        for width in args.aggregate.split(","):
            for primitive in args.primitives.split(","):
                out = os.path.join(args.work, "%s_a%s_%s" % (
                    os.path.basename(path).split(".")[0], width, primitive))
                command = [os.path.join(args.tools, "hcl"), "rtl", path, "-o", out,
                           "--memories-only"]
                if width != "0":
                    command += ["--aggregate-width", width]
                if primitive != "auto":
                    command += ["--primitive", primitive]
                result = subprocess.run(command, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, universal_newlines=True)
                if result.returncode:
                    print("note: %s (aggregate %s, %s) not lowered: %s" % (
                        path, width, primitive, result.stdout.strip().splitlines()[0]))
                    continue
                for sv in sorted(os.listdir(out)):
                    if sv.endswith(".sv"):
                        top = sv[:-3]
                        counts = synthesize(os.path.join(out, sv), top, args.family, out)
                        rows.append((top, width, primitive, counts))
    header = ["memory", "aggregate", "primitive"] + COLUMNS
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
    else:
        print(" ".join("%-10s" % h for h in header))
    for top, width, primitive, counts in rows:
        cells = [top, "no" if width == "0" else width + " bits", primitive]
        if isinstance(counts, str):
            cells.append("yosys: " + counts)
        else:
            cells += [str(counts[c]) for c in COLUMNS]
        if args.markdown:
            print("| " + " | ".join(cells) + " |")
        else:
            print(" ".join("%-10s" % c for c in cells))
    return 0 if rows and any(not isinstance(r[3], str) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
