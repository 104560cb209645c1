"""Prints N small elementwise stages (a chain through 8x16 buffers into %out),
then a padding stage P that copies %X into the on-chip A (C channels, rows
read at a clamped, data-dependent index, as hcl import's padding reads its
input) and a 3x3 convolution B of A with constant weights, written as hcl
import writes one."""
import sys

n, c = int(sys.argv[1]), int(sys.argv[2])
t = "memref<8x16xi32>"
print(f'memref.global "private" constant @wt : memref<8x{c}x3x3xi32> = dense<1>')
print(f"func.func @top(%Z: {t}, %out: {t}, %X: memref<1x{c}x10x10xi32>) -> memref<1x8x8x8xi32> {{")
print(f"  %F = memref.get_global @wt : memref<8x{c}x3x3xi32>")
prev = "%Z"
for s in range(1, n + 1):
    dst = "%out" if s == n else f"%T{s}"
    if s < n:
        print(f'  {dst} = memref.alloc() {{name = "T{s}"}} : {t}')
    print("  affine.for %i = 0 to 8 {")
    print("    affine.for %j = 0 to 16 {")
    print(f"      %x = affine.load {prev}[%i, %j] : {t}")
    print("      %y = arith.addi %x, %x : i32")
    print(f"      affine.store %y, {dst}[%i, %j] : {t}")
    print('    } {loop_name = "j"}')
    print(f'  }} {{loop_name = "i", stage_name = "S{s}"}}')
    prev = dst
a = f"memref<1x{c}x10x10xi32>"
b = "memref<1x8x8x8xi32>"
print(f'  %A = memref.alloc() {{name = "A"}} : {a}')
print(f"""  affine.for %n = 0 to 1 {{
    affine.for %ch = 0 to {c} {{
      affine.for %h = 0 to 10 {{
        affine.for %w = 0 to 10 {{
          %c9 = arith.constant 9 : index
          %hc = arith.minsi %h, %c9 : index
          %x = memref.load %X[%n, %ch, %hc, %w] : {a}
          affine.store %x, %A[%n, %ch, %h, %w] : {a}
        }} {{loop_name = "w"}}
      }} {{loop_name = "h"}}
    }} {{loop_name = "c"}}
  }} {{loop_name = "n", stage_name = "P"}}
  %B = memref.alloc() {{name = "B"}} : {b}
  affine.for %n = 0 to 1 {{
    affine.for %co = 0 to 8 {{
      affine.for %h = 0 to 8 {{
        affine.for %w = 0 to 8 {{
          %zero = arith.constant 0 : i32
          affine.store %zero, %B[%n, %co, %h, %w] : {b}
          affine.for %rc = 0 to {c} {{
            affine.for %rh = 0 to 3 {{
              affine.for %rw = 0 to 3 {{
                %v = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : {a}
                %f = affine.load %F[%co, %rc, %rh, %rw] : memref<8x{c}x3x3xi32>
                %p = arith.muli %v, %f : i32
                %old = affine.load %B[%n, %co, %h, %w] : {b}
                %new = arith.addi %old, %p : i32
                affine.store %new, %B[%n, %co, %h, %w] : {b}
              }} {{loop_name = "rw", reduction = 1 : i32}}
            }} {{loop_name = "rh", reduction = 1 : i32}}
          }} {{loop_name = "rc", reduction = 1 : i32}}
        }} {{loop_name = "w"}}
      }} {{loop_name = "h"}}
    }} {{loop_name = "co"}}
  }} {{loop_name = "n", stage_name = "B"}}
  return %B : {b}
}}""")
