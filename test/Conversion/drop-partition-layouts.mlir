// --hcl-drop-partition-layouts gives every memref type with a partition
// layout the identity layout, wherever the type appears: operation results,
// block arguments, function types, call results, memref.global and other
// type attributes. Other layouts stay. The whole file then lowers to LLVM.
// RUN: hcl-opt %s --hcl-drop-partition-layouts | FileCheck %s
// RUN: hcl-opt %s --hcl-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// LLVM-NOT: memref<
// LLVM:     llvm.func @top

#complete = affine_map<(d0, d1) -> (0, d1, d0, 0)>
#cyclic = affine_map<(d0) -> (d0 mod 4, d0 floordiv 4)>
#block = affine_map<(d0, d1) -> (d0 floordiv 2, 0, d0 mod 2, d1)>

// CHECK-NOT:   affine_map
// CHECK:       memref.global "private" @table : memref<8xi32> = dense<1>
memref.global "private" @table : memref<8xi32, #cyclic> = dense<1>

// CHECK-LABEL: func.func private @stage(
// CHECK-SAME:      %{{.+}}: memref<4x4xi32>, %{{.+}}: memref<4x4xi32, strided<[1, 4]>>) -> memref<4x4xi32>
// CHECK:         ^bb1(%{{.+}}: memref<4x4xi32>):
// CHECK:         return %{{.+}} : memref<4x4xi32>
func.func private @stage(%X: memref<4x4xi32, #complete>, %S: memref<4x4xi32, strided<[1, 4]>>) -> memref<4x4xi32, #complete> {
  cf.br ^bb1(%X : memref<4x4xi32, #complete>)
^bb1(%Y: memref<4x4xi32, #complete>):
  return %Y : memref<4x4xi32, #complete>
}

// CHECK-LABEL: func.func @top(
// CHECK-SAME:      %{{.+}}: memref<4x4xi32>, %{{.+}}: memref<6x3xf32>, %[[S:.+]]: memref<4x4xi32, strided<[1, 4]>>) -> i32
// CHECK:         %[[B:.+]] = memref.alloc() {layout_of = memref<4x4xi32>} : memref<4x4xi32>
// CHECK:         call @stage(%[[B]], %[[S]]) : (memref<4x4xi32>, memref<4x4xi32, strided<[1, 4]>>) -> memref<4x4xi32>
// CHECK:         memref.get_global @table : memref<8xi32>
// CHECK:         affine.load %{{.+}}[5, 1] : memref<6x3xf32>
func.func @top(%A: memref<4x4xi32, #complete>, %F: memref<6x3xf32, #block>, %S: memref<4x4xi32, strided<[1, 4]>>) -> i32 {
  %B = memref.alloc() {layout_of = memref<4x4xi32, #complete>} : memref<4x4xi32, #complete>
  memref.copy %A, %B : memref<4x4xi32, #complete> to memref<4x4xi32, #complete>
  %R = func.call @stage(%B, %S) : (memref<4x4xi32, #complete>, memref<4x4xi32, strided<[1, 4]>>) -> memref<4x4xi32, #complete>
  %T = memref.get_global @table : memref<8xi32, #cyclic>
  %v = affine.load %R[1, 2] : memref<4x4xi32, #complete>
  %w = affine.load %T[3] : memref<8xi32, #cyclic>
  %f = affine.load %F[5, 1] : memref<6x3xf32, #block>
  %s = arith.addi %v, %w : i32
  memref.dealloc %B : memref<4x4xi32, #complete>
  return %s : i32
}
