// Stages that read a constant (a module-level memref.global, as hcl::constant
// writes it, read through memref.get_global) take loop primitives like any
// other: split, reorder and pipeline on the reader, compute_at of the reader
// into its consumer. The global stays, and the program runs the same.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// EXEC: hcl check: OK

// CHECK:       memref.global "private" constant @W : memref<4x8xf32> = dense<{{\[}}[1.000000e+00, 2.000000e+00
// CHECK-LABEL: func.func @top
// CHECK:         %[[W:.*]] = memref.get_global @W : memref<4x8xf32>
// CHECK-NOT:     stage_name = "B"
// CHECK:         affine.for
// CHECK:           affine.load %[[W]][%{{.*}}, %{{.*}} + %{{.*}} * 4]
// CHECK:         } {loop_name = "B.j.outer", pipeline_ii = 1 : i32}
// CHECK:         affine.load %[[W]][%{{.*}}, -%{{.*}} + 7]
// CHECK:         } {loop_name = "i", stage_name = "C"}
// CHECK-NOT:     hcl.
// LLVM: llvm.mlir.global private constant @W(dense<
memref.global "private" constant @W : memref<4x8xf32> = dense<"0x0000803F000000400000404000008040000000C0000080BF0000003F0000803E0000803F000000400000404000008040000000C0000080BF0000003F0000803E0000803F000000400000404000008040000000C0000080BF0000003F0000803E0000803F000000400000404000008040000000C0000080BF0000003F0000803E">
func.func @top(%A: memref<4x8xf32>) -> memref<4x8xf32> {
  %W = memref.get_global @W : memref<4x8xf32>
  %B = memref.alloc() {name = "B"} : memref<4x8xf32>
  %C = memref.alloc() {name = "C"} : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %w = affine.load %W[%i, %j] : memref<4x8xf32>
      %b = arith.mulf %a, %w : f32
      affine.store %b, %B[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<4x8xf32>
      %w = affine.load %W[%i, 7 - %j] : memref<4x8xf32>
      %c = arith.addf %b, %w : f32
      affine.store %c, %C[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %jo, %ji = hcl.split(%sB, %lj, 4)
  %li = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  hcl.reorder(%sB, %ji, %li)
  hcl.pipeline(%sB, %jo, 1)
  %lci = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  hcl.compute_at(%sB, %sC, %lci)
  memref.dealloc %B : memref<4x8xf32>
  return %C : memref<4x8xf32>
}
