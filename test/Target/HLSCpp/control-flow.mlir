// Imperative code (issue 15): scf.for with data-dependent bounds, scf.while,
// scf.if with and without results, affine.for with iter_args, affine.if with
// results, gathers and scatters through computed indices, calls inside scf
// regions. Each kernel's HLS C++ is compiled with g++ and compared with the
// JIT (hcl check --hls), and its structure is pinned here.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl check --hls %s --entry histogram | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry gcd | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry insertion_sort | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry spmv | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry select | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry sum | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry halves | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry bubble | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry fibonacci | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry countdown | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry unsigned_loop | FileCheck %s --check-prefix=HLS
// HLS: hcl check --hls: OK

// hist[A[i] & 15] += 1: a read-modify-write through a data-dependent index.
// CHECK-LABEL: void histogram({{.*}}) {
// CHECK: l_i: for (int i = 0; i < 64; i++) {
// CHECK-NEXT: #pragma HLS pipeline II=1
// CHECK-NEXT: int32_t v = arg0[i];
// CHECK-NEXT: int32_t v_1 = v & 15;
// CHECK-NEXT: int v_2 = (int)v_1;
// CHECK-NEXT: int32_t v_3 = arg1[v_2];
// CHECK-NEXT: int32_t v_4 = v_3 + 1;
// CHECK-NEXT: arg1[v_2] = v_4;
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

// Euclid's algorithm: the carried pair is two variables, the condition's
// forwarded pair two more (the results).
// CHECK-LABEL: void gcd({{.*}}) {
// CHECK: int32_t w = v_1;
// CHECK-NEXT: int32_t w_1 = v_3;
// CHECK-NEXT: int32_t c;
// CHECK-NEXT: int32_t c_1;
// CHECK-NEXT: l_w: while (true) {
// CHECK-NEXT: #pragma HLS loop_tripcount min=0 max=10
// CHECK-NEXT: bool v_4 = w_1 != 0;
// CHECK-NEXT: c = w;
// CHECK-NEXT: c_1 = w_1;
// CHECK-NEXT: if (!(v_4))
// CHECK-NEXT: break;
// CHECK-NEXT: int32_t v_5 = c % c_1;
// CHECK-NEXT: w = c_1;
// CHECK-NEXT: w_1 = v_5;
// CHECK-NEXT: }
// CHECK-NEXT: arg2[i] = c;
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

// Insertion sort: a while loop whose condition is a short-circuit `j >= 0
// && S[j] > key` (an scf.if with a result), inside an affine.for.
// CHECK-LABEL: void insertion_sort({{.*}}) {
// CHECK: l_i_1: for (int i_1 = 1; i_1 < 16; i_1++) {
// CHECK-NEXT: int32_t v_1 = arg1[i_1];
// CHECK-NEXT: int v_2 = i_1 - 1;
// CHECK-NEXT: int w = v_2;
// CHECK-NEXT: int c;
// CHECK-NEXT: l_shift: while (true) {
// CHECK-NEXT: #pragma HLS loop_tripcount min=0 max=15
// CHECK-NEXT: bool v_3 = w >= 0;
// CHECK-NEXT: bool r;
// CHECK-NEXT: if (v_3) {
// CHECK-NEXT: int32_t v_4 = arg1[w];
// CHECK-NEXT: bool v_5 = v_4 > v_1;
// CHECK-NEXT: r = v_5;
// CHECK-NEXT: } else {
// CHECK-NEXT: r = false;
// CHECK-NEXT: }
// CHECK-NEXT: c = w;
// CHECK-NEXT: if (!(r))
// CHECK-NEXT: break;
// CHECK-NEXT: int32_t v_6 = arg1[c];
// CHECK-NEXT: int v_7 = c + 1;
// CHECK-NEXT: arg1[v_7] = v_6;
// CHECK-NEXT: int v_8 = c - 1;
// CHECK-NEXT: w = v_8;
// CHECK-NEXT: }
// CHECK-NEXT: int v_9 = c + 1;
// CHECK-NEXT: arg1[v_9] = v_1;
func.func @insertion_sort(%A: memref<16xi32>, %S: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xi32>
    affine.store %v, %S[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "copy"}
  affine.for %i = 1 to 16 {
    %key = affine.load %S[%i] : memref<16xi32>
    %j0 = affine.apply affine_map<(d0) -> (d0 - 1)>(%i)
    %j = scf.while (%j = %j0) : (index) -> index {
      %ge = arith.cmpi sge, %j, %c0 : index
      %more = scf.if %ge -> (i1) {
        %sj = memref.load %S[%j] : memref<16xi32>
        %gt = arith.cmpi sgt, %sj, %key : i32
        scf.yield %gt : i1
      } else {
        scf.yield %false : i1
      }
      scf.condition(%more) %j : index
    } do {
    ^bb0(%j: index):
      %sj = memref.load %S[%j] : memref<16xi32>
      %j1 = arith.addi %j, %c1 : index
      memref.store %sj, %S[%j1] : memref<16xi32>
      %jm = arith.subi %j, %c1 : index
      scf.yield %jm : index
    } attributes {loop_name = "shift", max_trip_count = 15 : i64}
    %p = arith.addi %j, %c1 : index
    memref.store %key, %S[%p] : memref<16xi32>
  } {loop_name = "i", stage_name = "sort"}
  return
}

