//===- BindImperative.cpp - for_, if_, while_, stages and def_ ------------===//
//
// HeteroCL's `with hcl.for_(0, N, name="i") as i:`, `with hcl.if_(c):`,
// `with hcl.Stage("S"):` map to the C++ constructs through OpenScope (the
// construct's body is the with-block). mutate and def_ take a Python
// function, which the C++ calls while its scope is open. The constructs
// are located by the Python line the hcl package pins (an empty C++ one).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "OpenScope.h"

namespace hclpy {

namespace {

using Body = OpenScope::Body;

std::unique_ptr<OpenScope> forScope(py::handle lo, py::handle hi, int64_t step,
                                    const std::string &name) {
  hcl::Expr from = toExpr(lo, "a loop bound"), to = toExpr(hi, "a loop bound");
  return std::make_unique<OpenScope>("for_", [=](const Body &body) {
    hcl::for_(from, to, step, [&](hcl::Var i) { body(i); }, name, {});
  });
}

std::unique_ptr<OpenScope> whileScope(py::handle condition,
                                      const std::string &name,
                                      int64_t maxTripCount) {
  hcl::Expr c = toExpr(condition, "a while_ condition");
  return std::make_unique<OpenScope>("while_", [=](const Body &body) {
    hcl::while_(c, [&] { body(std::nullopt); }, name, maxTripCount, {});
  });
}

std::unique_ptr<OpenScope> ifScope(py::handle condition) {
  hcl::Expr c = toExpr(condition, "an if_ condition");
  return std::make_unique<OpenScope>("if_", [=](const Body &body) {
    hcl::if_(c, [&] { body(std::nullopt); }, {});
  });
}

std::unique_ptr<OpenScope> elifScope(py::handle condition) {
  hcl::Expr c = toExpr(condition, "an elif_ condition");
  return std::make_unique<OpenScope>("elif_", [=](const Body &body) {
    hcl::elif_(c, [&] { body(std::nullopt); }, {});
  });
}

std::unique_ptr<OpenScope> elseScope() {
  return std::make_unique<OpenScope>("else_", [](const Body &body) {
    hcl::else_([&] { body(std::nullopt); }, {});
  });
}

std::unique_ptr<OpenScope> stageScope(const std::string &name) {
  return std::make_unique<OpenScope>("Stage", [=](const Body &body) {
    hcl::stage(name, [&] { body(std::nullopt); }, {});
  });
}

hcl::Def endDef(py::handle result) {
  if (result.is_none())
    return hcl::detail::endDef(nullptr);
  hcl::Expr value = toExpr(result, "a def_ function's return value");
  return hcl::detail::endDef(&value);
}

} // namespace

void bindImperative(py::module_ &m) {
  py::class_<OpenScope>(m, "OpenScope")
      .def("__enter__",
           [](OpenScope &s) -> py::object {
             std::optional<hcl::Var> var = s.enter();
             return var ? py::cast(*var) : py::none();
           })
      .def("__exit__",
           [](OpenScope &s, py::handle type, py::handle, py::handle) {
             s.exit(!type.is_none());
             return false;
           });
  m.def("for_scope", &forScope);
  m.def("while_scope", &whileScope);
  m.def("if_scope", &ifScope);
  m.def("elif_scope", &elifScope);
  m.def("else_scope", &elseScope);
  m.def("stage_scope", &stageScope);
  m.def("break_", [] { hcl::break_({}); });
  m.def("print", [](py::list values, std::optional<std::string> format) {
    std::vector<hcl::Expr> exprs;
    for (py::handle v : values)
      exprs.push_back(toExpr(v, "a printed value"));
    hcl::print(exprs, format, {});
  });

  m.def("make_mutate", [](py::handle shape, const std::vector<hcl::Var> &axes,
                          py::function body, const std::string &name) {
    hcl::detail::makeMutate(
        toShape(shape, "mutate"), axes, [&] { body(); }, name);
  });

  py::class_<hcl::Def>(m, "Def")
      .def_property_readonly("name", &hcl::Def::name)
      .def("__call__", [](const hcl::Def &f, py::args arguments) {
        // Tensors go to tensor parameters, anything else (an expression,
        // a number) to scalar ones; Def::call checks they match.
        std::vector<hcl::Tensor> tensors;
        std::vector<hcl::Expr> values;
        for (py::handle a : arguments) {
          if (py::isinstance<hcl::Tensor>(a))
            tensors.push_back(a.cast<hcl::Tensor>());
          else
            values.push_back(toExpr(a, "an argument of a def_ function"));
        }
        return f.call(tensors, values);
      });
  m.def("begin_def", [](const std::string &name, py::list params, int arity) {
    std::vector<hcl::Param> list;
    for (py::handle p : params) {
      auto pair = p.cast<py::tuple>();
      list.emplace_back(toShape(pair[0], "def_"),
                        pair[1].cast<std::optional<hcl::Type>>());
    }
    // The body's arguments: tensors, and expressions for scalar ones.
    std::vector<hcl::Tensor> tensors = hcl::detail::beginDef(name, list, arity);
    std::vector<hcl::Expr> values = hcl::detail::defValues();
    py::list result;
    size_t nextTensor = 0, nextValue = 0;
    for (const hcl::Param &p : list) {
      if (p.shape.empty())
        result.append(py::cast(values[nextValue++]));
      else
        result.append(py::cast(tensors[nextTensor++]));
    }
    return result;
  });
  m.def("local_tensor",
        [](py::handle shape, const std::string &name,
           hcl::Type dtype) -> py::object {
          auto local =
              hcl::detail::localTensor(toShape(shape, "compute"), name, dtype);
          return local ? py::cast(*local) : py::none();
        });
  m.def("in_imperative_code", &hcl::detail::inImperativeCode);
  m.def("end_def", &endDef);
  m.def("abandon_def", &hcl::detail::abandonDef);
}

} // namespace hclpy
