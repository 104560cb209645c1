// reuse_at with a stride: the reads move by s positions per iteration of
// the axis (a stride-2 convolution). The axis then walks the input one
// position at a time, shifting the buffer by one, and runs the body at every
// s-th position once the window is full. Each schedule is checked against
// the unscheduled program on random inputs, on the CPU and in the HLS C
// simulation.
// RUN: hcl check %s --entry conv_s2_lb | FileCheck %s
// RUN: hcl check %s --entry conv_s2_lb_wb | FileCheck %s
// RUN: hcl check %s --entry conv_s2_lb_wb --hls | FileCheck %s --check-prefix=HLS
// RUN: hcl check %s --entry stencil_s3_from_1 | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s --check-prefix=IR
// CHECK: hcl check: OK
// HLS: hcl check --hls: OK

// The line buffer holds 3 rows of the 9 columns the stride-2 windows read;
// h walks the 2 * 3 + 3 = 9 input rows and computes at rows 2, 4, 6, 8.
// IR: #[[EVERY2:.*]] = affine_set<(d0) : (d0 - 2 >= 0, d0 mod 2 == 0)>
// IR-LABEL: func.func @conv_s2_lb(
// IR: memref.alloc() : memref<2x3x9xi32>
// IR: affine.for %[[H:.*]] = 0 to 9 {
// IR: affine.if #[[EVERY2]](%[[H]]) {
// IR: affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %[[H]] floordiv 2 - 1, %{{.*}}]
// IR: } {loop_name = "h"}
func.func @conv_s2_lb(%A: memref<1x2x9x9xi32>, %F: memref<3x2x3x3xi32>) -> memref<1x3x4x4xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<1x3x4x4xi32>
  %zero = arith.constant 0 : i32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 3 {
      affine.for %h = 0 to 4 {
        affine.for %w = 0 to 4 {
          %acc = memref.alloca() : memref<1xi32>
          affine.store %zero, %acc[0] : memref<1xi32>
          affine.for %rc = 0 to 2 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, 2 * %h + %rh, 2 * %w + %rw] : memref<1x2x9x9xi32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<3x2x3x3xi32>
                %p = arith.muli %a, %f : i32
                %old = affine.load %acc[0] : memref<1xi32>
                %new = arith.addi %old, %p : i32
                affine.store %new, %acc[0] : memref<1xi32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %acc[0] : memref<1xi32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x3x4x4xi32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<1x2x9x9xi32>, %lh) -> memref<2x3x9xi32>
  return %B : memref<1x3x4x4xi32>
}

// Line and window buffers, the window's shift merged into w, pipelined.
// IR-LABEL: func.func @conv_s2_lb_wb(
// IR: memref.alloc() : memref<2x3x9xi32>
// IR: memref.alloc() : memref<2x3x3xi32>
// IR: affine.for %{{.*}} = 0 to 9 {
// IR-NOT: loop_name = "w"
// IR: } {loop_name = "w", pipeline_ii = 1 : i32}
// IR-NOT: loop_name = "w"
// IR: } {loop_name = "h"}
func.func @conv_s2_lb_wb(%A: memref<1x2x9x9xi32>, %F: memref<3x2x3x3xi32>) -> memref<1x3x4x4xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<1x3x4x4xi32>
  %zero = arith.constant 0 : i32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 3 {
      affine.for %h = 0 to 4 {
        affine.for %w = 0 to 4 {
          %acc = memref.alloca() : memref<1xi32>
          affine.store %zero, %acc[0] : memref<1xi32>
          affine.for %rc = 0 to 2 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, 2 * %h + %rh, 2 * %w + %rw] : memref<1x2x9x9xi32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<3x2x3x3xi32>
                %p = arith.muli %a, %f : i32
                %old = affine.load %acc[0] : memref<1xi32>
                %new = arith.addi %old, %p : i32
                affine.store %new, %acc[0] : memref<1xi32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %acc[0] : memref<1xi32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x3x4x4xi32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<1x2x9x9xi32>, %lh) -> memref<2x3x9xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<2x3x9xi32>, %lw) -> memref<2x3x3xi32>
  hcl.pipeline(%s, %lw, 1)
  return %B : memref<1x3x4x4xi32>
}

// Stride 3, a 5-wide window and a lower bound of 1: i walks positions 3 to
// 3 * 5 + 5 = 20 and computes at 7, 10, ..., 19.
// IR-LABEL: func.func @stencil_s3_from_1(
// IR: memref.alloc() : memref<5xf32>
// IR: affine.for %{{.*}} = 3 to 20 {
func.func @stencil_s3_from_1(%A: memref<22xf32>) -> memref<6xf32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<6xf32>
  // B[0] is no window's output; left unwritten, hcl check refuses the
  // result as undefined.
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %B[0] : memref<6xf32>
  affine.for %i = 1 to 6 {
    %a = affine.load %A[3 * %i - 1] : memref<22xf32>
    %b = affine.load %A[3 * %i + 1] : memref<22xf32>
    %c = affine.load %A[3 * %i + 3] : memref<22xf32>
    %0 = arith.addf %a, %b : f32
    %1 = arith.mulf %0, %c : f32
    affine.store %1, %B[%i] : memref<6xf32>
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<22xf32>, %li) -> memref<5xf32>
  return %B : memref<6xf32>
}
