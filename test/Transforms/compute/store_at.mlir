// store_at allocates the producer's buffer inside a consumer loop that
// encloses the compute_at loop, sized to what one iteration computes and
// indexed from the slice's origin. Checked by structure and by execution
// (CPU and HLS C++).
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry rows | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry same_loop | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry rows | FileCheck %s --check-prefix=HLS
// EXEC: hcl check: OK
// HLS: hcl check --hls: OK

// compute_at at j computes B's rows i..i+2 of column j; store_at at i keeps
// the three rows of one i iteration: a 3x8 buffer, row index r - i.
// CHECK-LABEL: func.func @rows
// CHECK-NOT:   memref.alloc() {{.*}}memref<10x8xf32>
// CHECK:       affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc() {name = "B"} : memref<3x8xf32>
// CHECK:           affine.store %{{.*}}, %[[BUF]][-%[[I]] + %{{.*}}, %{{.*}}] : memref<3x8xf32>
// CHECK:           } {loop_name = "B.i"}
// CHECK:         affine.load %[[BUF]][0, %{{.*}}] : memref<3x8xf32>
// CHECK-NEXT:    affine.load %[[BUF]][1, %{{.*}}] : memref<3x8xf32>
// CHECK-NEXT:    affine.load %[[BUF]][2, %{{.*}}] : memref<3x8xf32>
// CHECK:         } {loop_name = "j"}
// CHECK-NEXT:    memref.dealloc %[[BUF]] : memref<3x8xf32>
// CHECK-NEXT:  } {loop_name = "i", stage_name = "C"}
// CHECK-NOT:   memref.dealloc
// CHECK-NOT:   hcl.
func.func @rows(%A: memref<10x8xf32>, %C: memref<8x8xf32>) {
  %B = memref.alloc() {name = "B"} : memref<10x8xf32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x8xf32>
      %b = arith.mulf %a, %two : f32
      affine.store %b, %B[%i, %j] : memref<10x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<10x8xf32>
      %y = affine.load %B[%i + 1, %j] : memref<10x8xf32>
      %z = affine.load %B[%i + 2, %j] : memref<10x8xf32>
      %s = arith.addf %x, %y : f32
      %t = arith.addf %s, %z : f32
      affine.store %t, %C[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.compute_at(%sB, %sC, %lj)
  hcl.store_at(%sB, %sC, %li)
  memref.dealloc %B : memref<10x8xf32>
  return
}

// Storage at the compute_at loop itself: one column of three rows.
// CHECK-LABEL: func.func @same_loop
// CHECK:         affine.for %[[I2:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:      %[[COL:.*]] = memref.alloc() : memref<3x1xi32>
// CHECK:           affine.store %{{.*}}, %[[COL]][-%{{.*}} + %{{.*}}, 0] : memref<3x1xi32>
// CHECK:           affine.load %[[COL]][2, 0] : memref<3x1xi32>
// CHECK:           affine.store
// CHECK:           memref.dealloc %[[COL]] : memref<3x1xi32>
// CHECK-NEXT:    } {loop_name = "j"}
func.func @same_loop(%A: memref<10x8xi32>, %C: memref<8x8xi32>) {
  %B = memref.alloc() : memref<10x8xi32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<10x8xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %B[%i, %j] : memref<10x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<10x8xi32>
      %z = affine.load %B[%i + 2, %j] : memref<10x8xi32>
      %t = arith.subi %z, %x : i32
      affine.store %t, %C[%i, %j] : memref<8x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.compute_at(%sB, %sC, %lj)
  hcl.store_at(%sB, %sC, %lj)
  return
}
