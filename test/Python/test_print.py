"""hcl.print (HeteroCL's): printf when the program runs, on the CPU and in
the HLS C simulation. Each program runs in a child Python, whose output is
compared with what Python / NumPy print for the same values."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import hcl


def output_of(program):
    """What `program` (after `import hcl, numpy as np`) prints."""
    source = "import hcl\nimport numpy as np\n" + textwrap.dedent(program)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(hcl.__file__))
    result = subprocess.run([sys.executable, "-c", source],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_default_formats():
    out = output_of("""
        def kernel(A):
            hcl.print(5)
            hcl.print(2.5)
            hcl.print((A[1], A[2]))
        A = hcl.placeholder((4,), "A")
        f = hcl.build(hcl.create_schedule([A], kernel))
        f(np.array([0, -7, 8, 0], np.int32))
        """)
    assert out == "5 \n2.500 \n-7 8 \n"


def test_formats_of_integers_floats_and_fixed_point():
    a = np.random.default_rng(1).random(4)
    b = np.random.default_rng(2).integers(0, 16, 4)
    out = output_of(f"""
        A = hcl.placeholder((4,), "A", hcl.Float(64))
        B = hcl.placeholder((4,), "B", hcl.UInt(4))
        Q = hcl.placeholder((4,), "Q", hcl.UFixed(6, 4))
        def kernel(A, B, Q):
            hcl.print((A[0], B[1], B[2]), "%.4f %d|%x\\n")
            hcl.print(Q[3], "%.4f\\n")
            hcl.print((), "100%% done\\n")
        f = hcl.build(hcl.create_schedule([A, B, Q], kernel))
        q = hcl.asarray(np.array({list(a)}), hcl.UFixed(6, 4))
        f(np.array({list(a)}), np.array({list(b)}, np.uint8), q)
        import ctypes
        ctypes.CDLL(None).fflush(None)  # the kernel's prints, then ours
        print("%.4f" % q.asnumpy()[3])
        """)
    lines = out.splitlines()
    assert lines[0] == "%.4f %d|%x" % (a[0], b[1], b[2])
    assert lines[1] == lines[3]  # the fixed-point value as NumPy has it
    assert lines[2] == "100% done"


def test_a_tensor_prints_as_nested_brackets():
    out = output_of("""
        def kernel(A):
            hcl.print(A)
            hcl.print(A, "%.1f,")
        A = hcl.placeholder((2, 3), "A")
        f = hcl.build(hcl.create_schedule([A], kernel))
        f(np.arange(6, dtype=np.int32).reshape(2, 3) - 2)
        """)
    assert out == ("[[-2 -1 0 ]\n [1 2 3 ]]\n"
                   "[[-2.0,-1.0,0.0,]\n [1.0,2.0,3.0,]]\n")


def test_prints_in_loops_conditions_and_stages():
    out = output_of("""
        def kernel():
            z = hcl.compute((3,), lambda i: i * 10, "z")
            with hcl.for_(0, 3) as i:
                with hcl.if_(z[i] > 5):
                    hcl.print((i, z[i]), "z[%d]=%d\\n")
            def bump(j):
                z[j] += 1
                hcl.print(z[j], "%d;")
            hcl.mutate((3,), bump, "m")
            hcl.print((), "\\n")
            return z
        s = hcl.create_schedule([], kernel)
        s[kernel.m].unroll("j")
        out = np.zeros(3, np.int32)
        hcl.build(s)(out)
        """)
    assert out == "z[1]=10\nz[2]=20\n1;11;21;\n"


def test_the_c_simulation_prints_the_same():
    program = """
        def kernel(A):
            with hcl.for_(0, 2) as i:
                hcl.print((i, A[i]), "%d:%.2f\\n")
            return hcl.compute((2,), lambda i: A[i] * 2, "B")
        A = hcl.placeholder((2,), "A", hcl.Float(32))
        s = hcl.create_schedule([A], kernel)
        a = np.array([1.25, -3.5], np.float32)
        b = np.zeros(2, np.float32)
        {}
        """
    cpu = output_of(program.format("hcl.build(s)(a, b)"))
    csim = output_of(program.format(
        "t = hcl.Platform.xilinx_zc706\n"
        "        t.config(mode='csim', project=" + repr(os.getcwd() + "/p") +
        ")\n        hcl.build(s, target=t)(a, b)"))
    assert cpu == csim == "0:1.25\n1:-3.50\n"


def test_formats_that_cannot_print_are_errors():
    A = hcl.placeholder((4,), "A")
    B = hcl.placeholder((4,), "B", hcl.Int(100))

    def count(A, B):
        hcl.print((A[0], A[1]), "%d\n")

    def string(A, B):
        hcl.print(A[0], "%s\n")

    def wide(A, B):
        hcl.print(B[0], "%d\n")

    with pytest.raises(hcl.Error, match="1 conversions for 2 values"):
        hcl.create_schedule([A, B], count)
    with pytest.raises(hcl.Error, match="conversion '%s'"):
        hcl.create_schedule([A, B], string)
    with pytest.raises(hcl.Error, match="up to 64 bits"):
        hcl.create_schedule([A, B], wide)


def test_star_import_keeps_pythons_print():
    namespace = {}
    exec("from hcl import *", namespace)
    assert "print" not in namespace
