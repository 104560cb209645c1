// hcl.tile tiles two directly nested loops: x { y } becomes
// x.outer { y.outer { x.inner { y.inner } } }, with `min` bounds on the inner
// loops when a factor does not divide the trip count. Checked by structure
// and by execution against the unscheduled program.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry tile_gemm_f32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry tile_gemm_reduction_i32 | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry tile_divides | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry tile_op_handle | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry tile_offset_step | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// CHECK-DAG: #[[I30_4:.+]] = affine_map<(d0) -> (4, d0 * -4 + 30)>
// CHECK-DAG: #[[J24_7:.+]] = affine_map<(d0) -> (7, d0 * -7 + 24)>
// CHECK-DAG: #[[J24_5:.+]] = affine_map<(d0) -> (5, d0 * -5 + 24)>
// CHECK-DAG: #[[K16_3:.+]] = affine_map<(d0) -> (3, d0 * -3 + 16)>
// CHECK-DAG: #[[J10_4:.+]] = affine_map<(d0) -> (4, d0 * -4 + 10)>
// CHECK-DAG: #[[I_STEP:.+]] = affine_map<(d0) -> (4, (d0 * -12 + 29) ceildiv 3)>
// CHECK-DAG: #[[J_STEP:.+]] = affine_map<(d0) -> (5, d0 * -5 + 16)>

// gemm 30x24 (k = 16) tiled 4 x 7: neither factor divides; the reduction
// loop `k` stays innermost with its attribute, and the handle `tile` returns
// for `j.inner` is pipelined.
// CHECK-LABEL: func.func @tile_gemm_f32(
// CHECK-SAME:      %[[A:arg[0-9]+]]: memref<30x16xf32>, %[[B:arg[0-9]+]]: memref<16x24xf32>, %[[C:arg[0-9]+]]: memref<30x24xf32>)
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:        affine.for %[[II:arg[0-9]+]] = 0 to min #[[I30_4]](%[[IO]]) {
// CHECK-NEXT:          affine.for %[[JI:arg[0-9]+]] = 0 to min #[[J24_7]](%[[JO]]) {
// CHECK-NEXT:            affine.for %[[K:arg[0-9]+]] = 0 to 16 {
// CHECK-NEXT:              affine.load %[[A]][%[[II]] + %[[IO]] * 4, %[[K]]]
// CHECK-NEXT:              affine.load %[[B]][%[[K]], %[[JI]] + %[[JO]] * 7]
// CHECK-NEXT:              affine.load %[[C]][%[[II]] + %[[IO]] * 4, %[[JI]] + %[[JO]] * 7]
// CHECK:                   affine.store %{{.*}}, %[[C]][%[[II]] + %[[IO]] * 4, %[[JI]] + %[[JO]] * 7]
// CHECK-NEXT:            } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:          } {loop_name = "j.inner", pipeline_ii = 1 : i32}
// CHECK-NEXT:        } {loop_name = "i.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @tile_gemm_f32(%A: memref<30x16xf32>, %B: memref<16x24xf32>, %C: memref<30x24xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<30x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x24xf32>
        %c = affine.load %C[%i, %j] : memref<30x24xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<30x24xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 7)
  hcl.pipeline(%s, %ji)
  return
}

// Tiling (j, k), k being the reduction loop: both halves of k keep
// `reduction`, and `i` keeps the stage name.
// CHECK-LABEL: func.func @tile_gemm_reduction_i32(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[I:arg[0-9]+]] = 0 to 30 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 5 {
// CHECK-NEXT:        affine.for %[[KO:arg[0-9]+]] = 0 to 6 {
// CHECK-NEXT:          affine.for %[[JI:arg[0-9]+]] = 0 to min #[[J24_5]](%[[JO]]) {
// CHECK-NEXT:            affine.for %[[KI:arg[0-9]+]] = 0 to min #[[K16_3]](%[[KO]]) {
// CHECK-NEXT:              affine.load %{{.*}}[%[[I]], %[[KI]] + %[[KO]] * 3]
// CHECK-NEXT:              affine.load %{{.*}}[%[[KI]] + %[[KO]] * 3, %[[JI]] + %[[JO]] * 5]
// CHECK:                 } {loop_name = "k.inner", reduction = 1 : i32}
// CHECK-NEXT:          } {loop_name = "j.inner"}
// CHECK-NEXT:        } {loop_name = "k.outer", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @tile_gemm_reduction_i32(%A: memref<30x16xi32>, %B: memref<16x24xi32>, %C: memref<30x24xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 30 {
    affine.for %j = 0 to 24 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<30x16xi32>
        %b = affine.load %B[%k, %j] : memref<16x24xi32>
        %c = affine.load %C[%i, %j] : memref<30x24xi32>
        %prod = arith.muli %a, %b : i32
        %sum = arith.addi %prod, %c : i32
        affine.store %sum, %C[%i, %j] : memref<30x24xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %jo, %ji, %ko, %ki = hcl.tile(%s, %lj, %lk, 5, 3)
  return
}

