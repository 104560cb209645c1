"""Deep expressions (issue 26): one 5,000 operations deep overflowed the
stack of the front end's MLIR writer and killed the interpreter. They now
build and run up to hcl's limit, and a deeper one is an hcl.Error where it
is written."""

import numpy as np
import pytest

import hcl


def chain(depth):
    """B[i] = A[i] + 1 + 1 + ... (`depth` additions, each on the last)."""
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        def body(i):
            e = A[i]
            for _ in range(depth):
                e = e + 1
            return e
        return hcl.compute((4,), body, "B")

    return hcl.create_schedule([A], kernel)


@pytest.mark.parametrize("depth", [5000, 20000])
def test_deep_expression_builds_and_runs(depth):
    b = np.zeros(4, np.int32)
    hcl.build(chain(depth))(np.arange(4, dtype=np.int32), b)
    assert list(b) == [depth, depth + 1, depth + 2, depth + 3]


def test_too_deep_expression_is_an_error_where_it_is_written():
    A = hcl.placeholder((4,), "A")
    e = A[0]
    with pytest.raises(hcl.Error, match="more than 100000 operations deep"):
        for _ in range(100001):
            e = e + 1


def test_shared_subexpressions_are_walked_once():
    # e + e doubled 40 times is a tree of 2^40 paths: create_schedule's walks
    # visit each shared node once.
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        def body(i):
            e = A[i]
            for _ in range(40):
                e = hcl.select(e > 0, e, e)
            return e
        return hcl.compute((4,), body, "B")

    s = hcl.create_schedule([A], kernel)
    assert s[kernel.B] is not None
