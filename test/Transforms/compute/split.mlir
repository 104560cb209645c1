// hcl.split strip-mines one loop into `<loop>.outer` around `<loop>.inner`;
// a factor that does not divide the trip count gets a `min` bound on the
// inner loop. Checked by structure and, for every function, by execution
// against the unscheduled program.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry split_divides | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_tail | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_inner_loop | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_then_pipeline | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_whole_trip | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_reduction | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_twice | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_offset_step | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_derived_by_name | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split_two_stages | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-DAG: #[[TAIL30_4:.+]] = affine_map<(d0) -> (4, d0 * -4 + 30)>
// CHECK-DAG: #[[TAIL12_5:.+]] = affine_map<(d0) -> (5, d0 * -5 + 12)>
// CHECK-DAG: #[[TAIL30_8:.+]] = affine_map<(d0) -> (8, d0 * -8 + 30)>
// CHECK-DAG: #[[TAIL16_3:.+]] = affine_map<(d0) -> (3, d0 * -3 + 16)>
// CHECK-DAG: #[[TWICE_O:.+]] = affine_map<(d0) -> (3, (d0 * -8 + 30) ceildiv 3)>
// CHECK-DAG: #[[TWICE_I:.+]] = affine_map<(d0, d1) -> (3, d1 * -3 + 8, d0 * -8 - d1 * 3 + 30)>
// CHECK-DAG: #[[TAIL14_4:.+]] = affine_map<(d0) -> (4, d0 * -4 + 14)>

// 16 = 4 * 4: no partial tile, the stage name moves to `i.outer`.
// CHECK-LABEL: func.func @split_divides(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<16xi32>, %[[B:arg[0-9]+]]: memref<16xi32>)
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[O:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:        affine.load %[[A]][%[[I]] + %[[O]] * 4]
// CHECK-NEXT:        arith.muli
// CHECK-NEXT:        affine.store %{{.*}}, %[[B]][%[[I]] + %[[O]] * 4]
// CHECK-NEXT:      } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_divides(%A: memref<16xi32>, %B: memref<16xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c3 = arith.constant 3 : i32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = arith.muli %a, %c3 : i32
    affine.store %b, %B[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  return
}

// 30 = 7 * 4 + 2: eight outer iterations, the last one runs 2 inner ones.
// CHECK-LABEL: func.func @split_tail(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[O:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to min #[[TAIL30_4]](%[[O]]) {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]] + %[[O]] * 4]
// CHECK:           } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_tail(%A: memref<30xf32>, %B: memref<30xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%i] : memref<30xf32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  return
}

// Splitting the inner loop leaves `i` (and its stage name) where it was.
// CHECK-LABEL: func.func @split_inner_loop(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:        affine.for %[[JI:arg[0-9]+]] = 0 to min #[[TAIL12_5]](%[[JO]]) {
// CHECK-NEXT:          affine.load %{{.*}}[%[[I]], %[[JI]] + %[[JO]] * 5]
// CHECK:             } {loop_name = "j.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_inner_loop(%A: memref<10x12xf32>, %B: memref<10x12xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %cst = arith.constant 0.5 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 12 {
      %a = affine.load %A[%i, %j] : memref<10x12xf32>
      %b = arith.addf %a, %cst : f32
      affine.store %b, %B[%i, %j] : memref<10x12xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %lj, 5)
  return
}

// The handles split returns name the new loops: pipelining the inner handle
// marks `i.inner` only.
// CHECK-LABEL: func.func @split_then_pipeline(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[O:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #[[TAIL30_8]](%[[O]]) {
// CHECK:           } {loop_name = "i.inner", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_then_pipeline(%A: memref<30xi32>, %B: memref<30xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %B[%i] : memref<30xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 8)
  hcl.pipeline(%s, %n, 1)
  return
}

// A factor equal to the trip count is allowed: one outer iteration.
// CHECK-LABEL: func.func @split_whole_trip(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 1 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 8 {
// CHECK:           } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_whole_trip(%A: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.muli %a, %a : i32
    affine.store %b, %A[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 8)
  return
}

