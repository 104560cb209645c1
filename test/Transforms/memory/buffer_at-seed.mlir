// Seed 000's two buffer_at listings, verbatim: gemm with a row buffer at
// loop i, and interleaved accumulation (reorder + buffer_at + pipeline). The
// result has the seed's structure: the buffer filled and written back in
// each iteration of loop i, j_init and j_back loops pipelined at II = 1, the
// reduction loop k outside j. (hcl fills the buffer from C instead of with
// zeros, so the result is right for any C, and allocates it once, before
// the loops, instead of in every iteration of i: issue 16.)
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations | FileCheck %s

// CHECK-LABEL: func.func @kernel
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloca() : memref<1024xf32>
// CHECK-NEXT:  affine.for %[[I:.*]] = 0 to 1024 {
// CHECK-NEXT:    affine.for %[[J0:.*]] = 0 to 1024 {
// CHECK-NEXT:      %[[V:.*]] = affine.load %{{.*}}[%[[I]], %[[J0]]] : memref<1024x1024xf32>
// CHECK-NEXT:      affine.store %[[V]], %[[BUF]][%[[J0]]] : memref<1024xf32>
// CHECK-NEXT:    } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 1024 {
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to 512 {
// CHECK:             affine.load %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK:             affine.store %{{.*}}, %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK-NEXT:      } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:    } {loop_name = "j"}
// CHECK-NEXT:    affine.for %[[J1:.*]] = 0 to 1024 {
// CHECK-NEXT:      %[[W:.*]] = affine.load %[[BUF]][%[[J1]]] : memref<1024xf32>
// CHECK-NEXT:      affine.store %[[W]], %{{.*}}[%[[I]], %[[J1]]] : memref<1024x1024xf32>
// CHECK-NEXT:    } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:  } {loop_name = "i", stage_name = "s"}
// CHECK-NEXT:  return
// CHECK-NOT:   hcl.
module {
   func @kernel(%A: memref<1024x512xf32>, %B: memref<512x1024xf32>, %C: memref<1024x1024xf32>)
   {
       %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
       %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
       %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
       %s = hcl.create_stage_handle "s" : !hcl.StageHandle
       affine.for %i = 0 to 1024 {
           affine.for %j = 0 to 1024 {
               affine.for %k = 0 to 512 {
                   %a = affine.load %A[%i, %k] : memref<1024x512xf32>
                   %b = affine.load %B[%k, %j] : memref<512x1024xf32>
                   %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
                   %prod = arith.mulf %a, %b : f32
                   %sum = arith.addf %prod, %c: f32
                   affine.store %sum, %C[%i, %j] : memref<1024x1024xf32>
               } { loop_name = "k", reduction = 1 : i32}
           } { loop_name = "j" }
       } { loop_name = "i", stage_name = "s" }
       %buf = hcl.buffer_at(%s, %C: memref<1024x1024xf32>, %li) -> memref<1024xf32>
       return
   }
}

// -----

// CHECK-LABEL: func.func @kernel
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloca() : memref<1024xf32>
// CHECK-NEXT:  affine.for %[[I:.*]] = 0 to 1024 {
// CHECK:         } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:    affine.for %[[K:.*]] = 0 to 512 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 1024 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I]], %[[K]]] : memref<1024x512xf32>
// CHECK-NEXT:        affine.load %{{.*}}[%[[K]], %[[J]]] : memref<512x1024xf32>
// CHECK-NEXT:        affine.load %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK:             affine.store %{{.*}}, %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK-NEXT:      } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "k", reduction = 1 : i32}
// CHECK:         } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK:       } {loop_name = "i", stage_name = "s"}
module{
   func @kernel(%A: memref<1024x512xf32>, %B: memref<512x1024xf32>, %C: memref<1024x1024xf32>)
   {
       %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
       %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
       %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
       %s = hcl.create_stage_handle "s" : !hcl.StageHandle
       affine.for %i = 0 to 1024 {
           affine.for %j = 0 to 1024 {
               affine.for %k = 0 to 512 {
                   %a = affine.load %A[%i, %k] : memref<1024x512xf32>
                   %b = affine.load %B[%k, %j] : memref<512x1024xf32>
                   %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
                   %prod = arith.mulf %a, %b : f32
                   %sum = arith.addf %prod, %c: f32
                   affine.store %sum, %C[%i, %j] : memref<1024x1024xf32>
               } { loop_name = "k", reduction = 1 : i32}
           } { loop_name = "j" }
       } { loop_name = "i", stage_name = "s" }
       hcl.reorder(%s, %lk, %lj)
       %buf = hcl.buffer_at(%s, %C: memref<1024x1024xf32>, %li) -> memref<1024xf32>
       hcl.pipeline(%s, %lj, 1)
       return
   }
}
