"""Lowering and building: hcl.lower(s), hcl.build(s) (a module the CPU runs
through the JIT), hcl.build(s, target=...) (a Vitis / Vivado HLS project),
and hcl.asarray / hcl.Array for the data."""

import os
import shutil
import subprocess
import sys

import numpy as np

from . import _hcl
from .placement import Device, device_stages
from .schedule import Function, Schedule
from .types import Error, as_type, get_default_type

Array = _hcl.Array

_NUMPY_TYPES = {
    np.dtype("bool"): lambda: _hcl.UInt(1),
    np.dtype("int8"): lambda: _hcl.Int(8),
    np.dtype("int16"): lambda: _hcl.Int(16),
    np.dtype("int32"): lambda: _hcl.Int(32),
    np.dtype("int64"): lambda: _hcl.Int(64),
    np.dtype("uint8"): lambda: _hcl.UInt(8),
    np.dtype("uint16"): lambda: _hcl.UInt(16),
    np.dtype("uint32"): lambda: _hcl.UInt(32),
    np.dtype("uint64"): lambda: _hcl.UInt(64),
    np.dtype("float16"): lambda: _hcl.Float(16),
    np.dtype("float32"): lambda: _hcl.Float(32),
    np.dtype("float64"): lambda: _hcl.Float(64),
}


def asarray(arr, dtype=None):
    """An hcl.Array holding `arr` (a NumPy array or anything NumPy converts)
    converted to `dtype` (default: the type set by hcl.init). One copy in;
    .asnumpy() is then a view of the array, not a copy."""
    if isinstance(arr, Array):
        arr = arr.asnumpy()
    dtype = as_type(dtype) or get_default_type()
    try:
        return Array.from_numpy(np.asarray(arr), dtype)
    except (ValueError, TypeError) as e:
        raise Error(f"asarray: cannot convert the values to {dtype}: {e}") from e


def cast_np(arr, dtype):
    """`arr` (NumPy) as hcl stores it in `dtype`: wrapped to the width,
    Fixed values truncated toward zero, floats rounded to float32
    (HeteroCL's hcl.cast_np), as a new NumPy array."""
    return asarray(arr, dtype).asnumpy().copy()


def _array_repr(self):
    return f"hcl.asarray({self.asnumpy()!r}, dtype={self.dtype!r})"


Array.__repr__ = _array_repr
Array.__array__ = lambda self, dtype=None: (
    self.asnumpy() if dtype is None else self.asnumpy().astype(dtype))


def _schedule(s, what):
    if not isinstance(s, Schedule):
        raise Error(f"{what}: expected a schedule (hcl.create_schedule), got "
                    f"{type(s).__name__}")
    return s._impl


def lower(s):
    """The program's MLIR with the schedule applied, as text."""
    return _hcl.lower(_schedule(s, "lower"), True)


def _device_module(self):
    """The program's MLIR with the hcl.* schedule operations not yet
    applied (HeteroCL's s.device_module)."""
    return _hcl.lower(self._impl, False)


Schedule.device_module = property(_device_module)
# HeteroCL's s.module: the program lowered, the schedule applied.
Schedule.module = property(lower)


class Module:
    """A program compiled for the CPU; call it with the inputs' arrays then
    the outputs' (hcl.Array or NumPy arrays, written in place)."""

    def __init__(self, impl, types=None, name="top", num_inputs=None,
                 names=None):
        self._impl = impl
        self._types = types
        self._num_inputs = num_inputs
        self._names = names or []
        self.name = name
        self.modules = []

    @property
    def mlir(self):
        return self._impl.mlir

    def __repr__(self):
        return f"<hcl module @{self.name}>"

    def _as_array(self, k, value):
        if isinstance(value, Array):
            return value
        if isinstance(value, np.ndarray):
            if self._types is not None and k < len(self._types):
                dtype = self._types[k]
            elif value.dtype in _NUMPY_TYPES:
                dtype = _NUMPY_TYPES[value.dtype]()
            else:
                raise Error(f"module @{self.name}: argument {k}: NumPy arrays "
                            f"of {value.dtype} have no hcl type")
            return Array.from_numpy(value, dtype)
        is_input = self._num_inputs is None or k < self._num_inputs
        if (is_input and isinstance(value, (int, float, np.number))
                and not isinstance(value, bool) and self._types is not None
                and k < len(self._types)):
            # HeteroCL's f(10, ...) for a scalar input, placeholder(()).
            return Array.from_numpy(np.array([value]), self._types[k])
        raise Error(f"module @{self.name}: argument {k} is a "
                    f"{type(value).__name__}, expected an hcl.Array or a "
                    f"NumPy array")

    def _describe(self, k):
        name = f" ('{self._names[k]}')" if k < len(self._names) else ""
        return f"module @{self.name}: argument {k}{name}"

    def __call__(self, *args):
        _refuse_read_only_outputs(args, self._num_inputs, self._describe)
        arrays = [self._as_array(k, a) for k, a in enumerate(args)]
        before = _read_only_values(args, arrays)
        self._impl.call(arrays)
        _write_back(args, arrays, before, self._describe)