// CSR sparse matrix-vector product: the row pointers are a prefix sum (an
// affine.for with iter_args) of random row lengths; each row's loop runs
// between two loaded bounds and gathers x through the column indices.
// CHECK-LABEL: void spmv({{.*}}) {
// CHECK: int32_t acc = 0;
// CHECK-NEXT: l_r: for (int r = 0; r < 8; r++) {
// CHECK: acc = v_{{[0-9]+}};
// CHECK-NEXT: }
// CHECK: float acc_1 = 0x0p0f;
// CHECK-NEXT: l_k: for (int k = v_{{[0-9]+}}; k < v_{{[0-9]+}}; k++) {
// CHECK-NEXT: #pragma HLS pipeline II=1
// CHECK-NEXT: #pragma HLS loop_tripcount min=0 max=3
// CHECK: float v_{{[0-9]+}} = arg3[v_{{[0-9]+}}];
// CHECK: acc_1 = v_{{[0-9]+}};
// CHECK-NEXT: }
// CHECK-NEXT: arg4[r_1] = acc_1;
func.func @spmv(%len: memref<8xi32>, %col: memref<24xi32>, %val: memref<24xf32>,
                %x: memref<16xf32>, %y: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : i32
  %c15 = arith.constant 15 : i32
  %z = arith.constant 0 : i32
  %fz = arith.constant 0.0 : f32
  %rp = memref.alloc() {name = "row_ptr"} : memref<9xi32>
  affine.store %z, %rp[0] : memref<9xi32>
  %total = affine.for %r = 0 to 8 iter_args(%run = %z) -> i32 {
    %l = affine.load %len[%r] : memref<8xi32>
    %l3 = arith.andi %l, %c3 : i32
    %next = arith.addi %run, %l3 : i32
    affine.store %next, %rp[%r + 1] : memref<9xi32>
    affine.yield %next : i32
  } {loop_name = "r", stage_name = "row_ptr"}
  affine.for %r = 0 to 8 {
    %lo32 = affine.load %rp[%r] : memref<9xi32>
    %hi32 = affine.load %rp[%r + 1] : memref<9xi32>
    %lo = arith.index_cast %lo32 : i32 to index
    %hi = arith.index_cast %hi32 : i32 to index
    %sum = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %fz) -> f32 {
      %cv = memref.load %col[%k] : memref<24xi32>
      %cm = arith.andi %cv, %c15 : i32
      %ci = arith.index_cast %cm : i32 to index
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

// scf.if with a result (and an else), and without either.
// CHECK-LABEL: void select({{.*}}) {
// CHECK: int32_t r;
// CHECK-NEXT: if (v_1) {
// CHECK-NEXT: int32_t v_2 = v * 2;
// CHECK-NEXT: r = v_2;
// CHECK-NEXT: } else {
// CHECK-NEXT: int32_t v_3 = 0 - v;
// CHECK-NEXT: r = v_3;
// CHECK-NEXT: }
// CHECK-NEXT: arg1[i] = r;
// CHECK-NEXT: bool v_4 = v == 3;
// CHECK-NEXT: if (v_4) {
// CHECK-NEXT: arg1[i] = 100;
// CHECK-NEXT: }
func.func @select(%A: memref<16xi32>, %B: memref<16xi32>) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %pos = arith.cmpi sgt, %a, %c0 : i32
    %r = scf.if %pos -> (i32) {
      %d = arith.muli %a, %c2 : i32
      scf.yield %d : i32
    } else {
      %n = arith.subi %c0, %a : i32
      scf.yield %n : i32
    }
    affine.store %r, %B[%i] : memref<16xi32>
    %three = arith.cmpi eq, %a, %c3 : i32
    scf.if %three {
      affine.store %c100, %B[%i] : memref<16xi32>
    }
  } {loop_name = "i"}
  return
}

