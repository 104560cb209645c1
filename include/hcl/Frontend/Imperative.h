//===- Imperative.h - imperative code in the hcl C++ API --------*- C++ -*-===//
//
// HeteroCL's imperative constructs, for sorting, histograms, graph and
// sparse kernels:
//
//   hcl::Tensor hist = hcl::compute({64}, [](hcl::Var) { return 0; }, "hist");
//   hcl::stage("count", [&] {
//     hcl::for_(0, 1024, [&](hcl::Var i) { hist(A(i)) += 1; }, "i");
//   });
//   ...
//   s["count"].pipeline("i");
//
// Statements are recorded into the stage being built: hcl::stage(name, f)
// or hcl::mutate(shape, f, name) make one; a for_ / while_ / if_ outside
// any stage makes a stage of its own, named after the loop. Loops whose
// bounds are affine in the enclosing for_ variables become affine.for (every
// loop primitive applies); others (bounds read from memory) scf.for, and
// while_ scf.while (pipeline applies; split, reorder, unroll... refuse).
// Reads and stores through data-dependent indices become memref.load /
// memref.store. docs/frontend.md, "Imperative code".
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_IMPERATIVE_H
#define HCL_FRONTEND_IMPERATIVE_H

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Tensor.h"

#include <functional>
#include <optional>

