//===- ReverseTest.cpp - Stage::reverse, generated from Primitives.def ----===//
//
// reverse has no code of its own in the front end: Stage::reverse, its
// command and its MLIR text come from its line in Primitives.def. Checked
// by the text the writer gives and by execution against the unscheduled
// program.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/hcl.h"

#include <gtest/gtest.h>

using namespace hcl;

namespace {

Schedule makeStencil() {
  Tensor a = placeholder({12, 9}, "A", Int(32));
  return create_schedule({a}, [](Tensor a) {
    return compute({10, 9},
                   [&](Var i, Var j) { return a(i, j) * 3 + a(i + 2, j) - j; },
                   "B", Int(32), {"i", "j"});
  });
}

std::vector<int32_t> run(Schedule &s) {
  std::vector<int32_t> input(12 * 9);
  for (size_t k = 0; k < input.size(); ++k)
    input[k] = static_cast<int32_t>(k * 7 % 23) - 11;
  Module f = build(s);
  Array a(input, {12, 9}, Int(32)), b({10, 9}, Int(32));
  f(a, b);
  return b.to_vector<int32_t>();
}

TEST(Reverse, WritesTheOpAndKeepsTheResult) {
  Schedule plain = makeStencil();
  Schedule reversed = makeStencil();
  Tensor b = reversed.outputs()[0];
  auto [outer, inner] = reversed[b].split(b.axis("j"), 3);
  reversed[b].reverse(b.axis("i"));
  reversed[b].reverse(inner);
  std::string text = lower(reversed, /*applySchedule=*/false);
  EXPECT_NE(text.find("hcl.reverse("), std::string::npos) << text;
  EXPECT_EQ(run(reversed), run(plain));
}

TEST(Reverse, RefusesAnAxisOfAnotherStage) {
  Schedule s = makeStencil();
  Tensor b = s.outputs()[0];
  try {
    s[b].reverse("q");
    FAIL() << "reverse accepted an unknown axis";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("reverse: stage 'B' has no axis "
                                         "named 'q'"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
