#!/usr/bin/env python3
"""Prints whether the tuned program's estimated latency is at most the
unscheduled one's: compare-latency.py HCL UNSCHEDULED.mlir TUNED.mlir."""
import json
import subprocess
import sys


def latency(hcl, path):
    out = subprocess.run([hcl, "estimate", "--json", path], check=True,
                         capture_output=True, text=True).stdout
    e = json.loads(out)
    return e["latency"] if e["latency"] is not None else e["latency_worst_case"]


hcl, before, after = sys.argv[1:4]
b, a = latency(hcl, before), latency(hcl, after)
print("tuned <= unscheduled" if a <= b else f"tuned {a} > unscheduled {b}")
