"""Element types: hcl.Int(n), hcl.UInt(n), hcl.Float() (16, 32 or 64 bits),
hcl.BFloat16(), hcl.Fixed(w, f), hcl.UFixed(w, f), and HeteroCL's string spellings ("int8", "fixed16_8")."""

import re

from . import _hcl

Type = _hcl.Type
Error = _hcl.Error


def _width(bits, what):
    if not isinstance(bits, int) or isinstance(bits, bool) or bits < 1:
        raise Error(f"{what}: the width must be a positive int, got {bits!r}")
    # Checked here too: a width past 32 bits would not reach the C++ check.
    if bits > 512 and what != "Float":
        raise Error(f"{what}({bits}): widths are 1 to 512 bits")
    return bits


def Int(bits=32):
    return _hcl.Int(_width(bits, "Int"))


def UInt(bits=32):
    return _hcl.UInt(_width(bits, "UInt"))


def Float(bits=32):
    if bits not in (16, 32, 64) and _width(bits, "Float"):
        raise Error(f"Float({bits}): only Float(16), Float(32) and Float(64) "
                    f"are supported (hcl.BFloat16() for bfloat16)")
    return _hcl.Float(bits)


def BFloat16():
    """bfloat16 (MLIR's bf16): NumPy has none, so asnumpy() gives float64."""
    return _hcl.BFloat16()


def Fixed(bits, fracs):
    _width(bits, "Fixed")
    if not isinstance(fracs, int) or isinstance(fracs, bool) or fracs < 0:
        raise Error(f"Fixed({bits}, {fracs!r}): fraction bits are 0 or more")
    if fracs > bits:
        raise Error(f"Fixed({bits}, {fracs}): the fraction bits must be 0 "
                    f"to the width")
    return _hcl.Fixed(bits, fracs)


def UFixed(bits, fracs):
    _width(bits, "UFixed")
    if not isinstance(fracs, int) or isinstance(fracs, bool) or fracs < 0:
        raise Error(f"UFixed({bits}, {fracs!r}): fraction bits are 0 or more")
    if fracs > bits:
        raise Error(f"UFixed({bits}, {fracs}): the fraction bits must be 0 "
                    f"to the width")
    return _hcl.UFixed(bits, fracs)


def Index():
    """HeteroCL's hcl.Index(), the type of an index: MLIR's `index` on a
    64-bit host, so Int(64) here (hcl.cast(hcl.Index(), e) for A[e])."""
    return Int(64)


_SPELLING = re.compile(r"^(u?int|b?float|u?fixed)(\d+)(?:_(\d+))?$")


def as_type(dtype, what="dtype"):
    """A dtype argument as an hcl.Type: a Type, None (the default type),
    or HeteroCL's spelling ("int32", "uint8", "float32", "fixed16_8")."""
    if dtype is None:
        return None
    if isinstance(dtype, Type):
        return dtype
    if hasattr(dtype, "fields") and isinstance(getattr(dtype, "storage", None),
                                               Type):
        return dtype.storage  # an hcl.Struct is stored as an unsigned integer
    if isinstance(dtype, str):
        match = _SPELLING.match(dtype)
        if match:
            kind, bits, fracs = match.group(1), int(match.group(2)), match.group(3)
            if kind == "int" and fracs is None:
                return Int(bits)
            if kind == "uint" and fracs is None:
                return UInt(bits)
            if kind == "float" and fracs is None:
                return Float(bits)
            if kind == "bfloat" and bits == 16 and fracs is None:
                return BFloat16()
            if kind in ("fixed", "ufixed") and fracs is not None:
                return (Fixed if kind == "fixed" else UFixed)(bits, int(fracs))
    raise Error(f"{what}: expected an hcl type (hcl.Int(32), hcl.Fixed(16, 8), "
                f"'int32', 'fixed16_8', ...), got {dtype!r}")


def init(init_dtype=None, raise_assert_exception=True):
    """HeteroCL's hcl.init(dtype): the type of tensors and literals that do
    not name one (Int(32) until set)."""
    _hcl.init(as_type(init_dtype) or Int(32))
    # A new program: HeteroCL's top-level stages and names start afresh.
    from . import _names
    _names.reset()
    _hcl.set_top_level_recording(True)


def get_default_type():
    return _hcl.get_default_type()
