//===- CrashMessageTest.cpp - who a crash is blamed on --------------------===//
//
// A crash while a CrashMessage lives is the JIT-compiled program's; inside
// a CrashPhase (a code generator running between the JIT's runs) it is
// hcl's own, and the message must say so rather than blame the program.
//
//===----------------------------------------------------------------------===//

#include "hcl/Runtime/CrashMessage.h"

#include <csignal>

#include <gtest/gtest.h>

namespace {

TEST(CrashMessage, BlamesTheProgram) {
  EXPECT_EXIT(
      {
        hcl::CrashMessage message("while running @top");
        std::raise(SIGSEGV);
      },
      testing::ExitedWithCode(1),
      "hcl: error: the program crashed \\(SIGSEGV: an invalid memory access\\) "
      "while running @top");
}

TEST(CrashMessage, BlamesHclInsideAPhase) {
  EXPECT_EXIT(
      {
        hcl::CrashMessage message("while running @top");
        hcl::CrashPhase phase("while writing the SystemVerilog of @top");
        std::raise(SIGSEGV);
      },
      testing::ExitedWithCode(1),
      "hcl: error: hcl crashed \\(SIGSEGV: an invalid memory access\\) while "
      "writing the SystemVerilog of @top: a bug in hcl, please report it");
}

TEST(CrashMessage, BlamesTheProgramAfterAPhase) {
  EXPECT_EXIT(
      {
        hcl::CrashMessage message("while running @top");
        {
          hcl::CrashPhase phase("while writing the HLS C++ of @top");
        }
        std::raise(SIGFPE);
      },
      testing::ExitedWithCode(1),
      "the program crashed \\(SIGFPE: an integer division by zero or "
      "overflow\\) while running @top");
}

} // namespace
