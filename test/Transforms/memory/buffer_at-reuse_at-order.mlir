// buffer_at on a stencil's output and reuse_at on its input give one program
// whichever comes first (issue 15), at the same loop and at nested loops. reuse_at runs the axis
// two more iterations and guards the body; buffer_at fills and writes back
// its row inside that guard in both orders (it used to copy row i - 2 = -2
// and -1 of B, out of bounds, when it came second).
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry reuse_then_buffer | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry buffer_then_reuse | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry line_reuse_then_row_buffer | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry row_buffer_then_line_reuse | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry reuse_then_buffer | FileCheck %s --check-prefix=HLSEXEC
// RUN: hcl check --hls %s --entry buffer_then_reuse | FileCheck %s --check-prefix=HLSEXEC
// RUN: hcl check --hls %s --entry line_reuse_then_row_buffer | FileCheck %s --check-prefix=HLSEXEC
// RUN: hcl check --hls %s --entry row_buffer_then_line_reuse | FileCheck %s --check-prefix=HLSEXEC
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLS
// EXEC: hcl check: OK
// HLSEXEC: hcl check --hls: OK

// The same structure for both orders: shift the line buffer, then under the
// guard the write buffer's fill, the stencil and the write-back.
// CHECK-LABEL: func.func @reuse_then_buffer
// CHECK-NEXT:  memref.alloca() {name = "B_buf"} : memref<8xi32>
// CHECK:       memref.alloc() {name = "A_lb"} : memref<3x10xi32>
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK:         } {spatial}
// CHECK-NEXT:    affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:      affine.for
// CHECK:           } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK:           } {loop_name = "j"}
// CHECK:           } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:    }
// CHECK-NEXT:  } {loop_name = "i", stage_name = "B"}
// CHECK-LABEL: func.func @buffer_then_reuse
// CHECK-NEXT:  memref.alloca() {name = "B_buf"} : memref<8xi32>
// CHECK:       memref.alloc() {name = "A_lb"} : memref<3x10xi32>
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK:         } {spatial}
// CHECK-NEXT:    affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:      affine.for
// CHECK:           } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK:           } {loop_name = "j"}
// CHECK:           } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:    }
// CHECK-NEXT:  } {loop_name = "i", stage_name = "B"}

// In the HLS C++ (the same text for both) the copies of B are inside the
// guard too: no result0[i - 2] while i < 2.
// HLS-LABEL: void reuse_then_buffer({{.*}}) {
// HLS:         int32_t B_buf[8];
// HLS:         if (i - 2 >= 0) {
// HLS-NEXT:      l_j_init: for
// HLS:             result0[i - 2][j_init];
// HLS:           l_j_back: for
// HLS:             result0[i - 2][j_back] =
// HLS-LABEL: void buffer_then_reuse({{.*}}) {
// HLS:         int32_t B_buf[8];
// HLS:         if (i - 2 >= 0) {
// HLS-NEXT:      l_j_init: for
// HLS:             result0[i - 2][j_init];
// HLS:           l_j_back: for
// HLS:             result0[i - 2][j_back] =

func.func @reuse_then_buffer(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %d = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %e = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      %2 = arith.addi %1, %d : i32
      %3 = arith.addi %2, %e : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) {buffer_name = "A_lb"} -> memref<3x10xi32>
  %buf = hcl.buffer_at(%s, %B : memref<8x8xi32>, %li) {buffer_name = "B_buf"} -> memref<8xi32>
  return %B : memref<8x8xi32>
}

func.func @buffer_then_reuse(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %d = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %e = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      %2 = arith.addi %1, %d : i32
      %3 = arith.addi %2, %e : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %buf = hcl.buffer_at(%s, %B : memref<8x8xi32>, %li) {buffer_name = "B_buf"} -> memref<8xi32>
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) {buffer_name = "A_lb"} -> memref<3x10xi32>
  return %B : memref<8x8xi32>
}

// reuse_at at the inner loop j, buffer_at at the row loop i: after reuse_at
// B is written at column j' - 2, which buffer_at takes as the loop variable
// j' plus a constant (it used to refuse it, so only one order worked).
// CHECK-LABEL: func.func @line_reuse_then_row_buffer
// CHECK-NEXT:  memref.alloca() {name = "B_buf"} : memref<8xi32>
// CHECK:       affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:    affine.for
// CHECK:         } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK:         affine.for %[[J:.*]] = 0 to 10 {
// CHECK:           affine.if #{{.*}}(%[[J]]) {
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[J]] - 2] : memref<8xi32>
// CHECK:         } {loop_name = "j"}
// CHECK:         } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-LABEL: func.func @row_buffer_then_line_reuse
// CHECK-NEXT:  memref.alloca() {name = "B_buf"} : memref<8xi32>
// CHECK:       affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:    affine.for
// CHECK:         } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK:         affine.for %[[J:.*]] = 0 to 10 {
// CHECK:           affine.if #{{.*}}(%[[J]]) {
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[J]] - 2] : memref<8xi32>
// CHECK:         } {loop_name = "j"}
// CHECK:         } {loop_name = "j_back", pipeline_ii = 1 : i32}

func.func @line_reuse_then_row_buffer(%A: memref<6x10xi32>) -> memref<6x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<6x8xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<6x10xi32>
      %b = affine.load %A[%i, %j + 1] : memref<6x10xi32>
      %c = affine.load %A[%i, %j + 2] : memref<6x10xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %B[%i, %j] : memref<6x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<6x10xi32>, %lj) {buffer_name = "A_lb"} -> memref<3xi32>
  %buf = hcl.buffer_at(%s, %B : memref<6x8xi32>, %li) {buffer_name = "B_buf"} -> memref<8xi32>
  return %B : memref<6x8xi32>
}

func.func @row_buffer_then_line_reuse(%A: memref<6x10xi32>) -> memref<6x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<6x8xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<6x10xi32>
      %b = affine.load %A[%i, %j + 1] : memref<6x10xi32>
      %c = affine.load %A[%i, %j + 2] : memref<6x10xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %B[%i, %j] : memref<6x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %buf = hcl.buffer_at(%s, %B : memref<6x8xi32>, %li) {buffer_name = "B_buf"} -> memref<8xi32>
  %lb = hcl.reuse_at(%s, %A : memref<6x10xi32>, %lj) {buffer_name = "A_lb"} -> memref<3xi32>
  return %B : memref<6x8xi32>
}
