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

TEST(SourceCompat, QualifiesBareCalls) {
  EXPECT_EQ(
      upgradeFuncSpelling("      call @Stage_E(%1, %2) : (i32, i32) -> ()"),
      "      func.call @Stage_E(%1, %2) : (i32, i32) -> ()");
  EXPECT_EQ(upgradeFuncSpelling("  %0:2 = call @f() : () -> (i32, i32)"),
            "  %0:2 = func.call @f() : () -> (i32, i32)");
}

TEST(SourceCompat, LeavesEverythingElseAlone) {
  for (const char *text :
       {"func.func @top() {\n", "  func.call @f() : () -> ()\n",
        "  %x = func.call @f() : () -> i32\n", "  %c = call_indirect %f()\n",
        "  %s = \"x = call @f\"\n",
        "  %f = hcl.create_loop_handle \"func\" : !hcl.LoopHandle\n",
        "  // func is fun\n", "funcx @top()\n", "func private_thing @x\n"})
    EXPECT_EQ(upgradeFuncSpelling(text), text);
}

TEST(SourceCompat, KeepsLineNumbers) {
  std::string upgraded = upgradeFuncSpelling("a\nfunc @f() {\n}\n\nb");
  EXPECT_EQ(std::count(upgraded.begin(), upgraded.end(), '\n'), 4);
}
