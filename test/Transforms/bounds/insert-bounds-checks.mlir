// --hcl-insert-bounds-checks guards the accesses the bounds analysis cannot
// prove in range (a gather, a read under an else) and leaves the proven ones
// alone; each site is described in hcl.bounds_sites, in site order.
// RUN: hcl-opt %s -hcl-insert-bounds-checks | FileCheck %s

// CHECK: module attributes {hcl.bounds_sites = ["argument 1 of @gather (memref<16xf32>) in stage 'B'", "'B' (memref<8xf32>) in stage 'C'"]}
// CHECK-LABEL: func.func @gather
func.func @gather(%I: memref<8xi32>, %T: memref<16xf32>) -> memref<8xf32> {
  %B = memref.alloc() {name = "B"} : memref<8xf32>
  // CHECK: affine.for
  // CHECK-NEXT: affine.load %arg0[%arg2]
  // CHECK-NEXT: arith.index_cast
  // CHECK: %[[DIM:.*]] = memref.dim %arg1, %{{.*}} : memref<16xf32>
  // CHECK: %[[BAD:.*]] = arith.cmpi uge, %[[K:.*]], %[[DIM]] : index
  // CHECK: %[[ANY:.*]] = arith.ori %{{.*}}, %[[BAD]] : i1
  // CHECK: scf.if %[[ANY]] {
  // CHECK: memref.alloca() : memref<1xi64>
  // CHECK: %[[SITE:.*]] = arith.constant 0 : i64
  // CHECK: func.call @hcl_bounds_violation(%[[SITE]], %{{.*}}) : (i64, memref<?xi64>) -> ()
  // CHECK: }
  // CHECK-NEXT: memref.load %arg1[%[[K]]]
  // CHECK-NEXT: affine.store
  // CHECK-NEXT: } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    %k = affine.load %I[%i] : memref<8xi32>
    %ki = arith.index_cast %k : i32 to index
    %v = memref.load %T[%ki] : memref<16xf32>
    affine.store %v, %B[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<8xf32>
  // CHECK: affine.if
  // CHECK: } else {
  // CHECK: arith.constant 1 : i64
  // CHECK: func.call @hcl_bounds_violation
  // CHECK: affine.load %{{.*}}[%arg2 + 1]
  affine.for %i = 0 to 8 {
    affine.if affine_set<(d0) : (d0 - 7 >= 0)>(%i) {
    } else {
      %v = affine.load %B[%i + 1] : memref<8xf32>
      affine.store %v, %C[%i] : memref<8xf32>
    }
  } {loop_name = "i", stage_name = "C"}
  return %C : memref<8xf32>
}
// CHECK: func.func private @hcl_bounds_violation(i64, memref<?xi64>)
