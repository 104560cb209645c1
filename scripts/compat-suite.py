#!/usr/bin/env python3
"""Runs `hcl check` on every .mlir file under a folder and reports.

The folder holds HeteroCL-MLIR programs written in another project's spelling
(cornell-zhang/hcl-dialect's test folder, fetched by the user: it is not part
of this repository). A file passes when `hcl check FILE` exits 0 (its schedule
applied and the scheduled program computed what the unscheduled one does, by
JIT). For the others the first `error:` line is the cause; files are grouped
by cause so the report says what is left to support.

    scripts/compat-suite.py DIR [--hcl build/bin/hcl] [--timeout 300]
"""

import argparse
import collections
import os
import re
import subprocess
import sys


def first_error(text):
    """The first diagnostic line of `text`, without file and position."""
    for line in text.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
        if "MISMATCH:" in line:
            return "MISMATCH: " + line.split("MISMATCH:", 1)[1].strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


def cause_key(message):
    """A grouping key: the message with quoted names and numbers generalized."""
    key = re.sub(r"'[^']*'", "'…'", message)
    key = re.sub(r'"[^"]*"', '"…"', key)
    return re.sub(r"\d+", "N", key)


def check(hcl, path, timeout):
    try:
        run = subprocess.run([hcl, "check", path], capture_output=True,
                             text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timeout after {timeout} s"
    if run.returncode == 0:
        return True, ""
    if run.returncode < 0:
        return False, f"killed by signal {-run.returncode} (crash)"
    return False, first_error(run.stderr + run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--hcl", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "bin", "hcl"))
    parser.add_argument("--timeout", type=int, default=300)
    args = parser.parse_args()

    files = sorted(os.path.join(root, name)
                   for root, _, names in os.walk(args.folder)
                   for name in names if name.endswith(".mlir"))
    if not files:
        sys.exit(f"error: no .mlir files under {args.folder}")
    passed, causes = [], collections.defaultdict(list)
    for path in files:
        rel = os.path.relpath(path, args.folder)
        ok, message = check(args.hcl, path, args.timeout)
        print(f"{'PASS' if ok else 'FAIL'}  {rel}" +
              ("" if ok else f"  -- {message}"), flush=True)
        if ok:
            passed.append(rel)
        else:
            causes[cause_key(message)].append(rel)
    print(f"\n{len(passed)} of {len(files)} files pass hcl check")
    for key, rels in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(rels)} x {key}")
        for rel in rels:
            print(f"    {rel}")


if __name__ == "__main__":
    main()
