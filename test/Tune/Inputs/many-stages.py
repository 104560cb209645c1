"""Prints a chain of N elementwise stages through on-chip buffers (N + 1
arrays of 8x16 f32): B1 = A * 2, B2 = B1 + A, B3 = B2 * 2, ... into the
argument out."""
import sys

n = int(sys.argv[1])
t = "memref<8x16xf32>"
print(f"func.func @top(%A: {t}, %out: {t}) {{")
print("  %two = arith.constant 2.0 : f32")
prev = "%A"
for s in range(1, n + 1):
    dst = "%out" if s == n else f"%B{s}"
    if s < n:
        print(f'  {dst} = memref.alloc() {{name = "B{s}"}} : {t}')
    op = "arith.mulf %x, %two" if s % 2 else "arith.addf %x, %a"
    print("  affine.for %i = 0 to 8 {")
    print("    affine.for %j = 0 to 16 {")
    print(f"      %x = affine.load {prev}[%i, %j] : {t}")
    print(f"      %a = affine.load %A[%i, %j] : {t}")
    print(f"      %y = {op} : f32")
    print(f"      affine.store %y, {dst}[%i, %j] : {t}")
    print('    } {loop_name = "j"}')
    print(f'  }} {{loop_name = "i", stage_name = "S{s}"}}')
    prev = dst
print("  return")
print("}")
