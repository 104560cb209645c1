"""HeteroCL's tensor-level hcl.pack and hcl.unpack: the elements along one
axis gathered into wider integers, low element in the low bits, and back."""

from . import _hcl
from .compute import Tensor, bitcast, cast, compute, reduce_axis, sum
from .types import Error, UInt, as_type


def _bits(dtype):
    return dtype.bits


def _check(what, tensor, axis):
    if not isinstance(tensor, Tensor):
        raise Error(f"{what}: expected a tensor, got {type(tensor).__name__}")
    if not isinstance(axis, int) or not 0 <= axis < len(tensor.shape):
        raise Error(f"{what} of '{tensor.name}': axis {axis!r} is not one of "
                    f"its {len(tensor.shape)} dimensions")


def _factor(what, tensor, factor, dtype, wide):
    """The factor given, or the one `dtype` implies: wide / narrow bits."""
    narrow, wider = (tensor.dtype, dtype) if wide else (dtype, tensor.dtype)
    if factor is None:
        if dtype is None:
            raise Error(f"{what} of '{tensor.name}': give the factor or the "
                        f"dtype")
        if _bits(wider) % _bits(narrow):
            raise Error(f"{what} of '{tensor.name}': {wider} is not a whole "
                        f"number of {narrow} values")
        factor = _bits(wider) // _bits(narrow)
    if not isinstance(factor, int) or isinstance(factor, bool) or factor < 1:
        raise Error(f"{what} of '{tensor.name}': the factor is a positive "
                    f"int, got {factor!r}")
    return factor


def unpack(tensor, axis=0, factor=None, name=None, dtype=None):
    """Each element split into `factor` narrower ones along `axis`, its low
    bits first (HeteroCL's hcl.unpack): B[.., i, ..] holds bits
    (i % factor) * w .. (i % factor + 1) * w - 1 of A[.., i // factor, ..],
    w = A's width / factor, as `dtype` (default UInt(w))."""
    _check("unpack", tensor, axis)
    dtype = as_type(dtype, "unpack's dtype")
    factor = _factor("unpack", tensor, factor, dtype, wide=False)
    width = _bits(tensor.dtype)
    if width % factor:
        raise Error(f"unpack of '{tensor.name}': {tensor.dtype} does not "
                    f"split into {factor} equal parts")
    part = width // factor
    dtype = dtype or UInt(part)
    if _bits(dtype) != part:
        raise Error(f"unpack of '{tensor.name}': {factor} parts of "
                    f"{tensor.dtype} are {part} bits wide, not {dtype}")
    shape = list(tensor.shape)
    shape[axis] *= factor
    source = tensor

    def element(*index):
        outer = list(index)
        outer[axis] = index[axis] // factor
        whole = source[tuple(outer) if len(outer) > 1 else outer[0]]
        # Constant slices, one per part, chosen by the index's remainder.
        k = index[axis] % factor
        value = whole[0:part]
        for j in range(1, factor):
            value = _hcl.select(k == j, whole[j * part:(j + 1) * part], value)
        if dtype == UInt(part):
            return value
        return bitcast(value, dtype)

    return compute(tuple(shape), element, name, dtype)


def pack(tensor, axis=0, factor=None, name=None, dtype=None):
    """`factor` consecutive elements along `axis` gathered into one, the
    first in the low bits (HeteroCL's hcl.pack): B[.., i, ..] holds
    A[.., i * factor + k, ..] in bits k * w .. (k + 1) * w - 1, w = A's
    width, as `dtype` (default UInt(w * factor))."""
    _check("pack", tensor, axis)
    dtype = as_type(dtype, "pack's dtype")
    factor = _factor("pack", tensor, factor, dtype, wide=True)
    part = _bits(tensor.dtype)
    width = part * factor
    dtype = dtype or UInt(width)
    if _bits(dtype) != width:
        raise Error(f"pack of '{tensor.name}': {factor} values of "
                    f"{tensor.dtype} are {width} bits wide, not {dtype}")
    if tensor.shape[axis] % factor:
        raise Error(f"pack of '{tensor.name}': dimension {axis} "
                    f"({tensor.shape[axis]}) is not a multiple of {factor}")
    shape = list(tensor.shape)
    shape[axis] //= factor
    source = tensor
    raw = UInt(part)

    def element(*index):
        k = reduce_axis(0, factor, "k")
        inner = list(index)
        inner[axis] = index[axis] * factor + k
        value = source[tuple(inner) if len(inner) > 1 else inner[0]]
        if source.dtype != raw:
            value = bitcast(value, raw)
        # The parts' bits do not overlap, so their sum is their union.
        packed = sum(cast(UInt(width), value) << (k * part), axis=k,
                     dtype=UInt(width))
        return packed if dtype == UInt(width) else bitcast(packed, dtype)

    return compute(tuple(shape), element, name, dtype)
