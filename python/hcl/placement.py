"""Host / device placement (HeteroCL's s.to(A, target.xcel) and
s.to(B, target.host)): which stages run on the accelerator.

A placement moves a tensor: an input, or the output of a stage. Going
through the stages in program order, a stage runs on the device when it
reads a tensor that is on the device; its output is then on the device
too, unless the stage's output is moved back to the host. The device's
stages are outlined into one function, which the HLS project synthesizes
with m_axi ports, while @top stays on the host, calls it, and runs the
rest (host.cpp, compiled into the testbench): see docs/python.md."""

from .types import Error


class IO:
    """HeteroCL's kinds of host-device transfer: s.to(A, xcel, mode=...).
    hcl's device ports are m_axi (DMA); streaming ports are refused."""
    DMA = "DMA"
    Stream = "Stream"


class Device:
    """The host or the accelerator of an hcl.Platform (target.host,
    target.xcel), a destination of s.to."""

    def __init__(self, platform_name, kind):
        self.platform_name = platform_name
        self.kind = kind

    def __repr__(self):
        return f"<{self.platform_name}.{self.kind}>"


def _key(schedule, tensor):
    """What a placement moves: ("input", name) or ("stage", stage name)."""
    from .schedule import Stage, Tensor
    impl = schedule._impl
    if isinstance(tensor, Stage):
        schedule._own(tensor, "to")
        return ("stage", tensor.name)
    if not isinstance(tensor, Tensor):
        raise Error(f"to: expected a tensor or a stage to move, got "
                    f"{type(tensor).__name__}")
    if any(t == tensor for t in impl.inputs):
        return ("input", tensor.name)
    return ("stage", impl.stage(tensor).name)


def place(schedule, tensors, device, mode):
    """Records s.to(tensors, device)."""
    if mode not in (None, IO.DMA):
        raise Error(f"to: mode {mode!r}: hcl connects the host and the device "
                    f"through m_axi ports (hcl.IO.DMA); streaming ports "
                    f"between them are not supported")
    if not isinstance(tensors, (list, tuple)):
        tensors = [tensors]
    for tensor in tensors:
        schedule._placements[_key(schedule, tensor)] = device.kind


def device_stages(schedule):
    """The stages that run on the device, in program order (see the file
    comment); refused unless they are consecutive, which one kernel
    function called from the host needs."""
    impl = schedule._impl
    placements = schedule._placements
    where = {t.name: placements.get(("input", t.name), "host")
             for t in impl.inputs}
    stages, on_device = [], []
    for stage, parents in impl.dataflow():
        device = any(where.get(p) == "xcel" for p in parents)
        where[impl.tensor(stage).name] = placements.get(
            ("stage", stage), "xcel" if device else "host")
        stages.append(stage)
        if device:
            on_device.append(stage)
    if not on_device:
        raise Error("build: no stage reads data placed on the device: move "
                    "an input or a stage's output there with "
                    "s.to(A, target.xcel)")
    first = stages.index(on_device[0])
    run = stages[first:first + len(on_device)]
    if run != on_device:
        host = next(s for s in run if s not in on_device)
        raise Error(f"build: the device's stages {', '.join(on_device)} are "
                    f"not consecutive (stage '{host}' runs on the host "
                    f"between them); hcl makes one device kernel: move "
                    f"'{host}' to the device or its inputs to the host")
    return on_device
