// The HLS C++ preparation's passes, each run alone through hcl-opt, and the
// pipeline by name: the emitter writes the same C++ from a module that
// --hcl-hls-prepare prepared and marked (which it writes as it is) as from
// the module before (of which it prepares a copy with the same pipeline).
//
// RUN: hcl-opt --hcl-hls-localize-accumulators %s | FileCheck %s --check-prefix=LOCAL
// RUN: hcl-opt --hcl-apply-customizations --hcl-hls-outline-dataflow %s | FileCheck %s --check-prefix=OUTLINE
// RUN: hcl-opt --hcl-apply-customizations %s > %t.scheduled
// RUN: hcl-translate --emit-hls-cpp %t.scheduled > %t.direct
// RUN: hcl-opt --hcl-hls-prepare %t.scheduled | hcl-translate --emit-hls-cpp > %t.prepared
// RUN: diff %t.direct %t.prepared
// RUN: hcl-opt --hcl-hls-prepare %t.scheduled | FileCheck %s --check-prefix=MARK
// RUN: hcl-translate --emit-hls-cpp %t.scheduled --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=TRANSLATE

// gemm's C[i][j] accumulates in a local over k: loaded once, stored once.
// LOCAL-LABEL: func.func @gemm(
// LOCAL: %[[INIT:.*]] = affine.load %arg2[%{{.*}}, %{{.*}}]
// LOCAL-NEXT: %[[ACC:.*]] = memref.alloca() {name = "acc"} : memref<1xf32>
// LOCAL-NEXT: affine.store %[[INIT]], %[[ACC]][0]
// LOCAL: affine.for
// LOCAL-NOT: %arg2
// LOCAL: } {loop_name = "k"}
// LOCAL-NEXT: %[[LAST:.*]] = affine.load %[[ACC]][0]
// LOCAL-NEXT: affine.store %[[LAST]], %arg2[

// The pipeline marks the module, and the functions it outlined.
// MARK: module attributes {hcl.hls_prepared}
// MARK: func.func private @top_B({{.*}}hcl.dataflow_process

// hcl-translate takes MLIR's pass-manager options; they apply to the
// preparation the emitter runs on its copy.
// TRANSLATE: IR Dump After HLSLocalizeAccumulators (hcl-hls-localize-accumulators)
// TRANSLATE: IR Dump After HLSOutlineDataflow (hcl-hls-outline-dataflow)
// TRANSLATE: IR Dump After HLSMarkPrepared (hcl-hls-mark-prepared)
// TRANSLATE: void top(

// Each stage of the dataflow function with a stream is a function.
// OUTLINE: func.func private @top_B(
// OUTLINE: func.func private @top_C(
// OUTLINE: func.func @top({{.*}}attributes {dataflow}
// OUTLINE: call @top_B({{.*}}) {outlined_stage = "B"}
// OUTLINE: call @top_C({{.*}}) {outlined_stage = "C"}

func.func @gemm(%A: memref<8x4xf32>, %B: memref<4x8xf32>, %C: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 4 {
        %a = affine.load %A[%i, %k] : memref<8x4xf32>
        %b = affine.load %B[%k, %j] : memref<4x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %p, %c : f32
        affine.store %s, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i"}
  return
}

func.func @top(%A: memref<32x32xi32>) -> memref<32x32xi32> {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %sD = hcl.create_stage_handle "D" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %c1 = arith.constant 1 : i32
  %B = memref.alloc() {name = "B"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %b = arith.addi %a, %c1 : i32
      affine.store %b, %B[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<32x32xi32>
      %c = arith.addi %a, %c1 : i32
      affine.store %c, %C[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  %D = memref.alloc() {name = "D"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %b = affine.load %B[%i, %j] : memref<32x32xi32>
      %c = affine.load %C[%i, %j] : memref<32x32xi32>
      %d = arith.addi %b, %c : i32
      affine.store %d, %D[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  hcl.pipeline(%sB, %lj, 1)
  hcl.pipeline(%sD, %lj, 1)
  hcl.to(%B : memref<32x32xi32>, %sD)
  hcl.to(%C : memref<32x32xi32>, %sD)
  return %D : memref<32x32xi32>
}
