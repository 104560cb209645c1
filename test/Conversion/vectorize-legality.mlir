// vectorize on the CPU: a loop becomes vector operations only when MLIR's
// affine vectorizer widens every operation in it lane by lane. A stride
// other than 1 along the vector loop, an inner bound that depends on it, or
// its index used as a value keep the loop scalar (marked for LLVM's own
// vectorizer, which checks legality itself); a walk down a column is
// vectorized with element-wise transfers. Each function runs against its
// unscheduled program by vectorize-legality-run.test.
//
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-cpu-loops | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-cpu-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN
//
// An outer loop that stays scalar loses its mark (LLVM's loop vectorizer
// takes innermost loops only) and says why, at the loop.
// WARN: vectorize-legality.mlir:{{[0-9]+}}:{{[0-9]+}}: warning: loop 'j.outer' runs as scalar code on the CPU: an index has a stride other than 1 along the vector loop
// WARN: warning: loop 'i.outer' runs as scalar code on the CPU: an index has a stride other than 1 along the vector loop
// WARN: warning: loop 'i' runs as scalar code on the CPU: an inner loop's bound depends on the vector loop
// WARN: warning: loop 'j.inner' runs as scalar code on the CPU: an inner loop's bound depends on a loop inside the vector loop
// WARN-NOT: warning

// split(j, 8) then vectorize(j.outer, 8) on the benchmark gemm: the lanes of
// j.outer are 8 columns apart, which a vector transfer does not express.
// CHECK-LABEL: func.func @gemm_outer_of_split(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "j.outer"}
func.func @gemm_outer_of_split(%A: memref<16x8xf32>, %B: memref<8x64xf32>, %C: memref<16x64xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x64xf32>
        %c = affine.load %C[%i, %j] : memref<16x64xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<16x64xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %jo, %ji = hcl.split(%s, %lj, 8)
  hcl.vectorize(%s, %jo, 8)
  return
}

// split(i, 4) then vectorize(i.outer, 2) on B = A + 1: every element of B is
// written (the lanes are 4 apart).
// CHECK-LABEL: func.func @map_outer_of_split(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "i.outer", stage_name = "B"}
func.func @map_outer_of_split(%A: memref<8xi32>, %B: memref<8xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.addi %a, %one : i32
    affine.store %b, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "B"}
  %io, %ii = hcl.split(%s, %li, 4)
  hcl.vectorize(%s, %io, 2)
  return
}

// A triangular nest: the inner loop's bound is the vector loop's index.
// CHECK-LABEL: func.func @inner_bound_depends(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "i", stage_name = "s"}
func.func @inner_bound_depends(%A: memref<4x4xf32>, %B: memref<4x4xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%j, %i] : memref<4x4xf32>
      affine.store %a, %B[%j, %i] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.vectorize(%s, %li, 4)
  return
}

// The loop's index as a value (B[i] = i): no vector of indices here.
// CHECK-LABEL: func.func @index_as_value(
// CHECK-NOT:     vector.
// CHECK:         vectorize = 8 : i32
func.func @index_as_value(%B: memref<8xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 8 {
    %v = arith.index_cast %i : index to i32
    affine.store %v, %B[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "s"}
  hcl.vectorize(%s, %li, 8)
  return
}

// An outer loop along the rows' last dimension, an inner scalar loop:
// vectorized, the inner loop copied into the vector body.
// CHECK-LABEL: func.func @outer_contiguous(
// CHECK:         affine.for %{{.*}} = 0 to 2 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 4 {
// CHECK:             vector.transfer_read %arg0{{.*}} {in_bounds = [true]} : memref<4x16xf32>, vector<8xf32>
// CHECK:             vector.transfer_write
func.func @outer_contiguous(%A: memref<4x16xf32>, %B: memref<4x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%j, %i] : memref<4x16xf32>
      %b = arith.mulf %a, %two : f32
      affine.store %b, %B[%j, %i] : memref<4x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.vectorize(%s, %li, 8)
  return
}

