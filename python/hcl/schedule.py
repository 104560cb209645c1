"""The schedule: hcl.create_schedule(inputs, kernel), s[B] stages and their
loop primitives, and the memory / data-type primitives of s (HeteroCL's
API over the C++ front end's Schedule)."""

import inspect

from . import _hcl
from . import _names
from .types import Error, as_type

Tensor = _hcl.Tensor
Function = _hcl.Function


class Partition:
    """HeteroCL's partition kinds: s.partition(A, hcl.Partition.Cyclic, ...)."""
    Complete = _hcl.PartitionKind.Complete
    Block = _hcl.PartitionKind.Block
    Cyclic = _hcl.PartitionKind.Cyclic


def _axis(axis, primitive, stage=None):
    """A loop: B.axis[k], a reduce_axis, a loop a primitive returned, a loop
    name, or (as HeteroCL) an int k for `stage`'s axis k."""
    if isinstance(axis, (_hcl.Var, _hcl.Axis)):
        return axis
    if isinstance(axis, str):
        return _hcl.Axis(axis)
    if isinstance(axis, int) and not isinstance(axis, bool) and stage:
        if axis < 0:
            raise Error(f"{primitive}: axis {axis} of stage '{stage.name}' "
                        f"is negative")
        return stage._schedule._impl.tensor(stage.name).axis[axis]
    raise Error(f"{primitive}: expected a loop (B.axis[k], a reduce_axis, a "
                f"loop a primitive returned, a name or an axis number), got "
                f"{type(axis).__name__}")


def _loop_name(axis, primitive):
    return _axis(axis, primitive).name


def _int(value, what):
    if not isinstance(value, int) or isinstance(value, bool):
        raise Error(f"{what} must be a Python int, got {value!r}")
    # The C++ primitives take 32-bit ints; a larger one would be a pybind11
    # TypeError, not hcl.Error.
    if not -2 ** 31 <= value < 2 ** 31:
        raise Error(f"{what} {value} is out of range")
    return value


class Stage:
    """s[B]: the stage computing B, with HeteroCL's loop primitives."""

    def __init__(self, schedule, stage):
        self._schedule = schedule
        self._stage = stage

    @property
    def name(self):
        return self._stage.name

    def __repr__(self):
        return f"<hcl stage '{self.name}'>"

    def split(self, parent, factor=None, nparts=None, mode="transform"):
        """(outer, inner) loops; inner has `factor` iterations."""
        if nparts is not None:
            raise Error("split: hcl splits by factor; nparts is not supported")
        if factor is None:
            raise Error("split needs a factor")
        return self._stage.split(_axis(parent, "split", self),
                                 _int(factor, "split's factor"))

    def tile(self, x_parent, y_parent, x_factor, y_factor):
        """(x.outer, y.outer, x.inner, y.inner)."""
        return self._stage.tile(_axis(x_parent, "tile", self),
                                _axis(y_parent, "tile", self),
                                _int(x_factor, "tile's x_factor"),
                                _int(y_factor, "tile's y_factor"))

    def reorder(self, *args):
        axes = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        self._stage.reorder([_axis(a, "reorder", self) for a in axes])

    def fuse(self, *args):
        axes = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        return self._stage.fuse([_axis(a, "fuse", self) for a in axes])

    def vectorize(self, var, width):
        self._stage.vectorize(_axis(var, "vectorize", self),
                              _int(width, "vectorize's width"))
        return self

    def compute_at(self, parent, axis):
        self._schedule._own(parent, "compute_at")
        self._stage.compute_at(parent._stage, _axis(axis, "compute_at", parent))
        return self

    def store_at(self, parent, axis):
        self._schedule._own(parent, "store_at")
        self._stage.store_at(parent._stage, _axis(axis, "store_at", parent))
        return self

    def outline(self, axis=None, unify=False, merge=None, param=None):
        """This stage as a function of its own, Stage_<name>; returns its
        handle for hcl.build(s, top=[...]) (as hcl-dialect's
        outlining proposal has it). merge=f calls f
        instead when the code is the same; param lists loops whose bounds
        become arguments; axis outlines only that loop's body."""
        if merge is not None and not isinstance(merge, Function):
            raise Error("outline: merge= takes a function outline returned")
        params = [_loop_name(p, "outline") for p in (param or [])]
        loop = "" if axis is None else _loop_name(axis, "outline")
        return self._stage.outline(merge, params, loop)


