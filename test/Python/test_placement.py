"""Host / device placement (python/hcl/placement.py): s.to(A, target.xcel)
and s.to(B, target.host) split the program; the device's stages become the
HLS project's synthesized kernel with m_axi ports, the host's stay in
host.cpp and call it. Checked by running the C simulation against NumPy."""

import os

import numpy as np
import pytest

import hcl


def chain():
    """B = A + 1, C = B * 3, D = C - 2, E = D * D: four stages in a row."""
    hcl.init()
    A = hcl.placeholder((6, 8), "A")

    def kernel(A):
        B = hcl.compute(A.shape, lambda i, j: A[i, j] + 1, "B")
        C = hcl.compute(A.shape, lambda i, j: B[i, j] * 3, "C")
        D = hcl.compute(A.shape, lambda i, j: C[i, j] - 2, "D")
        return hcl.compute(A.shape, lambda i, j: D[i, j] * D[i, j], "E")

    return A, kernel, hcl.create_schedule([A], kernel)


def reference(a):
    d = (a + 1) * 3 - 2
    return d * d


def built(s, project, mode="csim"):
    target = hcl.Platform.aws_f1
    target.config(compiler="vitis", mode=mode, project=project)
    return target, hcl.build(s, target)


def test_middle_stages_run_on_the_device(tmp_path):
    A, kernel, s = chain()
    target = hcl.Platform.aws_f1
    s.to(kernel.B, target.xcel)   # B's output goes to the device...
    s.to(kernel.D, target.host)   # ... and D's comes back.
    target.config(mode="csim", project=str(tmp_path / "p"))
    mod = hcl.build(s, target)
    # The device kernel: C and D, with m_axi ports; B and E on the host.
    assert "m_axi" in mod.src and "m_axi" not in mod.host_src
    assert "* 3;" in mod.src and "- 2;" in mod.src         # C and D
    assert "+ 1;" in mod.host_src and "+ 1;" not in mod.src   # B
    # Each half names the stages it runs.
    assert "// The device kernel @Stage_C_D runs: stages C, D." in mod.src
    assert ("not synthesized) runs: stages B, E." in mod.host_src)
    tcl = open(tmp_path / "p" / "run_hls.tcl").read()
    assert "set_top Stage_C_D" in tcl and "add_files -tb host.cpp" in tcl
    assert "void top(" in mod.host_src and "Stage_C_D(" in mod.host_src
    assert "void Stage_C_D(" in mod.src and "void top(" not in mod.src
    a = np.random.default_rng(3).integers(-50, 50, (6, 8), dtype=np.int32)
    e = np.zeros((6, 8), np.int32)
    mod(a, e)
    np.testing.assert_array_equal(e, reference(a))


def test_moved_input_puts_its_readers_on_the_device(tmp_path):
    A, kernel, s = chain()
    target = hcl.Platform.aws_f1
    s.to(A, target.xcel)
    s.to(kernel.C, target.host)
    target.config(mode="csim", project=str(tmp_path / "q"))
    mod = hcl.build(s, target)
    assert "void Stage_B_C(" in mod.src
    a = np.random.default_rng(4).integers(-50, 50, (6, 8), dtype=np.int32)
    e = np.zeros((6, 8), np.int32)
    mod(a, e)
    np.testing.assert_array_equal(e, reference(a))


def test_in_place_updates_split_between_host_and_device(tmp_path):
    hcl.init()
    A = hcl.placeholder((4, 5), "A")

    def kernel(A):
        hcl.update(A, lambda i, j: A[i, j] + 1, "U1")
        hcl.update(A, lambda i, j: A[i, j] * 2, "U2")

    s = hcl.create_schedule([A], kernel)
    target = hcl.Platform.aws_f1
    s.to(A, target.xcel)
    s.to(kernel.U1.A, target.host)   # HeteroCL's stage.tensor spelling
    target.config(mode="csim", project=str(tmp_path / "u"))
    mod = hcl.build(s, target)
    assert "void Stage_U1(" in mod.src
    a = np.arange(20, dtype=np.int32).reshape(4, 5)
    mod(a)
    np.testing.assert_array_equal(a, (np.arange(20).reshape(4, 5) + 1) * 2)


def test_building_twice_gives_the_same_project(tmp_path):
    A, kernel, s = chain()
    target = hcl.Platform.aws_f1
    s.to(kernel.B, target.xcel)
    s.to(kernel.D, target.host)
    target.config(mode="debug", project=str(tmp_path / "r"))
    first = hcl.build(s, target).src
    assert hcl.build(s, target).src == first


def test_placement_errors():
    A, kernel, s = chain()
    target = hcl.Platform.aws_f1
    with pytest.raises(hcl.Error, match="streaming ports"):
        s.to(A, target.xcel, mode=hcl.IO.Stream)
    with pytest.raises(hcl.Error, match="expected a stage"):
        s.to(A, "fpga")
    with pytest.raises(AttributeError, match="kernel.<stage>.B"):
        kernel.B.A
    # Nothing reads what is on the device.
    s.to(kernel.E, target.xcel)
    target.config(mode="debug", project="unused.prj")
    with pytest.raises(hcl.Error, match="no stage reads data placed on the "
                                        "device"):
        hcl.build(s, target)


def test_device_stages_must_be_consecutive(tmp_path):
    hcl.init()
    A = hcl.placeholder((4,), "A")
    H = hcl.placeholder((4,), "H")

    def kernel(A, H):
        B = hcl.compute((4,), lambda i: A[i] + 1, "B")
        C = hcl.compute((4,), lambda i: H[i] * 2, "C")
        return hcl.compute((4,), lambda i: B[i] + C[i], "D")

    s = hcl.create_schedule([A, H], kernel)
    target = hcl.Platform.aws_f1
    s.to(A, target.xcel)
    target.config(mode="debug", project=str(tmp_path / "c"))
    with pytest.raises(hcl.Error, match="stage 'C' runs on the host between"):
        hcl.build(s, target)
