//===- HostArrayTest.cpp - host arrays and their checksums ----------------===//

#include "hcl/Runtime/HostArray.h"

#include <gtest/gtest.h>

using namespace hcl;

TEST(HostArray, IsZeroFilledWithTheRightSize) {
  HostArray array(ElementKind::I16, {3, 4});
  EXPECT_EQ(array.numElements(), 12);
  EXPECT_EQ(array.sizeInBytes(), 24u);
  EXPECT_EQ(array.sum(), 0.0);
  EXPECT_EQ(array.shapeString(), "3x4");
}

TEST(HostArray, ScalarsAreRankZero) {
  HostArray scalar(ElementKind::F64, {});
  EXPECT_EQ(scalar.numElements(), 1);
  EXPECT_EQ(scalar.shapeString(), "scalar");
}

TEST(HostArray, SumsSignedIntegersExactly) {
  HostArray array(ElementKind::I8, {3});
  array.as<int8_t>()[0] = -100;
  array.as<int8_t>()[1] = -100;
  array.as<int8_t>()[2] = 7;
  EXPECT_EQ(array.sum(), -193.0);
  EXPECT_EQ(array.elementAsInt(0), -100);
}

TEST(HostArray, HashSeesEveryByte) {
  HostArray a(ElementKind::F32, {4});
  HostArray b = a;
  EXPECT_EQ(a.hash(), b.hash());
  b.as<float>()[3] = -0.0f; // same value, different bits
  EXPECT_NE(a.hash(), b.hash());
}

TEST(HostArray, ReshapeKeepsRowMajorElements) {
  HostArray a(ElementKind::I16, {2, 3});
  for (int i = 0; i < 6; ++i)
    a.as<int16_t>()[i] = static_cast<int16_t>(i);
  EXPECT_TRUE(a.reshape({3, 2}));
  EXPECT_EQ(a.shapeString(), "3x2");
  EXPECT_EQ(a.elementAsInt(5), 5);
  EXPECT_FALSE(a.reshape({4}));
  EXPECT_EQ(a.shapeString(), "3x2");
}
