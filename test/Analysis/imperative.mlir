// Imperative code (issue 15): the estimator treats what it cannot know
// conservatively and says so. A data-dependent read-modify-write is a
// recurrence at distance 1 (RecMII), a data-dependent access of a
// partitioned array may hit any bank (ResMII); a loop of unknown trip count
// is reported as such, with max_trip_count as its worst case, and the
// function's latency is then unknown, with its worst case and a lower bound.

// hist[A[i] & 15] += 1, pipelined: load 2 + add 1 + store 1 around the loop.
// RUN: hcl estimate %s --entry histogram | FileCheck %s --check-prefix=HIST
// HIST: hist/i 64 1 1 4 4 259
// HIST: note: hist/i: arg1 is read and written through indices the dependence analysis cannot see (data-dependent, or an scf loop's): dependence distance 1 assumed (RecMII)
// HIST: function: latency 275 cycles
func.func @histogram(%A: memref<64xi32>, %hist: memref<16xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  affine.for %b = 0 to 16 {
    affine.store %c0, %hist[%b] : memref<16xi32>
  } {loop_name = "b", stage_name = "init"}
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xi32>
    %m = arith.andi %a, %c15 : i32
    %idx = arith.index_cast %m : i32 to index
    %h = memref.load %hist[%idx] : memref<16xi32>
    %n = arith.addi %h, %c1 : i32
    memref.store %n, %hist[%idx] : memref<16xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "hist"}
  return
}

// Two scatters per iteration into an array partitioned in two banks: the
// affine stores to C[2i] and C[2i + 1] use one bank each (ResMII 1), the
// data-dependent read-modify-writes of H may each hit either bank: two
// reads and two writes on a bank's two ports (ResMII 2).
// RUN: hcl estimate %s --entry scatter2 | FileCheck %s --check-prefix=BANKS
// BANKS: S/i 32 1 1 1 1
// BANKS: T/i 32 1 2 4 4
// BANKS: note: T/i: arg1 is partitioned and accessed at data-dependent indices: every such access counted against every bank (ResMII)
func.func @scatter2(%A: memref<64xi32>, %H: memref<16xi32>, %C: memref<64xi32>) {
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  affine.for %i = 0 to 32 {
    affine.store %c1, %C[2 * %i] : memref<64xi32>
    affine.store %c1, %C[2 * %i + 1] : memref<64xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  affine.for %i = 0 to 32 {
    %a = affine.load %A[2 * %i] : memref<64xi32>
    %m = arith.andi %a, %c15 : i32
    %x = arith.index_cast %m : i32 to index
    %h = memref.load %H[%x] : memref<16xi32>
    %n = arith.addi %h, %c1 : i32
    memref.store %n, %H[%x] : memref<16xi32>
    %b = affine.load %A[2 * %i + 1] : memref<64xi32>
    %mb = arith.andi %b, %c15 : i32
    %y = arith.index_cast %mb : i32 to index
    %hb = memref.load %H[%y] : memref<16xi32>
    %nb = arith.addi %hb, %c1 : i32
    memref.store %nb, %H[%y] : memref<16xi32>
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "T"}
  hcl.partition(%H : memref<16xi32>, Cyclic, 1, 2)
  hcl.partition(%C : memref<64xi32>, Cyclic, 1, 2)
  return
}

// Euclid's algorithm in an scf.while bounded by max_trip_count: the carried
// pair's recurrence is the exit test (1) and the remainder (36).
// RUN: hcl estimate %s --entry gcd | FileCheck %s --check-prefix=GCD
// GCD: gcd/i 16 - 1 1 - <=5984
// GCD: gcd/i/w <=10 - 1 37 - <=371
// GCD: note: gcd/i/w: unknown trip count (scf.while); worst case max_trip_count = 10
// GCD: function: latency ? cycles (worst case 5984, at least 64)
// RUN: hcl estimate %s --entry gcd --json | FileCheck %s --check-prefix=GCDJSON
// GCDJSON: "latency": null,
// GCDJSON-NEXT: "latency_lower_bound": 64,
// GCDJSON-NEXT: "latency_worst_case": 5984,
// GCDJSON: "loop": "gcd/i/w",
// GCDJSON-NEXT: "max_trip_count": 10,
func.func @gcd(%A: memref<16xi32>, %B: memref<16xi32>, %G: memref<16xi32>) {
  %c0 = arith.constant 0 : i32
  %c31 = arith.constant 31 : i32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %a1 = arith.andi %a, %c31 : i32
    %b = affine.load %B[%i] : memref<16xi32>
    %b1 = arith.andi %b, %c31 : i32
    %r:2 = scf.while (%x = %a1, %y = %b1) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi ne, %y, %c0 : i32
      scf.condition(%more) %x, %y : i32, i32
    } do {
    ^bb0(%x: i32, %y: i32):
      %t = arith.remsi %x, %y : i32
      scf.yield %y, %t : i32, i32
    } attributes {loop_name = "w", max_trip_count = 10 : i64}
    affine.store %r#0, %G[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "gcd"}
  return
}

