// buffer_at of an array the loop only reads (a layer's weights) keeps a
// read-only copy: no write-back, and the fill is one pipelined loop over
// the copy's elements (a burst when the array is an m_axi port), named
// `<buffer_name>_load`, or as fuse names the copy loops when the buffer has
// no name. A written target keeps its `_init` / `_back` nests.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry weights_block | FileCheck %s --check-prefix=OK
// RUN: hcl check %s --entry unnamed | FileCheck %s --check-prefix=OK
// RUN: hcl check --hls %s --entry weights_block --seeds 1 | FileCheck %s --check-prefix=HLS
// OK: hcl check: OK
// HLS: hcl check --hls: OK

// CHECK-LABEL: func.func @weights_block(
// CHECK:         %[[COPY:.*]] = memref.alloca() {name = "w_copy"} : memref<4x6x3xf32>
// CHECK:         affine.for %[[O:.*]] = 0 to 2 {
// CHECK-NEXT:      affine.for %[[L:.*]] = 0 to 72 {
// CHECK:             %[[V:.*]] = affine.load %arg1[
// CHECK:             affine.store %[[V]], %[[COPY]][
// CHECK-NEXT:      } {loop_name = "w_copy_load", pipeline_ii = 1 : i32}
// CHECK:           affine.load %[[COPY]][
// CHECK-NOT:       affine.store {{.*}}, %arg1
// CHECK:         } {loop_name = "c.outer", stage_name = "s"}
func.func @weights_block(%x: memref<6x3xf32>, %w: memref<8x6x3xf32>, %y: memref<8xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %lc = hcl.create_loop_handle %s, "c" : !hcl.LoopHandle
  affine.for %c = 0 to 8 {
    %zero = arith.constant 0.0 : f32
    affine.store %zero, %y[%c] : memref<8xf32>
    affine.for %r = 0 to 6 {
      affine.for %k = 0 to 3 {
        %a = affine.load %x[%r, %k] : memref<6x3xf32>
        %b = affine.load %w[%c, %r, %k] : memref<8x6x3xf32>
        %p = arith.mulf %a, %b : f32
        %o = affine.load %y[%c] : memref<8xf32>
        %t = arith.addf %o, %p : f32
        affine.store %t, %y[%c] : memref<8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "r", reduction = 1 : i32}
  } {loop_name = "c", stage_name = "s"}
  %outer, %inner = hcl.split(%s, %lc, 4)
  %copy = hcl.buffer_at(%s, %w : memref<8x6x3xf32>, %outer) {buffer_name = "w_copy"} -> memref<4x6x3xf32>
  return
}

// CHECK-LABEL: func.func @unnamed(
// CHECK:         } {loop_name = "j_init_k_init_fused", pipeline_ii = 1 : i32}
// CHECK-NOT:     _back
// CHECK-LABEL: func.func @written(
// CHECK:         } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK:         } {loop_name = "j_back", pipeline_ii = 1 : i32}
func.func @unnamed(%A: memref<4x5x6xi32>, %B: memref<4xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    %zero = arith.constant 0 : i32
    affine.store %zero, %B[%i] : memref<4xi32>
    affine.for %j = 0 to 5 {
      affine.for %k = 0 to 6 {
        %a = affine.load %A[%i, %j, %k] : memref<4x5x6xi32>
        %o = affine.load %B[%i] : memref<4xi32>
        %t = arith.addi %o, %a : i32
        affine.store %t, %B[%i] : memref<4xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j", reduction = 1 : i32}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %A : memref<4x5x6xi32>, %li) -> memref<5x6xi32>
  return
}

func.func @written(%C: memref<4x6xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %c = affine.load %C[%i, %j] : memref<4x6xi32>
      %t = arith.addi %c, %c : i32
      affine.store %t, %C[%i, %j] : memref<4x6xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C : memref<4x6xi32>, %li) -> memref<6xi32>
  return
}
