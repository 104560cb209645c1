"""The rest of HeteroCL's API (issue 28): assignments directly in a kernel,
hcl.reducer, tensor hcl.pack / hcl.unpack, def_ with scalar parameters and
hcl.return_, log2 / log10, and_ / or_ of any number of conditions, and
cast_np; each program against NumPy, and what is not supported is an
hcl.Error."""

import numpy as np
import pytest

import hcl


def run(s, *arrays):
    hcl.build(s)(*arrays)
    return arrays


# Assignments directly in a kernel: each is a stage of its own, in order.

def test_assignments_directly_in_a_kernel():
    def kernel(A):
        v = hcl.scalar(3, "v")
        B = hcl.compute((4,), lambda i: 0, "B")
        B[0] = A[1] + v.v
        B[1] = 7 // v.v
        B[2] = B[0] * 2
        A[3] += 10
        return B

    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.array([5, 6, 7, 8], np.int32)
    b = np.full(4, -1, np.int32)
    run(s, a, b)
    np.testing.assert_array_equal(b, [9, 2, 18, 0])
    np.testing.assert_array_equal(a, [5, 6, 7, 18])


def test_bit_assignments_directly_in_a_kernel():
    def kernel(A):
        A[0][4] = 1
        A[1][0:4] = 0xA

    A = hcl.placeholder((2,), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.array([0, 0x35], np.int32)
    run(s, a)
    np.testing.assert_array_equal(a, [0x10, 0x3A])


def test_scalar_assignment_then_if_directly_in_a_kernel():
    def kernel():
        r = hcl.compute((2,), lambda i: 0, "r")
        a = hcl.scalar(1, "a")
        r[1] = 4
        with hcl.if_(a.v == 0):
            r[0] = 1
        with hcl.elif_(a.v == 1):
            r[0] = 2
        with hcl.else_():
            r[0] = 3
        return r

    s = hcl.create_schedule([], kernel)
    r = np.zeros(2, np.int32)
    run(s, r)
    np.testing.assert_array_equal(r, [2, 4])


# hcl.reducer

def test_reducer_sum_where_and_dtype():
    rng = np.random.default_rng(0)
    a = rng.integers(0, 10, (6, 8)).astype(np.int32)

    def kernel(A):
        my_sum = hcl.reducer(0, lambda x, y: x + y)
        r = hcl.reduce_axis(0, 6, "r")
        B = hcl.compute((8,), lambda j: my_sum(A[r, j], axis=r), "B")
        C = hcl.compute((8,), lambda j: my_sum(A[r, j], axis=r,
                                               where=A[r, j] > 4), "C")
        D = hcl.compute((8,), lambda j: my_sum(A[r, j], axis=r,
                                               dtype=hcl.UInt(2)), "D")
        return B, C, D

    A = hcl.placeholder((6, 8), "A")
    s = hcl.create_schedule([A], kernel)
    b, c, d = (np.zeros(8, np.int32) for _ in range(3))
    run(s, a, b, c, d)
    np.testing.assert_array_equal(b, a.sum(axis=0))
    np.testing.assert_array_equal(c, np.where(a > 4, a, 0).sum(axis=0))
    np.testing.assert_array_equal(d, a.sum(axis=0) % 4)


def test_reducer_with_an_expression_init_and_two_axes():
    a = np.arange(12, dtype=np.int32).reshape(3, 4) - 5

    def kernel(k, A):
        my_max = hcl.reducer(k.v, lambda x, y: hcl.select(x > y, x, y))
        r1 = hcl.reduce_axis(0, 3, "r1")
        r2 = hcl.reduce_axis(0, 4, "r2")
        return hcl.compute((1,), lambda i: my_max(A[r1, r2], axis=[r1, r2]),
                           "B")

    k = hcl.placeholder((), "k")
    A = hcl.placeholder((3, 4), "A")
    s = hcl.create_schedule([k, A], kernel)
    for start in (2, 100):
        b = np.zeros(1, np.int32)
        run(s, np.array([start], np.int32), a, b)
        assert b[0] == max(start, a.max())


def test_reducer_float_and_inside_an_expression():
    rng = np.random.default_rng(1)
    a = rng.random(10).astype(np.float32)

    def kernel(A):
        product = hcl.reducer(1.0, lambda x, y: x * y, hcl.Float())
        r = hcl.reduce_axis(0, 10, "r")
        return hcl.compute((2,), lambda i: product(A[r], axis=r) + i,
                           "B", hcl.Float())

    hcl.init(hcl.Float())
    A = hcl.placeholder((10,), "A")
    s = hcl.create_schedule([A], kernel)
    b = np.zeros(2, np.float32)
    run(s, a, b)
    np.testing.assert_allclose(b, np.prod(a) + np.arange(2), rtol=1e-5)


def test_reducer_with_imperative_code_is_an_error():
    def kernel(A):
        def body(x, y):
            res = hcl.scalar(0, "res")
            with hcl.if_(x > 5):
                res.v = y + 1
            return res.v

        my_sum = hcl.reducer(0, body)
        r = hcl.reduce_axis(0, 4, "r")
        return hcl.compute((1,), lambda i: my_sum(A[r], axis=r), "B")

    A = hcl.placeholder((4,), "A")
    with pytest.raises(hcl.Error):
        hcl.build(hcl.create_schedule([A], kernel))


# hcl.pack / hcl.unpack

@pytest.mark.parametrize("width", [4, 8, 12, 32])
def test_unpack_splits_low_bits_first(width):
    rng = np.random.default_rng(width)
    part = width // 4
    a = rng.integers(0, 1 << min(width, 31), (3, 5)).astype(np.int64)

    def kernel(A):
        return hcl.unpack(A, axis=1, factor=4, name="B")

    A = hcl.placeholder((3, 5), "A", hcl.UInt(width))
    s = hcl.create_schedule([A], kernel)
    ha = hcl.asarray(a, hcl.UInt(width))
    hb = hcl.asarray(np.zeros((3, 20)), hcl.UInt(part))
    run(s, ha, hb)
    expected = np.stack([(a >> (part * k)) & ((1 << part) - 1)
                         for k in range(4)], axis=-1).reshape(3, 20)
    np.testing.assert_array_equal(hb.asnumpy().astype(np.int64), expected)


@pytest.mark.parametrize("part", [1, 3, 8])
def test_pack_puts_the_first_element_low(part):
    rng = np.random.default_rng(part)
    a = rng.integers(0, 1 << part, (8, 2)).astype(np.int64)

    def kernel(A):
        return hcl.pack(A, axis=0, factor=4, name="B")

    A = hcl.placeholder((8, 2), "A", hcl.UInt(part))
    s = hcl.create_schedule([A], kernel)
    ha = hcl.asarray(a, hcl.UInt(part))
    hb = hcl.asarray(np.zeros((2, 2)), hcl.UInt(4 * part))
    run(s, ha, hb)
    groups = a.reshape(2, 4, 2)
    expected = sum(groups[:, k, :] << (part * k) for k in range(4))
    np.testing.assert_array_equal(hb.asnumpy().astype(np.int64), expected)


def test_pack_of_signed_values_keeps_their_bits_and_unpacks_back():
    a = np.array([-1, 2, -3, 4, 5, -6, 7, -8], np.int64)

    def kernel(A):
        P = hcl.pack(A, dtype=hcl.UInt(16), name="P")
        return P, hcl.unpack(P, dtype=hcl.Int(4), name="U")

    A = hcl.placeholder((8,), "A", hcl.Int(4))
    s = hcl.create_schedule([A], kernel)
    ha = hcl.asarray(a, hcl.Int(4))
    hp = hcl.asarray(np.zeros(2), hcl.UInt(16))
    hu = hcl.asarray(np.zeros(8), hcl.Int(4))
    run(s, ha, hp, hu)
    nibbles = a & 0xF
    expected = [sum(int(nibbles[4 * j + k]) << (4 * k) for k in range(4))
                for j in range(2)]
    np.testing.assert_array_equal(hp.asnumpy().astype(np.int64), expected)
    np.testing.assert_array_equal(hu.asnumpy(), a)


def test_pack_errors():
    A = hcl.placeholder((6,), "A", hcl.UInt(4))
    with pytest.raises(hcl.Error, match="not a multiple of 4"):
        hcl.create_schedule([A], lambda A: hcl.pack(A, factor=4))
    with pytest.raises(hcl.Error, match="not UInt\\(16\\)|16"):
        hcl.create_schedule([A], lambda A: hcl.pack(A, factor=3,
                                                    dtype=hcl.UInt(16)))
    with pytest.raises(hcl.Error, match="give the factor or the dtype"):
        hcl.create_schedule([A], lambda A: hcl.unpack(A))


# def_ with scalar parameters, hcl.return_

def test_def_with_a_scalar_parameter_called_in_compute():
    def kernel(A, B):
        @hcl.def_([A.shape, B.shape, ()])
        def add(A, B, x):
            hcl.return_(A[x] + B[x])

        @hcl.def_([A.shape, B.shape, ()])
        def mul(A, B, x):
            temp = hcl.scalar(0, "temp")
            with hcl.for_(0, x) as i:
                temp.v += add(A, B, x)
            hcl.return_(temp.v)

        return hcl.compute(A.shape, lambda x: mul(A, B, x), "C")

    A = hcl.placeholder((10,), "A")
    B = hcl.placeholder((10,), "B")
    s = hcl.create_schedule([A, B], kernel)
    rng = np.random.default_rng(2)
    a, b = (rng.integers(0, 100, 10).astype(np.int32) for _ in range(2))
    c = np.zeros(10, np.int32)
    run(s, a, b, c)
    np.testing.assert_array_equal(c, (a + b) * np.arange(10))


def test_def_without_shapes_takes_the_first_calls():
    def kernel(A, B):
        @hcl.def_()
        def update_B(A, B, x):
            B[x] = A[x] + 1

        with hcl.for_(0, 10) as i:
            update_B(A, B, i)

    A = hcl.placeholder((10,), "A")
    B = hcl.placeholder((10,), "B")
    s = hcl.create_schedule([A, B], kernel)
    a = np.arange(10, dtype=np.int32) * 3
    b = np.zeros(10, np.int32)
    run(s, a, b)
    np.testing.assert_array_equal(b, a + 1)


def test_def_scalar_parameter_types_and_return_type():
    def kernel(A, B):
        @hcl.def_([A.shape, B.shape, ()], [hcl.UInt(2), hcl.Int(32),
                                           hcl.Int(32)], ret_dtype=hcl.UInt(3))
        def add(A, B, x):
            hcl.return_(A[x] + B[x])

        return hcl.compute(A.shape, lambda x: add(A, B, x), "C")

    A = hcl.placeholder((10,), "A", hcl.UInt(2))
    B = hcl.placeholder((10,), "B")
    s = hcl.create_schedule([A, B], kernel)
    rng = np.random.default_rng(3)
    a, b = (rng.integers(0, 100, 10) for _ in range(2))
    ha = hcl.asarray(a, hcl.UInt(2))
    hc = hcl.asarray(np.zeros(10))
    run(s, ha, hcl.asarray(b), hc)
    np.testing.assert_array_equal(hc.asnumpy(), (a % 4 + b) % 8)


def test_return_value_is_read_where_return_is_called():
    def kernel(A):
        @hcl.def_([A.shape, ()])
        def f(A, x):
            hcl.return_(A[x])

        return hcl.compute(A.shape, lambda i: f(A, (i + 1) % 4), "B")

    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.array([10, 20, 30, 40], np.int32)
    b = np.zeros(4, np.int32)
    run(s, a, b)
    np.testing.assert_array_equal(b, np.roll(a, -1))


def test_return_inside_a_with_block_is_an_error():
    def kernel(A):
        @hcl.def_([A.shape, ()])
        def f(A, x):
            with hcl.if_(A[x] > 5):
                hcl.return_(-1)
            hcl.return_(A[x])

        return hcl.compute(A.shape, lambda x: f(A, x), "B")

    A = hcl.placeholder((4,), "A")
    with pytest.raises(hcl.Error, match="return_ inside a with-block"):
        hcl.create_schedule([A], kernel)
    with pytest.raises(hcl.Error, match="return_ outside a def_"):
        hcl.return_(1)


# log2 / log10, and_ / or_, cast_np

def test_log2_and_log10():
    hcl.init(hcl.Float())
    A = hcl.placeholder((8,), "A")

    def kernel(A):
        return (hcl.compute(A.shape, lambda i: hcl.log2(A[i]), "L2"),
                hcl.compute(A.shape, lambda i: hcl.log10(A[i]), "L10"))

    s = hcl.create_schedule([A], kernel)
    a = np.arange(1, 9, dtype=np.float32) * 1.5
    l2, l10 = np.zeros(8, np.float32), np.zeros(8, np.float32)
    run(s, a, l2, l10)
    np.testing.assert_allclose(l2, np.log2(a), rtol=1e-6)
    np.testing.assert_allclose(l10, np.log10(a), rtol=1e-6)


def test_and_or_of_any_number_of_conditions():
    A = hcl.placeholder((10,), "A")
    B = hcl.placeholder((10,), "B")
    C = hcl.placeholder((10,), "C")

    def kernel(A, B, C):
        outs = []
        for op in (hcl.and_, hcl.or_):
            outs += [
                hcl.compute((10,), lambda x: hcl.select(op(), 1, 0)),
                hcl.compute((10,), lambda x: hcl.select(op(A[x] > 5), 1, 0)),
                hcl.compute((10,), lambda x: hcl.select(
                    op(A[x] > 5, B[x] > 5, C[x] > 5), 1, 0))]
        return tuple(outs)

    s = hcl.create_schedule([A, B, C], kernel)
    rng = np.random.default_rng(4)
    a, b, c = (rng.integers(0, 10, 10).astype(np.int32) for _ in range(3))
    outs = [np.full(10, -1, np.int32) for _ in range(6)]
    run(s, a, b, c, *outs)
    np.testing.assert_array_equal(outs[0], 1)
    np.testing.assert_array_equal(outs[1], a > 5)
    np.testing.assert_array_equal(outs[2], (a > 5) & (b > 5) & (c > 5))
    np.testing.assert_array_equal(outs[3], 0)
    np.testing.assert_array_equal(outs[4], a > 5)
    np.testing.assert_array_equal(outs[5], (a > 5) | (b > 5) | (c > 5))


def test_cast_np_is_what_hcl_stores():
    values = np.array([-2.75, -1.3, 0.6, 3.9, 300.0])
    np.testing.assert_array_equal(hcl.cast_np(values, "int8"),
                                  [-2, -1, 0, 3, 44])
    np.testing.assert_array_equal(hcl.cast_np(values, "fixed8_2"),
                                  [-2.75, -1.25, 0.5, 3.75, -20.0])
    np.testing.assert_array_equal(hcl.cast_np(values, "uint8"),
                                  [254, 255, 0, 3, 44])


# mutate inside imperative code: its loops run in place.

def test_mutate_nested_in_a_mutate_and_a_while():
    def kernel(A):
        B = hcl.compute((4, 8), lambda i, j: 0, "B")

        def row(i):
            hcl.mutate((8,), lambda j: B.__setitem__((i, j), A[i, j] * 2),
                       "inner")
            hcl.mutate((8,), lambda i: B.__setitem__((0, i), B[0, i] + 1),
                       "clash")

        hcl.mutate((4,), row, "outer")
        n = hcl.scalar(0, "n")
        with hcl.while_(n.v < 3):
            n.v = n.v + 1
            hcl.mutate((4,), lambda k: B.__setitem__((k, 7), B[k, 7] + n.v))
        return B

    A = hcl.placeholder((4, 8), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.arange(32, dtype=np.int32).reshape(4, 8)
    b = np.zeros((4, 8), np.int32)
    run(s, a, b)
    expected = a * 2
    expected[0, :] += 4  # the "clash" mutate runs once per outer row
    expected[:, 7] += 1 + 2 + 3
    np.testing.assert_array_equal(b, expected)


# Smaller pieces: A[i].shape, get_bitwidth, s.module, f(10, ...) for a
# scalar input, s.DataflowGraph.

def test_partial_index_shape_dtype_and_get_bitwidth():
    A = hcl.placeholder((3, 4, 5), "A", hcl.Int(10))
    assert A[0].shape == (4, 5) and A[0][1].shape == (5,)
    assert A[0].dtype == hcl.Int(10)
    assert hcl.get_bitwidth(A[0].dtype) == 10
    assert hcl.get_bitwidth("fixed12_4") == 12


def test_a_python_number_for_a_scalar_input():
    def kernel(k, A):
        return hcl.compute((4,), lambda i: A[i] + k.v, "B")

    k = hcl.placeholder((), "k")
    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([k, A], kernel)
    a = np.arange(4, dtype=np.int32)
    b = np.zeros(4, np.int32)
    hcl.build(s)(10, a, b)
    np.testing.assert_array_equal(b, a + 10)
    with pytest.raises(hcl.Error, match="argument 2 is a int"):
        hcl.build(s)(10, a, 5)


def test_module_is_the_lowered_program():
    A = hcl.placeholder((10,), "A")

    def kernel(A):
        A[0] += 1

    s = hcl.create_schedule([A], kernel)
    assert s.module == hcl.lower(s)
    assert "%arg0[0]" in s.module


def test_dataflow_graph():
    A = hcl.placeholder((10,), "A")

    def kernel(A):
        B = hcl.compute(A.shape, lambda x: A[x] + 1, "B")
        C = hcl.compute(A.shape, lambda x: A[x] + B[x], "C")
        hcl.update(C, lambda x: C[x] * 2, "CU")
        D = hcl.compute((1,), lambda x: 0, "D")
        D[0] = B[3]
        return C, D

    s = hcl.create_schedule([A], kernel)
    nodes = s.DataflowGraph.node_map
    assert nodes["B"].parents == [nodes["A"]]
    assert set(nodes["C"].parents) == {nodes["A"], nodes["B"]}
    assert nodes["CU"].parents == [nodes["C"]]
    assert set(nodes["A"].children) == {nodes["B"], nodes["C"]}
    # The assignment directly in the kernel is a stage reading B, writing D.
    (stage,) = [n for n in nodes.values()
                if nodes["D"] in n.parents]
    assert nodes["B"] in stage.parents


# hcl.Struct: fields side by side in one unsigned integer, the first low.

def test_struct_fields_round_trip_and_their_bits():
    rng = np.random.default_rng(5)
    a = rng.integers(-128, 128, 16)
    b = rng.random(16) - 0.5
    c = (rng.random(16) - 0.5).astype(np.float32)
    stype = hcl.Struct({"fa": hcl.Int(8), "fb": hcl.Fixed(13, 11),
                        "fc": hcl.Float()})
    assert stype.bits == 8 + 13 + 32

    def kernel(A, B, C):
        D = hcl.compute(A.shape, lambda x: (A[x], B[x], C[x]), "D", stype)
        assert D[0].fa.dtype == hcl.Int(8) and D[0].fc.dtype == hcl.Float()
        E = hcl.compute(A.shape, lambda x: D[x].fa, "E", hcl.Int(8))
        F = hcl.compute(A.shape, lambda x: D[x].fb, "F", hcl.Fixed(13, 11))
        G = hcl.compute(A.shape, lambda x: D[x].fc, "G", hcl.Float())
        # The packed bits: fb's 13 bits at offset 8.
        H = hcl.compute(A.shape, lambda x: D[x][8:21], "H", hcl.UInt(13))
        return E, F, G, H

    A = hcl.placeholder((16,), "A", hcl.Int(8))
    B = hcl.placeholder((16,), "B", hcl.Fixed(13, 11))
    C = hcl.placeholder((16,), "C", hcl.Float())
    s = hcl.create_schedule([A, B, C], kernel)
    ha, hb = hcl.asarray(a, hcl.Int(8)), hcl.asarray(b, hcl.Fixed(13, 11))
    hc = hcl.asarray(c, hcl.Float())
    he, hf = hcl.asarray(np.zeros(16), hcl.Int(8)), \
        hcl.asarray(np.zeros(16), hcl.Fixed(13, 11))
    hg, hh = hcl.asarray(np.zeros(16), hcl.Float()), \
        hcl.asarray(np.zeros(16), hcl.UInt(13))
    run(s, ha, hb, hc, he, hf, hg, hh)
    np.testing.assert_array_equal(he.asnumpy(), a)
    np.testing.assert_array_equal(hf.asnumpy(), hb.asnumpy())
    np.testing.assert_array_equal(hg.asnumpy(), c)
    fb_bits = np.fix(b * 2 ** 11).astype(np.int64) & 0x1FFF
    np.testing.assert_array_equal(hh.asnumpy().astype(np.int64), fb_bits)


def test_struct_scalars_nested_structs_and_assignment():
    inner = hcl.Struct({"x": hcl.UInt(8), "y": "uint8"})
    outer = hcl.Struct({"lo": hcl.UInt(4), "xy": inner})

    def kernel():
        xy = hcl.scalar(0x1234, "xy", inner).v
        n = hcl.scalar(0x1235, "n", outer)
        r = hcl.compute((5,), lambda i: 0, "r", hcl.UInt(32))
        r[0] = xy.x
        r[1] = xy.y
        r[2] = n.v.xy.x
        r[3] = n.v.lo
        n.v = (7, (1, 2))
        r[4] = n.v.xy.y * 16 + n.v.lo
        return r

    s = hcl.create_schedule([], kernel)
    r = np.zeros(5, np.uint32)
    run(s, r)
    # 0x1235 = lo 0x5, then xy = 0x123: x = 0x23, y = 0x1.
    np.testing.assert_array_equal(r, [0x34, 0x12, 0x23, 0x5, 2 * 16 + 7])


def test_struct_fields_through_partial_indices():
    # HeteroCL's D[i][j].x of a 2-D Struct tensor, read and assigned, as
    # D[i, j].x.
    rng = np.random.default_rng(7)
    a = rng.integers(-128, 128, (3, 4))
    b = rng.integers(0, 256, (3, 4))
    stype = hcl.Struct({"x": hcl.Int(8), "y": hcl.UInt(8)})

    def kernel(A, B):
        D = hcl.compute(A.shape, lambda i, j: (A[i, j], B[i, j]), "D", stype)
        E = hcl.compute(A.shape, lambda i, j: D[i][j].x + D[i][j].y, "E",
                        hcl.Int(32))
        with hcl.Stage("swap"):
            with hcl.for_(0, 3) as i:
                D[i][0] = (D[i][1].x, D[i][2].y)
        F = hcl.compute(A.shape, lambda i, j: D[i][j].y * 1000 + D[i, j].x,
                        "F", hcl.Int(32))
        return E, F

    A = hcl.placeholder((3, 4), "A", hcl.Int(8))
    B = hcl.placeholder((3, 4), "B", hcl.UInt(8))
    s = hcl.create_schedule([A, B], kernel)
    e = np.zeros((3, 4), np.int32)
    f = np.zeros((3, 4), np.int32)
    run(s, hcl.asarray(a, hcl.Int(8)), hcl.asarray(b, hcl.UInt(8)), e, f)
    np.testing.assert_array_equal(e, a + b)
    x, y = a.copy(), b.copy()
    x[:, 0], y[:, 0] = a[:, 1], b[:, 2]
    np.testing.assert_array_equal(f, y * 1000 + x)


def test_struct_misuse_is_an_error():
    stype = hcl.Struct({"x": hcl.UInt(8), "y": hcl.UInt(8)})
    A = hcl.placeholder((4,), "A")

    def wrong_count(A):
        return hcl.compute((4,), lambda i: (A[i],), "D", stype)

    with pytest.raises(hcl.Error, match="1 values for 2 fields"):
        hcl.create_schedule([A], wrong_count)

    def arithmetic(A):
        D = hcl.compute((4,), lambda i: (A[i], 1), "D", stype)
        return hcl.compute((4,), lambda i: D[i] + 1, "E")

    with pytest.raises(hcl.Error, match="is not a number: read one of"):
        hcl.create_schedule([A], arithmetic)


def test_operation_copy_of_an_array_and_of_a_tensor():
    values = np.arange(24).reshape(2, 3, 4)

    def kernel(A):
        c1 = hcl.operation.copy(values)
        c2 = hcl.operation.copy(values.tolist(), "c2")
        c3 = hcl.operation.copy(A, "c3")
        return hcl.compute(values.shape, lambda *x: c1[x] + c2[x] + c3[x], "B")

    A = hcl.placeholder((2, 3, 4), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.ones((2, 3, 4), np.int32)
    b = np.zeros((2, 3, 4), np.int32)
    run(s, a, b)
    np.testing.assert_array_equal(b, values * 2 + 1)


def test_return_in_compute_and_update_lambdas():
    def kernel(A):
        def plus_one(x):
            hcl.return_(A[x] + 1)

        def nested(x):
            B = hcl.compute(A.shape, lambda y: A[y] * 3, "B")
            hcl.return_(B[x] - 1)

        C = hcl.compute(A.shape, plus_one, "C")
        D = hcl.compute(A.shape, nested, "D")

        def double(x):
            hcl.return_(D[x] * 2)

        hcl.update(D, double, "U")
        return C, D

    A = hcl.placeholder((6,), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.arange(6, dtype=np.int32) - 2
    c, d = np.zeros(6, np.int32), np.zeros(6, np.int32)
    run(s, a, c, d)
    np.testing.assert_array_equal(c, a + 1)
    np.testing.assert_array_equal(d, (a * 3 - 1) * 2)

    def both(A):
        def f(x):
            hcl.return_(A[x])
            return A[x]
        return hcl.compute(A.shape, f, "E")

    with pytest.raises(hcl.Error, match="both calls return_ and returns"):
        hcl.create_schedule([A], both)


# compute and update inside imperative code run in place.

def test_compute_and_update_inside_a_def_body():
    def kernel(a, b, c):
        @hcl.def_([a.shape, b.shape, c.shape])
        def add(a, b, c):
            with hcl.for_(0, 10) as i:
                a[i] = a[i] * 2
            d = hcl.compute(a.shape, lambda x: a[x] + b[x], "d")
            hcl.update(c, lambda x: d[x] + 1, "u")

        add(a, b, c)

    a, b, c = (hcl.placeholder((10,), n) for n in "abc")
    s = hcl.create_schedule([a, b, c], kernel)
    rng = np.random.default_rng(6)
    av, bv = (rng.integers(0, 100, 10).astype(np.int32) for _ in range(2))
    a0 = av.copy()
    cv = np.zeros(10, np.int32)
    run(s, av, bv, cv)
    np.testing.assert_array_equal(cv, a0 * 2 + bv + 1)


def test_compute_inside_a_loop_is_made_anew_each_iteration():
    def kernel(A):
        out = hcl.compute((3,), lambda i: 0, "out")
        with hcl.Stage("S"):
            with hcl.for_(0, 3, name="r") as r:
                row = hcl.compute((4,), lambda j: A[r, j] * (r + 1), "row")
                total = hcl.scalar(0, "total")
                with hcl.for_(0, 4, name="k") as k:
                    total.v += row[k]
                out[r] = total.v
        return out

    A = hcl.placeholder((3, 4), "A")
    s = hcl.create_schedule([A], kernel)
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    out = np.zeros(3, np.int32)
    run(s, a, out)
    np.testing.assert_array_equal(out, a.sum(axis=1) * np.arange(1, 4))


def test_an_index_computed_by_power_and_cast_to_index():
    def kernel(A):
        a = hcl.scalar(3, "a")
        b = hcl.scalar(2, "b")
        idx = hcl.cast(hcl.Index(), hcl.power(b.v, a.v) - 5)
        return hcl.compute((1,), lambda _: A[idx], "B")

    assert hcl.Index() == hcl.Int(64)
    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], kernel)
    b = np.zeros(1, np.int32)
    run(s, np.array([10, 11, 12, 13], np.int32), b)
    assert b[0] == 13


def test_an_update_is_known_by_its_stage_name():
    def algorithm(a, b, c):
        def add(a, b, c):
            d = hcl.compute(a.shape, lambda x: a[x] + b[x], "d")
            hcl.update(c, lambda x: d[x] + 1, "u")
        add(a, b, c)

    a, b, c = (hcl.placeholder((10,), n) for n in "abc")
    s = hcl.create_schedule([a, b, c], algorithm)
    assert s[algorithm.u].name == "u"
    s[algorithm.d].compute_at(s[algorithm.u], algorithm.u.axis[0])
    av = np.arange(10, dtype=np.int32)
    bv = av * 3
    cv = np.zeros(10, np.int32)
    run(s, av, bv, cv)
    np.testing.assert_array_equal(cv, av + bv + 1)


# create_scheme / create_schedule_from_scheme, and customize.

def test_a_scheme_downsizes_an_output_to_an_unsigned_type():
    def algorithm(A):
        return hcl.compute(A.shape, lambda x: A[x] + 1, "B")

    A = hcl.placeholder((10,), "A", hcl.UInt(32))
    scheme = hcl.create_scheme([A], algorithm)
    scheme.downsize(algorithm.B, hcl.UInt(2))
    s = hcl.create_schedule_from_scheme(scheme)
    a = np.random.default_rng(3).integers(0, 100, 10)
    b = hcl.asarray(np.zeros(10), hcl.UInt(2))
    hcl.build(s)(hcl.asarray(a, hcl.UInt(32)), b)
    assert b.dtype == hcl.UInt(2)
    np.testing.assert_array_equal(b.asnumpy(), (a + 1) % 4)


def test_a_downsized_signed_output_stays_signed():
    def algorithm(A):
        return hcl.compute(A.shape, lambda x: A[x] - 3, "B")

    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], algorithm)
    s.downsize(algorithm.B, hcl.Int(4))
    b = hcl.asarray(np.zeros(4), hcl.Int(4))
    hcl.build(s)(np.array([0, 1, 2, 12], np.int32), b)
    np.testing.assert_array_equal(b.asnumpy(), [-3, -2, -1, -7])


