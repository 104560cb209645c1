"""hcl against ONNX Runtime on whole models, on the CPU: the time per
inference of `hcl run` (the JIT) and of ONNX Runtime (npm's onnxruntime-node)
on the same input and thread count, and whether their outputs agree.

  /usr/bin/python3 bench/onnx/run.py [--hcl build/bin/hcl] [--threads 1]
                                     [--repeat 20] [--models resnet20,...]

Models (written into a temporary folder): ResNet-20 at 32x32
(bench/resnet20/export_onnx.py), LeNet-5 and the MLP
(test/Onnx/Inputs/make_models.py), a transformer encoder block
(make_transformer.py). Each gets one seeded random normal input.

ONNX Runtime is installed by scripts/install-bench-deps.sh (npm install
--ignore-scripts into bench/onnx/node_modules); it is a benchmark peer only.
Times are medians of --repeat runs after one warm-up run; hcl's compile time
is reported apart. Outputs agree when max |hcl - ort| <= 1e-3 * max |ort|.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
from onnx import numpy_helper, TensorProto

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODELS = ["resnet20", "lenet5", "mlp", "transformer"]


def make_models(out):
    py = sys.executable
    subprocess.run([py, os.path.join(ROOT, "bench/resnet20/export_onnx.py"), out],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([py, os.path.join(ROOT, "test/Onnx/Inputs/make_models.py"), out],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([py, os.path.join(HERE, "make_transformer.py"), out], check=True)


def input_for(model_dir, seed):
    tensor = TensorProto()
    with open(os.path.join(model_dir, "test_data_set_0", "input_0.pb"), "rb") as f:
        tensor.ParseFromString(f.read())
    shape = numpy_helper.to_array(tensor).shape
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def timed(command):
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(" ".join(command) + ":\n" + proc.stderr)
    ms = float(re.search(r"time: ([0-9.]+) ms", proc.stdout).group(1))
    compiled = re.search(r"compiled in ([0-9.]+) ms", proc.stdout)
    return ms, float(compiled.group(1)) if compiled else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hcl", default=os.path.join(ROOT, "build/bin/hcl"))
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--models", default=",".join(MODELS))
    args = parser.parse_args()
    ort_module = os.path.join(HERE, "node_modules", "onnxruntime-node")
    if not os.path.isdir(ort_module) and "HCL_ORT_MODULE" not in os.environ:
        sys.exit("ONNX Runtime is missing: run scripts/install-bench-deps.sh")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        make_models(tmp)
        for name in args.models.split(","):
            model_dir = os.path.join(tmp, name)
            model = os.path.join(model_dir, "model.onnx")
            x = input_for(model_dir, 7)
            np.save(os.path.join(tmp, name + "_x.npy"), x)
            hcl_out = os.path.join(tmp, name + "_hcl")
            hcl_ms, compile_ms = timed(
                [args.hcl, "run", model, "--input", os.path.join(tmp, name + "_x.npy"),
                 "--threads", str(args.threads), "--repeat", str(args.repeat),
                 "--output-dir", hcl_out])
            ort_out = os.path.join(tmp, name + "_ort.npy")
            ort_ms, _ = timed(["node", os.path.join(HERE, "ort_run.js"), model,
                               os.path.join(tmp, name + "_x.npy"), ort_out,
                               str(args.threads), str(args.repeat)])
            a = np.load(os.path.join(hcl_out, "result0.npy"))
            b = np.load(ort_out)
            diff = float(np.abs(a.astype(np.float64) - b).max()) if a.shape == b.shape else None
            agree = diff is not None and diff <= 1e-3 * float(np.abs(b).max())
            rows.append((name, "x".join(map(str, x.shape)), hcl_ms, ort_ms, compile_ms,
                         "yes" if agree else "NO (%s)" % diff))
    print("threads: %d, median of %d runs\n" % (args.threads, args.repeat))
    print("| model | input | hcl ms | ONNX Runtime ms | hcl / ORT | hcl compile ms | outputs agree |")
    print("|---|---|---|---|---|---|---|")
    for name, shape, h, o, c, agree in rows:
        print("| %s | %s | %.3f | %.3f | %.1fx | %.0f | %s |" % (name, shape, h, o, h / o, c, agree))
    return 0 if all(r[5] == "yes" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
