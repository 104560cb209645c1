//===- BindTensor.cpp - tensors, elements and stages ----------------------===//
//
// A[i, j] is an Element: an expression reading the element, which imperative
// code may assign (A[i, j] = v, hist[A[i]] += 1 through __setitem__).
// A[i][j] (HeteroCL's other spelling) indexes one dimension at a time
// through a PartialIndex. compute / update take the Python lambda's result
// as the body; the package names the loops after the lambda's parameters.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

namespace hclpy {

namespace {

using hcl::Tensor;

/// A[i] of a tensor of higher rank: the leading indices, waiting for more.
struct PartialIndex {
  Tensor tensor;
  std::vector<hcl::Expr> indices;
};

/// A tensor's axes, by position or loop name (HeteroCL's B.axis[0]).
struct AxisList {
  Tensor tensor;
};

std::vector<hcl::Expr> concat(std::vector<hcl::Expr> a,
                              const std::vector<hcl::Expr> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// Indexing `tensor` after `prefix`: an element, or still a prefix.
py::object index(const Tensor &tensor, std::vector<hcl::Expr> prefix,
                 py::handle key) {
  std::vector<hcl::Expr> indices = concat(std::move(prefix), toIndices(key));
  if (indices.size() < tensor.shape().size())
    return py::cast(PartialIndex{tensor, indices});
  return py::cast(hcl::Element(tensor, indices));
}

void store(const Tensor &tensor, std::vector<hcl::Expr> prefix, py::handle key,
           py::handle value) {
  tensor.store(concat(std::move(prefix), toIndices(key)),
               toExpr(value, "the value assigned"));
}

py::tuple shapeTuple(const Tensor &t) {
  py::tuple shape(t.shape().size());
  for (size_t d = 0; d < t.shape().size(); ++d)
    shape[d] = py::int_(t.shape()[d]);
  return shape;
}

hcl::Var axisOf(const Tensor &tensor, py::handle key) {
  if (py::isinstance<py::str>(key))
    return tensor.axis(key.cast<std::string>());
  if (!PyIndex_Check(key.ptr()))
    hcl::throwError("B.axis[k] takes a position or a loop name, got " +
                    typeName(key));
  std::optional<int64_t> given = toInt64(key);
  if (!given)
    hcl::throwError("'" + tensor.name() + "'.axis[" +
                    std::string(py::str(key)) + "]: position out of range");
  int64_t position = *given;
  if (position < 0)
    position += static_cast<int64_t>(tensor.shape().size());
  if (position < 0)
    hcl::throwError("'" + tensor.name() +
                    "'.axis: negative position out of "
                    "range");
  return tensor.axis(static_cast<size_t>(position));
}

} // namespace

void bindTensor(py::module_ &m) {
  // HeteroCL's A[i][k] = b and A[i][lo:hi] = v in imperative code: the
  // element with bit k, or bits lo .. hi - 1, replaced, stored back.
  py::class_<hcl::Element, hcl::Expr>(m, "Element")
      .def("__setitem__",
           [](hcl::Element &element, py::handle key, py::handle value) {
             hcl::Expr v = toExpr(value, "the value assigned");
             if (!py::isinstance<py::slice>(key)) {
               // HeteroCL stores the value's low bit (a cast to UInt(1)).
               element = hcl::set_bit(element, toExpr(key, "a bit index"),
                                      hcl::cast(hcl::UInt(1), v));
               return;
             }
             auto [hi, lo] = sliceBounds(element, key);
             element = hcl::set_slice(element, hi, lo, v);
           });

  py::class_<PartialIndex>(m, "PartialIndex")
      .def_property_readonly("_hcl_partial_message",
                             [](const PartialIndex &p) {
                               return "'" + p.tensor.name() + "' has " +
                                      std::to_string(p.tensor.shape().size()) +
                                      " dimensions but is indexed with " +
                                      std::to_string(p.indices.size());
                             })
      .def_property_readonly("shape",
                             [](const PartialIndex &p) {
                               // The dimensions not indexed yet.
                               py::list rest;
                               const auto &shape = p.tensor.shape();
                               for (size_t d = p.indices.size();
                                    d < shape.size(); ++d)
                                 rest.append(shape[d]);
                               return py::tuple(rest);
                             })
      .def_property_readonly(
          "dtype", [](const PartialIndex &p) { return p.tensor.dtype(); })
      // The tensor indexed: Python's Struct layer names its fields by it.
      .def_property_readonly("tensor",
                             [](const PartialIndex &p) { return p.tensor; })
      .def("__getitem__",
           [](const PartialIndex &p, py::handle key) {
             return index(p.tensor, p.indices, key);
           })
      .def("__setitem__",
           [](const PartialIndex &p, py::handle key, py::handle value) {
             store(p.tensor, p.indices, key, value);
           });

  py::class_<AxisList>(m, "AxisList")
      .def("__getitem__", [](const AxisList &a,
                             py::handle key) { return axisOf(a.tensor, key); })
      .def("__len__",
           [](const AxisList &a) { return a.tensor.shape().size(); });

  py::class_<Tensor>(m, "Tensor")
      .def_property_readonly("name", &Tensor::name)
      .def_property_readonly("_hcl_tensor_name", &Tensor::name)
      .def_property_readonly("shape", &shapeTuple)
      .def_property_readonly("dtype", &Tensor::dtype)
      .def_property_readonly("axis",
                             [](const Tensor &t) { return AxisList{t}; })
      .def_property(
          "v", [](const Tensor &t) { return t.v(); },
          [](const Tensor &t, py::handle value) {
            t.v() = toExpr(value, "the value assigned");
          })
      .def("__getitem__",
           [](const Tensor &t, py::handle key) { return index(t, {}, key); })
      .def("__setitem__", [](const Tensor &t, py::handle key,
                             py::handle value) { store(t, {}, key, value); })
      .def("__eq__",
           [](const Tensor &a, py::handle b) {
             return py::isinstance<Tensor>(b) &&
                    a.node() == b.cast<Tensor>().node();
           })
      .def("__hash__",
           [](const Tensor &t) {
             return py::hash(
                 py::int_(reinterpret_cast<intptr_t>(t.node().get())));
           })
      .def("__repr__", [](const Tensor &t) {
        std::string shape;
        for (int64_t d : t.shape())
          shape += (shape.empty() ? "" : ", ") + std::to_string(d);
        return "<hcl tensor '" + t.name() + "' (" + shape + ") " +
               t.dtype().str() + ">";
      });

  m.def(
      "placeholder",
      [](py::handle shape, const std::string &name,
         std::optional<hcl::Type> dtype) {
        // Located by the Python line the hcl package pins.
        return hcl::placeholder(toShape(shape, "placeholder"), name, dtype,
                                hcl::SourceLocation{});
      },
      py::arg("shape"), py::arg("name") = "", py::arg("dtype") = py::none());
  m.def("make_axes",
        [](py::handle shape, int arity, const std::string &what,
           const std::string &name, const std::vector<std::string> &names) {
          return hcl::detail::makeAxes(toShape(shape, what.c_str()), arity,
                                       what, name, names);
        });
  m.def("make_compute", [](py::handle shape, const std::vector<hcl::Var> &axes,
                           py::handle body, const std::string &name,
                           std::optional<hcl::Type> dtype) {
    return hcl::detail::makeCompute(toShape(shape, "compute"), axes,
                                    toExpr(body, "the value of a compute"),
                                    name, dtype);
  });
  m.def("make_update",
        [](const Tensor &target, const std::vector<hcl::Var> &axes,
           py::handle body, const std::string &name) {
          return hcl::detail::makeUpdate(
              target, axes, toExpr(body, "the value of an update"), name);
        });
  m.def(
      "scalar",
      [](py::handle init, const std::string &name,
         std::optional<hcl::Type> dtype) {
        return hcl::scalar(toExpr(init, "a scalar's value"), name, dtype,
                           hcl::SourceLocation{});
      },
      py::arg("init"), py::arg("name") = "", py::arg("dtype") = py::none());
  m.def("constant_float",
        py::overload_cast<const std::vector<double> &,
                          const std::vector<int64_t> &, const std::string &,
                          hcl::Type>(&hcl::constant));
  m.def("constant_int",
        py::overload_cast<const std::vector<int64_t> &,
                          const std::vector<int64_t> &, const std::string &,
                          hcl::Type>(&hcl::constant));
}

} // namespace hclpy