// A sum reduction carried in a variable (affine.for iter_args).
// CHECK-LABEL: void sum({{.*}}) {
// CHECK: float acc = 0x0p0f;
// CHECK-NEXT: l_i: for (int i = 0; i < 32; i++) {
// CHECK-NEXT: float v = arg0[i];
// CHECK-NEXT: float v_1 = acc + v;
// CHECK-NEXT: acc = v_1;
// CHECK-NEXT: }
// CHECK-NEXT: arg1[0] = acc;
func.func @sum(%A: memref<32xf32>, %out: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 32 iter_args(%acc = %zero) -> f32 {
    %a = affine.load %A[%i] : memref<32xf32>
    %n = arith.addf %acc, %a : f32
    affine.yield %n : f32
  } {loop_name = "i"}
  affine.store %s, %out[0] : memref<1xf32>
  return
}

// affine.if with a result: the first half doubled, the second negated.
// CHECK-LABEL: void halves({{.*}}) {
// CHECK: int32_t r;
// CHECK-NEXT: if (i - 8 >= 0) {
// CHECK-NEXT: int32_t v_1 = 0 - v;
// CHECK-NEXT: r = v_1;
// CHECK-NEXT: } else {
// CHECK-NEXT: int32_t v_2 = v + v;
// CHECK-NEXT: r = v_2;
// CHECK-NEXT: }
func.func @halves(%A: memref<16xi32>, %B: memref<16xi32>) {
  %c0 = arith.constant 0 : i32
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    %r = affine.if affine_set<(d0) : (d0 - 8 >= 0)>(%i) -> i32 {
      %n = arith.subi %c0, %a : i32
      affine.yield %n : i32
    } else {
      %d = arith.addi %a, %a : i32
      affine.yield %d : i32
    }
    affine.store %r, %B[%i] : memref<16xi32>
  } {loop_name = "i"}
  return
}

// Bubble sort: scf.for loops whose inner bound depends on the outer one,
// and a call, taking the array, inside them.
// CHECK-LABEL: void compare_swap({{.*}}) {
// CHECK-LABEL: void bubble({{.*}}) {
// CHECK: l_p: for (int p = 0; p < 15; p++) {
// CHECK-NEXT: int v = 15 - p;
// CHECK-NEXT: l_k: for (int k = 0; k < v; k++) {
// CHECK-NEXT: compare_swap(arg1, k);
func.func @compare_swap(%S: memref<16xi32>, %k: index) {
  %c1 = arith.constant 1 : index
  %k1 = arith.addi %k, %c1 : index
  %a = memref.load %S[%k] : memref<16xi32>
  %b = memref.load %S[%k1] : memref<16xi32>
  %gt = arith.cmpi sgt, %a, %b : i32
  scf.if %gt {
    memref.store %b, %S[%k] : memref<16xi32>
    memref.store %a, %S[%k1] : memref<16xi32>
  }
  return
}

func.func @bubble(%A: memref<16xi32>, %S: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  memref.copy %A, %S : memref<16xi32> to memref<16xi32>
  scf.for %p = %c0 to %c15 step %c1 {
    %n = arith.subi %c15, %p : index
    scf.for %k = %c0 to %n step %c1 {
      func.call @compare_swap(%S, %k) : (memref<16xi32>, index) -> ()
    } {loop_name = "k"}
  } {loop_name = "p"}
  return
}