// A walk down a column (the vector loop indexes the first dimension):
// vectorized; the transfers are not vector loads, so the lowering reads the
// lanes one by one (convert-vector-to-scf).
// CHECK-LABEL: func.func @column_walk(
// CHECK:         vector.transfer_read %arg0{{.*}}permutation_map
// CHECK:         vector.transfer_write {{.*}}permutation_map
func.func @column_walk(%A: memref<8x3xf32>, %B: memref<8x3xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %two = arith.constant 2.0 : f32
  affine.for %j = 0 to 3 {
    affine.for %i = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x3xf32>
      %b = arith.mulf %a, %two : f32
      affine.store %b, %B[%i, %j] : memref<8x3xf32>
    } {loop_name = "i"}
  } {loop_name = "j", stage_name = "s"}
  hcl.vectorize(%s, %li, 8)
  return
}

// The vector loop holds a split reduction loop: the inner part's bound
// (min(7, 8 - 7 * k.outer)) uses the outer part's index, a loop inside the
// vector loop, which the vectorizer's copy would refer to after erasing it.
// CHECK-LABEL: func.func @inner_bound_uses_inner_loop(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "j.inner"}
func.func @inner_bound_uses_inner_loop(%A: memref<4x8xf32>, %B: memref<8x4xf32>, %C: memref<4x4xf32>) {
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<4x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x4xf32>
        %c = affine.load %C[%i, %j] : memref<4x4xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<4x4xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %jo, %ji = hcl.split(%s, %lj, 2)
  %ko, %ki = hcl.split(%s, %lk, 7)
  hcl.vectorize(%s, %ji, 2)
  return
}

// A loop from 1 to 4 step 2 has two iterations, rows 1 and 3; lanes of a
// vector would be rows 1 and 2. The outer loop stays scalar (with a
// warning); the innermost one keeps its mark for LLVM, which checks itself.
// WARN: vectorize-legality.mlir:{{[0-9]+}}:{{[0-9]+}}: warning: loop 'i' runs as scalar code on the CPU: the loop steps by 2, not 1
// CHECK-LABEL: func.func @stepped_loop(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "i", stage_name = "s"}
// CHECK:         {loop_name = "j", vectorize = 2 : i32}
func.func @stepped_loop(%A: memref<4x6xi64>, %B: memref<4x6xi64>, %C: memref<4x6xi64>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %t = hcl.create_stage_handle "t" : !hcl.StageHandle
  %two = arith.constant 2 : i64
  affine.for %i = 1 to 4 step 2 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xi64>
      %b = arith.addi %a, %two : i64
      affine.store %b, %B[%i, %j] : memref<4x6xi64>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 step 3 {
      %a = affine.load %A[%i, %j] : memref<4x6xi64>
      affine.store %a, %C[%i, %j] : memref<4x6xi64>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "t"}
  hcl.vectorize(%s, %li, 2)
  hcl.vectorize(%t, %lj, 2)
  return
}

// A min over Fixed<12, 4>, i12 in 2-byte memory slots: a vector<2xi12>
// would pack the two lanes into 3 bytes, so the loop stays scalar (found by
// the random `--rtl` tester: the JIT's vectorized min wrote 0 where the
// unscheduled program wrote 12). The same holds for bool (i1) elements.
// CHECK-LABEL: func.func @fixed12_min(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "j", vectorize = 2 : i32}
func.func @fixed12_min(%A: memref<5x2x!hcl.Fixed<12, 4>>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 2 {
      %x = affine.load %A[%i, %j] : memref<5x2x!hcl.Fixed<12, 4>>
      %c = hcl.fixed_constant 0.75 : !hcl.Fixed<12, 4>
      %m = hcl.min_fixed %x, %c : !hcl.Fixed<12, 4>
      affine.store %m, %A[%i, %j] : memref<5x2x!hcl.Fixed<12, 4>>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.vectorize(%s, %lj, 2)
  return
}

// CHECK-LABEL: func.func @bool_xor(
// CHECK-NOT:     vector
// CHECK:         {loop_name = "i.inner", vectorize = 8 : i32}
func.func @bool_xor(%A: memref<16xi1>, %B: memref<16xi1>, %C: memref<16xi1>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi1>
    %b = affine.load %B[%i] : memref<16xi1>
    %x = arith.xori %a, %b : i1
    affine.store %x, %C[%i] : memref<16xi1>
  } {loop_name = "i", stage_name = "s"}
  hcl.vectorize(%s, %li, 8)
  return
}
