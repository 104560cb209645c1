// Schedule primitives on stages of imperative code (the front end's for_,
// while_, if_, scatter and gather): each applies and keeps the results
// (hcl check runs the scheduled and the unscheduled program), or refuses
// with the construct named (errors.mlir). Indices are masked (& 63) so that
// random inputs stay in range.
//
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry scatter_split_unroll | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry scatter_partition | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry while_in_unrolled_loop | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry pipeline_while | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry outline_imperative | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry gather_reorder | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check: OK

// hist[A[i] & 63] += 1, split by 4 with the inner loop unrolled.
// CHECK-LABEL: func.func @scatter_split_unroll(
// CHECK:         affine.for %{{.*}} = 0 to 256 {
// CHECK:           affine.for %{{.*}} = 0 to 4 {
// CHECK:             memref.load
// CHECK:             memref.store
// CHECK:           } {loop_name = "i.inner", unroll = 0 : i32}
// CHECK:         } {loop_name = "i.outer", pipeline_ii = 1 : i32, stage_name = "count"}
func.func @scatter_split_unroll(%A: memref<1024xi32>) -> memref<64xi32> {
  %hist = memref.alloc() {name = "hist"} : memref<64xi32>
  %zero = arith.constant 0 : i32
  affine.for %b = 0 to 64 {
    affine.store %zero, %hist[%b] : memref<64xi32>
  } {loop_name = "b", stage_name = "init"}
  %c63 = arith.constant 63 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 1024 {
    %a = affine.load %A[%i] : memref<1024xi32>
    %m = arith.andi %a, %c63 : i32
    %k = arith.index_cast %m : i32 to index
    %h = memref.load %hist[%k] : memref<64xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%k] : memref<64xi32>
  } {loop_name = "i", stage_name = "count"}
  %s = hcl.create_stage_handle "count" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lo, %lin = hcl.split(%s, %li, 4)
  hcl.unroll(%s, %lin)
  hcl.pipeline(%s, %lo, 1)
  return %hist : memref<64xi32>
}

// The histogram's bins in 4 cyclic banks.
// CHECK-LABEL: func.func @scatter_partition(
// CHECK:         memref.store
func.func @scatter_partition(%A: memref<256xi32>) -> memref<64xi32> {
  %hist = memref.alloc() {name = "hist"} : memref<64xi32>
  %zero = arith.constant 0 : i32
  affine.for %b = 0 to 64 {
    affine.store %zero, %hist[%b] : memref<64xi32>
  } {loop_name = "b", stage_name = "init"}
  %c63 = arith.constant 63 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 256 {
    %a = affine.load %A[%i] : memref<256xi32>
    %m = arith.andi %a, %c63 : i32
    %k = arith.index_cast %m : i32 to index
    %h = memref.load %hist[%k] : memref<64xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%k] : memref<64xi32>
  } {loop_name = "i", stage_name = "count"}
  hcl.partition(%hist: memref<64xi32>, "CyclicPartition", 1, 4)
  return %hist : memref<64xi32>
}

