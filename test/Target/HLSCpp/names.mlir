// Names that are not C++ identifiers are made into ones deterministically,
// without collisions: symbols with dashes or dots, keywords, a leading
// digit, two names that sanitize alike; loop labels and buffers from
// loop_name / name attributes.
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s
// RUN: hcl-translate --emit-hls-cpp %s > %t.cpp && g++ -std=gnu++14 -fsyntax-only -Wall %t.cpp

// CHECK-DAG: void my_kernel(float arg0[4]);
// CHECK-DAG: void v_for(float arg0[4]);
// CHECK-DAG: void v2x(float arg0[4]);
// CHECK-DAG: void a_b(float arg0[4]);
// CHECK-DAG: void a_b_1(float arg0[4]);
// CHECK-LABEL: void my_kernel(float arg0[4]) {
// CHECK: float out_put[4];
// CHECK: float out_put_1[4];
// CHECK: l_i_outer: for (int i_outer = 0; i_outer < 2; i_outer++) {
// CHECK: l_int: for (int v_int = 0; v_int < 2; v_int++) {
// CHECK: v_for(arg0);
// CHECK: a_b_1(arg0);
func.func @"my-kernel"(%a: memref<4xf32>) {
  %b = memref.alloc() {name = "out put"} : memref<4xf32>
  %c = memref.alloc() {name = "out-put"} : memref<4xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 2 {
      %x = affine.load %a[%i * 2 + %j] : memref<4xf32>
      affine.store %x, %b[%i * 2 + %j] : memref<4xf32>
      affine.store %x, %c[%i * 2 + %j] : memref<4xf32>
    } {loop_name = "int"}
  } {loop_name = "i.outer"}
  func.call @for(%a) : (memref<4xf32>) -> ()
  func.call @a_b(%a) : (memref<4xf32>) -> ()
  return
}
func.func @for(%a: memref<4xf32>) { return }
func.func @"2x"(%a: memref<4xf32>) { return }
func.func @"a.b"(%a: memref<4xf32>) { return }
func.func @a_b(%a: memref<4xf32>) { return }