// CSR SpMV: the row loop's bounds are loaded, its worst case is 3; the
// float sum it carries is a recurrence of one add (4).
// RUN: hcl estimate %s --entry spmv | FileCheck %s --check-prefix=SPMV
// SPMV: spmv/r 8 - 1 1 - <=168
// SPMV: spmv/r/k <=3 1 1 4 4 <=19
// SPMV: note: spmv/r/k: unknown trip count (scf.for with bounds known at run time); worst case max_trip_count = 3
// SPMV: function: latency ? cycles (worst case 168, at least 16)
func.func @spmv(%rp: memref<9xi32>, %col: memref<24xi32>, %val: memref<24xf32>,
                %x: memref<16xf32>, %y: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %fz = arith.constant 0.0 : f32
  affine.for %r = 0 to 8 {
    %lo32 = affine.load %rp[%r] : memref<9xi32>
    %hi32 = affine.load %rp[%r + 1] : memref<9xi32>
    %lo = arith.index_cast %lo32 : i32 to index
    %hi = arith.index_cast %hi32 : i32 to index
    %sum = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %fz) -> f32 {
      %ci32 = memref.load %col[%k] : memref<24xi32>
      %ci = arith.index_cast %ci32 : i32 to index
      %xv = memref.load %x[%ci] : memref<16xf32>
      %v = memref.load %val[%k] : memref<24xf32>
      %p = arith.mulf %v, %xv : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    } {loop_name = "k", max_trip_count = 3 : i64, pipeline_ii = 1 : i32}
    affine.store %sum, %y[%r] : memref<8xf32>
  } {loop_name = "r", stage_name = "spmv"}
  return
}

// No max_trip_count: the latency is unknown and unbounded; the lower bound
// tests the condition once.
// RUN: hcl estimate %s --entry countdown | FileCheck %s --check-prefix=DOWN
// DOWN: down ? 2 1 4 4 ?
// DOWN: note: down: unknown trip count (scf.while); no max_trip_count: latency unknown, the lower bound counts no iteration
// DOWN: function: latency ? cycles (worst case unbounded, at least 7)
func.func @countdown(%A: memref<1xi32>, %B: memref<1xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = memref.alloc() {name = "counter"} : memref<1xi32>
  %a = affine.load %A[0] : memref<1xi32>
  affine.store %a, %n[0] : memref<1xi32>
  scf.while : () -> () {
    %v = affine.load %n[0] : memref<1xi32>
    %more = arith.cmpi sgt, %v, %c0 : i32
    scf.condition(%more)
  } do {
    %v = affine.load %n[0] : memref<1xi32>
    %d = arith.subi %v, %c1 : i32
    affine.store %d, %n[0] : memref<1xi32>
    scf.yield
  } attributes {loop_name = "down", pipeline_ii = 2 : i32}
  %r = affine.load %n[0] : memref<1xi32>
  affine.store %r, %B[0] : memref<1xi32>
  return
}

// A sum carried in iter_args: one float add per iteration (RecMII 4); an
// scf.if of straight-line branches takes the longer one, exactly.
// RUN: hcl estimate %s --entry sum | FileCheck %s --check-prefix=SUM
// SUM: i 32 - 1 4 - 256
// SUM: function: latency 257 cycles
func.func @sum(%A: memref<32xf32>, %out: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 32 iter_args(%acc = %zero) -> f32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %pos = arith.cmpf ogt, %a, %zero : f32
    %v = scf.if %pos -> (f32) {
      scf.yield %a : f32
    } else {
      %n = arith.negf %a : f32
      scf.yield %n : f32
    }
    %n = arith.addf %acc, %v : f32
    affine.yield %n : f32
  } {loop_name = "i"}
  affine.store %s, %out[0] : memref<1xf32>
  return
}

// The estimate does not walk iterations: loops of 2^31 iterations, nested
// and pipelined, are estimated at once (issue 15: they used to hang), and
// figures beyond 64 bits saturate instead of wrapping: the worst case is
// then unbounded, the lower bound stays one.
// RUN: hcl estimate %s --entry huge | FileCheck %s --check-prefix=HUGE
// HUGE: S/i 2147483648 1 4 1 4 8589934592
// HUGE: S/i/j 4 - 1 1 - 4
// HUGE: T/i 2147483648 - 1 1 - ?
// HUGE: T/i/k 2147483648 1 1 7 7 15032385536
// HUGE: note: T/i: latency beyond 2^63 cycles
// HUGE: function: latency ? cycles (worst case unbounded, at least 9223372036854775807)
func.func @huge(%A: memref<16xi32>, %B: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 2147483648 : index
  affine.for %i = 0 to 2147483648 {
    affine.for %j = 0 to 4 {
      %a = affine.load %A[%j] : memref<16xi32>
      %b = arith.addi %a, %a : i32
      affine.store %b, %A[%j + 4] : memref<16xi32>
    } {loop_name = "j"}
  } {loop_name = "i", pipeline_ii = 1 : i32, stage_name = "S"}
  affine.for %i = 0 to 2147483648 {
    %s = scf.for %k = %c0 to %big step %c1 iter_args(%acc = %c0) -> index {
      %x = affine.load %B[0] : memref<16xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %B[1] : memref<16xf32>
      %n = arith.addi %acc, %c1 : index
      scf.yield %n : index
    } {loop_name = "k", pipeline_ii = 1 : i32}
  } {loop_name = "i", stage_name = "T"}
  return
}
