"""Writes RNN, GRU and LSTM models, inputs and NumPy references for
test/Onnx/recurrent.test.

  python3 make_recurrent_models.py OUT_DIR

Each case NAME gets NAME.onnx (X a graph input, everything else
initializers), NAME_x.npy and NAME_ref{0,1,2}.npy (Y, Y_h, Y_c). The
reference steps through time one row at a time in float64, from the
equations of the ONNX operator definitions.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(11)

GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
DEFAULTS = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"],
            "LSTM": ["Sigmoid", "Tanh", "Tanh"]}


def activation(name, alpha, beta):
    return {
        "Sigmoid": lambda x: 1 / (1 + np.exp(-x)),
        "Tanh": np.tanh,
        "Relu": lambda x: np.maximum(x, 0),
        "LeakyRelu": lambda x: np.where(x < 0, alpha * x, x),
        "HardSigmoid": lambda x: np.clip(alpha * x + beta, 0, 1),
        "ScaledTanh": lambda x: alpha * np.tanh(beta * x),
        "Softsign": lambda x: x / (1 + np.abs(x)),
    }[name]


def cell_step(op, fns, x, h, c, w, r, wb, rb, p, hid, lbr, clip):
    cl = (lambda v: np.clip(v, -clip, clip)) if clip else (lambda v: v)
    f = [lambda v, fn=fn: fn(cl(v)) for fn in fns]
    xs = w @ x + wb
    if op == "RNN":
        return f[0](xs + r @ h + rb), None
    if op == "GRU":
        z = f[0](xs[:hid] + r[:hid] @ h + rb[:hid])
        rr = f[0](xs[hid:2 * hid] + r[hid:2 * hid] @ h + rb[hid:2 * hid])
        if lbr:
            cand = f[1](xs[2 * hid:] + rr * (r[2 * hid:] @ h + rb[2 * hid:]))
        else:
            cand = f[1](xs[2 * hid:] + r[2 * hid:] @ (rr * h) + rb[2 * hid:])
        return (1 - z) * cand + z * h, None
    pre = xs + r @ h + rb
    i = f[0](pre[:hid] + p[:hid] * c)
    fg = f[0](pre[2 * hid:3 * hid] + p[2 * hid:] * c)
    cnew = fg * c + i * f[1](pre[3 * hid:])
    o = f[0](pre[hid:2 * hid] + p[hid:2 * hid] * cnew)
    return o * f[2](cnew), cnew


def reference(op, x, w, r, b, lens, h0, c0, p, hid, direction, layout,
              lbr, clip, fnames, alphas, betas):
    if layout:
        x = x.transpose(1, 0, 2)
        h0 = None if h0 is None else h0.transpose(1, 0, 2)
        c0 = None if c0 is None else c0.transpose(1, 0, 2)
    seq, batch, _ = x.shape
    dirs = 2 if direction == "bidirectional" else 1
    g = GATES[op]
    y = np.zeros((seq, dirs, batch, hid))
    yh = np.zeros((dirs, batch, hid))
    yc = np.zeros((dirs, batch, hid))
    per = len(DEFAULTS[op])
    ai = bi = 0
    fns = []
    for name in fnames:
        a = b_ = 0.0
        if name in ("LeakyRelu", "HardSigmoid", "ScaledTanh"):
            a = alphas[ai]; ai += 1
        if name in ("HardSigmoid", "ScaledTanh"):
            b_ = betas[bi]; bi += 1
        fns.append(activation(name, a, b_))
    for d in range(dirs):
        rev = direction == "reverse" or d == 1
        for n in range(batch):
            length = seq if lens is None else lens[n]
            h = np.zeros(hid) if h0 is None else h0[d, n].astype(np.float64)
            c = np.zeros(hid) if c0 is None else c0[d, n].astype(np.float64)
            wb = np.zeros(g * hid) if b is None else b[d, :g * hid]
            rb = np.zeros(g * hid) if b is None else b[d, g * hid:]
            pp = np.zeros(3 * hid) if p is None else p[d]
            steps = range(length - 1, -1, -1) if rev else range(length)
            for t in steps:
                h, c2 = cell_step(op, fns[d * per:(d + 1) * per], x[t, n], h,
                                  c, w[d], r[d], wb, rb, pp, hid, lbr, clip)
                if c2 is not None:
                    c = c2
                y[t, d, n] = h
            yh[d, n] = h
            yc[d, n] = c
    if layout:
        return y.transpose(2, 0, 1, 3), yh.transpose(1, 0, 2), yc.transpose(1, 0, 2)
    return y, yh, yc


def case(name, op, seq, batch, inp, hid, direction="forward", layout=0,
         bias=True, lens=None, initial=False, peep=False, lbr=0, clip=None,
         fnames=None, alphas=(), betas=()):
    dirs = 2 if direction == "bidirectional" else 1
    g = GATES[op]
    f = lambda *s: (rng.standard_normal(s) * 0.6).astype(np.float32)
    x = f(batch, seq, inp) if layout else f(seq, batch, inp)
    w, r = f(dirs, g * hid, inp), f(dirs, g * hid, hid)
    b = f(dirs, 2 * g * hid) if bias else None
    sshape = (batch, dirs, hid) if layout else (dirs, batch, hid)
    h0 = f(*sshape) if initial else None
    c0 = f(*sshape) if initial and op == "LSTM" else None
    p = f(dirs, 3 * hid) if peep else None
    inits = [numpy_helper.from_array(w, "W"), numpy_helper.from_array(r, "R")]
    names = ["X", "W", "R"]
    for nm, arr in (("B", b), ("sequence_lens",
                               None if lens is None else np.array(lens, np.int32)),
                    ("initial_h", h0), ("initial_c", c0), ("P", p)):
        if nm in ("initial_c", "P") and op != "LSTM":
            continue
        if arr is None:
            names.append("")
        else:
            names.append(nm)
            inits.append(numpy_helper.from_array(arr, nm))
    while names[-1] == "":
        names.pop()
    outputs = ["Y", "Y_h"] + (["Y_c"] if op == "LSTM" else [])
    attrs = dict(hidden_size=hid, direction=direction, layout=layout)
    if op == "GRU":
        attrs["linear_before_reset"] = lbr
    if clip:
        attrs["clip"] = clip
    if fnames:
        attrs["activations"] = fnames
    if alphas:
        attrs["activation_alpha"] = list(alphas)
    if betas:
        attrs["activation_beta"] = list(betas)
    node = helper.make_node(op, names, outputs, **attrs)
    ys, yhs = (batch, seq, dirs, hid) if layout else (seq, dirs, batch, hid), sshape
    graph = helper.make_graph(
        [node], name, [helper.make_tensor_value_info("X", TensorProto.FLOAT, x.shape)],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, ys)] +
        [helper.make_tensor_value_info(o, TensorProto.FLOAT, yhs) for o in outputs[1:]],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    onnx.checker.check_model(model)
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + "_x.npy"), x)
    refs = reference(op, x.astype(np.float64), w, r, b, lens, h0, c0, p, hid,
                     direction, layout, lbr, clip,
                     fnames or DEFAULTS[op] * dirs, alphas, betas)
    for k in range(len(outputs)):
        np.save(os.path.join(out, "%s_ref%d.npy" % (name, k)), refs[k])


case("rnn", "RNN", 5, 2, 3, 4, initial=True)
case("rnn_bidir_relu", "RNN", 4, 3, 2, 3, direction="bidirectional",
     fnames=["Relu", "LeakyRelu"], alphas=[0.1])
case("gru", "GRU", 6, 2, 3, 5, initial=True)
case("gru_lbr_reverse", "GRU", 4, 2, 3, 3, direction="reverse", lbr=1,
     layout=1, bias=True)
case("gru_lens_bidir", "GRU", 5, 3, 2, 4, direction="bidirectional",
     lens=[5, 2, 3], clip=1.5)
case("lstm", "LSTM", 7, 2, 4, 3, initial=True, peep=True)
case("lstm_lens_reverse", "LSTM", 5, 3, 3, 4, direction="reverse",
     lens=[3, 5, 1], layout=1, initial=True)
case("lstm_acts", "LSTM", 4, 2, 3, 2, bias=False,
     fnames=["HardSigmoid", "ScaledTanh", "Softsign"], alphas=[0.3, 0.8],
     betas=[0.45, 1.2])


# Layers the importer refuses (recurrent.test checks the messages).
def refused(name, op, w_rows, **attrs):
    x = helper.make_tensor_value_info("X", TensorProto.FLOAT, [2, 1, 3])
    w = numpy_helper.from_array(np.zeros((1, w_rows, 3), np.float32), "W")
    r = numpy_helper.from_array(np.zeros((1, w_rows, 2), np.float32), "R")
    node = helper.make_node(op, ["X", "W", "R"], ["Y"], name="layer",
                            hidden_size=2, **attrs)
    graph = helper.make_graph(
        [node], name, [x],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, None)], [w, r])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14)])
    onnx.save(model, os.path.join(out, name + ".onnx"))


refused("coupled", "LSTM", 8, input_forget=1)
refused("unknown_activation", "RNN", 2, activations=["Gelu"])
refused("wrong_w", "GRU", 4)
