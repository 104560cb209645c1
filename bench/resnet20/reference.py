#!/usr/bin/python3
"""Check the generated design against an independent pure-Python ResNet (i32, exact).

Generates the --small i32 design (optionally --blocks / --shortcut / --outline /
--schedule), writes random .npy inputs in [-2, 2], runs `hcl run --input ...` and
compares result0.npy with a Python forward pass written from the ResNet definition
(int32 wrap-around, divsi truncating toward zero).
"""
import argparse
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
HCL = os.path.join(os.path.dirname(os.path.dirname(HERE)), "build", "bin", "hcl")


def wrap(v):
    return (v + 2**31) % 2**32 - 2**31


def write_npy(path, shape, flat):
    hdr = "{'descr': '<i4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in shape) if len(shape) != 1 else "%d," % shape[0])
    hdr += " " * (63 - (10 + len(hdr)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(hdr)) + hdr.encode())
        f.write(struct.pack("<%di" % len(flat), *flat))


def read_npy(path):
    data = open(path, "rb").read()
    n = struct.unpack("<H", data[8:10])[0]
    hdr = data[10:10 + n].decode()
    assert "<i4" in hdr, hdr
    body = data[10 + n:]
    return list(struct.unpack("<%di" % (len(body) // 4), body))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--blocks", type=int, default=1)
    ap.add_argument("--shortcut", choices=["A", "B"], default="B")
    ap.add_argument("--outline", action="store_true")
    ap.add_argument("--schedule", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hcl", default=HCL)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="resnet20-ref-")
    design = os.path.join(work, "d.mlir")
    cmd = ["/usr/bin/python3", os.path.join(HERE, "generate.py"), "--small", "--dtype", "i32",
           "--blocks", str(a.blocks), "--shortcut", a.shortcut, "-o", design]
    cmd += ["--outline"] * a.outline + ["--schedule"] * a.schedule
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    text = open(design).read()
    sig = text[text.index("func.func @top("):text.index(") -> memref")]
    args = re.findall(r"%(\w+): memref<([\dx]+)xi32>", sig)
    rng = random.Random(a.seed)
    P = {}
    files = []
    for i, (name, shape) in enumerate(args):
        shape = [int(d) for d in shape.split("x")]
        n = 1
        for d in shape:
            n *= d
        flat = [rng.randint(-2, 2) for _ in range(n)]
        P[name] = (shape, flat)
        path = os.path.join(work, "arg%d.npy" % i)
        write_npy(path, shape, flat)
        files += ["--input", path]
    out = os.path.join(work, "out")
    subprocess.run([a.hcl, "run", design, "--output-dir", out] + files, check=True,
                   stdout=subprocess.DEVNULL)
    got = read_npy(os.path.join(out, "result0.npy"))

    # ---- the reference: tensors as dict-free nested lists [c][h][w] ----
    def t4(name):
        (co, ci, k, _), f = P[name]
        return [[[[f[((o * ci + i) * k + y) * k + x] for x in range(k)] for y in range(k)]
                 for i in range(ci)] for o in range(co)]

    def conv(x, wname, stride, pad):
        w = t4(wname)
        ci, h, wd = len(x), len(x[0]), len(x[0][0])
        k = len(w[0][0])
        ho, wo = (h + 2 * pad - k) // stride + 1, (wd + 2 * pad - k) // stride + 1

        def at(c, y, xx):
            return x[c][y][xx] if 0 <= y < h and 0 <= xx < wd else 0
        return [[[wrap(sum(at(i, oy * stride + ky - pad, ox * stride + kx - pad) * w[o][i][ky][kx]
                           for i in range(ci) for ky in range(k) for kx in range(k)))
                  for ox in range(wo)] for oy in range(ho)] for o in range(len(w))]

    def bn(x, pname):
        (_, c), f = P[pname]
        return [[[wrap(v * f[ch] + f[c + ch]) for v in row] for row in x[ch]] for ch in range(c)]

    def relu(x):
        return [[[max(v, 0) for v in row] for row in plane] for plane in x]

    def add(x, y):
        return [[[wrap(u + v) for u, v in zip(r1, r2)] for r1, r2 in zip(p1, p2)]
                for p1, p2 in zip(x, y)]

    (_, c, h, w), f = P["img"]
    x = [[[f[(ch * h + y) * w + xx] for xx in range(w)] for y in range(h)] for ch in range(c)]
    x = relu(bn(conv(x, "w_conv1", 1, 1), "p_bn1"))
    widths = [4, 8, 16]
    for si, co in enumerate(widths):
        for bi in range(a.blocks):
            pre = "s%db%d" % (si + 1, bi + 1)
            stride = 2 if si > 0 and bi == 0 else 1
            y = relu(bn(conv(x, "w_%s_conv1" % pre, stride, 1), "p_%s_bn1" % pre))
            y = bn(conv(y, "w_%s_conv2" % pre, 1, 1), "p_%s_bn2" % pre)
            if stride == 1 and len(x) == co:
                sc = x
            elif a.shortcut == "B":
                sc = bn(conv(x, "w_%s_sc_conv" % pre, stride, 0), "p_%s_sc_bn" % pre)
            else:
                sc = [[row[::2] for row in x[ch][::2]] if ch < len(x) else
                      [[0] * (len(x[0][0]) // 2) for _ in range(len(x[0]) // 2)] for ch in range(co)]
            x = relu(add(y, sc))
    area = len(x[0]) * len(x[0][0])
    pooled = []
    for plane in x:
        s = wrap(sum(v for row in plane for v in row))
        pooled.append(int(s / area) if s >= 0 else -int(-s / area))
    (k, ci), fw = P["w_fc"]
    _, fb = P["b_fc"]
    want = [wrap(fb[o] + sum(pooled[i] * fw[o * ci + i] for i in range(ci))) for o in range(k)]
    ok = want == got
    print("reference: %s (%d outputs: %s) %s" % ("OK" if ok else "MISMATCH", len(got), got,
                                              "" if ok else "want %s got %s" % (want, got)))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
