//===- OpenScope.cpp - a C++ body held open for a Python with-block -------===//

#include "OpenScope.h"

#include "hcl/Frontend/Error.h"

#include <ucontext.h>

#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

namespace hclpy {

namespace {
/// Thrown into the construct's body to unwind it when the with-block raised.
struct Unwind {};
/// Deep enough for the front end's few frames (for_ outside a stage makes an
/// implicit stage and calls itself) with room to spare.
constexpr size_t kStackBytes = 256 * 1024;

// AddressSanitizer's fiber interface: around each swapcontext, where the
// next stack is and, once there, where the previous one was. Without it,
// ASan takes the coroutine's stack (a heap block) for a stack of the
// thread's and reports false stack-use-after-scope errors when an
// exception unwinds on it. Nothing when hcl is built without ASan.
void startSwitch(void **fakeStack, const void *bottom, size_t size) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_start_switch_fiber(fakeStack, bottom, size);
#endif
}

void finishSwitch(void *fakeStack, const void **previousBottom,
                  size_t *previousSize) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(fakeStack, previousBottom, previousSize);
#endif
}
} // namespace

struct OpenScope::State {
  enum class Phase { Idle, InBody, Done };
  Construct construct;
  Phase phase = Phase::Idle;
  bool unwind = false;
  std::optional<hcl::Var> var;
  std::exception_ptr error;
  std::vector<char> stack;
  ucontext_t caller, self;
  // For ASan's fiber interface: the caller's stack, and each side's fake
  // stack while the other runs.
  const void *callerBottom = nullptr;
  size_t callerSize = 0;
  void *callerFakeStack = nullptr, *selfFakeStack = nullptr;

  /// From the caller into the coroutine, and back when it yields.
  void resume() {
    startSwitch(&callerFakeStack, stack.data(), stack.size());
    swapcontext(&caller, &self);
    finishSwitch(callerFakeStack, nullptr, nullptr);
  }
  /// From the coroutine back to the caller; `finished`: never resumed.
  void yield(bool finished) {
    startSwitch(finished ? nullptr : &selfFakeStack, callerBottom, callerSize);
    swapcontext(&self, &caller);
    finishSwitch(selfFakeStack, &callerBottom, &callerSize);
  }
};

/// The scopes open on this thread, innermost last.
static thread_local std::vector<OpenScope::State *> openScopes;
/// makecontext passes ints only; the coroutine starting now.
static thread_local OpenScope::State *starting = nullptr;

static void run() {
  OpenScope::State *s = starting;
  finishSwitch(nullptr, &s->callerBottom, &s->callerSize);
  try {
    s->construct([s](std::optional<hcl::Var> var) {
      if (s->phase != OpenScope::State::Phase::Idle)
        hcl::throwError("a with-block body ran twice (a bug in hcl's Python "
                        "bindings)");
      s->var = std::move(var);
      s->phase = OpenScope::State::Phase::InBody;
      s->yield(false);
      if (s->unwind)
        throw Unwind{};
    });
  } catch (const Unwind &) {
  } catch (...) {
    s->error = std::current_exception();
  }
  s->phase = OpenScope::State::Phase::Done;
  s->yield(true); // not resumed again
}

OpenScope::OpenScope(std::string what, Construct construct)
    : what(std::move(what)), state(std::make_unique<State>()) {
  state->construct = std::move(construct);
}

OpenScope::~OpenScope() {
  if (state->phase != State::Phase::InBody)
    return;
  // Entered and never exited (no with-statement): unwind it if that is
  // safe, else leave its stack alive, as the front end's scopes point in it.
  if (!openScopes.empty() && openScopes.back() == state.get()) {
    try {
      exit(true);
    } catch (...) {
    }
    return;
  }
  state.release();
}

std::optional<hcl::Var> OpenScope::enter() {
  if (state->phase != State::Phase::Idle)
    hcl::throwError(what + ": a with-block context is entered once");
  state->stack.resize(kStackBytes);
  getcontext(&state->self);
  state->self.uc_stack.ss_sp = state->stack.data();
  state->self.uc_stack.ss_size = state->stack.size();
  state->self.uc_link = nullptr;
  makecontext(&state->self, &run, 0);
  starting = state.get();
  state->resume();
  if (state->phase == State::Phase::InBody) {
    openScopes.push_back(state.get());
    return state->var;
  }
  if (state->error)
    std::rethrow_exception(state->error);
  hcl::throwError(what + ": the construct did not run its body");
}

void OpenScope::exit(bool failed) {
  if (state->phase != State::Phase::InBody)
    hcl::throwError(what + ": exited without being entered");
  if (openScopes.empty() || openScopes.back() != state.get())
    hcl::throwError(what + ": with-blocks must close in the order they "
                           "opened (an inner block is still open)");
  openScopes.pop_back();
  state->unwind = failed;
  state->resume();
  state->stack = {};
  if (state->error && !failed)
    std::rethrow_exception(state->error);
}

} // namespace hclpy