def _refuse_read_only_outputs(args, num_inputs, describe):
    """NumPy outputs get the results by a copy after the run, which a
    read-only array cannot take: refused before running, so that no result
    is silently dropped."""
    if num_inputs is None:
        return
    for k, value in enumerate(args):
        if (k >= num_inputs and isinstance(value, np.ndarray)
                and not value.flags.writeable):
            raise Error(f"{describe(k)} is an output but the NumPy array is "
                        f"read-only, so the results could not be written to "
                        f"it; pass a writable array (np.zeros(...) or "
                        f"a.copy())")


def _read_only_values(args, arrays):
    """The values of read-only NumPy arguments before the run: an input the
    program updates (hcl.update) cannot be written back into them, which
    comparing afterwards detects."""
    return {k: array.asnumpy().copy() for k, (value, array)
            in enumerate(zip(args, arrays))
            if isinstance(value, np.ndarray) and not value.flags.writeable}


def _write_back(args, arrays, before, describe):
    for k, (value, array) in enumerate(zip(args, arrays)):
        if not isinstance(value, np.ndarray):
            continue
        if k in before:
            after = array.asnumpy()
            if not np.array_equal(before[k], after,
                                  equal_nan=after.dtype.kind in "fc"):
                raise Error(f"{describe(k)}: the program wrote to it but the "
                            f"NumPy array is read-only, so the new values "
                            f"are lost; pass a writable array (a.copy())")
            continue
        np.copyto(value, array.asnumpy(), casting="unsafe")


class Platform:
    """An FPGA board for hcl.build(s, target=...) (HeteroCL's hcl.Platform):
    hcl.Platform.xilinx_zc706, .ultra96, .u280; target.config(compiler=...,
    mode=..., project=...)."""

    COMPILERS = ("vivado_hls", "vitis")
    MODES = ("debug", "csim", "csyn")

    def __init__(self, name, part, clock_ns=10.0):
        self.name = name
        self.part = part
        self.clock_ns = clock_ns
        self.compiler = "vivado_hls"
        self.mode = "debug"
        self.project = "project"
        # s.to(A, target.xcel) / s.to(B, target.host): placement.py.
        self.host = Device(name, "host")
        self.xcel = Device(name, "xcel")
        self.devs = [self.host, self.xcel]

    def config(self, compiler=None, mode=None, project=None, backend=None):
        if compiler is not None:
            if compiler not in self.COMPILERS:
                raise Error(f"target.config: compiler {compiler!r}: hcl writes "
                            f"projects for {', '.join(self.COMPILERS)}")
            self.compiler = compiler
        if mode is not None:
            if mode not in self.MODES:
                raise Error(f"target.config: mode {mode!r}: one of "
                            f"{', '.join(self.MODES)}")
            self.mode = mode
        if project is not None:
            self.project = str(project)
        if backend not in (None, "vhls"):
            raise Error(f"target.config: backend {backend!r}: hcl's HLS backend "
                        "is Vivado / Vitis HLS C++ ('vhls')")
        return self

    def __repr__(self):
        return (f"<hcl platform {self.name} ({self.part}), {self.compiler}, "
                f"mode={self.mode}, project={self.project}>")


class _Preset:
    """Platform.xilinx_zc706 is a fresh Platform each time, so that one
    program's config does not leak into another's."""

    def __init__(self, name, part, clock_ns=10.0):
        self.args = (name, part, clock_ns)

    def __get__(self, obj, cls):
        return Platform(*self.args)


