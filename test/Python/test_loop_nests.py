"""hcl.get_affine_loop_nests(s.top_func): a scheduled program's loop nests,
as HeteroCL's hcl_mlir.get_affine_loop_nests shows them; each schedule is
also run against NumPy."""

import numpy as np
import pytest

import hcl


def names(nest):
    return [loop["name"] for loop in nest]


def add_program():
    A = hcl.placeholder((10, 20, 30), "A")
    B = hcl.compute(A.shape, lambda i, j, k: A[i, j, k] + 1, "B")
    return A, B


def test_a_nest_per_stage_with_its_bounds():
    A, B = add_program()
    C = hcl.compute((10,), lambda x: B[x, 0, 0] * 2, "C")
    s = hcl.create_schedule([A, C])
    nests = hcl.get_affine_loop_nests(s.top_func)
    assert [names(n) for n in nests] == [["i", "j", "k"], ["x"]]
    assert "0 to 20" in str(nests[0][1]["body"])
    assert nests[0][1]["body"].name == "affine.for"
    assert nests[0][0]["body"].attributes["stage_name"] == '"B"'


def test_reorder_and_split_show_in_the_nest():
    A, B = add_program()
    s = hcl.create_schedule([A, B])
    s[B].reorder(B.axis[2], B.axis[1])
    s[B].split(B.axis[1], factor=3)
    loops = hcl.get_affine_loop_nests(s.top_func)[0]
    assert names(loops) == ["i", "k", "j.outer", "j.inner"]
    assert "0 to 30" in str(loops[1]["body"])
    assert "0 to 7" in str(loops[2]["body"])
    # The remainder's bound is written out, not as an alias (#map).
    assert "0 to min affine_map<" in str(loops[3]["body"])
    a = np.random.randint(0, 100, A.shape).astype(np.int32)
    b = np.zeros(A.shape, np.int32)
    hcl.build(s)(a, b)
    np.testing.assert_array_equal(b, a + 1)


def test_compute_at_loops_are_in_the_consumers_nest():
    A, B = add_program()
    C = hcl.compute(B.shape, lambda p, q, r: B[p, q, r] * 2, "C")
    s = hcl.create_schedule([A, C])
    s[B].compute_at(s[C], C.axis[1])
    nests = hcl.get_affine_loop_nests(s.top_func)
    assert len(nests) == 1
    assert names(nests[0]) == ["p", "q", "B.k", "r"]
    q = nests[0][1]["body"]
    inner = [op for op in q.body.operations if op.name == "affine.for"]
    assert [op.attributes["loop_name"] for op in inner] == ['"B.k"', '"r"']
    assert "0 to 30" in str(inner[0])
    a = np.random.randint(0, 100, A.shape).astype(np.int32)
    c = np.zeros(A.shape, np.int32)
    hcl.build(s)(a, c)
    np.testing.assert_array_equal(c, (a + 1) * 2)


def test_the_view_is_a_snapshot():
    A, B = add_program()
    s = hcl.create_schedule([A, B])
    before = hcl.get_affine_loop_nests(s.top_func)
    s[B].fuse(B.axis[0], B.axis[1])
    after = hcl.get_affine_loop_nests(s.top_func)
    assert names(before[0]) == ["i", "j", "k"]
    assert len(names(after[0])) == 2 and "0 to 200" in str(after[0][0]["body"])


def test_only_a_function_is_inspected():
    with pytest.raises(hcl.Error, match="s.top_func"):
        hcl.get_affine_loop_nests("module {}")
