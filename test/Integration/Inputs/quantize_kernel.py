"""Appends data-type customizations to a seed 000 benchmark kernel:

  quantize_kernel.py KERNEL.mlir OUT.mlir all|inputs

Every f32 argument is quantized to Fixed<16, 8> and every i32 argument
downsized to i8; an allocated output %B is quantized to Fixed<16, 8>. With
`inputs`, the last argument (the output the kernel accumulates into) stays
f32: a write buffer (buffer_at) holds the partial sums in the type the
buffer had when it was made, so quantizing the accumulator changes the
result by design, not by mistake.
"""
import re, sys
src, dst, mode = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(src).read()
sig = re.search(r"func\.func @top\((.*?)\)\s*(->[^{]*)?\{", text)
args = re.findall(r"(%\w+): (memref<[^>]*>)", sig.group(1))
ops = []
for position, (name, ty) in enumerate(args):
    elem = ty.rstrip(">").split("x")[-1]
    if elem.startswith("f"):
        if mode == "inputs" and position == len(args) - 1:
            continue  # the accumulated output stays f32 (see the test)
        ops.append(f"  hcl.quantize({name} : {ty}, !hcl.Fixed<16, 8>)")
    else:
        ops.append(f"  hcl.downsize({name} : {ty}, i8)")
m = re.search(r"(%B) = memref.alloc\(\) \{name = \"B\"\} : (memref<[^>]*>)", text)
if m:
    ops.append(f"  hcl.quantize({m.group(1)} : {m.group(2)}, !hcl.Fixed<16, 8>)")
idx = text.rindex("  return")
open(dst, "w").write(text[:idx] + "\n".join(ops) + "\n" + text[idx:])
