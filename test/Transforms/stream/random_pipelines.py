#!/usr/bin/env python3
"""Randomized tests of hcl.to (streams between stages): random pipelines of
stages, random channels, a verdict predicted here and compared with hcl's.

Each program is one function, @top, taking one 2-D tensor %A (8..16 x 8..12,
i32 or, in one program of three, f32) and returning the last stage's buffer.
It has 3 to 6 stages (top-level affine.for nests with `stage_name`), each
writing a `memref.alloc` with a `name`; a stage is

  map      out[i][j] = X[i][j] op c
  zip      out[i][j] = X[i][j] op Y[i][j]      (sometimes Y is X: the two
                                                loads are one once hcl has
                                                simplified the stage, so X
                                                is read once)
  tread    out[i][j] = X[j][i] op c            (a transposed read)
  twrite   out[j][i] = X[i][j] op c            (a transposed write: the
                                                producer writes column-major)
  reduce   out[i][j] = 0; for k: out[i][j] += X[i][k] (* Y[k][j])
           accumulated in place in the buffer (hcl.to rewrites the producer
           to a local accumulator); with one column and no Y it reads X once
           in order, otherwise X (or Y) several times
  stencil  out[i][j] = sum of X[i + di][j + dj] over a vertical, horizontal,
           diagonal or five-point pattern; reads elements several times and
           out of order unless reuse_at on the stencil's input makes it read
           each element once (a line buffer along i, or j for a horizontal
           pattern), which the generator often adds
  dual     out[i][j] = X[i][j] op c and out2[i][j] = X[i][j] op' c in one
           nest: when out is streamed to a stage that also reads out2 (an
           ordinary buffer, read only once its producer finished), out must
           hold every element: the inferred depth is its size, a smaller
           given depth deadlocks

The schedule has 1 to 3 `hcl.to(%B, %sD)` channels (sometimes with
`{depth = N}`), mostly between a buffer and the one stage that reads it, and
sometimes a wrong one: a buffer with two readers, read out of order or twice,
the returned buffer, the argument, a stage that does not read it, the
producer itself, a buffer streamed twice; plus sometimes pipeline, reorder
(i and j swapped: a stage that reads or writes column-major), split and
reuse_at, in random order with the hcl.to ops.

The verdict is predicted by tracing, in Python, each stage's accesses of the
streamed buffers from the stage's own description (not from the IR), then
checking what hcl.to promises: the refusals applied when each hcl.to is
applied (argument, already streamed, returned, consumer does not read,
producer reads too), then for each channel in the order of the allocations one producer and
one consumer, each element written once and read once in the order written
(repeated loads of one element in one block being one read), and last the
Kahn-network simulation that infers depths (at least 2) and finds
deadlocks with given depths.  The exact message is predicted.  The depth
inference is the one hcl documents (StreamCheck.cpp: the largest occupancy
of a demand-driven run with unbounded channels, in which a producer that
is ahead lets its consumer catch up first; repro-1.mlir was the case that
needed the second rule).

  legal:    `hcl-opt --hcl-apply-customizations` must give each streamed
            buffer the predicted `stream_depth`; `hcl check` (CPU, against
            the unscheduled program) must say OK, and for the odd-numbered
            programs `hcl check --hls` (HLS C++ with hls::stream, a dataflow
            region simulated with threads and bounded FIFOs) too; with
            --rtl, `hcl check --rtl` (the region as modules and FIFOs in
            Verilator, docs/rtl.md) too, where a located `rtl:` error (a
            float unit in a process) counts as refused by the RTL
  illegal:  `hcl-opt --hcl-apply-customizations` must fail with the
            predicted message

Any difference (and any crash) is a failure: the program is saved in --keep
DIR (default: a new temporary directory), its path printed, and the script
exits 1.  The last line is a summary:

  random pipelines: N checked (L streamed and simulated, R refused as
  predicted), M mismatches

Usage:

  random_pipelines.py [--count N] [--seed S] [--hcl PATH] [--hcl-opt PATH]
                      [--jobs J] [--keep DIR] [--verbose] [--print-only I]

Program I of seed S is the same on every run.  Run against the working tree
before commit 0e0fb5b it found three crashes of the HLS dataflow outliner
(a process's local buffers revisited: a double free, an endless loop taking
all memory; a reuse buffer's dealloc freed while iterated over), fixed
there; the programs with a dead output or a reuse buffer keep them covered.  The lit test runs a small
number; run any number on demand, e.g.

  python3 random_pipelines.py --count 300 --seed 5 --hcl build/bin/hcl
"""

