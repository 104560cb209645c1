// Every supported element type crosses the host boundary intact: memrefs of
// i1, i8, i16, i64, f64, a scalar i32 argument, a scalar f64 result, several
// results, and an argument updated in place.
// RUN: rm -rf %t && %python %inputs/make_inputs.py %t/in 21 arg0:bool:5 arg1:int8:5 arg2:int16:5 arg3:int64:5 arg4:float64:5 arg5:int32:scalar
// RUN: hcl run %s --input %t/in/arg0.npy --input %t/in/arg1.npy --input %t/in/arg2.npy --input %t/in/arg3.npy --input %t/in/arg4.npy --input %t/in/arg5.npy --output-dir %t/out | FileCheck %s
// RUN: %python %inputs/reference.py types %t/in %t/out | FileCheck %s --check-prefix=REF
// CHECK: @top: 6 arguments, 2 results
// CHECK-DAG: arg0 5 bool
// CHECK-DAG: arg1 5 int8
// CHECK-DAG: result0 scalar float64
// CHECK-DAG: result1 5 int64
// REF: types: OK
func.func @top(%m: memref<5xi1>, %a: memref<5xi8>, %b: memref<5xi16>,
               %c: memref<5xi64>, %d: memref<5xf64>, %k: i32) -> (f64, memref<5xi64>) {
  %out = memref.alloc() : memref<5xi64>
  %acc = memref.alloc() : memref<f64>
  %kf = arith.sitofp %k : i32 to f64
  %zero = arith.constant 0.0 : f64
  affine.store %zero, %acc[] : memref<f64>
  affine.for %i = 0 to 5 {
    %mi = affine.load %m[%i] : memref<5xi1>
    %ai = affine.load %a[%i] : memref<5xi8>
    %bi = affine.load %b[%i] : memref<5xi16>
    %ci = affine.load %c[%i] : memref<5xi64>
    %aw = arith.extsi %ai : i8 to i64
    %bw = arith.extsi %bi : i16 to i64
    %s0 = arith.addi %ci, %aw : i64
    %s1 = arith.addi %s0, %bw : i64
    %zi = arith.constant 0 : i64
    %neg = arith.subi %zi, %s1 : i64
    %v = arith.select %mi, %s1, %neg : i64
    affine.store %v, %out[%i] : memref<5xi64>
    %b2 = arith.addi %bi, %bi : i16
    affine.store %b2, %b[%i] : memref<5xi16>
    %di = affine.load %d[%i] : memref<5xf64>
    %sum = affine.load %acc[] : memref<f64>
    %sum2 = arith.addf %sum, %di : f64
    affine.store %sum2, %acc[] : memref<f64>
  } {loop_name = "i", stage_name = "S"}
  %total = affine.load %acc[] : memref<f64>
  %result = arith.addf %total, %kf : f64
  return %result, %out : f64, memref<5xi64>
}
