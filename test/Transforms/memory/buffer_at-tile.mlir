// buffer_at after tile, split and reorder (issue 16): the buffer is the box
// of C one iteration of the axis touches, indexed from the box's origin;
// it is allocated once (memref.alloca at the function's entry when it is
// small), not in every iteration. With the reduction reordered between the
// tile loops and the point loops it is the register-blocked gemm's C tile.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry tile | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry register_block | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry register_block | FileCheck %s --check-prefix=HLSEXEC
// RUN: hcl check %s --entry ragged_split | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry large_block | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry parallel_rows | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry vectorized_block | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry outlined | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry outlined | FileCheck %s --check-prefix=HLSEXEC
// EXEC: hcl check: OK
// HLSEXEC: hcl check --hls: OK

// CHECK-LABEL: func.func @tile
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloca() : memref<8x64xf32>
// CHECK-NEXT:  affine.for %[[IO:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[JO:.*]] = 0 to 2 {
// CHECK-NEXT:      affine.for %[[I0:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[J0:.*]] = 0 to 64 {
// CHECK-NEXT:          %[[V:.*]] = affine.load %{{.*}}[%[[I0]] + %[[IO]] * 8, %[[J0]] + %[[JO]] * 64]
// CHECK-NEXT:          affine.store %[[V]], %[[BUF]][%[[I0]], %[[J0]]] : memref<8x64xf32>
// CHECK-NEXT:        } {loop_name = "j.inner_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:      } {loop_name = "i.inner_init"}
// CHECK-NEXT:      affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:          affine.for %{{.*}} = 0 to 16 {
// CHECK:                 affine.load %[[BUF]][%[[I]], %[[J]]] : memref<8x64xf32>
// CHECK:                 affine.store %{{.*}}, %[[BUF]][%[[I]], %[[J]]] : memref<8x64xf32>
// CHECK-NEXT:          } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:        } {loop_name = "j.inner"}
// CHECK-NEXT:      } {loop_name = "i.inner"}
// CHECK-NEXT:      affine.for %[[I1:.*]] = 0 to 8 {
// CHECK-NEXT:        affine.for %[[J1:.*]] = 0 to 64 {
// CHECK-NEXT:          %[[W:.*]] = affine.load %[[BUF]][%[[I1]], %[[J1]]] : memref<8x64xf32>
// CHECK-NEXT:          affine.store %[[W]], %{{.*}}[%[[I1]] + %[[IO]] * 8, %[[J1]] + %[[JO]] * 64]
// CHECK-NEXT:        } {loop_name = "j.inner_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:      } {loop_name = "i.inner_back"}
// CHECK-NEXT:    } {loop_name = "j.outer"}
// CHECK-NEXT:  } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:   memref.dealloc
// CHECK:       return
func.func @tile(%A: memref<32x16xf32>, %B: memref<16x128xf32>, %C: memref<32x128xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<32x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x128xf32>
        %c = affine.load %C[%i, %j] : memref<32x128xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<32x128xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 8, 64)
  %buf = hcl.buffer_at(%s, %C: memref<32x128xf32>, %jo) -> memref<8x64xf32>
  return
}

// -----

// split(i, 8) then a buffer at i.outer: eight rows of C.
// CHECK-LABEL: func.func @split
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloca() : memref<8x128xf32>
// CHECK-NEXT:  affine.for %[[IO:.*]] = 0 to 4 {
// CHECK-NEXT:    affine.for %[[I0:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J0:.*]] = 0 to 128 {
// CHECK-NEXT:        affine.load %{{.*}}[%[[I0]] + %[[IO]] * 8, %[[J0]]]
// CHECK-NEXT:        affine.store %{{.*}}, %[[BUF]][%[[I0]], %[[J0]]]
// CHECK-NEXT:      } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i.inner_init"}
// CHECK:         affine.store %{{.*}}, %[[BUF]][%{{.*}}, %{{.*}}] : memref<8x128xf32>
// CHECK:         } {loop_name = "i.inner"}
// CHECK:           } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i.inner_back"}
// CHECK-NEXT:  } {loop_name = "i.outer", stage_name = "s"}
func.func @split(%A: memref<32x16xf32>, %B: memref<16x128xf32>, %C: memref<32x128xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<32x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x128xf32>
        %c = affine.load %C[%i, %j] : memref<32x128xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<32x128xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 8)
  %buf = hcl.buffer_at(%s, %C: memref<32x128xf32>, %io) -> memref<8x128xf32>
  return
}

