"""Quality-of-result estimates from Python: hcl.estimate(s) gives what
`hcl estimate` prints (docs/estimate.md) as a dict, hcl.roofline(...) plots
the HeteroCL memory-optimization paper's roofline with matplotlib."""

from . import _hcl
from .schedule import Schedule
from .types import Error


def _require_estimator():
    if not hasattr(_hcl, "estimate"):
        raise Error("this build of hcl's front end has no estimator "
                    "(hcl::estimate, include/hcl/Frontend/Estimate.h); use "
                    "`hcl estimate` on hcl.lower(s)'s MLIR")


def estimate(s, target="vitis", clock_ns=10.0, peak_gops=18.0,
             bandwidth_gbs=25.6):
    """Applies the schedule and estimates every function of the program:
    {"target", "clock_ns", "peak_gops", "bandwidth_gbs", "functions": [
    {"name", "latency", "operations", "offchip_bytes", "dsp", "bram18k",
    "register_bits", "intensity", "gops", "attainable_gops", "loops": [
    {"path", "trip_count", "requested_ii", "res_mii", "rec_mii", "ii",
    "latency", "pipelined"}, ...]}, ...]} (top first). The roofline's
    platform defaults to the Ultra96-V2 (the HeteroCL memory
    optimization paper's board)."""
    _require_estimator()
    if not isinstance(s, Schedule):
        raise Error(f"estimate: expected a schedule, got {type(s).__name__}")
    return _hcl.estimate(s._impl, target, float(clock_ns), float(peak_gops),
                         float(bandwidth_gbs))


def roofline(estimates, path=None, labels=None, title="Roofline"):
    """Plots the roofline of the platform of `estimates` (a dict from
    hcl.estimate, or a list of them, one point per program's top function)
    with matplotlib; saves it to `path` (.png, .svg, .pdf) when given.
    Returns the matplotlib figure."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if isinstance(estimates, dict):
        estimates = [estimates]
    if not estimates:
        raise Error("roofline: no estimates to plot")
    labels = labels or [f"program {k}" for k in range(len(estimates))]
    if len(labels) != len(estimates):
        raise Error(f"roofline: {len(labels)} labels for {len(estimates)} "
                    "estimates")
    peak = estimates[0]["peak_gops"]
    bandwidth = estimates[0]["bandwidth_gbs"]
    points = []
    for label, e in zip(labels, estimates):
        top = e["functions"][0]
        if top["intensity"] is None or top["gops"] is None:
            raise Error(f"roofline: '{label}' has no point on the roofline "
                        "(no off-chip traffic or no latency)")
        points.append((label, top["intensity"], top["gops"]))
    lo = min(p[1] for p in points + [("ridge", peak / bandwidth, 0)]) / 10
    hi = max(p[1] for p in points + [("ridge", peak / bandwidth, 0)]) * 10
    xs = [lo * (hi / lo) ** (k / 200) for k in range(201)]
    figure, axes = plt.subplots(figsize=(6, 4))
    axes.loglog(xs, [min(peak, bandwidth * x) for x in xs], "k-",
                label=f"roof: {peak:g} GOP/s, {bandwidth:g} GB/s")
    for label, intensity, gops in points:
        axes.loglog([intensity], [gops], "o", label=f"{label}: {gops:.3g} GOP/s")
    axes.set_xlabel("arithmetic intensity (operations / off-chip byte)")
    axes.set_ylabel("performance (GOP/s)")
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize="small")
    figure.tight_layout()
    if path:
        figure.savefig(path)
    return figure
