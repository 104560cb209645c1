// Round-trip of every hcl op form: each op is parsed, verified (the handles
// name stages and loops that exist in the enclosing function) and printed back
// in its custom form. The printed form is parsed again, and so is the generic
// form, and both must print the same.
//
// RUN: hcl-opt %s -split-input-file | FileCheck %s
// RUN: hcl-opt %s -split-input-file | hcl-opt -split-input-file | FileCheck %s
// RUN: hcl-opt %s -split-input-file -mlir-print-op-generic | hcl-opt -split-input-file | FileCheck %s
// RUN: hcl-opt %s -split-input-file -verify-roundtrip | FileCheck %s
// RUN: hcl-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Handles: a stage handle, HeteroCL's later `create_op_handle` spelling with
// type `!hcl.OpHandle` (the same type as `!hcl.StageHandle`, printed as such),
// and loop handles with and without a stage operand (the stage operand may be
// either kind of stage handle).

// CHECK-LABEL: func.func @handles(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[OP:.*]] = hcl.create_op_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %{{.*}} = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %{{.*}} = hcl.create_loop_handle %[[S]], "j" : !hcl.LoopHandle
// CHECK-NEXT:    %{{.*}} = hcl.create_loop_handle %[[OP]], "j" : !hcl.LoopHandle
// CHECK-NEXT:    %{{.*}} = hcl.create_op_handle "S" : !hcl.StageHandle
// CHECK-NOT:     !hcl.OpHandle
// CHECK:         } {loop_name = "i", stage_name = "S"}
// GENERIC-LABEL: sym_name = "handles"
// GENERIC:       "hcl.create_stage_handle"() <{stage_name = "S"}> : () -> !hcl.StageHandle
// GENERIC:       "hcl.create_op_handle"() <{stage_name = "S"}> : () -> !hcl.StageHandle
func.func @handles(%A: memref<4x4xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %op = hcl.create_op_handle "S" : !hcl.OpHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  %lj2 = hcl.create_loop_handle %op, "j" : !hcl.LoopHandle
  %op2 = hcl.create_op_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %v = affine.load %A[%i, %j] : memref<4x4xf32>
      affine.store %v, %A[%i, %j] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// split returns the `.outer` and `.inner` loop handles; loop handles may name
// loops that an earlier primitive creates (`i.inner`), which do not exist yet.

// CHECK-LABEL: func.func @split(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LII:.*]] = hcl.create_loop_handle %[[S]], "i.inner" : !hcl.LoopHandle
// CHECK:         %{{[^ ,]+}}, %[[INNER:[^ ,]+]] = hcl.split(%[[S]], %[[LI]], 4)
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[INNER]], 2)
// CHECK-NEXT:    hcl.unroll(%[[S]], %[[LII]], 2)
func.func @split(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lii = hcl.create_loop_handle %s, "i.inner" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf32>
    affine.store %v, %A[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "S"}
  %outer, %inner = hcl.split(%s, %li, 4)
  hcl.pipeline(%s, %inner, 2)
  hcl.unroll(%s, %lii, 2)
  return
}

// -----

// tile returns four loop handles: x.outer, x.inner, y.outer, y.inner.

// CHECK-LABEL: func.func @tile(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.*]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK:         %[[XO:[^ ,]+]], %[[XI:[^ ,]+]], %[[YO:[^ ,]+]], %[[YI:[^ ,]+]] = hcl.tile(%[[S]], %[[LI]], %[[LJ]], 4, 8)
// CHECK-NEXT:    hcl.reorder(%[[S]], %[[XO]], %[[YO]], %[[XI]], %[[YI]])
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[YI]], 3)
func.func @tile(%A: memref<16x32xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %v = affine.load %A[%i, %j] : memref<16x32xf32>
      affine.store %v, %A[%i, %j] : memref<16x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %xo, %xi, %yo, %yi = hcl.tile(%s, %li, %lj, 4, 8)
  hcl.reorder(%s, %xo, %yo, %xi, %yi)
  hcl.pipeline(%s, %yi, 3)
  return
}

// -----

// reorder with two and with three loops, one of them a stage-qualified handle.

// CHECK-LABEL: func.func @reorder(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.*]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LK:.*]] = hcl.create_loop_handle %[[S]], "k" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "S"}
// CHECK-NEXT:    hcl.reorder(%[[S]], %[[LK]], %[[LJ]])
// CHECK-NEXT:    hcl.reorder(%[[S]], %[[LK]], %[[LJ]], %[[LI]])
// CHECK-NEXT:    hcl.reorder(%[[S]], %[[LJ]])
func.func @reorder(%A: memref<8x8x8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle %s, "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %v = affine.load %A[%i, %j, %k] : memref<8x8x8xf32>
        affine.store %v, %A[%i, %j, %k] : memref<8x8x8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.reorder(%s, %lk, %lj)
  hcl.reorder(%s, %lk, %lj, %li)
  hcl.reorder(%s, %lj)
  return
}

