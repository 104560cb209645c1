//===- PartitionLayoutTest.cpp - partition layout maps, both ways ---------===//

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace hcl;

namespace {

using Kind = DimPartition::Kind;

class PartitionLayout : public ::testing::Test {
protected:
  MemRefType parse(StringRef text) {
    return cast<MemRefType>(parseType(text, &context));
  }
  std::string print(AffineMap map) {
    std::string text;
    llvm::raw_string_ostream os(text);
    map.print(os);
    return text;
  }
  MemRefType partitioned(ArrayRef<int64_t> shape,
                         ArrayRef<DimPartition> partitions) {
    AffineMap map = buildPartitionMap(shape, partitions, &context);
    return MemRefType::get(shape, IntegerType::get(&context, 32),
                           AffineMapAttr::get(map));
  }
  void expectRoundTrip(ArrayRef<int64_t> shape,
                       ArrayRef<DimPartition> partitions) {
    FailureOr<SmallVector<DimPartition>> read =
        readPartition(partitioned(shape, partitions));
    ASSERT_TRUE(succeeded(read));
    ASSERT_EQ(read->size(), partitions.size());
    for (size_t d = 0; d < partitions.size(); ++d)
      EXPECT_EQ(describePartition((*read)[d]), describePartition(partitions[d]))
          << "dimension " << d;
  }
  MLIRContext context;
};

TEST_F(PartitionLayout, MapsOfEachKind) {
  EXPECT_EQ(
      print(buildPartitionMap({32, 32}, {{}, {Kind::Complete, 0}}, &context)),
      "(d0, d1) -> (0, d1, d0, 0)"); // the spec's listing
  EXPECT_EQ(
      print(buildPartitionMap({32, 32}, {{Kind::Cyclic, 4}, {}}, &context)),
      "(d0, d1) -> (d0 mod 4, 0, d0 floordiv 4, d1)");
  EXPECT_EQ(print(buildPartitionMap({10}, {{Kind::Block, 4}}, &context)),
            "(d0) -> (d0 floordiv 3, d0 mod 3)");
}

TEST_F(PartitionLayout, RoundTripsEachKind) {
  expectRoundTrip({32, 32}, {{}, {Kind::Complete, 0}});
  expectRoundTrip({32, 32}, {{Kind::Cyclic, 4}, {Kind::Cyclic, 32}});
  expectRoundTrip({32, 32}, {{Kind::Block, 4}, {Kind::Block, 2}});
  expectRoundTrip({10}, {{Kind::Block, 4}});
  expectRoundTrip({7}, {{Kind::Cyclic, 9}});
}

TEST_F(PartitionLayout, RoundTripsMixedKindsIn3D) {
  expectRoundTrip({10, 8, 6},
                  {{Kind::Block, 5}, {Kind::Cyclic, 3}, {Kind::Complete, 0}});
  expectRoundTrip({10, 8, 6}, {{Kind::Complete, 0}, {}, {Kind::Block, 3}});
  expectRoundTrip({4, 4, 4}, {{}, {}, {}});
}

TEST_F(PartitionLayout, NoLayoutIsUnpartitioned) {
  FailureOr<SmallVector<DimPartition>> read =
      readPartition(parse("memref<4x8xf32>"));
  ASSERT_TRUE(succeeded(read));
  EXPECT_EQ(read->size(), 2u);
  EXPECT_EQ((*read)[0], DimPartition{});
  EXPECT_EQ((*read)[1], DimPartition{});
  EXPECT_FALSE(hasPartitionLayout(parse("memref<4x8xf32>")));
  EXPECT_TRUE(hasPartitionLayout(
      parse("memref<32x32xi32, affine_map<(d0, d1) -> (0, d1, d0, 0)>>")));
}

TEST_F(PartitionLayout, ReadsTheSpecListing) {
  FailureOr<SmallVector<DimPartition>> read = readPartition(
      parse("memref<32x32xi32, affine_map<(d0, d1) -> (0, d1, d0, 0)>>"));
  ASSERT_TRUE(succeeded(read));
  EXPECT_EQ((*read)[0], DimPartition{});
  EXPECT_EQ((*read)[1], (DimPartition{Kind::Complete, 0}));
}

TEST_F(PartitionLayout, RejectsOtherLayouts) {
  for (StringRef text : {
           "memref<4x8xf32, strided<[1, 4]>>",
           "memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>",
           // bank of dimension 1 names d1
           "memref<4x8xf32, affine_map<(d0, d1) -> (d1, 0, 0, d0)>>",
           // bank and offset disagree on the factor
           "memref<8xf32, affine_map<(d0) -> (d0 mod 4, d0 floordiv 2)>>",
           // Block banks of 6 from 10 elements: no factor gives them
           "memref<10xf32, affine_map<(d0) -> (d0 floordiv 6, d0 mod 6)>>",
           "memref<8xf32, affine_map<(d0) -> (1, d0)>>",
       })
    EXPECT_TRUE(failed(readPartition(parse(text)))) << text.str();
}

TEST_F(PartitionLayout, ExactBlockFactors) {
  EXPECT_EQ(exactBlockFactor(32, 4), 4);
  EXPECT_EQ(exactBlockFactor(10, 4), 4); // banks of 3, 3, 3, 1
  EXPECT_EQ(exactBlockFactor(10, 6), 5); // banks of 2 make only 5 banks
  EXPECT_EQ(exactBlockFactor(8, 8), 0);  // banks of one element: Complete
  EXPECT_EQ(exactBlockFactor(8, 16), 0);
}

TEST_F(PartitionLayout, Describes) {
  EXPECT_EQ(describePartition({}), "not partitioned");
  EXPECT_EQ(describePartition({Kind::Complete, 0}), "Complete");
  EXPECT_EQ(describePartition({Kind::Block, 4}), "Block 4");
  EXPECT_EQ(describePartition({Kind::Cyclic, 2}), "Cyclic 2");
}

} // namespace
