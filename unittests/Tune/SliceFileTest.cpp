//===- SliceFileTest.cpp - candidates and costs through JSON --------------===//
//
// What hcl tune --slurm hands to a task and reads back: every field of a
// candidate and of a cost survives the round trip, and a malformed file is
// an error that names what is wrong.
//
//===----------------------------------------------------------------------===//

#include "hcl/Tune/SliceFile.h"

#include <gtest/gtest.h>

using namespace hcl::tuner;

namespace {

Schedule everyField() {
  Schedule s;
  BandSchedule band;
  band.stage = "s";
  band.original = {"i", "j", "k"};
  band.order = {"i", "k", "j"};
  band.unroll = 4;
  band.unrolledLoops = 1;
  band.distributed = {"j.post"};
  s.bands.push_back(band);
  s.partitions.push_back({1, Kind::Block, 2, 4});
  s.partitions.push_back({0, Kind::Complete, 1, 0});
  s.reuses.push_back({"s", 0, {"i", "j"}, {{1, 2}, {0}}});
  s.buffers.push_back({"s", 2, "i"});
  s.streams.push_back({3, "t"});
  s.fusions.push_back({"s", "t", "i"});
  return s;
}

TEST(SliceFile, CandidatesRoundTrip) {
  Program program;
  program.text = "func.func @top() { return }";
  program.entry = "top";
  program.onlyStage = "s";
  program.explainRefusals = true;
  std::vector<Schedule> candidates{everyField(), Schedule()};
  llvm::Expected<Slice> slice =
      sliceFromJSON(sliceToJSON(program, "/shared/target.json", candidates));
  ASSERT_TRUE(bool(slice)) << llvm::toString(slice.takeError());
  EXPECT_EQ(slice->program.text, program.text);
  EXPECT_EQ(slice->program.entry, "top");
  EXPECT_EQ(slice->program.onlyStage, "s");
  EXPECT_TRUE(slice->program.explainRefusals);
  EXPECT_EQ(slice->target, "/shared/target.json");
  ASSERT_EQ(slice->candidates.size(), 2u);
  // The one-line summary names every choice.
  EXPECT_EQ(slice->candidates[0].summary(), everyField().summary());
  const BandSchedule &band = slice->candidates[0].bands.front();
  EXPECT_EQ(band.unroll, 4);
  EXPECT_EQ(band.unrolledLoops, 1u);
  EXPECT_EQ(band.distributed, std::vector<std::string>{"j.post"});
  EXPECT_EQ(slice->candidates[0].reuses.front().partitionDims,
            (std::vector<std::vector<int64_t>>{{1, 2}, {0}}));
  EXPECT_EQ(slice->candidates[0].streams.front().consumer, "t");
  EXPECT_EQ(slice->candidates[0].fusions.front().loop, "i");
  EXPECT_TRUE(slice->candidates[1].empty());
}

TEST(SliceFile, CostsRoundTrip) {
  Cost exact;
  exact.latency = 2057;
  exact.resources = {80, 2, 640};
  Cost worst;
  worst.latency = 9919400;
  worst.exact = false;
  std::vector<std::optional<Cost>> costs{exact, std::nullopt, worst};
  llvm::Expected<std::vector<std::optional<Cost>>> back =
      costsFromJSON(costsToJSON(costs), 3);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  ASSERT_EQ(back->size(), 3u);
  EXPECT_EQ((*back)[0]->latency, 2057);
  EXPECT_TRUE((*back)[0]->exact);
  EXPECT_EQ((*back)[0]->resources.dsp, 80);
  EXPECT_EQ((*back)[0]->resources.bram18k, 2);
  EXPECT_EQ((*back)[0]->resources.registerBits, 640);
  EXPECT_FALSE((*back)[1].has_value());
  EXPECT_FALSE((*back)[2]->exact);
}

std::string errorOf(llvm::Error e) { return llvm::toString(std::move(e)); }

TEST(SliceFile, MalformedFilesAreErrors) {
  EXPECT_EQ(errorOf(costsFromJSON("[null]", 2).takeError()),
            "the costs file holds 1 entries for 2 candidates");
  EXPECT_NE(errorOf(costsFromJSON("{", 0).takeError()).find("not a costs file"),
            std::string::npos);
  EXPECT_NE(errorOf(costsFromJSON("[{\"latency\": 1}]", 1).takeError())
                .find("not a costs file"),
            std::string::npos);
  std::string slice =
      sliceToJSON(Program(), "vitis", std::vector<Schedule>{everyField()});
  size_t kind = slice.find("\"block\"");
  ASSERT_NE(kind, std::string::npos);
  slice.replace(kind, 7, "\"banked\"");
  EXPECT_NE(errorOf(sliceFromJSON(slice).takeError())
                .find("expected cyclic, block or complete"),
            std::string::npos);
}

} // namespace