// -----

// fuse of two and of three consecutive loops returns the fused loop's handle.

// CHECK-LABEL: func.func @fuse(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.*]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LK:.*]] = hcl.create_loop_handle "k" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "S"}
// CHECK-NEXT:    %[[F:.*]] = hcl.fuse(%[[S]], %[[LI]], %[[LJ]])
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[F]], 2)
// CHECK-NEXT:    %{{.*}} = hcl.fuse(%[[S]], %[[LI]], %[[LJ]], %[[LK]])
func.func @fuse(%A: memref<8x8x8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 8 {
        %v = affine.load %A[%i, %j, %k] : memref<8x8x8xf32>
        affine.store %v, %A[%i, %j, %k] : memref<8x8x8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %fij = hcl.fuse(%s, %li, %lj)
  hcl.pipeline(%s, %fij, 2)
  %fijk = hcl.fuse(%s, %li, %lj, %lk)
  return
}

// -----

// unroll with a factor, without one (full unroll, factor 0) and with an
// explicit 0, which is the default and therefore not printed.

// CHECK-LABEL: func.func @unroll(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.*]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "S"}
// CHECK-NEXT:    hcl.unroll(%[[S]], %[[LJ]], 4)
// CHECK-NEXT:    hcl.unroll(%[[S]], %[[LI]]){{$}}
// CHECK-NEXT:    hcl.unroll(%[[S]], %[[LI]]){{$}}
// GENERIC-LABEL: sym_name = "unroll"
// GENERIC:       "hcl.unroll"(%{{.*}}, %{{.*}}) <{factor = 4 : i64}>
// GENERIC-NEXT:  "hcl.unroll"(%{{.*}}, %{{.*}}) <{factor = 0 : i64}>
// GENERIC-NEXT:  "hcl.unroll"(%{{.*}}, %{{.*}}) <{factor = 0 : i64}>
func.func @unroll(%A: memref<8x8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.unroll(%s, %lj, 4)
  hcl.unroll(%s, %li)
  hcl.unroll(%s, %li, 0)
  return
}

// -----

// pipeline with an initiation interval, without one (default 1), and with an
// explicit 1, which is the default and therefore not printed.

// CHECK-LABEL: func.func @pipeline(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.*]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "S"}
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[LJ]], 4)
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[LI]]){{$}}
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[LJ]]){{$}}
// GENERIC-LABEL: sym_name = "pipeline"
// GENERIC:       "hcl.pipeline"(%{{.*}}, %{{.*}}) <{ii = 4 : i64}>
// GENERIC-NEXT:  "hcl.pipeline"(%{{.*}}, %{{.*}}) <{ii = 1 : i64}>
// GENERIC-NEXT:  "hcl.pipeline"(%{{.*}}, %{{.*}}) <{ii = 1 : i64}>
func.func @pipeline(%A: memref<8x8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<8x8xf32>
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.pipeline(%s, %lj, 4)
  hcl.pipeline(%s, %li)
  hcl.pipeline(%s, %lj, 1)
  return
}

// -----

// parallel takes a stage and a loop.

// CHECK-LABEL: func.func @parallel(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "S" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle %[[S]], "i" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "S"}
// CHECK-NEXT:    hcl.parallel(%[[S]], %[[LI]]){{$}}
func.func @parallel(%A: memref<8xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S"}
  hcl.parallel(%s, %li)
  return
}

// -----

// compute_at: producer stage A is computed inside loop `j` of consumer stage B.
// Both stages have loops named `i` and `j`; the axis is the consumer's loop,
// given either as a stage-qualified handle or as a plain one.

