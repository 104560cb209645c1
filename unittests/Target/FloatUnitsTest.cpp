//===- FloatUnitsTest.cpp - float operations onto share/rtl's units -------===//

#include "hcl/Target/RTL/FloatUnits.h"
#include "hcl/Analysis/Estimate.h"
#include "hcl/InitHCL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>

using namespace hcl;
using namespace mlir;

namespace {

const char *kOps = R"mlir(
func.func @f(%a: f32, %b: f32, %d: f64, %i: i32, %l: i64, %h: f16, %s: i16) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %d, %d : f64
  %2 = arith.mulf %a, %b : f32
  %3 = arith.cmpf ult, %a, %b : f32
  %4 = arith.cmpf ogt, %d, %d : f64
  %5 = arith.minimumf %a, %b : f32
  %6 = arith.maxnumf %d, %d : f64
  %7 = arith.sitofp %i : i32 to f32
  %8 = arith.uitofp %l : i64 to f64
  %9 = arith.fptoui %a : f32 to i64
  %10 = arith.fptosi %d : f64 to i32
  %11 = arith.extf %a : f32 to f64
  %12 = arith.truncf %d : f64 to f32
  %13 = arith.divf %a, %b : f32
  %14 = math.sqrt %d : f64
  %15 = arith.remf %a, %b : f32
  %16 = arith.addf %h, %h : f16
  %17 = arith.sitofp %s : i16 to f32
  %18 = arith.truncf %d to_nearest_away : f64 to f32
  %19 = arith.negf %a : f32
  %20 = math.exp %a : f32
  return
}
)mlir";

/// The operations of @f by their result's name, in order.
std::vector<Operation *> opsOf(ModuleOp module) {
  std::vector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (op->getDialect() && (op->getDialect()->getNamespace() == "arith" ||
                             op->getDialect()->getNamespace() == "math"))
      ops.push_back(op);
  });
  return ops;
}

/// A context with hcl's dialects (arith, func, ...) loaded.
std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registerHCLDialects(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

std::string describe(const FloatUnitUse &use) {
  std::string text = use.module + " #(";
  for (auto &[name, value] : use.parameters)
    text += name + "=" + std::to_string(value) + " ";
  text += ") " + use.modePort + "=" + std::to_string(use.modeValue) + " y" +
          std::to_string(use.resultWidth) + " L" + std::to_string(use.latency);
  return text;
}

TEST(FloatUnits, OperationsMapOntoUnits) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kOps, context.get());
  ASSERT_TRUE(module);
  std::vector<Operation *> ops = opsOf(*module);
  ASSERT_EQ(ops.size(), 21u);
  std::vector<std::string> expected = {
      "hcl_fp_add #(EW=8 MW=23 ) sub=0 y32 L4",
      "hcl_fp_add #(EW=11 MW=52 ) sub=1 y64 L4",
      "hcl_fp_mul #(EW=8 MW=23 ) =0 y32 L3",
      "hcl_fp_cmp #(EW=8 MW=23 ) pred=12 y1 L1",
      "hcl_fp_cmp #(EW=11 MW=52 ) pred=2 y1 L1",
      "hcl_fp_minmax #(EW=8 MW=23 ) op=0 y32 L1",
      "hcl_fp_minmax #(EW=11 MW=52 ) op=3 y64 L1",
      "hcl_fp_from_int #(IW=32 SIGNED=1 EW=8 MW=23 ) =0 y32 L2",
      "hcl_fp_from_int #(IW=64 SIGNED=0 EW=11 MW=52 ) =0 y64 L2",
      "hcl_fp_to_int #(IW=64 SIGNED=0 EW=8 MW=23 ) =0 y64 L2",
      "hcl_fp_to_int #(IW=32 SIGNED=1 EW=11 MW=52 ) =0 y32 L2",
      "hcl_fp_convert #(EWI=8 MWI=23 EWO=11 MWO=52 ) =0 y64 L2",
      "hcl_fp_convert #(EWI=11 MWI=52 EWO=8 MWO=23 ) =0 y32 L2",
      "hcl_fp_div #(EW=8 MW=23 ) =0 y32 L15",
      "hcl_fp_sqrt #(EW=11 MW=52 ) =0 y64 L15"};
  for (size_t i = 0; i < expected.size(); ++i) {
    std::optional<FloatUnitUse> use = getFloatUnitUse(ops[i]);
    ASSERT_TRUE(use) << i;
    EXPECT_EQ(describe(*use), expected[i]) << i;
  }
  // remf, exp, f16, i16 and a rounding mode other than the default have
  // no unit (yet); negf is a wire.
  for (size_t i = expected.size(); i < ops.size(); ++i)
    EXPECT_FALSE(getFloatUnitUse(ops[i])) << i;
}

