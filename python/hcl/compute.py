"""The algorithm: placeholders, compute / update / mutate stages, scalars,
reductions and expressions, and HeteroCL's imperative code (for_, if_,
while_, Stage, def_) as with-blocks."""

import inspect

from . import _hcl
from . import _names
from ._location import LocatedScope, caller, located, pinned
from .struct import Struct, StructValue, register
from .types import Error, as_type

Expr = _hcl.Expr
Var = _hcl.Var
Tensor = _hcl.Tensor


def _partial_index_error(self, *args):
    raise Error(self._hcl_partial_message)


# A[i] of a 2-D tensor waits for A[i][j]; used in arithmetic, it says so.
for _op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and",
            "or", "xor", "lshift", "rshift", "lt", "le", "gt", "ge", "eq", "ne"):
    setattr(_hcl.PartialIndex, f"__{_op}__", _partial_index_error)
    if _op not in ("lt", "le", "gt", "ge", "eq", "ne"):
        setattr(_hcl.PartialIndex, f"__r{_op}__", _partial_index_error)
for _op in ("neg", "invert", "bool", "index"):
    setattr(_hcl.PartialIndex, f"__{_op}__", _partial_index_error)

def _expression_bits_assigned(self, key, value):
    raise Error("a bit or slice of an expression is assigned, but the "
                "expression is stored nowhere: assign the bits of an "
                "element (A[i][lo:hi] = v) or use hcl.set_bit / set_slice")


# (B[i] + 1)[0:2] = v: HeteroCL silently does nothing; hcl says why not.
Expr.__setitem__ = _expression_bits_assigned

# Statements of imperative code are located at their own lines.
Tensor.__setitem__ = located(Tensor.__setitem__)
_hcl.PartialIndex.__setitem__ = located(_hcl.PartialIndex.__setitem__)
_hcl.Element.__setitem__ = located(_hcl.Element.__setitem__)
Tensor.v = property(Tensor.v.fget, located(Tensor.v.fset))
_hcl.Def.__call__ = located(_hcl.Def.__call__)


def _name(name):
    if name is None:
        return ""
    if not isinstance(name, str):
        raise Error(f"a name is a string, got {name!r}")
    return name


def _unique(name, case="tensor"):
    """HeteroCL's name for a new tensor or stage (hcl/_names.py)."""
    return _names.unique(_name(name), case)