// 16 x 16 tiled 4 x 8: no partial tiles, constant bounds everywhere; the
// outer handles are usable by later primitives.
// CHECK-LABEL: func.func @tile_divides(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 2 {
// CHECK-NEXT:        affine.for %[[II:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:          affine.for %[[JI:arg[0-9]+]] = 0 to 8 {
// CHECK-NEXT:            affine.load %{{.*}}[%[[II]] + %[[IO]] * 4, %[[JI]] + %[[JO]] * 8]
// CHECK:               } {loop_name = "j.inner", unroll = 0 : i32}
// CHECK-NEXT:        } {loop_name = "i.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i.outer", parallel, stage_name = "T"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @tile_divides(%A: memref<16x16xi32>, %B: memref<16x16xi32>) {
  %s = hcl.create_stage_handle "T" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %B[%j, %i] : memref<16x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "T"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 8)
  hcl.parallel(%s, %io)
  hcl.pipeline(%s, %jo)
  hcl.unroll(%s, %ji)
  return
}

// Through an !hcl.OpHandle and loop handles created with their stage; the
// second stage is left alone.
// CHECK-LABEL: func.func @tile_op_handle(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 10 {
// CHECK:           } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "P"}
// CHECK-NEXT:    affine.for %[[IO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 5 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to min #[[J10_4]](%[[IO]]) {
// CHECK-NEXT:          affine.for %{{.*}} = 0 to 2 {
// CHECK:               } {loop_name = "j.inner"}
// CHECK-NEXT:        } {loop_name = "i.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "Q"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @tile_op_handle(%A: memref<10x10xf32>, %B: memref<10x10xf32>, %C: memref<10x10xf32>) {
  %sQ = hcl.create_op_handle "Q" : !hcl.OpHandle
  %li = hcl.create_loop_handle %sQ, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %sQ, "j" : !hcl.LoopHandle
  %cst = arith.constant 2.0 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xf32>
      %b = arith.mulf %a, %cst : f32
      affine.store %b, %B[%i, %j] : memref<10x10xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "P"}
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %b = affine.load %B[%j, %i] : memref<10x10xf32>
      %a = affine.load %A[%i, %j] : memref<10x10xf32>
      %c = arith.subf %b, %a : f32
      affine.store %c, %C[%i, %j] : memref<10x10xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "Q"}
  %io, %ii, %jo, %ji = hcl.tile(%sQ, %li, %lj, 4, 2)
  return
}

// Loops with lower bounds and steps: i = 1, 4, ..., 28 (10 iterations),
// j = 5, 7, ..., 35 (16 iterations). The new loops start at 0 with step 1.
// CHECK-LABEL: func.func @tile_offset_step(
// CHECK-NOT:     hcl.
// CHECK:         affine.for %[[IO:arg[0-9]+]] = 0 to 3 {
// CHECK-NEXT:      affine.for %[[JO:arg[0-9]+]] = 0 to 4 {
// CHECK-NEXT:        affine.for %[[II:arg[0-9]+]] = 0 to min #[[I_STEP]](%[[IO]]) {
// CHECK-NEXT:          affine.for %[[JI:arg[0-9]+]] = 0 to min #[[J_STEP]](%[[JO]]) {
// CHECK-NEXT:            affine.load %{{.*}}[%[[II]] * 3 + %[[IO]] * 12 + 1, %[[JI]] * 2 + %[[JO]] * 10 + 5]
// CHECK:               } {loop_name = "j.inner"}
// CHECK-NEXT:        } {loop_name = "i.inner"}
// CHECK-NEXT:      } {loop_name = "j.outer"}
// CHECK-NEXT:    } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:     hcl.
// CHECK:         return
func.func @tile_offset_step(%A: memref<40x40xi32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 1 to 30 step 3 {
    affine.for %j = 5 to 37 step 2 {
      %a = affine.load %A[%i, %j] : memref<40x40xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<40x40xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 5)
  return
}
