//===- FixedPointIOTest.cpp - fixed-point bits <-> float64 ----------------===//

#include "hcl/Runtime/FixedPointIO.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace hcl;

// trunc(x * 2^F): toward zero, as HeteroCL's asarray; NaN and infinities
// are 0; huge values keep their low 64 bits.
TEST(FixedPointIO, QuantizeTruncatesTowardZeroAndWraps) {
  EXPECT_EQ(quantizeToBits(1.5, 4), 24);
  EXPECT_EQ(quantizeToBits(1.53125, 4), 24);
  EXPECT_EQ(quantizeToBits(-3.03125, 4), -48);
  EXPECT_EQ(quantizeToBits(-3.0625, 4), -49);
  EXPECT_EQ(quantizeToBits(std::nan(""), 8), 0);
  EXPECT_EQ(quantizeToBits(-std::numeric_limits<double>::infinity(), 8), 0);
  EXPECT_EQ(quantizeToBits(std::ldexp(1.0, 70) + std::ldexp(1.0, 20), 0),
            int64_t(1) << 20);
}

TEST(FixedPointIO, RoundTripInContainers) {
  HostArray floats(ElementKind::F64, {4});
  double values[] = {1.0, -2.0, 7.9375,
                     8.0}; // 8.0 wraps to -8.0 in Fixed<8, 4>
  for (int i = 0; i < 4; ++i)
    floats.as<double>()[i] = values[i];
  HostArray bits = fixedBitsFromFloats(floats, ElementKind::I8, 8, 4);
  EXPECT_EQ(bits.kind(), ElementKind::I8);
  EXPECT_EQ(bits.elementAsInt(2), 127);
  EXPECT_EQ(bits.elementAsInt(3), -128);
  HostArray back = floatsFromFixedBits(bits, 4);
  EXPECT_EQ(back.as<double>()[0], 1.0);
  EXPECT_EQ(back.as<double>()[1], -2.0);
  EXPECT_EQ(back.as<double>()[3], -8.0);
  // UFixed<12, 4> in a uint16: zero-extended, so 255.9375 stays positive.
  floats.as<double>()[0] = 255.9375;
  HostArray u = fixedBitsFromFloats(floats, ElementKind::U16, 12, 4);
  EXPECT_EQ(u.elementAsInt(0), 4095);
  EXPECT_EQ(floatsFromFixedBits(u, 4).as<double>()[0], 255.9375);
}
