// memref.global becomes a file-scope C array (`static const` for constants,
// so HLS tools can map it to a ROM) with its exact initial value, nested by
// dimension; memref.get_global refers to it by name. The program runs through
// `hcl check --hls`: the C simulation matches the JIT bit for bit.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: rm -rf %t.jit %t.hls
// RUN: hcl check --hls %s --keep %t.hls | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --hls: OK
// RUN: hcl run %s --random-inputs 0 --output-dir %t.jit
// RUN: cmp %t.jit/result0.npy %t.hls/seed0/result0.npy
// RUN: cmp %t.jit/result1.npy %t.hls/seed0/result1.npy

// CHECK-LABEL: void top(
// CHECK: static const float w[2][3] = {
// CHECK-NEXT:   {0x1p-1f, -0x1.8p0f, 0x1.99999ap-4f},
// CHECK-NEXT:   {hcl_f32_bits(0x7F800000u), -0x0p0f, 0x1.fffffep127f}
// CHECK-NEXT: };
// CHECK: static const double bias[3] = {0x1.999999999999ap-4, -0x1p1, 0x0.0000000000001p-1022};
// CHECK: static const int8_t table[4] = {(-128), 127, 0, (-1)};
// CHECK: static const bool mask[2][2] = {
// CHECK-NEXT:   {true, false},
// CHECK-NEXT:   {false, true}
// CHECK-NEXT: };
// CHECK: static const float splat[2][2] = {
// CHECK-NEXT:   {0x1.8p1f, 0x1.8p1f},
// CHECK-NEXT:   {0x1.8p1f, 0x1.8p1f}
// CHECK-NEXT: };
// CHECK: static const int64_t scalar[1] = {(-9223372036854775807LL - 1)};
// CHECK: static int32_t counter[2] = {};
// A local named like a global gets another name.
// CHECK: float w_1[2][3];
// CHECK: = w[{{.*}}][{{.*}}];
// CHECK: = mask[{{.*}}][{{.*}}];
// CHECK: = bias[{{.*}}];
// CHECK: = table[{{.*}}];
// CHECK: = scalar[0];
// CHECK: counter[0] = 
memref.global "private" constant @w : memref<2x3xf32> = dense<[[0.5, -1.5, 0.1], [0x7F800000, -0.0, 3.40282347e+38]]>
memref.global "private" constant @bias : memref<3xf64> = dense<[0.1, -2.0, 4.9406564584124654e-324]>
memref.global "private" constant @table : memref<4xi8> = dense<[-128, 127, 0, -1]>
memref.global "private" constant @mask : memref<2x2xi1> = dense<[[true, false], [false, true]]>
memref.global "private" constant @splat : memref<2x2xf32> = dense<3.0>
memref.global "private" constant @scalar : memref<i64> = dense<-9223372036854775808>
memref.global "private" @counter : memref<2xi32> = uninitialized

func.func @top(%x: memref<2x3xf32>) -> (memref<2x3xf32>, memref<3xf64>) {
  %w = memref.get_global @w : memref<2x3xf32>
  %bias = memref.get_global @bias : memref<3xf64>
  %table = memref.get_global @table : memref<4xi8>
  %mask = memref.get_global @mask : memref<2x2xi1>
  %splat = memref.get_global @splat : memref<2x2xf32>
  %scalar = memref.get_global @scalar : memref<i64>
  %counter = memref.get_global @counter : memref<2xi32>
  %local = memref.alloc() {name = "w"} : memref<2x3xf32>
  %r0 = memref.alloc() : memref<2x3xf32>
  %r1 = memref.alloc() : memref<3xf64>
  %zero = arith.constant 0 : i32
  affine.store %zero, %counter[0] : memref<2xi32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %a = affine.load %x[%i, %j] : memref<2x3xf32>
      %b = affine.load %w[%i, %j] : memref<2x3xf32>
      %c = arith.mulf %a, %b : f32
      %m = affine.load %mask[%i, %i] : memref<2x2xi1>
      %s = affine.load %splat[%i, %i] : memref<2x2xf32>
      %t = arith.select %m, %c, %s : f32
      affine.store %t, %local[%i, %j] : memref<2x3xf32>
      %u = affine.load %local[%i, %j] : memref<2x3xf32>
      affine.store %u, %r0[%i, %j] : memref<2x3xf32>
    }
  }
  affine.for %k = 0 to 3 {
    %b = affine.load %bias[%k] : memref<3xf64>
    %t = affine.load %table[%k] : memref<4xi8>
    %tf = arith.sitofp %t : i8 to f64
    %s = affine.load %scalar[] : memref<i64>
    %sf = arith.sitofp %s : i64 to f64
    %v = arith.addf %b, %tf : f64
    %v2 = arith.addf %v, %sf : f64
    affine.store %v2, %r1[%k] : memref<3xf64>
    %n = affine.load %counter[0] : memref<2xi32>
    %one = arith.constant 1 : i32
    %n1 = arith.addi %n, %one : i32
    affine.store %n1, %counter[0] : memref<2xi32>
  }
  return %r0, %r1 : memref<2x3xf32>, memref<3xf64>
}