import argparse
import concurrent.futures
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter

INT_OPS = ["addi", "subi", "muli", "xori", "maxsi", "minsi"]
FLOAT_OPS = ["addf", "subf", "mulf", "maximumf"]

STENCILS = {
    "vertical": [(0, 0), (1, 0), (2, 0)],
    "horizontal": [(0, 0), (0, 1), (0, 2)],
    "diagonal": [(0, 0), (1, 1), (2, 2)],
    "five-point": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
}


def mtype(shape, dtype):
    return f"memref<{shape[0]}x{shape[1]}x{dtype}>"


class Tensor:
    def __init__(self, name, shape, producer):
        self.name, self.shape, self.producer = name, tuple(shape), producer
        self.var = "%" + name  # SSA name
        self.returned = False

    @property
    def is_arg(self):
        return self.producer is None

    @property
    def size(self):
        return self.shape[0] * self.shape[1]


class Stage:
    """One top-level loop nest. `outs` the buffers it writes, `ins` the
    tensors it reads (in load order, one entry per load)."""

    def __init__(self, index, kind):
        self.index, self.kind = index, kind
        self.name = f"P{index}"
        self.outs, self.ins = [], []
        self.ops = []  # arith op names for the body
        self.consts = []
        self.pattern = None  # stencil offsets
        self.pattern_name = None
        self.reuse = None  # loop name of reuse_at, if applied
        self.reordered = False
        self.split = None  # factor
        self.pipelined = False
        self.J = self.K = None

    @property
    def out(self):
        return self.outs[0]


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------


