// The default schedule streams an activation between layers where the
// stream applies: one later stage reads it, each element once, in the order
// it is written. Everywhere else the array stays an array.
//
// RUN: hcl-opt %s --hcl-default-schedule | FileCheck %s
// RUN: hcl-opt %s --hcl-default-schedule -o %t.mlir
// RUN: hcl check %t.mlir --entry chain | FileCheck %s --check-prefix=OK
// RUN: hcl check --hls %t.mlir --entry chain --seeds 1 | FileCheck %s --check-prefix=HLS
// RUN: hcl check %t.mlir --entry reversed | FileCheck %s --check-prefix=OK
// RUN: hcl hls %t.mlir --entry chain -o %t.hls
// RUN: FileCheck %s --check-prefix=CPP < %t.hls/kernel.cpp
// For hcl's RTL (`hcl rtl`, `hcl check --rtl`, `hcl estimate --target
// rtl`), whose dataflow processes reach the other buffers without their
// banks, the option streams=0 writes the plans alone.
// RUN: hcl-opt %s --hcl-default-schedule=streams=0 | FileCheck %s --check-prefix=NOSTREAM
// `hcl rtl --schedule=auto` writes the kernel with that schedule: its two
// stages pipelined (it wrote the unscheduled kernel, 16 states, before).
// RUN: rm -rf %t.rtl && hcl rtl %s --entry chain --schedule=auto -o %t.rtl
// RUN: FileCheck %s --check-prefix=RTL-AUTO < %t.rtl/chain.sv
// RTL-AUTO: // @chain: 5 states
// RTL-AUTO: logic [{{[0-9]+}}:0] p0_valid;
// RTL-AUTO: logic [{{[0-9]+}}:0] p1_valid;
// RUN: hcl estimate --target rtl --schedule=auto %s --entry chain | FileCheck %s --check-prefix=EST-RTL
// RUN: hcl estimate --schedule=auto %s --entry chain | FileCheck %s --check-prefix=EST-VITIS
// NOSTREAM-LABEL: func.func @chain(
// NOSTREAM-NOT:   hcl.to
// NOSTREAM:       return
// The two stages overlap through the stream (vitis), or run one after
// the other (rtl).
// EST-VITIS: function: latency 31 cycles
// EST-RTL: function: latency 59 cycles
// OK: hcl check: OK: {{.*}}largest relative error 0)
// HLS: hcl check --hls: OK
// CPP: #pragma HLS dataflow
// CPP: hls::stream<float, {{[0-9]+}}>

// CHECK-LABEL: func.func @chain(
// CHECK:         %[[B:.*]] = memref.alloc() {name = "bias"}
// CHECK:         %[[R:.*]] = hcl.create_stage_handle "relu"
// CHECK:         hcl.pipeline(%[[R]],
// CHECK:         %[[R2:.*]] = hcl.create_stage_handle "relu"
// CHECK-NEXT:    hcl.to(%[[B]] : memref<4x6xf32>, %[[R2]])
// CHECK-NEXT:    return
func.func @chain(%A: memref<4x6xf32>, %Out: memref<4x6xf32>) {
  %b = memref.alloc() {name = "bias"} : memref<4x6xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %a = affine.load %A[%i, %j] : memref<4x6xf32>
      %one = arith.constant 1.0 : f32
      %s = arith.addf %a, %one : f32
      affine.store %s, %b[%i, %j] : memref<4x6xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "bias"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %v = affine.load %b[%i, %j] : memref<4x6xf32>
      %zero = arith.constant 0.0 : f32
      %r = arith.maximumf %v, %zero : f32
      affine.store %r, %Out[%i, %j] : memref<4x6xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "relu"}
  memref.dealloc %b : memref<4x6xf32>
  return
}

// Read in another order than written: a stream would need the whole array.
// CHECK-LABEL: func.func @reversed(
// CHECK-NOT:     hcl.to
// CHECK:         return
func.func @reversed(%A: memref<8xf32>, %Out: memref<8xf32>) {
  %b = memref.alloc() {name = "copy"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %b[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "copy"}
  affine.for %i = 0 to 8 {
    %v = affine.load %b[7 - %i] : memref<8xf32>
    affine.store %v, %Out[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "flip"}
  return
}

// Two readers, or the function's result: no stream is tried.
// CHECK-LABEL: func.func @shared(
// CHECK-NOT:     hcl.to
// CHECK:         return
func.func @shared(%A: memref<8xf32>, %O1: memref<8xf32>) -> memref<8xf32> {
  %b = memref.alloc() {name = "copy"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %b[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "copy"}
  affine.for %i = 0 to 8 {
    %v = affine.load %b[%i] : memref<8xf32>
    affine.store %v, %O1[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "first"}
  %c = memref.alloc() {name = "second"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %b[%i] : memref<8xf32>
    affine.store %v, %c[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "second"}
  return %c : memref<8xf32>
}
