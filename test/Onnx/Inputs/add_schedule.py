"""Appends schedule ops to the @top of an imported program, before its
return, as a user editing `hcl import`'s output would.

  python3 add_schedule.py IN.mlir OUT.mlir 'hcl.op ...' ...

Each op is MLIR text; `%stage(NAME)` and `%loop(NAME)` are replaced by
handles created for them.
"""
import re
import sys

source, target, *ops = sys.argv[1:]
text = open(source).read()
lines, handles = [], {}


def handle(kind, name):
    key = (kind, name)
    if key not in handles:
        value = f"%sched_{kind}_{len(handles)}"
        op = "create_stage_handle" if kind == "stage" else "create_loop_handle"
        handle_type = "StageHandle" if kind == "stage" else "LoopHandle"
        lines.append(f'{value} = hcl.{op} "{name}" : !hcl.{handle_type}')
        handles[key] = value
    return handles[key]


for op in ops:
    op = re.sub(r"%(stage|loop)\(([^)]*)\)", lambda m: handle(m[1], m[2]), op)
    lines.append(op)
top = text.index("func.func @top")
ret = re.compile(r"^( *)return", re.M).search(text, top)
indent = ret[1]
body = "\n".join(indent + line.strip() for line in lines)
open(target, "w").write(text[:ret.start()] + body + "\n" + text[ret.start():])
