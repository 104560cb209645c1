//===- OnnxCpuScheduleTest.cpp - import_onnx with the CPU schedule --------===//
//
// OnnxImportOptions::cpuSchedule gives a C++ import the schedule `hcl run
// model.onnx` applies. Checked on a convolution written here with ONNX's
// protobuf classes: the schedule operations are in the lowered program, the
// scheduled build computes the same bits as the unscheduled one, and the
// hardware schedule or a user's own schedule wins over it.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/Onnx.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <cmath>
#include <cstring>
#include <fstream>

using namespace hcl;

namespace {

void addFloatValue(onnx::ValueInfoProto *value, const std::string &name,
                   const std::vector<int64_t> &shape) {
  value->set_name(name);
  auto *tensor = value->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx::TensorProto::FLOAT);
  for (int64_t dim : shape)
    tensor->mutable_shape()->add_dim()->set_dim_value(dim);
}

/// y = Relu(Conv(x, w)): x 1x8x16x16, w 16x8x3x3, padding 1 (16 output
/// channels of 16 x 16: a channel-blocked, vectorized register block).
std::string writeConvModel() {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.add_opset_import()->set_version(13);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("conv_relu");
  addFloatValue(graph->add_input(), "x", {1, 8, 16, 16});
  addFloatValue(graph->add_output(), "y", {1, 16, 16, 16});
  onnx::TensorProto *weight = graph->add_initializer();
  weight->set_name("w");
  weight->set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t dim : {16, 8, 3, 3})
    weight->add_dims(dim);
  for (int i = 0; i < 16 * 8 * 9; ++i)
    weight->add_float_data(std::cos(0.7f * static_cast<float>(i)) / 4);
  onnx::NodeProto *conv = graph->add_node();
  conv->set_name("conv");
  conv->set_op_type("Conv");
  conv->add_input("x");
  conv->add_input("w");
  conv->add_output("c");
  onnx::AttributeProto *pads = conv->add_attribute();
  pads->set_name("pads");
  pads->set_type(onnx::AttributeProto::INTS);
  for (int i = 0; i < 4; ++i)
    pads->add_ints(1);
  onnx::NodeProto *relu = graph->add_node();
  relu->set_name("relu");
  relu->set_op_type("Relu");
  relu->add_input("c");
  relu->add_output("y");
  // One file per test: ctest may run the tests at once.
  std::string path =
      ::testing::TempDir() + "cpu_conv_relu_" +
      ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".onnx";
  std::ofstream out(path, std::ios::binary);
  model.SerializeToOstream(&out);
  return path;
}

OnnxModel importWithCpuSchedule(const std::string &path, bool cpuSchedule,
                                int threads = 1) {
  OnnxImportOptions options;
  options.cpuSchedule = cpuSchedule;
  options.cpuScheduleThreads = threads;
  return import_onnx(path, options);
}

std::vector<float> run(Module &module) {
  std::vector<float> values(8 * 16 * 16);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = std::sin(0.37f * static_cast<float>(i));
  Array x(values, {1, 8, 16, 16}, Float(32));
  Array y({1, 16, 16, 16}, Float(32));
  module(x, y);
  return y.to_vector<float>();
}

TEST(OnnxCpuSchedule, WrittenAsScheduleOperations) {
  OnnxModel model = importWithCpuSchedule(writeConvModel(), true);
  EXPECT_TRUE(model.schedule.uses_cpu_schedule());
  EXPECT_FALSE(model.schedule.uses_default_schedule());
  std::string text = lower(model.schedule, /*applySchedule=*/false);
  // The convolution's channel split, row-by-column tile and vectors.
  EXPECT_NE(text.find("hcl.split"), std::string::npos) << text;
  EXPECT_NE(text.find("hcl.tile"), std::string::npos) << text;
  EXPECT_NE(text.find("hcl.vectorize"), std::string::npos) << text;
  EXPECT_EQ(text.find("hcl.parallel"), std::string::npos) << text;
  EXPECT_EQ(program_text(model.schedule), text);
  OnnxModel plain = importWithCpuSchedule(writeConvModel(), false);
  EXPECT_FALSE(plain.schedule.uses_cpu_schedule());
  EXPECT_EQ(lower(plain.schedule, false).find("hcl.vectorize"),
            std::string::npos);
}

TEST(OnnxCpuSchedule, ComputesTheUnscheduledImportsBits) {
  std::string path = writeConvModel();
  Module plain = build(importWithCpuSchedule(path, false).schedule);
  Module scheduled = build(importWithCpuSchedule(path, true).schedule);
  EXPECT_NE(scheduled.mlir(), plain.mlir());
  std::vector<float> a = run(plain), b = run(scheduled);
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0);
  double largest = 0;
  for (float v : a)
    largest = std::max(largest, static_cast<double>(std::fabs(v)));
  EXPECT_GT(largest, 0.1); // the layer computes something
}

// With threads, a stage of 2^25 iterations or more would be parallel; this
// one (295,000) stays serial, and runs on two threads as on one.
TEST(OnnxCpuSchedule, ThreadsKeepSmallStagesSerial) {
  std::string path = writeConvModel();
  OnnxModel model = importWithCpuSchedule(path, true, 2);
  EXPECT_EQ(lower(model.schedule, false).find("hcl.parallel"),
            std::string::npos);
  BuildOptions options;
  options.threads = 2;
  Module plain = build(importWithCpuSchedule(path, false).schedule);
  Module scheduled = build(model.schedule, options);
  std::vector<float> a = run(plain), b = run(scheduled);
  EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)), 0);
}

// The hardware schedule wins, as --schedule=auto does on the command line.
TEST(OnnxCpuSchedule, DefaultScheduleWins) {
  OnnxImportOptions options;
  options.cpuSchedule = true;
  options.defaultSchedule = true;
  OnnxModel model = import_onnx(writeConvModel(), options);
  EXPECT_TRUE(model.schedule.uses_default_schedule());
  EXPECT_FALSE(model.schedule.uses_cpu_schedule());
  std::string text = lower(model.schedule, false);
  EXPECT_NE(text.find("hcl.pipeline"), std::string::npos) << text;
  EXPECT_EQ(text.find("hcl.vectorize"), std::string::npos) << text;
}

// A schedule of the user's is kept instead.
TEST(OnnxCpuSchedule, KeepsAUsersSchedule) {
  OnnxModel model = importWithCpuSchedule(writeConvModel(), true);
  model.schedule["relu"].pipeline("j");
  std::string text = lower(model.schedule, false);
  EXPECT_EQ(text.find("hcl.tile"), std::string::npos) << text;
  EXPECT_NE(text.find("hcl.pipeline"), std::string::npos) << text;
}

TEST(OnnxCpuSchedule, ThreadsBelowOneAreAnError) {
  try {
    importWithCpuSchedule(writeConvModel(), true, 0);
    FAIL() << "0 threads were accepted";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("1 or more"), std::string::npos)
        << error.what();
  }
  Schedule schedule = importWithCpuSchedule(writeConvModel(), false).schedule;
  EXPECT_THROW(schedule.use_cpu_schedule(-2), Error);
}

} // namespace
