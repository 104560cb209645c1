// hcl.apply checks its template and arguments.
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

func.func @unknown(%A: memref<4xf32>) {
  // expected-error @+1 {{'hcl.apply' op 'nothing' names no hcl.customization}}
  hcl.apply @nothing(%A) : (memref<4xf32>) -> ()
  return
}

// -----

hcl.customization @two(%A: memref<?x!hcl.Type>, %B: memref<?x!hcl.Type>) {
  hcl.end
}
func.func @count(%A: memref<4xf32>) {
  // expected-error @+1 {{'hcl.apply' op @two takes 2 arguments, got 1}}
  hcl.apply @two(%A) : (memref<4xf32>) -> ()
  return
}

// -----

hcl.customization @matrix(%A: memref<?x?x!hcl.Type>) {
  hcl.end
}
func.func @rank(%A: memref<4xf32>) {
  // expected-error @+1 {{'hcl.apply' op argument 0 of type 'memref<4xf32>' does not fit parameter type 'memref<?x?x!hcl.Type>' of @matrix}}
  hcl.apply @matrix(%A) : (memref<4xf32>) -> ()
  return
}
