//===- CrashMessage.h - a clean exit when a JIT-compiled program crashes -===//
//
// A program that writes out of bounds can corrupt the heap; LLVM's crash
// handler then allocates (to print a stack trace) and may hang. While a
// CrashMessage lives, a crash of the process (SIGSEGV, SIGBUS, SIGFPE,
// SIGILL, SIGABRT) writes "hcl: error: the program crashed (SIGSEGV: an
// invalid memory access) MESSAGE" (the signal's likely cause) to stderr with
// write(2) and ends the process with _exit(1): both are async-signal-safe and
// allocate nothing. The previous handlers come back when it is destroyed.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_CRASHMESSAGE_H
#define HCL_RUNTIME_CRASHMESSAGE_H

#include <string>

namespace hcl {

class CrashMessage {
public:
  /// `message` follows "the program crashed (SIGNAL: cause) " (truncated to
  /// 1 KiB); `memoryFaultHint` follows it for SIGSEGV and SIGBUS only ("; an
  /// out-of-bounds access? ...": a division fault is not one).
  explicit CrashMessage(const std::string &message,
                        const std::string &memoryFaultHint = "");
  ~CrashMessage();
  CrashMessage(const CrashMessage &) = delete;
  CrashMessage &operator=(const CrashMessage &) = delete;
};

/// While a CrashPhase lives inside a CrashMessage, a crash is hcl's own, not
/// the program's: it writes "hcl: error: hcl crashed (SIGNAL) WHAT: a bug
/// in hcl, please report it" instead. For the code generators that run
/// between the JIT's runs (hcl check --rtl, --hls, --bambu).
class CrashPhase {
public:
  explicit CrashPhase(const std::string &what);
  ~CrashPhase();
  CrashPhase(const CrashPhase &) = delete;
  CrashPhase &operator=(const CrashPhase &) = delete;
};

} // namespace hcl

#endif // HCL_RUNTIME_CRASHMESSAGE_H