def _index_parameters(fcompute, what, name):
    """The parameters `fcompute` takes its indices by: its positional ones
    without a default, in order; None when it takes any number (*args) or
    its signature is unknown (a builtin)."""
    if not callable(fcompute):
        raise Error(f"{what} '{name or '(unnamed)'}': expected a function of "
                    f"the indices, got {type(fcompute).__name__}")
    try:
        parameters = list(inspect.signature(fcompute).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return None
    return [p for p in parameters
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            and p.default is p.empty]


def _lambda_axes(fcompute, shape, what, name):
    """The index variables for `fcompute`, named after its parameters as
    HeteroCL names a stage's loops (lambda i, j: ... has loops i and j)."""
    rank = len(shape) if isinstance(shape, (tuple, list)) else 1
    positional = _index_parameters(fcompute, what, name)
    if positional is None:
        return _hcl.make_axes(shape, rank, what, _name(name), [])
    names = [p.name for p in positional]
    if len(set(names)) != len(names) or len(names) != rank:
        names = []
    return _hcl.make_axes(shape, len(positional), what, _name(name), names)


@located
def placeholder(shape, name=None, dtype=None):
    """An input of the program (HeteroCL's hcl.placeholder)."""
    # An unnamed placeholder keeps hcl's name, which messages describe by
    # where it was made; it still counts, as in HeteroCL.
    name = _unique(name) if _name(name) else (_unique("") and "")
    if shape == ():
        shape = (1,)  # a scalar input, as HeteroCL
    return register(_hcl.placeholder(shape, name, as_type(dtype)), dtype)


def _element_value(what, fcompute, axes, dtype=None):
    value = _call_returning(what, fcompute, *axes)
    if isinstance(dtype, Struct):
        value = dtype.pack(value)  # a tuple of the fields' values
    elif isinstance(value, StructValue):
        value._not_a_number()
    return value


def _fill_in_place(what, target, axes, fcompute, name, dtype=None):
    """Inside imperative code (a def_ body, a for_, a mutate), HeteroCL's
    compute and update are loops storing every element where they are
    written: they run in place, as a mutate there does."""
    key = tuple(axes) if len(axes) > 1 else axes[0]

    def body():
        target[key] = _element_value(what, fcompute, axes, dtype)

    _hcl.make_mutate(target.shape, axes, body, name)


@located
def compute(shape, fcompute, name=None, dtype=None, attrs=None):
    """A tensor of `shape` whose element (i, j, ...) is fcompute(i, j, ...),
    computed by one stage named `name` (HeteroCL's hcl.compute). Inside
    imperative code the tensor is local to the enclosing stage or def_
    and is computed where the compute is written."""
    name = _unique(name)
    axes = _lambda_axes(fcompute, shape, "compute", name)
    what = f"compute '{name}'"
    if _hcl.in_imperative_code():
        from .types import get_default_type
        local = _hcl.local_tensor(shape, name,
                                  as_type(dtype) or get_default_type())
        register(local, dtype)
        _fill_in_place(what, local, axes, fcompute, name, dtype)
        return local
    value = _element_value(what, fcompute, axes, dtype)
    return register(_hcl.make_compute(shape, axes, value, name,
                                      as_type(dtype)), dtype)


@located
def update(tensor, fcompute, name=None):
    """A stage setting every element of `tensor` to fcompute(i, j, ...)
    (HeteroCL's hcl.update); inside imperative code, loops run in place."""
    axes = _lambda_axes(fcompute, tensor.shape, "update", name)
    what = f"update '{_name(name)}'"
    if _hcl.in_imperative_code():
        return _fill_in_place(what, tensor, axes, fcompute,
                              _name(name) or "update")
    value = _element_value(what, fcompute, axes)
    return _hcl.make_update(tensor, axes, value, _name(name))


@located
def mutate(domain, fcompute, name=None):
    """A stage running fcompute(i, j, ...), imperative code, at every index
    of `domain` (HeteroCL's hcl.mutate)."""
    shape = tuple(domain) if isinstance(domain, (tuple, list)) else (domain,)
    if any(isinstance(extent, Expr) for extent in shape):
        return _mutate_to_run_time_extents(shape, fcompute, name)
    name = _unique(name)
    axes = _lambda_axes(fcompute, domain, "mutate", name)
    _hcl.make_mutate(domain, axes, lambda: fcompute(*axes), name)


def _mutate_to_run_time_extents(shape, fcompute, name):
    """mutate over a domain whose extents are known only when the program
    runs (a scalar's value): imperative loops from 0 to each extent, in a
    stage of their own unless already inside imperative code (HeteroCL
    accepts such a domain; a compute's shape must still be Python ints)."""
    positional = _index_parameters(fcompute, "mutate", _name(name))
    if positional is not None and len(positional) != len(shape):
        raise Error(f"mutate '{_name(name) or '(unnamed)'}': the function "
                    f"takes {len(positional)} index variables but the domain "
                    f"has {len(shape)} dimensions")
    loop_names = [p.name for p in positional] if positional is not None \
        else [None] * len(shape)

    def nest(depth, indices):
        if depth == len(shape):
            fcompute(*indices)
            return
        with for_(0, shape[depth], name=loop_names[depth]) as i:
            nest(depth + 1, indices + [i])

    if _hcl.in_imperative_code():
        nest(0, [])
        return
    with Stage(_name(name) or "mutate"):
        nest(0, [])


@located
def scalar(init=0, name=None, dtype=None):
    """A one-element tensor (HeteroCL's hcl.scalar); read and assign x.v."""
    if isinstance(dtype, Struct):
        init = dtype.pack(init)
    return register(_hcl.scalar(init, _unique(name, "scalar"), as_type(dtype)),
                    dtype)


@located
def const_tensor(values, name=None, dtype=None):
    """A tensor whose values are known when the program is built (weights):
    a NumPy array or nested lists (HeteroCL's hcl.const_tensor)."""
    import numpy as np
    from .types import get_default_type
    try:
        array = np.asarray(values)
    except ValueError as e:  # ragged nested lists
        raise Error(f"const_tensor '{name}': {e}") from e
    if array.dtype.kind not in "biuf":
        raise Error(f"const_tensor '{name}': the values must be numbers, got "
                    f"an array of {array.dtype}")
    dtype = as_type(dtype) or get_default_type()
    shape = list(array.shape) or [1]
    name = _unique(name)
    if dtype.kind == _hcl.TypeKind.Float or dtype.kind in (
            _hcl.TypeKind.Fixed, _hcl.TypeKind.UFixed):
        return _hcl.constant_float(array.astype(np.float64).ravel().tolist(),
                                   shape, name, dtype)
    return _hcl.constant_int(array.astype(np.int64).ravel().tolist(), shape,
                             name, dtype)


def reduce_axis(lower, upper, name=None):
    """A reduction axis over [lower, upper) (HeteroCL's hcl.reduce_axis)."""
    for bound in (lower, upper):
        if (not isinstance(bound, int) or isinstance(bound, bool)
                or not -2 ** 63 <= bound < 2 ** 63):
            raise Error(f"reduce_axis({lower!r}, {upper!r}): the bounds are "
                        f"64-bit Python ints")
    return _hcl.reduce_axis(lower, upper, _name(name))


def _is_axes(axis):
    if isinstance(axis, Var):
        return True
    return isinstance(axis, (list, tuple)) and all(isinstance(a, Var) for a in axis)


def sum(expr, axis, dtype=None, name=None):
    """The sum of `expr` over the reduction axes `axis` (HeteroCL's hcl.sum)."""
    return _hcl.sum(expr, axis, as_type(dtype))


def max(expr, axis=None, dtype=None, name=None):
    """The maximum of `expr` over the reduction axes `axis` (HeteroCL's
    hcl.max); hcl.max(a, b) of two values is their maximum."""
    if axis is not None and not _is_axes(axis) and dtype is None:
        return _hcl.max(expr, axis)
    return _hcl.reduce_max(expr, axis, as_type(dtype))


def min(expr, axis=None, dtype=None, name=None):
    """The minimum over `axis` (HeteroCL's hcl.min); hcl.min(a, b) of two
    values is their minimum."""
    if axis is not None and not _is_axes(axis) and dtype is None:
        return _hcl.min(expr, axis)
    return _hcl.reduce_min(expr, axis, as_type(dtype))


def reducer(init, freduce, dtype="int32", name=None):
    """A user-defined reduction (HeteroCL's hcl.reducer): the returned
    function reduces `expr` over `axis` into an accumulator of `dtype` that
    starts at `init` and becomes freduce(expr, accumulator) at every point
    (where `where` holds). freduce builds an expression: imperative code
    (scalars, if_) reading the accumulator is an hcl.Error."""
    if not callable(freduce):
        raise Error(f"reducer: freduce is a function of (value, "
                    f"accumulator), got {type(freduce).__name__}")
    default_dtype = dtype

    def make_reduce(expr, axis, where=True, name=name, dtype=default_dtype):
        accumulator_type = as_type(dtype, "the reducer's dtype")

        def combine(accumulator):
            result = freduce(expr, accumulator)
            if result is None:
                raise Error("reducer: freduce returned nothing; it returns "
                            "the new accumulator (tensor accumulators are "
                            "not supported)")
            if where is True:
                return result
            return _hcl.select(where, result, accumulator)

        return _hcl.reduce_with(init, combine, axis, accumulator_type)

    return make_reduce


def select(cond, true_value, false_value):
    """cond ? true_value : false_value (HeteroCL's hcl.select)."""
    return _hcl.select(cond, true_value, false_value)


def cast(dtype, expr):
    """`expr` converted to `dtype` (HeteroCL's hcl.cast)."""
    return _hcl.cast(as_type(dtype), expr)


def _is_type(value):
    if isinstance(value, _hcl.Type):
        return True
    try:
        return isinstance(value, str) and as_type(value) is not None
    except Error:
        return False


def bitcast(value, dtype, name=None):
    """The bits of `value` read as `dtype` of the same width: HeteroCL's
    hcl.bitcast(expr_or_tensor, dtype); hcl.bitcast(dtype, expr), the C++
    front end's order, is accepted too. A tensor gives a new tensor."""
    if _is_type(value) and not _is_type(dtype):
        value, dtype = dtype, value
    dtype = as_type(dtype, "bitcast's dtype")
    if dtype is None:
        raise Error("bitcast: give the type to read the bits as")
    if isinstance(value, Tensor):
        source = value
        return compute(source.shape,
                       lambda *i: _hcl.bitcast(dtype, source[i if len(i) > 1
                                                             else i[0]]),
                       name or f"{source.name}_{dtype}", dtype)
    return _hcl.bitcast(dtype, value)


# Imperative code: each returns a context manager for a with-statement.

class _CountingDown(LocatedScope):
    """A for_ with a negative step: a loop k over 0 .. count-1 whose body
    sees begin + k * step, as Python's range(begin, end, step)."""

    __slots__ = ("begin", "step")

    def __init__(self, scope, where, begin, step):
        super().__init__(scope, where)
        self.begin, self.step = begin, step

    def __enter__(self):
        return self.begin + super().__enter__() * self.step


def for_(begin, end, step=1, tag=None, name=None):
    """`with hcl.for_(0, N, name="i") as i:` a loop over [begin, end); with
    a negative step, begin, begin + step, ... down to above end, as
    range(begin, end, step)."""
    if not isinstance(step, int) or isinstance(step, bool):
        raise Error(f"for_: the step must be a Python int, got {step!r}")
    name = _name(name) or _name(tag)
    if step < 0:
        if not all(isinstance(b, int) and not isinstance(b, bool)
                   for b in (begin, end)):
            raise Error(f"for_: a negative step ({step}) needs Python int "
                        f"bounds, got {begin!r} and {end!r}")
        count = max(0, (begin - end - step - 1) // -step)
        return _CountingDown(_hcl.for_scope(0, count, 1, name), caller(),
                             begin, step)
    return LocatedScope(_hcl.for_scope(begin, end, step, name), caller())


def while_(cond, name=None, max_trip_count=0):
    """`with hcl.while_(cond):` a loop running while cond holds."""
    return LocatedScope(_hcl.while_scope(cond, _name(name), max_trip_count),
                        caller())


def if_(cond):
    """`with hcl.if_(cond):` statements run when cond holds."""
    return LocatedScope(_hcl.if_scope(cond), caller())


def elif_(cond):
    """`with hcl.elif_(cond):` continues the if_ just before it."""
    return LocatedScope(_hcl.elif_scope(cond), caller())


def else_():
    """`with hcl.else_():` continues the if_ / elif_ just before it."""
    return LocatedScope(_hcl.else_scope(), caller())


def Stage(name):
    """`with hcl.Stage("S"):` a stage of imperative code named S (the
    schedule refers to it as s["S"] or s[kernel.S])."""
    return LocatedScope(_hcl.stage_scope(_unique(name, "stage")), caller())


def _print_tensor(tensor, format):
    """The tensor as nested brackets, rows on lines of their own (as NumPy
    prints it), each element with `format`."""
    shape = tensor.shape

    def dimension(index, d):
        _hcl.print([], "[")
        with for_(0, shape[d]) as i:
            if d == len(shape) - 1:
                _hcl.print([tensor[index + (i,)]], format)
            else:
                with if_(i > 0):
                    _hcl.print([], "\n" + " " * (d + 1))
                dimension(index + (i,), d + 1)
        _hcl.print([], "]")

    dimension((), 0)
    _hcl.print([], "\n")


@located
def print(vals, format=None):
    """Prints values with C's printf `format` when the program runs, on the
    CPU and in the HLS C simulation (HeteroCL's hcl.print): one value, a
    tuple of them, or a tensor (nested brackets, each element with the
    format). Without a format: "%d " or "%.3f " per value and a newline."""
    if isinstance(vals, Tensor):
        if format is None:
            kind = vals.dtype.kind
            format = "%d " if kind in (_hcl.TypeKind.Int, _hcl.TypeKind.UInt) \
                else "%.3f "
        with Stage(_unique("print", "stage")):
            _print_tensor(vals, format)
        return
    if not isinstance(vals, (tuple, list)):
        vals = [vals]
    _hcl.print(list(vals), format)


@located
def break_():
    """Leaves the innermost for_ / while_."""
    _hcl.break_()


# The functions return_ may end, innermost last: def_ bodies being
# recorded and compute / update lambdas being called.
_open_defs = []


def return_(value):
    """Ends a def_ body, or a compute / update lambda, with `value`
    (HeteroCL's hcl.return_): once, at the function's own level (not inside
    if_ / for_: hcl.select chooses values)."""
    if not _open_defs:
        raise Error("return_ outside a def_ function or a compute lambda")
    record = _open_defs[-1]
    if LocatedScope.depth != record["depth"]:
        raise Error("return_ inside a with-block (if_, for_, ...): hcl "
                    "returns once, at the end of the def_ body or compute "
                    "lambda (choose the value with hcl.select)")
    if record["returned"]:
        raise Error("return_ is called twice in one function")
    record["returned"] = True
    if record["kind"] == "lambda":
        record["value"] = value  # a compute's value is an expression
        return
    # Read now: later statements of the body cannot change it.
    held = scalar(value, "return_value", getattr(value, "dtype", None))
    record["value"] = held.v


def _call_returning(what, function, *arguments):
    """function(*arguments), or the value it gave hcl.return_."""
    _open_defs.append({"kind": "lambda", "depth": LocatedScope.depth,
                       "returned": False, "value": None})
    try:
        result = function(*arguments)
    finally:
        record = _open_defs.pop()
    if record["returned"]:
        if result is not None:
            raise Error(f"{what}: the function both calls return_ and returns "
                        f"a value")
        return record["value"]
    return result


def _argument_param(value):
    """The (shape, dtype) of a parameter taking `value`: a tensor's, or a
    scalar's (shape ()) of the value's type."""
    if isinstance(value, Tensor):
        return tuple(value.shape), value.dtype
    return (), getattr(value, "dtype", None)


@located
def def_(shapes=None, dtypes=None, ret_dtype=None, name=None, arg_names=None):
    """A sub-function (HeteroCL's @hcl.def_([A.shape, B.shape, ()])): tensor
    parameters of the given shapes, and scalar ones, passed by value, for
    the shape (). Without shapes they come from the first call's
    arguments. It may return a value (Python's return or hcl.return_).
    Calling it inside imperative code calls the function."""
    if shapes is not None and not isinstance(shapes, (list, tuple)):
        raise Error("def_: the first argument is the list of parameter shapes")

    def record(fn, shapes, types):
        if types is None or not isinstance(types, (list, tuple)):
            types = [types] * len(shapes)
        if len(types) != len(shapes):
            raise Error(f"def_: {len(types)} dtypes for {len(shapes)} "
                        f"parameters")
        params = [(shape, as_type(dtype)) for shape, dtype in zip(shapes, types)]
        arity = len(inspect.signature(fn).parameters)
        arguments = _hcl.begin_def(_name(name) or fn.__name__, params, arity)
        _open_defs.append({"kind": "def", "depth": LocatedScope.depth,
                           "returned": False, "value": None})
        try:
            result = fn(*arguments)
            returned = _open_defs[-1]
            if returned["returned"]:
                if result is not None:
                    raise Error("def_: the body both calls return_ and "
                                "returns a value")
                result = returned["value"]
            if result is not None and ret_dtype is not None:
                result = cast(ret_dtype, result)
        except BaseException:
            _open_defs.pop()
            _hcl.abandon_def()
            raise
        _open_defs.pop()
        return _hcl.end_def(result)

    def decorate(fn):
        if shapes is not None:
            return record(fn, shapes, dtypes)
        # HeteroCL's @hcl.def_(): the parameters are the first call's
        # arguments' (their shapes, and their types unless dtypes says).
        recorded = []

        def call(*arguments):
            if not recorded:
                params = [_argument_param(a) for a in arguments]
                types = dtypes if dtypes is not None else [t for _, t in params]
                with pinned(where):
                    recorded.append(record(fn, [p for p, _ in params], types))
            return recorded[0](*arguments)

        call.__name__ = fn.__name__
        return call

    where = caller()
    return decorate
