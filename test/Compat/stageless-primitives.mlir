// Loop customizations written without their stage operand, the stage being
// the loop handle's (HeteroCL-MLIR's later spelling), with `op_name` naming
// the stage. Each primitive does what it does in the seed spelling.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS

// EXEC-COUNT-4: hcl check: OK
// EXEC: hcl check: 4 of 4 functions pass
// HLS-COUNT-4: hcl check --hls: OK
// HLS: hcl check --hls: 4 of 4 functions pass

// split, then tile a split loop with the other; pipeline, unroll and
// parallel the results: the derived handles carry the stage of the loop they came from.
// CHECK-LABEL: func.func @split_tile
// CHECK:         affine.for {{.*}} = 0 to 2 {
// CHECK-NEXT:      affine.for {{.*}} = 0 to 2 {
// CHECK-NEXT:        affine.for {{.*}} = 0 to 2 {
// CHECK-NEXT:          affine.for {{.*}} = 0 to 4 {
// CHECK-NEXT:            affine.for {{.*}} = 0 to 4 {
// CHECK:                 } {loop_name = "j.inner", unroll = 4 : i32}
// CHECK-NEXT:          } {loop_name = "i.inner.inner", pipeline_ii = 1 : i32}
// CHECK-NEXT:        } {loop_name = "j.outer"}
// CHECK-NEXT:      } {loop_name = "i.inner.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", parallel, stage_name = "s"}
// CHECK-NOT:     hcl.
func.func @split_tile(%A: memref<16x8xf32>, %B: memref<16x8xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<16x8xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<16x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  %lio, %lii = hcl.split (%li, 8)
  %lx, %ly, %lz, %lw = hcl.tile (%lii, %lj, 4, 4)
  hcl.pipeline (%ly, 1)
  hcl.unroll (%lw, 4)
  hcl.parallel (%lio)
  return
}

// reorder and fuse without a stage.
// CHECK-LABEL: func.func @reorder_fuse
// CHECK:         affine.for {{.*}} = 0 to 32 {
// CHECK-NEXT:      affine.for {{.*}} = 0 to 4 {
// CHECK:           } {loop_name = "i"}
// CHECK-NEXT:    } {loop_name = "k_j_fused", stage_name = "s"}
func.func @reorder_fuse(%A: memref<4x8xf32>, %B: memref<8x4xf32>, %C: memref<4x4xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  %lj = hcl.create_loop_handle %s, "j"
  %lk = hcl.create_loop_handle %s, "k"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<4x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x4xf32>
        %c = affine.load %C[%i, %j] : memref<4x4xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<4x4xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  hcl.reorder (%lk, %lj, %li)
  %lkj = hcl.fuse (%lk, %lj)
  return
}

// reuse_at without a stage; handles created without one find their loop by
// name (the function has one loop of each name).
// CHECK-LABEL: func.func @reuse
// CHECK:         memref.alloc() : memref<3xf32>
// CHECK:         } {loop_name = "x", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "y", stage_name = "blur"}
func.func @reuse(%A: memref<6x10xf32>, %B: memref<6x8xf32>) {
  %ly = hcl.create_loop_handle "y"
  %lx = hcl.create_loop_handle "x"
  affine.for %y = 0 to 6 {
    affine.for %x = 0 to 8 {
      %a = affine.load %A[%y, %x] : memref<6x10xf32>
      %b = affine.load %A[%y, %x + 1] : memref<6x10xf32>
      %c = affine.load %A[%y, %x + 2] : memref<6x10xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      affine.store %t, %B[%y, %x] : memref<6x8xf32>
    } {loop_name = "x"}
  } {loop_name = "y", op_name = "blur"}
  %buf = hcl.reuse_at(%A : memref<6x10xf32>, %lx) -> memref<3xf32>
  hcl.pipeline (%lx)
  return
}

// buffer_at without a stage.
// CHECK-LABEL: func.func @buffer
// CHECK:         memref.alloca() : memref<8xf32>
// CHECK:         } {loop_name = "j_back"
func.func @buffer(%A: memref<4x8xf32>, %B: memref<4x8xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  %buf = hcl.buffer_at(%B : memref<4x8xf32>, %li) -> memref<8xf32>
  return
}
