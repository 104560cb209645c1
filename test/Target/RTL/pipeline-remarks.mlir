// Why a pipelined loop gets a larger II than requested, or runs one
// iteration after another (docs/rtl.md, "Pipelined loops").
// One port per memory argument here; argument-ports.mlir has the second.
// RUN: hcl-translate --emit-rtl --rtl-argument-ports=1 %s -split-input-file -verify-diagnostics > /dev/null

func.func @two_reads(%A: memref<32xi16>, %B: memref<16xi16>) {
  // expected-remark @+1 {{rtl: loop 'p' pipelined at II 2 instead of 1: the estimate's ResMII is 2 (the ports of its memories) and its RecMII 1}}
  affine.for %p = 0 to 16 {
    %a = affine.load %A[2 * %p] : memref<32xi16>
    %b = affine.load %A[2 * %p + 1] : memref<32xi16>
    %m = arith.maxsi %a, %b : i16
    affine.store %m, %B[%p] : memref<16xi16>
  } {loop_name = "p", pipeline_ii = 1 : i32}
  return
}

// -----

// In place: the next iteration's load must follow this one's store.
func.func @in_place(%A: memref<16xi32>) {
  // expected-remark @+1 {{rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 2 (the ports of its memories) and its RecMII 1}}
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %A[%i] : memref<16xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// -----

// A recurrence through a carried value: the multiplier's output register
// serves as the carried value's register, and a combinational next value
// is forwarded to the next iteration (forward.mlir), but two multiplies in
// a row need two cycles around the loop: II 2, as the estimate says.
func.func @power2(%A: memref<16xi32>) -> i32 {
  %one = arith.constant 1 : i32
  // expected-remark @+1 {{rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 2}}
  %r = affine.for %i = 0 to 16 iter_args(%acc = %one) -> i32 {
    %a = affine.load %A[%i] : memref<16xi32>
    %p = arith.muli %acc, %acc : i32
    %q = arith.muli %p, %a : i32
    affine.yield %q : i32
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return %r : i32
}

// -----

// The loop under a pipelined one is unrolled (docs/rtl.md, "Loops under a
// pipelined loop"): four loads and four stores of A a row on its one port.
func.func @nested(%A: memref<4x4xi32>) {
  // expected-remark @+1 {{rtl: loop 'i' pipelined at II 8 instead of 1: the estimate's ResMII is 8 (the ports of its memories) and its RecMII 1}}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%i, %j] : memref<4x4xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<4x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// -----

// A loop under it without a constant trip count cannot be unrolled.
func.func @triangular(%A: memref<4x4xi32>) {
  // expected-remark @+1 {{rtl: loop 'i' runs one iteration after another, not pipelined: its body is not straight-line code (a nested 'scf.for': loop 'j' under it has no constant trip count)}}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<4x4xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i, %j] : memref<4x4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}

// -----

// A trip count of 2^62 under it: 2^62 iterations of a few operations each
// are far more than the limit, not a count that wraps to a small one.
func.func @huge_trip_count(%A: memref<4xi32>) {
  // expected-remark @+1 {{rtl: loop 'i' runs one iteration after another, not pipelined: its body is not straight-line code (a nested 'scf.for': the loops under it would unroll to more than 2048 operations)}}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4611686018427387904 {
      %a = affine.load %A[%i] : memref<4xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%i] : memref<4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32}
  return
}
