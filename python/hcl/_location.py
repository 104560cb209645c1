"""The user's Python line: the hcl package pins it around each call that
records a stage, a statement or a schedule primitive, so that the
operations carry it (`loc("kernel.py":12:0)`) and errors point at it
(`kernel.py:12: error: ...`) instead of at the MLIR hcl wrote."""

import functools
import os
import sys

from . import _hcl

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_inside_package = {}


def _is_hcl(filename):
    inside = _inside_package.get(filename)
    if inside is None:
        inside = os.path.dirname(os.path.abspath(filename)) == _PACKAGE_DIR
        _inside_package[filename] = inside
    return inside


def caller():
    """(file, line) of the innermost frame outside the hcl package."""
    frame = sys._getframe(1)
    while frame is not None and _is_hcl(frame.f_code.co_filename):
        frame = frame.f_back
    if frame is None:
        return ("", 0)
    return (frame.f_code.co_filename, frame.f_lineno)


class pinned:
    """`with pinned(where):` what the front end records is located at
    `where` (default: the caller's line)."""

    __slots__ = ("where", "saved")

    def __init__(self, where=None):
        self.where = where if where is not None else caller()

    def __enter__(self):
        self.saved = _hcl.pinned_location()
        _hcl.pin_location(*self.where)
        return self

    def __exit__(self, *exc):
        _hcl.pin_location(*self.saved)
        return False


def located(function):
    """`function`, recording at its caller's line."""

    @functools.wraps(function)
    def at_caller(*args, **kwargs):
        with pinned(caller()):
            return function(*args, **kwargs)

    return at_caller


class LocatedScope:
    """A with-block construct (for_, if_, Stage...) recorded at the line of
    the `with`, which is where its wrapper was called."""

    __slots__ = ("scope", "where")
    # How many with-blocks are open (hcl.return_ checks it is at its def_
    # body's own level).
    depth = 0

    def __init__(self, scope, where):
        self.scope = scope
        self.where = where

    def __enter__(self):
        with pinned(self.where):
            entered = self.scope.__enter__()
        LocatedScope.depth += 1
        return entered

    def __exit__(self, *exc):
        LocatedScope.depth -= 1
        with pinned(self.where):
            return self.scope.__exit__(*exc)
