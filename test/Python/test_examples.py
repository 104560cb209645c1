"""examples/python: each program runs and checks itself ("check: OK")."""

import os
import pathlib
import subprocess
import sys

import pytest

import hcl

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.py")))
def test_example(example):
    # The package this test imports, wherever PYTHONPATH found it.
    env = dict(os.environ, PYTHONPATH=str(pathlib.Path(hcl.__file__).parents[1]))
    result = subprocess.run([sys.executable, str(EXAMPLES / example)],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "check: OK (" in result.stdout, result.stdout
