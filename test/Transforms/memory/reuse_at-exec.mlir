// reuse_at computes what the algorithm computes: blur with a line buffer,
// conv2d-nchw in reduction form (sum over rc, rh, rw) with line and window
// buffers, diag3d with three chained buffers, a float stencil with a lower
// bound of 1 and negative offsets, and a stencil inside a batch loop.
// RUN: hcl check %s --entry blur_lb | FileCheck %s
// RUN: hcl check %s --entry conv_lb | FileCheck %s
// RUN: hcl check %s --entry conv_lb_wb | FileCheck %s
// RUN: hcl check %s --entry diag3d_xyz | FileCheck %s
// RUN: hcl check %s --entry jacobi_f32 | FileCheck %s
// RUN: hcl check %s --entry batched | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s --check-prefix=IR
// CHECK: hcl check: OK

// IR-LABEL: func.func @blur_lb
// IR: memref.alloc() : memref<3xi32>
// IR: affine.for %{{.*}} = 0 to 12 {
// IR: } {loop_name = "j"}
func.func @blur_lb(%A: memref<6x12xi32>) -> memref<6x10xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<6x10xi32>
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<6x12xi32>
      %b = affine.load %A[%i, %j + 1] : memref<6x12xi32>
      %c = affine.load %A[%i, %j + 2] : memref<6x12xi32>
      %0 = arith.addi %a, %b : i32
      %1 = arith.addi %0, %c : i32
      affine.store %1, %B[%i, %j] : memref<6x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<6x12xi32>, %lj) -> memref<3xi32>
  return %B : memref<6x10xi32>
}

// IR-LABEL: func.func @conv_lb(
// IR: memref.alloc() : memref<2x3x8xi32>
func.func @conv_lb(%A: memref<1x2x8x8xi32>, %F: memref<3x2x3x3xi32>) -> memref<1x3x6x6xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<1x3x6x6xi32>
  %zero = arith.constant 0 : i32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 3 {
      affine.for %h = 0 to 6 {
        affine.for %w = 0 to 6 {
          %acc = memref.alloca() : memref<1xi32>
          affine.store %zero, %acc[0] : memref<1xi32>
          affine.for %rc = 0 to 2 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x2x8x8xi32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<3x2x3x3xi32>
                %p = arith.muli %a, %f : i32
                %old = affine.load %acc[0] : memref<1xi32>
                %new = arith.addi %old, %p : i32
                affine.store %new, %acc[0] : memref<1xi32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %acc[0] : memref<1xi32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x3x6x6xi32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<1x2x8x8xi32>, %lh) -> memref<2x3x8xi32>
  return %B : memref<1x3x6x6xi32>
}

// The line-buffer shift over w merges into the w loop: one w loop remains.
// IR-LABEL: func.func @conv_lb_wb(
// IR: memref.alloc() : memref<2x3x8xi32>
// IR: memref.alloc() : memref<2x3x3xi32>
// IR: affine.for %{{.*}} = 0 to 8 {
// IR-NOT: loop_name = "w"
// IR: } {loop_name = "w", pipeline_ii = 1 : i32}
// IR-NOT: loop_name = "w"
// IR: } {loop_name = "h"}
func.func @conv_lb_wb(%A: memref<1x2x8x8xi32>, %F: memref<3x2x3x3xi32>) -> memref<1x3x6x6xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<1x3x6x6xi32>
  %zero = arith.constant 0 : i32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 3 {
      affine.for %h = 0 to 6 {
        affine.for %w = 0 to 6 {
          %acc = memref.alloca() : memref<1xi32>
          affine.store %zero, %acc[0] : memref<1xi32>
          affine.for %rc = 0 to 2 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x2x8x8xi32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<3x2x3x3xi32>
                %p = arith.muli %a, %f : i32
                %old = affine.load %acc[0] : memref<1xi32>
                %new = arith.addi %old, %p : i32
                affine.store %new, %acc[0] : memref<1xi32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %acc[0] : memref<1xi32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x3x6x6xi32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<1x2x8x8xi32>, %lh) -> memref<2x3x8xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<2x3x8xi32>, %lw) -> memref<2x3x3xi32>
  hcl.pipeline(%s, %lw, 1)
  return %B : memref<1x3x6x6xi32>
}

// IR-LABEL: func.func @diag3d_xyz(
// IR: memref.alloc() : memref<3x7x8xf32>
// IR: memref.alloc() : memref<3x3x8xf32>
// IR: memref.alloc() : memref<3x3x3xf32>
// Each level's shift is in the z loop's body, the first (x) unguarded
// before the second's guard: x, y and z are a perfect nest (one pipeline
// once flattened).
// IR:      affine.for %[[X:.*]] = 0 to 6 {
// IR-NEXT:   affine.for %[[Y:.*]] = 0 to 7 {
// IR-NEXT:     affine.for %[[Z:.*]] = 0 to 8 {
// IR-NEXT:       affine.load %{{.*}}[1, %[[Y]], %[[Z]]] : memref<3x7x8xf32>
// IR:            affine.load %arg0[%[[X]], %[[Y]], %[[Z]]]
// IR:            affine.if #{{.*}}(%[[X]]) {
// IR:              affine.if #{{.*}}(%[[Y]]) {
// IR:                affine.if #{{.*}}(%[[Z]]) {
// IR:          } {loop_name = "z"
// IR-NEXT:   } {loop_name = "y"}
// IR-NEXT: } {loop_name = "x", stage_name = "B"}
func.func @diag3d_xyz(%A: memref<6x7x8xf32>) -> memref<4x5x6xf32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lx = hcl.create_loop_handle "x" : !hcl.LoopHandle
  %ly = hcl.create_loop_handle "y" : !hcl.LoopHandle
  %lz = hcl.create_loop_handle "z" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<4x5x6xf32>
  affine.for %x = 0 to 4 {
    affine.for %y = 0 to 5 {
      affine.for %z = 0 to 6 {
        %a = affine.load %A[%x, %y, %z] : memref<6x7x8xf32>
        %b = affine.load %A[%x + 1, %y + 1, %z + 1] : memref<6x7x8xf32>
        %c = affine.load %A[%x + 2, %y + 2, %z + 2] : memref<6x7x8xf32>
        %0 = arith.addf %a, %b : f32
        %1 = arith.addf %0, %c : f32
        affine.store %1, %B[%x, %y, %z] : memref<4x5x6xf32>
      } {loop_name = "z"}
    } {loop_name = "y"}
  } {loop_name = "x", stage_name = "B"}
  %b1 = hcl.reuse_at(%s, %A : memref<6x7x8xf32>, %lx) -> memref<3x7x8xf32>
  %b2 = hcl.reuse_at(%s, %b1 : memref<3x7x8xf32>, %ly) -> memref<3x3x8xf32>
  %b3 = hcl.reuse_at(%s, %b2 : memref<3x3x8xf32>, %lz) -> memref<3x3x3xf32>
  return %B : memref<4x5x6xf32>
}

