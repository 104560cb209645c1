// A program that calls a function declared without a body (HeteroCL-MLIR's
// fti_funcsig.mlir declares its layers so) cannot run: hcl check says so
// at the declaration, before the JIT would fail naming only symbols.
// check-libm-callee.mlir: a declared function the process defines runs.
// RUN: not hcl check %s 2>&1 | FileCheck %s

// CHECK: check-external-callee.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: @layer is called but has no body, and no library of this process defines it: give it a body to run the program
func.func private @layer(memref<4xf32>) -> memref<4xf32>

func.func @layers(%A: memref<4xf32>) -> memref<4xf32> {
  %B = call @layer(%A) : (memref<4xf32>) -> memref<4xf32>
  return %B : memref<4xf32>
}
