//===- CompareTest.cpp - comparing outputs of two runs --------------------===//

#include "hcl/Runtime/Compare.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace hcl;

TEST(Compare, IntegersMustMatchExactly) {
  HostArray a(ElementKind::I32, {2, 3}), b(ElementKind::I32, {2, 3});
  EXPECT_TRUE(compareArrays(a, b).equal);
  b.as<int32_t>()[4] = 1;
  Comparison c = compareArrays(a, b);
  EXPECT_FALSE(c.equal);
  EXPECT_EQ(c.firstMismatch, "at [1, 1]: expected 0, got 1");
}

TEST(Compare, FloatsUseARelativeTolerance) {
  HostArray a(ElementKind::F32, {2}), b(ElementKind::F32, {2});
  a.as<float>()[0] = 1000.0f;
  b.as<float>()[0] = 1000.001f; // 1e-6 relative
  EXPECT_TRUE(compareArrays(a, b).equal);
  EXPECT_GT(compareArrays(a, b).largestRelativeError, 0.0);
  b.as<float>()[0] = 1000.1f; // 1e-4 relative
  EXPECT_FALSE(compareArrays(a, b).equal);
}

TEST(Compare, NaNMatchesNaN) {
  HostArray a(ElementKind::F64, {1}), b(ElementKind::F64, {1});
  a.as<double>()[0] = b.as<double>()[0] = NAN;
  EXPECT_TRUE(compareArrays(a, b).equal);
  b.as<double>()[0] = 0;
  EXPECT_FALSE(compareArrays(a, b).equal);
}

TEST(Compare, ShapesMustAgree) {
  HostArray a(ElementKind::I8, {4}), b(ElementKind::I8, {2, 2});
  EXPECT_FALSE(compareArrays(a, b).equal);
}

TEST(Compare, RowMajorComparesReshapedArraysElementwise) {
  HostArray a(ElementKind::I32, {2, 3}), b(ElementKind::I32, {6});
  for (int i = 0; i < 6; ++i)
    a.as<int32_t>()[i] = b.as<int32_t>()[i] = i * 7;
  EXPECT_FALSE(compareArrays(a, b).equal); // shapes must agree by default
  Comparison same = compareArrays(a, b, 1e-5, ShapeMatch::RowMajor);
  EXPECT_TRUE(same.equal);
  EXPECT_TRUE(same.comparedRowMajor);
  b.as<int32_t>()[4] = 1;
  Comparison differ = compareArrays(a, b, 1e-5, ShapeMatch::RowMajor);
  EXPECT_FALSE(differ.equal);
  // located by the expected (unscheduled) shape
  EXPECT_EQ(differ.firstMismatch, "at [1, 1]: expected 28, got 1");
}

TEST(Compare, RowMajorNeedsSameCountAndType) {
  HostArray a(ElementKind::F32, {2, 3});
  EXPECT_FALSE(compareArrays(a, HostArray(ElementKind::F32, {5}), 1e-5,
                             ShapeMatch::RowMajor)
                   .equal);
  EXPECT_FALSE(compareArrays(a, HostArray(ElementKind::I32, {6}), 1e-5,
                             ShapeMatch::RowMajor)
                   .equal);
  Comparison same = compareArrays(a, HostArray(ElementKind::F32, {2, 3}), 1e-5,
                                  ShapeMatch::RowMajor);
  EXPECT_TRUE(same.equal);
  EXPECT_FALSE(same.comparedRowMajor);
}

TEST(Compare, EqualInfinitiesMatch) {
  HostArray a(ElementKind::F32, {2}), b(ElementKind::F32, {2});
  a.as<float>()[0] = b.as<float>()[0] = INFINITY;
  a.as<float>()[1] = b.as<float>()[1] = -INFINITY;
  Comparison same = compareArrays(a, b);
  EXPECT_TRUE(same.equal);
  EXPECT_EQ(same.largestRelativeError, 0);
  b.as<float>()[1] = INFINITY;
  EXPECT_FALSE(compareArrays(a, b).equal);
}
