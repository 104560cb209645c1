// hcl-rtl-split-banks alone: each bank of a partitioned local buffer
// becomes an allocation of its own (a register, `rtl.register`, when it
// holds one element); an access whose bank the layout composed with its
// index gives goes to that bank, at its address in the bank; one whose bank
// is a run-time value goes to each bank under a branch on the bank number.
// A partitioned argument of the kernel's top (a function nothing calls)
// becomes an argument per bank, each recording the array it is a bank of;
// one passed on to a call, and a callee's, keep their one port.
// RUN: hcl-opt %s --hcl-rtl-split-banks | FileCheck %s

#complete = affine_map<(d0) -> (d0, 0)>
#cyclic = affine_map<(d0) -> (d0 mod 4, d0 floordiv 4)>

// CHECK-LABEL: func.func @registers(
// CHECK-COUNT-3: memref.alloc() {name = "W", rtl.register} : memref<1xi32>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.store %{{.*}}, %alloc_1[%c0{{.*}}]
// CHECK:         memref.load %alloc[%c0{{.*}}]
// CHECK:         memref.load %alloc_0[%c0{{.*}}]
// CHECK:         memref.dealloc %alloc
// CHECK:         memref.dealloc %alloc_0
// CHECK:         memref.dealloc %alloc_1
func.func @registers(%x: i32) -> i32 {
  %W = memref.alloc() {name = "W"} : memref<3xi32, #complete>
  affine.store %x, %W[2] : memref<3xi32, #complete>
  %a = affine.load %W[0] : memref<3xi32, #complete>
  %b = affine.load %W[1] : memref<3xi32, #complete>
  %s = arith.addi %a, %b : i32
  memref.dealloc %W : memref<3xi32, #complete>
  return %s : i32
}

// An unrolled access: T[4 * i + 1] is in bank 1, at address i.
// CHECK-LABEL: func.func @unrolled(
// CHECK-COUNT-4: memref.alloc() {name = "T"} : memref<4xi32>
// CHECK:         affine.for %[[I:.*]] = 0 to 4
// CHECK:           memref.load %alloc_0[%[[I]]] : memref<4xi32>
// CHECK:           memref.load %alloc_2[%[[I]]] : memref<4xi32>
func.func @unrolled(%A: memref<16xi32>, %S: memref<4xi32>) {
  %T = memref.alloc() {name = "T"} : memref<16xi32, #cyclic>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xi32>
    affine.store %a, %T[%i] : memref<16xi32, #cyclic>
  }
  affine.for %i = 0 to 4 {
    %p = affine.load %T[%i * 4 + 1] : memref<16xi32, #cyclic>
    %q = affine.load %T[%i * 4 + 3] : memref<16xi32, #cyclic>
    %s = arith.addi %p, %q : i32
    affine.store %s, %S[%i] : memref<4xi32>
  }
  return
}

// A data-dependent read: the bank number (k mod 4) is tested against each
// bank, and the data selected. (The writes above, whose bank follows i,
// are tested the same way.)
// CHECK-LABEL: func.func @gather(
// CHECK:         %[[K:.*]] = arith.index_cast
// CHECK:         arith.remsi %[[K]], %c4
// CHECK:         %[[BANK:.*]] = arith.select
// CHECK:         arith.cmpi eq, %[[BANK]], %c0
// CHECK:         scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      memref.load %alloc[
// CHECK:         scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      memref.load %alloc_0[
// CHECK:         scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      memref.load %alloc_1[
// CHECK:         scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      memref.load %alloc_2[
func.func @gather(%T0: memref<16xi32>, %I: memref<8xi32>, %G: memref<8xi32>) {
  %T = memref.alloc() {name = "T"} : memref<16xi32, #cyclic>
  affine.for %i = 0 to 16 {
    %a = affine.load %T0[%i] : memref<16xi32>
    affine.store %a, %T[%i] : memref<16xi32, #cyclic>
  }
  affine.for %i = 0 to 8 {
    %x = affine.load %I[%i] : memref<8xi32>
    %k = arith.index_cast %x : i32 to index
    %t = memref.load %T[%k] : memref<16xi32, #cyclic>
    affine.store %t, %G[%i] : memref<8xi32>
  }
  return
}

// CHECK-LABEL: func.func @argument(
// CHECK-SAME:    %[[N:.*]]: i32 {rtl.argument = 0 : i64},
// CHECK-SAME:    %[[B0:.*]]: memref<4xi32> {rtl.argument = 1 : i64, rtl.bank = 0 : i64, rtl.banked = memref<16xi32, #{{[a-z0-9]+}}>},
// CHECK-SAME:    %[[B1:.*]]: memref<4xi32> {rtl.argument = 1 : i64, rtl.bank = 1 : i64,
// CHECK-SAME:    %[[B2:.*]]: memref<4xi32> {rtl.argument = 1 : i64, rtl.bank = 2 : i64,
// CHECK-SAME:    %[[B3:.*]]: memref<4xi32> {rtl.argument = 1 : i64, rtl.bank = 3 : i64,
// CHECK-SAME:    %{{.*}}: i32 {rtl.argument = 2 : i64})
// CHECK-NOT:     memref.alloc
// CHECK:         memref.load %[[B1]][%{{.*}}] : memref<4xi32>
func.func @argument(%n: i32, %T: memref<16xi32, #cyclic>, %m: i32) -> i32 {
  %t = affine.load %T[5] : memref<16xi32, #cyclic>
  %s = arith.addi %t, %n : i32
  %r = arith.addi %s, %m : i32
  return %r : i32
}

// CHECK-LABEL: func.func @passed_on(
// CHECK-SAME:    %{{.*}}: memref<16xi32, #{{.*}}>)
// CHECK:         call @callee(%{{.*}}) : (memref<16xi32, #{{.*}}>) -> i32
// CHECK-LABEL: func.func @callee(
// CHECK-SAME:    %{{.*}}: memref<16xi32, #{{.*}}>)
func.func @passed_on(%T: memref<16xi32, #cyclic>) -> i32 {
  %t = func.call @callee(%T) : (memref<16xi32, #cyclic>) -> i32
  return %t : i32
}
func.func @callee(%T: memref<16xi32, #cyclic>) -> i32 {
  %t = affine.load %T[5] : memref<16xi32, #cyclic>
  return %t : i32
}
