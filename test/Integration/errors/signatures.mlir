// Entry functions the host cannot call get a located error naming the
// argument.
// RUN: not hcl run %s --entry unsupported_type --random-inputs 1 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not hcl run %s --entry dynamic_shape --random-inputs 1 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not hcl run %s --entry declared_only --random-inputs 1 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s --check-prefix=CHOOSE
// RUN: not hcl run %s --entry wide_result --random-inputs 1 2>&1 | FileCheck %s --check-prefix=WIDE

// TYPE: signatures.mlir:[[@LINE+1]]:1: error: argument 0 of @unsupported_type has type 'memref<4xf80>': unsupported element type at the host boundary (supported: integers and packed structs up to 512 bits, fixed point up to 64 bits, f16, bf16, f32, f64; wider fixed point can be computed inside the program)
func.func @unsupported_type(%a: memref<4xf80>) {
  return
}

// DYN: signatures.mlir:[[@LINE+1]]:1: error: argument 0 of @dynamic_shape has type 'memref<?x4xf32>': dynamic shapes are not supported
func.func @dynamic_shape(%a: memref<?x4xf32>) {
  return
}

// DECL: error: entry function @declared_only is only declared, it has no body
func.func private @declared_only(%a: memref<4xf32>)

// CHOOSE: error: cannot choose an entry function: there is no @top and more than one public function; pick one with --entry
// The error is one line: no dump of the module follows it.
// CHOOSE-NOT: see current operation

// WIDE: signatures.mlir:[[@LINE+1]]:1: error: result 0 of @wide_result has type 'memref<4xi200>': integers wider than 64 bits can be passed in and out through memref arguments, not returned
func.func @wide_result(%a: memref<4xi200>) -> memref<4xi200> {
  return %a : memref<4xi200>
}

