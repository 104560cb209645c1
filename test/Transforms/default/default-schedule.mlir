// --hcl-default-schedule writes a hardware schedule for a program that has
// none, as ordinary schedule operations, one plan per stage: the first of
// channel-parallel, reduction-outside, fuse-innermost-pair and
// pipeline-innermost that --hcl-apply-customizations accepts on the stage.
// default-schedule-run.test runs the scheduled programs against these.
//
// RUN: hcl-opt %s --hcl-default-schedule | FileCheck %s
// RUN: hcl-opt %s --hcl-default-schedule=parallel=1 | FileCheck %s --check-prefix=SERIAL
// RUN: hcl-opt %s --hcl-default-schedule --hcl-apply-customizations | FileCheck %s --check-prefix=APPLIED

// A 3x3 convolution as the ONNX importer writes it: the output initialized
// in the spatial loops, accumulated over (rc, rh, rw) inside them. The
// weights are an argument (an m_axi port of a top function), which no plan
// partitions; the line buffers' window reads every weight tap at once, so
// the plan gives each block of four output channels an on-chip copy of its
// weights (buffer_at at c.outer, loaded once per block) and partitions the
// copy along the channel and the kernel taps. With parallel=1 the block is
// one channel: the copy has no channel dimension.
// CHECK-LABEL: func.func @conv(
// CHECK:         %[[S:.*]] = hcl.create_stage_handle "conv"
// CHECK:         %[[C:.*]] = hcl.create_loop_handle %[[S]], "c"
// CHECK:         %[[CO:.*]], %[[CI:.*]] = hcl.split(%[[S]], %[[C]], 4)
// CHECK:         hcl.reorder(%[[S]], %[[RC:.*]], %[[H:.*]], %[[W:.*]], %[[CI]], %[[RH:.*]], %[[RW:.*]])
// CHECK:         %[[LB:.*]] = hcl.reuse_at(%[[S]], %arg0 : memref<1x4x8x8xf32>, %[[H]]) -> memref<3x8xf32>
// CHECK:         %[[WB:.*]] = hcl.reuse_at(%[[S]], %[[LB]] : memref<3x8xf32>, %[[W]]) -> memref<3x3xf32>
// CHECK:         hcl.pipeline(%[[S]], %[[W]])
// CHECK:         %[[WC:.*]] = hcl.buffer_at(%[[S]], %arg1 : memref<8x4x3x3xf32>, %[[CO]]) {buffer_name = "conv_weights"} -> memref<4x4x3x3xf32>
// CHECK-NEXT:    hcl.partition(%[[WC]] : memref<4x4x3x3xf32>, Cyclic, 1, 4)
// CHECK-NEXT:    hcl.partition(%[[WC]] : memref<4x4x3x3xf32>, Complete, 3)
// CHECK-NEXT:    hcl.partition(%[[WC]] : memref<4x4x3x3xf32>, Complete, 4)
// CHECK-NOT:     hcl.partition(%arg
// CHECK-LABEL: func.func @matmul(
// SERIAL-LABEL: func.func @conv(
// SERIAL-NOT:    hcl.split
// SERIAL:        %[[C:.*]] = hcl.create_loop_handle %{{.*}}, "c"
// SERIAL:        %[[WC:.*]] = hcl.buffer_at(%{{.*}}, %arg1 : memref<8x4x3x3xf32>, %[[C]]) {buffer_name = "conv_weights"} -> memref<4x3x3xf32>
// SERIAL-NEXT:   hcl.partition(%[[WC]] : memref<4x3x3xf32>, Complete, 2)
// SERIAL-NEXT:   hcl.partition(%[[WC]] : memref<4x3x3xf32>, Complete, 3)
// The copy is filled by one pipelined loop per block (a burst from the
// port) and never written back.
// APPLIED-LABEL: func.func @conv(
// APPLIED:         memref.alloca() {name = "conv_weights"} : memref<4x4x3x3xf32
// APPLIED:         affine.for %{{.*}} = 0 to 144 {
// APPLIED:           affine.load %arg1
// APPLIED:           affine.store %{{.*}}, %alloca
// APPLIED:         } {loop_name = "conv_weights_load", pipeline_ii = 1 : i32}
// APPLIED:         {loop_name = "w", pipeline_ii = 1 : i32}
// APPLIED-NOT:     affine.store %{{.*}}, %arg1
// APPLIED:         {loop_name = "c.outer"}
func.func @conv(%in: memref<1x4x8x8xf32>, %weight: memref<8x4x3x3xf32>, %out: memref<1x8x6x6xf32>) {
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 8 {
      affine.for %h = 0 to 6 {
        affine.for %w = 0 to 6 {
          %zero = arith.constant 0.0 : f32
          affine.store %zero, %out[%n, %c, %h, %w] : memref<1x8x6x6xf32>
          affine.for %rc = 0 to 4 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %in[%n, %rc, %h + %rh, %w + %rw] : memref<1x4x8x8xf32>
                %k = affine.load %weight[%c, %rc, %rh, %rw] : memref<8x4x3x3xf32>
                %p = arith.mulf %a, %k : f32
                %o = affine.load %out[%n, %c, %h, %w] : memref<1x8x6x6xf32>
                %s = arith.addf %o, %p : f32
                affine.store %s, %out[%n, %c, %h, %w] : memref<1x8x6x6xf32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "conv"}
  return
}

// A matmul has two spatial loops: plan 2, k outside the fused (i, j).
// CHECK:         hcl.reorder(%{{.*}}, %[[K:.*]], %[[I:.*]], %[[J:.*]])
// CHECK:         %[[IJ:.*]] = hcl.fuse(%{{.*}}, %[[I]], %[[J]])
// CHECK:         hcl.pipeline(%{{.*}}, %[[IJ]])
// CHECK-NOT:     hcl.partition
func.func @matmul(%A: memref<6x5xi32>, %B: memref<5x7xi32>, %C: memref<6x7xi32>) {
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 7 {
      %zero = arith.constant 0 : i32
      affine.store %zero, %C[%i, %j] : memref<6x7xi32>
      affine.for %k = 0 to 5 {
        %a = affine.load %A[%i, %k] : memref<6x5xi32>
        %b = affine.load %B[%k, %j] : memref<5x7xi32>
        %p = arith.muli %a, %b : i32
        %c = affine.load %C[%i, %j] : memref<6x7xi32>
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<6x7xi32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "mm"}
  return
}

// Elementwise stages: plan 3, the last two loops fused and pipelined. A
// sum into a local accumulator cannot be reordered: plan 4, the innermost
// loop pipelined. A one-loop stage: plan 4.
// CHECK-LABEL: func.func @elementwise_and_local_sum(
// CHECK:         %[[R:.*]] = hcl.create_stage_handle "relu"
// CHECK:         %[[RF:.*]] = hcl.fuse(%[[R]],
// CHECK:         hcl.pipeline(%[[R]], %[[RF]])
// CHECK:         %[[P:.*]] = hcl.create_stage_handle "rowsum"
// CHECK:         %[[PJ:.*]] = hcl.create_loop_handle %[[P]], "j"
// CHECK:         hcl.pipeline(%[[P]], %[[PJ]])
// CHECK:         %[[V:.*]] = hcl.create_stage_handle "scale"
// CHECK:         %[[VI:.*]] = hcl.create_loop_handle %[[V]], "i"
// CHECK:         hcl.pipeline(%[[V]], %[[VI]])
func.func @elementwise_and_local_sum(%A: memref<4x6xf32>, %B: memref<4x6xf32>, %S: memref<4xf32>, %T: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %a, %zero : f32
      affine.store %r, %B[%i, %j] : memref<4x6xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "relu"}
  affine.for %i = 0 to 4 {
    %acc = memref.alloca() : memref<1xf32>
    %zero = arith.constant 0.0 : f32
    affine.store %zero, %acc[0] : memref<1xf32>
    affine.for %j = 0 to 6 {
      %b = affine.load %B[%i, %j] : memref<4x6xf32>
      %s = affine.load %acc[0] : memref<1xf32>
      %t = arith.addf %s, %b : f32
      affine.store %t, %acc[0] : memref<1xf32>
    } {loop_name = "j", reduction = 1 : i32}
    %v = affine.load %acc[0] : memref<1xf32>
    affine.store %v, %S[%i] : memref<4xf32>
  } {loop_name = "i", stage_name = "rowsum"}
  affine.for %i = 0 to 4 {
    %s = affine.load %S[%i] : memref<4xf32>
    %two = arith.constant 2.0 : f32
    %t = arith.mulf %s, %two : f32
    affine.store %t, %T[%i] : memref<4xf32>
  } {loop_name = "i", stage_name = "scale"}
  return
}

// A function with a schedule of its own keeps it.
// CHECK-LABEL: func.func @scheduled(
// CHECK-COUNT-1: hcl.create_stage_handle
// CHECK:         hcl.unroll(
// CHECK-NOT:     hcl.pipeline
// CHECK:         return
func.func @scheduled(%A: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    %b = arith.addi %a, %a : i32
    affine.store %b, %A[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "s"}
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  hcl.unroll(%s, %li, 2)
  return
}
