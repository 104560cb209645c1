"""Prints the estimated latency of a model without and with the default
schedule (hcl estimate, then hcl estimate --schedule=auto) and their ratio:
  estimate_ratio.py HCL MODEL.onnx
"""
import re
import subprocess
import sys


def estimate(hcl, model, *options):
    out = subprocess.run([hcl, "estimate", model, *options], check=True,
                         capture_output=True, text=True).stdout
    latency = re.search(r"function: latency (\d+) cycles", out)
    resources = re.search(r"resources: (.*)", out)
    return int(latency.group(1)), resources.group(1)


def main():
    hcl, model = sys.argv[1], sys.argv[2]
    plain, _ = estimate(hcl, model)
    scheduled, resources = estimate(hcl, model, "--schedule=auto")
    print("unscheduled %d cycles, default schedule %d cycles (%s): ratio "
          "%.1fx" % (plain, scheduled, resources, plain / scheduled))


if __name__ == "__main__":
    main()
