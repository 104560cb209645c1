"""Writes ResNet-20 for CIFAR-10 (the network of generate.py) as an ONNX model
with seeded random weights, plus a NumPy float64 reference output, as an ONNX
backend-test directory, so that `hcl onnx-test OUT_DIR/resnet20` checks it:

  OUT_DIR/resnet20/model.onnx
  OUT_DIR/resnet20/test_data_set_0/input_0.pb   (1x3xSxS image)
  OUT_DIR/resnet20/test_data_set_0/output_0.pb  (1x10 logits)

  /usr/bin/python3 export_onnx.py [--small] [--seed N] [--check-generated HCL]
                                  OUT_DIR

The graph (onnx.helper, opset 13): conv1 (3x3, 3->16, pad 1) + bn1 + relu1;
3 stages x 3 basic blocks sSbB (16/32/64 channels; stride 2 in the first block
of stages 2 and 3): _conv1, _bn1, _relu1, _conv2, _bn2, [_sc_conv (1x1,
stride 2) + _sc_bn, option B], _add, _relu2; then pool (GlobalAveragePool),
flatten, fc (Gemm 64->10). Node names follow generate.py's stage names (the
importer adds each 3x3 conv's padding as the stage `<conv>_pad`). Weights are
initializers named like PyTorch's (`conv1.weight`, `bn1.running_var`, ...).
`--small`: 8x8 images, 4/8/16 channels (generate.py --small).

The reference forward pass below is plain NumPy in float64, written from the
operators' definitions (not ONNX's reference runtime). `--check-generated HCL`
also runs generate.py's MLIR design of the same network with these weights
(`HCL run`, BN folded into generate.py's per-channel scale and shift) and
checks that its logits equal the reference (relative to the largest, 1e-4).
"""
import argparse
import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

BN_EPSILON = 1e-5


class Builder:
    """Collects nodes and initializers, and runs the reference alongside."""

    def __init__(self, rng):
        self.rng = rng
        self.nodes = []
        self.inits = []
        # generate.py's @top arguments after the image, in its order:
        # w_<conv> (co x ci x k x k), p_<bn> (2 x c: scale, shift), w_fc, b_fc.
        self.design_args = []

    def weight(self, name, array):
        array = array.astype(np.float32)
        self.inits.append(numpy_helper.from_array(array, name))
        # The reference uses exactly the float32 values the model stores.
        return array.astype(np.float64)

    def conv(self, name, x, ci, co, k, stride):
        """Conv without bias, pad k // 2; He-scaled weights."""
        std = np.sqrt(2.0 / (ci * k * k))
        w = self.weight(name + ".weight",
                        self.rng.standard_normal((co, ci, k, k)) * std)
        pad = k // 2
        self.nodes.append(helper.make_node(
            "Conv", [x[0], name + ".weight"], [name], name=name,
            kernel_shape=[k, k], pads=[pad] * 4, strides=[stride, stride]))
        self.design_args.append(w)
        return name, conv2d(x[1], w, stride, pad)

    def bn(self, name, x, c, gamma_scale=1.0):
        """BatchNormalization (inference) with positive variance."""
        rng = self.rng
        gamma = self.weight(name + ".weight",
                            rng.uniform(0.5, 1.5, c) * gamma_scale)
        beta = self.weight(name + ".bias", rng.uniform(-0.2, 0.2, c))
        mean = self.weight(name + ".running_mean", rng.uniform(-0.2, 0.2, c))
        var = self.weight(name + ".running_var", rng.uniform(0.5, 1.5, c))
        self.nodes.append(helper.make_node(
            "BatchNormalization",
            [x[0], name + ".weight", name + ".bias", name + ".running_mean",
             name + ".running_var"], [name], name=name, epsilon=BN_EPSILON))
        scale = gamma / np.sqrt(var + BN_EPSILON)
        self.design_args.append(np.stack([scale, beta - mean * scale]))
        per_channel = lambda v: v[None, :, None, None]
        y = (x[1] - per_channel(mean)) / np.sqrt(per_channel(var) + BN_EPSILON)
        return name, y * per_channel(gamma) + per_channel(beta)

    def relu(self, name, x):
        self.nodes.append(helper.make_node("Relu", [x[0]], [name], name=name))
        return name, np.maximum(x[1], 0.0)

    def add(self, name, a, b):
        self.nodes.append(helper.make_node("Add", [a[0], b[0]], [name],
                                           name=name))
        return name, a[1] + b[1]

    def basic_block(self, pre, x, ci, co, stride):
        h = self.conv(pre + "_conv1", x, ci, co, 3, stride)
        h = self.bn(pre + "_bn1", h, co)
        h = self.relu(pre + "_relu1", h)
        h = self.conv(pre + "_conv2", h, co, co, 3, 1)
        # A smaller scale on the residual branch's last BN keeps the
        # activations of the sum of 9 blocks of order 1.
        h = self.bn(pre + "_bn2", h, co, gamma_scale=0.5)
        if stride == 1 and ci == co:
            shortcut = x
        else:
            shortcut = self.conv(pre + "_sc_conv", x, ci, co, 1, stride)
            shortcut = self.bn(pre + "_sc_bn", shortcut, co)
        h = self.add(pre + "_add", h, shortcut)
        return self.relu(pre + "_relu2", h)


