"""Random expressions over hcl's data types, run on the JIT (hcl run) and in
the HLS C simulation (hcl hls + g++), each compared bit for bit with the
independent Python model in fixedmodel.py.

Each program computes K random expressions per element over random fixed-
point formats (widths 1..512, any fraction bits, signed and unsigned),
integers of any width, floats (with NaN, infinities, tiny and huge values)
and run-time bit indices. Values enter as 64-bit patterns (wider ones are
concatenated inside the program) and every result leaves as 64-bit chunks
of its bits, so all widths cross the host boundary exactly.

  random_datatypes.py [--seed S] [--count N] [--exprs K] [--max-width W]
                      [--no-hls] [--keep DIR] [--hcl BUILD/bin]

Every other program keeps its widths within 64 bits, so that narrow types
get as much attention as wide ones; both go through the HLS leg.
Prints `random-datatypes: P programs, E expressions, M mismatches` and
exits 1 on any mismatch, with the expression and its values.
"""
import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixedmodel as fm  # noqa: E402

N = 4          # elements per program
INPUTS = 8     # 64-bit pattern inputs
CHUNKS = 8     # 64-bit chunks per result (512 bits)


class Value:
    """An SSA value and its model: `model(e)` gives, for element e, the bit
    pattern (integers), V (fixed point) or the float."""

    def __init__(self, ssa, kind, width, model, frac=0, signed=True):
        self.ssa, self.kind, self.width, self.model = ssa, kind, width, model
        self.frac, self.signed = frac, signed

    def type(self):
        if self.kind == "fixed":
            return f"!hcl.{'Fixed' if self.signed else 'UFixed'}<{self.width}, {self.frac}>"
        if self.kind == "float":
            return f"f{self.width}"
        return f"i{self.width}"