// Splitting the reduction loop of a gemm, through an !hcl.OpHandle and a loop
// handle created with its stage: both halves keep `reduction`, and the
// summation order of every C[i][j] is unchanged.
// CHECK-LABEL: func.func @split_reduction(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 12 {
// CHECK-NEXT:      affine.for %[[J:arg[0-9]+]] = 0 to 10 {
// CHECK-NEXT:        affine.for %[[KO:arg[0-9]+]] = 0 to 6 {
// CHECK-NEXT:          affine.for %[[KI:arg[0-9]+]] = 0 to min #[[TAIL16_3]](%[[KO]]) {
// CHECK-NEXT:            affine.load %{{.*}}[%[[I]], %[[KI]] + %[[KO]] * 3]
// CHECK:               } {loop_name = "k.inner", reduction = 1 : i32}
// CHECK-NEXT:        } {loop_name = "k.outer", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "gemm"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_reduction(%A: memref<12x16xf32>, %B: memref<16x10xf32>, %C: memref<12x10xf32>) {
  %s = hcl.create_op_handle "gemm" : !hcl.OpHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
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
  %ko, %ki = hcl.split(%s, %lk, 3)
  return
}

// Splitting `i.inner` again (a loop whose bound is already a `min`) gives
// `i.inner.outer` and `i.inner.inner`, with both tails in the bounds.
// CHECK-LABEL: func.func @split_twice(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[O:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[IO:arg[0-9]+]] = 0 to min #[[TWICE_O]](%[[O]]) {
// CHECK-NEXT:        affine.for %[[II:arg[0-9]+]] = 0 to min #[[TWICE_I]](%[[O]], %[[IO]]) {
// CHECK-NEXT:          affine.load %{{.*}}[%[[O]] * 8 + %[[II]] + %[[IO]] * 3]
// CHECK:             } {loop_name = "i.inner.inner", pipeline_ii = 1 : i32}
// CHECK-NEXT:      } {loop_name = "i.inner.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_twice(%A: memref<30xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<30xf32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 8)
  %no, %ni = hcl.split(%s, %n, 3)
  hcl.pipeline(%s, %ni)
  return
}

// A loop from 2 to 30 step 2 has 14 iterations; the new loops start at 0
// with step 1 and the accesses are rewritten.
// CHECK-LABEL: func.func @split_offset_step(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[O:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[I:arg[0-9]+]] = 0 to min #[[TAIL14_4]](%[[O]]) {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]] * 2 + %[[O]] * 8 + 2]
// CHECK-NEXT:        arith.addi
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]] * 2 + %[[O]] * 8 + 3]
// CHECK-NEXT:      } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_offset_step(%A: memref<40xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %c1 = arith.constant 1 : i32
  affine.for %i = 2 to 30 step 2 {
    %a = affine.load %A[%i] : memref<40xi32>
    %b = arith.addi %a, %c1 : i32
    affine.store %b, %A[%i + 1] : memref<40xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  return
}

// A handle can name a loop that an earlier split creates, by its name.
// CHECK-LABEL: func.func @split_derived_by_name(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to min #[[TAIL30_4]]
// CHECK:           } {loop_name = "i.inner", unroll = 4 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", pipeline_ii = 2 : i32, stage_name = "S"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_derived_by_name(%A: memref<30xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lo = hcl.create_loop_handle %s, "i.outer" : !hcl.LoopHandle
  %ln = hcl.create_loop_handle "i.inner" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    %a = affine.load %A[%i] : memref<30xi32>
    %b = arith.subi %a, %a : i32
    affine.store %b, %A[%i] : memref<30xi32>
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  hcl.unroll(%s, %ln, 4)
  hcl.pipeline(%s, %lo, 2)
  return
}

// Two stages whose loops have the same names; each split applies to its own
// stage only.
// CHECK-LABEL: func.func @split_two_stages(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 3 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 4 {
// CHECK:           } {loop_name = "i.inner"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "B"}
// CHECK-NEXT:    affine.for %[[I:arg[0-9]+]] = 0 to 12 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:        affine.for %[[JI:arg[0-9]+]] = 0 to min #[[TAIL12_5]](%[[JO]]) {
// CHECK:             } {loop_name = "j.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "C"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @split_two_stages(%A: memref<12xi32>, %B: memref<12xi32>, %C: memref<12x12xi32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lBi = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  %lCj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    %a = affine.load %A[%i] : memref<12xi32>
    %b = arith.muli %a, %a : i32
    affine.store %b, %B[%i] : memref<12xi32>
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 12 {
      %x = affine.load %B[%i] : memref<12xi32>
      %y = affine.load %B[%j] : memref<12xi32>
      %z = arith.subi %x, %y : i32
      affine.store %z, %C[%i, %j] : memref<12x12xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %bo, %bi = hcl.split(%sB, %lBi, 4)
  %jo, %ji = hcl.split(%sC, %lCj, 5)
  return
}
