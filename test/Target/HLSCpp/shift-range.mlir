// Shifts by the bit width or more are poison in the IR; the C++ must still be
// defined. shli / shrui give 0, shrsi the sign; left shifts of negative values
// are done on the unsigned type. Compiled with g++ and UBSan (every
// diagnostic fatal) and run on amounts 0 ... 70, the results are the defined
// ones.
// RUN: hcl-translate --emit-hls-cpp %s -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: g++ -std=gnu++14 -O1 -fsanitize=undefined -fno-sanitize-recover=all -include %t.cpp %S/Inputs/shift_range_main.cpp -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=OUT
// CHECK: int32_t v = ((uint32_t)arg1 < 32 ? (int32_t)((uint32_t)arg0 << (uint32_t)arg1) : (int32_t)0);
// CHECK: int32_t v_1 = (arg0 < 0 ? (int32_t)~(~arg0 >> ((uint32_t)arg1 < 32 ? (uint32_t)arg1 : (uint32_t)31)) : (int32_t)(arg0 >> ((uint32_t)arg1 < 32 ? (uint32_t)arg1 : (uint32_t)31)));
// CHECK: int32_t v_2 = ((uint32_t)arg1 < 32 ? (int32_t)((uint32_t)arg0 >> (uint32_t)arg1) : (int32_t)0);
// OUT: -5 << 0 = -5, >>s = -5, >>u = -5
// OUT: -5 << 1 = -10, >>s = -3, >>u = 2147483645
// OUT: -5 << 31 = -2147483648, >>s = -1, >>u = 1
// OUT: -5 << 32 = 0, >>s = -1, >>u = 0
// OUT: -5 << 70 = 0, >>s = -1, >>u = 0
// OUT: -5 << -1 = 0, >>s = -1, >>u = 0
// OUT: 7 << 40 = 0, >>s = 0, >>u = 0
// OUT: i8: -128 << 7 = 0, >>s 9 = -1, >>u 9 = 0, 100 << 1 = -56
func.func @shifts32(%x: i32, %a: i32) -> (i32, i32, i32) {
  %l = arith.shli %x, %a : i32
  %s = arith.shrsi %x, %a : i32
  %u = arith.shrui %x, %a : i32
  return %l, %s, %u : i32, i32, i32
}

func.func @shifts8(%x: i8, %a: i8) -> (i8, i8, i8) {
  %l = arith.shli %x, %a : i8
  %s = arith.shrsi %x, %a : i8
  %u = arith.shrui %x, %a : i8
  return %l, %s, %u : i8, i8, i8
}