class Program:
    def __init__(self, rng, exprs, max_width):
        self.rng, self.max_width = rng, max_width
        self.lines, self.counter, self.results = [], 0, []
        self.ints = [[rng.getrandbits(64) for _ in range(N)] for _ in range(INPUTS)]
        self.ix = [rng.randrange(1 << 20) for _ in range(N)]
        self.f64 = [self.random_float() for _ in range(N)]
        with np.errstate(over="ignore"):  # huge values become infinities
            self.f32 = [float(np.float32(self.random_float())) for _ in range(N)]
        for k in range(INPUTS):
            self.emit(f"%x{k} = affine.load %in{k}[%i] : memref<{N}xi64>")
        self.emit(f"%ix = affine.load %idx[%i] : memref<{N}xi32>")
        self.emit(f"%fd = affine.load %fd_in[%i] : memref<{N}xf64>")
        self.emit(f"%fs = affine.load %fs_in[%i] : memref<{N}xf32>")
        self.descriptions = []
        for k in range(exprs):
            value, text = self.expression()
            self.store(value, k)
            self.descriptions.append(text)

    # -- helpers -------------------------------------------------------------
    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    def emit(self, line):
        self.lines.append(line)

    def op(self, text, kind, width, model, frac=0, signed=True):
        ssa = self.fresh()
        self.emit(f"{ssa} = {text}")
        return Value(ssa, kind, width, model, frac, signed)

    def const(self, value, width):
        ssa = self.fresh()
        self.emit(f"{ssa} = arith.constant {fm.wrap(value, width, True) if width > 1 else value & 1} : i{width}")
        return ssa

    def random_width(self):
        r = self.rng.random()
        if r < 0.5:
            return self.rng.randint(1, min(16, self.max_width))
        if r < 0.8:
            return self.rng.randint(1, min(64, self.max_width))
        return self.rng.randint(1, self.max_width)

    def random_format(self, width=None):
        w = width or self.random_width()
        return (w, self.rng.randint(0, w), self.rng.random() < 0.6)

    def random_float(self):
        r = self.rng.random()
        if r < 0.06:
            return self.rng.choice([math.nan, math.inf, -math.inf, 0.0, -0.0])
        if r < 0.1:
            return self.rng.choice([-1.0, 1.0]) * 2.0 ** self.rng.randint(-1074, -1000)
        scale = 2.0 ** self.rng.randint(-60, 60 if r < 0.9 else 600)
        return self.rng.uniform(-1, 1) * scale

    # -- operands ------------------------------------------------------------
    def integer(self, width):
        """An iW value made of input patterns."""
        picks = [self.rng.randrange(INPUTS) for _ in range((width + 63) // 64)]
        total = 64 * len(picks)
        acc = None
        for j, k in enumerate(picks):
            part = f"%x{k}"
            if total > 64:
                ext = self.fresh()
                self.emit(f"{ext} = arith.extui %x{k} : i64 to i{total}")
                part = ext
                if j:
                    shifted = self.fresh()
                    self.emit(f"{shifted} = arith.shli {ext}, {self.const(64 * j, total)} : i{total}")
                    part = shifted
            if acc is None:
                acc = part
            else:
                merged = self.fresh()
                self.emit(f"{merged} = arith.ori {acc}, {part} : i{total}")
                acc = merged
        if width < total:
            narrow = self.fresh()
            self.emit(f"{narrow} = arith.trunci {acc} : i{total} to i{width}")
            acc = narrow
        ints = self.ints

        def model(e):
            return fm.bits(sum(ints[k][e] << (64 * j) for j, k in enumerate(picks)), width)
        return Value(acc, "int", width, model)

    def fixed(self, fmt, nonzero=False):
        w, f, s = fmt
        raw = self.integer(w)
        if nonzero:
            one = self.const(1, w)
            raw = self.op(f"arith.ori {raw.ssa}, {one} : i{w}", "int", w,
                          lambda e, m=raw.model: m(e) | 1)
        return self.op(f"hcl.bitcast {raw.ssa} : i{w} to " + Value("", "fixed", w, None, f, s).type(),
                       "fixed", w, lambda e, m=raw.model: fm.wrap(m(e), w, s), f, s)

    def index(self, width):
        """A run-time index in [-8, width + 8)."""
        offset = self.rng.randrange(1 << 10)
        t = self.op(f"arith.addi %ix, {self.const(offset, 32)} : i32", "int", 32, None)
        m = self.op(f"arith.remui {t.ssa}, {self.const(width + 16, 32)} : i32", "int", 32, None)
        s = self.op(f"arith.subi {m.ssa}, {self.const(8, 32)} : i32", "int", 32, None)
        i = self.fresh()
        self.emit(f"{i} = arith.index_cast {s.ssa} : i32 to index")
        ix = self.ix
        return i, lambda e: (ix[e] + offset) % (width + 16) - 8

    def modes(self):
        attrs = []
        nearest = self.rng.random() < 0.3
        saturate = self.rng.random() < 0.3
        if nearest:
            attrs.append('rounding = "nearest"')
        if saturate:
            attrs.append('overflow = "saturate"')
        return (" {" + ", ".join(attrs) + "}" if attrs else ""), nearest, saturate

    # -- expressions ---------------------------------------------------------
    def expression(self):
        kind = self.rng.choice(["fixed_arith", "fixed_arith", "fixed_cmp", "requantize",
                                "int_to_fixed", "fixed_to_int", "float_to_fixed",
                                "fixed_to_float", "int_arith", "int_arith", "bits", "bits"])
        return getattr(self, kind)()

    def fixed_arith(self):
        fmt = self.random_format()
        w, f, s = fmt
        name = self.rng.choice(["add", "sub", "mul", "div", "min", "max"])
        a, b = self.fixed(fmt), self.fixed(fmt, nonzero=name == "div")
        fn = {"add": fm.add, "sub": fm.sub, "mul": fm.mul, "div": fm.div,
              "min": lambda x, y, *_: min(x, y), "max": lambda x, y, *_: max(x, y)}[name]
        v = self.op(f"hcl.{name}_fixed {a.ssa}, {b.ssa} : {a.type()}", "fixed", w,
                    lambda e: fn(a.model(e), b.model(e), w, f, s), f, s)
        return v, f"{name}_fixed on {a.type()}"

    def fixed_cmp(self):
        fmt = self.random_format()
        pred = self.rng.choice(["eq", "ne", "lt", "le", "gt", "ge"])
        full = pred if pred in ("eq", "ne") else ("s" if fmt[2] else "u") + pred
        a, b = self.fixed(fmt), self.fixed(fmt)
        test = {"eq": lambda x, y: x == y, "ne": lambda x, y: x != y,
                "lt": lambda x, y: x < y, "le": lambda x, y: x <= y,
                "gt": lambda x, y: x > y, "ge": lambda x, y: x >= y}[pred]
        v = self.op(f"hcl.cmp_fixed {full}, {a.ssa}, {b.ssa} : {a.type()}", "int", 1,
                    lambda e: int(test(a.model(e), b.model(e))))
        return v, f"cmp_fixed {full} on {a.type()}"

    def requantize(self):
        frm, to = self.random_format(), self.random_format()
        a = self.fixed(frm)
        attrs, nearest, saturate = self.modes()
        target = Value("", "fixed", to[0], None, to[1], to[2]).type()
        v = self.op(f"hcl.fixed_to_fixed {a.ssa}{attrs} : {a.type()} to {target}", "fixed",
                    to[0], lambda e: fm.requantize(a.model(e), frm, to, nearest, saturate),
                    to[1], to[2])
        return v, f"fixed_to_fixed{attrs} {a.type()} to {target}"

    def int_to_fixed(self):
        n = self.random_width()
        src = self.integer(n)
        is_signed = self.rng.random() < 0.5
        to = self.random_format()
        target = Value("", "fixed", to[0], None, to[1], to[2]).type()
        name = "int_to_fixed" if is_signed else "uint_to_fixed"
        v = self.op(f"hcl.{name} {src.ssa} : i{n} to {target}", "fixed", to[0],
                    lambda e: fm.requantize(fm.wrap(src.model(e), n, is_signed),
                                            (n, 0, is_signed), to), to[1], to[2])
        return v, f"{name} i{n} to {target}"

    def fixed_to_int(self):
        a = self.fixed(self.random_format())
        m = self.random_width()
        v = self.op(f"hcl.fixed_to_int {a.ssa} : {a.type()} to i{m}", "int", m,
                    lambda e: fm.bits(fm.fixed_to_int(a.model(e), a.frac, m), m))
        return v, f"fixed_to_int {a.type()} to i{m}"

    def float_to_fixed(self):
        use_f32 = self.rng.random() < 0.5
        to = self.random_format()
        attrs, nearest, saturate = self.modes()
        target = Value("", "fixed", to[0], None, to[1], to[2]).type()
        src, values = ("%fs", self.f32) if use_f32 else ("%fd", self.f64)
        ftype = "f32" if use_f32 else "f64"
        v = self.op(f"hcl.float_to_fixed {src}{attrs} : {ftype} to {target}", "fixed", to[0],
                    lambda e: fm.float_to_fixed(values[e], to, nearest, saturate), to[1], to[2])
        return v, f"float_to_fixed{attrs} {ftype} to {target}"

    def fixed_to_float(self):
        fmt = self.random_format()
        # f32 results are exact when normal: keep 2^-F in f32's normal range.
        use_f32 = fmt[1] <= 100 and self.rng.random() < 0.5
        a = self.fixed(fmt)
        ftype = "f32" if use_f32 else "f64"
        v = self.op(f"hcl.fixed_to_float {a.ssa} : {a.type()} to {ftype}", "float",
                    32 if use_f32 else 64,
                    lambda e: fm.fixed_to_float(a.model(e), a.frac, use_f32))
        return v, f"fixed_to_float {a.type()} to {ftype}"

    def int_arith(self):
        n = self.random_width()
        a, b = self.integer(n), self.integer(n)
        choices = ["addi", "subi", "muli", "andi", "ori", "xori", "shli", "shrui", "shrsi"]
        if n >= 2:
            choices += ["divsi", "divui", "remsi", "remui"]
        name = self.rng.choice(choices)
        bm = b.model
        if name in ("divsi", "divui", "remsi", "remui"):
            # A positive divisor: the top bit cleared, the low bit set.
            half = self.op(f"arith.shrui {b.ssa}, {self.const(1, n)} : i{n}", "int", n, None)
            b = self.op(f"arith.ori {half.ssa}, {self.const(1, n)} : i{n}", "int", n, None)
            bm = lambda e, m=bm: (m(e) >> 1) | 1  # noqa: E731
        if name in ("shli", "shrui", "shrsi"):
            b = self.op(f"arith.remui {b.ssa}, {self.const(n, n)} : i{n}", "int", n, None) \
                if n > 1 else self.op(f"arith.andi {b.ssa}, {self.const(0, n)} : i{n}", "int", n, None)
            bm = lambda e, m=bm: m(e) % n if n > 1 else 0  # noqa: E731
        sa = lambda x: fm.wrap(x, n, True)  # noqa: E731

        def model(e):
            x, y = a.model(e), bm(e)
            r = {"addi": lambda: x + y, "subi": lambda: x - y, "muli": lambda: x * y,
                 "andi": lambda: x & y, "ori": lambda: x | y, "xori": lambda: x ^ y,
                 "shli": lambda: x << y, "shrui": lambda: x >> y,
                 "shrsi": lambda: sa(x) >> y,
                 "divsi": lambda: fm.div_toward_zero(sa(x), sa(y)),
                 "divui": lambda: x // y,
                 "remsi": lambda: sa(x) - fm.div_toward_zero(sa(x), sa(y)) * sa(y),
                 "remui": lambda: x % y}[name]()
            return fm.bits(r, n)
        v = self.op(f"arith.{name} {a.ssa}, {b.ssa} : i{n}", "int", n, model)
        return v, f"arith.{name} on i{n}"

    def bits(self):
        n = self.random_width()
        x = self.integer(n)
        name = self.rng.choice(["get_bit", "set_bit", "get_slice", "set_slice", "bit_reverse"])
        if name == "bit_reverse":
            v = self.op(f"hcl.bit_reverse {x.ssa} : i{n}", "int", n,
                        lambda e: fm.bit_reverse(x.model(e), n))
        elif name == "get_bit":
            i, im = self.index(n)
            v = self.op(f"hcl.get_bit {x.ssa}[{i}] : i{n}", "int", 1,
                        lambda e: fm.get_bit(x.model(e), im(e), n))
        elif name == "set_bit":
            i, im = self.index(n)
            b = self.integer(1)
            v = self.op(f"hcl.set_bit {x.ssa}[{i}], {b.ssa} : i{n}", "int", n,
                        lambda e: fm.set_bit(x.model(e), im(e), b.model(e), n))
        else:
            hi, him = self.index(n)
            lo, lom = self.index(n)
            if name == "get_slice":
                r = self.random_width()
                v = self.op(f"hcl.get_slice {x.ssa}[{hi} : {lo}] : i{n} -> i{r}", "int", r,
                            lambda e: fm.get_slice(x.model(e), him(e), lom(e), n, r))
            else:
                m = self.random_width()
                y = self.integer(m)
                v = self.op(f"hcl.set_slice {x.ssa}[{hi} : {lo}], {y.ssa} : i{n}, i{m}",
                            "int", n,
                            lambda e: fm.set_slice(x.model(e), him(e), lom(e), y.model(e), n))
        return v, f"{name} on i{n}"

    # -- results -------------------------------------------------------------
    def store(self, value, k):
        """The result's bits as 64-bit chunks in out[i, 8k + j]."""
        if value.kind == "float":
            width = value.width
            raw = self.op(f"arith.bitcast {value.ssa} : f{width} to i{width}", "int", width, None)
            to_bits = fm.f32_bits if width == 32 else fm.f64_bits
            model = lambda e: to_bits(value.model(e))  # noqa: E731
        elif value.kind == "fixed":
            width = value.width
            raw = self.op(f"hcl.bitcast {value.ssa} : {value.type()} to i{width}", "int", width, None)
            model = lambda e: fm.bits(value.model(e), width)  # noqa: E731
        else:
            width, raw, model = value.width, value, value.model
        chunks = (width + 63) // 64
        for j in range(CHUNKS):
            if j < chunks:
                part = raw.ssa
                if width > 64:
                    if j:
                        shifted = self.fresh()
                        self.emit(f"{shifted} = arith.shrui {raw.ssa}, {self.const(64 * j, width)} : i{width}")
                        part = shifted
                    narrow = self.fresh()
                    self.emit(f"{narrow} = arith.trunci {part} : i{width} to i64")
                    part = narrow
                elif width < 64:
                    wide = self.fresh()
                    self.emit(f"{wide} = arith.extui {part} : i{width} to i64")
                    part = wide
            else:
                part = self.const(0, 64)
            col = self.fresh()
            self.emit(f"{col} = arith.constant {CHUNKS * k + j} : index")
            self.emit(f"memref.store {part}, %out[%i, {col}] : memref<{N}x{self.columns()}xi64>")
        self.results.append((model, width))

    def columns(self):
        return CHUNKS * self.exprs_count

    def text(self):
        args = ", ".join([f"%in{k}: memref<{N}xi64>" for k in range(INPUTS)] +
                         [f"%idx: memref<{N}xi32>", f"%fd_in: memref<{N}xf64>",
                          f"%fs_in: memref<{N}xf32>",
                          f"%out: memref<{N}x{self.columns()}xi64>"])
        body = "\n".join("    " + line for line in self.lines)
        return (f"func.func @top({args}) {{\n  affine.for %i = 0 to {N} {{\n{body}\n"
                f"  }}\n  return\n}}\n")

    def max_used_width(self):
        return max(int(t[1:]) if t.startswith("i") else 0
                   for t in " ".join(self.lines).replace(",", " ").replace(">", " ").split()
                   if t.startswith("i") and t[1:].isdigit())

    def write_inputs(self, directory):
        os.makedirs(directory, exist_ok=True)
        for k in range(INPUTS):
            np.save(f"{directory}/arg{k}.npy",
                    np.array([fm.wrap(v, 64, True) for v in self.ints[k]], np.int64))
        np.save(f"{directory}/arg{INPUTS}.npy", np.array(self.ix, np.int32))
        np.save(f"{directory}/arg{INPUTS + 1}.npy", np.array(self.f64, np.float64))
        np.save(f"{directory}/arg{INPUTS + 2}.npy", np.array(self.f32, np.float32))
        np.save(f"{directory}/arg{INPUTS + 3}.npy", np.zeros((N, self.columns()), np.int64))

    def expected(self):
        out = np.zeros((N, self.columns()), np.int64)
        for k, (model, width) in enumerate(self.results):
            for e in range(N):
                v = fm.bits(model(e), width)
                for j in range(CHUNKS):
                    out[e, CHUNKS * k + j] = fm.wrap((v >> (64 * j)) & ((1 << 64) - 1), 64, True)
        return out


def make_program(rng, exprs, max_width):
    # The output's column count must be known while storing.
    p = Program.__new__(Program)
    p.exprs_count = exprs
    Program.__init__(p, rng, exprs, max_width)
    return p


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def compare(program, got, label, report):
    want = program.expected()
    bad = 0
    for k in range(len(program.results)):
        cols = slice(CHUNKS * k, CHUNKS * (k + 1))
        for e in range(N):
            if not np.array_equal(want[e, cols], got[e, cols]):
                bad += 1
                report.append(f"{label}: expression {k} ({program.descriptions[k]}) element {e}: "
                              f"expected {[hex(int(x) & (2**64 - 1)) for x in want[e, cols]]} "
                              f"got {[hex(int(x) & (2**64 - 1)) for x in got[e, cols]]}")
                break
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--exprs", type=int, default=20)
    parser.add_argument("--max-width", type=int, default=512)
    parser.add_argument("--no-hls", action="store_true")
    parser.add_argument("--keep")
    on_path = shutil.which("hcl")
    parser.add_argument("--hcl", help="the directory holding the hcl tool",
                        default=os.path.dirname(on_path) if on_path else "build/bin")
    args = parser.parse_args()
    hcl = os.path.join(args.hcl, "hcl")
    work = args.keep or tempfile.mkdtemp(prefix="hcl-random-datatypes-")
    rng = random.Random(args.seed)
    expressions = mismatches = hls_programs = 0
    report = []
    for p in range(args.count):
        # Every other program stays within 64 bits.
        narrow = p % 2 == 1
        program = make_program(rng, args.exprs, 64 if narrow else args.max_width)
        directory = os.path.join(work, f"p{p}")
        shutil.rmtree(directory, ignore_errors=True)
        os.makedirs(directory)
        source = os.path.join(directory, "program.mlir")
        with open(source, "w") as f:
            f.write(program.text())
        program.write_inputs(os.path.join(directory, "in"))
        inputs = [x for k in range(INPUTS + 4) for x in ("--input", f"{directory}/in/arg{k}.npy")]
        result = run([hcl, "run", source, *inputs, "--output-dir", f"{directory}/jit"])
        expressions += args.exprs
        if result.returncode:
            mismatches += 1
            report.append(f"program {p}: hcl run failed: {result.stderr.strip()[:2000]}")
            continue
        got = np.load(f"{directory}/jit/arg{INPUTS + 3}.npy")
        mismatches += compare(program, got, f"program {p} (JIT)", report)
        if args.no_hls:
            continue
        result = run([hcl, "hls", source, "-o", f"{directory}/hls"])
        if result.returncode == 0:
            result = run(["make", "-s", "-C", f"{directory}/hls", "tb"])
        if result.returncode == 0:
            os.makedirs(f"{directory}/csim", exist_ok=True)
            result = run([f"{directory}/hls/tb", "--inputs", f"{directory}/in",
                          "--output-dir", f"{directory}/csim"])
        if result.returncode:
            mismatches += 1
            report.append(f"program {p}: HLS C simulation failed: "
                          f"{(result.stderr or result.stdout).strip()[:2000]}")
            continue
        hls_programs += 1
        got = np.load(f"{directory}/csim/arg{INPUTS + 3}.npy")
        mismatches += compare(program, got, f"program {p} (HLS C simulation)", report)
    for line in report:
        print(line)
    print(f"random-datatypes: {args.count} programs, {expressions} expressions "
          f"({hls_programs} programs also in the HLS C simulation), "
          f"{mismatches} mismatches")
    if mismatches:
        print(f"programs kept in {work}")
    elif not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
