"""Every misuse gives an hcl.Error (a RuntimeError) with the front end's
message, and the interpreter goes on: one test per error path."""

import numpy as np
import pytest

import hcl


def schedule():
    """A schedule and its kernel (a new function each time: kernel.B is the
    last schedule's B)."""
    def two_stage_kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
        return hcl.compute(A.shape, lambda i, j: B[i, j] * 2, "C")

    A = hcl.placeholder((8, 8), "A")
    return hcl.create_schedule([A], two_stage_kernel), two_stage_kernel


def add_one():
    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[i] + 1, "B"))
    return hcl.build(s)


def raises(match):
    return pytest.raises(hcl.Error, match=match)


def test_error_is_a_runtime_error():
    assert issubclass(hcl.Error, RuntimeError)


def test_lambda_arity_against_the_shape():
    A = hcl.placeholder((4, 4), "A")
    with raises("compute 'B': the lambda takes 1 index variables but the shape 4x4"):
        hcl.create_schedule([A], lambda A: hcl.compute((4, 4), lambda i: A[i, i], "B"))


def test_too_few_indices():
    A = hcl.placeholder((4, 4), "A")
    with raises("'A' has 2 dimensions but is indexed with 1"):
        hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[i] + 1, "B"))


def test_stage_of_a_tensor_of_another_schedule():
    s1, k1 = schedule()
    s2, k2 = schedule()
    with raises("'C' is not computed by this schedule's kernel"):
        s2[k1.C]


def test_too_many_indices():
    A = hcl.placeholder((4,), "A")
    with raises("'A' has 1 dimensions"):
        hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[i, i], "B"))


def test_module_called_with_too_few_arrays():
    with raises("module @top takes 1 input and 1 output arrays, got 1"):
        add_one()(hcl.asarray(np.zeros(4)))


def test_module_called_with_another_dtype():
    with raises(r"input 0 \('A'\): expected int32, got float32"):
        add_one()(hcl.asarray(np.zeros(4), hcl.Float()), hcl.asarray(np.zeros(4)))


def test_module_called_with_another_shape():
    with raises("expected memref<4xi32>, got shape 5"):
        add_one()(hcl.asarray(np.zeros(5)), hcl.asarray(np.zeros(4)))


def test_module_called_with_the_same_array_twice():
    a = hcl.asarray(np.zeros(4))
    with raises("the same array is passed twice"):
        add_one()(a, a)


def test_module_called_with_a_list():
    with raises("argument 0 is a list, expected an hcl.Array or a NumPy array"):
        add_one()([1, 2, 3, 4], np.zeros(4, np.int32))


def test_stage_of_another_schedule():
    s1, k1 = schedule()
    s2, k2 = schedule()
    with raises("stage 'C' belongs to another schedule"):
        s2.reuse_at(k2.B, s1[k1.C], k1.C.axis[0])


def test_compute_at_a_stage_of_another_schedule():
    s1, k1 = schedule()
    s2, k2 = schedule()
    with raises("compute_at: stage 'C' belongs to another schedule"):
        s2[k2.B].compute_at(s1[k1.C], k1.C.axis[0])


def test_axis_of_another_stage():
    s, k = schedule()
    with raises("pipeline: axis 'j' belongs to another stage, not to 'B'"):
        s[k.B].pipeline(k.C.axis[1])


def test_unknown_loop_name():
    s, k = schedule()
    with raises("split: stage 'B' has no axis named 'q'"):
        s[k.B].split("q", 2)


def test_split_factor_zero():
    s, k = schedule()
    with raises("split on stage 'B': the factor must be at least 1, got 0"):
        s[k.B].split(k.B.axis[0], 0)


def test_partition_dimension_out_of_range():
    s, k = schedule()
    with raises("partition of 'B': dimension 3 is out of range"):
        s.partition(k.B, dim=3)


def test_expression_has_no_truth_value():
    A = hcl.placeholder((4,), "A")
    with raises("no truth value"):
        hcl.create_schedule(
            [A], lambda A: hcl.compute((4,), lambda i: A[i] if A[i] > 0 else 0, "B"))


def test_expression_is_not_a_python_int():
    A = hcl.placeholder((4,), "A")
    with raises("not a Python int"):
        hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[range(i)[0]], "B"))


def test_tensor_used_as_an_expression():
    A = hcl.placeholder((4,), "A")
    with raises("tensor 'A' used as the value of a compute: index it"):
        hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A, "B"))


def test_integer_literal_too_wide():
    A = hcl.placeholder((4,), "A")
    with raises("does not fit in 64 bits"):
        hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[i] + 2**70, "B"))


