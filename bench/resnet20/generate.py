#!/usr/bin/python3
"""Generate a ResNet-20-shaped hcl design (MLIR): one affine loop nest per layer.

Every pad / conv / bn / relu / add / pool / dense is its own stage: an affine loop
nest with `loop_name` on every loop and `stage_name` on the outermost one, written
like bench/kernels/conv2d_nchw.mlir (a `sum` accumulator per output element).

    generate.py [--blocks N] [--dtype f32|i32] [--small] [--shortcut A|B]
                [--schedule] [--outline] [-o FILE]

Weights are function arguments (one per conv, one 2xC scale/shift array per batch
norm, the dense layer's weight and bias); the image 1x3x32x32 is the first argument
and the 1x10 logits are the result.  See README.md in this directory.
"""
import argparse
import sys


class Design:
    def __init__(self, dtype, shortcut):
        self.t = dtype
        self.is_float = dtype.startswith("f")
        self.shortcut = shortcut
        self.args = []      # (ssa name, type)
        self.body = []      # lines of the function body
        self.stages = []    # stage names in program order
        self.groups = []    # outline groups: lists of stage names
        self.convs = []     # conv stage names (for --schedule)
        self.shapes = {}    # buffer name -> shape
        self.streams = []   # (buffer, consumer stage) for --stream

    # --- helpers ---------------------------------------------------------
    def mt(self, shape):
        return "memref<" + "x".join(str(d) for d in shape) + "x" + self.t + ">"

    def const(self, name, value):
        if self.is_float:
            return "%%%s = arith.constant %.6e : %s" % (name, float(value), self.t)
        return "%%%s = arith.constant %d : %s" % (name, int(value), self.t)

    def add_op(self):
        return "arith.addf" if self.is_float else "arith.addi"

    def mul_op(self):
        return "arith.mulf" if self.is_float else "arith.muli"

    def arg(self, name, shape):
        self.args.append(("%" + name, self.mt(shape)))
        return "%" + name

    def emit(self, line, depth=1):
        self.body.append("  " * depth + line)

    def stage(self, name, shape, loops, inner):
        """Allocate buffer %name of `shape` and emit a nest over `loops` (list of
        (loop name, trip count)); `inner(p, ivs, depth)` emits the innermost body."""
        self.stages.append(name)
        self.shapes[name] = shape
        self.emit('%%%s = memref.alloc() {name = "%s"} : %s' % (name, name, self.mt(shape)))
        ivs = ["%%%s_%s" % (name, l) for l, _ in loops]
        for d, ((l, n), iv) in enumerate(zip(loops, ivs)):
            self.emit("affine.for %s = 0 to %d {" % (iv, n), 1 + d)
        inner(name, ivs, 1 + len(loops))
        for d in reversed(range(len(loops))):
            l = loops[d][0]
            attr = '{loop_name = "%s"' % l
            if d == 0:
                attr += ', stage_name = "%s"' % name
            self.emit("} " + attr + "}", 1 + d)
        self.emit('%%h_%s = hcl.create_stage_handle "%s" : !hcl.StageHandle' % (name, name))
        return "%" + name

    def reduction(self, p, depth, red_loops, body_terms, init, store):
        """sum accumulator: init value line(s), a reduction nest, then `store(value)`."""
        t = self.t
        self.emit('%%%s_sum = memref.alloca() {name = "sum"} : memref<1x%s>' % (p, t), depth)
        self.emit(init, depth)
        self.emit("affine.store %%%s_init, %%%s_sum[0] : memref<1x%s>" % (p, p, t), depth)
        rivs = ["%%%s_%s" % (p, l) for l, _ in red_loops]
        for d, ((l, n), iv) in enumerate(zip(red_loops, rivs)):
            self.emit("affine.for %s = 0 to %d {" % (iv, n), depth + d)
        dd = depth + len(red_loops)
        prod = body_terms(dd)
        self.emit("%%%s_old = affine.load %%%s_sum[0] : memref<1x%s>" % (p, p, t), dd)
        self.emit("%%%s_new = %s %%%s_old, %s : %s" % (p, self.add_op(), p, prod, t), dd)
        self.emit("affine.store %%%s_new, %%%s_sum[0] : memref<1x%s>" % (p, p, t), dd)
        for d in reversed(range(len(red_loops))):
            self.emit('} {loop_name = "%s", reduction = 1 : i32}' % red_loops[d][0], depth + d)
        self.emit("%%%s_acc = affine.load %%%s_sum[0] : memref<1x%s>" % (p, p, t), depth)
        store("%%%s_acc" % p, depth)

    # --- layers ------------------------------------------------------------
    def pad(self, name, x, c, h, w):
        t = self.t
        src, dst = self.mt([1, c, h, w]), self.mt([1, c, h + 2, w + 2])

        def inner(p, iv, d):
            n, cc, hh, ww = iv
            self.emit("affine.if affine_set<(d0, d1) : (d0 - 1 >= 0, -d0 + %d >= 0, "
                      "d1 - 1 >= 0, -d1 + %d >= 0)>(%s, %s) {" % (h, w, hh, ww), d)
            self.emit("%%%s_v = affine.load %s[%s, %s, %s - 1, %s - 1] : %s"
                      % (p, x, n, cc, hh, ww, src), d + 1)
            self.emit("affine.store %%%s_v, %%%s[%s, %s, %s, %s] : %s"
                      % (p, p, n, cc, hh, ww, dst), d + 1)
            self.emit("} else {", d)
            self.emit(self.const(p + "_zero", 0), d + 1)
            self.emit("affine.store %%%s_zero, %%%s[%s, %s, %s, %s] : %s"
                      % (p, p, n, cc, hh, ww, dst), d + 1)
            self.emit("}", d)
        return self.stage(name, [1, c, h + 2, w + 2],
                          [("n", 1), ("c", c), ("h", h + 2), ("w", w + 2)], inner)

    def conv(self, name, x, ci, hi, wi, co, k, stride):
        """x is 1 x ci x hi x wi (already padded for k = 3); valid convolution."""
        ho, wo = (hi - k) // stride + 1, (wi - k) // stride + 1
        wgt = self.arg("w_" + name, [co, ci, k, k])
        self.convs.append(name)
        src, wt, dst = self.mt([1, ci, hi, wi]), self.mt([co, ci, k, k]), self.mt([1, co, ho, wo])
        sx = "" if stride == 1 else " * %d" % stride

        def inner(p, iv, d):
            n, c, h, w = iv

            def terms(dd):
                self.emit("%%%s_a = affine.load %s[%s, %%%s_rc, %s%s + %%%s_rh, %s%s + %%%s_rw] : %s"
                          % (p, x, n, p, h, sx, p, w, sx, p, src), dd)
                self.emit("%%%s_f = affine.load %s[%s, %%%s_rc, %%%s_rh, %%%s_rw] : %s"
                          % (p, wgt, c, p, p, p, wt), dd)
                self.emit("%%%s_p = %s %%%s_a, %%%s_f : %s" % (p, self.mul_op(), p, p, self.t), dd)
                return "%%%s_p" % p
            self.reduction(p, d, [("rc", ci), ("rh", k), ("rw", k)], terms,
                           self.const(p + "_init", 0),
                           lambda v, dd: self.emit("affine.store %s, %%%s[%s, %s, %s, %s] : %s"
                                                   % (v, p, n, c, h, w, dst), dd))
        return self.stage(name, [1, co, ho, wo],
                          [("n", 1), ("c", co), ("h", ho), ("w", wo)], inner), ho, wo

    def elementwise(self, name, c, h, w, compute):
        shape = [1, c, h, w]
        mt = self.mt(shape)

        def inner(p, iv, d):
            v = compute(p, iv, d)
            self.emit("affine.store %s, %%%s[%s] : %s" % (v, p, ", ".join(iv), mt), d)
        return self.stage(name, shape, [("n", 1), ("c", c), ("h", h), ("w", w)], inner)

    def bn(self, name, x, c, h, w):
        prm = self.arg("p_" + name, [2, c])
        mt, pt = self.mt([1, c, h, w]), self.mt([2, c])

        def compute(p, iv, d):
            n, cc, hh, ww = iv
            self.emit("%%%s_x = affine.load %s[%s, %s, %s, %s] : %s" % (p, x, n, cc, hh, ww, mt), d)
            self.emit("%%%s_g = affine.load %s[0, %s] : %s" % (p, prm, cc, pt), d)
            self.emit("%%%s_b = affine.load %s[1, %s] : %s" % (p, prm, cc, pt), d)
            self.emit("%%%s_m = %s %%%s_x, %%%s_g : %s" % (p, self.mul_op(), p, p, self.t), d)
            self.emit("%%%s_y = %s %%%s_m, %%%s_b : %s" % (p, self.add_op(), p, p, self.t), d)
            return "%%%s_y" % p
        return self.elementwise(name, c, h, w, compute)

    def relu(self, name, x, c, h, w):
        mt = self.mt([1, c, h, w])

        def compute(p, iv, d):
            self.emit("%%%s_x = affine.load %s[%s] : %s" % (p, x, ", ".join(iv), mt), d)
            self.emit(self.const(p + "_zero", 0), d)
            if self.is_float:
                self.emit("%%%s_pos = arith.cmpf ogt, %%%s_x, %%%s_zero : %s" % (p, p, p, self.t), d)
            else:
                self.emit("%%%s_pos = arith.cmpi sgt, %%%s_x, %%%s_zero : %s" % (p, p, p, self.t), d)
            self.emit("%%%s_y = arith.select %%%s_pos, %%%s_x, %%%s_zero : %s" % (p, p, p, p, self.t), d)
            return "%%%s_y" % p
        return self.elementwise(name, c, h, w, compute)

    def add(self, name, a, b, c, h, w):
        mt = self.mt([1, c, h, w])

        def compute(p, iv, d):
            self.emit("%%%s_a = affine.load %s[%s] : %s" % (p, a, ", ".join(iv), mt), d)
            self.emit("%%%s_b = affine.load %s[%s] : %s" % (p, b, ", ".join(iv), mt), d)
            self.emit("%%%s_y = %s %%%s_a, %%%s_b : %s" % (p, self.add_op(), p, p, self.t), d)
            return "%%%s_y" % p
        return self.elementwise(name, c, h, w, compute)

    def subsample_pad(self, name, x, ci, hi, wi, co):
        """Option A shortcut: x[:, :, ::2, ::2] with channels ci..co-1 zero."""
        ho, wo = hi // 2, wi // 2
        src = self.mt([1, ci, hi, wi])

        def inner(p, iv, d):
            n, c, h, w = iv
            dst = self.mt([1, co, ho, wo])
            self.emit("affine.if affine_set<(d0) : (-d0 + %d >= 0)>(%s) {" % (ci - 1, c), d)
            self.emit("%%%s_v = affine.load %s[%s, %s, %s * 2, %s * 2] : %s" % (p, x, n, c, h, w, src), d + 1)
            self.emit("affine.store %%%s_v, %%%s[%s, %s, %s, %s] : %s" % (p, p, n, c, h, w, dst), d + 1)
            self.emit("} else {", d)
            self.emit(self.const(p + "_zero", 0), d + 1)
            self.emit("affine.store %%%s_zero, %%%s[%s, %s, %s, %s] : %s" % (p, p, n, c, h, w, dst), d + 1)
            self.emit("}", d)
        return self.stage(name, [1, co, ho, wo], [("n", 1), ("c", co), ("h", ho), ("w", wo)], inner)

    def pool(self, name, x, c, h, w):
        src, dst = self.mt([1, c, h, w]), self.mt([1, c])

        def inner(p, iv, d):
            n, cc = iv

            def terms(dd):
                self.emit("%%%s_x = affine.load %s[%s, %s, %%%s_rh, %%%s_rw] : %s"
                          % (p, x, n, cc, p, p, src), dd)
                return "%%%s_x" % p

            def store(v, dd):
                self.emit(self.const(p + "_area", h * w), dd)
                op = "arith.divf" if self.is_float else "arith.divsi"
                self.emit("%%%s_avg = %s %s, %%%s_area : %s" % (p, op, v, p, self.t), dd)
                self.emit("affine.store %%%s_avg, %%%s[%s, %s] : %s" % (p, p, n, cc, dst), dd)
            self.reduction(p, d, [("rh", h), ("rw", w)], terms, self.const(p + "_init", 0), store)
        return self.stage(name, [1, c], [("n", 1), ("c", c)], inner)

    def dense(self, name, x, ci, co):
        wgt = self.arg("w_" + name, [co, ci])
        bias = self.arg("b_" + name, [co])
        src, wt, bt, dst = self.mt([1, ci]), self.mt([co, ci]), self.mt([co]), self.mt([1, co])

        def inner(p, iv, d):
            n, k = iv

            def terms(dd):
                self.emit("%%%s_x = affine.load %s[%s, %%%s_rc] : %s" % (p, x, n, p, src), dd)
                self.emit("%%%s_f = affine.load %s[%s, %%%s_rc] : %s" % (p, wgt, k, p, wt), dd)
                self.emit("%%%s_p = %s %%%s_x, %%%s_f : %s" % (p, self.mul_op(), p, p, self.t), dd)
                return "%%%s_p" % p
            init = "%%%s_init = affine.load %s[%s] : %s" % (p, bias, k, bt)
            self.reduction(p, d, [("rc", ci)], terms, init,
                           lambda v, dd: self.emit("affine.store %s, %%%s[%s, %s] : %s"
                                                   % (v, p, n, k, dst), dd))
        return self.stage(name, [1, co], [("n", 1), ("k", co)], inner)

    # --- network -----------------------------------------------------------
    def group(self, first):
        self.groups.append(self.stages[first:])

    def basic_block(self, pre, x, ci, h, w, co, stride):
        first = len(self.stages)
        p1 = self.pad(pre + "_pad1", x, ci, h, w)
        c1, ho, wo = self.conv(pre + "_conv1", p1, ci, h + 2, w + 2, co, 3, stride)
        b1 = self.bn(pre + "_bn1", c1, co, ho, wo)
        r1 = self.relu(pre + "_relu1", b1, co, ho, wo)
        p2 = self.pad(pre + "_pad2", r1, co, ho, wo)
        c2, _, _ = self.conv(pre + "_conv2", p2, co, ho + 2, wo + 2, co, 3, 1)
        b2 = self.bn(pre + "_bn2", c2, co, ho, wo)
        if stride == 1 and ci == co:
            sc = x
        elif self.shortcut == "B":
            scc, _, _ = self.conv(pre + "_sc_conv", x, ci, h, w, co, 1, stride)
            sc = self.bn(pre + "_sc_bn", scc, co, ho, wo)
        else:
            sc = self.subsample_pad(pre + "_sc_pad", x, ci, h, w, co)
        a = self.add(pre + "_add", b2, sc, co, ho, wo)
        r2 = self.relu(pre + "_relu2", a, co, ho, wo)
        # Streams between stages that read their input once, in order: not
        # into a conv (it reads each input many times), not out of a tensor
        # two stages read (the block's input feeds pad1 and the shortcut).
        chain = [(c1, b1), (b1, r1), (r1, p2), (c2, b2), (b2, a), (a, r2)]
        if sc != x and self.shortcut == "B":
            chain += [(scc, sc), (sc, a)]
        self.streams += [(buf[1:], cons[1:]) for buf, cons in chain]
        self.group(first)
        return r2, ho, wo

    def network(self, size, widths, blocks, classes=10):
        img = self.arg("img", [1, 3, size, size])
        c0 = widths[0]
        p = self.pad("pad1", img, 3, size, size)
        c, h, w = self.conv("conv1", p, 3, size + 2, size + 2, c0, 3, 1)
        b = self.bn("bn1", c, c0, h, w)
        x = self.relu("relu1", b, c0, h, w)
        self.group(0)
        ci = c0
        for si, co in enumerate(widths):
            for bi in range(blocks):
                stride = 2 if (si > 0 and bi == 0) else 1
                x, h, w = self.basic_block("s%db%d" % (si + 1, bi + 1), x, ci, h, w, co, stride)
                ci = co
        first = len(self.stages)
        pl = self.pool("pool", x, ci, h, w)
        out = self.dense("fc", pl, ci, classes)
        self.group(first)
        return out, self.mt([1, classes])

    def text(self, out, out_type, schedule, outline, stream=False):
        lines = []
        lines.append("// ResNet-shaped design generated by bench/resnet20/generate.py: "
                     "%d stages" % len(self.stages))
        args = ",\n    ".join("%s: %s" % a for a in self.args)
        lines.append("func.func @top(\n    %s) -> %s {" % (args, out_type))
        lines.extend(self.body)
        if schedule:
            for s in self.convs:
                lines.append('  %%lw_%s = hcl.create_loop_handle "w" : !hcl.LoopHandle' % s)
                lines.append("  hcl.pipeline(%%h_%s, %%lw_%s, 1)" % (s, s))
        if stream:
            for buf, consumer in self.streams:
                lines.append("  hcl.to(%%%s : %s, %%h_%s)"
                             % (buf, self.mt(self.shapes[buf]), consumer))
        if outline:
            for g in self.groups:
                lines.append("  hcl.outline (%s)" % ", ".join("%h_" + s for s in g))
        lines.append("  return %s : %s" % (out, out_type))
        lines.append("}")
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blocks", type=int, default=3,
                    help="basic blocks per stage (3: ResNet-20; 36: ~1000 stages)")
    ap.add_argument("--dtype", choices=["f32", "i32"], default="f32")
    ap.add_argument("--small", action="store_true",
                    help="8x8 images and 4/8/16 channels (fast hcl check)")
    ap.add_argument("--shortcut", choices=["A", "B"], default="B",
                    help="downsampling shortcut: B = 1x1 conv stride 2 + BN (default), "
                         "A = subsample and zero-pad channels")
    ap.add_argument("--schedule", action="store_true",
                    help="pipeline the innermost spatial loop (w) of every conv")
    ap.add_argument("--outline", action="store_true",
                    help="hcl.outline the stem, every basic block and the head")
    ap.add_argument("--stream", action="store_true",
                    help="stream (hcl.to) every buffer between two stages of a "
                         "block that can be a FIFO (docs/streaming.md)")
    ap.add_argument("-o", dest="output", help="output file (default: stdout)")
    a = ap.parse_args()
    if a.blocks < 1:
        ap.error("--blocks must be >= 1")
    if a.stream and a.outline:
        ap.error("--stream connects stages inside a block; --outline would put "
                 "both ends of each stream in one function")
    d = Design(a.dtype, a.shortcut)
    size, widths = (8, [4, 8, 16]) if a.small else (32, [16, 32, 64])
    out, out_type = d.network(size, widths, a.blocks)
    text = d.text(out, out_type, a.schedule, a.outline, a.stream)
    msg = "%d stages, %d outline groups, %d arguments" % (len(d.stages), len(d.groups), len(d.args))
    if a.stream:
        msg += ", %d streams" % len(d.streams)
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
        print("%s: %s" % (a.output, msg))
    else:
        sys.stdout.write(text)
        print(msg, file=sys.stderr)


if __name__ == "__main__":
    main()
