"""hcl.tune(s): a schedule chosen by the estimator (docs/tune.md), as
`hcl tune` chooses it, returned as a schedule hcl.build runs."""

from . import _hcl
from .schedule import Schedule
from .types import Error

_BUDGET_KEYS = ("dsp", "bram", "lut", "ff")


def _budget_text(budget):
    if budget is None:
        return ""
    if isinstance(budget, str):
        return budget
    if isinstance(budget, dict):
        for key, value in budget.items():
            if key not in _BUDGET_KEYS:
                raise Error(f"tune: budget= has no key '{key}' (expected "
                            f"dsp, bram or ff)")
            if isinstance(value, bool) or not isinstance(value, int):
                raise Error(f"tune: budget['{key}'] must be an integer, "
                            f"got {value!r}")
        return ",".join(f"{k}={v}" for k, v in budget.items())
    raise Error(f"tune: budget= takes a dict ({{'dsp': 64}}) or a string "
                f"('dsp=64'), got {type(budget).__name__}")


def tune(s, budget=None, target="vitis", time=0, threads=0,
         keep_interfaces=False):
    """Searches schedules of `s`'s algorithm (the schedule already on `s`
    is set aside) with the estimator as the cost, under `budget` (a dict of
    dsp, bram, ff bounds, or `hcl tune --budget`'s text), for `target`
    ("vitis", "catapult" or a JSON target file), for at most `time` seconds
    of search rounds (0: no limit). The result is proven as `hcl tune`
    proves it: the tuned program and the algorithm run on the same inputs.

    Returns a new schedule of the same program carrying the chosen
    schedule: hcl.build, hcl.lower, hcl.estimate and hcl.build(target=...)
    take it as they take `s`; it takes no further primitives. Its
    `.tuning` dict holds what the search found: "chosen" and
    "unscheduled" ({"latency", "exact", "dsp", "bram18k",
    "register_bits", "schedule"}), "front" (such dicts, fastest first),
    "mlir" (what `hcl tune -o` writes), "evaluated", "seconds" and
    "largest_relative_error"."""
    if not isinstance(s, Schedule):
        raise Error(f"tune: expected a schedule (hcl.create_schedule), got "
                    f"{type(s).__name__}")
    if isinstance(time, bool) or not isinstance(time, (int, float)) or time < 0:
        raise Error(f"tune: time= takes a non-negative number of seconds, "
                    f"got {time!r}")
    impl, tuning = _hcl.tune(s._impl, _budget_text(budget), str(target),
                             float(time), int(threads), bool(keep_interfaces))
    tuned = Schedule(impl, s._tensors)
    tuned.tuning = tuning
    return tuned