Platform.xilinx_zc706 = _Preset("xilinx_zc706", "xc7z045ffg900-2")
Platform.ultra96 = _Preset("ultra96", "xczu3eg-sbva484-1-e")
Platform.u280 = _Preset("u280", "xcu280-fsvh2892-2L-e", 3.33)
# AWS F1's VU9P; its kernels run at 250 MHz.
Platform.aws_f1 = _Preset("aws_f1", "xcvu9p-flgb2104-2-i", 4.0)


def _run(command, cwd, what):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise Error(f"{what} failed ({' '.join(command)} in {cwd}):\n"
                    f"{result.stdout}{result.stderr}")
    return result.stdout


class HLSModule:
    """The HLS project hcl.build(s, target=...) wrote. Calling it: in mode
    "debug", gives the kernel's C++; in "csim", runs the C simulation (g++)
    on the arrays given, inputs then outputs, written back in place; in
    "csyn", runs Vitis HLS (`make hls`)."""

    def __init__(self, project, target, types, num_inputs, tops):
        self.project = project
        self.target = target
        self._types = types
        self._num_inputs = num_inputs
        self.tops = tops

    def __repr__(self):
        return f"<hcl HLS project {self.project} ({self.target.mode})>"

    def _read(self, name):
        with open(os.path.join(self.project, name)) as f:
            return f.read()

    @property
    def code(self):
        return self._read("kernel.cpp")

    @property
    def src(self):
        """The device's code: the synthesized kernel (HeteroCL's mod.src)."""
        return self.code

    @property
    def host_src(self):
        """The host's code (HeteroCL's mod.host_src): host.cpp, which calls
        the device, when stages were placed with s.to; else the testbench."""
        path = os.path.join(self.project, "host.cpp")
        return self._read("host.cpp" if os.path.exists(path)
                          else "testbench.cpp")

    def __call__(self, *args):
        mode = self.target.mode
        if mode == "debug":
            return self.code
        if mode == "csyn":
            tool = shutil.which("vitis_hls") or shutil.which("vivado_hls")
            if not tool:
                raise Error(f"mode 'csyn' runs Vitis HLS, which is not on PATH; "
                            f"the project is in {self.project} (make -C "
                            f"{self.project} hls)")
            return _run(["make", "hls"], self.project, "Vitis HLS")
        return self._csim(args)

    def _csim(self, args):
        if self.tops:
            raise Error("csim runs the whole program's project; build without "
                        "top= to simulate it")
        def describe(k):
            return f"csim: argument {k}"

        _refuse_read_only_outputs(args, self._num_inputs, describe)
        # NumPy arrays are converted to the program's types, as for a Module.
        arrays = [a if isinstance(a, Array) else
                  asarray(a, self._types[k] if k < len(self._types) else None)
                  for k, a in enumerate(args)]
        inputs = self._num_inputs
        if len(arrays) < inputs:
            raise Error(f"csim: the program takes {inputs} input arrays (then "
                        f"its outputs), got {len(arrays)}")
        before = _read_only_values(args, arrays)
        work_in = os.path.join(self.project, "csim_in")
        work_out = os.path.join(self.project, "csim_out")
        os.makedirs(work_in, exist_ok=True)
        os.makedirs(work_out, exist_ok=True)
        for k in range(inputs):
            arrays[k].save(os.path.join(work_in, f"arg{k}.npy"))
        _run(["make", "tb"], self.project, "compiling the C simulation")
        # What the kernel printed (hcl.print) is the simulation's output,
        # less the testbench's closing line.
        printed = _run(["./tb", "--inputs", "csim_in", "--output-dir",
                        "csim_out"], self.project, "the C simulation")
        last = printed.rfind("testbench: @")
        if last >= 0 and (last == 0 or printed[last - 1] == "\n"):
            printed = printed[:last]
        sys.stdout.write(printed)
        for k, array in enumerate(arrays):
            name = f"arg{k}.npy" if k < inputs else f"result{k - inputs}.npy"
            path = os.path.join(work_out, name)
            if os.path.exists(path):
                array.copy_from(Array.load(path))
        _write_back(args, arrays, before, describe)


def _tops(top):
    if top is None:
        return []
    if isinstance(top, Function):
        return [top]
    if not isinstance(top, (list, tuple)) or not all(
            isinstance(f, Function) for f in top):
        raise Error("build: top= takes the functions outline returned")
    return list(top)


