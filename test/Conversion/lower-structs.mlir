// RUN: hcl-opt %s --hcl-lower-structs | FileCheck %s
// RUN: hcl-opt %s --hcl-lower-structs=mark-unsigned | FileCheck %s --check-prefix=UNSIGNED

// A struct is an integer of its fields' widths (8 + 32) everywhere; the
// fields are set from the lowest bit up, a float through its bits.
// CHECK-LABEL: func.func @pack(%arg0: i8, %arg1: f32, %arg2: memref<4xi40>) -> memref<4xi40>
// CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0 : i40
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C7:.*]] = arith.constant 7 : index
// CHECK:       %[[A:.*]] = hcl.set_slice %[[ZERO]][%[[C7]] : %[[C0]]], %arg0 : i40, i8
// CHECK:       %[[XBITS:.*]] = hcl.bitcast %arg1 : f32 to i32
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:   %[[C39:.*]] = arith.constant 39 : index
// CHECK:       %[[AX:.*]] = hcl.set_slice %[[A]][%[[C39]] : %[[C8]]], %[[XBITS]] : i40, i32
// CHECK:       memref.store %[[AX]], %arg2[%{{.*}}] : memref<4xi40>
// CHECK-NOT:   hcl.struct
// The packed bits are unsigned at the HLS interface.
// UNSIGNED-LABEL: func.func @pack(%arg0: i8, %arg1: f32, %arg2: memref<4xi40> {hcl.unsigned}) -> (memref<4xi40> {hcl.unsigned})
func.func @pack(%a: i8, %x: f32, %m: memref<4x!hcl.struct<i8, f32>>) -> memref<4x!hcl.struct<i8, f32>> {
  %s = hcl.struct_construct(%a, %x) : i8, f32 -> !hcl.struct<i8, f32>
  %c0 = arith.constant 0 : index
  memref.store %s, %m[%c0] : memref<4x!hcl.struct<i8, f32>>
  return %m : memref<4x!hcl.struct<i8, f32>>
}

// A nested struct is a field of its own width (4 + 4 bits, then 1); its
// fields are slices of that slice; a fixed-point field is its bits.
// CHECK-LABEL: func.func @get(%arg0: i9) -> !hcl.UFixed<4, 2>
// CHECK:       %[[IN:.*]] = hcl.get_slice %arg0[%{{.*}} : %{{.*}}] : i9 -> i8
// CHECK:       %[[F:.*]] = hcl.get_slice %[[IN]][%{{.*}} : %{{.*}}] : i8 -> i4
// CHECK:       %[[Q:.*]] = hcl.bitcast %[[F]] : i4 to !hcl.UFixed<4, 2>
// CHECK:       return %[[Q]]
// UNSIGNED-LABEL: func.func @get(%arg0: i9 {hcl.unsigned}) -> !hcl.UFixed<4, 2>
func.func @get(%s: !hcl.struct<!hcl.struct<i4, !hcl.UFixed<4, 2>>, i1>) -> !hcl.UFixed<4, 2> {
  %in = hcl.struct_get %s[0] : !hcl.struct<!hcl.struct<i4, !hcl.UFixed<4, 2>>, i1> -> !hcl.struct<i4, !hcl.UFixed<4, 2>>
  %f = hcl.struct_get %in[1] : !hcl.struct<i4, !hcl.UFixed<4, 2>> -> !hcl.UFixed<4, 2>
  return %f : !hcl.UFixed<4, 2>
}
