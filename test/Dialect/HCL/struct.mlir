// Packed structs: the type in both spellings (`!hcl.struct<...>`, and `<...>`
// where the operation's type is a struct anyway), nested structs and struct
// memrefs, printed back and read again.
//
// RUN: hcl-opt %s | FileCheck %s
// RUN: hcl-opt %s | hcl-opt | FileCheck %s

// CHECK-LABEL: func.func @fields
// CHECK:       %[[S:.*]] = hcl.struct_construct(%{{.*}}, %{{.*}}, %{{.*}}) : i8, !hcl.Fixed<13, 11>, f32 -> <i8, !hcl.Fixed<13, 11>, f32>
// CHECK:       hcl.struct_get %[[S]][2] : <i8, !hcl.Fixed<13, 11>, f32> -> f32
func.func @fields(%a: i8, %q: !hcl.Fixed<13, 11>, %x: f32) -> f32 {
  %s = hcl.struct_construct(%a, %q, %x) : i8, !hcl.Fixed<13, 11>, f32 -> !hcl.struct<i8, !hcl.Fixed<13, 11>, f32>
  %f = hcl.struct_get %s[2] : <i8, !hcl.Fixed<13, 11>, f32> -> f32
  return %f : f32
}

// CHECK-LABEL: func.func @nested
// CHECK-SAME:  memref<2x2x!hcl.struct<!hcl.struct<i4, i4>, i1>>
// CHECK:       hcl.struct_construct(%{{.*}}, %{{.*}}) : !hcl.struct<i4, i4>, i1 -> <!hcl.struct<i4, i4>, i1>
// CHECK:       hcl.struct_get %{{.*}}[0] : <!hcl.struct<i4, i4>, i1> -> !hcl.struct<i4, i4>
func.func @nested(%m: memref<2x2x!hcl.struct<!hcl.struct<i4, i4>, i1>>, %a: i4, %b: i1) {
  %inner = hcl.struct_construct(%a, %a) : i4, i4 -> <i4, i4>
  %outer = hcl.struct_construct(%inner, %b) : !hcl.struct<i4, i4>, i1 -> <!hcl.struct<i4, i4>, i1>
  %c0 = arith.constant 0 : index
  memref.store %outer, %m[%c0, %c0] : memref<2x2x!hcl.struct<!hcl.struct<i4, i4>, i1>>
  %back = memref.load %m[%c0, %c0] : memref<2x2x!hcl.struct<!hcl.struct<i4, i4>, i1>>
  %in = hcl.struct_get %back[0] : !hcl.struct<!hcl.struct<i4, i4>, i1> -> !hcl.struct<i4, i4>
  return
}