// A GCD per element (while_), in a loop unrolled by 2.
// CHECK-LABEL: func.func @while_in_unrolled_loop(
// CHECK:         scf.while
// CHECK:         } {loop_name = "i", stage_name = "gcd", unroll = 2 : i32}
func.func @while_in_unrolled_loop(%A: memref<16xi32>, %B: memref<16xi32>) -> memref<16xi32> {
  %G = memref.alloc() {name = "G"} : memref<16xi32>
  %a = memref.alloca() {name = "a"} : memref<1xi32>
  %b = memref.alloca() {name = "b"} : memref<1xi32>
  %c0 = arith.constant 0 : i32
  %c1023 = arith.constant 1023 : i32
  %c1 = arith.constant 1 : i32
  affine.for %i = 0 to 16 {
    %x = affine.load %A[%i] : memref<16xi32>
    %y = affine.load %B[%i] : memref<16xi32>
    // Positive operands: (x & 1023) + 1.
    %xm = arith.andi %x, %c1023 : i32
    %ym = arith.andi %y, %c1023 : i32
    %xp = arith.addi %xm, %c1 : i32
    %yp = arith.addi %ym, %c1 : i32
    affine.store %xp, %a[0] : memref<1xi32>
    affine.store %yp, %b[0] : memref<1xi32>
    scf.while : () -> () {
      %bv = affine.load %b[0] : memref<1xi32>
      %go = arith.cmpi ne, %bv, %c0 : i32
      scf.condition(%go)
    } do {
      %av = affine.load %a[0] : memref<1xi32>
      %bv = affine.load %b[0] : memref<1xi32>
      %r = arith.remsi %av, %bv : i32
      affine.store %bv, %a[0] : memref<1xi32>
      affine.store %r, %b[0] : memref<1xi32>
      scf.yield
    } attributes {loop_name = "euclid", max_trip_count = 16 : i64}
    %g = affine.load %a[0] : memref<1xi32>
    affine.store %g, %G[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "gcd"}
  %s = hcl.create_stage_handle "gcd" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  hcl.unroll(%s, %li, 2)
  return %G : memref<16xi32>
}

// pipeline applies to an scf.while (the HLS pragma) as to an affine.for.
// CHECK-LABEL: func.func @pipeline_while(
// CHECK:         } attributes {loop_name = "count", pipeline_ii = 1 : i32, stage_name = "c"}
func.func @pipeline_while(%A: memref<8xi32>) -> memref<1xi32> {
  %n = memref.alloc() {name = "n"} : memref<1xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  affine.store %c0, %n[0] : memref<1xi32>
  // Counts the leading elements whose low bit is 1.
  scf.while : () -> () {
    %k = affine.load %n[0] : memref<1xi32>
    %in = arith.cmpi sle, %k, %c7 : i32
    %r = scf.if %in -> (i1) {
      %ki = arith.index_cast %k : i32 to index
      %a = memref.load %A[%ki] : memref<8xi32>
      %bit = arith.andi %a, %c1 : i32
      %one = arith.cmpi eq, %bit, %c1 : i32
      scf.yield %one : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.condition(%r)
  } do {
    %k = affine.load %n[0] : memref<1xi32>
    %k1 = arith.addi %k, %c1 : i32
    affine.store %k1, %n[0] : memref<1xi32>
    scf.yield
  } attributes {loop_name = "count", stage_name = "c"}
  %s = hcl.create_stage_handle "c" : !hcl.StageHandle
  %l = hcl.create_loop_handle "count" : !hcl.LoopHandle
  hcl.pipeline(%s, %l, 1)
  return %n : memref<1xi32>
}

// outline moves an imperative stage (scf.for with bounds read from memory)
// into a function of its own.
// CHECK-LABEL: func.func @outline_imperative(
// CHECK:         call @Stage_rows
func.func @outline_imperative(%P: memref<9xi32>, %V: memref<32xf32>) -> memref<8xf32> {
  %y = memref.alloc() {name = "y"} : memref<8xf32>
  %c7 = arith.constant 3 : i32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    // Rows of at most 4 elements: [4i, 4i + (P[i] & 3)).
    %p = affine.load %P[%i] : memref<9xi32>
    %len = arith.andi %p, %c7 : i32
    %leni = arith.index_cast %len : i32 to index
    %c4 = arith.constant 4 : index
    %lo = arith.muli %i, %c4 : index
    %hi = arith.addi %lo, %leni : index
    %c1 = arith.constant 1 : index
    affine.store %zero, %y[%i] : memref<8xf32>
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %V[%k] : memref<32xf32>
      %acc = affine.load %y[%i] : memref<8xf32>
      %s = arith.addf %acc, %v : f32
      affine.store %s, %y[%i] : memref<8xf32>
    } {loop_name = "k"}
  } {loop_name = "i", stage_name = "rows"}
  %s = hcl.create_stage_handle "rows" : !hcl.StageHandle
  hcl.outline (%s)
  return %y : memref<8xf32>
}

// A gather (read-only, data-dependent) does not stop a reorder.
// CHECK-LABEL: func.func @gather_reorder(
// CHECK:         } {loop_name = "i"}
// CHECK-NEXT:    } {loop_name = "j", stage_name = "g"}
func.func @gather_reorder(%A: memref<64xf32>, %I: memref<8x8xi32>) -> memref<8x8xf32> {
  %B = memref.alloc() {name = "B"} : memref<8x8xf32>
  %c63 = arith.constant 63 : i32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %I[%i, %j] : memref<8x8xi32>
      %m = arith.andi %x, %c63 : i32
      %k = arith.index_cast %m : i32 to index
      %v = memref.load %A[%k] : memref<64xf32>
      affine.store %v, %B[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "g"}
  %s = hcl.create_stage_handle "g" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  hcl.reorder(%s, %lj, %li)
  return %B : memref<8x8xf32>
}