// CHECK-LABEL: func.func @compute_at(
// CHECK:         %[[SA:.*]] = hcl.create_stage_handle "A" : !hcl.StageHandle
// CHECK-NEXT:    %[[SB:.*]] = hcl.create_op_handle "B" : !hcl.StageHandle
// CHECK-NEXT:    %[[BJ:.*]] = hcl.create_loop_handle %[[SB]], "j" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "A"}
// CHECK:         } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT:    hcl.compute_at(%[[SA]], %[[SB]], %[[BJ]])
// CHECK-NEXT:    hcl.compute_at(%[[SA]], %[[SB]], %[[LI]])
func.func @compute_at(%X: memref<8x8xf32>, %Y: memref<8x8xf32>, %Z: memref<8x8xf32>) {
  %sA = hcl.create_stage_handle "A" : !hcl.StageHandle
  %sB = hcl.create_op_handle "B" : !hcl.OpHandle
  %bj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %X[%i, %j] : memref<8x8xf32>
      affine.store %v, %Y[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "A"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %v = affine.load %Y[%i, %j] : memref<8x8xf32>
      affine.store %v, %Z[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  hcl.compute_at(%sA, %sB, %bj)
  hcl.compute_at(%sA, %sB, %li)
  return
}

// -----

// partition: the three kinds, HeteroCL's string spellings ("CyclicPartition",
// "BlockPartition", "CompletePartition") and quoted short spellings, which all
// print as the bare keyword; dim 0 (every dimension); an omitted factor on
// Complete (default 0, not printed) and an explicit one (kept).

// CHECK-LABEL: func.func @partition(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<32x32xi32>
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Complete, 0){{$}}
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Complete, 1){{$}}
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Complete, 2, 3)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Block, 1, 4)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Cyclic, 2, 4)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Cyclic, 0, 2)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Cyclic, 2, 8)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Block, 1, 2)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Complete, 0){{$}}
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Cyclic, 1, 16)
// CHECK-NEXT:    hcl.partition(%[[A]] : memref<32x32xi32>, Block, 2, 2)
// CHECK-NEXT:    return
// GENERIC-LABEL: sym_name = "partition"
// GENERIC:       "hcl.partition"(%{{.*}}) <{dim = 0 : i64, factor = 0 : i64, partition_kind = 0 : i32}> : (memref<32x32xi32>) -> ()
// GENERIC:       "hcl.partition"(%{{.*}}) <{dim = 1 : i64, factor = 4 : i64, partition_kind = 1 : i32}> : (memref<32x32xi32>) -> ()
// GENERIC:       "hcl.partition"(%{{.*}}) <{dim = 2 : i64, factor = 4 : i64, partition_kind = 2 : i32}> : (memref<32x32xi32>) -> ()
func.func @partition(%A: memref<32x32xi32>) {
  hcl.partition(%A : memref<32x32xi32>, Complete, 0)
  hcl.partition(%A : memref<32x32xi32>, Complete, 1, 0)
  hcl.partition(%A : memref<32x32xi32>, Complete, 2, 3)
  hcl.partition(%A : memref<32x32xi32>, Block, 1, 4)
  hcl.partition(%A : memref<32x32xi32>, Cyclic, 2, 4)
  hcl.partition(%A : memref<32x32xi32>, Cyclic, 0, 2)
  hcl.partition(%A : memref<32x32xi32>, "CyclicPartition", 2, 8)
  hcl.partition(%A : memref<32x32xi32>, "BlockPartition", 1, 2)
  hcl.partition(%A : memref<32x32xi32>, "CompletePartition", 0)
  hcl.partition(%A : memref<32x32xi32>, "Cyclic", 1, 16)
  hcl.partition(%A : memref<32x32xi32>, BlockPartition, 2, 2)
  return
}

// -----

// reuse_at: a line buffer at loop `i` of the five-point stencil of seed 000,
// then a window buffer built from the line buffer at loop `j`.

// CHECK-LABEL: func.func @reuse_at(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<10x10xi32>
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "B" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.*]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT:    %[[LB:.*]] = hcl.reuse_at(%[[S]], %[[A]] : memref<10x10xi32>, %[[LI]]) -> memref<3x10xi32>
// CHECK-NEXT:    %{{.*}} = hcl.reuse_at(%[[S]], %[[LB]] : memref<3x10xi32>, %[[LJ]]) -> memref<3x3xi32>
func.func @reuse_at(%A: memref<10x10xi32>) -> memref<8x8xi32> {
  %B = memref.alloc() {name = "B"} : memref<8x8xi32>
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %0 = affine.load %A[%i, %j + 1] : memref<10x10xi32>
      %1 = affine.load %A[%i + 1, %j] : memref<10x10xi32>
      %2 = arith.addi %0, %1 : i32
      %3 = affine.load %A[%i + 1, %j + 1] : memref<10x10xi32>
      %4 = arith.addi %2, %3 : i32
      %5 = affine.load %A[%i + 1, %j + 2] : memref<10x10xi32>
      %6 = arith.addi %4, %5 : i32
      %7 = affine.load %A[%i + 2, %j + 1] : memref<10x10xi32>
      %8 = arith.addi %6, %7 : i32
      affine.store %8, %B[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi32>
  %wb = hcl.reuse_at(%s, %lb : memref<3x10xi32>, %lj) -> memref<3x3xi32>
  return %B : memref<8x8xi32>
}

// -----

// buffer_at: a row buffer of C at loop `i` of a small gemm.

// CHECK-LABEL: func.func @buffer_at(
// CHECK-SAME:    %[[C:[a-z0-9]+]]: memref<16x16xf32>)
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "s" : !hcl.StageHandle
// CHECK-NEXT:    %[[LI:.*]] = hcl.create_loop_handle %[[S]], "i" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "s"}
// CHECK-NEXT:    %{{.*}} = hcl.buffer_at(%[[S]], %[[C]] : memref<16x16xf32>, %[[LI]]) -> memref<16xf32>
func.func @buffer_at(%A: memref<16x8xf32>, %B: memref<8x16xf32>, %C: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<16x16xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C : memref<16x16xf32>, %li) -> memref<16xf32>
  return
}

