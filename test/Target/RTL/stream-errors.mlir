// What a dataflow region's processes cannot do in hardware yet is refused
// at the operation at fault (docs/rtl.md, "Dataflow regions"). The input
// is a module after its schedule: streamed allocations and a dataflow
// function, as hcl.to leaves them.
// RUN: hcl-translate --emit-rtl %s -split-input-file -verify-diagnostics
// (Dividers and float units hold with their process: streams-units.mlir.)

// A process stalls on its streams; a call's module would run on.
func.func @twice(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}

func.func @call(%A: memref<8xi32>) -> memref<8xi32> attributes {dataflow} {
  %B = memref.alloc() {name = "B", stream_depth = 2 : i64} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    // expected-error @+1 {{rtl: a call in a process of a dataflow region has no hardware form yet}}
    %t = func.call @twice(%a) : (i32) -> i32
    affine.store %t, %B[%i] : memref<8xi32>
  } {stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %C[%i] : memref<8xi32>
  } {stage_name = "C"}
  return %C : memref<8xi32>
}

// -----

// A scalar result would be computed by a process, not the region.
func.func @scalar_result(%A: memref<8xi32>) -> (memref<8xi32>, i32) attributes {dataflow} {
  %c0 = arith.constant 0 : i32
  %B = memref.alloc() {name = "B", stream_depth = 2 : i64} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
  } {stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %C[%i] : memref<8xi32>
  } {stage_name = "C"}
  // expected-error @+1 {{rtl: a scalar result of a dataflow region has no hardware form yet}}
  return %C, %c0 : memref<8xi32>, i32
}

// -----

// A stream's process both writes and reads it (the schedule's check,
// hcl.to, refuses this before; hand-written IR reaches the RTL).
func.func @both(%A: memref<8xi32>) -> memref<8xi32> attributes {dataflow} {
  %B = memref.alloc() {name = "B", stream_depth = 2 : i64} : memref<8xi32>
  // expected-error @+1 {{rtl: @both_P both reads and writes a stream}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32>
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %A[%i] : memref<8xi32>
  } {stage_name = "P"}
  %C = memref.alloc() {name = "C"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %b = affine.load %B[%i] : memref<8xi32>
    affine.store %b, %C[%i] : memref<8xi32>
  } {stage_name = "C"}
  return %C : memref<8xi32>
}
