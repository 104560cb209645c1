"""HeteroCL's naming rules for the tensors and stages of one program: an
unnamed compute is tensor_<n> (n counts the names given so far), and a name
used again gets _0, _1, ... (B, then B_0, B_1). hcl.init and each
create_schedule start afresh, as HeteroCL's create_schedule does."""

_CASES = ("tensor", "scalar", "stage")
_names = {case: {} for case in _CASES}


def unique(name, case):
    """The name a new tensor or stage of `case` takes: `name` made unique, or
    a made-up one when it is empty."""
    names = _names[case]
    if not name:
        made = f"{case}_{len(names)}"
        names[made] = 0
        return made
    if name in names:
        made = f"{name}_{names[name]}"
        names[name] += 1
        return made
    names[name] = 0
    return name


def register(name, case):
    """Counts a name the user gave (or hcl made up) without changing it."""
    _names[case].setdefault(name, 0)


def reset():
    for names in _names.values():
        names.clear()
    # The Struct tensors are known by name too.
    from . import struct
    struct.reset()
