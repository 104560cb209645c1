//===- SourceCompatTest.cpp - the MLIR 14 `func @f` spelling --------------===//

#include "hcl/Support/SourceCompat.h"

#include <gtest/gtest.h>

using hcl::upgradeFuncSpelling;

TEST(SourceCompat, RewritesOldFunctionHeaders) {
  EXPECT_EQ(upgradeFuncSpelling("  func @top(%a: i32) {\n"),
            "  func.func @top(%a: i32) {\n");
  EXPECT_EQ(upgradeFuncSpelling("func private @Stage_B(%x: i32)"),
            "func.func private @Stage_B(%x: i32)");
}

TEST(SourceCompat, LeavesEverythingElseAlone) {
  for (const char *text :
       {"func.func @top() {\n", "  call @f() : () -> ()\n",
        "  %f = hcl.create_loop_handle \"func\" : !hcl.LoopHandle\n",
        "  // func is fun\n", "funcx @top()\n", "func private_thing @x\n"})
    EXPECT_EQ(upgradeFuncSpelling(text), text);
}

TEST(SourceCompat, KeepsLineNumbers) {
  std::string upgraded = upgradeFuncSpelling("a\nfunc @f() {\n}\n\nb");
  EXPECT_EQ(std::count(upgraded.begin(), upgraded.end(), '\n'), 4);
}
