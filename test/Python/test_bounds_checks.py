"""hcl.build checks data-dependent indices by default (issue 26): an index
read from data that leaves its tensor raises hcl.Error naming the tensor,
the index and the stage, instead of crashing the interpreter.
check_bounds=False removes the checks."""

import numpy as np
import pytest

import hcl


def gather():
    T = hcl.placeholder((16,), "T")
    I = hcl.placeholder((4,), "I")
    return hcl.create_schedule(
        [T, I], lambda T, I: hcl.compute((4,), lambda i: T[I[i]], "G"))


def scatter():
    A = hcl.placeholder((4,), "A")
    I = hcl.placeholder((4,), "I")

    def kernel(A, I):
        B = hcl.compute((16,), lambda j: 0, "B")
        with hcl.Stage("S"):
            with hcl.for_(0, 4, name="i") as i:
                B[I[i]] = A[i]
        return B

    return hcl.create_schedule([A, I], kernel)


TABLE = np.arange(100, 116, dtype=np.int32)


def test_gather_in_range():
    g = np.zeros(4, np.int32)
    hcl.build(gather())(TABLE, np.array([15, 0, 3, 7], np.int32), g)
    assert list(g) == [115, 100, 103, 107]


@pytest.mark.parametrize("index", [16, 99, -1, 2 ** 31 - 1])
def test_gather_out_of_range_is_an_error(index):
    f = hcl.build(gather())
    with pytest.raises(hcl.Error, match=rf"out-of-bounds access: index "
                       rf"\[{index}\] into 'T' .* in stage 'G'"):
        f(TABLE, np.array([1, index, 2, 3], np.int32), np.zeros(4, np.int32))


def test_scatter_out_of_range_is_an_error():
    f = hcl.build(scatter())
    with pytest.raises(hcl.Error, match=r"out-of-bounds access: index \[16\] "
                       r"into 'B' .* in stage 'S'"):
        f(np.arange(4, dtype=np.int32), np.array([0, 16, 1, 2], np.int32),
          np.zeros(16, np.int32))


def test_module_still_runs_after_an_out_of_range_call():
    f = hcl.build(gather())
    with pytest.raises(hcl.Error):
        f(TABLE, np.array([99, 0, 0, 0], np.int32), np.zeros(4, np.int32))
    g = np.zeros(4, np.int32)
    f(TABLE, np.array([3, 2, 1, 0], np.int32), g)
    assert list(g) == [103, 102, 101, 100]


def test_check_bounds_false_runs_in_range_indices():
    g = np.zeros(4, np.int32)
    hcl.build(gather(), check_bounds=False)(
        TABLE, np.array([15, 0, 3, 7], np.int32), g)
    assert list(g) == [115, 100, 103, 107]


def test_outlined_functions_are_checked_too():
    T = hcl.placeholder((16,), "T")
    I = hcl.placeholder((4,), "I")

    def kernel(T, I):
        G = hcl.compute((4,), lambda i: T[I[i]], "G")
        return hcl.compute((4,), lambda i: G[i] + 1, "H")

    s = hcl.create_schedule([T, I], kernel)
    fG = s[kernel.G].outline()
    mod = hcl.build(s, top=[fG])
    # @Stage_G takes I, T and G.
    with pytest.raises(hcl.Error, match=r"index \[99\] into"):
        mod.modules[0](np.array([99, 0, 0, 0], np.int32), TABLE,
                       np.zeros(4, np.int32))