def _threads(threads, tops):
    """The thread count for the JIT: 0 (OpenMP's default) for None."""
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise Error(f"build: threads= takes a number of threads of at least 1, "
                    f"got {threads!r}")
    if threads > 1024:
        raise Error(f"build: cannot run parallel loops on {threads} threads: "
                    f"at most 1024")
    if tops:
        raise Error("build: threads= applies to a program built whole; with "
                    "top= set OMP_NUM_THREADS instead")
    return threads


def _device_function(schedule, tops):
    """The outlined function of the device's stages, when s.to placed
    data on target.xcel; "" when the whole program is the kernel. Outlined
    once per schedule, so building again gives the same project."""
    if not schedule._placements:
        return ""
    if tops:
        raise Error("build: top= and s.to(..., target.xcel) both choose what "
                    "is synthesized; use one of them")
    if schedule._device_function is None:
        stages = device_stages(schedule)
        impl = schedule._impl
        function = impl.outline([[impl.tensor(name) for name in stages]])
        schedule._device_function = function[0].name
    return schedule._device_function


def build(schedule, target=None, name=None, top=None, jobs=1,
          check_bounds=True, fp_contract=False, cpu="", threads=None):
    """Builds the program: for the CPU (target None or "llvm"), a module to
    call with arrays, with one module per function of `top` in .modules
    (check_bounds, on by default: accesses not proven in range, such as
    A[I[i]], are checked at run time and raise hcl.Error naming tensor,
    index and stage instead of reading or writing past the array; False
    removes the checks and runs `parallel` loops on threads, docs/python.md;
    fp_contract=True:
    multiplies and adds fuse into FMA, faster but not bit-exact; cpu: the
    LLVM CPU name to compile for instead of this machine's, docs/cpu.md;
    threads=N: `parallel` loops run on N OpenMP threads, default
    OMP_NUM_THREADS, else one per core);
    for an hcl.Platform, its HLS project (an HLSModule); for "vhls", the
    HLS C++ as a string; for "rtl", the kernel's SystemVerilog as a string
    (docs/rtl.md; the float units it instantiates are share/rtl's)."""
    impl = _schedule(schedule, "build")
    tops = _tops(top)
    if target is None or target == "llvm":
        tensors = impl.inputs + impl.outputs
        types = [t.dtype for t in tensors]
        count = _threads(threads, tops)
        if not isinstance(check_bounds, bool):
            raise Error(f"build: check_bounds= is True or False, got "
                        f"{check_bounds!r}")
        built = (_hcl.build_top(impl, tops, jobs, check_bounds) if tops
                 else _hcl.build(impl, check_bounds, fp_contract, cpu, count))
        module = Module(built, types, num_inputs=len(impl.inputs),
                        names=[t.name for t in tensors])
        module.modules = [Module(sub, None, f.name)
                          for sub, f in zip(built.modules, tops)]
        return module
    if target == "vhls":
        import tempfile
        with tempfile.TemporaryDirectory() as work:
            _hcl.build_hls(impl, work, _hcl.HLSTarget("xczu3eg-sbva484-1-e", 10.0))
            with open(os.path.join(work, "kernel.cpp")) as f:
                return f.read()
    if target == "rtl":
        import tempfile
        with tempfile.TemporaryDirectory() as work:
            with open(_hcl.build_rtl(impl, work)) as f:
                return f.read()
    if not isinstance(target, Platform):
        raise Error(f"build: target is None (CPU), 'vhls', 'rtl' or an "
                    f"hcl.Platform, got {target!r}")
    hls_target = _hcl.HLSTarget(target.part, float(target.clock_ns),
                                _device_function(schedule, tops))
    types = [t.dtype for t in impl.inputs + impl.outputs]
    project = os.path.abspath(target.project)
    if tops and hasattr(_hcl, "build_hls_top"):
        # One project per function, as `hcl hls --top` writes them.
        _hcl.build_hls_top(impl, project, tops, hls_target, jobs)
        _hcl.build_hls(impl, os.path.join(project, "top"), hls_target)
        return HLSModule(os.path.join(project, "top"), target, types,
                         len(impl.inputs), tops)
    _hcl.build_hls(impl, project, hls_target)
    return HLSModule(project, target, types, len(impl.inputs), tops)
