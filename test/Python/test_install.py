"""`cmake --install` puts the package in <prefix>/lib/python3/dist-packages;
with that on PYTHONPATH, `import hcl` loads the installed libhcl.so and
runs a program."""

import os
import pathlib
import subprocess
import sys

import hcl

PROGRAM = r"""
import numpy as np, hcl
A = hcl.placeholder((6,), "A")
s = hcl.create_schedule([A], lambda A: hcl.compute((6,), lambda i: A[i] * 7, "B"))
b = np.zeros(6, np.int32)
hcl.build(s)(np.arange(6, dtype=np.int32), b)
assert (b == 7 * np.arange(6)).all(), b
maps = open("/proc/self/maps").read()
print(hcl.__file__)
print([line.split()[-1] for line in maps.splitlines() if "libhcl.so" in line][0])
"""


def test_installed_package(tmp_path):
    build = pathlib.Path(os.environ.get("HCL_BUILD_DIR",
                                        pathlib.Path(hcl.__file__).parents[2]))
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)],
                   check=True, capture_output=True)
    site = prefix / "lib" / "python3" / "dist-packages"
    assert (site / "hcl" / "__init__.py").is_file()
    env = dict(os.environ, PYTHONPATH=str(site))
    result = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True,
                            text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    package, library = result.stdout.split()
    assert package.startswith(str(site))
    assert library.startswith(str(prefix))