def test_bit_slice_with_a_step():
    A = hcl.placeholder((4,), "A")
    with raises("a bit slice is x\\[lo:hi\\]"):
        hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[i][0:8:2], "B"))


def test_kernel_arity():
    A = hcl.placeholder((4,), "A")
    with raises("create_schedule: the kernel takes 2 tensors but 1 inputs are given"):
        hcl.create_schedule([A], lambda A, B: None)


def test_kernel_returns_something_else():
    A = hcl.placeholder((4,), "A")
    with raises("the kernel returns a tensor, a list of tensors or nothing, got int"):
        hcl.create_schedule([A], lambda A: 3)


def test_python_exception_in_a_kernel_propagates_and_leaves_no_state():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            with hcl.for_(0, 4) as i:
                A[i] = 1 // 0

    with pytest.raises(ZeroDivisionError):
        hcl.create_schedule([A], kernel)
    # Nothing is left open: the next program records and runs normally.
    f = add_one()
    b = np.zeros(4, np.int32)
    f(np.arange(4, dtype=np.int32), b)
    np.testing.assert_array_equal(b, np.arange(4) + 1)


def test_with_blocks_closed_out_of_order():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            outer = hcl.for_(0, 4, name="i")
            inner = hcl.for_(0, 4, name="j")
            outer.__enter__()
            inner.__enter__()
            try:
                with raises("with-blocks must close in the order they opened"):
                    outer.__exit__(None, None, None)
            finally:
                inner.__exit__(None, None, None)
                outer.__exit__(None, None, None)

    hcl.create_schedule([A], kernel)


def test_elif_without_if():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            with hcl.elif_(A[0] > 0):
                A[0] = 1

    with raises("elif_ must follow an if_"):
        hcl.create_schedule([A], kernel)


def test_break_outside_a_loop():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            hcl.break_()

    with raises("break_ outside a for_ or while_ loop"):
        hcl.create_schedule([A], kernel)


def test_stages_do_not_nest():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            with hcl.Stage("T"):
                A[0] = 1

    with raises("stages do not nest"):
        hcl.create_schedule([A], kernel)


def test_for_step_must_not_be_zero():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            with hcl.for_(0, 4, step=0) as i:
                A[i] = 0

    with raises("the step must be a positive constant, got 0"):
        hcl.create_schedule([A], kernel)


def test_a_negative_step_needs_constant_bounds():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        with hcl.Stage("S"):
            with hcl.for_(A[0], 0, step=-1) as i:
                A[i] = 0

    with raises("a negative step \\(-1\\) needs Python int bounds"):
        hcl.create_schedule([A], kernel)


def test_def_parameter_count():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        @hcl.def_([(4,), (4,)])
        def f(X):
            pass

    with raises("def_ 'f': the body takes 1 tensors but 2 parameter shapes"):
        hcl.create_schedule([A], kernel)


def test_unknown_dtype_spelling():
    with raises("expected an hcl type"):
        hcl.placeholder((4,), "A", "int7x")


def test_platform_mode():
    with raises("mode 'impl': one of debug, csim, csyn"):
        hcl.Platform.xilinx_zc706.config(mode="impl")


def test_build_target():
    s, _ = schedule()
    with raises("target is None \\(CPU\\), 'vhls', 'rtl' or an hcl.Platform"):
        hcl.build(s, target="fpga")


def test_csim_with_too_few_arrays():
    s, _ = schedule()
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csim", project="p")
    with raises("csim: the program takes 1 input arrays"):
        hcl.build(s, target=target)()


def test_merge_of_different_code():
    """The seed's own param example merges D = 2C into Stage_C (C = A + 1):
    that would change D, so hcl refuses it."""
    A = hcl.placeholder((10, 32), "A")

    def kernel(A):
        C = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "C")
        return hcl.compute(A.shape, lambda i, j: C[i, j] * 2, "D")

    s = hcl.create_schedule([A], kernel)
    func_C = s[kernel.C].outline(param=["i", "j"])
    s[kernel.D].outline(param=["i", "j"], merge=func_C)
    with raises("cannot merge D into @Stage_C"):
        hcl.lower(s)


def test_outline_merge_takes_a_function():
    s, k = schedule()
    with raises("merge= takes a function outline returned"):
        s[k.B].outline(merge="Stage_C")


def test_asarray_of_strings():
    with raises("asarray: cannot convert the values to int32"):
        hcl.asarray(np.array(["a", "b"]))


def test_array_too_large():
    with raises("the shape is too large for memory"):
        hcl.Array((1 << 62, 4), hcl.Int(32))


def test_with_block_entered_and_dropped_leaves_nothing_open():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        loop = hcl.for_(0, 4, name="i")
        loop.__enter__()  # never exited: dropping it closes the loop
        del loop
        with hcl.Stage("S"):
            A[0] = 5

    s = hcl.create_schedule([A], kernel)
    a = np.zeros(4, np.int32)
    hcl.build(s)(a)
    assert a[0] == 5


