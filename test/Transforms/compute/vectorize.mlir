// hcl.vectorize runs a loop in groups of `width` iterations: a loop of
// exactly `width` iterations is marked `vectorize = width`; a longer one is
// split first (`<loop>.outer` around `<loop>.inner`, a `min` tail when the
// width does not divide the trip count) and the inner loop is marked. The
// CPU lowering turns the marked loop into vector operations (LLVM loop
// metadata when it cannot), the HLS backend into `#pragma HLS unroll`. Errors: vectorize-errors.mlir. Every function is
// checked against the unscheduled program, on the CPU and through HLS C++.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLSCPP
// RUN: hcl check %s --entry vectorize_exact | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry vectorize_split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry vectorize_tail | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry vectorize_tiled | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry vectorize_computed_at | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry vectorize_tiled | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry vectorize_computed_at | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry vectorize_tail | FileCheck %s --check-prefix=HLS
// EXEC: hcl check: OK
// HLS: OK

// A loop of exactly the width becomes vector operations (--hcl-cpu-loops);
// so do the full groups of vectorize_tail (the last group, of 2, stays
// scalar). Loops the vectorizer cannot handle keep LLVM loop metadata:
// test/Conversion/cpu-loops.mlir.
// LLVM-LABEL: llvm.func @vectorize_exact(
// LLVM: llvm.load {{.*}} -> vector<8xf32>
// LLVM: llvm.fmul {{.*}} : vector<8xf32>
// LLVM-LABEL: llvm.func @vectorize_split(
// LLVM: llvm.load {{.*}} -> vector<8xi32>
// LLVM-LABEL: llvm.func @vectorize_tail(
// LLVM: llvm.fadd {{.*}} : vector<4xf32>
// LLVM-LABEL: llvm.func @vectorize_tiled(
// LLVM: llvm.fmul {{.*}} : vector<8xf32>
// LLVMIR: fmul <8 x float>
// LLVMIR-NOT: llvm.loop.vectorize

// HLSCPP-LABEL: void vectorize_exact(
// HLSCPP:         for (int
// HLSCPP-NEXT:      #pragma HLS unroll
// HLSCPP-NOT:       #pragma
// HLSCPP:         }

// The trip count is the width: no split.
// CHECK-LABEL: func.func @vectorize_exact(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK:         } {loop_name = "i", stage_name = "S", vectorize = 8 : i32}
// CHECK-NOT:     hcl.
func.func @vectorize_exact(%A: memref<8xf32>, %B: memref<8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S"}
  hcl.vectorize(%s, %li, 8)
  return
}

// 64 = 8 * 8: split without a tail, the inner loop marked.
// CHECK-LABEL: func.func @vectorize_split(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[O:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 8 {
// CHECK:             affine.load %{{.*}}[%[[I]] + %[[O]] * 8]
// CHECK:           } {loop_name = "i.inner", vectorize = 8 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
func.func @vectorize_split(%A: memref<64xi32>, %B: memref<64xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %B[%i] : memref<64xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.vectorize(%s, %li, 8)
  return
}

// 30 is not a multiple of 4: the inner loop has a `min` tail, as split's.
// CHECK-LABEL: func.func @vectorize_tail(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #{{.*}}(%{{.*}}) {
// CHECK:           } {loop_name = "i.inner", vectorize = 4 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
func.func @vectorize_tail(%A: memref<30xf32>, %B: memref<30xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<30xf32>
  } {loop_name = "i", stage_name = "S"}
  hcl.vectorize(%s, %li, 4)
  return
}

// Halide's blur_y.tile(x, y, xi, yi, 16, 4).vectorize(xi, 8).parallel(y):
// the inner tile loop `x.inner` (16) is split by 8.
// CHECK-LABEL: func.func @vectorize_tiled(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:          affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:            affine.for %{{.*}} = 0 to 8 {
// CHECK:                 } {loop_name = "x.inner.inner", vectorize = 8 : i32}
// CHECK-NEXT:          } {loop_name = "x.inner.outer"}
// CHECK-NEXT:        } {loop_name = "y.inner"}
// CHECK-NEXT:      } {loop_name = "x.outer"}
// CHECK-NEXT:    } {loop_name = "y.outer", parallel, stage_name = "S"}
func.func @vectorize_tiled(%A: memref<8x32xf32>, %B: memref<8x32xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %ly = hcl.create_loop_handle "y" : !hcl.LoopHandle
  %lx = hcl.create_loop_handle "x" : !hcl.LoopHandle
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 32 {
      %a = affine.load %A[%y, %x] : memref<8x32xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%y, %x] : memref<8x32xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "S"}
  %yo, %yi, %xo, %xi = hcl.tile(%s, %ly, %lx, 4, 16)
  %lxi = hcl.create_loop_handle %s, "x.inner" : !hcl.LoopHandle
  %lyo = hcl.create_loop_handle %s, "y.outer" : !hcl.LoopHandle
  hcl.vectorize(%s, %lxi, 8)
  hcl.parallel(%s, %lyo)
  return
}

// A producer computed at a consumer's loop is still named by its own stage
// handle (Halide's blur_x.compute_at(blur_y, x).vectorize(x, 8)): its loop
// `x` is the consumer's copy `P.x`.
// CHECK-LABEL: func.func @vectorize_computed_at(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 6 {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:          affine.for %{{.*}} = 0 to 8 {
// CHECK:               } {loop_name = "P.x.inner", vectorize = 8 : i32}
// CHECK-NEXT:        } {loop_name = "P.x.outer"}
// CHECK-NEXT:      } {loop_name = "P.y"}
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 {
// CHECK:           } {loop_name = "x"}
// CHECK-NEXT:    } {loop_name = "y", stage_name = "C"}
func.func @vectorize_computed_at(%A: memref<8x16xf32>, %C: memref<6x16xf32>) {
  %sP = hcl.create_stage_handle "P" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lPx = hcl.create_loop_handle %sP, "x" : !hcl.LoopHandle
  %lCy = hcl.create_loop_handle %sC, "y" : !hcl.LoopHandle
  %P = memref.alloc() : memref<8x16xf32>
  affine.for %y = 0 to 8 {
    affine.for %x = 0 to 16 {
      %a = affine.load %A[%y, %x] : memref<8x16xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %P[%y, %x] : memref<8x16xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "P"}
  affine.for %y = 0 to 6 {
    affine.for %x = 0 to 16 {
      %p0 = affine.load %P[%y, %x] : memref<8x16xf32>
      %p2 = affine.load %P[%y + 2, %x] : memref<8x16xf32>
      %c = arith.addf %p0, %p2 : f32
      affine.store %c, %C[%y, %x] : memref<6x16xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "C"}
  hcl.compute_at(%sP, %sC, %lCy)
  hcl.vectorize(%sP, %lPx, 8)
  memref.dealloc %P : memref<8x16xf32>
  return
}
