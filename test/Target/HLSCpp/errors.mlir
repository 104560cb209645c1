// What the HLS C++ emitter cannot express is a located error naming it,
// never a crash or a silent skip.
// RUN: hcl-translate --emit-hls-cpp %s -split-input-file -verify-diagnostics

func.func @unsupported_op(%a: memref<4xi32>) {
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi32>
    // expected-error @+1 {{hls-cpp: 'arith.addui_extended' is not supported by the HLS C++ emitter}}
    %y, %o = arith.addui_extended %x, %x : i32, i1
    affine.store %y, %a[%i] : memref<4xi32>
  }
  return
}

// -----

func.func @unsupported_math(%a: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xf32>
    // expected-error @+1 {{hls-cpp: 'math.clampf' is not supported by the HLS C++ emitter}}
    %y = math.clampf %x to [%x, %x] : f32
    affine.store %y, %a[%i] : memref<4xf32>
  }
  return
}

// -----

// expected-error @+1 {{hls-cpp: @external is declared without a definition; the HLS C++ needs its initial value}}
memref.global "private" @external : memref<4xf32>

func.func @reads_external() -> f32 {
  %g = memref.get_global @external : memref<4xf32>
  %x = affine.load %g[0] : memref<4xf32>
  return %x : f32
}

// -----

// expected-error @+1 {{hls-cpp: cannot write @bfloat of type 'memref<4xbf16>' as a C array}}
memref.global "private" constant @bfloat : memref<4xbf16> = dense<1.0>

func.func @reads_bfloat() -> bf16 {
  %g = memref.get_global @bfloat : memref<4xbf16>
  %x = affine.load %g[0] : memref<4xbf16>
  return %x : bf16
}

// -----

memref.global "private" constant @rom : memref<4xf32> = dense<1.0>

func.func @writes_constant(%v: f32) {
  %g = memref.get_global @rom : memref<4xf32>
  // expected-error @+1 {{hls-cpp: writes the constant memref.global @rom}}
  affine.store %v, %g[0] : memref<4xf32>
  return
}

// -----

// expected-error @+1 {{hls-cpp: cannot write arg0 of @dynamic_shape of type 'memref<?xf32>' in C++ (static shapes of integers up to 64 bits, f16, f32 and f64 only)}}
func.func @dynamic_shape(%a: memref<?xf32>) {
  return
}

// -----

// expected-error @+1 {{hls-cpp: cannot write arg0 of @unsupported_type of type 'memref<4xbf16>' in C++}}
func.func @unsupported_type(%a: memref<4xbf16>) {
  return
}

// -----

func.func @iter_args(%a: memref<4xi32>) {
  %zero = arith.constant 0.0 : bf16
  // expected-error @+1 {{hls-cpp: values of type 'bf16' have no C++ type here}}
  %s = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> bf16 {
    affine.yield %acc : bf16
  }
  return
}

// -----

func.func @dynamic_alloc(%n: index) {
  // expected-error @+1 {{hls-cpp: cannot size 'memref<?xi32>' as a C array}}
  %b = memref.alloc(%n) : memref<?xi32>
  return
}

// -----

func.func @scf_switch(%a: memref<4xi32>, %k: index) {
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{hls-cpp: 'scf.index_switch' is not supported by the HLS C++ emitter}}
  scf.index_switch %k
  case 0 {
    affine.store %c1, %a[0] : memref<4xi32>
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @while_carries_memref(%a: memref<4xi32>) {
  %true = arith.constant true
  // expected-error @+1 {{hls-cpp: values of type 'memref<4xi32>' have no C++ type here}}
  scf.while (%m = %a) : (memref<4xi32>) -> () {
    scf.condition(%true)
  } do {
    scf.yield %a : memref<4xi32>
  }
  return
}

// -----

func.func @schedule_left(%a: memref<4xi32>) {
  // expected-error @+1 {{hls-cpp: 'hcl.create_stage_handle' is a schedule operation: apply the schedule first (hcl-opt --hcl-apply-customizations, or hcl hls)}}
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %l = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 4 {
    %x = affine.load %a[%i] : memref<4xi32>
    affine.store %x, %a[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "S"}
  hcl.pipeline(%s, %l, 1)
  return
}

// -----

// bf16 has no HLS C++ type (Vitis has none); f16 is `half` (half.mlir).
// expected-error @+1 {{hls-cpp: cannot write arg0 of @bfloat16 of type 'memref<4xbf16>' in C++ (static shapes of integers up to 64 bits, f16, f32 and f64 only)}}
func.func @bfloat16(%a: memref<4xbf16>) {
  return
}
