"""HLS projects from Python: hcl.build(s, target=platform) in modes debug
(the C++) and csim (g++ runs the HLS C++ on the caller's arrays, checked
against NumPy), target="vhls", and csyn without Vitis HLS."""

import os
import shutil

import numpy as np
import pytest

import hcl


def stencil_schedule():
    A = hcl.placeholder((10, 10), "A")

    def kernel(A):
        return hcl.compute((8, 8), lambda i, j: A[i, j + 1] + A[i + 1, j]
                           + A[i + 2, j + 1], "B")

    s = hcl.create_schedule([A], kernel)
    B = kernel.B
    LB = s.reuse_at(A, s[B], B.axis[0])
    s.reuse_at(LB, s[B], B.axis[1])
    s[B].pipeline(B.axis[1])
    return s


def reference(a):
    return a[:-2, 1:-1] + a[1:-1, :-2] + a[2:, 1:-1]


def test_csim_runs_the_hls_cpp_on_the_arrays():
    target = hcl.Platform.ultra96
    target.config(compiler="vitis", mode="csim", project="stencil.prj")
    mod = hcl.build(stencil_schedule(), target=target)
    assert os.path.isfile("stencil.prj/kernel.cpp")
    assert "xczu3eg-sbva484-1-e" in open("stencil.prj/run_hls.tcl").read()
    a = np.random.default_rng(8).integers(-99, 99, (10, 10), dtype=np.int32)
    b = np.zeros((8, 8), np.int32)
    mod(a, b)
    np.testing.assert_array_equal(b, reference(a))


def test_debug_mode_gives_the_cpp_and_vhls_the_string():
    target = hcl.Platform.xilinx_zc706
    target.config(compiler="vivado_hls", mode="debug", project="dbg.prj")
    code = hcl.build(stencil_schedule(), target=target)()
    assert "#pragma HLS pipeline II=1" in code and "A_reuse" in code
    assert "xc7z045ffg900-2" in open("dbg.prj/run_hls.tcl").read()
    assert hcl.build(stencil_schedule(), target="vhls") == code


def test_platforms_are_fresh_objects():
    t = hcl.Platform.xilinx_zc706
    t.config(mode="csim", project="x")
    assert hcl.Platform.xilinx_zc706.mode == "debug"


@pytest.mark.skipif(shutil.which("vitis_hls") or shutil.which("vivado_hls"),
                    reason="checks the message given without Vitis HLS")
def test_csyn_without_vitis_says_so():
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csyn", project="syn.prj")
    mod = hcl.build(stencil_schedule(), target=target)
    with pytest.raises(hcl.Error, match="Vitis HLS, which is not on PATH"):
        mod()


def test_csim_converts_numpy_arrays_to_the_program_types():
    """NumPy arrays take the placeholders' types, not hcl.init's of the day."""
    hcl.init(hcl.Float())
    A = hcl.placeholder((6,), "A")
    s = hcl.create_schedule([A], lambda A: hcl.compute((6,), lambda i: A[i] * 1.5, "B"))
    hcl.init(hcl.Int(32))
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csim", project="f.prj")
    a = np.linspace(-1, 1, 6, dtype=np.float32)
    b = np.zeros(6, np.float32)
    hcl.build(s, target=target)(a, b)
    np.testing.assert_allclose(b, a * 1.5)


def test_a_fused_index_divides_plainly_in_the_cpp_and_csim_agrees():
    # The fused loop counts up from 0, so its row and column are C's / and %
    # (no rounding helper), spelled as HeteroCL's C++ spells them.
    A = hcl.placeholder((6, 10), "A")
    B = hcl.compute(A.shape, lambda y, x: A[y, x] * 3 + x, "B")
    s = hcl.create_schedule([A, B])
    s[B].fuse(B.axis[0], B.axis[1])
    code = hcl.build(s, target="vhls")
    assert "(y_x_fused / 10)" in code and "(y_x_fused % 10)" in code
    assert "hcl_mod" not in code and "hcl_floordiv" not in code
    target = hcl.Platform.xilinx_zc706
    target.config(mode="csim", project="fused.prj")
    mod = hcl.build(s, target=target)
    a = np.random.default_rng(3).integers(-50, 50, (6, 10), dtype=np.int32)
    b = np.zeros((6, 10), np.int32)
    mod(a, b)
    np.testing.assert_array_equal(b, a * 3 + np.arange(10))
