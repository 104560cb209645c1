//===- BufferShapeTest.cpp - reuse and write buffers have their shape -----===//
//
// The tensors reuse_at and buffer_at return report the shape the transforms
// give the buffers (issue 15: they reported rank 0), so they can be
// partitioned by dimension; the partition reaches the IR and the HLS C++,
// and the program still computes what plain C++ does.
//
//===----------------------------------------------------------------------===//

#include "FrontendTestSupport.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace hcl;
using namespace hcl::test;

namespace {

/// B(i, j) = A(i, j) + A(i + 1, j + 1) + A(i + 2, j + 2) on a 10x10 A.
Schedule diagonalStencil() {
  Tensor A = placeholder({10, 10}, "A", Int(32));
  return create_schedule({A}, [](Tensor A) {
    return compute(
        {8, 8},
        [&](Var i, Var j) {
          return A(i, j) + A(i + 1, j + 1) + A(i + 2, j + 2);
        },
        "B", Int(32));
  });
}

std::vector<int> runStencil(const Schedule &s) {
  std::vector<int> a(100);
  for (int k = 0; k < 100; ++k)
    a[k] = (k * 37) % 23 - 11;
  Array in(a, {10, 10}, Int(32)), out({8, 8}, Int(32));
  build(s)(in, out);
  return out.to_vector<int>();
}

TEST(BufferShape, LineAndWindowBuffersPartitionedByDimension) {
  Schedule s = diagonalStencil();
  Tensor A = s.inputs()[0], B = s.outputs()[0];
  Tensor LB = s.reuse_at(A, s[B], B.axis(0));
  Tensor WB = s.reuse_at(LB, s[B], B.axis(1));
  EXPECT_EQ(LB.shape(), (std::vector<int64_t>{3, 10}));
  EXPECT_EQ(WB.shape(), (std::vector<int64_t>{3, 3}));
  EXPECT_EQ(LB.name(), "A.reuse");
  EXPECT_EQ(WB.name(), "A.reuse.reuse");
  s.partition(LB, PartitionKind::Complete, 1);
  s.partition(WB, PartitionKind::Complete, 2);
  EXPECT_NE(errorOf([&] { s.partition(LB, PartitionKind::Complete, 3); })
                .find("dimension 3 is out of range (0 means every dimension, "
                      "1..2 one dimension)"),
            std::string::npos);

  std::string ir = lower(s);
  EXPECT_NE(ir.find("{name = \"A.reuse\"} : memref<3x10xi32, #map"),
            std::string::npos)
      << ir;
  EXPECT_NE(ir.find("{name = \"A.reuse.reuse\"} : memref<3x3xi32, #map"),
            std::string::npos)
      << ir;

  std::string dir = scratchPath("buffer-shape-hls");
  build_hls(s, dir);
  std::string code = readFile(dir + "/kernel.cpp");
  EXPECT_NE(code.find("#pragma HLS array_partition variable=A_reuse complete "
                      "dim=1"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("#pragma HLS array_partition variable=A_reuse_reuse "
                      "complete dim=2"),
            std::string::npos)
      << code;
  EXPECT_EQ(runStencil(s), runStencil(diagonalStencil()));
}

TEST(BufferShape, WriteBufferPartitionedByDimension) {
  Tensor A = placeholder({6, 8}, "A", Int(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute(
        {6, 8}, [&](Var i, Var j) { return A(i, j) * 3 + j; }, "B", Int(32));
  });
  Tensor B = s.outputs()[0];
  Tensor buffer = s.buffer_at(B, s[B], B.axis(0));
  EXPECT_EQ(buffer.name(), "B.buffer");
  EXPECT_EQ(buffer.shape(), (std::vector<int64_t>{8}));
  s.partition(buffer, PartitionKind::Cyclic, 1, 2);
  std::string ir = lower(s);
  EXPECT_NE(ir.find("{name = \"B.buffer\"} : memref<8xi32, #map"),
            std::string::npos)
      << ir;
  std::string dir = scratchPath("buffer-shape-write-hls");
  build_hls(s, dir);
  std::string code = readFile(dir + "/kernel.cpp");
  EXPECT_NE(code.find("#pragma HLS array_partition variable=B_buffer cyclic "
                      "factor=2 dim=1"),
            std::string::npos)
      << code;
  std::vector<int> a(48);
  for (int k = 0; k < 48; ++k)
    a[k] = k - 20;
  Array in(a, {6, 8}, Int(32)), out({6, 8}, Int(32));
  build(s)(in, out);
  std::vector<int> b = out.to_vector<int>();
  for (int k = 0; k < 48; ++k)
    EXPECT_EQ(b[k], a[k] * 3 + k % 8) << k;
}

// After tile and split, buffer_at at a tile loop holds the block one
// iteration of it computes (issue 16): its shape is the extent of the point
// loops, and the scheduled gemm still computes the product.
TEST(BufferShape, WriteBufferAfterTileAndSplitIsTheBlock) {
  Tensor A = placeholder({16, 4}, "A", Float(32));
  Tensor Bm = placeholder({4, 32}, "Bm", Float(32));
  auto gemm = [](Tensor A, Tensor Bm) {
    Var k = reduce_axis(0, 4, "k");
    return compute(
        {16, 32}, [&](Var i, Var j) { return sum(A(i, k) * Bm(k, j), {k}); },
        "C", Float(32));
  };
  Schedule tiled = create_schedule({A, Bm}, gemm);
  Tensor C = tiled.outputs()[0];
  auto [io, jo, ii, ji] = tiled[C].tile(C.axis(0), C.axis(1), 4, 8);
  Tensor block = tiled.buffer_at(C, tiled[C], jo);
  EXPECT_EQ(block.shape(), (std::vector<int64_t>{4, 8}));

  Schedule split = create_schedule({A, Bm}, gemm);
  Tensor C2 = split.outputs()[0];
  auto [outer, inner] = split[C2].split(C2.axis(0), 8);
  Tensor rows = split.buffer_at(C2, split[C2], outer);
  EXPECT_EQ(rows.shape(), (std::vector<int64_t>{8, 32}));

  std::vector<float> a(64), b(128);
  for (int n = 0; n < 64; ++n)
    a[n] = static_cast<float>(n % 7) - 3;
  for (int n = 0; n < 128; ++n)
    b[n] = static_cast<float>(n % 5) - 2;
  for (Schedule *s : {&tiled, &split}) {
    Array inA(a, {16, 4}, Float(32)), inB(b, {4, 32}, Float(32)),
        out({16, 32}, Float(32));
    build (*s)(inA, inB, out);
    std::vector<float> c = out.to_vector<float>();
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 32; ++j) {
        float expected = 0;
        for (int k = 0; k < 4; ++k)
          expected += a[i * 4 + k] * b[k * 32 + j];
        EXPECT_EQ(c[i * 32 + j], expected) << i << "," << j;
      }
  }
}

// A reuse_at the engine refuses leaves the shape unknown; its error comes
// where the program is lowered, naming the call.
TEST(BufferShape, RefusedBufferKeepsItsErrorForLower) {
  Tensor A = placeholder({8, 8}, "A");
  Schedule s = create_schedule({A}, [](Tensor A) {
    return compute({8, 8}, [&](Var i, Var j) { return A(i, j) + 1; }, "B");
  });
  Tensor B = s.outputs()[0];
  Tensor LB = s.reuse_at(A, s[B], B.axis(0));
  EXPECT_TRUE(LB.shape().empty());
  EXPECT_NE(errorOf([&] { lower(s); }).find("no reuse along loop 'i'"),
            std::string::npos);
}

} // namespace