// -----

// The register-blocked gemm: k between the tile loops and the point loops,
// the point loops unrolled before buffer_at. The fill and write-back take
// the point loops' hints, and stay schedulable by name afterwards
// (j.inner_back vectorized here).
// CHECK-LABEL: func.func @register_block
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloca() : memref<4x16xf32>
// CHECK-NEXT:  affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "j.inner_init", unroll = 0 : i32}
// CHECK-NEXT:      } {loop_name = "i.inner_init", unroll = 0 : i32}
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 16 {
// CHECK-NEXT:        affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:          affine.for %[[J:.*]] = 0 to 16 {
// CHECK:                 affine.load %[[BUF]][%[[I]], %[[J]]] : memref<4x16xf32>
// CHECK:                 affine.store %{{.*}}, %[[BUF]][%[[I]], %[[J]]] : memref<4x16xf32>
// CHECK-NEXT:          } {loop_name = "j.inner", unroll = 0 : i32}
// CHECK-NEXT:        } {loop_name = "i.inner", unroll = 0 : i32}
// CHECK-NEXT:      } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 16 {
// CHECK:             } {loop_name = "j.inner_back", unroll = 0 : i32, vectorize = 16 : i32}
// CHECK-NEXT:      } {loop_name = "i.inner_back", unroll = 0 : i32}
// CHECK-NEXT:    } {loop_name = "j.outer"}
func.func @register_block(%A: memref<32x16xf32>, %B: memref<16x64xf32>, %C: memref<32x64xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %lback = hcl.create_loop_handle "j.inner_back" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<32x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x64xf32>
        %c = affine.load %C[%i, %j] : memref<32x64xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %p, %c : f32
        affine.store %t, %C[%i, %j] : memref<32x64xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 16)
  hcl.reorder(%s, %io, %jo, %lk, %ii, %ji)
  hcl.unroll(%s, %ii, 0)
  hcl.unroll(%s, %ji, 0)
  %buf = hcl.buffer_at(%s, %C: memref<32x64xf32>, %jo) -> memref<4x16xf32>
  hcl.vectorize(%s, %lback, 16)
  return
}

// -----

// split(i, 7) does not divide 32: the last block has 4 rows, and the copies
// stop at C's edge.
// CHECK-LABEL: func.func @ragged_split
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloca() : memref<7x8xi32>
// CHECK-NEXT:  affine.for %[[IO:.*]] = 0 to 5 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to min #{{.*}}(%[[IO]]) {
// CHECK:         } {loop_name = "i.inner_init"}
// CHECK:         affine.for %{{.*}} = 0 to min #{{.*}}(%[[IO]]) {
// CHECK:         } {loop_name = "i.inner_back"}
func.func @ragged_split(%A: memref<32x8xi32>, %C: memref<32x8xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<32x8xi32>
      %c = affine.load %C[%i, %j] : memref<32x8xi32>
      %t = arith.addi %a, %c : i32
      affine.store %t, %C[%i, %j] : memref<32x8xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 7)
  %buf = hcl.buffer_at(%s, %C: memref<32x8xi32>, %io) -> memref<7x8xi32>
  return
}

// -----

