//===- SlurmArrayTest.cpp - the Slurm job-array runner's own pieces -------===//
//
// What needs no cluster: quoting, the report, fingerprints, and the errors
// raised before anything is submitted. test/Integration/slurm runs arrays on
// a one-node cluster.
//
//===----------------------------------------------------------------------===//

#include "hcl/Support/SlurmArray.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace hcl;
using namespace llvm;

namespace {

/// What bash makes of `word` as one argument of printf.
std::string throughBash(StringRef word) {
  SmallString<128> out;
  EXPECT_FALSE(sys::fs::createTemporaryFile("slurm-quote", "txt", out));
  std::string script = "printf %s " + shellQuote(word);
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(out),
                                          StringRef("")};
  int status = sys::ExecuteAndWait("/bin/bash", {"/bin/bash", "-c", script},
                                   std::nullopt, redirects);
  EXPECT_EQ(status, 0) << script;
  auto text = MemoryBuffer::getFile(out);
  sys::fs::remove(out);
  return text ? (*text)->getBuffer().str() : "<unreadable>";
}

TEST(SlurmArray, QuotedWordsReachBashUnchanged) {
  for (StringRef word :
       {"plain", "two words", "it's", "$HOME", "a\"b", "back\\slash",
        "new\nline", "*?[x]", "`date`", ";|&", "--entry=top", "'"})
    EXPECT_EQ(throughBash(word), word.str());
}

TEST(SlurmArray, PlainWordsAreNotQuoted) {
  EXPECT_EQ(shellQuote("--entry"), "--entry");
  EXPECT_EQ(shellQuote("/work/a_b/c-1.mlir"), "/work/a_b/c-1.mlir");
  EXPECT_EQ(shellQuote("a b"), "'a b'");
  EXPECT_EQ(shellQuote(""), "''");
}

TEST(SlurmArray, ReportNamesEveryFailedTask) {
  std::vector<SlurmTaskResult> results(4);
  results[0].name = "good";
  results[0].exitCode = 0;
  results[0].stdoutPath = "s/good.out";
  results[1].name = "earlier";
  results[1].exitCode = 0;
  results[1].kept = true;
  results[2].name = "broken";
  results[2].exitCode = 2;
  results[2].stderrPath = "s/broken.err";
  results[3].name = "vanished";
  results[3].slurmLogPath = "s/slurm-3.log";
  std::string text;
  raw_string_ostream os(text);
  EXPECT_EQ(printSlurmReport(results, os), 2u);
  EXPECT_NE(text.find("good      ok              0.0  s/good.out\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("earlier   ok (kept)"), std::string::npos) << text;
  EXPECT_NE(text.find("broken    exit 2          0.0  s/broken.err\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("vanished  no status       0.0  s/slurm-3.log\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("slurm: 2 of 4 task(s) failed: broken, vanished\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("a task with no status was cancelled"),
            std::string::npos);
}

TEST(SlurmArray, FingerprintFollowsContents) {
  SmallString<128> file;
  ASSERT_FALSE(sys::fs::createTemporaryFile("slurm-print", "txt", file));
  auto write = [&](StringRef text) {
    std::error_code error;
    raw_fd_ostream os(file, error);
    os << text;
  };
  write("one");
  std::string first = fingerprintFiles({file.str().str()});
  EXPECT_EQ(fingerprintFiles({file.str().str()}), first);
  write("two");
  EXPECT_NE(fingerprintFiles({file.str().str()}), first);
  sys::fs::remove(file);
}

TEST(SlurmArray, BadTaskNamesAreRefusedBeforeSubmitting) {
  SlurmOptions options;
  options.stateDir = "unused";
  std::string out;
  raw_string_ostream progress(out);
  auto duplicate = runSlurmArray(
      {{"a", ".", "true", ""}, {"a", ".", "true", ""}}, options, progress);
  ASSERT_FALSE(duplicate);
  EXPECT_EQ(toString(duplicate.takeError()), "slurm: two tasks are named a");
  auto slash = runSlurmArray({{"a/b", ".", "true", ""}}, options, progress);
  ASSERT_FALSE(slash);
  EXPECT_NE(toString(slash.takeError()).find("is not letters"),
            std::string::npos);
}

TEST(SlurmArray, WithoutSbatchTheExitCodeSaysSo) {
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", "/nonexistent", 1);
  Error error = checkSlurmInstalled();
  setenv("PATH", path.c_str(), 1);
  std::string text;
  raw_string_ostream os(text);
  EXPECT_EQ(reportSlurmError(std::move(error), os),
            static_cast<int>(SlurmFailure::NotInstalled));
  EXPECT_NE(text.find("hcl: error: slurm: sbatch is not on PATH"),
            std::string::npos)
      << text;
}

} // namespace
