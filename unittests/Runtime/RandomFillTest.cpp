//===- RandomFillTest.cpp - deterministic random inputs -------------------===//

#include "hcl/Runtime/RandomFill.h"

#include <gtest/gtest.h>

using namespace hcl;

TEST(RandomFill, SplitMix64MatchesItsReferenceSequence) {
  // First outputs of SplitMix64 seeded with 0, as published with the
  // algorithm; the HLS testbench must produce the same stream.
  SplitMix64 rng(0);
  EXPECT_EQ(rng.next(), 0xe220a8397b1dcdafull);
  EXPECT_EQ(rng.next(), 0x6e789e6aa1b965f4ull);
}

TEST(RandomFill, IsDeterministicPerSeedAndArgument) {
  HostArray a(ElementKind::I32, {64}), b(ElementKind::I32, {64}),
      c(ElementKind::I32, {64});
  fillRandom(a, 7, 0);
  fillRandom(b, 7, 0);
  fillRandom(c, 7, 1);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), c.hash());
}

TEST(RandomFill, StaysInItsDocumentedRanges) {
  HostArray ints(ElementKind::I64, {1000}), floats(ElementKind::F32, {1000}),
      bools(ElementKind::I1, {1000});
  fillRandom(ints, 3, 0);
  fillRandom(floats, 3, 1);
  fillRandom(bools, 3, 2);
  bool sawNegative = false;
  for (int i = 0; i < 1000; ++i) {
    EXPECT_GE(ints.as<int64_t>()[i], -16);
    EXPECT_LT(ints.as<int64_t>()[i], 16);
    sawNegative |= ints.as<int64_t>()[i] < 0;
    EXPECT_GE(floats.as<float>()[i], -1.0f);
    EXPECT_LT(floats.as<float>()[i], 1.0f);
    EXPECT_LE(bools.as<uint8_t>()[i], 1);
  }
  EXPECT_TRUE(sawNegative);
}

TEST(RandomFill, InRangeCoversBothEndsOfAnIntegerRange) {
  HostArray ints(ElementKind::I8, {2000}), floats(ElementKind::F64, {2000});
  fillRandomInRange(ints, 5, 0, {0, 15});
  fillRandomInRange(floats, 5, 1, {-2.5, 2.5});
  bool sawLow = false, sawHigh = false;
  for (int i = 0; i < 2000; ++i) {
    int8_t v = ints.as<int8_t>()[i];
    EXPECT_GE(v, 0);
    EXPECT_LE(v, 15);
    sawLow |= v == 0;
    sawHigh |= v == 15;
    EXPECT_GE(floats.as<double>()[i], -2.5);
    EXPECT_LT(floats.as<double>()[i], 2.5);
  }
  EXPECT_TRUE(sawLow);
  EXPECT_TRUE(sawHigh);
}

TEST(RandomFill, RangesMustFitTheElementType) {
  HostArray bytes(ElementKind::I8, {1}), unsignedBytes(ElementKind::U8, {1}),
      floats(ElementKind::F32, {1});
  EXPECT_FALSE(llvm::errorToBool(checkRangeFits(bytes, {-128, 127})));
  EXPECT_TRUE(llvm::errorToBool(checkRangeFits(bytes, {0, 128})));
  EXPECT_TRUE(llvm::errorToBool(checkRangeFits(unsignedBytes, {-1, 3})));
  EXPECT_TRUE(llvm::errorToBool(checkRangeFits(bytes, {0.5, 3})));
  EXPECT_TRUE(llvm::errorToBool(checkRangeFits(floats, {3, 1})));
  EXPECT_FALSE(llvm::errorToBool(checkRangeFits(floats, {-0.5, 0.5})));
}