def test_a_scheme_quantizes_and_customize_schedules():
    def algorithm(A):
        return hcl.compute(A.shape, lambda x: A[x] * 2, "B")

    A = hcl.placeholder((4,), "A", hcl.Float())
    scheme = hcl.create_scheme([A], algorithm)
    scheme.quantize([algorithm.B], hcl.Fixed(8, 2))
    s = hcl.create_schedule_from_scheme(scheme)
    b = hcl.asarray(np.zeros(4), hcl.Fixed(8, 2))
    hcl.build(s)(np.array([0.3, -1.1, 2.6, 5.0], np.float32), b)
    # B is Int(32) (hcl.init's type): 2 * A truncated, then stored as
    # Fixed(8, 2).
    np.testing.assert_array_equal(b.asnumpy(), [0.0, -2.0, 5.0, 10.0])
    s2 = hcl.customize([A], algorithm)
    assert isinstance(s2, hcl.Schedule)
    with pytest.raises(hcl.Error, match="expected a scheme"):
        hcl.create_schedule_from_scheme(s2)


def test_a_tagged_for_nest_has_axes():
    def popcount(A, B):
        with hcl.for_(0, A.shape[0], tag="C") as x:
            with hcl.for_(0, A.shape[1]) as y:
                B[x, y] = 0
                with hcl.for_(0, 8) as i:
                    B[x, y] += A[x, y][i]

    A = hcl.placeholder((10, 6), "A")
    B = hcl.placeholder(A.shape, "B")
    s = hcl.create_schedule([A, B], popcount)
    C = popcount.C
    # The tag names the stage and its outer loop; the inner loop is named
    # by its depth.
    assert [C.axis[0].name, C.axis[1].name] == ["C", "j"]
    s[C].reorder(C.axis[1], C.axis[0])
    s[C].split(C.axis[0], factor=3)
    loops = hcl.get_affine_loop_nests(s.top_func)[0]
    assert [l["name"] for l in loops][:3] == ["j", "C.outer", "C.inner"]
    with pytest.raises(hcl.Error, match="axis 2 is out of range"):
        C.axis[2]
    a = np.random.default_rng(5).integers(0, 256, A.shape).astype(np.int32)
    b = np.zeros(A.shape, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(
        b, np.vectorize(lambda v: bin(v).count("1"))(a))


def test_a_float_index_is_an_error():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        f = hcl.scalar(1, "f", hcl.Float())
        return hcl.compute((1,), lambda _: A[f.v], "B")

    with pytest.raises(hcl.Error, match="'A' is indexed by a float32 value"):
        hcl.customize([A], kernel)


def test_a_literal_index_under_a_fixed_default_type():
    hcl.init(hcl.UFixed(6, 4))
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        return hcl.compute((1,), lambda _: A[2], "B")

    a = hcl.asarray(np.array([0.25, 0.5, 1.75, 2.0]), hcl.UFixed(6, 4))
    b = hcl.asarray(np.zeros(1), hcl.UFixed(6, 4))
    hcl.build(hcl.create_schedule([A], kernel))(a, b)
    np.testing.assert_array_equal(b.asnumpy(), [1.75])