def _loop_primitive(name, param, label, default):
    """s[B].name(var) or s[B].name(var, param=default): a loop primitive of
    the C++ front end's list (include/hcl/Frontend/Primitives.def)."""
    Parameter = inspect.Parameter
    parameters = [Parameter("self", Parameter.POSITIONAL_OR_KEYWORD),
                  Parameter("var", Parameter.POSITIONAL_OR_KEYWORD)]
    if param is not None:
        parameters.append(Parameter(param, Parameter.POSITIONAL_OR_KEYWORD,
                                    default=default))
    signature = inspect.Signature(parameters)

    def primitive(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        self = bound.arguments["self"]
        values = [_axis(bound.arguments["var"], name, self)]
        if param is not None:
            values.append(_int(bound.arguments[param], f"{name}'s {label}"))
        getattr(self._stage, name)(*values)

    primitive.__name__ = name
    primitive.__qualname__ = f"Stage.{name}"
    primitive.__signature__ = signature
    primitive.__doc__ = f"s[B].{name}: see docs/customizations.md."
    return primitive


for _primitive in _hcl.loop_primitives:
    setattr(Stage, _primitive[0], _loop_primitive(*_primitive))


class DataflowNode:
    """A tensor or stage of HeteroCL's s.DataflowGraph: what it reads
    (`parents`) and what reads it (`children`)."""

    def __init__(self, name):
        self.name = name
        self.parents = []
        self.children = []

    def __repr__(self):
        return f"<DataflowNode {self.name}>"


class DataflowGraph:
    """The program's stages and inputs as a graph (HeteroCL's
    s.DataflowGraph): `node_map` maps each name to its DataflowNode."""

    def __init__(self, impl):
        self.node_map = {}
        for tensor in impl.inputs:
            self._node(tensor.name)
        for stage, parents in impl.dataflow():
            node = self._node(stage)
            for name in parents:
                parent = self._node(name)
                node.parents.append(parent)
                parent.children.append(node)

    def _node(self, name):
        return self.node_map.setdefault(name, DataflowNode(name))


class Schedule:
    """The customizations of one program (HeteroCL's hcl.Schedule)."""

    @property
    def DataflowGraph(self):
        """The stages and what each reads (HeteroCL's s.DataflowGraph)."""
        return DataflowGraph(self._impl)

    def __init__(self, impl, kernel_tensors):
        self._impl = impl
        self._tensors = kernel_tensors
        self._stages = {}
        # s.to(..., target.xcel / .host): ("input" | "stage", name) -> kind.
        self._placements = {}
        self._device_function = None

    def __getitem__(self, target):
        """s[B], s["B"], s[kernel.B] (a stage is given back as it is)."""
        if isinstance(target, Stage):
            self._own(target, "s[...]")
            return target
        if isinstance(target, str):
            stage = self._impl.stage_named(target)
        elif isinstance(target, Tensor):
            stage = self._impl.stage(target)
        else:
            raise Error(f"s[...] takes a tensor, a stage or a stage name, got "
                        f"{type(target).__name__}")
        # One Stage object per stage, so that `is` and checks work.
        return self._stages.setdefault(stage.name, Stage(self, stage))

    def _own(self, stage, primitive):
        if not isinstance(stage, Stage):
            raise Error(f"{primitive}: expected a stage (s[B]), got "
                        f"{type(stage).__name__}")
        if stage._schedule is not self:
            raise Error(f"{primitive}: stage '{stage.name}' belongs to another "
                        f"schedule (use this schedule's s[...])")

    def _tensor(self, target, primitive):
        if isinstance(target, Stage):
            self._own(target, primitive)
            return self._impl.tensor(target.name)
        if isinstance(target, Tensor):
            return target
        raise Error(f"{primitive}: expected a tensor, got {type(target).__name__}")

    @property
    def inputs(self):
        return list(self._impl.inputs)

    @property
    def top_func(self):
        """The top function with the schedule as recorded so far applied
        (for hcl.get_affine_loop_nests); a snapshot, not a live view."""
        from .loopnests import Function
        return Function(_hcl.lower(self._impl, True), "top")

    @property
    def outputs(self):
        return list(self._impl.outputs)

    def partition(self, target, partition_type=Partition.Complete, dim=0, factor=0):
        """Banks `target`: dim 0 every dimension, 1..rank one of them."""
        if not isinstance(partition_type, _hcl.PartitionKind):
            raise Error("partition: partition_type is hcl.Partition.Complete, "
                        f"Block or Cyclic, got {partition_type!r}")
        self._impl.partition(self._tensor(target, "partition"), partition_type,
                             _int(dim, "partition's dim"),
                             _int(factor, "partition's factor"))

    def reuse_at(self, target, parent, axis, name=None):
        """A reuse buffer for the reads of `target` in stage `parent` along
        `axis` (the line and window buffers of the HeteroCL memory-optimization
        paper)."""
        self._own(parent, "reuse_at")
        return self._impl.reuse_at(self._tensor(target, "reuse_at"), parent._stage,
                                   _axis(axis, "reuse_at", parent), name or "")

    def buffer_at(self, target, parent, axis, name=None):
        """A write buffer for `target` in stage `parent` at loop `axis`."""
        self._own(parent, "buffer_at")
        return self._impl.buffer_at(self._tensor(target, "buffer_at"), parent._stage,
                                    _axis(axis, "buffer_at", parent), name or "")

    def to(self, tensor, dst, depth=0, mode=None):
        """To a stage: a FIFO (hls::stream) between the stage computing
        `tensor` and `dst`. To target.xcel / target.host of an hcl.Platform:
        moves `tensor` (or a list) to the device or back (placement.py)."""
        from .placement import Device, place
        if isinstance(dst, Device):
            return place(self, tensor, dst, mode)
        if mode is not None:
            raise Error("to: mode= applies to moves between the host and the "
                        "device (target.xcel, target.host)")
        if not isinstance(dst, Stage):
            raise Error(f"to: expected a stage (s[B]) for a FIFO, or "
                        f"target.xcel / target.host of an hcl.Platform, got "
                        f"{type(dst).__name__}")
        self._own(dst, "to")
        self._impl.to(self._tensor(tensor, "to"), dst._stage, _int(depth, "to's depth"))

    def reshape(self, target, shape):
        return self._impl.reshape(self._tensor(target, "reshape"), shape)

    def outline(self, *groups, unify=False):
        """s.outline([s[B], s[C]], [s[D]]): one function per group of
        stages (Stage_B_C, Stage_D); returns their handles."""
        lists = []
        for group in groups:
            if not isinstance(group, (list, tuple)):
                group = [group]
            lists.append([self._tensor(t, "outline") for t in group])
        if not lists:
            raise Error("outline: give at least one list of stages")
        return self._impl.outline(lists)

    def quantize(self, target, dtype, rounding=False, saturate=False):
        """Stores `target` (a tensor or a list of them) as fixed point."""
        targets = target if isinstance(target, (list, tuple)) else [target]
        for t in targets:
            self._impl.quantize(self._tensor(t, "quantize"), as_type(dtype),
                                rounding, saturate)

    def downsize(self, target, dtype):
        targets = target if isinstance(target, (list, tuple)) else [target]
        for t in targets:
            self._impl.downsize(self._tensor(t, "downsize"), as_type(dtype))

    def pack(self, target, axis=0, factor=2):
        return self._impl.pack(self._tensor(target, "pack"), axis, factor)

    def unpack(self, target, axis=0, factor=2):
        return self._impl.unpack(self._tensor(target, "unpack"), axis, factor)


def _arity(kernel):
    try:
        parameters = inspect.signature(kernel).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return None
    return len([p for p in parameters
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                and p.default is p.empty])


def create_schedule(inputs, func=None, name=""):
    """Runs `func` on the placeholders `inputs` and records the stages it
    creates (HeteroCL's hcl.create_schedule). Afterwards func.B is the
    tensor of stage B, as in HeteroCL (and func.A the input A).

    Without `func`, HeteroCL's top-level style: the program is the stages
    created outside any function since the last create_schedule (or
    hcl.init), and `inputs` lists its placeholders, then the computed
    tensors that are its results (create_schedule([A, B]))."""
    try:
        return _create_schedule(inputs, func)
    finally:
        # As in HeteroCL, each schedule starts a new program: names and
        # top-level stages begin afresh.
        _names.reset()
        _hcl.take_top_level_recording()


def customize(inputs, func=None, name=""):
    """HeteroCL's later name for create_schedule."""
    return create_schedule(inputs, func, name)


class Scheme:
    """HeteroCL's data-type customizations before the schedule
    (hcl.create_scheme): downsize and quantize, recorded on the schedule
    create_schedule_from_scheme gives back."""

    def __init__(self, schedule):
        self._schedule = schedule

    def downsize(self, target, dtype):
        """Stores `target` (a tensor or a list of them) as a narrower
        integer type (s.downsize)."""
        self._schedule.downsize(target, dtype)

    def quantize(self, target, dtype, rounding=False, saturate=False):
        """Stores `target` (a tensor or a list of them) as fixed point
        (s.quantize)."""
        self._schedule.quantize(target, dtype, rounding, saturate)


def create_scheme(inputs, func):
    """The scheme of the program `func` makes of `inputs` (HeteroCL's
    hcl.create_scheme); hcl.create_schedule_from_scheme continues it."""
    return Scheme(create_schedule(inputs, func))


def create_schedule_from_scheme(scheme):
    """The schedule of a scheme, its data types customized."""
    if not isinstance(scheme, Scheme):
        raise Error("create_schedule_from_scheme: expected a scheme "
                    f"(hcl.create_scheme), got {type(scheme).__name__}")
    return scheme._schedule


def _create_schedule(inputs, func):
    if isinstance(inputs, Tensor):
        inputs = [inputs]
    if not isinstance(inputs, (list, tuple)) or not all(
            isinstance(t, Tensor) for t in inputs):
        raise Error("create_schedule: the inputs are a list of tensors")
    if func is None:
        impl, recorded = _hcl.create_top_level_schedule(list(inputs))
        return Schedule(impl, {t.name: t for t in list(inputs) + list(recorded)})
    if not callable(func):
        raise Error(f"create_schedule: the kernel must be a function, got "
                    f"{type(func).__name__}")
    arity = _arity(func)
    if arity is not None and arity != len(inputs):
        _hcl.kernel_arity_error(arity, len(inputs))
    # A kernel function is the whole program: what was created outside it
    # is dropped, as HeteroCL does.
    _hcl.take_top_level_recording()
    impl, recorded = _hcl.create_schedule(list(inputs), func)
    # Handles for the inputs too (func.A), then every stage (func.B).
    tensors = {t.name: t for t in list(inputs) + list(recorded)}
    handles = dict(tensors)
    # An update is known by its stage's name too (kernel.U for
    # hcl.update(A, ..., "U")), as in HeteroCL.
    for tensor in recorded:
        try:
            stage_name = impl.stage(tensor).name
        except Error:
            continue
        handles.setdefault(stage_name, tensor)
    for tensor_name, tensor in handles.items():
        if tensor_name.isidentifier():
            try:
                setattr(func, tensor_name, tensor)
            except (AttributeError, TypeError):
                break  # a builtin or bound method: no handles, as in HeteroCL
    return Schedule(impl, tensors)


def _tensor_as_written(self, name):
    """HeteroCL's kernel.update1.B: the tensor B as stage update1 writes it
    (an update's handle is its target's tensor)."""
    if name.startswith("_") or name != self.name:
        raise AttributeError(f"'{self.name}' has no attribute '{name}' (the "
                             f"tensor a stage writes is reached as "
                             f"kernel.<stage>.{self.name})")
    return self


Tensor.__getattr__ = _tensor_as_written


# Each primitive's operation is located at the user's line that called it.
def _locate_primitives():
    from ._location import located
    for cls in (Stage, Schedule):
        for name, method in list(vars(cls).items()):
            if not name.startswith("_") and inspect.isfunction(method):
                setattr(cls, name, located(method))


_locate_primitives()
