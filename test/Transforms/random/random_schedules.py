#!/usr/bin/env python3
"""Randomized schedule tests for hcl: random kernels, random schedules, `hcl check`.

Each program is one function, @kernel, generated from the seed:

  * an algorithm: in one program of three a fixed kernel, one of seed 000's
    benchmark kernels (bench/kernels) with smaller sizes and its schedule
    stripped: gemm (16x8x16), conv2d (update form, accumulating into an
    argument), conv2d_nchw (the sum over rc, rh, rw in a `memref.alloca`),
    five_point, blur, diag3d, or a pipeline of blur, five-point and sometimes
    a random map; its element type is the benchmark's, or in one of four a
    random one.  Otherwise a random algorithm of 1 to 3 stages (affine loop
    nests tagged with `loop_name` / `stage_name`), 1 to 4 loops deep,
    constant trip counts from 1 to 12, element type i32, i64, f32, f64, i8,
    i16, Fixed<12, 4> or UFixed<16, 6> (narrow widths: vectorize on them was
    wrong on the CPU until it was refused).  A
    stage is an elementwise map (sometimes transposed, in place, strided or
    triangular), a stencil with written-out constant offsets (bounds shrunk so
    every access is in range; sometimes in place, which makes dependences
    between iterations), a stencil in reduction form (conv2d-nchw style: 1 to
    3 spatial loops, an optional input channel `rc` and output channel `c`,
    reduction loops `ri`, `rj`, ... reading in[rc, i + ri, j + rj], sometimes
    times a weight, summed in an alloca, in an alloc zeroed in the loop around
    the reductions, or into an argument), or a reduction with a
    `reduction = 1 : i32` loop (gemm-like, sometimes triangular) accumulating
    into an argument, or into an alloc that a fill stage or a store in the
    loop around the reduction loop (an imperfect nest) sets first.  Later
    stages often read an earlier stage's output (a `memref.alloc`, returned or
    not, or an argument);
  * a schedule of 1 to 5 primitives (split, tile, reorder, fuse, unroll,
    pipeline, parallel, compute_at, buffer_at, reuse_at, partition,
    vectorize) naming
    real loops, including the loops earlier primitives made (`i.outer`,
    `i_j_fused`), with factors that divide, do not divide, are 1 or exceed the
    trip count, and sometimes an illegal request (reorder across a dependence,
    parallel on a reduction loop, compute_at in the wrong direction).
    reuse_at mostly targets a stencil's input at a loop along which its reads
    overlap, and often follows with a second reuse_at on the buffer it made
    at a loop inside (line buffer, then window buffer); sometimes any loop,
    any tensor the stage reads, the input again, or an explicit result type
    that is wrong (mostly it is `memref<*xT>`, which the engine infers).
    partition (Complete, Block or Cyclic, sometimes spelled
    "CyclicPartition") targets an argument, an alloc, or a buffer an earlier
    reuse_at / buffer_at made (named by its result, unranked when inferred),
    sometimes a tensor partitioned before; its dimension is 0 (all) to the
    rank, sometimes out of range, and its factor divides, does not, is 1,
    the size, or more.  buffer_at sometimes leaves its type to the engine.
    A schedule that drew no vectorize ends with one in two programs of five
    (so that at least a third of the programs vectorize a loop: inner, outer,
    split or fused).

Every program is run with `hcl check FILE --entry kernel --seeds 2`, which runs
it with and without its schedule on random inputs and compares the outputs.
With --threads N, `hcl check` runs the parallel loops on N OpenMP threads, and
most programs end their schedule with one more `parallel` on a loop the model
believes carries no dependence (draw_parallel), so that threads run often.
With --rtl, the element types are integers, floats and fixed point (i32, i64,
i16, f32, f64, Fixed<16, 8>, Fixed<12, 4>, UFixed<16, 6>; floats run on hcl's
float units, docs/rtl-float.md; fixed-point stages use add_fixed,
sub_fixed, mul_fixed, max_fixed and min_fixed), and `hcl check --rtl` compares
each program's SystemVerilog, simulated with Verilator, with the JIT bit for
bit; a located `rtl:` error (what has no hardware form yet, also on the
algorithm's lines) counts as REJECTED. --float draws f32 and f64 only (the
random kernels and the benchmark kernels alike): the float units' run.
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
  primitives (applied/rejected): buffer_at 5/0, compute_at 0/1, ...
  kernels (applied/rejected/failed): random 30/12/0, blur 2/1/0, ...

It prints as it goes: each failure when it happens and a progress line every
--progress programs.

Usage:

  random_schedules.py [--count N] [--seed S] [--hcl PATH] [--jobs J]
                      [--keep DIR] [--timeout SECONDS] [--verbose]
                      [--hls | --rtl] [--float] [--threads N] [--fp-contract]
                      [--progress N]

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
DTYPES = ["i32", "i64", "f32", "f64", "i8", "i16", "!hcl.Fixed<12, 4>",
          "!hcl.UFixed<16, 6>"]
# `--rtl`: the types with a hardware form: integers, f32 and f64 (the float
# units) and fixed point.
RTL_DTYPES = ["i32", "i64", "i16", "f32", "f64", "!hcl.Fixed<16, 8>",
              "!hcl.Fixed<12, 4>", "!hcl.UFixed<16, 6>"]
FIXED_OPS = ["add_fixed", "sub_fixed", "mul_fixed", "max_fixed", "min_fixed"]
RTL = False
# `--float`: f32 and f64 only, the fixed kernels too (the float units' run).
FLOAT_DTYPES = ["f32", "f64"]
FLOAT_ONLY = False


def element_types():
    if FLOAT_ONLY:
        return FLOAT_DTYPES
    return RTL_DTYPES if RTL else DTYPES
SPATIAL_NAMES = ["i", "j", "k", "l"]


def is_float(dtype):
    return dtype.startswith("f")


def is_fixed(dtype):
    return dtype.startswith("!hcl.")



def constant_op(dtype):
    return "hcl.fixed_constant" if is_fixed(dtype) else "arith.constant"


def add_op(dtype):
    if is_fixed(dtype):
        return "hcl.add_fixed"
    return "arith.addf" if is_float(dtype) else "arith.addi"


def mul_op(dtype):
    if is_fixed(dtype):
        return "hcl.mul_fixed"
    return "arith.mulf" if is_float(dtype) else "arith.muli"


def random_op(rng, dtype):
    if is_fixed(dtype):
        return "hcl." + rng.choice(FIXED_OPS)
    return "arith." + rng.choice(FLOAT_OPS if is_float(dtype) else INT_OPS)


def random_constant(rng, dtype):
    if is_float(dtype) or is_fixed(dtype):
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
                 pre=(), pre_depth=None, post=(), stencil_reads=(), reuse_loops=()):
        self.name, self.kind, self.loops = name, kind, loops
        self.out, self.reads, self.body = out, reads, body
        # out[...] is stored at plain loop variables (buffer_at can apply).
        self.plain_store = plain_store
        self.inplace = out in reads
        # `post` holds statements that close the body of loop `pre_depth`,
        # after the loop inside it (conv2d-nchw's store of its accumulator).
        self.pre, self.pre_depth, self.post = list(pre), pre_depth, list(post)
        # the buffers read at offsets of the loop variables: reuse_at targets
        self.stencil_reads = list(stencil_reads)
        # the loops along which those reads overlap (reuse_at can apply)
        self.reuse_loops = list(reuse_loops)


class Kernel:
    def __init__(self, dtype):
        self.dtype = dtype
        self.fixed = None  # the name of a fixed kernel, or None (random)
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
        body.append(f"{{v1}} = {constant_op(dtype)} {random_constant(rng, dtype)} : {dtype}")
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
    reuse = [lp.name for d, lp in enumerate(loops)
             if len({row[d] for row in offsets}) > 1]
    return Stage(kernel.stage_name(), "stencil", loops, out, [inp], body, plain_store=inplace,
                 stencil_reads=[inp], reuse_loops=reuse)


def gen_conv(rng, kernel, src):
    """A stencil in seed 000's reduction form (conv2d-nchw): out[c?, i, j] is
    the sum over reduction loops rc?, ri, rj of in[rc?, i + ri, j + rj]
    (times a weight w[c?, rc?, ri, rj]), accumulated in a `memref.alloca`
    set to zero in the loop around the reductions and stored after them
    (seed 000's form), in an alloc set to zero there, or into an argument
    (conv2d's update form)."""
    dtype = kernel.dtype
    chan = None
    if src is not None and 1 <= len(src.shape) <= 3 and max(src.shape) >= 2:
        inp, in_shape = src, list(src.shape)
        windows = [rng.randint(1, min(3, n)) for n in in_shape]
        if all(k == 1 for k in windows):
            d = max(range(len(in_shape)), key=lambda t: in_shape[t])
            windows[d] = 2
    else:
        dims = rng.choice([1, 2, 2, 2, 3])
        windows = [rng.randint(1, 3) for _ in range(dims)]
        if all(k == 1 for k in windows):
            windows[rng.randrange(dims)] = rng.randint(2, 3)
        extents = [rng.randint(1, 8 if dims < 3 else 4) for _ in range(dims)]
        chan = rng.choice([None, None, 2, 3])
        in_shape = ([chan] if chan else []) + [e + k - 1 for e, k in zip(extents, windows)]
        inp = kernel.new_buffer(in_shape, "arg")
    spatial_shape = in_shape[1:] if chan else in_shape
    ext = [n - k + 1 for n, k in zip(spatial_shape, windows)]
    weighted = rng.random() < 0.5
    out_chan = rng.choice([2, 3]) if weighted and chan and rng.random() < 0.6 else None
    spatial = ([Loop("c", 0, out_chan)] if out_chan else []) + \
        [Loop(SPATIAL_NAMES[d], 0, e) for d, e in enumerate(ext)]
    reds = ([Loop("rc", 0, chan, red=True)] if chan else []) + \
        [Loop("r" + SPATIAL_NAMES[d], 0, k, red=True) for d, k in enumerate(windows) if k > 1]
    loops = spatial + reds
    sp_idx = ["%" + lp.name for lp in spatial]
    in_idx = (["%rc"] if chan else []) + [
        f"%{SPATIAL_NAMES[d]} + %r{SPATIAL_NAMES[d]}" if k > 1 else f"%{SPATIAL_NAMES[d]}"
        for d, k in enumerate(windows)]
    body = [f"{{v0}} = affine.load {access(inp, in_idx, dtype)}"]
    reads = [inp]
    term = "{v0}"
    if weighted:
        w_idx = (["%c"] if out_chan else []) + ["%" + lp.name for lp in reds]
        w_shape = ([out_chan] if out_chan else []) + [lp.hi for lp in reds]
        wbuf = kernel.new_buffer(w_shape, "arg")
        body.append(f"{{v1}} = affine.load {access(wbuf, w_idx, dtype)}")
        body.append(f"{{v2}} = {mul_op(dtype)} {{v0}}, {{v1}} : {dtype}")
        reads.append(wbuf)
        term = "{v2}"
    out_shape = [lp.hi for lp in spatial]
    zero = kernel.constant("0.0" if is_float(dtype) else "0")
    form = rng.choices(["alloca", "init", "update"], [5, 2, 2])[0]
    pre, post, pre_depth = [], [], len(spatial) - 1
    if form == "alloca":
        out = output_buffer(rng, kernel, spatial, True, out_shape)
        acc_type = memref_type([1], dtype)
        pre = [f'{{acc}} = memref.alloca() {{name = "{kernel.stage_name()}_sum"}} : {acc_type}',
               f"affine.store {zero}, {{acc}}[0] : {acc_type}"]
        body.append(f"{{a0}} = affine.load {{acc}}[0] : {acc_type}")
        body.append(f"{{a1}} = {add_op(dtype)} {{a0}}, {term} : {dtype}")
        body.append(f"affine.store {{a1}}, {{acc}}[0] : {acc_type}")
        post = [f"{{r0}} = affine.load {{acc}}[0] : {acc_type}",
                f"affine.store {{r0}}, {access(out, sp_idx, dtype)}"]
    else:
        if form == "init":
            out = kernel.new_buffer(out_shape, "alloc")
            pre = [f"affine.store {zero}, {access(out, sp_idx, dtype)}"]
        else:
            out = kernel.new_buffer(out_shape, "arg")
            pre_depth = None
        reads.append(out)
        body.append(f"{{a0}} = affine.load {access(out, sp_idx, dtype)}")
        body.append(f"{{a1}} = {add_op(dtype)} {{a0}}, {term} : {dtype}")
        body.append(f"affine.store {{a1}}, {access(out, sp_idx, dtype)}")
    reuse = [SPATIAL_NAMES[d] for d, k in enumerate(windows) if k > 1]
    return Stage(kernel.stage_name(), "conv", loops, out, reads, body, plain_store=True,
                 pre=pre, pre_depth=pre_depth, post=post, stencil_reads=[inp],
                 reuse_loops=reuse)


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


# ---------------------------------------------------------------------------
# Fixed kernels: seed 000's benchmark kernels (bench/kernels), smaller
# ---------------------------------------------------------------------------


def nest(*spec):
    """Loops from (name, trip) or (name, trip, "red") tuples."""
    return [Loop(t[0], 0, t[1], red=len(t) > 2) for t in spec]


def fixed_gemm(rng, kernel):
    """bench/kernels/gemm.mlir: C += A B (16x8x16)."""
    dt = kernel.dtype
    a, b, c = (kernel.new_buffer(sh, "arg") for sh in ([16, 8], [8, 16], [16, 16]))
    body = [f"{{a}} = affine.load {access(a, ['%i', '%k'], dt)}",
            f"{{b}} = affine.load {access(b, ['%k', '%j'], dt)}",
            f"{{c}} = affine.load {access(c, ['%i', '%j'], dt)}",
            f"{{p}} = {mul_op(dt)} {{a}}, {{b}} : {dt}",
            f"{{s}} = {add_op(dt)} {{p}}, {{c}} : {dt}",
            f"affine.store {{s}}, {access(c, ['%i', '%j'], dt)}"]
    kernel.stages.append(Stage(kernel.stage_name(), "reduction",
                               nest(("i", 16), ("j", 16), ("k", 8, "red")),
                               c, [a, b, c], body, plain_store=True))


def conv_body(kernel, a, f, acc_load, acc_store):
    dt = kernel.dtype
    return [f"{{a}} = affine.load {access(a, ['%n', '%rc', '%h + %rh', '%w + %rw'], dt)}",
            f"{{f}} = affine.load {access(f, ['%c', '%rc', '%rh', '%rw'], dt)}",
            f"{{p}} = {mul_op(dt)} {{a}}, {{f}} : {dt}",
            f"{{old}} = affine.load {acc_load}",
            f"{{new}} = {add_op(dt)} {{old}}, {{p}} : {dt}",
            f"affine.store {{new}}, {acc_store}"]


CONV_LOOPS = (("n", 1), ("c", 4), ("h", 8), ("w", 8),
              ("rc", 4, "red"), ("rh", 3, "red"), ("rw", 3, "red"))


def fixed_conv2d(rng, kernel):
    """bench/kernels/conv2d.mlir: a 3x3 convolution accumulating into B
    (update form; 1x4x10x10 input, 4 output channels)."""
    a = kernel.new_buffer([1, 4, 10, 10], "arg")
    f = kernel.new_buffer([4, 4, 3, 3], "arg")
    b = kernel.new_buffer([1, 4, 8, 8], "arg")
    out = access(b, ["%n", "%c", "%h", "%w"], kernel.dtype)
    kernel.stages.append(Stage(kernel.stage_name(), "conv", nest(*CONV_LOOPS), b, [a, f, b],
                               conv_body(kernel, a, f, out, out), plain_store=True,
                               stencil_reads=[a], reuse_loops=["h", "w"]))


def fixed_conv2d_nchw(rng, kernel):
    """bench/kernels/conv2d_nchw.mlir: the sum over rc, rh, rw in an alloca."""
    dt = kernel.dtype
    a = kernel.new_buffer([1, 4, 10, 10], "arg")
    f = kernel.new_buffer([4, 4, 3, 3], "arg")
    b = kernel.new_buffer([1, 4, 8, 8], "alloc")
    zero = kernel.constant("0.0" if is_float(dt) else "0")
    acc = f"{{sum}}[0] : {memref_type([1], dt)}"
    pre = [f'{{sum}} = memref.alloca() {{name = "sum"}} : {memref_type([1], dt)}',
           f"affine.store {zero}, {acc}"]
    post = [f"{{r}} = affine.load {acc}",
            f"affine.store {{r}}, {access(b, ['%n', '%c', '%h', '%w'], dt)}"]
    kernel.stages.append(Stage(kernel.stage_name(), "conv", nest(*CONV_LOOPS), b, [a, f],
                               conv_body(kernel, a, f, acc, acc), plain_store=True,
                               pre=pre, pre_depth=3, post=post, stencil_reads=[a],
                               reuse_loops=["h", "w"]))


def offset_stencil(kernel, inp, out, loops, offsets):
    """out[loops] = sum of inp[loops + offset] (written-out offsets)."""
    dt = kernel.dtype
    body = []
    for r, row in enumerate(offsets):
        idx = [index_expr(lp.name, o) for lp, o in zip(loops, row)]
        body.append(f"{{v{r}}} = affine.load {access(inp, idx, dt)}")
    acc = "{v0}"
    for r in range(1, len(offsets)):
        body.append(f"{{w{r}}} = {add_op(dt)} {acc}, {{v{r}}} : {dt}")
        acc = f"{{w{r}}}"
    body.append(f"affine.store {acc}, {access(out, ['%' + lp.name for lp in loops], dt)}")
    reuse = [lp.name for d, lp in enumerate(loops) if len({row[d] for row in offsets}) > 1]
    kernel.stages.append(Stage(kernel.stage_name(), "stencil", loops, out, [inp], body,
                               plain_store=True, stencil_reads=[inp], reuse_loops=reuse))


FIVE_POINT = [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]
BLUR = [(0, 0), (0, 1), (0, 2)]
DIAG3D = [(0, 0, 0), (1, 1, 1), (2, 2, 2)]


def fixed_five_point(rng, kernel):
    """bench/kernels/five_point.mlir: 10x10 -> 8x8."""
    a = kernel.new_buffer([10, 10], "arg")
    b = kernel.new_buffer([8, 8], "alloc")
    offset_stencil(kernel, a, b, nest(("i", 8), ("j", 8)), FIVE_POINT)


def fixed_blur(rng, kernel):
    """bench/kernels/blur.mlir: 8x10 -> 8x8, offsets (0,0), (0,1), (0,2)."""
    a = kernel.new_buffer([8, 10], "arg")
    b = kernel.new_buffer([8, 8], "alloc")
    offset_stencil(kernel, a, b, nest(("i", 8), ("j", 8)), BLUR)


def fixed_diag3d(rng, kernel):
    """bench/kernels/diag3d.mlir: 10x10x10 -> 8x8x8."""
    a = kernel.new_buffer([10, 10, 10], "arg")
    b = kernel.new_buffer([8, 8, 8], "alloc")
    offset_stencil(kernel, a, b, nest(("x", 8), ("y", 8), ("z", 8)), DIAG3D)


def fixed_pipeline(rng, kernel):
    """A multi-stage pipeline of the above: blur 10x12 -> 10x10, five-point
    -> 8x8, then a random elementwise map."""
    a = kernel.new_buffer([10, 12], "arg")
    t = kernel.new_buffer([10, 10], "alloc")
    offset_stencil(kernel, a, t, nest(("i", 10), ("j", 10)), BLUR)
    b = kernel.new_buffer([8, 8], "alloc")
    offset_stencil(kernel, t, b, nest(("i", 8), ("j", 8)), FIVE_POINT)
    if rng.random() < 0.6:
        kernel.stages.append(gen_map(rng, kernel, b))


FIXED_KERNELS = {
    "gemm": ("f32", fixed_gemm),
    "conv2d": ("f32", fixed_conv2d),
    "conv2d_nchw": ("i32", fixed_conv2d_nchw),
    "five_point": ("i32", fixed_five_point),
    "blur": ("i32", fixed_blur),
    "diag3d": ("i32", fixed_diag3d),
    "pipeline": ("i32", fixed_pipeline),
}


def gen_fixed_kernel(rng, name):
    dtype, build = FIXED_KERNELS[name]
    if rng.random() < 0.25 or (FLOAT_ONLY and not is_float(dtype)):
        dtype = rng.choice(element_types())
    kernel = Kernel(dtype)
    kernel.fixed = name
    build(rng, kernel)
    set_returned(rng, kernel)
    return kernel


def set_returned(rng, kernel):
    for buf in kernel.buffers:
        if buf.kind == "alloc":
            read_later = any(buf in st.reads and st.out is not buf for st in kernel.stages)
            buf.returned = not read_later or rng.random() < 0.3


def gen_kernel(rng):
    if rng.random() < 1 / 3:
        return gen_fixed_kernel(rng, rng.choice(sorted(FIXED_KERNELS)))
    kernel = Kernel(rng.choice(element_types()))
    stages = rng.choice([1, 1, 2, 2, 2, 3, 3])
    while len(kernel.stages) < stages:
        src = None
        outputs = [st.out for st in kernel.stages]
        if outputs and rng.random() < 0.75:
            src = rng.choice(outputs)
        kind = rng.choices(["map", "stencil", "conv", "reduction"], [4, 3, 2, 3])[0]
        if kind == "reduction":
            stage = gen_reduction(rng, kernel, src, stages - len(kernel.stages))
        else:
            stage = {"map": gen_map, "stencil": gen_stencil,
                     "conv": gen_conv}[kind](rng, kernel, src)
        kernel.stages.append(stage)
    set_returned(rng, kernel)
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


def partition_factor(rng, size, kind):
    """Mostly a number of banks that works; sometimes one that does not
    divide, 1, the size (one element per bank) or more than the size."""
    roll = rng.random()
    top = size - 1 if kind == "Block" else size
    divisors = [f for f in range(2, top + 1) if size % f == 0]
    if roll < 0.6 and divisors:
        return rng.choice(divisors)
    if roll < 0.78 and size >= 2:
        return rng.randint(2, size)
    if roll < 0.86:
        return 1
    if roll < 0.93:
        return max(size, 1)
    return size + rng.randint(1, 4)


class Schedule:
    """Builds the schedule ops; `lines` are (primitive, text) pairs."""

    def __init__(self, rng, kernel):
        self.rng = rng
        self.kernel = kernel
        self.models = [StageModel(st) for st in kernel.stages]
        self.lines = []
        self.handles = {}  # (stage, loop) -> SSA name of a result handle
        self.count = 0
        # buffers reuse_at / buffer_at made: (SSA name, type, shape or None)
        self.made = []
        self.reuse = {}  # stage -> [(buffer SSA name, type, loop)] its reuse_at made
        self.partitioned = []  # (name, type, shape) partition targets so far

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
        fused = "_".join(names) + "_fused"
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

    def vectorize(self, m):
        """A width that divides the trip count, does not, equals it, or
        (rarely) exceeds it; mostly on a loop without a reduction (a loop
        that carries a dependence is rejected, as for parallel)."""
        candidates = [lp for lp in m.loops if not lp.red]
        if not candidates or self.rng.random() < 0.15:
            candidates = m.loops
        lp = self.rng.choice(candidates)
        widths = [2, 4, 8, 16]
        if lp.trip > 0:
            widths += [lp.trip, lp.trip]
        width = self.rng.choice(widths)
        self.emit("vectorize", f"hcl.vectorize(%{m.name}, {self.loop_handle(m, lp.name)}, {width})")
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
        name = self.fresh('bufat')
        if self.rng.random() < 0.3:  # the engine infers the shape
            rtype, shape = f"memref<*x{dtype}>", None
        else:
            rtype, shape = memref_type(dims, dtype), dims
        self.emit("buffer_at",
                  f"{name} = hcl.buffer_at(%{m.name}, %{stage.out.name}: "
                  f"{memref_type(stage.out.shape, dtype)}, {axis}) -> {rtype}")
        self.made.append((name, rtype, shape))
        m.state = "imperfect"
        return True

    def reuse_at(self, m):
        """A reuse buffer for the reads of a tensor inside a loop: mostly the
        stencil's input or (a hierarchy) a reuse buffer made before, at a
        random loop (legal or not)."""
        rng, dtype = self.rng, self.kernel.dtype
        stage = m.stage
        made = self.reuse.get(m.name, [])
        expect = True
        loops = m.loops
        if made and rng.random() < 0.85:
            target, ttype, prev_loop = made[-1]
            names = m.names()
            inner = [lp for lp in m.loops if prev_loop in names
                     and names.index(lp.name) > names.index(prev_loop)]
            if inner and rng.random() < 0.8:
                loops = inner  # the window buffer inside the line buffer's loop
        elif stage.stencil_reads and rng.random() < 0.9:
            buf = rng.choice(stage.stencil_reads)
            target, ttype = "%" + buf.name, memref_type(buf.shape, dtype)
        else:
            others = stage.reads or self.kernel.args()
            buf = rng.choice(others)
            target, ttype = "%" + buf.name, memref_type(buf.shape, dtype)
            expect = buf in stage.stencil_reads
        good = [lp for lp in loops if lp.name in stage.reuse_loops]
        if good and rng.random() < 0.75:
            loops = good  # a loop along which the reads overlap
            if not made and rng.random() < 0.5:
                loops = good[:1]  # the outermost: room for a window buffer inside
        lp = rng.choice(loops)
        axis = self.loop_handle(m, lp.name)
        name = self.fresh("reuse")
        roll = rng.random()
        if roll < 0.88:
            rtype = f"memref<*x{dtype}>"
        else:  # an explicit type that is almost surely not the buffer's
            expect = False
            if roll < 0.94 and ttype.startswith("memref<*"):
                rtype = f"memref<{rng.randint(2, 5)}x{dtype}>"
            elif roll < 0.94:
                rtype = ttype
            else:
                rtype = memref_type([rng.randint(1, 4) for _ in range(rng.randint(1, 3))],
                                    dtype)
        self.emit("reuse_at", f"{name} = hcl.reuse_at(%{m.name}, {target} : {ttype}, {axis}) "
                              f"-> {rtype}")
        self.reuse.setdefault(m.name, []).append((name, rtype, lp.name))
        self.made.append((name, rtype, None))
        m.state = "imperfect"
        return expect

    def partition(self, m, target=None):
        """Partition `target`, or an argument, an alloc or a buffer an earlier
        primitive made; sometimes the same tensor again."""
        rng, dtype = self.rng, self.kernel.dtype
        roll = rng.random()
        if target is not None:
            name, ttype, shape = target
        elif self.partitioned and roll < 0.25:
            name, ttype, shape = rng.choice(self.partitioned)
        elif self.made and roll < 0.6:
            name, ttype, shape = rng.choice(self.made)
        else:
            buf = rng.choice([b for b in self.kernel.buffers])
            name, ttype, shape = "%" + buf.name, memref_type(buf.shape, dtype), buf.shape
        self.partitioned.append((name, ttype, shape))
        kind = rng.choices(["Complete", "Block", "Cyclic"], [2, 3, 4])[0]
        spelling = kind
        if rng.random() < 0.15:
            spelling = f'"{kind}Partition"' if rng.random() < 0.7 else f"{kind}Partition"
        rank = len(shape) if shape is not None else None
        expect = True
        if rank is None:
            dim = rng.choice([0, 1, 1, 2, 2, 3])
        elif rng.random() < 0.07:
            dim = rank + rng.randint(1, 2)  # out of range
            expect = False
        else:
            dim = rng.choice([0] + list(range(1, rank + 1)) * 2)
        if shape is not None and 1 <= dim <= rank:
            size = shape[dim - 1]
        elif shape is not None:
            size = min(shape) if shape else 1
        else:
            size = rng.randint(2, 8)
        if kind == "Complete":
            factor = rng.choice(["", "", ", 0", f", {rng.randint(1, 4)}"])
        else:
            f = partition_factor(rng, size, kind)
            factor = f", {f}"
            if f < 2 or f > size or (kind == "Block" and f == size):
                expect = False
        self.emit("partition", f"hcl.partition({name} : {ttype}, {spelling}, {dim}{factor})")
        return expect

    def generate(self):
        prims = ["split", "tile", "reorder", "fuse", "unroll", "pipeline", "parallel",
                 "compute_at", "buffer_at", "reuse_at", "partition", "vectorize"]
        follow = None  # a stage to give a second reuse_at (a hierarchy)
        rejected = False
        for _ in range(self.rng.randint(1, 5)):
            live = [m for m in self.models if m.state != "gone"]
            m = self.rng.choice(live)
            roll = self.rng.random()
            if follow in live and roll < 0.45:
                if not self.reuse_at(follow):
                    break
                follow = None
                continue
            if self.made and self.made[-1] not in self.partitioned and roll < 0.6:
                # partition the buffer reuse_at / buffer_at just made
                if not self.partition(m, self.made[-1]):
                    break
                continue
            # reuse_at mostly on stencils; partition anywhere
            reuse = 0.2
            if m.stage.stencil_reads:
                reuse = 1 if m.stage.inplace else 3.5
            weights = [3, 2, 2.5, 2, 1, 1, 1.5, 1.5, 1, reuse, 2, 1.5]
            prim = self.rng.choices(prims, weights)[0]
            annotation = prim in ("unroll", "pipeline", "parallel", "reuse_at", "partition")
            if m.state == "imperfect" and not annotation and self.rng.random() < 0.75:
                prim = self.rng.choice(["unroll", "pipeline", "parallel"])
            if not getattr(self, prim)(m):
                rejected = True
                break  # the primitive will be rejected: nothing after it runs
            follow = m if prim == "reuse_at" else None
        # vectorize changes the CPU code more than any other primitive (the
        # loop becomes vector operations): at least a third of the programs
        # end with one, on any loop, including the loops earlier primitives
        # made (an outer loop of a split, a fused loop).
        drawn = any(p == "vectorize" for p, _ in self.lines)
        if not rejected and not drawn and self.rng.random() < 0.4:
            live = [m for m in self.models if m.state != "gone"]
            if live:
                self.vectorize(self.rng.choice(live))


def draw_parallel(schedule, rng):
    """One more `parallel` at the end of the schedule (with --threads): on a
    loop of a stage still in place that is not a reduction loop, in a stage
    that does not update what it reads, i.e. a loop that is legal as far as
    the model knows (the compiler decides; a refusal is a REJECTED outcome).
    Outer loops are drawn more often: their iterations are the threads'
    work. Nothing is added to one program in four, so plain schedules stay
    in the mix."""
    live = [m for m in schedule.models if m.state != "gone" and not m.stage.inplace]
    if not live or rng.random() < 0.25:
        return
    m = rng.choice(live)
    candidates = [lp for lp in m.loops if not lp.red]
    if not candidates:
        return
    weights = [2 ** -depth for depth in range(len(candidates))]
    lp = rng.choices(candidates, weights)[0]
    schedule.emit("parallel", f"hcl.parallel(%{m.name}, {schedule.loop_handle(m, lp.name)})")


# ---------------------------------------------------------------------------
# Printing a program
# ---------------------------------------------------------------------------


def stage_lines(stage, counter):
    """The loop nest of one stage, with fresh value names."""
    lines = []
    names = {}

    def value(match):
        key = match.group(1)
        if key not in names:
            counter[0] += 1
            names[key] = f"%x{counter[0]}"
        return names[key]

    def subst(stmt):
        return re.sub(r"\{(\w+)\}", value, stmt)

    for depth, lp in enumerate(stage.loops):
        lines.append("  " * (depth + 1) + lp.header() + " {")
        if depth == stage.pre_depth:
            lines.extend("  " * (depth + 2) + subst(stmt) for stmt in stage.pre)
    indent = "  " * (len(stage.loops) + 1)
    for stmt in stage.body:
        lines.append(indent + subst(stmt))
    for depth in reversed(range(len(stage.loops))):
        lp = stage.loops[depth]
        if depth == stage.pre_depth:
            lines.extend("  " * (depth + 2) + subst(stmt) for stmt in stage.post)
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
        if is_fixed(dtype):
            literal = float(literal)
        lines.append(f"  {name} = {constant_op(dtype)} {literal} : {dtype}")
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
        if THREADS:
            # a generator of its own: the program without it stays the same
            draw_parallel(self.schedule, random.Random(f"{seed}:{index}:parallel"))
        what = (f"fixed kernel {self.kernel.fixed}" if self.kernel.fixed
                else "random kernel")
        header = [f"// {self.name}: {what} and random schedule (random_schedules.py "
                  f"--seed {seed}, program {index})",
                  "// hcl check THIS_FILE --entry kernel --seeds 2"
                  + (f" --threads {THREADS}" if THREADS else "")]
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


# `--hls`: check the HLS C++ (g++ C simulation) against the JIT instead;
# `--threads N`: run parallel loops on N threads.
CHECK_FLAGS = []
# With --threads: schedules end with one more `parallel` (draw_parallel).
THREADS = 0


def run_hcl(hcl, path, timeout):
    """`hcl check` on one file; retries a few times if the binary is missing
    (someone may be rebuilding it)."""
    cmd = [hcl, "check", *CHECK_FLAGS, path, "--entry", "kernel", "--seeds", "2"]
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
    if any(f"hcl check{flag}: MISMATCH" in output for flag in ("", " --hls", " --rtl")):
        return "MISMATCH", next(l for l in output.splitlines() if "MISMATCH" in l), None
    if rc not in (0, 1):
        return "CRASH", f"exit status {rc}", None
    error_lines = [l for l in output.splitlines() if "error:" in l]
    located = [LOCATED_ERROR.match(l) for l in error_lines]
    if any(m is None for m in located):
        return "CRASH", "an error without a location: " + error_lines[located.index(None)], None
    if rc == 0:
        if any(f"hcl check{flag}: OK" in output for flag in ("", " --hls", " --rtl")) \
                and not error_lines:
            return "OK", "", None
        return "CRASH", "exit status 0 without `hcl check: OK`", None
    if not located:
        return "CRASH", "exit status 1 without an error", None
    first = located[0]
    line, message = int(first.group(2)), first.group(4)
    if RTL and message.startswith("rtl: "):
        # What has no hardware form yet, refused at the operation at fault
        # (an algorithm's or one a primitive made).
        return "REJECTED", message, program.prim_at.get(line, "rtl")
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
    # Without a schedule `hcl check` has nothing to compare and says so; an
    # algorithm that parses, verifies and lowers is valid either way.
    return proc.returncode == 0 and any(
        marker in proc.stdout for marker in
        ("hcl check: OK", "hcl check --hls: OK", "hcl check --rtl: OK",
         "hcl check: nothing to check"))


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
        elif r.status == "REJECTED" and r.rejected_prim == "rtl":
            # The schedule applied; the RTL refused what it made.
            applied.update(r.program.primitives())
            rejected["rtl"] += 1
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
    kernels = Counter((r.program.kernel.fixed or "random", r.status) for r in results)
    print("kernels (applied/rejected/failed): " + ", ".join(
        f"{k} {kernels[k, 'OK']}/{kernels[k, 'REJECTED']}/"
        f"{sum(kernels[k, f] for f in FAILURES)}"
        for k in ["random"] + sorted(FIXED_KERNELS)))
    for r in results:
        if r.status in FAILURES:
            print(f"FAIL {r.status} {r.program.name}: {r.detail}")
    kept = keep_failures(results, keep)
    if kept:
        print(f"failing programs saved in {kept}")
    return 1 if kept else 0


def main(argv=None):
    global THREADS, RTL, FLOAT_ONLY
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=20, help="programs to generate")
    parser.add_argument("--seed", type=int, default=0, help="generation seed")
    parser.add_argument("--hcl", default="hcl", help="the hcl binary (default: from PATH)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel hcl processes")
    parser.add_argument("--keep", help="directory for failing programs (default: a temp dir)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per program")
    parser.add_argument("--verbose", action="store_true", help="one line per program")
    parser.add_argument("--progress", type=int, default=100,
                        help="a progress line every N programs (0: none)")
    parser.add_argument("--fp-contract", action="store_true",
                        help="check with FMA contraction (hcl check --fp-contract)")
    parser.add_argument("--cpu", help="compile for this LLVM CPU (hcl check --cpu)")
    parser.add_argument("--hls", action="store_true",
                        help="check each program's HLS C++ (compiled with g++) "
                             "against the JIT instead of the unscheduled program")
    parser.add_argument("--rtl", action="store_true",
                        help="integer, f32/f64 and fixed-point programs; check "
                             "each one's SystemVerilog (Verilator) against the "
                             "JIT")
    parser.add_argument("--float", action="store_true",
                        help="f32 and f64 programs only (the random kernels' "
                             "and the benchmark kernels' element type)")
    parser.add_argument("--threads", type=int, default=0,
                        help="run parallel loops on N OpenMP threads, and draw "
                             "one more `parallel` in most schedules")
    args = parser.parse_args(argv)
    if args.hls:
        CHECK_FLAGS.append("--hls")
    if args.rtl:
        RTL = True
        CHECK_FLAGS.append("--rtl")
    if args.fp_contract:
        CHECK_FLAGS.append("--fp-contract")
    if args.cpu:
        CHECK_FLAGS.append(f"--cpu={args.cpu}")
    FLOAT_ONLY = args.float
    if args.threads:
        THREADS = args.threads
        CHECK_FLAGS.extend(["--threads", str(args.threads)])

    hcl = shutil.which(args.hcl) or args.hcl
    programs = [Program(args.seed, i) for i in range(args.count)]
    workdir = tempfile.mkdtemp(prefix="hcl-random-work-")
    try:
        results = run_all(programs, hcl, workdir, args)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return summarize(results, args.keep)


def run_all(programs, hcl, workdir, args):
    """Checks the programs on --jobs processes, printing as it goes: every
    failure when it happens, a progress line every --progress programs, and
    with --verbose one line per program."""
    results, counts = [], Counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(check_program, p, hcl, workdir, args.timeout)
                   for p in programs]
        for future in concurrent.futures.as_completed(futures):
            r = future.result()
            results.append(r)
            counts[r.status] += 1
            if args.verbose:
                prims = " ".join(r.program.primitives())
                print(f"{r.status:15} {r.program.name:18} {r.seconds:5.2f}s "
                      f"{r.program.kernel.dtype} [{prims}] {r.detail}", flush=True)
            elif r.status in FAILURES:
                print(f"FAIL {r.status} {r.program.name}: {r.detail}", flush=True)
            if args.progress and len(results) % args.progress == 0:
                print(f"... {len(results)}/{len(programs)}: " + ", ".join(
                    f"{counts[s]} {s.lower()}" for s in ("OK", "REJECTED", *FAILURES)),
                    flush=True)
    order = {p.name: i for i, p in enumerate(programs)}
    return sorted(results, key=lambda r: order[r.program.name])


if __name__ == "__main__":
    sys.exit(main())
