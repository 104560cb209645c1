// --hcl-local-buffers-on-stack: small local buffers become stack memory at
// the start of their function; returned, escaping, dynamic or large ones
// stay on the heap. Executed by the stencil and gemm checks that use
// reuse_at / buffer_at (the whole lowering runs this pass).
//
// RUN: hcl-opt %s --hcl-local-buffers-on-stack | FileCheck %s

// CHECK-LABEL: func.func @window(
// CHECK-NEXT:    %[[W:.*]] = memref.alloca() {name = "WB"} : memref<3x3xf32>
// CHECK-NOT:     memref.alloc()
// CHECK:         affine.for
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @window(%A: memref<8xf32>, %B: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %w = memref.alloc() {name = "WB"} : memref<3x3xf32>
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %w[0, 0] : memref<3x3xf32>
    %b = affine.load %w[0, 0] : memref<3x3xf32>
    affine.store %b, %B[%i] : memref<8xf32>
    memref.dealloc %w : memref<3x3xf32>
  }
  return
}

// CHECK-LABEL: func.func @stays_on_heap(
// CHECK:         memref.alloc() : memref<4xf32>
// CHECK:         memref.alloc() : memref<524288xf32>
// CHECK:         memref.alloc() : memref<2xf32>
// CHECK-NOT:     memref.alloca
func.func @stays_on_heap(%x: f32) -> memref<4xf32> {
  %returned = memref.alloc() : memref<4xf32>
  %large = memref.alloc() : memref<524288xf32>
  affine.store %x, %large[0] : memref<524288xf32>
  %passed = memref.alloc() : memref<2xf32>
  call @use(%passed) : (memref<2xf32>) -> ()
  memref.dealloc %large : memref<524288xf32>
  return %returned : memref<4xf32>
}
func.func private @use(memref<2xf32>)

// A buffer inside a parallel loop belongs to one iteration, and iterations
// run on different threads: it stays where it is.
// CHECK-LABEL: func.func @per_thread(
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      memref.alloc() : memref<4xf32>
// CHECK:         } {parallel}
func.func @per_thread(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %t = memref.alloc() : memref<4xf32>
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %t[0] : memref<4xf32>
    %b = affine.load %t[0] : memref<4xf32>
    affine.store %b, %A[%i] : memref<8xf32>
    memref.dealloc %t : memref<4xf32>
  } {parallel}
  return
}

// Two buffers first in the block (the case of a line and a window buffer
// once the returned array became an argument).
// CHECK-LABEL: func.func @two_first(
// CHECK-DAG:     memref.alloca() : memref<3x10xi32>
// CHECK-DAG:     memref.alloca() : memref<3x3xi32>
// CHECK-NOT:     memref.alloc()
func.func @two_first(%A: memref<10xi32>) {
  %lb = memref.alloc() : memref<3x10xi32>
  %wb = memref.alloc() : memref<3x3xi32>
  %a = affine.load %A[0] : memref<10xi32>
  affine.store %a, %lb[0, 0] : memref<3x10xi32>
  affine.store %a, %wb[0, 0] : memref<3x3xi32>
  memref.dealloc %wb : memref<3x3xi32>
  memref.dealloc %lb : memref<3x10xi32>
  return
}

