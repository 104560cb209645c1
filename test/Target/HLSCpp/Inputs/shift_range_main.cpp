// Drives the functions of shift-range.mlir's C++ (included with -include).
#include <cstdio>

int main() {
  int32_t x = -5;
  for (int32_t a : {0, 1, 31, 32, 70, -1}) {
    int32_t l, s, u;
    shifts32(x, a, &l, &s, &u);
    std::printf("%d << %d = %d, >>s = %d, >>u = %d\n", x, a, l, s, u);
  }
  int32_t l, s, u;
  shifts32(7, 40, &l, &s, &u);
  std::printf("7 << 40 = %d, >>s = %d, >>u = %d\n", l, s, u);
  int8_t l8, s8, u8, m8, d1, d2;
  shifts8(-128, 7, &l8, &d1, &d2);
  shifts8(-128, 9, &d1, &s8, &u8);
  shifts8(100, 1, &m8, &d1, &d2);
  std::printf("i8: -128 << 7 = %d, >>s 9 = %d, >>u 9 = %d, 100 << 1 = %d\n", l8,
              s8, u8, m8);
  return 0;
}