// A buffer over 16 KiB (64x128 f32, 32 KiB) goes on the heap, allocated at
// the entry and freed before the return.
// CHECK-LABEL: func.func @large_block
// CHECK-NEXT:  %[[BUF:.*]] = memref.alloc() : memref<64x128xf32>
// CHECK-NEXT:  affine.for
// CHECK:       } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NEXT:  memref.dealloc %[[BUF]] : memref<64x128xf32>
// CHECK-NEXT:  return
func.func @large_block(%A: memref<128x128xf32>, %C: memref<128x128xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %a = affine.load %A[%i, %j] : memref<128x128xf32>
      %c = affine.load %C[%i, %j] : memref<128x128xf32>
      %t = arith.mulf %a, %c : f32
      affine.store %t, %C[%i, %j] : memref<128x128xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 64)
  %buf = hcl.buffer_at(%s, %C: memref<128x128xf32>, %io) -> memref<64x128xf32>
  return
}

// -----

// i.outer runs on several threads: each iteration has its own buffer, on
// the heap, hoisted only out of the loops inside the parallel one.
// CHECK-LABEL: func.func @parallel_rows
// CHECK-NEXT:  affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc() : memref<8x16xi32>
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 2 {
// CHECK:         } {loop_name = "j.outer"}
// CHECK-NEXT:    memref.dealloc %[[BUF]] : memref<8x16xi32>
// CHECK-NEXT:  } {loop_name = "i.outer", parallel, stage_name = "s"}
func.func @parallel_rows(%A: memref<32x32xi32>, %C: memref<32x32xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %c = affine.load %C[%i, %j] : memref<32x32xi32>
      %t = arith.muli %a, %c : i32
      affine.store %t, %C[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 8, 16)
  hcl.parallel(%s, %io)
  %buf = hcl.buffer_at(%s, %C: memref<32x32xi32>, %jo) -> memref<8x16xi32>
  return
}

// -----

// vectorize before buffer_at splits j.inner into j.inner.outer and
// j.inner.inner: the block's column is 16 * j.inner.outer + j.inner.inner, still
// a box of 32; its copy loop is named after the buffer.
// CHECK-LABEL: func.func @vectorized_block
// CHECK-NEXT:  memref.alloca() {name = "Cb"} : memref<4x32xf32>
// CHECK:       } {loop_name = "Cb_d1_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:  } {loop_name = "i.inner_init"}
// CHECK:       } {loop_name = "Cb_d1_back", pipeline_ii = 1 : i32}
func.func @vectorized_block(%A: memref<8x64xf32>, %C: memref<8x64xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<8x64xf32>
      %c = affine.load %C[%i, %j] : memref<8x64xf32>
      %t = arith.addf %a, %c : f32
      affine.store %t, %C[%i, %j] : memref<8x64xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 32)
  hcl.vectorize(%s, %ji, 16)
  %buf = hcl.buffer_at(%s, %C: memref<8x64xf32>, %jo) {buffer_name = "Cb"} -> memref<4x32xf32>
  return
}

// -----

// outline after buffer_at: the buffer (only the stage uses it) goes into
// the stage's function as its own array, not an argument.
// CHECK-LABEL: func.func private @Stage_s(
// CHECK-SAME:    %{{.*}}: memref<16x32xf32>) {
// CHECK:         memref.alloca() : memref<4x8xf32>
// CHECK-NEXT:    affine.for
// CHECK-LABEL: func.func @outlined
// CHECK:         call @Stage_s(%{{.*}}) {outlined_stage = "s"} : (memref<16x32xf32>) -> ()
func.func @outlined(%C: memref<16x32xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %two = arith.constant 2.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %c = affine.load %C[%i, %j] : memref<16x32xf32>
      %t = arith.mulf %c, %two : f32
      affine.store %t, %C[%i, %j] : memref<16x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 8)
  %buf = hcl.buffer_at(%s, %C: memref<16x32xf32>, %jo) -> memref<4x8xf32>
  hcl.outline(%s)
  return
}
