// hcl-rtl-outline-dataflow alone: each process of a dataflow region becomes
// a call of a function of its own, marked `rtl.process`, with the argument
// a stream is passed to marked `rtl.stream` (the FIFO's depth); a buffer
// only one process uses moves into it.
// RUN: hcl-opt %s --hcl-rtl-outline-dataflow | FileCheck %s
// RUN: hcl-opt %s --hcl-rtl-outline-dataflow | FileCheck %s --check-prefix=DEAD

// CHECK-LABEL: func.func private @top_P(
// CHECK-SAME:    %arg0: memref<8xi32>, %arg1: memref<8xi32> {rtl.stream = 3 : i64})
// CHECK-SAME:    attributes {hcl.dataflow_process, rtl.process}
// CHECK:         memref.alloc() {name = "T"}
// CHECK-LABEL: func.func private @top_C(
// CHECK-SAME:    %arg0: memref<8xi32> {rtl.stream = 3 : i64}, %arg1: memref<8xi32>)
// CHECK-LABEL: func.func @top(
// CHECK:         %[[B:.*]] = memref.alloc() {name = "B", stream_depth = 3 : i64}
// CHECK:         call @top_P(%arg0, %[[B]])
// CHECK:         call @top_C(%[[B]], %{{.*}})
func.func @top(%A: memref<8xi32>) -> memref<8xi32> attributes {dataflow} {
  %B = memref.alloc() {name = "B", stream_depth = 3 : i64} : memref<8xi32>
  %T = memref.alloc() {name = "T"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %T[%i] : memref<8xi32>
    %t = affine.load %T[%i] : memref<8xi32>
    affine.store %t, %B[%i] : memref<8xi32>
  } {stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %C[%i] : memref<8xi32>
  } {stage_name = "C"}
  return %C : memref<8xi32>
}

// A stage whose buffer nobody reads goes first, and with it the stream it
// popped and that stream's producer: their processes would otherwise be
// left pushing into a FIFO that nobody pops. The live stage stays.
// DEAD-LABEL: func.func @dead(
// DEAD-NOT:     name = "D"
// DEAD-NOT:     stream_depth
// DEAD:         memref.alloc() {name = "E"}
// DEAD-NOT:     call
// DEAD:         return
func.func @dead(%A: memref<8xi32>) -> memref<8xi32> attributes {dataflow} {
  %B = memref.alloc() {name = "B", stream_depth = 2 : i64} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {stage_name = "P"}
  %D = memref.alloc() {name = "D"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %D[%i] : memref<8xi32>
  } {stage_name = "D"}
  %E = memref.alloc() {name = "E"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %E[%i] : memref<8xi32>
  } {stage_name = "E"}
  return %E : memref<8xi32>
}
