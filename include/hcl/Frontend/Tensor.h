//===- Tensor.h - tensors and stages of the hcl C++ API ---------*- C++ -*-===//
//
// placeholder() declares an input; compute() a tensor computed by a loop nest
// (one stage, named after the tensor, with one loop per dimension); update()
// a stage that rewrites an existing tensor; scalar() a one-element tensor.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_TENSOR_H
#define HCL_FRONTEND_TENSOR_H

#include "hcl/Frontend/Expr.h"
#include "hcl/Frontend/SourceLocation.h"

#include <utility>

namespace hcl {

class Element;

class Tensor {
public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<TensorNode> node) : impl(std::move(node)) {}

  const std::string &name() const;
  const std::vector<int64_t> &shape() const;
  Type dtype() const;

  /// The element at `indices` (index expressions or integers): a read,
  /// or in imperative code the target of an assignment (`B(i) = A(i)`,
  /// `hist(A(i)) += 1`). Indices may be data-dependent (gather, scatter).
  template <typename... Index> Element operator()(Index &&...indices) const;
  Expr read(const std::vector<Expr> &indices) const;
  /// Stores `value` at `indices` (imperative code only).
  void store(const std::vector<Expr> &indices, const Expr &value) const;
  /// The only element of a one-element tensor (HeteroCL's x.v): a scalar.
  Element v() const;

  /// The index variable of the stage computing this tensor, by position or
  /// by name (HeteroCL's B.axis[0]); reduction axes are found by name.
  Var axis(size_t position) const;
  Var axis(const std::string &name) const;

  const std::shared_ptr<TensorNode> &node() const { return impl; }

private:
  std::shared_ptr<TensorNode> impl;
};

/// An element of a tensor: an expression that reads it, which imperative
/// code may also assign (HeteroCL's `A[i] = v`, `hist[A[i]] += 1`).
class Element : public Expr {
public:
  Element(const Tensor &tensor, std::vector<Expr> indices);
  Element(const Element &) = default;
  Element &operator=(const Expr &value);
  Element &operator=(const Element &value) {
    return *this = static_cast<const Expr &>(value);
  }
  Element &operator+=(const Expr &value);
  Element &operator-=(const Expr &value);
  Element &operator*=(const Expr &value);
  Element &operator/=(const Expr &value);

private:
  Tensor tensor;
  std::vector<Expr> indices;
};

template <typename... Index>
Element Tensor::operator()(Index &&...indices) const {
  return Element(*this, {Expr(std::forward<Index>(indices))...});
}

/// An input of the program. `where` (the caller's line) locates it in
/// messages and, when it is unnamed, describes it.
Tensor placeholder(const std::vector<int64_t> &shape,
                   const std::string &name = "",
                   std::optional<Type> dtype = std::nullopt,
                   SourceLocation where = SourceLocation::current());

namespace detail {

constexpr int kMaxRank = 8;

template <typename F, typename Arg, size_t... I>
constexpr bool invocableWith(std::index_sequence<I...>) {
  return std::is_invocable_v<F, decltype((void)I, std::declval<Arg>())...>;
}

/// How many `Arg`s the callable takes (0..kMaxRank), or -1.
template <typename F, typename Arg, int N = 0> constexpr int arityOf() {
  if constexpr (N > kMaxRank)
    return -1;
  else if constexpr (invocableWith<F, Arg>(std::make_index_sequence<N>{}))
    return N;
  else
    return arityOf<F, Arg, N + 1>();
}

template <typename F, typename Arg, size_t... I>
decltype(auto) callWith(F &f, const std::vector<Arg> &args,
                        std::index_sequence<I...>) {
  return f(args[I]...);
}

/// The stage's index variables; throws when `arity` is not the rank.
std::vector<Var> makeAxes(const std::vector<int64_t> &shape, int arity,
                          const std::string &what, const std::string &name,
                          const std::vector<std::string> &axisNames);
Tensor makeCompute(const std::vector<int64_t> &shape,
                   const std::vector<Var> &axes, const Expr &body,
                   const std::string &name, std::optional<Type> dtype);
Tensor makeUpdate(const Tensor &target, const std::vector<Var> &axes,
                  const Expr &body, const std::string &name);

template <typename F> Expr callLambda(F &f, const std::vector<Var> &axes) {
  constexpr int arity = arityOf<F, Var>();
  static_assert(arity >= 0, "the lambda must take up to 8 hcl::Var index "
                            "variables and return an hcl::Expr");
  return Expr(callWith<F, Var>(f, axes, std::make_index_sequence<arity>{}));
}

} // namespace detail

/// A tensor of `shape` whose element at (i, j, ...) is `f(i, j, ...)`
/// (HeteroCL's hcl.compute). The loops are named `axisNames`, or i, j, k,
/// l, m, n, o, p by position. The stage's operations are located at
/// `where`, the caller's line (SourceLocation.h).
template <typename F>
Tensor compute(const std::vector<int64_t> &shape, F f,
               const std::string &name = "",
               std::optional<Type> dtype = std::nullopt,
               const std::vector<std::string> &axisNames = {},
               SourceLocation where = SourceLocation::current()) {
  detail::LocationScope located(where);
  std::vector<Var> axes = detail::makeAxes(shape, detail::arityOf<F, Var>(),
                                           "compute", name, axisNames);
  return detail::makeCompute(shape, axes, detail::callLambda(f, axes), name,
                             dtype);
}

/// A stage that sets every element of `target` to `f(i, j, ...)`, which may
/// read `target` itself (HeteroCL's hcl.update).
template <typename F>
Tensor update(const Tensor &target, F f, const std::string &name = "",
              const std::vector<std::string> &axisNames = {},
              SourceLocation where = SourceLocation::current()) {
  detail::LocationScope located(where);
  std::vector<Var> axes = detail::makeAxes(
      target.shape(), detail::arityOf<F, Var>(), "update", name, axisNames);
  return detail::makeUpdate(target, axes, detail::callLambda(f, axes), name);
}

/// A tensor whose values are known when the program is built (weights): a
/// read-only global of the program (`memref.global constant`), a `static
/// const` array in HLS C++. `values` are row-major and converted to `dtype`
/// (integers and UInt(1) from int64, floats from double); may be created
/// inside or outside a kernel.
Tensor constant(const std::vector<double> &values,
                const std::vector<int64_t> &shape, const std::string &name,
                Type dtype);
Tensor constant(const std::vector<int64_t> &values,
                const std::vector<int64_t> &shape, const std::string &name,
                Type dtype);

/// A one-element tensor holding `init` (HeteroCL's hcl.scalar); read it as
/// `s(0)` or `s.v()`. Inside imperative code it is a local variable of the
/// stage (or sub-function), set to `init` where it is declared and
/// assignable (`x.v() = x.v() + 1`); elsewhere a stage of its own.
Tensor scalar(const Expr &init, const std::string &name = "",
              std::optional<Type> dtype = std::nullopt,
              SourceLocation where = SourceLocation::current());

} // namespace hcl

#endif // HCL_FRONTEND_TENSOR_H
