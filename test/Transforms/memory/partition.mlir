// hcl.partition records the banking in the memref type as HeteroCL's layout
// map: one bank expression per dimension, then one offset-in-bank expression
// per dimension. Loads and stores keep their indices; the new type follows
// the buffer through function arguments, results and calls. Execution is
// checked in partition-exec.mlir.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations | FileCheck %s

// Complete partition of dimension 2 of a local buffer: the seed's map.
// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1) -> (0, d1, d0, 0)>
// CHECK-LABEL: func.func @complete_dim2(
// CHECK-SAME:      %[[A:.+]]: memref<32x32xi32>) -> i32
// CHECK-NOT:     hcl.
// CHECK:         %[[B:.+]] = memref.alloc() : memref<32x32xi32, #[[MAP]]>
// CHECK:         affine.store %{{.+}}, %[[B]][%{{.+}}, %{{.+}}] : memref<32x32xi32, #[[MAP]]>
// CHECK:         affine.load %[[B]][3, 5] : memref<32x32xi32, #[[MAP]]>
// CHECK:         memref.dealloc %[[B]] : memref<32x32xi32, #[[MAP]]>
// CHECK-NOT:     hcl.
func.func @complete_dim2(%A: memref<32x32xi32>) -> i32 {
  %B = memref.alloc() : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      affine.store %a, %B[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %v = affine.load %B[3, 5] : memref<32x32xi32>
  memref.dealloc %B : memref<32x32xi32>
  hcl.partition(%B : memref<32x32xi32>, Complete, 2)
  return %v : i32
}

// -----

// Cyclic 4 of dimension 1 of an argument: the function type changes.
// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1) -> (d0 mod 4, 0, d0 floordiv 4, d1)>
// CHECK-LABEL: func.func @cyclic_argument(
// CHECK-SAME:      %{{.+}}: memref<32x32xf32, #[[MAP]]>)
// CHECK:         affine.load %{{.+}} : memref<32x32xf32, #[[MAP]]>
func.func @cyclic_argument(%A: memref<32x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  hcl.partition(%A : memref<32x32xf32>, Cyclic, 1, 4)
  return
}

// -----

// Block 4 of 10 elements: banks of ceil(10/4) = 3 (the last holds one).
// The longer kind spelling is accepted.
// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1) -> (0, d1 floordiv 3, d0, d1 mod 3)>
// CHECK-LABEL: func.func @block(
// CHECK-SAME:      %{{.+}}: memref<8x10xi32, #[[MAP]]>)
func.func @block(%A: memref<8x10xi32>) {
  hcl.partition(%A : memref<8x10xi32>, "BlockPartition", 2, 4)
  return
}

// -----

// dim 0 partitions every dimension the same way.
// CHECK-DAG:   #[[CYC:.+]] = affine_map<(d0, d1) -> (d0 mod 2, d1 mod 2, d0 floordiv 2, d1 floordiv 2)>
// CHECK-DAG:   #[[COMP:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2, 0, 0, 0)>
// CHECK-DAG:   #[[BLK:.+]] = affine_map<(d0, d1) -> (d0 floordiv 4, d1 floordiv 2, d0 mod 4, d1 mod 2)>
// CHECK-LABEL: func.func @every_dimension(
// CHECK-SAME:      %{{.+}}: memref<8x6xi32, #[[CYC]]>, %{{.+}}: memref<2x3x4xi32, #[[COMP]]>, %{{.+}}: memref<8x4xi32, #[[BLK]]>)
func.func @every_dimension(%A: memref<8x6xi32>, %B: memref<2x3x4xi32>, %C: memref<8x4xi32>) {
  hcl.partition(%A : memref<8x6xi32>, Cyclic, 0, 2)
  hcl.partition(%B : memref<2x3x4xi32>, Complete, 0)
  hcl.partition(%C : memref<8x4xi32>, Block, 0, 2)
  return
}

// -----

// Partitions of different dimensions compose; the same partition again is
// a no-op (also as part of dim 0).
// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1, d2) -> (d0 mod 4, d1, d2 floordiv 5, d0 floordiv 4, 0, d2 mod 5)>
// CHECK-LABEL: func.func @compose(
// CHECK-SAME:      %{{.+}}: memref<16x4x10xi32, #[[MAP]]>)
func.func @compose(%A: memref<16x4x10xi32>) {
  hcl.partition(%A : memref<16x4x10xi32>, Complete, 2)
  hcl.partition(%A : memref<16x4x10xi32>, Cyclic, 1, 4)
  hcl.partition(%A : memref<16x4x10xi32>, Complete, 2)
  hcl.partition(%A : memref<16x4x10xi32>, Block, 3, 2)
  hcl.partition(%A : memref<16x4x10xi32>, Cyclic, 1, 4)
  return
}

// -----

// A buffer passed to another function: the callee's argument changes with it
// (and its accesses' types); @other, called with another buffer, does not.
// CHECK:       #[[MAP:.+]] = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
// CHECK-LABEL: func.func @stage(
// CHECK-SAME:      %[[X:.+]]: memref<8xf32, #[[MAP]]>, %{{.+}}: memref<8xf32>)
// CHECK:         affine.load %[[X]][%{{.+}}] : memref<8xf32, #[[MAP]]>
// CHECK-LABEL: func.func @other(
// CHECK-SAME:      %{{.+}}: memref<8xf32>)
// CHECK-LABEL: func.func @call_into_callee(
// CHECK-SAME:      %[[A:.+]]: memref<8xf32>, %[[C:.+]]: memref<8xf32>)
// CHECK:         %[[B:.+]] = memref.alloca() : memref<8xf32, #[[MAP]]>
// CHECK:         call @stage(%[[B]], %[[C]]) : (memref<8xf32, #[[MAP]]>, memref<8xf32>) -> ()
// CHECK:         call @stage(%[[B]], %[[A]]) : (memref<8xf32, #[[MAP]]>, memref<8xf32>) -> ()
// CHECK:         call @other(%[[C]]) : (memref<8xf32>) -> ()
func.func @stage(%X: memref<8xf32>, %Y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %X[%i] : memref<8xf32>
    affine.store %x, %Y[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "copy"}
  return
}

func.func @other(%X: memref<8xf32>) {
  return
}

func.func @call_into_callee(%A: memref<8xf32>, %C: memref<8xf32>) {
  %B = memref.alloca() : memref<8xf32>
  memref.copy %A, %B : memref<8xf32> to memref<8xf32>
  func.call @stage(%B, %C) : (memref<8xf32>, memref<8xf32>) -> ()
  func.call @stage(%B, %A) : (memref<8xf32>, memref<8xf32>) -> ()
  func.call @other(%C) : (memref<8xf32>) -> ()
  hcl.partition(%B : memref<8xf32>, Cyclic, 1, 2)
  return
}

// -----

// A returned buffer: the result type of @make changes, and so do the calls
// to it; from there the buffer flows on to @top's result and into @use.
// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1) -> (d0, 0, 0, d1)>
// CHECK-LABEL: func.func @make()
// CHECK-SAME:      -> memref<4x4xi32, #[[MAP]]>
// CHECK:         %[[B:.+]] = memref.alloc() : memref<4x4xi32, #[[MAP]]>
// CHECK:         return %[[B]] : memref<4x4xi32, #[[MAP]]>
// CHECK-LABEL: func.func @use(
// CHECK-SAME:      %{{.+}}: memref<4x4xi32, #[[MAP]]>) -> i32
// CHECK-LABEL: func.func @top()
// CHECK-SAME:      -> (memref<4x4xi32, #[[MAP]]>, i32)
// CHECK:         %[[R:.+]] = call @make() : () -> memref<4x4xi32, #[[MAP]]>
// CHECK:         %[[V:.+]] = call @use(%[[R]]) : (memref<4x4xi32, #[[MAP]]>) -> i32
// CHECK:         return %[[R]], %[[V]] : memref<4x4xi32, #[[MAP]]>, i32
func.func @make() -> memref<4x4xi32> {
  %B = memref.alloc() : memref<4x4xi32>
  %c = arith.constant 7 : i32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.store %c, %B[%i, %j] : memref<4x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "fill"}
  hcl.partition(%B : memref<4x4xi32>, Complete, 1)
  return %B : memref<4x4xi32>
}

func.func @use(%X: memref<4x4xi32>) -> i32 {
  %v = affine.load %X[1, 2] : memref<4x4xi32>
  return %v : i32
}

func.func @top() -> (memref<4x4xi32>, i32) {
  %r = func.call @make() : () -> memref<4x4xi32>
  %v = func.call @use(%r) : (memref<4x4xi32>) -> i32
  return %r, %v : memref<4x4xi32>, i32
}

// -----

// The buffer buffer_at made is partitioned through the schedule value
// buffer_at returned.
// CHECK:       #[[MAP:.+]] = affine_map<(d0) -> (d0, 0)>
// CHECK-LABEL: func.func @buffer_then_partition(
// CHECK:         memref.alloca() : memref<16xf32, #[[MAP]]>
// CHECK:         } {loop_name = "j_init", pipeline_ii = 1 : i32}
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
  hcl.partition(%buf : memref<16xf32>, Complete, 1)
  return
}
