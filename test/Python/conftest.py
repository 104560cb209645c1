"""pytest set-up for hcl's Python package tests (run by ctest as `python`;
by hand: PYTHONPATH=build/python /usr/bin/python3 -m pytest test/Python)."""

import pytest

import hcl


@pytest.fixture(autouse=True)
def fresh_state(tmp_path, monkeypatch):
    """Each test starts with hcl.init's default type and works in a
    temporary folder (HLS projects are written relative to it)."""
    hcl.init(hcl.Int(32))
    monkeypatch.chdir(tmp_path)
    yield
    hcl.init(hcl.Int(32))
