"""hcl: HeteroCL's Python API on hcl's MLIR compiler (docs/python.md).

    import hcl, numpy as np
    hcl.init(hcl.Int(32))
    A = hcl.placeholder((10, 10), "A")
    def kernel(A):
        return hcl.compute((8, 8), lambda i, j: A[i, j + 1] + A[i + 2, j + 1], "B")
    s = hcl.create_schedule([A], kernel)
    s[kernel.B].pipeline(kernel.B.axis[1])
    f = hcl.build(s)
    a = hcl.asarray(np.arange(100).reshape(10, 10)); b = hcl.asarray(np.zeros((8, 8)))
    f(a, b); print(b.asnumpy())
"""

from . import _hcl
from .types import (Error, Type, Int, UInt, Float, BFloat16, Fixed, UFixed, Index,
                    as_type, init, get_default_type)
from .compute import (Expr, Var, Tensor, placeholder, compute, update, mutate,
                      scalar, const_tensor, reduce_axis, sum, max, min,
                      reducer, select, cast, bitcast, for_, while_, if_,
                      elif_, else_, Stage, break_, def_, return_, print)
from .packing import pack, unpack
from .struct import Struct
from .schedule import (Schedule, Partition, Function, create_schedule,
                       customize, Scheme, create_scheme,
                       create_schedule_from_scheme)
from .build import (Array, Module, HLSModule, Platform, asarray, cast_np,
                    lower, build)
from .placement import IO
from .estimate import estimate, roofline
from .tune import tune
from .loopnests import get_affine_loop_nests

exp = _hcl.exp
log = _hcl.log
sqrt = _hcl.sqrt
power = _hcl.pow
tanh = _hcl.tanh
erf = _hcl.erf
floor = _hcl.floor
ceil = _hcl.ceil
round = _hcl.round
sin = _hcl.sin
cos = _hcl.cos
tan = _hcl.tan
isnan = _hcl.isnan
isinf = _hcl.isinf
abs = _hcl.abs
set_bit = _hcl.set_bit
set_slice = _hcl.set_slice
bit_reverse = _hcl.bit_reverse
not_ = _hcl.logical_not


class operation:
    """HeteroCL's hcl.operation namespace."""

    @staticmethod
    def copy(values, name=None, dtype=None):
        """A new tensor with the values of a tensor (a stage copying it)
        or of a NumPy array / nested lists (a constant tensor)."""
        if isinstance(values, Tensor):
            source = values
            return compute(source.shape,
                           lambda *i: source[i if len(i) > 1 else i[0]], name,
                           dtype or source.dtype)
        return const_tensor(values, name, dtype)


def get_bitwidth(dtype):
    """The width of `dtype` in bits (HeteroCL's hcl.get_bitwidth)."""
    return as_type(dtype, "get_bitwidth").bits


def log2(x):
    """The base-2 logarithm (a float): log(x) / log(2)."""
    return _hcl.log(x) / 0.6931471805599453


def log10(x):
    """The base-10 logarithm (a float): log(x) / log(10)."""
    return _hcl.log(x) / 2.302585092994046


def _fold_conditions(conditions, empty, combine):
    """`combine` over the conditions; one condition is compared with 0, and
    none gives the one-bit `empty`."""
    if not conditions:
        return _hcl.cast(UInt(1), empty)
    result = conditions[0] if len(conditions) > 1 else (conditions[0] != 0)
    for c in conditions[1:]:
        result = combine(result, c)
    return result


def and_(*conditions):
    """All of the conditions hold (HeteroCL's hcl.and_; none: true)."""
    return _fold_conditions(conditions, 1, _hcl.logical_and)


def or_(*conditions):
    """One of the conditions holds (HeteroCL's hcl.or_; none: false)."""
    return _fold_conditions(conditions, 0, _hcl.logical_or)

# HeteroCL's top-level style: stages created outside any kernel make up the
# program that create_schedule([A, B]) schedules.
_hcl.set_top_level_recording(True)

# hcl.print is spelled so; `from hcl import *` keeps Python's print.
__all__ = [name for name in dir()
           if not name.startswith("_") and name != "print"]
