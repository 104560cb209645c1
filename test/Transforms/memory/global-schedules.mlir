// Programs that read module-level constants (an imported network's weights:
// memref.global read through memref.get_global) take the memory and
// function primitives: a get_global is a read-only buffer. partition banks
// the global itself (every get_global of it, and the functions it is passed
// to, change type with it); reuse_at buffers the input of a stencil whose
// taps are a global; outline passes the global to the new function. Each
// runs the same on the CPU and as HLS C++.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s --entry conv1d | FileCheck %s --check-prefix=EXEC
// RUN: hcl check %s --entry outlined | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s --entry conv1d | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry outlined | FileCheck %s --check-prefix=HLS
// RUN: hcl hls %s --entry outlined -o %t.prj > /dev/null
// RUN: FileCheck %s --check-prefix=CPP < %t.prj/kernel.cpp
// EXEC: hcl check: OK
// HLS: hcl check --hls: OK

// CHECK: #[[COMPLETE:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK: memref.global "private" constant @K : memref<3xf32, #[[COMPLETE]]> = dense<[2.500000e-01, 5.000000e-01, 2.500000e-01]>
// CHECK: memref.global "private" constant @W : memref<4x8xf32, #{{.*}}> = dense<
// CHECK-LABEL: func.func @conv1d
// CHECK: memref.get_global @K : memref<3xf32, #[[COMPLETE]]>
// CHECK: memref.alloc() : memref<3xf32>
// CHECK-LABEL: func.func private @Stage_B(
// CHECK-SAME: memref<4x8xf32, #
// CHECK-LABEL: func.func @outlined
// CHECK: %[[W:.*]] = memref.get_global @W : memref<4x8xf32, #
// CHECK: call @Stage_B(%{{.*}}, %[[W]], %{{.*}})
// CHECK-NOT: hcl.

// CPP: static const float W[4][8] = {
// CPP: void Stage_B(
// CPP: std::tanh(
// CPP: void outlined(
// CPP: #pragma HLS array_partition variable=W cyclic factor=2 dim=2
// CPP: Stage_B(arg0, const_cast<float (*)[8]>(W), B);

memref.global "private" constant @K : memref<3xf32> = dense<[0.25, 0.5, 0.25]>
memref.global "private" constant @W : memref<4x8xf32> = dense<[[0.5, -1.0, 2.0, 0.25, 1.0, 1.0, 1.0, 1.0], [1.5, 1.0, 1.0, 1.0, 1.0, 1.0, -3.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0, 0.125, 1.0, 1.0], [1.0, 1.0, 7.0, 1.0, 1.0, 1.0, 1.0, -1.0]]>

func.func @conv1d(%A: memref<18xf32>) -> memref<16xf32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %K = memref.get_global @K : memref<3xf32>
  %B = memref.alloc() {name = "B"} : memref<16xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    %a0 = affine.load %A[%i] : memref<18xf32>
    %a1 = affine.load %A[%i + 1] : memref<18xf32>
    %a2 = affine.load %A[%i + 2] : memref<18xf32>
    %k0 = affine.load %K[0] : memref<3xf32>
    %k1 = affine.load %K[1] : memref<3xf32>
    %k2 = affine.load %K[2] : memref<3xf32>
    %p0 = arith.mulf %a0, %k0 : f32
    %p1 = arith.mulf %a1, %k1 : f32
    %p2 = arith.mulf %a2, %k2 : f32
    %s0 = arith.addf %p0, %p1 : f32
    %s1 = arith.addf %s0, %p2 : f32
    affine.store %s1, %B[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "B"}
  hcl.partition(%K : memref<3xf32>, Complete, 1)
  %lb = hcl.reuse_at(%s, %A : memref<18xf32>, %li) -> memref<3xf32>
  hcl.pipeline(%s, %li, 1)
  return %B : memref<16xf32>
}

func.func @outlined(%A: memref<4x8xf32>) -> memref<4x8xf32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %lj = hcl.create_loop_handle %sB, "j" : !hcl.LoopHandle
  %W = memref.get_global @W : memref<4x8xf32>
  %B = memref.alloc() {name = "B"} : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %w = affine.load %W[%i, %j] : memref<4x8xf32>
      %b = arith.mulf %a, %w : f32
      %t = math.tanh %b : f32
      affine.store %t, %B[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %W2 = memref.get_global @W : memref<4x8xf32>
  %C = memref.alloc() {name = "C"} : memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %b = affine.load %B[%i, %j] : memref<4x8xf32>
      %w = affine.load %W2[%i, 7 - %j] : memref<4x8xf32>
      %c = arith.addf %b, %w : f32
      affine.store %c, %C[%i, %j] : memref<4x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.partition(%W : memref<4x8xf32>, Cyclic, 2, 2)
  hcl.pipeline(%sB, %lj, 1)
  hcl.outline(%sB)
  return %C : memref<4x8xf32>
}
