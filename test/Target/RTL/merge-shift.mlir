// A line buffer alone (reuse_at on the outer axis, no window buffer) leaves
// its shift as a nest of its own before the guarded pipelined loop; the RTL
// merges it into that loop, which then walks the input's positions with the
// body under the guard, so that the nest is perfect and one pipeline
// (docs/rtl.md, "Pipelined loops"). Simulated with Verilator against the
// JIT, beside the estimate, which counts the merged loops too.
// REQUIRES: verilator
// RUN: hcl estimate --target rtl %s --entry five_point | FileCheck %s --check-prefix=EST-FIVE
// RUN: hcl check --rtl %s --entry five_point --seeds 2 | FileCheck %s --check-prefix=FIVE
// RUN: hcl estimate --target rtl %s --entry conv | FileCheck %s --check-prefix=EST-CONV
// RUN: hcl check --rtl %s --entry conv --seeds 2 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: hcl estimate --target rtl %s --entry past_the_shift | FileCheck %s --check-prefix=EST-PAST
// RUN: hcl check --rtl %s --entry past_the_shift --seeds 1 | FileCheck %s --check-prefix=PAST
// RUN: hcl estimate --target rtl %s --entry sequential | FileCheck %s --check-prefix=EST-SEQ

// The seed's 5point+LB with j pipelined: the shift walks j' over 10
// positions, the body 8 of them two positions behind; merged, i and j' are
// one pipeline of 100 iterations. Row 1's bank is read three times an
// iteration (j' - 2 and j' - 1, and the shift's read of j'; j' itself
// comes from the store before it): II 3 on its one read port.
// EST-FIVE: B/i {{ *}}10 {{ *}}- {{.*}}
// EST-FIVE-NEXT: B/i/j {{ *}}10 {{ *}}1 {{ *}}3 {{ *}}1 {{ *}}3 {{ *}}31
// EST-FIVE-NEXT: function: latency 303 cycles
// FIVE: hcl check --rtl: OK: @five_point{{.*}}cycles 306, 306)
func.func @five_point(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %b = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %0 = arith.addi %a, %b : i32
      %c = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %1 = arith.addi %0, %c : i32
      %d = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %2 = arith.addi %1, %d : i32
      %e = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %3 = arith.addi %2, %e : i32
      affine.store %3, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  hcl.partition(%lb : memref<3x10xi32>, Complete, 1)
  hcl.pipeline(%s, %lj, 1)
  return %B : memref<8x8xi32>
}

