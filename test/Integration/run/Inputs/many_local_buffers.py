"""Writes a program whose 160 stages each keep a 64 KiB intermediate array:
10 MiB of local buffers, more than a thread's 8 MiB stack.

  python3 many_local_buffers.py > OUT.mlir

B_0 = A + 1, B_k = B_{k-1} + 1, the result B_159 = A + 160.
"""
N, STAGES = 16384, 160
print("func.func @top(%A: memref<16384xf32>) -> memref<16384xf32> {")
print("  %one = arith.constant 1.0 : f32")
prev = "%A"
for s in range(STAGES):
    cur = "%%B%d" % s
    kind = "memref.alloc() {name = \"B%d\"}" % s
    print("  %s = %s : memref<%dxf32>" % (cur, kind, N))
    print("  affine.for %%i = 0 to %d {" % N)
    print("    %%v = affine.load %s[%%i] : memref<%dxf32>" % (prev, N))
    print("    %w = arith.addf %v, %one : f32")
    print("    affine.store %%w, %s[%%i] : memref<%dxf32>" % (cur, N))
    print("  } {loop_name = \"i\", stage_name = \"B%d\"}" % s)
    prev = cur
print("  return %s : memref<%dxf32>" % (prev, N))
print("}")
