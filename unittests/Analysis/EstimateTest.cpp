//===- EstimateTest.cpp - the target model and the II analysis ------------===//

#include "hcl/Analysis/Estimate.h"
#include "hcl/InitHCL.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace hcl;

namespace {

TEST(TargetModel, BuiltinTargets) {
  std::string error;
  auto vitis = TargetModel::get("vitis", error);
  ASSERT_TRUE(succeeded(vitis));
  EXPECT_TRUE(vitis->sharedPorts);
  EXPECT_EQ(vitis->ports, 2);
  EXPECT_EQ(vitis->loadLatency, 2);
  EXPECT_EQ(vitis->latencyOfKind("arith.addf", true, false), 4);
  EXPECT_EQ(vitis->latencyOfKind("arith.addi", false, false), 1);
  auto catapult = TargetModel::get("catapult", error);
  ASSERT_TRUE(succeeded(catapult));
  EXPECT_FALSE(catapult->sharedPorts);
  // Integer operations chain: they cost nothing on their own.
  EXPECT_EQ(catapult->latencyOfKind("arith.addi", false, false), 0);
  EXPECT_EQ(catapult->latencyOfKind("arith.index_cast", false, true), 0);
}

TEST(TargetModel, JsonAndErrors) {
  std::string error;
  EXPECT_TRUE(failed(TargetModel::get("fpga9000", error)));
  EXPECT_NE(error.find("unknown target 'fpga9000'"), std::string::npos);
  std::string path = ::testing::TempDir() + "/target.json";
  std::ofstream(path) << R"({"name": "t", "ports": 4, "load": 3,
                             "latencies": {"arith.mulf": 7}})";
  auto t = TargetModel::get(path, error);
  ASSERT_TRUE(succeeded(t)) << error;
  EXPECT_EQ(t->name, "t");
  EXPECT_EQ(t->ports, 4);
  EXPECT_EQ(t->loadLatency, 3);
  EXPECT_EQ(t->latencyOfKind("arith.mulf", true, false), 7);
  EXPECT_EQ(t->latencyOfKind("arith.addf", true, false), 4); // default float
}

/// Parses `source` and estimates its only function.
FunctionEstimate estimate(const char *source, const std::string &targetName) {
  mlir::DialectRegistry registry;
  registerHCLDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  std::string error;
  auto target = TargetModel::get(targetName, error);
  auto func = *module->getOps<mlir::func::FuncOp>().begin();
  return estimateFunction(func, *target);
}

TEST(Estimate, DependenceDistanceDividesTheRecurrence) {
  // A[i] = A[i - 2] + 1: read 1 + add (chained, 1) + write 1 = 3 cycles at
  // distance 2: RecMII 2.
  FunctionEstimate e = estimate(R"(
    func.func @f(%A: memref<32xi32>) {
      %one = arith.constant 1 : i32
      affine.for %i = 2 to 32 {
        %a = affine.load %A[%i - 2] : memref<32xi32>
        %b = arith.addi %a, %one : i32
        affine.store %b, %A[%i] : memref<32xi32>
      } {loop_name = "i"}
      return
    })",
                                "catapult");
  ASSERT_EQ(e.loops.size(), 1u);
  EXPECT_EQ(e.loops[0].recMII, 2);
  EXPECT_EQ(e.loops[0].resMII, 1);
  EXPECT_EQ(e.loops[0].tripCount, 30);
}

TEST(Estimate, PipelinedLatencyAndCounts) {
  // 3 distinct reads of A on dual ports: ResMII 2; the float add chain is
  // not a recurrence. Latency = depth + II * (trips - 1).
  FunctionEstimate e = estimate(R"(
    func.func @f(%A: memref<18xf32>, %B: memref<16xf32>) {
      affine.for %i = 0 to 16 {
        %a = affine.load %A[%i] : memref<18xf32>
        %b = affine.load %A[%i + 1] : memref<18xf32>
        %c = affine.load %A[%i + 2] : memref<18xf32>
        %d = affine.load %A[%i + 1] : memref<18xf32>
        %s = arith.addf %a, %b : f32
        %t = arith.addf %s, %c : f32
        %u = arith.addf %t, %d : f32
        affine.store %u, %B[%i] : memref<16xf32>
      } {loop_name = "i", pipeline_ii = 1 : i32}
      return
    })",
                                "vitis");
  ASSERT_EQ(e.loops.size(), 1u);
  EXPECT_EQ(e.loops[0].resMII, 2); // A[i + 1] read twice counts once
  EXPECT_EQ(e.loops[0].recMII, 1);
  EXPECT_EQ(e.loops[0].ii, 2);
  // depth: load 2 + three adds 4 each + store 1 = 15.
  EXPECT_EQ(e.loops[0].latency, 15 + 2 * 15);
  EXPECT_EQ(e.flops, 48);
  EXPECT_EQ(e.offchipBytes, 16 * 4 * 4 + 16 * 4);
}

} // namespace

namespace {

TEST(Estimate, ArithmeticUnitsLimitTheII) {
  // Four float multiplies per iteration, two multipliers: ResMII 2.
  std::string path = ::testing::TempDir() + "/two-multipliers.json";
  std::ofstream(path) << R"({"name": "m2", "units": {"arith.mulf": 2}})";
  FunctionEstimate e = estimate(R"(
    func.func @f(%A: memref<16xf32>) {
      affine.for %i = 0 to 16 {
        %a = affine.load %A[%i] : memref<16xf32>
        %b = arith.mulf %a, %a : f32
        %c = arith.mulf %b, %a : f32
        %d = arith.mulf %c, %a : f32
        %e = arith.mulf %d, %a : f32
        affine.store %e, %A[%i] : memref<16xf32>
      } {loop_name = "i", pipeline_ii = 1 : i32}
      return
    })",
                                path);
  ASSERT_EQ(e.loops.size(), 1u);
  EXPECT_EQ(e.loops[0].resMII, 2);
}

} // namespace
