"""How hcl's compile time grows with a model: chains of MobileNet blocks
(make_mobilenet_chain.py) of 72, 144 and 288 nodes through `hcl run`, each
run --runs times; the median CPU time of the whole run (user + system, from
the start of hcl to the result) and the median of the "compiled in" time hcl
reports (import, schedule, lowering and JIT compilation, wall clock).

  /usr/bin/python3 bench/onnx/compile_time.py [--hcl build/bin/hcl]
                                              [--nodes 72,144,288] [--runs 3]
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hcl", default=os.path.join(ROOT, "build/bin/hcl"))
    parser.add_argument("--nodes", default="72,144,288")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| nodes | hcl run CPU s | compiled in (wall) s |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(v) for v in args.nodes.split(",")]:
            model = os.path.join(tmp, "chain%d.onnx" % n)
            subprocess.run([sys.executable, os.path.join(HERE, "make_mobilenet_chain.py"),
                            model, "--nodes", str(n)], check=True)
            cpu, compiled = [], []
            for _ in range(args.runs):
                before = children_cpu()
                proc = subprocess.run([args.hcl, "run", model, "--random-inputs", "1"],
                                      capture_output=True, text=True, check=True)
                cpu.append(children_cpu() - before)
                compiled.append(float(re.search(r"compiled in ([0-9.]+) ms",
                                                proc.stdout).group(1)) / 1000)
            print("| %d | %.2f | %.2f |" % (n, statistics.median(cpu),
                                           statistics.median(compiled)))


if __name__ == "__main__":
    main()
