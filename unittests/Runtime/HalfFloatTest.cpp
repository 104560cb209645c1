//===- HalfFloatTest.cpp - float16 and bfloat16 conversions ---------------===//

#include "hcl/Runtime/HalfFloat.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hcl;

namespace {

TEST(HalfFloat, RoundsToNearestTiesToEven) {
  EXPECT_EQ(halfBits(1.0), 0x3C00);
  EXPECT_EQ(halfBits(1.0 + 0x1p-11), 0x3C00);     // a tie: to the even 1.0
  EXPECT_EQ(halfBits(1.0 + 3 * 0x1p-11), 0x3C02); // a tie: up to even
  EXPECT_EQ(halfBits(65504.0), 0x7BFF);
  EXPECT_EQ(halfBits(65520.0), 0x7C00); // halfway to 2^16: infinity
  EXPECT_EQ(halfBits(0x1p-25), 0x0000); // half the smallest subnormal
  EXPECT_EQ(halfBits(3 * 0x1p-25), 0x0002);
  EXPECT_EQ(halfBits(-0.0), 0x8000);
  EXPECT_TRUE(std::isnan(halfValue(halfBits(NAN))));
  EXPECT_EQ(halfValue(0x0001), 0x1p-24);
  EXPECT_EQ(halfValue(0xFC00), -INFINITY);
}

TEST(HalfFloat, BFloat16IsTheHighHalfOfAFloatRounded) {
  EXPECT_EQ(bfloat16Bits(1.0), 0x3F80);
  EXPECT_EQ(bfloat16Bits(1.0 + 0x1p-8), 0x3F80); // a tie: to even
  EXPECT_EQ(bfloat16Bits(1.0 + 3 * 0x1p-8), 0x3F82);
  EXPECT_EQ(bfloat16Bits(3.0e38), 0x7F62);
  EXPECT_EQ(bfloat16Value(0xC040), -3.0);
  EXPECT_EQ(roundToHalf(1.0 + 0x1p-9, /*bfloat=*/true), 1.0);
  EXPECT_EQ(roundToHalf(1.0 + 0x1p-9, /*bfloat=*/false), 1.0 + 0x1p-9);
}

} // namespace
