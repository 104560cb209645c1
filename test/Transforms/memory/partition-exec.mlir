// A partitioned program computes what the unpartitioned one computes: the
// layout only says how to bank, accesses index logically, and the CPU
// lowering drops the layout (--hcl-drop-partition-layouts). Partitioned
// arguments and results cross the host boundary as row-major arrays.
// RUN: hcl check %s --entry local_buffer | FileCheck %s
// RUN: hcl check %s --entry partitioned_arguments | FileCheck %s
// RUN: hcl check %s --entry gemm | FileCheck %s
// RUN: hcl check %s --entry returned | FileCheck %s
// RUN: hcl check %s --entry through_call | FileCheck %s
// RUN: hcl check %s --entry buffer_then_partition | FileCheck %s
// RUN: hcl run %s --entry returned --random-inputs 1 | FileCheck %s --check-prefix=OUT
// CHECK: hcl check: OK
// Row i of @returned holds i + 5: 4 * (5 + 6 + 7 + 8).
// OUT: result0 4x4 int32 sum=104

// A transposed copy through a buffer completely partitioned in dimension 2.
func.func @local_buffer(%A: memref<16x16xi32>, %C: memref<16x16xi32>) {
  %B = memref.alloc() : memref<16x16xi32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xi32>
      affine.store %a, %B[%j, %i] : memref<16x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %b = affine.load %B[%i, %j] : memref<16x16xi32>
      %c = arith.muli %b, %b : i32
      affine.store %c, %C[%i, %j] : memref<16x16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  memref.dealloc %B : memref<16x16xi32>
  hcl.partition(%B : memref<16x16xi32>, Complete, 2)
  return
}

// Arguments of every kind, dim 0, and accesses through memref.load/store.
func.func @partitioned_arguments(%A: memref<10x8xf32>, %B: memref<8x6xf32>, %C: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x8xf32>
      %c = affine.load %C[%i] : memref<10xf32>
      %s = arith.addf %a, %c : f32
      affine.store %s, %C[%i] : memref<10xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  scf.for %k = %c0 to %c6 step %c1 {
    %b = memref.load %B[%k, %k] : memref<8x6xf32>
    %t = arith.mulf %b, %b : f32
    memref.store %t, %B[%k, %c0] : memref<8x6xf32>
  }
  hcl.partition(%A : memref<10x8xf32>, Block, 1, 4)
  hcl.partition(%A : memref<10x8xf32>, Cyclic, 2, 2)
  hcl.partition(%B : memref<8x6xf32>, Complete, 0)
  hcl.partition(%C : memref<10xf32>, Cyclic, 0, 5)
  return
}

// gemm with the usual banking for an unrolled inner product, pipelined.
func.func @gemm(%A: memref<12x16xf32>, %B: memref<16x8xf32>, %C: memref<12x8xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<12x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x8xf32>
        %c = affine.load %C[%i, %j] : memref<12x8xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<12x8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.partition(%A : memref<12x16xf32>, Complete, 2)
  hcl.partition(%B : memref<16x8xf32>, Complete, 1)
  hcl.partition(%C : memref<12x8xf32>, Block, 0, 2)
  hcl.pipeline(%s, %lj, 1)
  return
}

// A partitioned buffer returned by a helper and by the entry function.
func.func @make(%n: i32) -> memref<4x4xi32> {
  %B = memref.alloc() : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.addi %ii, %n : i32
      affine.store %v, %B[%i, %j] : memref<4x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "fill"}
  hcl.partition(%B : memref<4x4xi32>, Cyclic, 1, 2)
  return %B : memref<4x4xi32>
}

func.func @returned() -> memref<4x4xi32> {
  %n = arith.constant 5 : i32
  %r = func.call @make(%n) : (i32) -> memref<4x4xi32>
  return %r : memref<4x4xi32>
}

// A buffer passed into a callee, filled by memref.copy.
func.func @scale(%X: memref<8xf32>, %Y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %X[%i] : memref<8xf32>
    %y = arith.mulf %x, %x : f32
    affine.store %y, %Y[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "scale"}
  return
}

func.func @through_call(%A: memref<8xf32>, %C: memref<8xf32>) {
  %B = memref.alloca() : memref<8xf32>
  memref.copy %A, %B : memref<8xf32> to memref<8xf32>
  func.call @scale(%B, %C) : (memref<8xf32>, memref<8xf32>) -> ()
  hcl.partition(%B : memref<8xf32>, Cyclic, 1, 4)
  return
}

// The buffer made by buffer_at, partitioned.
func.func @buffer_then_partition(%C: memref<8x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 16 {
      %c = affine.load %C[%i, %j] : memref<8x16xf32>
      %d = arith.addf %c, %c : f32
      affine.store %d, %C[%i, %j] : memref<8x16xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %buf = hcl.buffer_at(%s, %C: memref<8x16xf32>, %li) -> memref<16xf32>
  hcl.partition(%buf : memref<16xf32>, Cyclic, 1, 4)
  return
}