/// The three places a unit's latency lives agree: the unit's file (its
/// header comment "N register stages"), getFloatUnitUse and the rtl
/// target the estimator and the scheduler read.
TEST(FloatUnits, LatenciesAgree) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kOps, context.get());
  ASSERT_TRUE(module);
  std::string error;
  auto rtl = TargetModel::get("rtl", error);
  ASSERT_TRUE(succeeded(rtl)) << error;
  std::map<std::string, std::string> files;
  for (const auto &[name, text] : getEmbeddedFloatUnits())
    files[name] = text;
  std::regex stages("([0-9]+) register stages?");
  std::vector<Operation *> ops = opsOf(*module);
  for (size_t i = 0; i < 15; ++i) {
    std::optional<FloatUnitUse> use = getFloatUnitUse(ops[i]);
    ASSERT_TRUE(use);
    EXPECT_EQ(use->latency, latencyOf(*rtl, ops[i])) << use->module;
    ASSERT_TRUE(files.count(use->file())) << use->file();
    const std::string &text = files[use->file()];
    EXPECT_NE(text.find("module " + use->module + " "), std::string::npos);
    std::smatch match;
    ASSERT_TRUE(std::regex_search(text, match, stages)) << use->file();
    EXPECT_EQ(std::stoi(match[1]), use->latency) << use->file();
  }
}

TEST(FloatUnits, WritesEveryFile) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("float-units", dir));
  llvm::SmallString<128> sub(dir);
  llvm::sys::path::append(sub, "rtl");
  ASSERT_FALSE(bool(writeFloatUnits(sub)));
  ASSERT_GE(getEmbeddedFloatUnits().size(), 7u);
  for (const auto &[name, text] : getEmbeddedFloatUnits()) {
    llvm::SmallString<128> path(sub);
    llvm::sys::path::append(path, name);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    ASSERT_TRUE(bool(buffer)) << path.str().str();
    EXPECT_EQ((*buffer)->getBuffer().str(), text);
  }
  llvm::sys::fs::remove_directories(dir);
}

/// The files a kernel needs: the units of its operations and of the
/// functions it calls, and the shared modules they instantiate; nothing
/// for a function without float operations.
TEST(FloatUnits, FilesUsed) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
func.func @callee(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  return %0 : f32
}
func.func @entry(%a: f32) -> f32 {
  %0 = func.call @callee(%a) : (f32) -> f32
  %1 = arith.cmpf olt, %0, %a : f32
  %2 = arith.select %1, %0, %a : f32
  return %2 : f32
}
func.func @integer(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
)mlir",
                                                             context.get());
  ASSERT_TRUE(module);
  auto entry = module->lookupSymbol<func::FuncOp>("entry");
  std::vector<std::string> expected = {"hcl_fp_add.sv",   "hcl_fp_cmp.sv",
                                       "hcl_fp_lzc.sv",   "hcl_fp_operands.sv",
                                       "hcl_fp_round.sv", "hcl_fp_unpack.sv"};
  EXPECT_EQ(getFloatUnitFilesUsed(entry), expected);
  EXPECT_TRUE(
      getFloatUnitFilesUsed(module->lookupSymbol<func::FuncOp>("integer"))
          .empty());
}

} // namespace
