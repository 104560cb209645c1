"""hcl.build(s, target="rtl"): the kernel's SystemVerilog through the C++
front end's hcl::build_rtl, the same module `hcl rtl` writes for the
program, and that program checked bit for bit against the JIT by `hcl check
--rtl` (Verilator) where Verilator is installed."""

import os
import shutil
import subprocess

import pytest

import hcl
from test_hls import stencil_schedule

HCL = os.path.join(os.environ.get("HCL_BUILD_DIR", "build"), "bin", "hcl")


def without_header(text):
    # The first line names the tool that wrote the file.
    return text.split("\n", 1)[1]


def test_rtl_is_the_module_hcl_rtl_writes(tmp_path):
    s = stencil_schedule()
    text = hcl.build(s, target="rtl")
    assert "module top (" in text and "ap_start" in text
    program = tmp_path / "stencil.mlir"
    program.write_text(s.device_module)
    subprocess.run([HCL, "rtl", str(program), "-o", str(tmp_path / "out")],
                   check=True, capture_output=True)
    written = (tmp_path / "out" / "top.sv").read_text()
    assert without_header(text) == without_header(written)


@pytest.mark.skipif(not shutil.which("verilator"), reason="needs Verilator")
def test_rtl_program_matches_the_jit(tmp_path):
    program = tmp_path / "stencil.mlir"
    program.write_text(stencil_schedule().device_module)
    result = subprocess.run([HCL, "check", "--rtl", str(program), "--seeds",
                             "1"], capture_output=True, text=True)
    assert "hcl check --rtl: OK" in result.stdout, result.stderr


def test_rtl_refusal_is_an_hcl_error():
    A = hcl.placeholder((4,), "A", dtype=hcl.Float(32))

    def kernel(A):
        return hcl.compute((4,), lambda i: hcl.exp(A[i]), "B")

    s = hcl.create_schedule([A], kernel)
    with pytest.raises(hcl.Error, match="build_rtl"):
        hcl.build(s, target="rtl")
