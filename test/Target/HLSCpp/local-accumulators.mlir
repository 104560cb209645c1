// A reduction accumulated in place in an array accumulates in a local in
// the HLS C++ and stores the element once (else the m_axi port or the BRAM
// is read and written on every reduction step); an accumulation the schedule
// interleaved (gemm+acc's row buffer) stays as it is. The C simulations of
// these kernels are compared with the JIT in test/Integration/hls.
// RUN: hcl-translate --emit-hls-cpp -split-input-file %s | FileCheck %s

// gemm's C[i][j] += A[i][k] * B[k][j] over k: loaded once, stored once.
// CHECK-LABEL: void gemm(
// CHECK: l_j: for
// CHECK-NEXT: float v = arg2[i][j];
// CHECK-NEXT: float acc[1];
// CHECK-NEXT: acc[0] = v;
// CHECK-NEXT: l_k: for
// CHECK-NOT: arg2
// CHECK: acc[0] = v_5;
// CHECK-NEXT: }
// CHECK-NEXT: float v_6 = acc[0];
// CHECK-NEXT: arg2[i][j] = v_6;
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

// -----

// The front end's sum: the element is initialized, then accumulated; the
// local starts from the initial value and the result is written once.
// CHECK-LABEL: void conv(
// CHECK: int32_t acc[1];
// CHECK-NEXT: acc[0] = 0;
// CHECK-NEXT: l_r: for
// CHECK-NOT: result0
// CHECK: result0[i][j] = v_{{[0-9]+}};
// CHECK-NOT: result0
// CHECK-LABEL: void acc(
func.func @conv(%in: memref<6x6xi32>) -> memref<4x4xi32> {
  %c0 = arith.constant 0 : i32
  %out = memref.alloc() {name = "conv"} : memref<4x4xi32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.store %c0, %out[%i, %j] : memref<4x4xi32>
      affine.for %r = 0 to 3 {
        affine.for %c = 0 to 3 {
          %x = affine.load %in[%i + %r, %j + %c] : memref<6x6xi32>
          %o = affine.load %out[%i, %j] : memref<4x4xi32>
          %s = arith.addi %o, %x : i32
          affine.store %s, %out[%i, %j] : memref<4x4xi32>
        } {loop_name = "c"}
      } {loop_name = "r"}
    } {loop_name = "j"}
  } {loop_name = "i"}
  return %out : memref<4x4xi32>
}

// -----

// Interleaved: each j reads and writes buf[j], which changes with j.
// CHECK-NOT: acc[1]
// CHECK: arg1[j] = v_{{[0-9]+}};
func.func @acc(%A: memref<4x8xi32>, %buf: memref<8xi32>) {
  affine.for %k = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%k, %j] : memref<4x8xi32>
      %b = affine.load %buf[%j] : memref<8xi32>
      %s = arith.addi %a, %b : i32
      affine.store %s, %buf[%j] : memref<8xi32>
    } {loop_name = "j"}
  } {loop_name = "k"}
  return
}
