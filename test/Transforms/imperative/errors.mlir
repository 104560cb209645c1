// Primitives that cannot be proven legal on imperative code refuse it,
// naming the construct: loops whose bounds are not affine (scf.for,
// scf.while) take only pipeline; accesses through data-dependent indices
// (memref.store, or memref.load of memory the nest writes) count as
// dependences of unknown distance, never as none.
//
// RUN: hcl-opt %s --hcl-apply-customizations -split-input-file -verify-diagnostics

func.func @reorder_scatter(%A: memref<4x64xi32>) -> memref<4x64xi32> {
  %hist = memref.alloc() {name = "hist"} : memref<4x64xi32>
  %c63 = arith.constant 63 : i32
  %one = arith.constant 1 : i32
  affine.for %r = 0 to 4 {
    affine.for %i = 0 to 64 {
      %a = affine.load %A[%r, %i] : memref<4x64xi32>
      %m = arith.andi %a, %c63 : i32
      %k = arith.index_cast %m : i32 to index
      %h = memref.load %hist[%r, %k] : memref<4x64xi32>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %hist[%r, %k] : memref<4x64xi32>
    } {loop_name = "i"}
  } {loop_name = "r", stage_name = "count"}
  %s = hcl.create_stage_handle "count" : !hcl.StageHandle
  %lr = hcl.create_loop_handle "r" : !hcl.LoopHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  // expected-error @+1 {{this reorder would violate a dependence between iterations of the nest (the nest accesses memory through 'memref.load', a data-dependent access whose dependences are unknown)}}
  hcl.reorder(%s, %li, %lr)
  return %hist : memref<4x64xi32>
}

// -----

func.func @tile_scatter(%A: memref<4x64xi32>) -> memref<4x64xi32> {
  %hist = memref.alloc() {name = "hist"} : memref<4x64xi32>
  %c63 = arith.constant 63 : i32
  %one = arith.constant 1 : i32
  affine.for %r = 0 to 4 {
    affine.for %i = 0 to 64 {
      %a = affine.load %A[%r, %i] : memref<4x64xi32>
      %m = arith.andi %a, %c63 : i32
      %k = arith.index_cast %m : i32 to index
      %h = memref.load %hist[%r, %k] : memref<4x64xi32>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %hist[%r, %k] : memref<4x64xi32>
    } {loop_name = "i"}
  } {loop_name = "r", stage_name = "count"}
  %s = hcl.create_stage_handle "count" : !hcl.StageHandle
  %lr = hcl.create_loop_handle "r" : !hcl.LoopHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  // expected-error @+1 {{tiling loops 'r' and 'i' would violate a dependence}}
  %a, %b, %c, %d = hcl.tile(%s, %lr, %li, 2, 8)
  return %hist : memref<4x64xi32>
}

// -----

func.func @parallel_scatter(%A: memref<64xi32>) -> memref<64xi32> {
  %hist = memref.alloc() {name = "hist"} : memref<64xi32>
  %c63 = arith.constant 63 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %m = arith.andi %a, %c63 : i32
    %k = arith.index_cast %m : i32 to index
    %h = memref.load %hist[%k] : memref<64xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%k] : memref<64xi32>
  } {loop_name = "i", stage_name = "count"}
  %s = hcl.create_stage_handle "count" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  // expected-error @+1 {{parallel}}
  hcl.parallel(%s, %li)
  return %hist : memref<64xi32>
}

// -----

func.func @split_while(%A: memref<8xi32>) -> memref<1xi32> {
  %n = memref.alloc() {name = "n"} : memref<1xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  affine.store %c0, %n[0] : memref<1xi32>
  scf.while : () -> () {
    %k = affine.load %n[0] : memref<1xi32>
    %in = arith.cmpi sle, %k, %c7 : i32
    scf.condition(%in)
  } do {
    %k = affine.load %n[0] : memref<1xi32>
    %k1 = arith.addi %k, %c1 : i32
    affine.store %k1, %n[0] : memref<1xi32>
    scf.yield
  } attributes {loop_name = "count", stage_name = "c"}
  %s = hcl.create_stage_handle "c" : !hcl.StageHandle
  %l = hcl.create_loop_handle "count" : !hcl.LoopHandle
  // expected-error @+1 {{loop 'count' of stage 'c' is an scf.while (imperative code whose bounds are not affine): 'hcl.split' needs an affine.for; only pipeline applies to it}}
  %o, %i = hcl.split(%s, %l, 2)
  return %n : memref<1xi32>
}

// -----

func.func @unroll_scf_for(%P: memref<9xi32>, %V: memref<32xf32>) -> memref<8xf32> {
  %y = memref.alloc() {name = "y"} : memref<8xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    %p = affine.load %P[%i] : memref<9xi32>
    %q = affine.load %P[%i + 1] : memref<9xi32>
    %lo = arith.index_cast %p : i32 to index
    %hi = arith.index_cast %q : i32 to index
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
  %l = hcl.create_loop_handle "k" : !hcl.LoopHandle
  // expected-error @+1 {{loop 'k' of stage 'rows' is an scf.for (imperative code whose bounds are not affine): 'hcl.unroll' needs an affine.for; only pipeline applies to it}}
  hcl.unroll(%s, %l, 2)
  return %y : memref<8xf32>
}

// -----

func.func @compute_at_gather(%A: memref<16xi32>, %X: memref<8xi32>) -> memref<16xi32> {
  %B = memref.alloc() {name = "B"} : memref<8xi32>
  %Y = memref.alloc() {name = "Y"} : memref<16xi32>
  %c7 = arith.constant 7 : i32
  affine.for %j = 0 to 8 {
    %x = affine.load %X[%j] : memref<8xi32>
    %x2 = arith.addi %x, %x : i32
    affine.store %x2, %B[%j] : memref<8xi32>
  } {loop_name = "j", stage_name = "B"}
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %m = arith.andi %a, %c7 : i32
    %k = arith.index_cast %m : i32 to index
    %v = memref.load %B[%k] : memref<8xi32>
    affine.store %v, %Y[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "Y"}
  %sb = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sy = hcl.create_stage_handle "Y" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  // expected-error @+1 {{cannot compute stage 'B' at loop 'i' of stage 'Y': stage 'Y' uses 'memref.load' (imperative code: a data-dependent index or trip count), so the part of the producer an iteration needs is unknown}}
  hcl.compute_at(%sb, %sy, %li)
  return %Y : memref<16xi32>
}
