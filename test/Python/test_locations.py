"""Errors name the user's code (issue 27): the operations hcl writes carry
the Python file and line of the compute / update / mutate call or of the
with-block (an assignment: its own line), arguments are named after their
tensors, and a compiler error starts with `file.py:line: error:` and names
the tensor instead of quoting MLIR (`at: %v2 = affine.load %arg0[...]`)."""

import inspect

import numpy as np
import pytest

import hcl


def here(offset=0):
    """file:line of the caller's line plus `offset`."""
    frame = inspect.currentframe().f_back
    return f"{frame.f_code.co_filename}:{frame.f_lineno + offset}"


def error_of(f):
    with pytest.raises(hcl.Error) as info:
        f()
    return str(info.value)


def test_out_of_bounds_names_the_line_and_the_tensor():
    A = hcl.placeholder((8,), "A")
    where = here(2)
    def kernel(A):
        return hcl.compute((8,), lambda i: A[i + 1], "B")
    message = error_of(lambda: hcl.build(hcl.create_schedule([A], kernel)))
    assert (f"{where}: error: index out of bounds: dimension 0 of 'A' "
            f"(argument 0 of @top, memref<8xi32>, valid 0..7) is indexed "
            f"over 1..8 in stage 'B'") in message, message
    assert "affine.load" not in message and "at: " not in message, message


def test_the_program_carries_lines_and_argument_names():
    A = hcl.placeholder((8,), "A")
    where = here(2)
    def kernel(A):
        return hcl.compute((8,), lambda i: A[i] * 2, "B")
    s = hcl.create_schedule([A], kernel)
    path, line = where.rsplit(":", 1)
    text = s.device_module
    assert f'#loc0 = loc("{path}":{line}:0)' in text, text
    assert '%A: memref<8xi32> {hcl.arg_name = "A"}' in text, text
    assert "loc(#loc0)" in text.split("affine.load")[1].splitlines()[0], text
    # hcl.lower parses and prints it: the name attribute stays.
    assert '{hcl.arg_name = "A"}' in hcl.lower(s)


def test_update_and_mutate_lines():
    A = hcl.placeholder((8,), "A")
    lines = {}
    def kernel(A):
        B = hcl.compute((8,), lambda i: A[i], "B")
        lines["U"] = here(1)
        hcl.update(B, lambda i: B[i] + A[i + 3], "U")
        return B
    message = error_of(lambda: hcl.build(hcl.create_schedule([A], kernel)))
    assert message.count(f"{lines['U']}: error: index out of bounds") == 1, message
    assert "in stage 'U'" in message

    def mutated(A):
        B = hcl.compute((8,), lambda i: 0, "B")
        def body(i):
            lines["store"] = here(1)
            B[i] = A[i + 4]
        hcl.mutate((8,), body, "M")
        return B
    message = error_of(lambda: hcl.build(hcl.create_schedule([A], mutated)))
    # The assignment's own line wins over the mutate's.
    assert f"{lines['store']}: error: index out of bounds" in message, message


def test_with_blocks_and_assignments_at_their_lines():
    A = hcl.placeholder((8,), "A")
    lines = {}
    def kernel(A):
        B = hcl.compute((8,), lambda i: 0, "B")
        with hcl.Stage("S"):
            lines["for"] = here(1)
            with hcl.for_(0, 8, name="i") as i:
                lines["store"] = here(1)
                B[i] = A[i + 2]
        return B
    message = error_of(lambda: hcl.build(hcl.create_schedule([A], kernel)))
    assert (f"{lines['store']}: error: index out of bounds: dimension 0 of "
            f"'A' (argument 0 of @top, memref<8xi32>, valid 0..7) is "
            f"indexed over 2..9 in stage 'S'") in message, message

    def kernel2(A):
        B = hcl.compute((8,), lambda i: 0, "B")
        with hcl.Stage("S"):
            lines["for2"] = here(1)
            with hcl.for_(0, 8, name="i") as i:
                with hcl.if_(A[i + 5] > 0):
                    B[i] = 1
        return B
    s = hcl.create_schedule([A], kernel2)
    path, line = lines["for2"].rsplit(":", 1)
    assert f'loc("{path}":{line}:0)' in s.device_module
    # The if_'s condition reads A at the if_'s line.
    message = error_of(lambda: hcl.build(s))
    assert f"{path}:{int(line) + 1}: error: index out of bounds" in message, message


def test_schedule_primitive_errors_name_the_call_line():
    A = hcl.placeholder((8, 8), "A")
    def kernel(A):
        B = hcl.compute((8, 8), lambda i, j: A[i, j] + 1, "B")
        return hcl.compute((8, 8), lambda i, j: B[i, j] * 2, "C")
    s = hcl.create_schedule([A], kernel)
    where = here(1)
    s[kernel.B].pipeline(kernel.B.axis[1])
    path, line = where.rsplit(":", 1)
    text = s.device_module
    assert f'"{path}":{line}:0' in text, text


def test_python_spellings():
    A = hcl.placeholder((4,), "A")
    def nested(A):
        with hcl.Stage("S"):
            with hcl.Stage("T"):
                pass
        return A
    assert "hcl.Stage 'T' inside imperative code" in error_of(
        lambda: hcl.create_schedule([A], nested))

    def outside(A):
        hcl.break_()
        return A
    message = error_of(lambda: hcl.create_schedule([A], outside))
    assert "use it inside hcl.Stage, hcl.mutate, hcl.for_ or a def_ body" in message
    assert "hcl::" not in message

    F = hcl.placeholder((4,), "F", hcl.Fixed(8, 4))
    message = error_of(lambda: hcl.create_schedule(
        [F], lambda F: hcl.compute((4,), lambda i: F[i] & 1, "B")))
    assert "hcl.cast or hcl.bitcast" in message and "hcl::" not in message


def test_unnamed_placeholder_is_described_by_its_line():
    where = here(1)
    A = hcl.placeholder((8,))
    s = hcl.create_schedule(
        [A], lambda A: hcl.compute((8,), lambda i: A[i + 1], "B"))
    message = error_of(lambda: hcl.build(s))
    assert f"' (made by hcl.placeholder at {where}, argument 0 of @top" in message, message

    where = here(1)
    T = hcl.placeholder((16,))
    I = hcl.placeholder((4,), "I")
    f = hcl.build(hcl.create_schedule(
        [T, I], lambda T, I: hcl.compute((4,), lambda j: T[I[j]], "G")))
    message = error_of(lambda: f(np.zeros(16, np.int32),
                                 np.array([1, 99, 2, 3], np.int32),
                                 np.zeros(4, np.int32)))
    assert (f"out-of-bounds access: index [99] into '{T.name}' (made by "
            f"hcl.placeholder at {where}, argument 0 of @top") in message, message
