// Regressions of --hcl-partition-to-amc and its per-bank access analysis
// (hcl/Analysis/BankAccesses.h). The huge loop of @huge hung both the pass
// and `hcl estimate` before the unroll budget bounded the work.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations --hcl-partition-to-amc | FileCheck %s
// RUN: sed -n '/^func.func @huge/,/^}/p' %s > %t.mlir && hcl estimate %t.mlir | FileCheck %s --check-prefix=EST

// A loop of 10^9 iterations under the pipelined loop is left rolled (its
// trip count exceeds the 4096-copy budget): its read's bank varies.
// CHECK-LABEL: amc.memory @huge_acc(!amc.port<16xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["S/i"]
// CHECK-NEXT:    amc.alloc : !amc.memref<16xi32, bank [4]>
// CHECK-NEXT:    banks [0, 1, 2, 3] : !amc.port<16xi32, r, 1>
// CHECK-NEXT:    amc.extern
// EST: S/i/u 1000000000
func.func @huge(%A: memref<16xi32>) {
  %buf = memref.alloc() {name = "acc"} : memref<16xi32>
  affine.for %i = 0 to 16 {
    affine.for %u = 0 to 1000000000 {
      %b = affine.load %buf[%i] : memref<16xi32>
      affine.store %b, %A[%i] : memref<16xi32>
    } {loop_name = "u"}
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  hcl.partition(%buf : memref<16xi32>, Cyclic, 1, 4)
  return
}

// -----

// Accesses outside loops are the function body's; its loops (huge ones
// here) are scopes of their own and are not unrolled for it.
// CHECK-LABEL: amc.memory @fs_acc(!amc.port<4xi32, w, 1>, !amc.port<4xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["@fs"]
// CHECK:         banks [3] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    banks [1] : !amc.port<4xi32, r, 1>
func.func @fs(%B: memref<4xi32>) -> i32 {
  %buf = memref.alloc() {name = "acc"} : memref<16xi32>
  %c = arith.constant 1 : i32
  affine.store %c, %buf[3] : memref<16xi32>
  affine.for %i = 0 to 1000000 {
    affine.for %j = 0 to 1000000 {
      %a = affine.load %B[0] : memref<4xi32>
      affine.store %a, %B[1] : memref<4xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  %v = affine.load %buf[5] : memref<16xi32>
  hcl.partition(%buf : memref<16xi32>, Cyclic, 1, 4)
  return %v : i32
}

// -----

// `outline` with axis j: the outlined body is called in the pipelined loop
// i, so its accesses are scheduled there, as without outline (the 8 copies
// of j write the 8 banks of a row).
// CHECK-LABEL: amc.memory @top_E(
// CHECK-SAME:    hcl.loops = ["E/i", "(caller)"]
// CHECK-COUNT-8: amc.create_port({{.*}}) banks [{{[0-7]}}] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    banks [0, 1, 2, 3, 4, 5, 6, 7] : !amc.port<32xi32, r, 1>
// CHECK-NEXT:    amc.extern
func.func @top(%arg0: memref<4x8xi32>) -> memref<4x8xi32> {
  %8 = memref.alloc() {name = "E"} : memref<4x8xi32>
  affine.for %arg1 = 0 to 4 {
    affine.for %arg2 = 0 to 8 {
      %12 = affine.load %arg0[%arg1, %arg2] : memref<4x8xi32>
      affine.store %12, %8[%arg1, %arg2] : memref<4x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "E"}
  %11 = hcl.create_stage_handle "E" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  hcl.pipeline(%11, %li, 1)
  hcl.partition(%8 : memref<4x8xi32>, Complete, 2)
  hcl.outline (%11) {axis = "j"}
  return %8 : memref<4x8xi32>
}

// -----

// A memref.load in a loop unrolled 4 times: a port over all banks per copy.
// CHECK-LABEL: amc.memory @ml_acc(!amc.port<16xi32, r, 1>, !amc.port<16xi32, r, 1>, !amc.port<16xi32, r, 1>, !amc.port<16xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["S/i"]
func.func @ml(%A: memref<16xi32>) {
  %buf = memref.alloc() {name = "acc"} : memref<16xi32>
  affine.for %i = 0 to 4 {
    affine.for %u = 0 to 4 {
      %idx = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %u)
      %b = memref.load %buf[%idx] : memref<16xi32>
      affine.store %b, %A[%idx] : memref<16xi32>
    } {loop_name = "u"}
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  hcl.partition(%buf : memref<16xi32>, Cyclic, 1, 4)
  return
}

// -----

// The accesses of an scf.while's "after" region are the loop's too.
// CHECK-LABEL: amc.memory @w_wb(!amc.port<4xi32, w, 1>, !amc.port<4xi32, r, 1>)
// CHECK:         banks [1] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    banks [0] : !amc.port<4xi32, r, 1>
#cyc = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func @w() -> i32 {
  %buf = memref.alloc() {name = "wb"} : memref<8xi32, #cyc>
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %r = scf.while (%x = %c0) : (i32) -> i32 {
    %cond = arith.cmpi slt, %x, %c8 : i32
    scf.condition(%cond) %x : i32
  } do {
  ^bb0(%y: i32):
    affine.store %y, %buf[3] : memref<8xi32, #cyc>
    %v = affine.load %buf[4] : memref<8xi32, #cyc>
    %n = arith.addi %y, %v : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// -----

// Function names become identifiers in the memory's symbol (and Verilog
// module); @"a-b" and @a_b keep distinct symbols and sources.
// CHECK-LABEL: amc.memory @a_b_arg1(
// CHECK-SAME:    hcl.source = "a-b/arg1"
// CHECK-LABEL: amc.memory @a_b_arg1_0(
// CHECK-SAME:    hcl.source = "a_b/arg1"
#cyc = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func @"a-b"(%A: memref<8xi32>, %B: memref<8xi32, #cyc>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32, #cyc>
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  return
}
func.func @a_b(%A: memref<8xi32>, %B: memref<8xi32, #cyc>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %B[%i] : memref<8xi32, #cyc>
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  return
}

// -----

// A buffer returned by @make is the result of the call in @main, which
// passes it to @use: @use's reads (2 unrolled copies, banks 0 and 1) get
// ports, and since the module's own code reads it, no caller port.
// CHECK-LABEL: amc.memory @make_mk(!amc.port<8xi32, w, 1>, !amc.port<4xi32, r, 1>, !amc.port<4xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["M/i", "@use/U/i"]
// CHECK:         banks [0, 1] : !amc.port<8xi32, w, 1>
// CHECK-NEXT:    banks [0] : !amc.port<4xi32, r, 1>
// CHECK-NEXT:    banks [1] : !amc.port<4xi32, r, 1>
func.func private @make(%A: memref<8xi32>) -> memref<8xi32> {
  %buf = memref.alloc() {name = "mk"} : memref<8xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %buf[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "M", pipeline_ii = 1 : i32}
  hcl.partition(%buf : memref<8xi32>, Cyclic, 1, 2)
  return %buf : memref<8xi32>
}
func.func private @use(%B: memref<8xi32>, %O: memref<8xi32>) {
  affine.for %i = 0 to 4 {
    affine.for %u = 0 to 2 {
      %a = affine.load %B[%i * 2 + %u] : memref<8xi32>
      affine.store %a, %O[%i * 2 + %u] : memref<8xi32>
    } {loop_name = "u"}
  } {loop_name = "i", stage_name = "U", pipeline_ii = 1 : i32}
  return
}
func.func @main(%A: memref<8xi32>, %O: memref<8xi32>) {
  %r = call @make(%A) : (memref<8xi32>) -> memref<8xi32>
  call @use(%r, %O) : (memref<8xi32>, memref<8xi32>) -> ()
  return
}

// -----

// A function returning its argument gives back the buffer of that call
// only (@id is called with both); @rd reads under the caller's loops:
// pipelined i with u unrolled (banks 0 and 1) for a, loop j for b.
// CHECK-LABEL: amc.memory @main_a(!amc.port<4xi32, r, 1>, !amc.port<4xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["U/i"]
// CHECK-LABEL: amc.memory @main_b(!amc.port<8xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["V/j"]
#cyc = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func private @id(%B: memref<8xi32, #cyc>) -> memref<8xi32, #cyc> {
  return %B : memref<8xi32, #cyc>
}
func.func private @rd(%B: memref<8xi32, #cyc>, %i: index) -> i32 {
  %v = affine.load %B[%i] : memref<8xi32, #cyc>
  return %v : i32
}
func.func @main(%O: memref<8xi32>) {
  %a = memref.alloc() {name = "a"} : memref<8xi32, #cyc>
  %b = memref.alloc() {name = "b"} : memref<8xi32, #cyc>
  %ra = call @id(%a) : (memref<8xi32, #cyc>) -> memref<8xi32, #cyc>
  %rb = call @id(%b) : (memref<8xi32, #cyc>) -> memref<8xi32, #cyc>
  affine.for %i = 0 to 4 {
    affine.for %u = 0 to 2 {
      %x = func.call @rd(%ra, %u) : (memref<8xi32, #cyc>, index) -> i32
      affine.store %x, %O[%u] : memref<8xi32>
    } {loop_name = "u"}
  } {loop_name = "i", stage_name = "U", pipeline_ii = 1 : i32}
  affine.for %i = 0 to 8 {
    %x = func.call @rd(%rb, %i) : (memref<8xi32, #cyc>, index) -> i32
    affine.store %x, %O[%i] : memref<8xi32>
  } {loop_name = "j", stage_name = "V"}
  return
}