def conv2d(x, w, stride, pad):
    """NCHW convolution, float64: out[n, m, y, x] = sum over c, i, j of
    xpad[n, c, y * stride + i, x * stride + j] * w[m, c, i, j]."""
    n, c, h, wd = x.shape
    m, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh = (h + 2 * pad - kh) // stride + 1
    ow = (wd + 2 * pad - kw) // stride + 1
    out = np.zeros((n, m, oh, ow), dtype=np.float64)
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + stride * (oh - 1) + 1:stride,
                       j:j + stride * (ow - 1) + 1:stride]
            out += np.einsum("nchw,mc->nmhw", patch, w[:, :, i, j])
    return out


def resnet20(rng, size, widths, blocks=3, classes=10):
    """The graph and the reference logits for one random image."""
    b = Builder(rng)
    image = rng.standard_normal((1, 3, size, size)).astype(np.float32)
    x = ("input", image.astype(np.float64))
    x = b.conv("conv1", x, 3, widths[0], 3, 1)
    x = b.bn("bn1", x, widths[0])
    x = b.relu("relu1", x)
    ci = widths[0]
    for si, co in enumerate(widths):
        for bi in range(blocks):
            stride = 2 if (si > 0 and bi == 0) else 1
            x = b.basic_block("s%db%d" % (si + 1, bi + 1), x, ci, co, stride)
            ci = co
    b.nodes.append(helper.make_node("GlobalAveragePool", [x[0]], ["pool"],
                                    name="pool"))
    pooled = x[1].mean(axis=(2, 3), keepdims=True)
    b.nodes.append(helper.make_node("Flatten", ["pool"], ["flatten"],
                                    name="flatten", axis=1))
    flat = pooled.reshape(1, -1)
    w_fc = b.weight("fc.weight",
                    rng.standard_normal((classes, ci)) / np.sqrt(ci))
    b_fc = b.weight("fc.bias", rng.uniform(-0.5, 0.5, classes))
    b.nodes.append(helper.make_node("Gemm", ["flatten", "fc.weight",
                                             "fc.bias"], ["output"],
                                    name="fc", transB=1))
    logits = flat @ w_fc.T + b_fc
    b.design_args += [w_fc, b_fc]

    graph = helper.make_graph(
        b.nodes, "resnet20",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT,
                                       [1, 3, size, size])],
        [helper.make_tensor_value_info("output", TensorProto.FLOAT,
                                       [1, classes])],
        b.inits)
    model = helper.make_model(graph, producer_name="hcl export_onnx.py",
                              opset_imports=[helper.make_opsetid("", 13)])
    onnx.checker.check_model(model)
    return model, image, logits.astype(np.float32), b.design_args


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--small", action="store_true",
                        help="8x8 images, 4/8/16 channels")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--check-generated", metavar="HCL",
                        help="also run generate.py's design with these "
                             "weights through `HCL run` and compare")
    args = parser.parse_args()
    size, widths = (8, [4, 8, 16]) if args.small else (32, [16, 32, 64])

    model, image, logits, design_args = resnet20(
        np.random.default_rng(args.seed), size, widths)
    test_dir = os.path.join(args.out_dir, "resnet20")
    data_dir = os.path.join(test_dir, "test_data_set_0")
    os.makedirs(data_dir, exist_ok=True)
    onnx.save(model, os.path.join(test_dir, "model.onnx"))
    with open(os.path.join(data_dir, "input_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(image, "input").SerializeToString())
    with open(os.path.join(data_dir, "output_0.pb"), "wb") as f:
        f.write(numpy_helper.from_array(logits, "output").SerializeToString())
    print("%s: %d nodes, %d initializers, input 1x3x%dx%d, logits %s" % (
        test_dir, len(model.graph.node), len(model.graph.initializer), size,
        size, np.array2string(logits[0], precision=4, max_line_width=200)))
    if args.check_generated:
        return check_generated(args, test_dir, image, design_args, logits)
    return 0


def check_generated(args, test_dir, image, design_args, logits):
    """Runs generate.py's design (f32) with `hcl run` on the same image and
    weights (BN folded to generate.py's scale and shift) and compares its
    logits with the reference: the ONNX model is the network of bench/resnet20.
    """
    here = os.path.dirname(os.path.abspath(__file__))
    work = os.path.join(test_dir, "generated")
    os.makedirs(work, exist_ok=True)
    design = os.path.join(work, "design.mlir")
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), "-o",
                    design] + ["--small"] * args.small,
                   check=True, stdout=subprocess.DEVNULL)
    inputs = []
    for i, array in enumerate([image] + design_args):
        inputs.append("--input=" + os.path.join(work, "arg%d.npy" % i))
        np.save(inputs[-1][len("--input="):], array.astype(np.float32))
    # Not the inputs' folder: `hcl run` writes arguments back as argN.npy
    # and refuses to write over its own inputs.
    outputs = os.path.join(work, "outputs")
    subprocess.run([args.check_generated, "run", design, "--output-dir", outputs]
                   + inputs, check=True, stdout=subprocess.DEVNULL)
    got = np.load(os.path.join(outputs, "result0.npy")).astype(np.float64)
    expected = logits.astype(np.float64)
    error = np.abs(got - expected).max() / np.abs(expected).max()
    ok = got.shape == expected.shape and error <= 1e-4
    print("generate.py design with these weights: %s (%d arguments, largest "
          "difference %.2g of the largest logit)"
          % ("OK" if ok else "FAILED", len(inputs), error))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
