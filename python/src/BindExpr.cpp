//===- BindExpr.cpp - expressions with Python's operators -----------------===//
//
// Every operator of the C++ Expr is a Python operator on hcl expressions,
// with Python ints and floats as literals on either side. An expression has
// no truth value while a program is being recorded, so `if e:`, `a and b`
// and chained comparisons are errors that point to select / if_ / & |.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

namespace hclpy {

namespace {

using hcl::Expr;
using BinaryOp = Expr (*)(const Expr &, const Expr &);

/// x.__op__(y) and x.__rop__(y) for one C++ operator.
template <typename Class>
void defBinary(Class &cls, const char *name, const char *reflected,
               BinaryOp op) {
  cls.def(name, [op](const Expr &a, py::handle b) { return op(a, toExpr(b)); });
  if (reflected)
    cls.def(reflected,
            [op](const Expr &a, py::handle b) { return op(toExpr(b), a); });
}

Expr add(const Expr &a, const Expr &b) { return a + b; }
Expr sub(const Expr &a, const Expr &b) { return a - b; }
Expr mul(const Expr &a, const Expr &b) { return a * b; }
Expr div(const Expr &a, const Expr &b) { return a / b; }
Expr mod(const Expr &a, const Expr &b) { return a % b; }
Expr bitAnd(const Expr &a, const Expr &b) { return a & b; }
Expr bitOr(const Expr &a, const Expr &b) { return a | b; }
Expr bitXor(const Expr &a, const Expr &b) { return a ^ b; }
Expr shl(const Expr &a, const Expr &b) { return a << b; }
Expr shr(const Expr &a, const Expr &b) { return a >> b; }
Expr eq(const Expr &a, const Expr &b) { return a == b; }
Expr ne(const Expr &a, const Expr &b) { return a != b; }
Expr lt(const Expr &a, const Expr &b) { return a < b; }
Expr le(const Expr &a, const Expr &b) { return a <= b; }
Expr gt(const Expr &a, const Expr &b) { return a > b; }
Expr ge(const Expr &a, const Expr &b) { return a >= b; }
Expr power(const Expr &a, const Expr &b) { return hcl::pow(a, b); }

/// HeteroCL's x[k] and x[lo:hi] (bits lo .. hi - 1, moved down).
Expr bits(const Expr &value, py::handle key) {
  if (!py::isinstance<py::slice>(key))
    return value[toExpr(key, "a bit index")];
  auto [hi, lo] = sliceBounds(value, key);
  return value.slice(hi, lo);
}

std::vector<hcl::Var> toAxes(py::handle axis) {
  std::vector<hcl::Var> axes;
  if (py::isinstance<hcl::Var>(axis)) {
    axes.push_back(axis.cast<hcl::Var>());
    return axes;
  }
  if (!py::isinstance<py::list>(axis) && !py::isinstance<py::tuple>(axis))
    hcl::throwError("a reduction's axis is a reduce_axis or a list of them, "
                    "got " +
                    typeName(axis));
  for (py::handle a : axis) {
    if (!py::isinstance<hcl::Var>(a))
      hcl::throwError("a reduction's axis list holds reduce_axis values, got " +
                      typeName(a));
    axes.push_back(a.cast<hcl::Var>());
  }
  return axes;
}

using Reduction = Expr (*)(const Expr &, const std::vector<hcl::Var> &,
                           std::optional<hcl::Type>);

void defReduction(py::module_ &m, const char *name, Reduction reduce) {
  m.def(
      name,
      [reduce](py::handle body, py::handle axis,
               std::optional<hcl::Type> dtype) {
        return reduce(toExpr(body, "a reduction's body"), toAxes(axis), dtype);
      },
      py::arg("expr"), py::arg("axis"), py::arg("dtype") = py::none());
}

using Unary = Expr (*)(const Expr &);

void defUnary(py::module_ &m, const char *name, Unary f) {
  m.def(name, [f](py::handle x) { return f(toExpr(x)); });
}

} // namespace

/// HeteroCL's x[lo:hi] is bits lo .. hi - 1, in Python's order (the C++
/// slice(hi, lo) is ap_int's range order, with hi inclusive). As in
/// HeteroCL, constant bounds with lo > hi are an error; so are an empty
/// slice (HeteroCL reads x[k:k] as all of x) and bounds outside the value.
std::pair<Expr, Expr> sliceBounds(const Expr &value, py::handle key) {
  py::object start = key.attr("start"), stop = key.attr("stop");
  if (start.is_none() || stop.is_none() || !key.attr("step").is_none())
    hcl::throwError("a bit slice is x[lo:hi] (bits lo to hi - 1, as in "
                    "HeteroCL), with both bounds and no step");
  bool constantBounds =
      PyIndex_Check(start.ptr()) && PyIndex_Check(stop.ptr()) &&
      !py::isinstance<Expr>(start) && !py::isinstance<Expr>(stop);
  if (!constantBounds || !value.type().isInteger())
    return {toExpr(stop, "a bit slice bound") - 1,
            toExpr(start, "a bit slice bound")};
  // Constant bounds are checked here, in the user's spelling (the C++ slice
  // would name hi - 1), and passed as constants so that the result is
  // UInt(hi - lo).
  std::optional<int64_t> lo = toInt64(start), hi = toInt64(stop);
  int64_t width = value.type().bits;
  if (!lo || !hi || *lo < 0 || *hi <= *lo || *hi > width) {
    std::string spelled = "x[" + std::string(py::str(start)) + ":" +
                          std::string(py::str(stop)) + "] of a " +
                          std::to_string(width) + "-bit value: ";
    std::string reason =
        lo && hi && *hi < *lo
            ? "the bounds are reversed; a bit slice x[lo:hi] takes bits lo "
              "to hi - 1, as in HeteroCL (use hcl.bit_reverse to reverse "
              "bits)"
        : lo && hi && *hi == *lo
            ? "the slice is empty; x[lo:hi] takes bits lo to hi - 1"
            : "a bit slice x[lo:hi] takes bits lo to hi - 1 and needs 0 <= "
              "lo < hi <= " +
                  std::to_string(width);
    hcl::throwError(spelled + reason);
  }
  return {Expr(*hi - 1), Expr(*lo)};
}

void bindExpr(py::module_ &m) {
  py::class_<Expr> expr(m, "Expr");
  expr.def_property_readonly("dtype", &Expr::type)
      .def("__neg__", [](const Expr &a) { return -a; })
      .def("__pos__", [](const Expr &a) { return a; })
      .def("__invert__", [](const Expr &a) { return ~a; })
      .def("__abs__", [](const Expr &a) { return hcl::abs(a); })
      .def("__getitem__", &bits)
      // HeteroCL's x.reverse(): the integer's bits in reverse order.
      .def("reverse", [](const Expr &a) { return hcl::bit_reverse(a); })
      .def("__bool__",
           [](const Expr &) -> bool {
             hcl::throwError(
                 "an hcl expression has no truth value while the program is "
                 "recorded: use hcl.select(c, a, b) for values, `with "
                 "hcl.if_(c):` for statements, and & | ~ instead of and, or, "
                 "not (and write a < b < c as (a < b) & (b < c))");
           })
      .def("__index__", [](const Expr &) -> int64_t {
        hcl::throwError("an hcl expression is not a Python int: it has no "
                        "value until the program runs (use it in hcl "
                        "expressions, or a Python int for shapes and ranges)");
      });
  defBinary(expr, "__add__", "__radd__", &add);
  defBinary(expr, "__sub__", "__rsub__", &sub);
  defBinary(expr, "__mul__", "__rmul__", &mul);
  defBinary(expr, "__truediv__", "__rtruediv__", &div);
  defBinary(expr, "__floordiv__", "__rfloordiv__", &div);
  defBinary(expr, "__mod__", "__rmod__", &mod);
  defBinary(expr, "__pow__", "__rpow__", &power);
  defBinary(expr, "__and__", "__rand__", &bitAnd);
  defBinary(expr, "__or__", "__ror__", &bitOr);
  defBinary(expr, "__xor__", "__rxor__", &bitXor);
  defBinary(expr, "__lshift__", "__rlshift__", &shl);
  defBinary(expr, "__rshift__", "__rrshift__", &shr);
  // Python reflects comparisons itself (1 < x is x > 1).
  defBinary(expr, "__eq__", nullptr, &eq);
  defBinary(expr, "__ne__", nullptr, &ne);
  defBinary(expr, "__lt__", nullptr, &lt);
  defBinary(expr, "__le__", nullptr, &le);
  defBinary(expr, "__gt__", nullptr, &gt);
  defBinary(expr, "__ge__", nullptr, &ge);
  // __eq__ builds an expression, so expressions hash by identity.
  expr.def("__hash__", [](py::handle self) {
    return py::hash(py::int_(reinterpret_cast<intptr_t>(self.ptr())));
  });

  py::class_<hcl::Var, Expr>(m, "Var")
      .def_property_readonly("name", &hcl::Var::name)
      .def_property_readonly("lo", &hcl::Var::lo)
      .def_property_readonly("hi", &hcl::Var::hi)
      .def_property_readonly("is_reduce_axis", &hcl::Var::isReduceAxis)
      .def("__repr__",
           [](const hcl::Var &v) { return "<hcl axis '" + v.name() + "'>"; });

  m.def("reduce_axis", &hcl::reduce_axis, py::arg("lower"), py::arg("upper"),
        py::arg("name") = "");
  m.def("select", [](py::handle c, py::handle a, py::handle b) {
    return hcl::select(toExpr(c, "a condition"), toExpr(a), toExpr(b));
  });
  m.def("cast", [](hcl::Type type, py::handle value) {
    return hcl::cast(type, toExpr(value));
  });
  m.def("bitcast", [](hcl::Type type, py::handle value) {
    return hcl::bitcast(type, toExpr(value));
  });
  m.def("set_bit", [](py::handle v, py::handle bit, py::handle b) {
    return hcl::set_bit(toExpr(v), toExpr(bit), toExpr(b));
  });
  m.def("set_slice",
        [](py::handle v, py::handle hi, py::handle lo, py::handle b) {
          return hcl::set_slice(toExpr(v), toExpr(hi), toExpr(lo), toExpr(b));
        });
  m.def("pow", [](py::handle a, py::handle b) {
    return hcl::pow(toExpr(a), toExpr(b));
  });
  m.def("min", [](py::handle a, py::handle b) {
    return hcl::min(toExpr(a), toExpr(b));
  });
  m.def("max", [](py::handle a, py::handle b) {
    return hcl::max(toExpr(a), toExpr(b));
  });
  m.def("logical_and",
        [](py::handle a, py::handle b) { return toExpr(a) && toExpr(b); });
  m.def("logical_or",
        [](py::handle a, py::handle b) { return toExpr(a) || toExpr(b); });
  m.def("logical_not", [](py::handle a) { return !toExpr(a); });
  const std::pair<const char *, Unary> unary[] = {
      {"exp", &hcl::exp},
      {"log", &hcl::log},
      {"sqrt", &hcl::sqrt},
      {"abs", &hcl::abs},
      {"tanh", &hcl::tanh},
      {"erf", &hcl::erf},
      {"floor", &hcl::floor},
      {"ceil", &hcl::ceil},
      {"round", &hcl::round},
      {"sin", &hcl::sin},
      {"cos", &hcl::cos},
      {"tan", &hcl::tan},
      {"asin", &hcl::asin},
      {"acos", &hcl::acos},
      {"atan", &hcl::atan},
      {"sinh", &hcl::sinh},
      {"cosh", &hcl::cosh},
      {"asinh", &hcl::asinh},
      {"acosh", &hcl::acosh},
      {"atanh", &hcl::atanh},
      {"isnan", &hcl::isnan},
      {"isinf", &hcl::isinf},
      {"bit_reverse", &hcl::bit_reverse}};
  for (const auto &[name, f] : unary)
    defUnary(m, name, f);
  defReduction(m, "sum", &hcl::sum);
  defReduction(m, "reduce_max", &hcl::reduce_max);
  defReduction(m, "reduce_min", &hcl::reduce_min);
  m.def(
      "reduce_with",
      [](py::handle init, py::function combine, py::handle axis,
         hcl::Type dtype) {
        return hcl::reduce_with(
            toExpr(init, "a reducer's init"),
            [&](Expr accumulator) {
              return toExpr(combine(accumulator), "a reducer's result");
            },
            toAxes(axis), dtype);
      },
      py::arg("init"), py::arg("combine"), py::arg("axis"), py::arg("dtype"));
}

} // namespace hclpy
