#!/usr/bin/env python3
"""Randomized schedule tests for hcl: random kernels, random schedules, `hcl check`.

Each program is one function, @kernel, generated from the seed:

  * an algorithm of 1 to 3 stages (affine loop nests tagged with `loop_name`
    / `stage_name`), 1 to 4 loops deep, constant trip counts from 1 to 12,
    element type i32, i64, f32 or f64.  A stage is an elementwise map
    (sometimes transposed, in place, strided or triangular), a stencil with
    constant offsets (bounds shrunk so every access is in range; sometimes in
    place, which makes dependences between iterations), or a reduction with a
    `reduction = 1 : i32` loop (gemm-like, sometimes triangular) accumulating
    into an argument, or into an alloc that a fill stage or a store in the
    loop around the reduction loop (an imperfect nest) sets first.  Later
    stages often read an earlier stage's output (a `memref.alloc`, returned or
    not, or an argument);
  * a schedule of 1 to 5 primitives (split, tile, reorder, fuse, unroll,
    pipeline, parallel, compute_at, buffer_at) naming real loops, including the
    loops earlier primitives made (`i.outer`, `i.j.fused`), with factors that
    divide, do not divide, are 1 or exceed the trip count, and sometimes an
    illegal request (reorder across a dependence, parallel on a reduction loop,
    compute_at in the wrong direction).

Every program is run with `hcl check FILE --entry kernel --seeds 2`, which runs
it with and without its schedule on random inputs and compares the outputs.
Outcomes:

  OK               the schedule applied and the outputs matched
  REJECTED         exit 1 with a located `error:` on a schedule op (a
                   primitive that cannot apply)
  MISMATCH         the outputs differ                              (failure)
  CRASH            a signal, stack dump, assertion, `LLVM ERROR`, an exit
                   status other than 0 or 1, an error without a location,
                   or an error located in the algorithm although the
                   algorithm alone (schedule ops removed) checks OK: the
                   schedule left invalid IR                        (failure)
  TIMEOUT          `hcl check` ran longer than --timeout seconds   (failure)
  GENERATOR-ERROR  the algorithm alone does not parse or verify, a schedule
                   op does not parse, or a handle names a loop that does not
                   exist: a bug in this script                     (failure)

Failing programs are copied into --keep DIR (default: a new temporary
directory, printed) and the script exits 1.  The last lines are a summary:

  random schedules: N programs: A applied and matched, R rejected with an
  error, M mismatches, C crashes, T timeouts, G generator errors
  primitives: split 12/3 tile ... (applied/rejected)

Usage:

  random_schedules.py [--count N] [--seed S] [--hcl PATH] [--jobs J]
                      [--keep DIR] [--timeout SECONDS] [--verbose]

Generation is deterministic: program I of seed S is the same on every run, so
a failure is reproduced by `--seed S` and its saved file.  The lit test runs a
small number; run any number on demand, e.g.

  python3 random_schedules.py --count 1000 --seed 7 --hcl build/bin/hcl
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter

# ---------------------------------------------------------------------------
# Element types
# ---------------------------------------------------------------------------

INT_OPS = ["addi", "subi", "muli", "xori", "maxsi", "minsi"]
FLOAT_OPS = ["addf", "subf", "mulf", "maximumf"]
DTYPES = ["i32", "i64", "f32", "f64"]
SPATIAL_NAMES = ["i", "j", "k", "l"]


def is_float(dtype):
    return dtype.startswith("f")


def add_op(dtype):
    return "arith.addf" if is_float(dtype) else "arith.addi"


def mul_op(dtype):
    return "arith.mulf" if is_float(dtype) else "arith.muli"


def random_op(rng, dtype):
    return "arith." + rng.choice(FLOAT_OPS if is_float(dtype) else INT_OPS)


def random_constant(rng, dtype):
    if is_float(dtype):
        return rng.choice(["0.5", "1.5", "-2.0", "3.25", "0.75"])
    return str(rng.choice([-3, -1, 2, 3, 5, 7]))


def random_trip(rng, low=1):
    """A trip count from `low` to 12; primes and small counts come up often."""
    choices = [n for n in list(range(1, 13)) + [2, 3, 5, 7, 11] if n >= low]
    return rng.choice(choices)


def memref_type(shape, dtype):
    return "memref<" + "x".join(str(n) for n in shape) + "x" + dtype + ">"


# ---------------------------------------------------------------------------
# The algorithm: buffers, loops, stages
# ---------------------------------------------------------------------------


class Buffer:
    """A memref: a function argument or a `memref.alloc`."""

    def __init__(self, name, shape, kind):
        self.name = name
        self.shape = list(shape)
        self.kind = kind  # "arg" or "alloc"
        self.returned = False


class Loop:
    """One affine.for. `dep` names how its bounds use the enclosing loop:
    None (constant bounds), "ub" (upper bound parent + c) or "lb" (lower bound
    parent). `extent` is one past the largest index value it takes."""

    def __init__(self, name, lo, hi, step=1, red=False, parent=None, dep=None, c=0):
        self.name, self.lo, self.hi, self.step = name, lo, hi, step
        self.red, self.parent, self.dep, self.c = red, parent, dep, c
        if dep == "ub":
            self.extent = parent.extent + c - 1
        else:
            self.extent = hi

    @property
    def trip(self):
        """The trip count (for a bound that depends on the parent: the largest)."""
        if self.dep == "ub":
            return self.extent - self.lo
        return max(0, -(-(self.hi - self.lo) // self.step))

    @property
    def rectangular(self):
        return self.dep is None

    def header(self):
        name = "%" + self.name
        if self.dep == "ub":
            return (f"affine.for {name} = {self.lo} to "
                    f"affine_map<(d0) -> (d0 + {self.c})>(%{self.parent.name})")
        if self.dep == "lb":
            return (f"affine.for {name} = affine_map<(d0) -> (d0)>"
                    f"(%{self.parent.name}) to {self.hi}")
        step = f" step {self.step}" if self.step != 1 else ""
        return f"affine.for {name} = {self.lo} to {self.hi}{step}"


class Stage:
    """A loop nest: `loops` outermost first, `body` the statements of the
    innermost loop (with `{v}` for a fresh value name). The nest is perfect
    unless `pre` holds statements that open the body of loop `pre_depth`,
    before the loop inside it (the initialization of a reduction)."""

    def __init__(self, name, kind, loops, out, reads, body, plain_store,
                 pre=(), pre_depth=None):
        self.name, self.kind, self.loops = name, kind, loops
        self.out, self.reads, self.body = out, reads, body
        # out[...] is stored at plain loop variables (buffer_at can apply).
        self.plain_store = plain_store
        self.inplace = out in reads
        self.pre, self.pre_depth = list(pre), pre_depth


class Kernel:
    def __init__(self, dtype):
        self.dtype = dtype
        self.buffers = []
        self.stages = []
        self.constants = {}

    def new_buffer(self, shape, kind):
        prefix = "in" if kind == "arg" else "buf"
        name = f"{prefix}{len(self.buffers)}"
        buf = Buffer(name, shape, kind)
        self.buffers.append(buf)
        return buf

    def stage_name(self):
        return f"s{len(self.stages)}"

    def constant(self, literal):
        if literal not in self.constants:
            self.constants[literal] = f"%c{len(self.constants)}"
        return self.constants[literal]

    def args(self):
        return [b for b in self.buffers if b.kind == "arg"]

    def results(self):
        return [b for b in self.buffers if b.kind == "alloc" and b.returned]


def index_expr(var, offset):
    if offset == 0:
        return "%" + var
    sign = "+" if offset > 0 else "-"
    return f"%{var} {sign} {abs(offset)}"


def access(buf, indices, dtype):
    return f"%{buf.name}[{', '.join(indices)}] : {memref_type(buf.shape, dtype)}"


def output_buffer(rng, kernel, loops, alloc_ok, shape=None):
    """An argument or (for a nest that writes every element) an alloc."""
    if shape is None:
        shape = [lp.extent for lp in loops]
    kind = "alloc" if alloc_ok and rng.random() < 0.65 else "arg"
    return kernel.new_buffer(shape, kind)


def fully_covers(loops):
    return all(lp.rectangular and lp.lo == 0 and lp.step == 1 for lp in loops)


def spatial_loops(rng, depth, extents=None, allow_shapes=True):
    """`depth` loops i, j, ...; sometimes strided, offset or triangular."""
    loops = []
    for t in range(depth):
        name = SPATIAL_NAMES[t]
        if extents is not None:
            loops.append(Loop(name, 0, extents[t]))
            continue
        parent = loops[-1] if loops else None
        roll = rng.random()
        if allow_shapes and parent is not None and roll < 0.12:
            loops.append(Loop(name, 0, 0, parent=parent, dep="ub", c=rng.randint(1, 3)))
        elif allow_shapes and parent is not None and roll < 0.18:
            loops.append(Loop(name, 0, parent.extent + rng.randint(0, 3),
                              parent=parent, dep="lb"))
        elif allow_shapes and roll < 0.26:
            lo, step = rng.randint(0, 2), rng.randint(1, 3)
            loops.append(Loop(name, lo, lo + random_trip(rng) * step - rng.randint(0, step - 1),
                              step=step))
        else:
            loops.append(Loop(name, 0, random_trip(rng)))
    return loops


def gen_map(rng, kernel, src):
    """out[i, j, ...] = op(in[perm(i, j, ...)], operand): elementwise."""
    dtype = kernel.dtype
    if src is not None:
        depth = len(src.shape)
        perm = list(range(depth))
        if rng.random() < 0.3:
            rng.shuffle(perm)
        # input dim q is indexed by loop perm[q]
        extents = [0] * depth
        for q, t in enumerate(perm):
            extents[t] = src.shape[q]
        loops = spatial_loops(rng, depth, extents)
        inp = src
    else:
        depth = rng.randint(1, 4)
        loops = spatial_loops(rng, depth)
        perm = list(range(depth))
        if fully_covers(loops) and rng.random() < 0.3:
            rng.shuffle(perm)
        inp = kernel.new_buffer([loops[t].extent for t in perm], "arg")
    in_idx = ["%" + loops[t].name for t in perm]
    out_idx = ["%" + lp.name for lp in loops]
    if src is None and perm == sorted(perm) and rng.random() < 0.2:
        out = inp  # in place: A[i, j] = op(A[i, j], c)
    else:
        out = output_buffer(rng, kernel, loops, fully_covers(loops))
    body = [f"{{v0}} = affine.load {access(inp, in_idx, dtype)}"]
    if rng.random() < 0.4:
        other = kernel.new_buffer(inp.shape, "arg")
        body.append(f"{{v1}} = affine.load {access(other, in_idx, dtype)}")
        reads = [inp, other]
    else:
        body.append(f"{{v1}} = arith.constant {random_constant(rng, dtype)} : {dtype}")
        reads = [inp]
    body.append(f"{{v2}} = {random_op(rng, dtype)} {{v0}}, {{v1}} : {dtype}")
    body.append(f"affine.store {{v2}}, {access(out, out_idx, dtype)}")
    return Stage(kernel.stage_name(), "map", loops, out, reads, body, plain_store=True)


def stencil_offsets(rng, shape, reads, inplace):
    """Offsets per read and dimension whose spread fits each dimension."""
    offsets = [[rng.randint(-2, 2) for _ in shape] for _ in range(reads)]
    if inplace and all(o == 0 for row in offsets for o in row):
        offsets[0][rng.randrange(len(shape))] = rng.choice([-1, 1])
    for d, n in enumerate(shape):
        while True:
            column = [row[d] for row in offsets] + [0]
            if max(column) - min(column) <= n - 1:
                break
            row = rng.choice([r for r in offsets if r[d] != 0])
            row[d] = 0
    return offsets


def gen_stencil(rng, kernel, src):
    """out[i - lo, ...] = sum of in[i + a, j + b] over constant offsets."""
    dtype = kernel.dtype
    if src is not None and len(src.shape) <= 3:
        inp, shape = src, src.shape
    else:
        shape = [random_trip(rng, low=3) for _ in range(rng.randint(1, 3))]
        inp = kernel.new_buffer(shape, "arg")
    inplace = inp.kind == "arg" and rng.random() < 0.35
    offsets = stencil_offsets(rng, shape, rng.randint(1, 3), inplace)
    loops = []
    for d, n in enumerate(shape):
        column = [row[d] for row in offsets] + [0]
        loops.append(Loop(SPATIAL_NAMES[d], -min(column), n - max(column)))
    body, values = [], []
    for r, row in enumerate(offsets):
        idx = [index_expr(lp.name, o) for lp, o in zip(loops, row)]
        body.append(f"{{v{r}}} = affine.load {access(inp, idx, dtype)}")
        values.append(f"{{v{r}}}")
    acc = values[0]
    for r, value in enumerate(values[1:] + [kernel.constant(random_constant(rng, dtype))]):
        body.append(f"{{w{r}}} = {rng.choice([add_op(dtype), random_op(rng, dtype)])} "
                    f"{acc}, {value} : {dtype}")
        acc = f"{{w{r}}}"
    if inplace:
        out = inp
        out_idx = ["%" + lp.name for lp in loops]
    else:
        out = output_buffer(rng, kernel, loops, True, [lp.hi - lp.lo for lp in loops])
        out_idx = [index_expr(lp.name, -lp.lo) for lp in loops]
    body.append(f"affine.store {acc}, {access(out, out_idx, dtype)}")
    return Stage(kernel.stage_name(), "stencil", loops, out, [inp], body, plain_store=inplace)


def gen_fill(rng, kernel, out):
    """A stage that sets every element of `out` to a constant: it starts a
    reduction into an alloc."""
    loops = spatial_loops(rng, len(out.shape), out.shape)
    idx = ["%" + lp.name for lp in loops]
    value = "0.0" if is_float(kernel.dtype) else "0"
    if rng.random() < 0.3:
        value = random_constant(rng, kernel.dtype)
    body = [f"affine.store {kernel.constant(value)}, {access(out, idx, kernel.dtype)}"]
    kernel.stages.append(Stage(kernel.stage_name(), "fill", loops, out, [], body,
                               plain_store=True))


def gen_reduction(rng, kernel, src, room=1):
    """out[s...] += in1[s..., r] (* in2[r, s_last]) over the reduction loop r;
    `out` is an argument, an alloc that a fill stage before the reduction
    initializes (with room for two stages), or an alloc set to zero in the
    loop around r (an imperfect nest)."""
    dtype = kernel.dtype
    if src is not None and len(src.shape) <= 4:
        spatial = spatial_loops(rng, len(src.shape) - 1, src.shape[:-1])
        red_trip = src.shape[-1]
    else:
        spatial = spatial_loops(rng, rng.randint(0, 3), allow_shapes=False)
        red_trip = random_trip(rng)
    pos = len(spatial) if rng.random() < 0.7 else rng.randint(0, len(spatial))
    parent = spatial[pos - 1] if pos > 0 else None
    if src is None and parent is not None and rng.random() < 0.25:
        red = Loop("r", 0, 0, red=True, parent=parent, dep="ub", c=rng.randint(1, 3))
    else:
        lo, step = 0, 1
        if rng.random() < 0.15:  # an offset or strided reduction loop
            lo, step = rng.randint(0, 2), rng.randint(1, 2)
        hi = red_trip if src is not None else lo + red_trip
        red = Loop("r", min(lo, hi - 1), hi, step=step, red=True)
    loops = spatial[:pos] + [red] + spatial[pos:]
    s_idx = ["%" + lp.name for lp in spatial]
    inp = src if src is not None else kernel.new_buffer(
        [lp.extent for lp in spatial] + [red.extent], "arg")
    out_idx = s_idx or ["0"]
    pre, pre_depth = [], None
    roll = rng.random()
    if room >= 2 and roll < 0.3:
        out = kernel.new_buffer([lp.extent for lp in spatial] or [1], "alloc")
        gen_fill(rng, kernel, out)
    elif spatial and pos == len(spatial) and roll < 0.55:
        # C[i, j] = 0 in the loop around r: an imperfect nest
        out = kernel.new_buffer([lp.extent for lp in spatial], "alloc")
        zero = kernel.constant("0.0" if is_float(dtype) else "0")
        pre, pre_depth = [f"affine.store {zero}, {access(out, out_idx, dtype)}"], pos - 1
    else:
        out = kernel.new_buffer([lp.extent for lp in spatial] or [1], "arg")
    body = [f"{{v0}} = affine.load {access(inp, s_idx + ['%r'], dtype)}"]
    reads = [inp, out]
    if spatial and rng.random() < 0.5:
        other = kernel.new_buffer([red.extent, spatial[-1].extent], "arg")
        body.append(f"{{v1}} = affine.load {access(other, ['%r', s_idx[-1]], dtype)}")
        body.append(f"{{v2}} = {mul_op(dtype)} {{v0}}, {{v1}} : {dtype}")
        reads.append(other)
        term = "{v2}"
    else:
        term = "{v0}"
    body.append(f"{{a0}} = affine.load {access(out, out_idx, dtype)}")
    body.append(f"{{a1}} = {add_op(dtype)} {term}, {{a0}} : {dtype}")
    body.append(f"affine.store {{a1}}, {access(out, out_idx, dtype)}")
    return Stage(kernel.stage_name(), "reduction", loops, out, reads, body,
                 plain_store=bool(spatial), pre=pre, pre_depth=pre_depth)


def gen_kernel(rng):
    kernel = Kernel(rng.choice(DTYPES))
    stages = rng.choice([1, 1, 2, 2, 2, 3, 3])
    while len(kernel.stages) < stages:
        src = None
        outputs = [st.out for st in kernel.stages]
        if outputs and rng.random() < 0.75:
            src = rng.choice(outputs)
        kind = rng.choices(["map", "stencil", "reduction"], [4, 3, 3])[0]
        if kind == "reduction":
            stage = gen_reduction(rng, kernel, src, stages - len(kernel.stages))
        else:
            stage = {"map": gen_map, "stencil": gen_stencil}[kind](rng, kernel, src)
        kernel.stages.append(stage)
    for buf in kernel.buffers:
        if buf.kind == "alloc":
            read_later = any(buf in st.reads and st.out is not buf for st in kernel.stages)
            buf.returned = not read_later or rng.random() < 0.3
    return kernel


# ---------------------------------------------------------------------------
# The schedule: a model of each stage's loop nest, updated by each primitive
# ---------------------------------------------------------------------------


class LoopModel:
    """A loop of the current nest: name, trip count (largest), whether it is
    the reduction loop, and the names of the loops its bounds use."""

    def __init__(self, name, trip, red=False, deps=()):
        self.name, self.trip, self.red, self.deps = name, trip, red, set(deps)


class StageModel:
    def __init__(self, stage):
        self.stage = stage
        self.name = stage.name
        self.loops = [LoopModel(lp.name, lp.trip, lp.red,
                                [lp.parent.name] if lp.dep else [])
                      for lp in stage.loops]
        self.state = "perfect"  # "perfect", "imperfect" (mostly annotate), "gone"
        self.reshaped = False   # a primitive changed the loop structure

    def names(self):
        return [lp.name for lp in self.loops]

    def index(self, name):
        return self.names().index(name)

    def rename_deps(self, old, new_names):
        for lp in self.loops:
            if old in lp.deps:
                lp.deps.discard(old)
                lp.deps.update(new_names)


def pick_factor(rng, trip):
    """Mostly legal factors; sometimes 1, the trip count, or more than it."""
    roll = rng.random()
    divisors = [f for f in range(2, trip) if trip % f == 0]
    if roll < 0.35 and divisors:
        return rng.choice(divisors)
    if roll < 0.72 and trip >= 2:
        return rng.randint(2, trip)
    if roll < 0.82:
        return 1
    if roll < 0.92:
        return max(trip, 1)
    return trip + rng.randint(1, 4)


class Schedule:
    """Builds the schedule ops; `lines` are (primitive, text) pairs."""

    def __init__(self, rng, kernel):
        self.rng = rng
        self.kernel = kernel
        self.models = [StageModel(st) for st in kernel.stages]
        self.lines = []
        self.handles = {}  # (stage, loop) -> SSA name of a result handle
        self.count = 0

    def fresh(self, prefix="h"):
        self.count += 1
        return f"%{prefix}{self.count}"

    def loop_handle(self, model, name):
        """A handle for loop `name`: a result of an earlier primitive or a new
        create_loop_handle (with or without its stage)."""
        key = (model.name, name)
        if key in self.handles and self.rng.random() < 0.6:
            return self.handles[key]
        handle = self.fresh()
        stage = f"%{model.name}, " if self.rng.random() < 0.5 else ""
        self.lines.append(("handle", f'{handle} = hcl.create_loop_handle {stage}"{name}" '
                                     f": !hcl.LoopHandle"))
        return handle

    def results(self, model, names):
        out = []
        for name in names:
            handle = self.fresh()
            self.handles[(model.name, name)] = handle
            out.append(handle)
        return ", ".join(out)

    def emit(self, prim, text):
        self.lines.append((prim, text))

    # -- primitives -------------------------------------------------------

    def split(self, m):
        lp = self.rng.choice(m.loops)
        factor = pick_factor(self.rng, lp.trip)
        handle = self.loop_handle(m, lp.name)
        outer, inner = lp.name + ".outer", lp.name + ".inner"
        res = self.results(m, [outer, inner])
        self.emit("split", f"{res} = hcl.split(%{m.name}, {handle}, {factor})")
        if factor > lp.trip:
            return False
        tail = {outer} if lp.trip % factor else set()
        pos = m.index(lp.name)
        m.loops[pos:pos + 1] = [
            LoopModel(outer, -(-lp.trip // factor), lp.red, lp.deps),
            LoopModel(inner, min(factor, lp.trip), lp.red, lp.deps | tail)]
        m.rename_deps(lp.name, [outer, inner])
        m.reshaped = True
        return True

    def tile(self, m):
        if len(m.loops) < 2:
            return self.split(m)
        pos = self.rng.randrange(len(m.loops) - 1)
        x, y = m.loops[pos], m.loops[pos + 1]
        fx, fy = pick_factor(self.rng, x.trip), pick_factor(self.rng, y.trip)
        hx, hy = self.loop_handle(m, x.name), self.loop_handle(m, y.name)
        names = [x.name + ".outer", x.name + ".inner", y.name + ".outer", y.name + ".inner"]
        res = self.results(m, names)
        self.emit("tile", f"{res} = hcl.tile(%{m.name}, {hx}, {hy}, {fx}, {fy})")
        if fx > x.trip or fy > y.trip:
            return False
        xo = LoopModel(names[0], -(-x.trip // fx), x.red, x.deps)
        x_tail = {names[0]} if x.trip % fx else set()
        xi = LoopModel(names[1], min(fx, x.trip), x.red, x.deps | x_tail)
        ydeps = set(y.deps)
        if x.name in ydeps:
            ydeps = (ydeps - {x.name}) | {names[0], names[1]}
        yo = LoopModel(names[2], -(-y.trip // fy), y.red, ydeps)
        y_tail = {names[2]} if y.trip % fy else set()
        yi = LoopModel(names[3], min(fy, y.trip), y.red, ydeps | y_tail)
        m.loops[pos:pos + 2] = [xo, yo, xi, yi]
        m.rename_deps(x.name, names[:2])
        m.rename_deps(y.name, names[2:])
        m.reshaped = True
        return True

    def reorder(self, m):
        if len(m.loops) < 2:
            return self.unroll(m)
        size = self.rng.randint(2, len(m.loops))
        positions = sorted(self.rng.sample(range(len(m.loops)), size))
        chosen = [m.loops[p] for p in positions]
        order = chosen[:]
        for _ in range(8):  # prefer an order that keeps bounds legal
            self.rng.shuffle(order)
            trial = m.loops[:]
            for p, lp in zip(positions, order):
                trial[p] = lp
            seen, ok = set(), True
            for lp in trial:
                ok = ok and lp.deps <= seen
                seen.add(lp.name)
            if ok and order != chosen and self.rng.random() < 0.9:
                break
        handles = [self.loop_handle(m, lp.name) for lp in order]
        self.emit("reorder", f"hcl.reorder(%{m.name}, {', '.join(handles)})")
        for p, lp in zip(positions, order):
            m.loops[p] = lp
        m.reshaped = True
        return True

    def fuse(self, m):
        if len(m.loops) < 2:
            return self.pipeline(m)
        size = self.rng.randint(2, min(3, len(m.loops)))
        pos = self.rng.randrange(len(m.loops) - size + 1)
        run = m.loops[pos:pos + size]
        names = [lp.name for lp in run]
        handles = [self.loop_handle(m, n) for n in names]
        fused = ".".join(names) + ".fused"
        res = self.results(m, [fused])
        self.emit("fuse", f"{res} = hcl.fuse(%{m.name}, {', '.join(handles)})")
        trip = 1
        for lp in run:
            trip *= lp.trip
        deps = set().union(*(lp.deps for lp in run)) - set(names)
        m.loops[pos:pos + size] = [LoopModel(fused, trip, any(lp.red for lp in run), deps)]
        for n in names:
            m.rename_deps(n, [fused])
        m.reshaped = True
        return True

    def unroll(self, m):
        lp = self.rng.choice(m.loops)
        factor = self.rng.choice(["", "", ", 0", ", 2", ", 4", f", {self.rng.randint(1, 8)}"])
        self.emit("unroll", f"hcl.unroll(%{m.name}, {self.loop_handle(m, lp.name)}{factor})")
        return True

    def pipeline(self, m):
        lp = self.rng.choice(m.loops)
        ii = self.rng.choice(["", ", 1", ", 1", ", 2", ", 3"])
        self.emit("pipeline", f"hcl.pipeline(%{m.name}, {self.loop_handle(m, lp.name)}{ii})")
        return True

    def parallel(self, m):
        candidates = [lp for lp in m.loops if not lp.red]
        if not candidates or self.rng.random() < 0.15:
            candidates = m.loops  # sometimes a reduction loop: illegal
        lp = self.rng.choice(candidates)
        self.emit("parallel", f"hcl.parallel(%{m.name}, {self.loop_handle(m, lp.name)})")
        return True

    def compute_at(self, consumer):
        producers = [m for m in self.models[:self.models.index(consumer)]
                     if m.state != "gone" and m.stage.out in consumer.stage.reads]
        if not producers or consumer.state == "gone":
            return self.pipeline(consumer)
        producer = self.rng.choice(producers)
        if self.rng.random() < 0.15:  # the wrong direction: illegal
            lp = self.rng.choice(producer.loops)
            axis = self.loop_handle(producer, lp.name)
            self.emit("compute_at", f"hcl.compute_at(%{consumer.name}, %{producer.name}, {axis})")
            return False
        depth = min(int(self.rng.expovariate(1.0)), len(consumer.loops) - 1)
        axis = self.loop_handle(consumer, consumer.loops[depth].name)
        self.emit("compute_at", f"hcl.compute_at(%{producer.name}, %{consumer.name}, {axis})")
        producer.state = "gone"
        consumer.state = "imperfect"
        # The producer's loops copied into the consumer are named
        # "<producer>.<loop>", but a loop handle cannot name them (the
        # verifier of create_loop_handle rejects the name), so they are left
        # alone.
        return True

    def buffer_at(self, m):
        stage = m.stage
        if m.reshaped or m.state != "perfect" or not stage.plain_store:
            return self.pipeline(m)
        # the output's dimensions are indexed by the spatial loops, in order
        spatial = [lp for lp in stage.loops if not lp.red]
        choices = [t for t, lp in enumerate(stage.loops)
                   if not lp.red and any(s is not lp and stage.loops.index(s) > t for s in spatial)]
        if not choices:
            return self.pipeline(m)
        t = self.rng.choice(choices)
        inner = [s for s in spatial if stage.loops.index(s) > t]
        dims = [stage.out.shape[spatial.index(s)] for s in inner]
        if len(stage.out.shape) != len(spatial):
            return self.pipeline(m)
        dtype = self.kernel.dtype
        axis = self.loop_handle(m, stage.loops[t].name)
        self.emit("buffer_at",
                  f"{self.fresh('bufat')} = hcl.buffer_at(%{m.name}, %{stage.out.name}: "
                  f"{memref_type(stage.out.shape, dtype)}, {axis}) -> {memref_type(dims, dtype)}")
        m.state = "imperfect"
        return True

    def generate(self):
        prims = ["split", "tile", "reorder", "fuse", "unroll", "pipeline", "parallel",
                 "compute_at", "buffer_at"]
        weights = [3, 2, 2.5, 2, 1, 1, 1.5, 1.5, 1]
        for _ in range(self.rng.randint(1, 5)):
            live = [m for m in self.models if m.state != "gone"]
            m = self.rng.choice(live)
            prim = self.rng.choices(prims, weights)[0]
            annotation = prim in ("unroll", "pipeline", "parallel")
            if m.state == "imperfect" and not annotation and self.rng.random() < 0.75:
                prim = self.rng.choice(["unroll", "pipeline", "parallel"])
            if not getattr(self, prim)(m):
                break  # the primitive will be rejected: nothing after it runs


# ---------------------------------------------------------------------------
# Printing a program
# ---------------------------------------------------------------------------


def stage_lines(stage, counter):
    """The loop nest of one stage, with fresh value names."""
    lines = []
    for depth, lp in enumerate(stage.loops):
        lines.append("  " * (depth + 1) + lp.header() + " {")
        if depth == stage.pre_depth:
            lines.extend("  " * (depth + 2) + stmt for stmt in stage.pre)
    names = {}

    def value(match):
        key = match.group(1)
        if key not in names:
            counter[0] += 1
            names[key] = f"%x{counter[0]}"
        return names[key]

    indent = "  " * (len(stage.loops) + 1)
    for stmt in stage.body:
        lines.append(indent + re.sub(r"\{(\w+)\}", value, stmt))
    for depth in reversed(range(len(stage.loops))):
        lp = stage.loops[depth]
        attrs = f'loop_name = "{lp.name}"'
        if lp.red:
            attrs += ", reduction = 1 : i32"
        if depth == 0:
            attrs += f', stage_name = "{stage.name}"'
        lines.append("  " * (depth + 1) + "} {" + attrs + "}")
    return lines


def print_program(kernel, schedule, header):
    """The program text and the set of line numbers holding schedule ops."""
    dtype = kernel.dtype
    args = ", ".join(f"%{b.name}: {memref_type(b.shape, dtype)}" for b in kernel.args())
    results = kernel.results()
    ret = ""
    if results:
        ret = " -> (" + ", ".join(memref_type(b.shape, dtype) for b in results) + ")"
    lines = list(header)
    lines.append(f"func.func @kernel({args}){ret} {{")
    sched_lines = set()
    for st in kernel.stages:
        lines.append(f'  %{st.name} = hcl.create_stage_handle "{st.name}" : !hcl.StageHandle')
        sched_lines.add(len(lines))
    counter = [0]
    bodies = [stage_lines(st, counter) for st in kernel.stages]
    for literal, name in kernel.constants.items():
        lines.append(f"  {name} = arith.constant {literal} : {dtype}")
    for b in kernel.buffers:
        if b.kind == "alloc":
            lines.append(f'  %{b.name} = memref.alloc() {{name = "{b.name}"}} : '
                         f"{memref_type(b.shape, dtype)}")
    for body in bodies:
        lines.extend(body)
    for _, text in schedule.lines:
        lines.append("  " + text)
        sched_lines.add(len(lines))
    if results:
        lines.append("  return " + ", ".join("%" + b.name for b in results) + " : "
                     + ", ".join(memref_type(b.shape, dtype) for b in results))
    else:
        lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n", sched_lines


class Program:
    def __init__(self, seed, index):
        self.name = f"prog-s{seed}-{index}"
        rng = random.Random(f"{seed}:{index}")
        self.kernel = gen_kernel(rng)
        self.schedule = Schedule(rng, self.kernel)
        self.schedule.generate()
        header = [f"// {self.name}: random kernel and schedule (random_schedules.py "
                  f"--seed {seed}, program {index})",
                  "// hcl check THIS_FILE --entry kernel --seeds 2"]
        self.text, self.sched_lines = print_program(self.kernel, self.schedule, header)
        # line number -> primitive ("handle" for create_loop_handle)
        op_lines = sorted(self.sched_lines)[len(self.kernel.stages):]
        self.prim_at = {n: prim for (prim, _), n in zip(self.schedule.lines, op_lines)}

    def primitives(self):
        return [prim for prim, _ in self.schedule.lines if prim != "handle"]


# ---------------------------------------------------------------------------
# Running and classifying
# ---------------------------------------------------------------------------

CRASH_MARKERS = ["Stack dump", "PLEASE submit a bug report", "Assertion", "LLVM ERROR",
                 "Segmentation fault", "UNREACHABLE", "terminate called", "Aborted"]
LOCATED_ERROR = re.compile(r"^(\S+?):(\d+):(\d+): error: (.*)$")
# parser errors on a schedule line: the schedule's syntax is this script's bug
PARSE_ERROR_WORDS = ("expected", "redefinition", "custom op", "use of undeclared", "undefined",
                     "unknown", "invalid")


class Result:
    def __init__(self, program, status, detail="", output="", seconds=0.0, rejected_prim=None):
        self.program, self.status, self.detail = program, status, detail
        self.output, self.seconds, self.rejected_prim = output, seconds, rejected_prim


def run_hcl(hcl, path, timeout):
    """`hcl check` on one file; retries a few times if the binary is missing
    (someone may be rebuilding it)."""
    cmd = [hcl, "check", path, "--entry", "kernel", "--seeds", "2"]
    for _ in range(30):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except OSError:
            time.sleep(2)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def classify(program, rc, output):
    """(status, detail, rejected primitive) from an exit status and output."""
    if any(marker in output for marker in CRASH_MARKERS):
        return "CRASH", "crash marker in the output", None
    if rc < 0:
        return "CRASH", f"killed by signal {-rc}", None
    if "hcl check: MISMATCH" in output:
        return "MISMATCH", next(l for l in output.splitlines() if "MISMATCH" in l), None
    if rc not in (0, 1):
        return "CRASH", f"exit status {rc}", None
    error_lines = [l for l in output.splitlines() if "error:" in l]
    located = [LOCATED_ERROR.match(l) for l in error_lines]
    if any(m is None for m in located):
        return "CRASH", "an error without a location: " + error_lines[located.index(None)], None
    if rc == 0:
        if "hcl check: OK" in output and not error_lines:
            return "OK", "", None
        return "CRASH", "exit status 0 without `hcl check: OK`", None
    if not located:
        return "CRASH", "exit status 1 without an error", None
    first = located[0]
    line, message = int(first.group(2)), first.group(4)
    if line not in program.sched_lines:
        # An error in the algorithm: either it never parsed (this script's
        # bug) or the schedule left invalid IR (the compiler's).
        return "ALGORITHM-ERROR", f"line {line}: {message}", None
    if message.startswith(PARSE_ERROR_WORDS) or "names no loop" in message \
            or "names no stage" in message:
        return "GENERATOR-ERROR", f"line {line}: {message}", None
    return "REJECTED", message, program.prim_at.get(line, "handle")


def check_program(program, hcl, workdir, timeout):
    path = os.path.join(workdir, program.name + ".mlir")
    with open(path, "w") as f:
        f.write(program.text)
    start = time.monotonic()
    try:
        proc = run_hcl(hcl, path, timeout)
    except subprocess.TimeoutExpired:
        return Result(program, "TIMEOUT", f"over {timeout} s", "", time.monotonic() - start)
    output = proc.stdout + proc.stderr
    status, detail, prim = classify(program, proc.returncode, output)
    if status == "ALGORITHM-ERROR":
        status = "CRASH" if algorithm_is_valid(program, hcl, path, timeout) else "GENERATOR-ERROR"
        if status == "CRASH":
            detail = "invalid IR after the schedule: " + detail
    return Result(program, status, detail, output, time.monotonic() - start, prim)


def algorithm_is_valid(program, hcl, path, timeout):
    """Whether the program without its schedule ops passes `hcl check`."""
    lines = program.text.splitlines()
    kept = [l for n, l in enumerate(lines, 1) if n not in program.sched_lines]
    bare = path[:-len(".mlir")] + ".bare.mlir"
    with open(bare, "w") as f:
        f.write("\n".join(kept) + "\n")
    try:
        proc = run_hcl(hcl, bare, timeout)
    except subprocess.TimeoutExpired:
        return False
    return proc.returncode == 0 and "hcl check: OK" in proc.stdout


# ---------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------

FAILURES = ("MISMATCH", "CRASH", "TIMEOUT", "GENERATOR-ERROR")


def primitive_counts(results):
    """applied / rejected per primitive: in an OK program every primitive
    applied; in a rejected one those before the failing one applied."""
    applied, rejected = Counter(), Counter()
    for r in results:
        if r.status == "OK":
            applied.update(r.program.primitives())
        elif r.status == "REJECTED":
            errors = filter(None, map(LOCATED_ERROR.match, r.output.splitlines()))
            line = int(next(errors).group(2))
            for n in sorted(r.program.prim_at):
                if n >= line:
                    break
                if r.program.prim_at[n] != "handle":
                    applied[r.program.prim_at[n]] += 1
            rejected[r.rejected_prim] += 1
    return applied, rejected


def keep_failures(results, keep):
    failing = [r for r in results if r.status in FAILURES]
    if not failing:
        return None
    keep = keep or tempfile.mkdtemp(prefix="hcl-random-schedules-")
    os.makedirs(keep, exist_ok=True)
    for r in failing:
        base = os.path.join(keep, r.program.name)
        with open(base + ".mlir", "w") as f:
            f.write(r.program.text)
        with open(base + ".log", "w") as f:
            f.write(f"{r.status}: {r.detail}\n{r.output}")
    return keep


def summarize(results, keep):
    counts = Counter(r.status for r in results)
    print(f"random schedules: {len(results)} programs: "
          f"{counts['OK']} applied and matched, {counts['REJECTED']} rejected with an error, "
          f"{counts['MISMATCH']} mismatches, {counts['CRASH']} crashes, "
          f"{counts['TIMEOUT']} timeouts, {counts['GENERATOR-ERROR']} generator errors")
    applied, rejected = primitive_counts(results)
    names = sorted(set(applied) | set(rejected))
    print("primitives (applied/rejected): "
          + ", ".join(f"{n} {applied[n]}/{rejected[n]}" for n in names))
    for r in results:
        if r.status in FAILURES:
            print(f"FAIL {r.status} {r.program.name}: {r.detail}")
    kept = keep_failures(results, keep)
    if kept:
        print(f"failing programs saved in {kept}")
    return 1 if kept else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=20, help="programs to generate")
    parser.add_argument("--seed", type=int, default=0, help="generation seed")
    parser.add_argument("--hcl", default="hcl", help="the hcl binary (default: from PATH)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel hcl processes")
    parser.add_argument("--keep", help="directory for failing programs (default: a temp dir)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per program")
    parser.add_argument("--verbose", action="store_true", help="one line per program")
    args = parser.parse_args(argv)

    hcl = shutil.which(args.hcl) or args.hcl
    programs = [Program(args.seed, i) for i in range(args.count)]
    workdir = tempfile.mkdtemp(prefix="hcl-random-work-")
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(
                lambda p: check_program(p, hcl, workdir, args.timeout), programs))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if args.verbose:
        for r in results:
            prims = " ".join(r.program.primitives())
            print(f"{r.status:15} {r.program.name:18} {r.seconds:5.2f}s [{prims}] {r.detail}")
    return summarize(results, args.keep)


if __name__ == "__main__":
    sys.exit(main())