namespace hcl {

/// A stage of imperative code named `name` (HeteroCL's `with
/// hcl.Stage(name)`): `body` runs once and its statements are the stage.
void stage(const std::string &name, const std::function<void()> &body,
           SourceLocation where = SourceLocation::current());

/// A loop over [lo, hi) by `step` (a positive constant), named `name` (by
/// default i, j, k, ... by depth) so that the schedule can refer to it.
void for_(const Expr &lo, const Expr &hi, int64_t step,
          const std::function<void(Var)> &body, const std::string &name = "",
          SourceLocation where = SourceLocation::current());
void for_(const Expr &lo, const Expr &hi, const std::function<void(Var)> &body,
          const std::string &name = "",
          SourceLocation where = SourceLocation::current());

/// if_ / elif_ / else_ as in HeteroCL: elif_ and else_ continue the if_
/// just before them in the same block.
void if_(const Expr &condition, const std::function<void()> &body,
         SourceLocation where = SourceLocation::current());
void elif_(const Expr &condition, const std::function<void()> &body,
           SourceLocation where = SourceLocation::current());
void else_(const std::function<void()> &body,
           SourceLocation where = SourceLocation::current());

/// A loop that runs while `condition` holds (checked before each
/// iteration; `a && b` does not evaluate b when a is false). Its trip count
/// is unknown to the compiler; `maxTripCount` (0: unknown) bounds it for
/// the estimator and HLS (`loop_tripcount`).
void while_(const Expr &condition, const std::function<void()> &body,
            const std::string &name = "", int64_t maxTripCount = 0,
            SourceLocation where = SourceLocation::current());

/// Leaves the innermost enclosing for_ / while_.
void break_(SourceLocation where = SourceLocation::current());

/// HeteroCL's hcl.print: prints `values` with C's printf `format` (one
/// conversion per value: d i u o x X c for integers, f e g a for floating
/// values, which take a double; length modifiers are the compiler's
/// business). Without a format, each value as "%d " or "%.3f " (floating
/// and fixed-point values), then a newline. The CPU program and the HLS C
/// simulation print; outside imperative code it is a stage of its own.
void print(const std::vector<Expr> &values,
           const std::optional<std::string> &format = std::nullopt,
           SourceLocation where = SourceLocation::current());

namespace detail {
void makeMutate(const std::vector<int64_t> &shape, const std::vector<Var> &axes,
                const std::function<void()> &body, const std::string &name);
/// Inside imperative code, a tensor of `shape` local to the stage or
/// sub-function being recorded (allocated where it starts, its elements
/// unset), for a compute written there; outside it, nullopt.
std::optional<Tensor> localTensor(const std::vector<int64_t> &shape,
                                  const std::string &name, Type dtype);
/// Whether statements are being recorded (inside a stage, a loop, a def_).
bool inImperativeCode();
} // namespace detail

/// A stage that runs `f(i, j, ...)`, imperative code, at every index of
/// `shape` (HeteroCL's hcl.mutate); its loops are named `axisNames` or i,
/// j, k, ...
template <typename F>
void mutate(const std::vector<int64_t> &shape, F f, const std::string &name,
            const std::vector<std::string> &axisNames = {},
            SourceLocation where = SourceLocation::current()) {
  detail::LocationScope located(where);
  constexpr int arity = detail::arityOf<F, Var>();
  static_assert(arity >= 0, "the lambda must take up to 8 hcl::Var index "
                            "variables");
  std::vector<Var> axes =
      detail::makeAxes(shape, arity, "mutate", name, axisNames);
  detail::makeMutate(
      shape, axes,
      [&] {
        detail::callWith<F, Var>(f, axes, std::make_index_sequence<arity>{});
      },
      name);
}

struct FunctionNode;

/// A sub-function made by def_; calling it inside imperative code calls it
/// (`func.call`; a function of its own in HLS C++).
class Def {
public:
  explicit Def(std::shared_ptr<FunctionNode> node) : impl(std::move(node)) {}
  const std::string &name() const;
  /// Calls the function on `arguments` (tensors of the parameters' shapes
  /// and types). A function that returns a value gives it (the call is
  /// made where the expression is used); otherwise the call is a
  /// statement and 0 is returned.
  template <typename... T> Expr operator()(const T &...arguments) const {
    return call({Tensor(arguments)...});
  }
  Expr call(const std::vector<Tensor> &arguments) const;
  /// Calls a function with scalar parameters: `tensors` for its tensor
  /// parameters and `values` for its scalar ones, each in order.
  Expr call(const std::vector<Tensor> &tensors,
            const std::vector<Expr> &values) const;

private:
  std::shared_ptr<FunctionNode> impl;
};

struct Param {
  Param(std::vector<int64_t> shape, std::optional<Type> dtype = std::nullopt)
      : shape(std::move(shape)), dtype(dtype) {}
  std::vector<int64_t> shape;
  std::optional<Type> dtype;
};

namespace detail {
/// Starts recording sub-function `name`; its parameters as tensors (a
/// scalar parameter, of shape {}, is passed by value: see defValues).
std::vector<Tensor> beginDef(const std::string &name,
                             const std::vector<Param> &params, int arity);
/// The values the body of the sub-function being recorded reads its scalar
/// parameters by, in order.
std::vector<Expr> defValues();
/// Ends it, with the value it returns (null when none).
Def endDef(const Expr *result);
/// Abandons a sub-function whose body threw.
void abandonDef();
} // namespace detail

/// A sub-function (HeteroCL's hcl.def_) with tensor parameters of the given
/// shapes (a scalar: {1}) and types (default: the default type); `body`
/// takes the parameters as tensors, runs imperative code on them and may
/// return a value (an Expr) computed at its end.
template <typename F>
Def def_(const std::string &name, const std::vector<Param> &params, F body,
         SourceLocation where = SourceLocation::current()) {
  detail::LocationScope located(where);
  constexpr int arity = detail::arityOf<F, Tensor>();
  static_assert(arity >= 0, "the body must take up to 8 hcl::Tensor "
                            "parameters");
  for (const Param &param : params)
    if (param.shape.empty())
      throwError("def_ '" + name +
                 "': the C++ body takes tensors; a scalar "
                 "parameter is Param({1}) (shape {} is Python's by-value "
                 "scalar)");
  std::vector<Tensor> tensors = detail::beginDef(name, params, arity);
  try {
    using Result = decltype(detail::callWith<F, Tensor>(
        body, tensors, std::make_index_sequence<arity>{}));
    if constexpr (std::is_void_v<Result>) {
      detail::callWith<F, Tensor>(body, tensors,
                                  std::make_index_sequence<arity>{});
      return detail::endDef(nullptr);
    } else {
      Expr result(detail::callWith<F, Tensor>(
          body, tensors, std::make_index_sequence<arity>{}));
      return detail::endDef(&result);
    }
  } catch (...) {
    detail::abandonDef();
    throw;
  }
}

} // namespace hcl

#endif // HCL_FRONTEND_IMPERATIVE_H
