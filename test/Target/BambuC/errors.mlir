// What the Bambu C backend cannot write is a located error, and the tool
// fails: types with no C99 type, operations it does not know, unknown steps.
//
// RUN: hcl-translate --emit-bambu-c %s -split-input-file -verify-diagnostics
// RUN: not hcl-translate --emit-bambu-c --bambu-steps=unroll %S/conv-filter.mlir 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: error: bambu-c: no step named 'unroll' (steps: hoist-accesses, scalar-replacement, one-element, fifo, three-address, hoist-invariants)

// expected-error @+1 {{bambu-c: values of type 'i12' have no C99 type here}}
func.func @odd_width(%A: memref<4xi12>) {
  return
}

// -----

func.func @scf_switch(%A: memref<4xf32>, %k: index) {
  // expected-error @+1 {{bambu-c: 'scf.index_switch' is not supported by the Bambu C emitter}}
  scf.index_switch %k
  case 0 {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    memref.store %z, %A[%c0] : memref<4xf32>
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @bit_ops(%A: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    // expected-error @+1 {{bambu-c: 'math.ctlz' is not supported by the Bambu C emitter}}
    %b = math.ctlz %a : i32
    affine.store %b, %A[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// A buffer passed to a declared function: the filter graph has no body to
// look at (this used to crash while listing the producer/consumer edges).
func.func private @use(memref<2xf32>)

func.func @calls_a_declaration(%A: memref<2xf32>) {
  // expected-error @+1 {{bambu-c: call to @use, which has no body in this module}}
  call @use(%A) : (memref<2xf32>) -> ()
  return
}
