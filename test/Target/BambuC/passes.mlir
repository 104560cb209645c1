// The Bambu preparation's passes, each run alone through hcl-opt, and the
// whole pipeline by name: --hcl-bambu-prepare prints what
// `hcl-translate --emit-bambu-c --bambu-print-ir` prints (the translation
// runs the same pipeline; they differ in a trailing
// blank line).
//
// RUN: hcl-opt --hcl-bambu-extract-filters %s | FileCheck %s --check-prefix=FILTERS
// RUN: hcl-opt --hcl-bambu-hoist-accesses %s | FileCheck %s --check-prefix=HOIST
// RUN: hcl-opt --hcl-bambu-hoist-accesses --hcl-bambu-scalar-replacement %s | FileCheck %s --check-prefix=SCALAR
// RUN: hcl-opt --hcl-bambu-extract-filters --hcl-bambu-one-element %s | FileCheck %s --check-prefix=ONE
// RUN: hcl-opt --hcl-bambu-extract-filters --hcl-bambu-fifo %S/fifo.mlir | FileCheck %s --check-prefix=FIFO
// RUN: hcl-opt --hcl-bambu-three-address %s | FileCheck %s --check-prefix=THREE
// RUN: hcl-opt --hcl-bambu-three-address --hcl-bambu-hoist-invariants %s | FileCheck %s --check-prefix=LICM
// RUN: hcl-opt --hcl-bambu-cleanup %s | FileCheck %s --check-prefix=CLEAN
// RUN: hcl-opt --hcl-bambu-prepare %s | grep -v '^$' > %t.opt
// RUN: hcl-translate --emit-bambu-c --bambu-print-ir %s | grep -v '^$' > %t.translate
// RUN: diff %t.opt %t.translate
// RUN: hcl-opt --pass-pipeline='builtin.module(hcl-bambu-prepare{steps=three-address,hoist-invariants})' %s | grep -v '^$' > %t.opt
// RUN: hcl-translate --emit-bambu-c --bambu-print-ir --bambu-steps=three-address,hoist-invariants %s | grep -v '^$' > %t.translate
// RUN: diff %t.opt %t.translate
// RUN: not hcl-opt --hcl-bambu-prepare=steps=unroll %s 2>&1 | FileCheck %s --check-prefix=STEP

// FILTERS: func.func private @stage_fun_0(%arg0: memref<8xf32>, %arg1: memref<8x4xf32>) attributes {bambu.filter, bambu.param_names = ["arg1", "arg0"]}
// FILTERS: func.func @top(
// FILTERS: call @stage_fun_0(%arg1, %arg0)

// B[i] is carried across the k loop in a local variable.
// HOIST: %[[LOCAL:.*]] = memref.alloca() {name = "arg1"} : memref<f32>
// HOIST: affine.for
// HOIST: affine.load %[[LOCAL]][]
// HOIST: affine.store %{{.*}}, %[[LOCAL]][]
// HOIST: affine.load %[[LOCAL]][]
// HOIST-NEXT: affine.store %{{.*}}, %arg1[%{{.*}}]

// The stored zero is forwarded into the local variable.
// SCALAR: %[[ZERO:.*]] = arith.constant 0.0
// SCALAR: %[[LOCAL:.*]] = memref.alloca() {name = "arg1"} : memref<f32>
// SCALAR-NEXT: affine.store %[[ZERO]], %[[LOCAL]][]

// ONE-LABEL: func.func @top(
// ONE-NEXT: memref.alloca() {name = "T"} : memref<f32>

// FIFO: @B_fun_0({{.*}}%arg1: memref<4x8xf32> {bambu.fifo})
// FIFO: @C_fun_1(%arg0: memref<4x8xf32> {bambu.fifo}
// FIFO: memref.alloc() {bambu.fifo, name = "B"}

// THREE-NOT: affine.load
// THREE-NOT: affine.store
// THREE: memref.load %arg0[%{{.*}}, %{{.*}}] : memref<8x4xf32>

// LICM: %[[ZERO:.*]] = arith.constant 0.0
// LICM-NEXT: affine.for

// CLEAN-NOT: memref.alloc
// CLEAN-NOT: %W

// STEP: error: hcl-bambu-prepare: no step named 'unroll' (steps: hoist-accesses, scalar-replacement, one-element, fifo, three-address, hoist-invariants)

func.func @top(%A: memref<8x4xf32>, %B: memref<8xf32>) {
  %T = memref.alloc() {name = "T"} : memref<1xf32>
  %W = memref.alloc() {name = "W"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %zero = arith.constant 0.0 : f32
    affine.store %zero, %B[%i] : memref<8xf32>
    affine.for %k = 0 to 4 {
      %a = affine.load %A[%i, %k] : memref<8x4xf32>
      %b = affine.load %B[%i] : memref<8xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %B[%i] : memref<8xf32>
      affine.store %s, %W[%i] : memref<8xf32>
    }
  }
  return
}