// Carried values that swap: the yield is one simultaneous assignment
// (through copies only when a value would be overwritten before it is read).
// CHECK-LABEL: void fibonacci({{.*}}) {
// CHECK: int32_t acc = v;
// CHECK-NEXT: int32_t acc_1 = v_1;
// CHECK-NEXT: for (int i = 0; i < 10; i += 2) {
// CHECK-NEXT: int32_t v_2 = acc + acc_1;
// CHECK-NEXT: acc = acc_1;
// CHECK-NEXT: acc_1 = v_2;
// CHECK-NEXT: }
// CHECK-NEXT: int32_t acc_2 = acc;
// CHECK-NEXT: int32_t acc_3 = acc_1;
// CHECK-NEXT: for (int i_1 = 0; i_1 < 3; i_1 += 2) {
// CHECK-NEXT: int32_t next = acc_3;
// CHECK-NEXT: int32_t next_1 = acc_2;
// CHECK-NEXT: acc_2 = next;
// CHECK-NEXT: acc_3 = next_1;
func.func @fibonacci(%A: memref<2xi32>, %B: memref<2xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %a = affine.load %A[0] : memref<2xi32>
  %b = affine.load %A[1] : memref<2xi32>
  %f:2 = scf.for %i = %c0 to %c10 step %c2 iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %s = arith.addi %x, %y : i32
    scf.yield %y, %s : i32, i32
  }
  %g:2 = scf.for %i = %c0 to %c3 step %c2 iter_args(%x = %f#0, %y = %f#1) -> (i32, i32) {
    scf.yield %y, %x : i32, i32
  }
  affine.store %g#0, %B[0] : memref<2xi32>
  affine.store %g#1, %B[1] : memref<2xi32>
  return
}

// scf.while without carried values: a counter in memory, and a pipelined
// while loop.
// CHECK-LABEL: void countdown({{.*}}) {
// CHECK: l_down: while (true) {
// CHECK-NEXT: #pragma HLS pipeline II=2
// CHECK-NEXT: int32_t v_{{[0-9]+}} = counter[0];
// CHECK: if (!(v_{{[0-9]+}}))
// CHECK-NEXT: break;
func.func @countdown(%A: memref<1xi32>, %B: memref<1xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %n = memref.alloc() {name = "counter"} : memref<1xi32>
  %steps = memref.alloc() {name = "steps"} : memref<1xi32>
  %a = affine.load %A[0] : memref<1xi32>
  %a7 = arith.andi %a, %c7 : i32
  affine.store %a7, %n[0] : memref<1xi32>
  affine.store %c0, %steps[0] : memref<1xi32>
  scf.while : () -> () {
    %v = affine.load %n[0] : memref<1xi32>
    %more = arith.cmpi sgt, %v, %c0 : i32
    scf.condition(%more)
  } do {
    %v = affine.load %n[0] : memref<1xi32>
    %d = arith.subi %v, %c1 : i32
    affine.store %d, %n[0] : memref<1xi32>
    %s = affine.load %steps[0] : memref<1xi32>
    %s1 = arith.addi %s, %c1 : i32
    affine.store %s1, %steps[0] : memref<1xi32>
    scf.yield
  } attributes {loop_name = "down", pipeline_ii = 2 : i32}
  %r = affine.load %steps[0] : memref<1xi32>
  affine.store %r, %B[0] : memref<1xi32>
  return
}

// An scf.for over i32 with an unsigned comparison (bounds read as unsigned),
// its bound loaded.
// CHECK-LABEL: void unsigned_loop({{.*}}) {
// CHECK: int32_t acc = 0;
// CHECK-NEXT: l_u: for (int32_t u = 0; (uint32_t)u < (uint32_t)v_1; u++) {
// CHECK-NEXT: #pragma HLS loop_tripcount min=0 max=7
func.func @unsigned_loop(%A: memref<1xi32>, %B: memref<1xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  %a = affine.load %A[0] : memref<1xi32>
  %n = arith.andi %a, %c7 : i32
  %s = scf.for unsigned %u = %c0 to %n step %c1 iter_args(%acc = %c0) -> i32 : i32 {
    %t = arith.muli %u, %c3 : i32
    %next = arith.addi %acc, %t : i32
    scf.yield %next : i32
  } {loop_name = "u", max_trip_count = 7 : i64}
  affine.store %s, %B[0] : memref<1xi32>
  return
}
