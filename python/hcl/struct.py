"""HeteroCL's hcl.Struct: a packed record type. A tensor of a Struct is
stored as one unsigned integer per element, the fields side by side, the
first in the low bits; D[i].x reads field x's bits as its type, and a
compute or scalar of a Struct takes a tuple of the fields' values."""

from . import _hcl
from .types import Error, UInt, as_type


class Struct:
    """hcl.Struct({"x": hcl.Int(8), "y": "fixed8_4", ...}): fields in
    order, the first in the low bits; a field may be a Struct."""

    def __init__(self, fields):
        if not isinstance(fields, dict) or not fields:
            raise Error("Struct: give the fields as a dict of name: dtype")
        self.fields = {}
        self.offsets = {}
        bits = 0
        for name, dtype in fields.items():
            if not isinstance(name, str):
                raise Error(f"Struct: field names are strings, got {name!r}")
            if not isinstance(dtype, Struct):
                dtype = as_type(dtype, f"Struct field '{name}'")
            self.fields[name] = dtype
            self.offsets[name] = bits
            bits += dtype.bits
        self.bits = bits
        # The element type a Struct tensor is stored in.
        self.storage = UInt(bits)

    def __eq__(self, other):
        return (isinstance(other, Struct)
                and list(self.fields.items()) == list(other.fields.items()))

    def __hash__(self):
        return hash(tuple(self.fields))

    def __repr__(self):
        inner = ", ".join(f"{n!r}: {t!r}" for n, t in self.fields.items())
        return f"hcl.Struct({{{inner}}})"

    def pack(self, values):
        """The storage value of a tuple of field values."""
        if isinstance(values, StructValue):
            if values.struct != self:
                raise Error(f"a {values.struct!r} value where a {self!r} "
                            f"is expected")
            return values.value
        if not isinstance(values, (tuple, list)):
            return values  # already the packed integer
        if len(values) != len(self.fields):
            raise Error(f"{self!r}: {len(values)} values for "
                        f"{len(self.fields)} fields")
        packed = None
        for (name, dtype), value in zip(self.fields.items(), values):
            width = dtype.bits
            if isinstance(dtype, Struct):
                bits = _hcl.cast(UInt(width), dtype.pack(value))
            else:
                typed = _hcl.cast(dtype, value)
                bits = (typed if dtype == UInt(width)
                        else _hcl.bitcast(UInt(width), typed))
            part = _hcl.cast(self.storage, bits)
            if self.offsets[name]:
                part = part << self.offsets[name]
            packed = part if packed is None else packed | part
        return packed

    def field(self, value, name):
        """Field `name` of the packed `value`, as the field's type."""
        if name not in self.fields:
            raise AttributeError(f"{self!r} has no field {name!r}")
        dtype = self.fields[name]
        low = self.offsets[name]
        bits = value[low:low + dtype.bits]
        if isinstance(dtype, Struct):
            return StructValue(bits, dtype)
        if dtype == UInt(dtype.bits):
            return bits
        return _hcl.bitcast(dtype, bits)


class StructValue:
    """An element of a Struct tensor (D[i], s.v): its fields by name."""

    __slots__ = ("value", "struct")

    def __init__(self, value, struct):
        self.value = value
        self.struct = struct

    @property
    def dtype(self):
        return self.struct

    def __getattr__(self, name):
        return self.struct.field(self.value, name)

    def __getitem__(self, key):
        return self.value[key]

    def _not_a_number(self, *args):
        raise Error(f"a {self.struct!r} value is not a number: read one of "
                    f"its fields ({', '.join(self.struct.fields)})")


for _op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and",
            "or", "xor", "lshift", "rshift", "lt", "le", "gt", "ge", "neg",
            "invert", "bool", "index", "int", "float"):
    setattr(StructValue, f"__{_op}__", StructValue._not_a_number)
    if _op not in ("lt", "le", "gt", "ge", "neg", "invert", "bool", "index",
                   "int", "float"):
        setattr(StructValue, f"__r{_op}__", StructValue._not_a_number)


# The Struct tensors of the program being written, by name (names are
# unique within a program; the table is emptied when a schedule is made
# and by hcl.init).
_structs = {}


def register(tensor, dtype):
    """Remembers that `tensor` holds elements of Struct `dtype`."""
    if isinstance(dtype, Struct):
        _structs[tensor.name] = (dtype, tuple(tensor.shape), tensor.dtype)
    return tensor


def struct_of(tensor):
    if not _structs:  # the common case: no Struct in the program
        return None
    entry = _structs.get(tensor.name)
    if entry and entry[1] == tuple(tensor.shape) and entry[2] == tensor.dtype:
        return entry[0]
    return None


def reset():
    _structs.clear()


def _wrap(tensor, value):
    struct = struct_of(tensor)
    if struct is not None and isinstance(value, _hcl.Element):
        return StructValue(value, struct)
    return value


_tensor_getitem = _hcl.Tensor.__getitem__
_tensor_setitem = _hcl.Tensor.__setitem__
_tensor_v = _hcl.Tensor.v


def _packed(tensor, value):
    struct = struct_of(tensor)
    return struct.pack(value) if struct is not None else value


def _getitem(self, key):
    return _wrap(self, _tensor_getitem(self, key))


def _setitem(self, key, value):
    _tensor_setitem(self, key, _packed(self, value))


_partial_getitem = _hcl.PartialIndex.__getitem__
_partial_setitem = _hcl.PartialIndex.__setitem__


def _partial_get(self, key):
    # D[i][j] of a multi-dimensional Struct tensor: an element with fields.
    return _wrap(self.tensor, _partial_getitem(self, key))


def _partial_set(self, key, value):
    _partial_setitem(self, key, _packed(self.tensor, value))


_hcl.PartialIndex.__getitem__ = _partial_get
_hcl.PartialIndex.__setitem__ = _partial_set
_hcl.Tensor.__getitem__ = _getitem
_hcl.Tensor.__setitem__ = _setitem
_hcl.Tensor.v = property(
    lambda self: _wrap(self, _tensor_v.fget(self)),
    lambda self, value: _tensor_v.fset(self, _packed(self, value)))
