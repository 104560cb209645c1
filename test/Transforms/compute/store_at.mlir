// store_at allocates the producer's buffer inside a consumer loop that
// encloses the compute_at loop, sized to what one iteration computes and
// indexed from the slice's origin. Checked by structure and by execution
// (CPU and HLS C++).
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry rows | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry same_loop | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry sliding | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry rows | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry sliding | FileCheck %s --check-prefix=HLS
// RUN: hcl check %s --entry tiled | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry tiled | FileCheck %s --check-prefix=HLS
// EXEC: hcl check: OK
// HLS: hcl check --hls: OK

// compute_at at j computes B's rows i..i+2 of column j; store_at at i keeps
// the three rows of one i iteration: a 3x8 buffer, row index r - i.
// The maps of @sliding, printed first.
// CHECK-DAG:   #[[SLIDE:.*]] = affine_map<(d0) -> (d0 + (d0 ceildiv 8) * 2)>
// CHECK-DAG:   #[[END:.*]] = affine_map<(d0) -> (d0 + 3)>
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

// Halide's sliding window: storage at the column loop j, computation at the
// row loop i inside it. Each i computes B's rows i..i+2; after the first
// iteration only row i+2 is new, so the copy starts there (the ceildiv is
// 0 when i = 0, 1 afterwards) and the 10x1 buffer keeps the earlier rows.
// CHECK-LABEL: func.func @sliding
// CHECK:         affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:      %[[WIN:.*]] = memref.alloc() {name = "B"} : memref<10x1xf32>
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[R:.*]] = #[[SLIDE]](%[[I]]) to #[[END]](%[[I]]) {
// CHECK:               affine.store %{{.*}}, %[[WIN]][%[[R]], 0] : memref<10x1xf32>
// CHECK-NEXT:        } {loop_name = "B.i", sliding_window}
// CHECK:             affine.load %[[WIN]][%[[I]] + 2, 0] : memref<10x1xf32>
func.func @sliding(%A: memref<10x8xf32>, %C: memref<8x8xf32>) {
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
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 8 {
      %x = affine.load %B[%i, %j] : memref<10x8xf32>
      %y = affine.load %B[%i + 1, %j] : memref<10x8xf32>
      %z = affine.load %B[%i + 2, %j] : memref<10x8xf32>
      %s = arith.addf %x, %y : f32
      %t = arith.addf %s, %z : f32
      affine.store %t, %C[%i, %j] : memref<8x8xf32>
    } {loop_name = "i"}
  } {loop_name = "j", stage_name = "C"}
  hcl.compute_at(%sB, %sC, %li)
  hcl.store_at(%sB, %sC, %lj)
  memref.dealloc %B : memref<10x8xf32>
  return
}

// The blur's tiles: storage at the column tile j.outer (18 rows x 32), the
// row loop i.inner computing and sliding inside it; the sliding starts again
// at every tile.
// CHECK-LABEL: func.func @tiled
// CHECK:         memref.alloc() {name = "B"} : memref<18x32xf32>
// CHECK:         } {loop_name = "B.i", sliding_window}
// CHECK:       } {loop_name = "j.outer"}
func.func @tiled(%A: memref<66x66xf32>, %C: memref<64x64xf32>) {
  %B = memref.alloc() {name = "B"} : memref<66x64xf32>
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %li = hcl.create_loop_handle %sC, "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  %three = arith.constant 3.0 : f32
  affine.for %i = 0 to 66 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<66x66xf32>
      %b = affine.load %A[%i, %j + 2] : memref<66x66xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %B[%i, %j] : memref<66x64xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %x = affine.load %B[%i, %j] : memref<66x64xf32>
      %z = affine.load %B[%i + 2, %j] : memref<66x64xf32>
      %t = arith.addf %x, %z : f32
      affine.store %t, %C[%i, %j] : memref<64x64xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %l:4 = hcl.tile(%sC, %li, %lj, 16, 32)
  hcl.compute_at(%sB, %sC, %l#1)
  hcl.store_at(%sB, %sC, %l#2)
  memref.dealloc %B : memref<66x64xf32>
  return
}