def test_build_threads_out_of_range():
    s, _ = schedule()
    with raises("threads= takes a number of threads of at least 1, got 0"):
        hcl.build(s, threads=0)
    with raises("threads= takes a number of threads of at least 1, got 'two'"):
        hcl.build(s, threads="two")
    with raises("cannot run parallel loops on 5000 threads: at most 1024"):
        hcl.build(s, threads=5000)


# Issue 26: misuses that used to leak another exception, or a silent value.

def test_compute_value_is_a_partial_index():
    # Used to raise SystemError from the extension.
    A = hcl.placeholder((4, 4), "A")
    with raises("'A' has 2 dimensions but is indexed with 1"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4, 4), lambda i, j: A[i], "B"))


def test_partial_index_as_an_index_or_a_select_operand():
    A = hcl.placeholder((4, 4), "A")
    I = hcl.placeholder((4,), "I")
    with raises("'A' has 2 dimensions but is indexed with 1"):
        hcl.create_schedule([A, I], lambda A, I: hcl.compute(
            (4,), lambda i: I[A[i]], "B"))
    with raises("'A' has 2 dimensions but is indexed with 1"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4,), lambda i: hcl.select(i > 1, A[i], 0), "B"))


def test_shape_size_too_large():
    with raises("does not fit in 64 bits"):
        hcl.placeholder((2 ** 70,), "A")


def test_axis_position_too_large():
    s, kernel = schedule()
    with raises("position out of range"):
        kernel.B.axis[2 ** 70]


def test_bit_slice_with_hi_below_lo():
    # HeteroCL refuses reversed bounds too; hcl used to read them as hi:lo.
    A = hcl.placeholder((4,), "A")
    with raises(r"x\[7:3\] of a 32-bit value: the bounds are reversed"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4,), lambda i: A[i][7:3], "B"))


def test_empty_bit_slice():
    A = hcl.placeholder((4,), "A")
    with raises(r"x\[2:2\] of a 32-bit value: the slice is empty"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4,), lambda i: A[i][2:2], "B"))


def test_bit_slice_past_the_width():
    A = hcl.placeholder((4,), "A", hcl.Int(8))
    with raises(r"x\[0:9\] of a 8-bit value: .* needs 0 <= lo < hi <= 8"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4,), lambda i: A[i][0:9], "B"))


def test_bit_slice_in_range_reads_the_bits():
    A = hcl.placeholder((3,), "A")
    s = hcl.create_schedule([A], lambda A: hcl.compute(
        (3,), lambda i: A[i][3:7], "B"))
    a = np.array([0b11111000, 0b10101000, 0x7FFFFF07], np.int32)
    b = np.zeros(3, np.int32)
    hcl.build(s)(a, b)
    assert list(b) == [0b1111, 0b0101, 0]  # bits 3 to 6


def test_bit_index_past_the_width():
    # Used to report "hcl wrote MLIR it cannot parse" at hcl.build.
    A = hcl.placeholder((4,), "A")
    with raises(r"x\[i\]: bit 40 of a 32-bit value \(int32\); bits are 0 to 31"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4,), lambda i: A[i][40], "B"))


def test_fixed_point_literal_that_does_not_fit():
    # 1.0 * 1000.3 computes in Fixed(16, 8), where 1000.3 used to wrap to
    # -23.70 without a word.
    A = hcl.placeholder((4,), "A", hcl.Fixed(8, 4))
    s = hcl.create_schedule([A], lambda A: hcl.compute(
        (4,), lambda i: A[i] * 1000.3, "B", hcl.Fixed(8, 4)))
    with raises(r"stage 'B': the literal 1000.3 does not fit fixed16_8 "
                r"\(-128 to 127.99609375\), the fixed-point type it meets"):
        hcl.build(s)


def test_fixed_point_literal_stored_into_a_narrow_stage():
    A = hcl.placeholder((4,), "A", hcl.Fixed(8, 4))
    s = hcl.create_schedule([A], lambda A: hcl.compute(
        (4,), lambda i: 8.5, "B", hcl.UFixed(4, 1)))
    with raises(r"the literal 8.5 does not fit ufixed4_1 \(0 to 7.5\)"):
        hcl.lower(s)


def test_fixed_point_literal_that_fits_is_quantized():
    A = hcl.placeholder((2,), "A", hcl.Fixed(8, 4))
    s = hcl.create_schedule([A], lambda A: hcl.compute(
        (2,), lambda i: A[i] * 100.3, "B", hcl.Fixed(16, 8)))
    a = np.array([1.0, -0.5])
    b = np.zeros(2)
    hcl.build(s)(a, b)
    assert list(b) == [100.296875, -50.1484375]


