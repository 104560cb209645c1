// Seed 004, listing 4.4: a loop the schedule marks `parallel` (hcl.parallel)
// gets `#pragma omp parallel for` (the seed's `omp for` inside the parallel
// region gcc needs; Bambu's OpenMP examples write it this way), guarded by
// _OPENMP so that the strict C99 build has no unknown pragma. The check
// runs the kernel serially and on 1 and 2 OpenMP threads.
//
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-bambu-c | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-bambu-c > %t.c
// RUN: gcc -std=c99 -Wall -Werror -fsyntax-only %t.c
// RUN: gcc -std=c99 -Wall -Werror -fopenmp -fsyntax-only %t.c
// RUN: hcl check --bambu %s --entry root_loop | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu %s --entry per_row_filter | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// CHECK-LABEL: void gemm_fun_0({{.*}}) {
// CHECK-NEXT:  #ifdef _OPENMP
// CHECK-NEXT:  #pragma omp parallel for
// CHECK-NEXT:  #endif
// CHECK-NEXT:    for (int i = 0; i < 12; i++) {
func.func @root_loop(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x10xf32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 10 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<12x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x10xf32>
        %c = affine.load %C[%i, %j] : memref<12x10xf32>
        %p = arith.mulf %a, %b : f32
        %sum = arith.addf %p, %c : f32
        affine.store %sum, %C[%i, %j] : memref<12x10xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  hcl.parallel(%s, %li)
  return
}

// As in the seed, every parallel iteration calls a filter: here the
// reduction into the per-row local `acc` (allocated inside the loop, so
// private to each iteration) becomes one.
// CHECK-LABEL: void rows_fun_1({{.*}}) {
// CHECK-NEXT:  #ifdef _OPENMP
// CHECK-NEXT:  #pragma omp parallel for
// CHECK-NEXT:  #endif
// CHECK-NEXT:    for (int i = 0; i < 12; i++) {
// CHECK-NEXT:      float [[R:r[_0-9]*]] = acc_fun_2(
// CHECK-NEXT:      arg1[i] = [[R]];
func.func @per_row_filter(%A: memref<12x16xf32>, %S: memref<12xf32>) {
  %s = hcl.create_stage_handle "rows" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 12 {
    %acc = memref.alloc() {name = "acc"} : memref<1xf32>
    affine.store %zero, %acc[0] : memref<1xf32>
    affine.for %k = 0 to 16 {
      %a = affine.load %A[%i, %k] : memref<12x16xf32>
      %o = affine.load %acc[0] : memref<1xf32>
      %n = arith.addf %o, %a : f32
      affine.store %n, %acc[0] : memref<1xf32>
    } {loop_name = "k", reduction = 1 : i32}
    %r = affine.load %acc[0] : memref<1xf32>
    affine.store %r, %S[%i] : memref<12xf32>
  } {loop_name = "i", stage_name = "rows"}
  hcl.parallel(%s, %li)
  return
}
