//===- OpenScope.h - a C++ body held open for a Python with-block -*- C++
//-*-===//
//
// The front end's imperative constructs take their body as a function that
// they call while their scope is open (hcl::for_(0, N, [&](Var i) {...})).
// Python's `with hcl.for_(0, N) as i:` runs the body after __enter__ has
// returned, so the construct runs on a small stack of its own (a ucontext
// coroutine): __enter__ starts it and switches back when it calls the body,
// handing over the loop variable; the with-block then records its
// statements into the open scope (the scopes are per thread, and both
// stacks run on the Python thread); __exit__ switches back so that the body
// returns and the construct closes its scope. Only front-end C++ runs on
// the coroutine's stack, never Python. Scopes must close in the order they
// opened (with-blocks do); anything else is an hcl.Error.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_PYTHON_OPENSCOPE_H
#define HCL_PYTHON_OPENSCOPE_H

#include "hcl/Frontend/Expr.h"

#include <exception>
#include <functional>
#include <memory>
#include <optional>

namespace hclpy {

class OpenScope {
public:
  /// What the construct calls as its body: hands over the loop variable
  /// (if any) and returns when the with-block ends.
  using Body = std::function<void(std::optional<hcl::Var>)>;
  /// Runs the construct (hcl::for_ etc.) with `body` as its body.
  using Construct = std::function<void(const Body &body)>;

  OpenScope(std::string what, Construct construct);
  ~OpenScope();
  OpenScope(const OpenScope &) = delete;
  OpenScope &operator=(const OpenScope &) = delete;

  /// Opens the scope; returns the loop variable of a loop.
  std::optional<hcl::Var> enter();
  /// Closes it: `failed` when the with-block raised (the construct is then
  /// unwound and its statement left incomplete).
  void exit(bool failed);

  struct State;

private:
  std::string what;
  std::unique_ptr<State> state;
};

} // namespace hclpy

#endif // HCL_PYTHON_OPENSCOPE_H
