//===- CrashMessage.cpp - a clean exit when a JIT-compiled program crashes ===//

#include "hcl/Runtime/CrashMessage.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace hcl {

namespace {
constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
constexpr size_t kNumSignals = sizeof(kSignals) / sizeof(kSignals[0]);

// Filled before the handlers are installed; read only by the handler.
char messageText[1024];
size_t messageLength = 0;
char memoryHintText[256];
size_t memoryHintLength = 0;
// What hcl itself is doing (CrashPhase); empty while the program runs.
char phaseText[256];
size_t phaseLength = 0;
struct sigaction previous[kNumSignals];
// A stack of its own, so that a stack overflow is reported too.
alignas(16) char alternateStack[64 * 1024];
stack_t previousStack;
int depth = 0;

void say(const char *text) { (void)!write(STDERR_FILENO, text, strlen(text)); }

/// The signal and what causes it in a JIT-compiled program, for a user who
/// must find the cause in their program.
const char *signalCause(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV: an invalid memory access";
  case SIGBUS:
    return "SIGBUS: an invalid memory access";
  case SIGFPE:
    return "SIGFPE: an integer division by zero or overflow";
  case SIGILL:
    return "SIGILL: an illegal instruction; compiled for another CPU "
           "(--cpu)?";
  case SIGABRT:
    return "SIGABRT: the program aborted";
  }
  return "a signal";
}

extern "C" void onCrash(int signal) {
  if (phaseLength > 0) {
    say("hcl: error: hcl crashed (");
    say(signalCause(signal));
    say(") ");
    (void)!write(STDERR_FILENO, phaseText, phaseLength);
    say(": a bug in hcl, please report it\n");
    _exit(1);
  }
  say("hcl: error: the program crashed (");
  say(signalCause(signal));
  say(") ");
  (void)!write(STDERR_FILENO, messageText, messageLength);
  if (signal == SIGSEGV || signal == SIGBUS)
    (void)!write(STDERR_FILENO, memoryHintText, memoryHintLength);
  say("\n");
  _exit(1);
}
} // namespace

CrashMessage::CrashMessage(const std::string &message,
                           const std::string &memoryFaultHint) {
  if (depth++ > 0)
    return; // the outermost message stays
  messageLength = std::min(message.size(), sizeof(messageText));
  memcpy(messageText, message.data(), messageLength);
  memoryHintLength = std::min(memoryFaultHint.size(), sizeof(memoryHintText));
  memcpy(memoryHintText, memoryFaultHint.data(), memoryHintLength);
  stack_t stack{};
  stack.ss_sp = alternateStack;
  stack.ss_size = sizeof(alternateStack);
  sigaltstack(&stack, &previousStack);
  struct sigaction action{};
  action.sa_handler = onCrash;
  action.sa_flags = SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < kNumSignals; ++i)
    sigaction(kSignals[i], &action, &previous[i]);
}

CrashMessage::~CrashMessage() {
  if (--depth > 0)
    return;
  for (size_t i = 0; i < kNumSignals; ++i)
    sigaction(kSignals[i], &previous[i], nullptr);
  sigaltstack(&previousStack, nullptr);
}

CrashPhase::CrashPhase(const std::string &what) {
  // Phases do not nest: each code generator is one.
  phaseLength = std::min(what.size(), sizeof(phaseText));
  memcpy(phaseText, what.data(), phaseLength);
}

CrashPhase::~CrashPhase() { phaseLength = 0; }

} // namespace hcl