// -----

// reshape: same elements, another shape.

// CHECK-LABEL: func.func @reshape(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<4x4xf32>
// CHECK-NEXT:    %[[B:.*]] = hcl.reshape %[[A]] : memref<4x4xf32> to memref<16xf32>
// CHECK-NEXT:    %{{.*}} = hcl.reshape %[[B]] : memref<16xf32> to memref<2x2x4xf32>
// CHECK-NEXT:    %{{.*}} = hcl.reshape %[[A]] : memref<4x4xf32> to memref<4x4xf32>
func.func @reshape(%A: memref<4x4xf32>) {
  %B = hcl.reshape %A : memref<4x4xf32> to memref<16xf32>
  %C = hcl.reshape %B : memref<16xf32> to memref<2x2x4xf32>
  %D = hcl.reshape %A : memref<4x4xf32> to memref<4x4xf32>
  return
}

// -----

// outline: one stage, a group of two stages, `merge` and its other spelling
// `unify`, `param` and `axis` (alone and together with `param`).

// CHECK-LABEL: func.func @outline(
// CHECK:         %[[SB:.*]] = hcl.create_stage_handle "B" : !hcl.StageHandle
// CHECK-NEXT:    %[[SC:.*]] = hcl.create_stage_handle "C" : !hcl.StageHandle
// CHECK-NEXT:    %[[SD:.*]] = hcl.create_op_handle "D" : !hcl.StageHandle
// CHECK:         } {loop_name = "i", stage_name = "D"}
// CHECK-NEXT:    hcl.outline(%[[SB]]){{$}}
// CHECK-NEXT:    hcl.outline(%[[SB]], %[[SC]]){{$}}
// CHECK-NEXT:    hcl.outline(%[[SC]]) {merge = "Stage_B"}
// CHECK-NEXT:    hcl.outline(%[[SC]]) {unify = "Stage_B"}
// CHECK-NEXT:    hcl.outline(%[[SB]]) {param = ["i", "j"]}
// CHECK-NEXT:    hcl.outline(%[[SC]]) {merge = "Stage_B", param = ["i"]}
// CHECK-NEXT:    hcl.outline(%[[SD]]) {axis = "j"}
// CHECK-NEXT:    hcl.outline(%[[SD]]) {axis = "i", param = ["j"]}
// CHECK-NEXT:    hcl.outline(%[[SB]], %[[SC]], %[[SD]]) {param = ["i"]}
func.func @outline(%A: memref<32x32xi32>) -> memref<32x32xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_op_handle "D" : !hcl.OpHandle
  %B = memref.alloc() {name = "B"} : memref<32x32xi32>
  %C = memref.alloc() {name = "C"} : memref<32x32xi32>
  %D = memref.alloc() {name = "D"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      affine.store %a, %B[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      affine.store %a, %C[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %b = affine.load %B[%i, %j] : memref<32x32xi32>
      %c = affine.load %C[%i, %j] : memref<32x32xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.outline (%sB)
  hcl.outline (%sB, %sC)
  hcl.outline (%sC) {merge = "Stage_B"}
  hcl.outline (%sC) {unify = "Stage_B"}
  hcl.outline (%sB) {param = ["i", "j"]}
  hcl.outline (%sC) {param = ["i"], merge="Stage_B"}
  hcl.outline (%sD) {axis = "j"}
  hcl.outline (%sD) {axis = "i", param = ["j"]}
  hcl.outline (%sB, %sC, %sD) {param = ["i"]}
  return %D : memref<32x32xi32>
}
