// linalg operations on memrefs (HeteroCL-MLIR programs hold them) parse in
// hcl-opt and hcl-translate; the hcl driver lowers them to affine loops
// (convert-linalg-to-affine-loops) before applying the schedule, so the
// program runs, checks and becomes HLS C++.
// RUN: hcl-opt %s | FileCheck %s --check-prefix=PARSE
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// RUN: not hcl-translate --emit-hls-cpp %s 2>&1 | FileCheck %s --check-prefix=TRANSLATE

// PARSE: linalg.fill
// PARSE: linalg.matmul
// EXEC: OK
// TRANSLATE: error: {{.*}}linalg.fill

func.func @top(%A: memref<4x8xf32>, %B: memref<8x4xf32>, %D: memref<4x4xf32>) {
  %C = memref.alloc() : memref<4x4xf32>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4x4xf32>)
  linalg.matmul ins(%A, %B : memref<4x8xf32>, memref<8x4xf32>)
                outs(%C : memref<4x4xf32>)
  %s = hcl.create_op_handle "relu"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %c = affine.load %C[%i, %j] : memref<4x4xf32>
      %r = arith.maximumf %c, %zero : f32
      affine.store %r, %D[%i, %j] : memref<4x4xf32>
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "relu"}
  hcl.pipeline (%lj)
  return
}