class Program:
    def __init__(self, seed, index):
        self.rng = random.Random(f"{seed}:{index}")
        self.index = index
        rng = self.rng
        self.dtype = "f32" if rng.random() < 0.33 else "i32"
        self.hls = index % 2 == 1
        R, C = rng.randint(8, 16), rng.randint(8, 12)
        self.arg = Tensor("A", (R, C), None)
        self.arg.var = "%A"
        self.tensors = [self.arg]
        self.stages = []
        nstages = rng.randint(3, 6)
        for s in range(1, nstages + 1):
            self.add_stage(s, last=(s == nstages))
        self.result = self.stages[-1].out
        self.result.returned = True
        self.schedule = []  # (kind, args...)
        self.make_schedule()

    # -- the algorithm -----------------------------------------------------

    def pick_input(self, pred=lambda t: True):
        """A tensor, mostly a recent one."""
        cands = [t for t in self.tensors if pred(t)]
        if not cands:
            return None
        unread = [t for t in cands if not t.is_arg and not self.readers(t)]
        if unread and self.rng.random() < 0.5:  # fewer dead buffers
            return self.rng.choice(unread)
        if self.rng.random() < 0.6:
            return cands[-1]
        return self.rng.choice(cands)

    def op(self):
        return "arith." + self.rng.choice(FLOAT_OPS if self.dtype == "f32" else INT_OPS)

    def const(self):
        if self.dtype == "f32":
            return self.rng.choice(["0.5", "1.5", "-2.0", "3.25"])
        return str(self.rng.choice([-3, -1, 2, 3, 5, 7]))

    def add_stage(self, s, last):
        rng = self.rng
        kinds = ["map", "zip", "tread", "twrite", "reduce", "stencil", "dual"]
        weights = [2, 3, 2, 1, 2, 3, 2]
        while True:
            kind = rng.choices(kinds, weights)[0]
            if last and kind == "dual":
                continue
            st = Stage(s, kind)
            if self.build(st):
                break
        self.stages.append(st)
        self.tensors.extend(st.outs)

    def build(self, st):
        rng = self.rng
        name = f"B{st.index}"
        if st.kind in ("map", "tread", "twrite", "dual"):
            X = self.pick_input()
            st.ins = [X]
            st.ops = [self.op(), self.op()]
            st.consts = [self.const(), self.const()]
            shape = X.shape if st.kind in ("map", "dual") else X.shape[::-1]
            st.outs = [Tensor(name, shape, st)]
            if st.kind == "dual":
                st.outs.append(Tensor(name + "x", shape, st))
            return True
        if st.kind == "zip":
            X = self.pick_input()
            duals = [t for t in self.tensors if t.producer and t.producer.kind == "dual"]
            if duals and rng.random() < 0.5:  # both outputs of one stage
                X = rng.choice(duals)
                Y = X.producer.outs[rng.random() < 0.5]
                if Y is X:
                    Y = X.producer.outs[0] if X is X.producer.outs[1] else X.producer.outs[1]
                X, Y = (X, Y) if rng.random() < 0.5 else (Y, X)
            elif rng.random() < 0.12:
                Y = X
            else:
                Y = self.pick_input(lambda t: t.shape == X.shape and t is not X)
                if Y is None:
                    return False
            st.ins = [X, Y]
            st.ops = [self.op()]
            while Y is X and st.ops[0] in ("arith.xori", "arith.subi"):
                st.ops = [self.op()]  # X op X folded to 0: repro-2.mlir
            st.outs = [Tensor(name, X.shape, st)]
            return True
        if st.kind == "reduce":
            X = self.pick_input()
            r, K = X.shape
            st.K = K
            roll = rng.random()
            if roll < 0.45:
                st.J, st.ins = 1, [X]  # a row sum: reads X once, in order
            elif roll < 0.65:
                st.J, st.ins = 2, [X]
            else:
                Y = self.pick_input(lambda t: t.shape[0] == K)
                if Y is None:
                    return False
                st.J, st.ins = Y.shape[1], [X, Y]
            st.outs = [Tensor(name, (r, st.J), st)]
            return True
        if st.kind == "stencil":
            X = self.pick_input(lambda t: min(t.shape) >= 6)
            if X is None:
                return False
            st.pattern_name = rng.choice(list(STENCILS))
            st.pattern = STENCILS[st.pattern_name]
            di = max(d for d, _ in st.pattern)
            dj = max(d for _, d in st.pattern)
            st.ins = [X] * len(st.pattern)
            st.outs = [Tensor(name, (X.shape[0] - di, X.shape[1] - dj), st)]
            return True
        raise AssertionError(st.kind)

    # -- the schedule ------------------------------------------------------

    def readers(self, t):
        return [s for s in self.stages if t in s.ins]

    def make_schedule(self):
        rng = self.rng
        others = []
        # Loop primitives that keep or change the order of accesses.
        for st in self.stages:
            perfect = st.kind in ("map", "zip", "tread", "twrite", "dual", "stencil")
            if st.kind == "stencil" and rng.random() < 0.65:
                st.reuse = "j" if st.pattern_name == "horizontal" else "i"
                others.append(("reuse_at", st))
            elif perfect and rng.random() < 0.15:
                st.reordered = True
                others.append(("reorder", st))
            elif perfect and rng.random() < 0.12:
                inner = (st.ins[0].shape if st.kind == "twrite" else st.out.shape)[1]
                factors = [f for f in (2, 3, 4) if f <= inner]
                if factors:  # dividing the trip count or not
                    st.split = rng.choice(factors)
                    others.append(("split", st))
            if rng.random() < 0.3:
                st.pipelined = True
                others.append(("pipeline", st))
        # Channels.
        pairs = [(t, s) for t in self.tensors if not t.is_arg for s in self.readers(t)]
        good = [(t, s) for t, s in pairs
                if not t.returned and len(self.readers(t)) == 1]
        intend_legal = rng.random() < (0.8 if self.hls else 0.6)
        if intend_legal:  # the channels that are legal on their own
            def alone(t, s):
                self.schedule = others + [("to", t, s, None)]
                return predict(self)[0] == "ok"
            good = [(t, s) for t, s in good if alone(t, s)]
        channels = []
        n = rng.randint(1, 3)
        for _ in range(n):
            roll = rng.random()
            if intend_legal or roll < 0.55:
                pool = good or pairs
            elif roll < 0.85:
                pool = pairs
            else:
                pool = None
            if pool:
                t, s = rng.choice(pool)
            else:  # a wrong request
                what = rng.choice(["arg", "notread", "producer", "returned"])
                if what == "arg":
                    t, s = self.arg, rng.choice(self.readers(self.arg) or self.stages)
                elif what == "notread":
                    t = rng.choice([t for t in self.tensors if not t.is_arg])
                    s = rng.choice(self.stages)
                elif what == "producer":
                    t = rng.choice([t for t in self.tensors if not t.is_arg])
                    s = t.producer
                else:
                    t = self.result
                    s = rng.choice(self.stages)
            if any(c[0] is t for c in channels) and rng.random() < 0.9:
                continue  # mostly not the same buffer twice
            depth = None
            if rng.random() < 0.25:
                depth = rng.choice([1, 2, 3, 4, 16, t.size])
            channels.append((t, s, depth))
        if not channels:
            t, s = rng.choice(good or pairs)
            channels.append((t, s, None))
        items = others + [("to",) + c for c in channels]
        # reuse_at / reorder / split before pipeline of the same stage; the
        # hcl.to ops anywhere.
        loops = [x for x in items if x[0] != "to"]
        tos = [x for x in items if x[0] == "to"]
        for x in tos:
            loops.insert(rng.randint(0, len(loops)), x)
        self.schedule = loops

    # -- the text ----------------------------------------------------------

    def text(self):
        d = self.dtype
        L = []
        L.append(f"// random_pipelines.py program {self.index} "
                 f"({'HLS' if self.hls else 'CPU'})")
        L.append(f"func.func @top(%A: {mtype(self.arg.shape, d)}) -> "
                 f"{mtype(self.result.shape, d)} {{")
        for st in self.stages:
            L.append(f'  %s{st.name} = hcl.create_stage_handle "{st.name}" : !hcl.StageHandle')
        for ln in ["i", "j"] + (["k"] if any(s.kind == "reduce" for s in self.stages) else []):
            L.append(f'  %l{ln} = hcl.create_loop_handle "{ln}" : !hcl.LoopHandle')
        zero = "0.0" if d == "f32" else "0"
        L.append(f"  %zero = arith.constant {zero} : {d}")
        consts = {}
        for st in self.stages:
            for c in st.consts:
                if c not in consts:
                    consts[c] = f"%c{len(consts)}"
                    L.append(f"  {consts[c]} = arith.constant {c} : {d}")
        for st in self.stages:
            L.extend(self.stage_text(st, consts))
        for item in self.schedule:
            L.extend(self.schedule_text(item))
        L.append(f"  return %{self.result.name} : {mtype(self.result.shape, d)}")
        L.append("}")
        return "\n".join(L) + "\n"

    def stage_text(self, st, consts):
        d = self.dtype
        add = "arith.addf" if d == "f32" else "arith.addi"
        mul = "arith.mulf" if d == "f32" else "arith.muli"
        L = []
        for o in st.outs:
            L.append(f'  %{o.name} = memref.alloc() {{name = "{o.name}"}} : {mtype(o.shape, d)}')
        out = st.out
        ot = mtype(out.shape, d)

        def load(t, idx, v):
            return f"      {v} = affine.load {t.var}[{idx}] : {mtype(t.shape, d)}"

        if st.kind == "reduce":
            X = st.ins[0]
            r = X.shape[0]
            L.append(f"  affine.for %i = 0 to {r} {{")
            L.append(f"    affine.for %j = 0 to {st.J} {{")
            L.append(f"      affine.store %zero, %{out.name}[%i, %j] : {ot}")
            L.append(f"      affine.for %k = 0 to {st.K} {{")
            L.append("  " + load(X, "%i, %k", "%x"))
            val = "%x"
            if len(st.ins) == 2:
                L.append("  " + load(st.ins[1], "%k, %j", "%y"))
                L.append(f"        %p = {mul} %x, %y : {d}")
                val = "%p"
            L.append(f"        %old = affine.load %{out.name}[%i, %j] : {ot}")
            L.append(f"        %new = {add} %old, {val} : {d}")
            L.append(f"        affine.store %new, %{out.name}[%i, %j] : {ot}")
            L.append('      } {loop_name = "k", reduction = 1 : i32}')
            L.append('    } {loop_name = "j"}')
            L.append(f'  }} {{loop_name = "i", stage_name = "{st.name}"}}')
            return L
        X = st.ins[0]
        if st.kind == "twrite":
            shape = X.shape
        else:
            shape = out.shape
        L.append(f"  affine.for %i = 0 to {shape[0]} {{")
        L.append(f"    affine.for %j = 0 to {shape[1]} {{")
        if st.kind in ("map", "twrite", "dual"):
            L.append(load(X, "%i, %j", "%x"))
            L.append(f"      %v = {st.ops[0]} %x, {consts[st.consts[0]]} : {d}")
            idx = "%j, %i" if st.kind == "twrite" else "%i, %j"
            L.append(f"      affine.store %v, %{out.name}[{idx}] : {ot}")
            if st.kind == "dual":
                o2 = st.outs[1]
                L.append(f"      %w = {st.ops[1]} %x, {consts[st.consts[1]]} : {d}")
                L.append(f"      affine.store %w, %{o2.name}[%i, %j] : {mtype(o2.shape, d)}")
        elif st.kind == "tread":
            L.append(load(X, "%j, %i", "%x"))
            L.append(f"      %v = {st.ops[0]} %x, {consts[st.consts[0]]} : {d}")
            L.append(f"      affine.store %v, %{out.name}[%i, %j] : {ot}")
        elif st.kind == "zip":
            L.append(load(st.ins[0], "%i, %j", "%x"))
            L.append(load(st.ins[1], "%i, %j", "%y"))
            L.append(f"      %v = {st.ops[0]} %x, %y : {d}")
            L.append(f"      affine.store %v, %{out.name}[%i, %j] : {ot}")
        elif st.kind == "stencil":
            vals = []
            for n, (di, dj) in enumerate(st.pattern):
                i = f"%i + {di}" if di else "%i"
                j = f"%j + {dj}" if dj else "%j"
                L.append(load(X, f"{i}, {j}", f"%x{n}"))
                vals.append(f"%x{n}")
            acc = vals[0]
            for n, v in enumerate(vals[1:]):
                L.append(f"      %s{n} = {add} {acc}, {v} : {d}")
                acc = f"%s{n}"
            L.append(f"      affine.store {acc}, %{out.name}[%i, %j] : {ot}")
        L.append('    } {loop_name = "j"}')
        L.append(f'  }} {{loop_name = "i", stage_name = "{st.name}"}}')
        return L

    def schedule_text(self, item):
        d = self.dtype
        kind = item[0]
        if kind == "to":
            t, s, depth = item[1:]
            attr = f" {{depth = {depth}}}" if depth else ""
            return [f"  hcl.to({t.var} : {mtype(t.shape, d)}, %s{s.name}){attr}"]
        st = item[1]
        s = f"%s{st.name}"
        if kind == "reuse_at":
            X = st.ins[0]
            return [f"  %rb{st.index} = hcl.reuse_at({s}, {X.var} : {mtype(X.shape, d)}, "
                    f"%l{st.reuse}) -> memref<*x{d}>"]
        if kind == "reorder":
            return [f"  hcl.reorder({s}, %lj, %li)"]
        if kind == "split":
            return [f"  %jo{st.index}, %ji{st.index} = hcl.split({s}, %lj, {st.split})"]
        if kind == "pipeline":
            if st.kind == "reduce":
                loop = "%lk"
            elif st.split:
                loop = f"%ji{st.index}"
            elif st.reordered:
                loop = "%li"
            else:
                loop = "%lj"
            return [f"  hcl.pipeline({s}, {loop}, 1)"]
        raise AssertionError(kind)


