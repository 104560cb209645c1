//===- LargeStack.h - running the compiler on a deep stack ------*- C++ -*-===//
//
// The front end's MLIR writer recurses once per level of an expression, and
// MLIR's parser and passes recurse along chains of operations, so a program
// with an expression kMaxExprDepth operations deep needs far more stack than
// a thread's usual 8 MB (Python's main thread overflowed at 5,000). The
// front end's entry points run their work on a thread with a stack sized
// for that depth.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_LARGESTACK_H
#define HCL_LIB_FRONTEND_LARGESTACK_H

#include <functional>
#include <optional>
#include <type_traits>

namespace hcl::detail {

/// Runs `work` on a thread with a stack of kLargeStackBytes and waits for
/// it; an exception it throws is rethrown to the caller. Runs `work` here
/// when this thread is already such a thread (nested entry points), or when
/// the thread cannot be started.
void runOnLargeStack(const std::function<void()> &work);

/// The same, returning what `work` returns.
template <typename Work> auto onLargeStack(Work &&work) {
  using Result = std::invoke_result_t<Work &>;
  if constexpr (std::is_void_v<Result>) {
    runOnLargeStack(work);
  } else {
    std::optional<Result> result;
    runOnLargeStack([&] { result.emplace(work()); });
    return std::move(*result);
  }
}

} // namespace hcl::detail

#endif // HCL_LIB_FRONTEND_LARGESTACK_H
