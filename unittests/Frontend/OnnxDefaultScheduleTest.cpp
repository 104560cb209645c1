//===- OnnxDefaultScheduleTest.cpp - import_onnx with the default schedule ===//
//
// OnnxImportOptions::defaultSchedule gives a C++ import the schedule
// `--schedule=auto` gives on the command line. Checked on a small CNN layer
// written here with ONNX's protobuf classes: the schedule operations are in
// the lowered program, the estimated latency drops, and the scheduled
// program computes what the unscheduled one does.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/Estimate.h"
#include "hcl/Frontend/Onnx.h"
#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <cmath>
#include <cstdio>
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

void addWeight(onnx::GraphProto *graph, const std::string &name,
               const std::vector<int64_t> &shape) {
  onnx::TensorProto *weight = graph->add_initializer();
  weight->set_name(name);
  weight->set_data_type(onnx::TensorProto::FLOAT);
  int64_t size = 1;
  for (int64_t dim : shape) {
    weight->add_dims(dim);
    size *= dim;
  }
  for (int64_t i = 0; i < size; ++i)
    weight->add_float_data(static_cast<float>((i * 7 % 13) - 6) / 16);
}

/// y = Relu(Conv(x, w, b)): x 1x4x8x8, w 8x4x3x3, padding 1.
std::string writeConvModel() {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.add_opset_import()->set_version(13);
  onnx::GraphProto *graph = model.mutable_graph();
  graph->set_name("conv_relu");
  addFloatValue(graph->add_input(), "x", {1, 4, 8, 8});
  addFloatValue(graph->add_output(), "y", {1, 8, 8, 8});
  addWeight(graph, "w", {8, 4, 3, 3});
  addWeight(graph, "b", {8});
  onnx::NodeProto *conv = graph->add_node();
  conv->set_name("conv");
  conv->set_op_type("Conv");
  for (const char *input : {"x", "w", "b"})
    conv->add_input(input);
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
      ::testing::TempDir() + "conv_relu_" +
      ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".onnx";
  std::ofstream out(path, std::ios::binary);
  model.SerializeToOstream(&out);
  return path;
}

OnnxModel importWithDefault(const std::string &path, bool defaultSchedule) {
  OnnxImportOptions options;
  options.defaultSchedule = defaultSchedule;
  return import_onnx(path, options);
}

TEST(OnnxDefaultSchedule, WrittenAsScheduleOperations) {
  OnnxModel model = importWithDefault(writeConvModel(), true);
  EXPECT_TRUE(model.schedule.uses_default_schedule());
  std::string text = lower(model.schedule, /*applySchedule=*/false);
  // The conv's channel-parallel plan and the ReLU's fused pipeline.
  EXPECT_NE(text.find("hcl.split"), std::string::npos) << text;
  EXPECT_NE(text.find("hcl.pipeline"), std::string::npos) << text;
  EXPECT_EQ(program_text(model.schedule), text);
  std::string plain =
      lower(importWithDefault(writeConvModel(), false).schedule, false);
  EXPECT_EQ(plain.find("hcl.pipeline"), std::string::npos);
}

TEST(OnnxDefaultSchedule, LowersTheEstimate) {
  std::string path = writeConvModel();
  Estimate plain = estimate(importWithDefault(path, false).schedule);
  Estimate scheduled = estimate(importWithDefault(path, true).schedule);
  ASSERT_TRUE(plain.function().latency && scheduled.function().latency);
  std::printf("conv+relu latency: %lld unscheduled, %lld default\n",
              static_cast<long long>(*plain.function().latency),
              static_cast<long long>(*scheduled.function().latency));
  EXPECT_GT(*plain.function().latency, 5 * *scheduled.function().latency)
      << *plain.function().latency << " vs " << *scheduled.function().latency;
}

TEST(OnnxDefaultSchedule, ComputesAsTheUnscheduledImport) {
  std::string path = writeConvModel();
  Module plain = build(importWithDefault(path, false).schedule);
  Module scheduled = build(importWithDefault(path, true).schedule);
  EXPECT_NE(scheduled.mlir(), plain.mlir());
  std::vector<float> values(4 * 8 * 8);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = std::sin(0.37f * static_cast<float>(i));
  Array x(values, {1, 4, 8, 8}, Float(32));
  Array y1({1, 8, 8, 8}, Float(32)), y2({1, 8, 8, 8}, Float(32));
  plain(x, y1);
  scheduled(x, y2);
  std::vector<float> a = y1.to_vector<float>(), b = y2.to_vector<float>();
  double largest = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_NEAR(a[i], b[i], 1e-5) << "element " << i;
    largest = std::max(largest, static_cast<double>(std::fabs(a[i])));
  }
  EXPECT_GT(largest, 0.1); // the layer computes something
}

// Weights over the BRAM limit are arguments, with the model's values to
// pass; those under it stay constants. The scheduled program run with
// those values computes what the import with constant weights does.
TEST(OnnxDefaultSchedule, LargeWeightsAreArguments) {
  std::string path = writeConvModel();
  OnnxImportOptions options;
  options.defaultSchedule = true;
  options.weightBramLimit = 0; // w (1,152 bytes) needs one BRAM, b too
  OnnxModel model = import_onnx(path, options);
  ASSERT_EQ(model.inputNames, (std::vector<std::string>{"x", "w", "b"}));
  ASSERT_EQ(model.weightArguments.count("w"), 1u);
  const OnnxTensor &w = model.weightArguments.at("w");
  EXPECT_EQ(w.shape, (std::vector<int64_t>{8, 4, 3, 3}));
  std::string text = lower(model.schedule, false);
  // The weights are the caller's memory: never partitioned.
  EXPECT_EQ(text.find("hcl.partition(%arg1"), std::string::npos) << text;

  Module plain = build(importWithDefault(path, false).schedule);
  Module scheduled = build(model.schedule);
  std::vector<float> values(4 * 8 * 8);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = std::cos(0.21f * static_cast<float>(i));
  const OnnxTensor &b = model.weightArguments.at("b");
  Array x(values, {1, 4, 8, 8}, Float(32));
  Array wArray(std::vector<float>(w.floats.begin(), w.floats.end()),
               {8, 4, 3, 3}, Float(32));
  Array bArray(std::vector<float>(b.floats.begin(), b.floats.end()), {8},
               Float(32));
  Array y1({1, 8, 8, 8}, Float(32)), y2({1, 8, 8, 8}, Float(32));
  plain(x, y1);
  scheduled(x, wArray, bArray, y2);
  std::vector<float> a = y1.to_vector<float>(), c = y2.to_vector<float>();
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_NEAR(a[i], c[i], 1e-5) << "element " << i;

  options.weightBramLimit = 1; // both fit in one BRAM: constants
  EXPECT_TRUE(import_onnx(path, options).weightArguments.empty());
}

TEST(OnnxDefaultSchedule, NegativeBramLimitIsAnError) {
  OnnxImportOptions options;
  options.weightBramLimit = -1;
  try {
    import_onnx(writeConvModel(), options);
    FAIL() << "a negative limit was accepted";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("0 or more"), std::string::npos)
        << error.what();
  }
}

// As on the command line, a schedule of the user's is kept instead.
TEST(OnnxDefaultSchedule, KeepsAUsersSchedule) {
  OnnxModel model = importWithDefault(writeConvModel(), true);
  model.schedule["relu"].pipeline("j");
  std::string text = lower(model.schedule, false);
  EXPECT_EQ(text.find("hcl.split"), std::string::npos) << text;
}

} // namespace