# ---------------------------------------------------------------------------
# The prediction
# ---------------------------------------------------------------------------


def element(t, i, j):
    return i * t.shape[1] + j


def describe(t, e):
    return f"{t.name}[{e // t.shape[1]}][{e % t.shape[1]}]"


def describe_order(elements, t):
    rows, cols = t.shape
    row = all(e == k for k, e in enumerate(elements))
    col = all(e == (k % rows) * cols + k // rows for k, e in enumerate(elements))
    return "row-major" if row else "column-major" if col else "in another order"


def trace(st, chan):
    """The stage's accesses of streamed buffers, in order: (channel, is_write,
    element), from the stage's description and schedule."""
    ev = []

    def rd(t, i, j):
        if t in chan:
            ev.append((chan[t], False, element(t, i, j)))

    def wr(t, i, j):
        if t in chan:
            ev.append((chan[t], True, element(t, i, j)))

    if st.kind == "reduce":
        X = st.ins[0]
        for i in range(X.shape[0]):
            for j in range(st.J):
                for k in range(st.K):
                    rd(X, i, k)
                    if len(st.ins) == 2:
                        rd(st.ins[1], k, j)
                # in place: the producer of a stream accumulates in a local
                # and writes once, after the k loop
                wr(st.out, i, j)
        return ev
    if st.kind == "stencil" and st.reuse:
        X, out = st.ins[0], st.out
        if st.reuse == "i":  # the line buffer takes row i whole, then row i-2 of out
            for i in range(X.shape[0]):
                for j in range(X.shape[1]):
                    rd(X, i, j)
                if i >= 2:
                    for j in range(out.shape[1]):
                        wr(out, i - 2, j)
        else:
            for i in range(X.shape[0]):
                for j in range(X.shape[1]):
                    rd(X, i, j)
                    if j >= 2:
                        wr(out, i, j - 2)
        return ev
    X = st.ins[0]
    shape = X.shape if st.kind == "twrite" else st.out.shape
    space = [(i, j) for i in range(shape[0]) for j in range(shape[1])]
    if st.reordered:
        space.sort(key=lambda p: (p[1], p[0]))
    for i, j in space:
        if st.kind in ("map", "dual"):
            rd(X, i, j)
            wr(st.out, i, j)
            if st.kind == "dual":
                wr(st.outs[1], i, j)
        elif st.kind == "twrite":
            rd(X, i, j)
            wr(st.out, j, i)
        elif st.kind == "tread":
            rd(X, j, i)
            wr(st.out, i, j)
        elif st.kind == "zip":
            rd(st.ins[0], i, j)
            if st.ins[1] is not st.ins[0]:  # X op X: one load after CSE
                rd(st.ins[1], i, j)
            wr(st.out, i, j)
        elif st.kind == "stencil":
            for di, dj in st.pattern:
                rd(X, i + di, j + dj)
            wr(st.out, i, j)
    return ev


def predict(p):
    """("error", message) or ("ok", {buffer name: depth})."""
    streamed = []  # (tensor, depth) in order
    for item in p.schedule:
        if item[0] != "to":
            continue
        t, s, depth = item[1:]
        if t.is_arg:
            return ("error", "hcl.to streams a buffer that @top allocates between two "
                             "of its stages; this one is an argument of the function")
        if any(x is t for x, _ in streamed):
            return ("error", f"hcl.to: '{t.name}' is already streamed")
        if t.returned:
            return ("error", f"hcl.to: '{t.name}' is a result of @top: only a buffer "
                             "between two stages can be a stream")
        # A stage "reads" a buffer when it loads it: an in-place reduction
        # loads its own output.
        reads = t in s.ins or (s.kind == "reduce" and t is s.out)
        if not reads:
            return ("error", f"hcl.to: stage '{s.name}' does not read '{t.name}'")
        if t.producer is s:
            return ("error", f"hcl.to: stage '{s.name}' both writes and reads '{t.name}': "
                             "a stream connects two stages")
        streamed.append((t, depth))
    # After the whole schedule, the channels are checked in the order of
    # their allocations.
    streamed.sort(key=lambda c: p.tensors.index(c[0]))
    chan = {t: c for c, (t, _) in enumerate(streamed)}
    events = [trace(st, chan) for st in p.stages]
    names = [st.name for st in p.stages]
    prod, cons = [], []
    for c, (t, _) in enumerate(streamed):
        writers = [n for n, ev in enumerate(events) if any(e[0] == c and e[1] for e in ev)]
        readers = [n for n, ev in enumerate(events) if any(e[0] == c and not e[1] for e in ev)]
        assert len(writers) == 1 and readers, "generator: a channel without ends"
        if len(readers) > 1:
            return ("error", f"hcl.to: '{t.name}' is read by '{names[readers[0]]}' and "
                             f"'{names[readers[1]]}': a stream has one consumer")
        P, D = writers[0], readers[0]
        prod.append(P)
        cons.append(D)
        written = [e[2] for e in events[P] if e[0] == c]
        read = [e[2] for e in events[D] if e[0] == c]
        assert sorted(written) == list(range(t.size)), "generator: a producer writes twice"
        seen = set()
        for k, e in enumerate(read):
            if e in seen:
                return ("error", f"hcl.to: '{names[D]}' reads {describe(t, e)} twice: a "
                                 "stream is read once per element (keep a sliding window "
                                 "in a reuse buffer: reuse_at)")
            seen.add(e)
            if e != written[k]:
                return ("error", f"hcl.to: order differs: '{names[P]}' writes '{t.name}' "
                                 f"{describe_order(written, t)}, '{names[D]}' reads it "
                                 f"{describe_order(read, t)} (element {k} written is "
                                 f"{describe(t, written[k])}, read is {describe(t, e)})")
        if len(read) != len(written):
            return ("error", f"hcl.to: '{names[D]}' reads only {len(read)} of the "
                             f"{t.size} elements of '{t.name}'")
    # The Kahn network: ordinary buffers make a process wait for an earlier
    # one to finish.
    reads, writes = [], []
    for st in p.stages:
        r = {t.name for t in st.ins if t not in chan}
        w = {t.name for t in st.outs if t not in chan}
        if st.kind == "reduce" and st.out not in chan:
            r.add(st.out.name)
        if st.reuse:
            r.add(f"reuse{st.index}")
            w.add(f"reuse{st.index}")
        reads.append(r)
        writes.append(w)
    deps = [[i for i in range(j) if writes[i] & (reads[j] | writes[j]) or reads[i] & writes[j]]
            for j in range(len(p.stages))]
    free = simulate(events, [0] * len(streamed), deps, prod, cons, names, streamed)
    assert not free[0], "generator: a deadlock whatever the depths"
    depth = [d if d else max(2, free[1][c]) for c, (_, d) in enumerate(streamed)]
    bounded = simulate(events, depth, deps, prod, cons, names, streamed)
    if bounded[0]:
        c = bounded[3][0] if bounded[3] else 0
        return ("error", f"hcl.to: deadlock with the chosen depths: {bounded[2]}; "
                         f"'{streamed[c][0].name}' needs depth {free[1][c]}")
    p.inferred_deep = any(not d and depth[c] > 2 for c, (_, d) in enumerate(streamed))
    return ("ok", {t.name: depth[c] for c, (t, _) in enumerate(streamed)})


def simulate(events, capacity, deps, prod, cons, names, streamed):
    """Each process takes its channel accesses in order (demand-driven from
    the last process): (deadlocked, max occupancy, blocked chain, full
    channels)."""
    n = len(events)
    pos, done, visiting = [0] * n, [False] * n, [False] * n
    occ, maxocc = [0] * len(capacity), [0] * len(capacity)
    chain, full = [], []

    def pull(p):
        if visiting[p]:
            return False
        visiting[p] = True

        def wait(other, why):
            moved = pull(other)
            if not moved:
                chain.append(f"'{names[p]}' {why}")
            visiting[p] = False
            return moved

        for d in deps[p]:
            if not done[d]:
                return wait(d, f"waits for '{names[d]}' to finish (an ordinary buffer "
                               "they share)")
        if pos[p] == len(events[p]):
            done[p] = True
            visiting[p] = False
            return True
        c, is_write, _ = events[p][pos[p]]
        name = streamed[c][0].name
        if is_write and capacity[c] and occ[c] >= capacity[c]:
            full.append(c)
            return wait(cons[c], f"waits to write '{name}' (full at depth {capacity[c]})")
        if not is_write and occ[c] == 0:
            return wait(prod[c], f"waits to read '{name}' (empty)")
        # A producer that is ahead lets its consumer catch up first.
        if is_write and occ[c] > 0 and not visiting[cons[c]]:
            chain_size, full_size = len(chain), len(full)
            if pull(cons[c]):
                visiting[p] = False
                return True
            del chain[chain_size:]
            del full[full_size:]
        occ[c] += 1 if is_write else -1
        maxocc[c] = max(maxocc[c], occ[c])
        pos[p] += 1
        visiting[p] = False
        return True

    for p in reversed(range(n)):
        while not done[p]:
            full.clear()
            if pull(p):
                continue
            return True, maxocc, "; ".join(reversed(chain)), list(full)
    return False, maxocc, "", []


# ---------------------------------------------------------------------------
# Running hcl
# ---------------------------------------------------------------------------

CRASH_MARKERS = ["Stack dump", "LLVM ERROR", "Assertion", "PLEASE submit", "Segmentation"]


def limit_memory():
    # A runaway compiler (the dataflow outliner once looped taking memory
    # without end) must not take the machine down.
    if "ASAN_OPTIONS" in os.environ:
        return  # ASan's shadow memory alone reserves terabytes of addresses
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def run(cmd, timeout=180):
    def once():
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                                  preexec_fn=limit_memory)
        except subprocess.TimeoutExpired:
            return subprocess.CompletedProcess(cmd, -9, "", f"timeout after {timeout} s")
    for _ in range(30):  # the binary may be being rebuilt
        try:
            return once()
        except OSError:
            time.sleep(2)
    return once()


