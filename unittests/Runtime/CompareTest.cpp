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
