//===- EstimateApiTest.cpp - hcl::estimate and build_hls with tops --------===//
//
// The figures of `hcl estimate` and the projects of `hcl hls --top` from the
// library (issue 15): checked against what the program does by hand (trip
// counts, operations, bytes, the pipelined II) and against the files.
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

bool exists(const std::string &path) { return std::ifstream(path).good(); }

/// B = A * 3 + 1 over 8x16, then C = B - A; B pipelined along j.
Schedule twoStages() {
  Tensor A = placeholder({8, 16}, "A", Int(32));
  Schedule s = create_schedule({A}, [](Tensor A) {
    Tensor B = compute(
        {8, 16}, [&](Var i, Var j) { return A(i, j) * 3 + 1; }, "B", Int(32));
    return compute(
        {8, 16}, [&](Var i, Var j) { return B(i, j) - A(i, j); }, "C", Int(32));
  });
  Tensor B = s.tensor("B");
  s[B].pipeline(B.axis(1));
  return s;
}

const LoopFigures *findLoop(const FunctionFigures &f, const std::string &path) {
  for (const LoopFigures &loop : f.loops)
    if (loop.path == path)
      return &loop;
  return nullptr;
}

TEST(EstimateApi, FiguresOfTheScheduledProgram) {
  Estimate e = estimate(twoStages());
  EXPECT_EQ(e.target, "vitis");
  ASSERT_EQ(e.functions.size(), 1u);
  const FunctionFigures &top = e.function();
  EXPECT_EQ(top.name, "top");
  // B: a multiply and an add per element; C: a subtract.
  EXPECT_EQ(top.operations, 3 * 8 * 16);
  // A read twice, C written once, 4 bytes each.
  EXPECT_EQ(top.offchipBytes, 3 * 8 * 16 * 4);
  const LoopFigures *j = findLoop(top, "B/i/j");
  ASSERT_NE(j, nullptr);
  EXPECT_EQ(j->tripCount, 16);
  EXPECT_TRUE(j->pipelined);
  EXPECT_EQ(j->requestedII, 1);
  EXPECT_EQ(j->ii, 1);
  const LoopFigures *ci = findLoop(top, "C/i");
  ASSERT_NE(ci, nullptr);
  EXPECT_EQ(ci->tripCount, 8);
  EXPECT_FALSE(ci->pipelined);
  ASSERT_TRUE(top.latency.has_value());
  ASSERT_TRUE(j->latency.has_value());
  // At least B's pipelined rows and C's element per cycle.
  EXPECT_GE(*top.latency, 8 * 16 + 8 * 16);
  // The roofline point follows from the same figures.
  ASSERT_TRUE(top.intensity && top.gops && top.attainableGops);
  EXPECT_DOUBLE_EQ(*top.intensity, double(top.operations) / top.offchipBytes);
  EXPECT_DOUBLE_EQ(*top.gops, double(top.operations) / (*top.latency * 10.0));
  EXPECT_DOUBLE_EQ(*top.attainableGops, std::min(18.0, 25.6 * *top.intensity));
}

TEST(EstimateApi, OutlinedFunctionsAndOptions) {
  Schedule s = twoStages();
  std::vector<Function> functions = s.outline({s.tensor("B")}, {s.tensor("C")});
  EstimateOptions options;
  options.target = "catapult";
  options.clockNs = 5;
  Estimate e = estimate(s, options);
  EXPECT_EQ(e.target, "catapult");
  ASSERT_EQ(e.functions.size(), 3u);
  EXPECT_EQ(e.functions[0].name, "top");
  const FunctionFigures &b = e.function("Stage_B");
  EXPECT_EQ(b.operations, 2 * 8 * 16);
  EXPECT_NE(findLoop(b, "B/i/j"), nullptr);
  EXPECT_EQ(e.function("Stage_C").operations, 8 * 16);
  EXPECT_NE(errorOf([&] {
              e.function("Stage_D");
            }).find("no function named 'Stage_D' (the program has top, "),
            std::string::npos);
  options.target = "no-such-target.json";
  EXPECT_NE(errorOf([&] { estimate(s, options); }).find("estimate: "),
            std::string::npos);
  options.target = "vitis";
  options.clockNs = 0;
  EXPECT_NE(errorOf([&] {
              estimate(s, options);
            }).find("the clock period must be positive"),
            std::string::npos);
}

TEST(EstimateApi, BuildHLSOneProjectPerFunction) {
  Schedule s = twoStages();
  std::vector<Function> functions = s.outline({s.tensor("B")}, {s.tensor("C")});
  std::string dir = scratchPath("estimate-api-tops");
  build_hls(s, dir, functions);
  for (const char *name : {"Stage_B", "Stage_C"}) {
    EXPECT_TRUE(exists(dir + "/" + name + "/kernel.cpp")) << name;
    EXPECT_TRUE(exists(dir + "/" + name + "/testbench.cpp")) << name;
  }
  EXPECT_FALSE(exists(dir + "/top/kernel.cpp"));
  std::ifstream makefile(dir + "/Makefile");
  std::string text((std::istreambuf_iterator<char>(makefile)), {});
  EXPECT_NE(text.find("TOPS := Stage_B Stage_C"), std::string::npos) << text;

  std::string all = scratchPath("estimate-api-all");
  build_hls(s, all, "all", HLSTarget(), /*jobs=*/2);
  for (const char *name : {"top", "Stage_B", "Stage_C"})
    EXPECT_TRUE(exists(all + "/" + name + "/kernel.cpp")) << name;
  // The top project holds the functions it calls.
  std::ifstream kernel(all + "/top/kernel.cpp");
  std::string code((std::istreambuf_iterator<char>(kernel)), {});
  EXPECT_NE(code.find("void Stage_B("), std::string::npos) << code;

  EXPECT_NE(errorOf([&] { build_hls(s, dir, "Stage_X"); })
                .find("build_hls: top 'Stage_X': no function @Stage_X with a "
                      "body"),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              build_hls(s, dir, std::vector<Function>{});
            }).find("no function given"),
            std::string::npos);
}

} // namespace

// hcl::build_rtl writes @top as SystemVerilog (`hcl rtl`'s kernel): the
// pipelined stage's module with its handshake and a memory port per array;
// Python's test_rtl.py compares it with `hcl rtl` and checks the program
// with Verilator. A refused operation is an hcl::Error that says so.
TEST(EstimateApi, BuildRTLWritesTheKernel) {
  std::string dir = scratchPath("build-rtl");
  std::string path = build_rtl(twoStages(), dir);
  EXPECT_EQ(path, dir + "/top.sv");
  std::ifstream file(path);
  std::string text((std::istreambuf_iterator<char>(file)), {});
  for (const char *expected : {"module top (", "input  logic ap_start",
                               "output logic ap_done", "arg0_addr"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected << text;

  Tensor A = placeholder({4}, "A", Float(32));
  Schedule exp = create_schedule({A}, [](Tensor A) {
    return compute({4}, [&](Var i) { return hcl::exp(A(i)); }, "B", Float(32));
  });
  EXPECT_NE(errorOf([&] {
              build_rtl(exp, scratchPath("build-rtl-exp"));
            }).find("build_rtl: "),
            std::string::npos);
}