@pytest.mark.parametrize("spelling", [lambda: hcl.Int(600),
                                      lambda: hcl.UInt(513),
                                      lambda: hcl.Fixed(600, 8),
                                      lambda: hcl.as_type("int600")])
def test_integer_wider_than_512_bits(spelling):
    with raises("widths are 1 to 512 bits"):
        spelling()


def test_read_only_output_is_refused():
    # The results used to be dropped without a word.
    out = np.zeros(4, np.int32)
    out.flags.writeable = False
    with raises(r"module @top: argument 1 \('B'\) is an output but the NumPy "
                r"array is read-only"):
        add_one()(np.arange(4, dtype=np.int32), out)


def test_broadcast_output_is_refused():
    out = np.broadcast_to(np.zeros(1, np.int32), (4,))
    with raises("is an output but the NumPy array is read-only"):
        add_one()(np.arange(4, dtype=np.int32), out)


def test_read_only_input_that_the_program_updates():
    A = hcl.placeholder((4,), "A")

    def kernel(A):
        hcl.update(A, lambda i: A[i] * 2, "U")
        return hcl.compute((4,), lambda i: A[i] + 1, "B")

    f = hcl.build(hcl.create_schedule([A], kernel))
    a = np.arange(4, dtype=np.int32)
    a.flags.writeable = False
    with raises(r"argument 0 \('A'\): the program wrote to it but the NumPy "
                r"array is read-only"):
        f(a, np.zeros(4, np.int32))


def test_read_only_input_that_is_only_read():
    a = np.arange(4, dtype=np.int32)
    a.flags.writeable = False
    b = np.zeros(4, np.int32)
    add_one()(a, b)
    assert list(b) == [1, 2, 3, 4]


def test_non_contiguous_output_gets_the_results():
    storage = np.zeros(8, np.int32)
    add_one()(np.arange(4, dtype=np.int32), storage[::2])
    assert list(storage) == [1, 0, 2, 0, 3, 0, 4, 0]


def test_output_of_another_dtype_gets_the_converted_results():
    b = np.zeros(4, np.float64)
    add_one()(np.arange(4, dtype=np.int32), b)
    assert list(b) == [1.0, 2.0, 3.0, 4.0]


def test_check_bounds_takes_a_bool():
    A = hcl.placeholder((4,), "A")
    s = hcl.create_schedule([A], lambda A: hcl.compute((4,), lambda i: A[i], "B"))
    with raises("check_bounds= is True or False"):
        hcl.build(s, check_bounds="yes")


@pytest.mark.parametrize("misuse, message", [
    (lambda: hcl.UInt(2 ** 40), r"UInt\(1099511627776\): widths are 1 to 512"),
    (lambda: hcl.Fixed(8, 2 ** 40), r"Fixed\(8, 1099511627776\): the fraction "
                                     r"bits must be 0 to the width"),
    (lambda: hcl.reduce_axis(0, 2 ** 70), r"the bounds are 64-bit Python ints"),
    (lambda: hcl.const_tensor(np.array(["a"]), "C"), "the values must be "
                                                     "numbers"),
])
def test_arguments_out_of_the_extension_range(misuse, message):
    # These were pybind11 TypeErrors or NumPy ValueErrors.
    with raises(message):
        misuse()


def test_primitive_factor_out_of_range():
    s, kernel = schedule()
    with raises("unroll's factor 1180591620717411303424 is out of range"):
        s[kernel.B].unroll(kernel.B.axis[0], 2 ** 70)


def test_build_threads_beyond_the_limit():
    s, kernel = schedule()
    with raises("cannot run parallel loops on 1099511627776 threads: at most "
                "1024"):
        hcl.build(s, threads=2 ** 40)


def test_float_bit_position():
    A = hcl.placeholder((4,), "A")
    with raises("x\\[i\\]: a bit position is an integer, not float32"):
        hcl.create_schedule([A], lambda A: hcl.compute(
            (4,), lambda i: A[i][1.5], "B"))


def test_an_output_of_another_width_or_an_input_of_the_other_signedness():
    # Only an output may have the other signedness (it receives the bits);
    # an input would be read as other values, and another width is
    # another type.
    with raises(r"output 0: expected memref<4xi32>, got an array of int16"):
        add_one()(hcl.asarray(np.zeros(4)), hcl.asarray(np.zeros(4), hcl.Int(16)))
    with raises(r"input 0 \('A'\): expected int32, got uint32"):
        add_one()(hcl.asarray(np.zeros(4), hcl.UInt(32)), hcl.asarray(np.zeros(4)))
