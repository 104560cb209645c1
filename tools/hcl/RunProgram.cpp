//===- RunProgram.cpp - running g++, clang and testbenches ----------------===//

#include "RunProgram.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace hcl::driver {

Expected<std::string> runProgram(StringRef program, ArrayRef<std::string> args,
                                 StringRef workDir) {
  SmallString<128> log;
  if (std::error_code ec = sys::fs::createTemporaryFile("hcl-run", "log", log))
    return errorCodeToError(ec);
  std::vector<StringRef> argv = {program};
  for (const std::string &a : args)
    argv.push_back(a);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  SmallString<256> cwd;
  if (!workDir.empty()) {
    sys::fs::current_path(cwd);
    sys::fs::set_current_path(workDir);
  }
  std::string message;
  int status = sys::ExecuteAndWait(program, argv, std::nullopt, redirects, 0, 0,
                                   &message);
  if (!workDir.empty())
    sys::fs::set_current_path(cwd);
  auto output = MemoryBuffer::getFile(log);
  std::string text = output ? (*output)->getBuffer().str() : "";
  sys::fs::remove(log);
  if (status != 0)
    return createStringError((program + " failed" +
                              (message.empty() ? "" : ": " + message) +
                              (text.empty() ? "" : "\n" + text))
                                 .str());
  return text;
}

} // namespace hcl::driver