// IR-LABEL: func.func @jacobi_f32(
// IR: memref.alloc() : memref<3x9xf32>
// IR: affine.for %{{.*}} = 1 to 11 {
func.func @jacobi_f32(%A: memref<11x9xf32>, %B: memref<11x9xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %third = arith.constant 0.333333 : f32
  affine.for %i = 1 to 9 {
    affine.for %j = 1 to 8 {
      %n = affine.load %A[%i - 1, %j] : memref<11x9xf32>
      %w = affine.load %A[%i, %j - 1] : memref<11x9xf32>
      %c = affine.load %A[%i, %j] : memref<11x9xf32>
      %e = affine.load %A[%i, %j + 1] : memref<11x9xf32>
      %so = affine.load %A[%i + 1, %j] : memref<11x9xf32>
      %0 = arith.addf %n, %w : f32
      %1 = arith.addf %0, %c : f32
      %2 = arith.addf %1, %e : f32
      %3 = arith.addf %2, %so : f32
      %4 = arith.mulf %3, %third : f32
      affine.store %4, %B[%i, %j] : memref<11x9xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %lb = hcl.reuse_at(%s, %A : memref<11x9xf32>, %li) -> memref<3x9xf32>
  %wb = hcl.reuse_at(%s, %lb : memref<3x9xf32>, %lj) -> memref<3x3xf32>
  return
}

// The batch loop n sits outside the axis: the buffer refills for every n.
func.func @batched(%A: memref<3x10xi64>) -> memref<3x8xi64> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<3x8xi64>
  affine.for %n = 0 to 3 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%n, %j + 2] : memref<3x10xi64>
      %b = affine.load %A[%n, %j] : memref<3x10xi64>
      %0 = arith.subi %a, %b : i64
      affine.store %0, %B[%n, %j] : memref<3x8xi64>
    } {loop_name = "j"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<3x10xi64>, %lj) -> memref<3xi64>
  return %B : memref<3x8xi64>
}