def check(p, args, workdir):
    """(status, path, detail): status "legal", "illegal" or "FAIL"."""
    start = time.monotonic()
    status, path, detail = check_one(p, args, workdir)
    return status, path, f"{detail} [{time.monotonic() - start:.1f} s]"


def check_one(p, args, workdir):
    path = os.path.join(workdir, f"program-{p.index}.mlir")
    with open(path, "w") as f:
        f.write(p.text())
    verdict, what = predict(p)
    opt = run([args.hcl_opt, path, "--hcl-apply-customizations"])
    out = opt.stdout + opt.stderr
    if any(m in out for m in CRASH_MARKERS) or opt.returncode not in (0, 1):
        return "FAIL", path, f"hcl-opt crashed (exit {opt.returncode}):\n{opt.stderr}"
    if verdict == "error":
        if opt.returncode == 0:
            return "FAIL", path, f"hcl-opt accepted it; predicted: {what}"
        if what not in opt.stderr:
            return "FAIL", path, f"predicted: {what}\nhcl-opt said:\n{opt.stderr}"
        return "illegal", path, what
    if opt.returncode != 0:
        return "FAIL", path, f"predicted legal, depths {what}; hcl-opt said:\n{opt.stderr}"
    for name, depth in what.items():
        want = f'{{name = "{name}", stream_depth = {depth} : i64}}'
        if want not in opt.stdout:
            got = re.findall(rf'\{{name = "{name}"[^}}]*\}}', opt.stdout)
            return "FAIL", path, f"expected {want}, got {got}"
    cmds = [[args.hcl, "check", path]]
    if p.hls:
        cmds.append([args.hcl, "check", "--hls", path])
    if args.rtl:
        res = run([args.hcl, "check", "--rtl", path], timeout=600)
        out = res.stdout + res.stderr
        if res.returncode != 0:
            # A located refusal (a float unit in a process) is the RTL's
            # limit, not a mismatch; anything else is.
            if re.search(r":\d+:\d+: error: rtl: ", out) and \
                    not any(m in out for m in CRASH_MARKERS):
                return "rtl-refused", path, out.strip().splitlines()[0]
            return "FAIL", path, f"check --rtl (exit {res.returncode}):\n{out}"
    for cmd in cmds:
        res = run(cmd)
        out = res.stdout + res.stderr
        if res.returncode != 0 or ": OK" not in res.stdout:
            return "FAIL", path, f"{' '.join(cmd[1:-1])} (exit {res.returncode}):\n{out}"
    return "legal", path, f"depths {what}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=24)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--hcl", default="hcl")
    ap.add_argument("--hcl-opt", default=None)
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--keep", default=None)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--rtl", action="store_true",
                    help="also `hcl check --rtl` each legal program (Verilator)")
    ap.add_argument("--print-only", type=int, default=None,
                    help="print program I and its predicted verdict, run nothing")
    args = ap.parse_args()
    if args.hcl_opt is None:
        d = os.path.dirname(args.hcl)
        args.hcl_opt = os.path.join(d, "hcl-opt") if d else "hcl-opt"
    if args.print_only is not None:
        p = Program(args.seed, args.print_only)
        print(p.text(), end="")
        print("// predicted:", *predict(p))
        return 0
    programs = [Program(args.seed, i) for i in range(args.count)]
    workdir = tempfile.mkdtemp(prefix="random-pipelines-")
    keep = args.keep
    counts, failures = Counter(), []
    features = Counter()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for p, (status, path, detail) in zip(programs, pool.map(
                lambda p: check(p, args, workdir), programs)):
            counts[status] += 1
            if status == "FAIL":
                if keep is None:
                    keep = tempfile.mkdtemp(prefix="random-pipelines-failed-")
                os.makedirs(keep, exist_ok=True)
                saved = os.path.join(keep, f"seed{args.seed}-program{p.index}.mlir")
                with open(path) as src, open(saved, "w") as dst:
                    dst.write(src.read())
                failures.append(saved)
                print(f"FAIL program {p.index}: saved as {saved}\n{detail}", file=sys.stderr)
            elif args.verbose:
                print(f"program {p.index} ({'HLS' if p.hls else 'CPU'}): {status}: {detail}")
            if status == "legal":
                features["hls" if p.hls else "cpu"] += 1
                features["deeper"] += p.inferred_deep
    if args.verbose:
        print("legal programs: CPU only %d, also HLS %d, with an inferred depth "
              "above 2: %d" % (features["cpu"], features["hls"], features["deeper"]))
    rtl = (f", {counts['rtl-refused']} refused by the RTL with a located error"
           if args.rtl else "")
    print(f"random pipelines: {args.count} checked ({counts['legal']} streamed and "
          f"simulated, {counts['illegal']} refused as predicted{rtl}), "
          f"{counts['FAIL']} mismatches")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
