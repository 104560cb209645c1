// hcl-rtl-if-convert alone: in a pipelined scf.for, a branch becomes
// straight-line code; its accesses stay predicated in guards (`rtl.guard`:
// an scf.if around one store, or around one load with a zero in its else),
// its results become selects, a nested branch's guards take both
// conditions, and the else side the negated one. Loops that are not
// pipelined, and branches holding a loop, are left alone.
// RUN: hcl-opt %s --hcl-rtl-if-convert | FileCheck %s

// CHECK-LABEL: func.func @sides(
// CHECK:         scf.for
// CHECK:           %[[A:.*]] = memref.load %arg0
// CHECK:           %[[P:.*]] = arith.cmpi sgt, %[[A]]
// CHECK:           %[[M:.*]] = arith.muli %[[A]]
// CHECK:           scf.if %[[P]] {
// CHECK-NEXT:        memref.store %[[M]], %arg1
// CHECK-NEXT:      } {rtl.guard}
// CHECK:           %[[NOT:.*]] = arith.xori %[[P]], %true
// CHECK:           %[[N:.*]] = arith.subi
// CHECK:           scf.if %[[NOT]] {
// CHECK-NEXT:        memref.store %[[N]], %arg1
// CHECK-NEXT:      } {rtl.guard}
// CHECK-NOT:       scf.if
// CHECK:         } {pipeline_ii = 1 : i32}
func.func @sides(%A: memref<32xi32>, %B: memref<32xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  scf.for %i = %c0 to %c32 step %c1 {
    %a = memref.load %A[%i] : memref<32xi32>
    %p = arith.cmpi sgt, %a, %zero : i32
    scf.if %p {
      %m = arith.muli %a, %c9 : i32
      memref.store %m, %B[%i] : memref<32xi32>
    } else {
      %n = arith.subi %zero, %a : i32
      memref.store %n, %B[%i] : memref<32xi32>
    }
  } {pipeline_ii = 1 : i32}
  return
}

// CHECK-LABEL: func.func @nested(
// CHECK:           %[[P:.*]] = arith.cmpi sgt
// CHECK:           %[[Q:.*]] = arith.cmpi slt
// CHECK:           %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:           %[[BOTH:.*]] = arith.andi %[[P]], %[[Q]]
// CHECK:           %[[L:.*]] = scf.if %[[BOTH]] -> (i32) {
// CHECK-NEXT:        %[[D:.*]] = memref.load %arg1
// CHECK-NEXT:        scf.yield %[[D]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[ZERO]] : i32
// CHECK-NEXT:      } {rtl.guard}
// CHECK:           %[[INNER:.*]] = arith.select %[[Q]], %[[L]],
// CHECK:           %[[OUTER:.*]] = arith.select %[[P]], %[[INNER]],
// CHECK:           memref.store %[[OUTER]], %arg2
func.func @nested(%A: memref<16xi32>, %T: memref<16xi32>, %B: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %ten = arith.constant 10 : i32
  scf.for %i = %c0 to %c16 step %c1 {
    %a = memref.load %A[%i] : memref<16xi32>
    %p = arith.cmpi sgt, %a, %zero : i32
    %r = scf.if %p -> (i32) {
      %q = arith.cmpi slt, %a, %ten : i32
      %s = scf.if %q -> (i32) {
        %t = memref.load %T[%i] : memref<16xi32>
        scf.yield %t : i32
      } else {
        scf.yield %ten : i32
      }
      scf.yield %s : i32
    } else {
      scf.yield %zero : i32
    }
    memref.store %r, %B[%i] : memref<16xi32>
  } {pipeline_ii = 1 : i32}
  return
}

// CHECK-LABEL: func.func @left_alone(
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK-NOT:       rtl.guard
// CHECK:         } {pipeline_ii = 1 : i32}
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK-NOT:       rtl.guard
// CHECK:         return
func.func @left_alone(%A: memref<8xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %A[%i] : memref<8xi32>
    %p = arith.cmpi sgt, %a, %zero : i32
    scf.if %p {
      scf.for %k = %c0 to %n step %c1 {
        memref.store %zero, %A[%i] : memref<8xi32>
      }
    }
  } {pipeline_ii = 1 : i32}
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %A[%i] : memref<8xi32>
    %p = arith.cmpi sgt, %a, %zero : i32
    scf.if %p {
      memref.store %zero, %A[%i] : memref<8xi32>
    }
  }
  return
}
