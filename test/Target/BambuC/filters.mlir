// Filter extraction (seed 004, 4.3.1) with every step off: seed 001's three
// stages become three filters, the entry function keeps the buffers the
// stages share and calls the filters in program order, and the comment
// above it gives the producer/consumer graph. A constant is copied into
// the filter that uses it; a buffer only one stage uses moves into it.
//
// RUN: hcl-translate --emit-bambu-c --bambu-steps=none %s | FileCheck %s
// RUN: hcl-translate --emit-bambu-c --bambu-print-ir --bambu-steps=none %s | FileCheck %s --check-prefix=IR
// RUN: hcl check --bambu --bambu-steps=none %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --bambu %s | FileCheck %s --check-prefix=EXEC
// EXEC: hcl check --bambu: OK

// IR: func.func private @B_fun_0(%{{.*}}: memref<10x10xi32>, %{{.*}}: memref<10x10xi32>) attributes {bambu.filter, bambu.param_names = ["arg0", "B"]}
// IR: func.func private @C_fun_1({{.*}}) attributes {bambu.filter, bambu.param_names = ["B", "C"]}
// IR: func.func private @D_fun_2({{.*}}) attributes {bambu.filter, bambu.param_names = ["C", "B", "arg1"]}
// IR-LABEL: func.func @top(
// IR: call @B_fun_0
// IR: call @C_fun_1
// IR: call @D_fun_2

// CHECK-LABEL: void C_fun_1(int32_t B[10][10], int32_t C[10][10]) {
// CHECK-NEXT:    int32_t scratch[2];
// CHECK:         Filters of top, which owns the buffers and calls them in order: B_fun_0 C_fun_1 D_fun_2
// CHECK-NEXT:      B_fun_0 -> C_fun_1 through buffer B
// CHECK-NEXT:      B_fun_0 -> D_fun_2 through buffer B
// CHECK-NEXT:      C_fun_1 -> D_fun_2 through buffer C
// CHECK-LABEL: void top(int32_t arg0[10][10], int32_t arg1[10][10]) {
// CHECK-NEXT:    int32_t B[10][10];
// CHECK-NEXT:    int32_t C[10][10];
// CHECK-NEXT:    B_fun_0(arg0, B);
// CHECK-NEXT:    C_fun_1(B, C);
// CHECK-NEXT:    D_fun_2(C, B, arg1);
func.func @top(%A: memref<10x10xi32>, %D: memref<10x10xi32>) {
  %B = memref.alloc() {name = "B"} : memref<10x10xi32>
  %C = memref.alloc() {name = "C"} : memref<10x10xi32>
  %scratch = memref.alloc() {name = "scratch"} : memref<2xi32>
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = affine.load %A[%i, %j] : memref<10x10xi32>
      %b = arith.addi %a, %one : i32
      affine.store %b, %B[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %b = affine.load %B[%i, %j] : memref<10x10xi32>
      affine.store %b, %scratch[0] : memref<2xi32>
      %s = affine.load %scratch[0] : memref<2xi32>
      %c = arith.muli %s, %s : i32
      affine.store %c, %C[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %c = affine.load %C[%i, %j] : memref<10x10xi32>
      %b = affine.load %B[%j, %i] : memref<10x10xi32>
      %d = arith.subi %c, %b : i32
      affine.store %d, %D[%i, %j] : memref<10x10xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "D"}
  return
}
