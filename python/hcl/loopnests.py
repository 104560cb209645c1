"""A read-only view of a scheduled program's loop nests, for HeteroCL
programs that inspect the schedule (hcl_mlir.get_affine_loop_nests).

    s = hcl.create_schedule([A, B]); s[C].split(C.axis[1], 4)
    loops = hcl.get_affine_loop_nests(s.top_func)[0]
    loops[1]["name"]            # 'j.outer'
    str(loops[1]["body"])       # 'affine.for %arg3 = 0 to 5 { ... }'
    loops[1]["body"].body.operations[0].attributes["loop_name"]

The view is a snapshot of the MLIR hcl.lower prints; changing it changes
nothing in the program (schedule with s[...] instead).
"""

from . import _hcl
from .types import Error


class Block:
    """The operations of a region's block (`.operations`, a list)."""

    def __init__(self, operations):
        self.operations = operations

    def __repr__(self):
        return f"<Block of {len(self.operations)} operations>"


class Operation:
    """One operation: `name` ("affine.for"), `attributes` (name -> printed
    value), `body` (a Block, empty for an operation without regions);
    str() is its MLIR text."""

    def __init__(self, summary):
        name, text, attributes, body = summary
        self.name = name
        self.text = text
        self.attributes = dict(attributes)
        self.body = Block([Operation(inner) for inner in body])

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"<Operation {self.name}>"


class Function:
    """A function of a scheduled program as hcl.lower prints it
    (s.top_func); str() is the whole module's MLIR."""

    def __init__(self, mlir, name="top"):
        self.mlir = mlir
        self.name = name

    def __str__(self):
        return self.mlir

    def __repr__(self):
        return f"<Function @{self.name}>"


def _unquote(value):
    return value[1:-1] if len(value) >= 2 and value[0] == value[-1] == '"' \
        else value


def get_affine_loop_nests(func):
    """The loop nests of a function (s.top_func): a list with one nest per
    loop at the top of the function, each a list of {"name", "body"} for the
    named loops of that nest, the outermost first and each loop before the
    loops inside it. "body" is the loop's Operation."""
    if not isinstance(func, Function):
        raise Error("get_affine_loop_nests: expected a schedule's function "
                    f"(s.top_func), got {type(func).__name__}")
    nests = []
    for nest in _hcl.affine_loop_nests(func.mlir, func.name):
        loops = []
        for summary in nest:
            loop = Operation(summary)
            loops.append({"name": _unquote(loop.attributes["loop_name"]),
                          "body": loop})
        nests.append(loops)
    return nests