// conv2d-nchw+LB in f32 (seed 000's row, small): the shift nest walks c
// and w'; w' becomes its outer loop and merges, c is unrolled in the
// pipeline (two reads of A an iteration, on its two ports).
// The banks of the buffer's rows 1 and 2 are read three times an
// iteration (w' - 2, w' - 1 and the shift's read of w'): II 3.
// EST-CONV: B/n/c/h {{ *}}6 {{ *}}- {{.*}}
// EST-CONV-NEXT: B/n/c/h/w {{ *}}6 {{ *}}1 {{ *}}3 {{ *}}1 {{ *}}3
// EST-CONV-NEXT: B/n/c/h/w/(loop) {{ *}}2
// EST-CONV: function: latency 295 cycles
// CONV: remark: rtl: loop 'w' pipelined at II 3 instead of 1: the estimate's ResMII is 3
// CONV: hcl check --rtl: OK: @conv{{.*}}cycles 299, 299)
func.func @conv(%A: memref<1x2x6x6xf32>, %F: memref<2x2x3x3xf32>) -> memref<1x2x4x4xf32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<1x2x4x4xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 2 {
      affine.for %h = 0 to 4 {
        affine.for %w = 0 to 4 {
          %sum = memref.alloca() {name = "sum"} : memref<1xf32>
          affine.store %zero, %sum[0] : memref<1xf32>
          affine.for %rc = 0 to 2 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %A[%n, %rc, %h + %rh, %w + %rw] : memref<1x2x6x6xf32>
                %f = affine.load %F[%c, %rc, %rh, %rw] : memref<2x2x3x3xf32>
                %p = arith.mulf %a, %f : f32
                %old = affine.load %sum[0] : memref<1xf32>
                %new = arith.addf %old, %p : f32
                affine.store %new, %sum[0] : memref<1xf32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
          %r = affine.load %sum[0] : memref<1xf32>
          affine.store %r, %B[%n, %c, %h, %w] : memref<1x2x4x4xf32>
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<1x2x6x6xf32>, %lh) -> memref<2x3x6xf32>
  hcl.partition(%F : memref<2x2x3x3xf32>, Complete, 2)
  hcl.partition(%F : memref<2x2x3x3xf32>, Complete, 3)
  hcl.partition(%F : memref<2x2x3x3xf32>, Complete, 4)
  hcl.partition(%lb : memref<2x3x6xf32>, Complete, 1)
  hcl.partition(%lb : memref<2x3x6xf32>, Complete, 2)
  hcl.pipeline(%s, %lw, 1)
  return %B : memref<1x2x4x4xf32>
}

// Not merged: the body reads the buffer at j + 3, one position past the
// one the merged loop would have shifted (the last column is filled before
// the nest and never shifted). The shift stays a loop of its own.
// EST-PAST: B/i {{ *}}10 {{ *}}- {{.*}}
// EST-PAST-NEXT: B/i/(loop) {{ *}}10
// EST-PAST-NEXT: B/i/j {{ *}}8 {{ *}}1
// PAST: hcl check --rtl: OK: @past_the_shift{{.*}}cycles 699)
#guard = affine_set<(d0) : (d0 - 2 >= 0)>
func.func @past_the_shift(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  %LB = memref.alloc() : memref<3x11xi32>
  %zero = arith.constant 0 : i32
  affine.for %r = 0 to 3 {
    affine.store %zero, %LB[%r, 10] : memref<3x11xi32>
  }
  affine.for %i = 0 to 10 {
    affine.for %jj = 0 to 10 {
      %0 = affine.load %LB[1, %jj] : memref<3x11xi32>
      affine.store %0, %LB[0, %jj] : memref<3x11xi32>
      %1 = affine.load %LB[2, %jj] : memref<3x11xi32>
      affine.store %1, %LB[1, %jj] : memref<3x11xi32>
      %2 = affine.load %A[%i, %jj] : memref<10x10xi32>
      affine.store %2, %LB[2, %jj] : memref<3x11xi32>
    } {spatial}
    affine.if #guard(%i) {
      affine.for %j = 0 to 8 {
        %0 = affine.load %LB[0, %j + 1] : memref<3x11xi32>
        %1 = affine.load %LB[2, %j + 3] : memref<3x11xi32>
        %2 = arith.addi %0, %1 : i32
        affine.store %2, %B[%i - 2, %j] : memref<8x8xi32>
      } {loop_name = "j", pipeline_ii = 1 : i32}
    }
  } {loop_name = "i", stage_name = "B"}
  memref.dealloc %LB : memref<3x11xi32>
  return %B : memref<8x8xi32>
}

// Not merged: the loop after the shift is not pipelined (nothing to make
// one pipeline of).
// EST-SEQ: B/i/(loop) {{ *}}10
// EST-SEQ-NEXT: B/i/j {{ *}}8 {{ *}}-
func.func @sequential(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  %LB = memref.alloc() : memref<3x10xi32>
  affine.for %i = 0 to 10 {
    affine.for %jj = 0 to 10 {
      %0 = affine.load %LB[1, %jj] : memref<3x10xi32>
      affine.store %0, %LB[0, %jj] : memref<3x10xi32>
      %1 = affine.load %LB[2, %jj] : memref<3x10xi32>
      affine.store %1, %LB[1, %jj] : memref<3x10xi32>
      %2 = affine.load %A[%i, %jj] : memref<10x10xi32>
      affine.store %2, %LB[2, %jj] : memref<3x10xi32>
    } {spatial}
    affine.if #guard(%i) {
      affine.for %j = 0 to 8 {
        %0 = affine.load %LB[0, %j + 1] : memref<3x10xi32>
        %1 = affine.load %LB[2, %j + 2] : memref<3x10xi32>
        %2 = arith.addi %0, %1 : i32
        affine.store %2, %B[%i - 2, %j] : memref<8x8xi32>
      } {loop_name = "j"}
    }
  } {loop_name = "i", stage_name = "B"}
  memref.dealloc %LB : memref<3x10xi32>
  return %B : memref<8x8xi32>
}
