// --hcl-outline-stages-for-cpu: in a function with at least min-stages
// top-level stages, each stage becomes a no_inline function of its own
// (LLVM then compiles each alone); smaller functions stay as they are.
// RUN: hcl-opt %s --hcl-outline-stages-for-cpu="min-stages=2" | FileCheck %s
// RUN: hcl-opt %s --hcl-outline-stages-for-cpu="min-stages=4" | FileCheck %s --check-prefix=FEW
// RUN: hcl run %s --random-inputs 1 > %t.plain
// RUN: hcl-opt %s --hcl-outline-stages-for-cpu="min-stages=2" -o %t.mlir
// RUN: hcl run %t.mlir --random-inputs 1 > %t.outlined
// RUN: grep -v "time\|compiled" %t.plain > %t.a && grep -v "time\|compiled" %t.outlined > %t.b && diff %t.a %t.b

// A stage whose buffers are distinct (its own allocations, at most one of
// the caller's arguments) says so; @top__D reads two of the caller's
// arguments, which a caller may pass twice.
// CHECK: func.func private @top__B({{.*}}) attributes {hcl.noalias_arguments, no_inline, passthrough = ["noinline"]}
// CHECK: loop_name = "i", stage_name = "B"
// CHECK: func.func private @top__C({{.*}}) attributes {hcl.noalias_arguments, no_inline, passthrough = ["noinline"]}
// CHECK: func.func private @top__D({{.*}}) attributes {no_inline, passthrough = ["noinline"]}
// CHECK-LABEL: func.func @top(
// CHECK: call @top__B(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK: call @top__C(%{{.*}}, %{{.*}})
// CHECK: call @top__D(%{{.*}}, %{{.*}}, %{{.*}})
// FEW-NOT: call
func.func @top(%A: memref<16xf32>, %s: f32, %A2: memref<16xf32>) -> memref<16xf32> {
  %B = memref.alloc() {name = "B"} : memref<16xf32>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = arith.mulf %a, %s : f32
    affine.store %b, %B[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "B"}
  %C = memref.alloc() {name = "C"} : memref<16xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    %b = affine.load %B[%i] : memref<16xf32>
    %c = arith.addf %b, %one : f32
    affine.store %c, %C[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "C"}
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %b = affine.load %A2[%i] : memref<16xf32>
    %c = affine.load %C[%i] : memref<16xf32>
    %d = arith.addf %a, %b : f32
    %e = arith.addf %c, %d : f32
    affine.store %e, %C[%i] : memref<16xf32>
  } {loop_name = "i", stage_name = "D"}
  return %C : memref<16xf32>
}
