//===- Conversions.cpp - Python values as front-end values ----------------===//
//
// Python ints and floats are literals of the expression they meet (the
// front end's untyped constants); the element types are hcl.Type values.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

namespace hclpy {

std::string typeName(py::handle value) {
  return py::str(py::type::handle_of(value).attr("__name__"));
}

/// NumPy scalars are not Python ints or floats but say what they are.
static bool isNumpyFloat(py::handle value) {
  return py::hasattr(value, "dtype") && py::hasattr(value, "is_integer") &&
         !PyIndex_Check(value.ptr());
}

std::optional<int64_t> toInt64(py::handle value) {
  PyObject *index = PyNumber_Index(value.ptr());
  if (!index)
    throw py::error_already_set();
  py::int_ number = py::reinterpret_steal<py::int_>(index);
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow)
    return std::nullopt;
  return static_cast<int64_t>(v);
}

hcl::Expr toExpr(py::handle value, const char *what) {
  if (py::isinstance<hcl::Expr>(value))
    return value.cast<hcl::Expr>();
  if (py::isinstance<py::bool_>(value))
    return hcl::Expr(static_cast<int64_t>(value.cast<bool>()));
  // Before the int test: the package gives A[i] of a 2-D tensor an
  // __index__ that raises, so PyIndex_Check holds for it.
  if (py::hasattr(value, "_hcl_partial_message"))
    hcl::throwError(std::string(py::str(value.attr("_hcl_partial_message"))) +
                    " (used as " + what + ")");
  if (PyIndex_Check(value.ptr())) {
    std::optional<int64_t> v = toInt64(value);
    if (!v)
      hcl::throwError("the integer " + std::string(py::str(value)) +
                      " does not fit in 64 bits; build wide constants with "
                      "shifts and | on hcl.cast(hcl.UInt(n), ...)");
    return hcl::Expr(*v);
  }
  if (py::isinstance<py::float_>(value) || isNumpyFloat(value))
    return hcl::Expr(py::reinterpret_borrow<py::object>(value)
                         .attr("__float__")()
                         .cast<double>());
  if (py::hasattr(value, "_hcl_tensor_name"))
    hcl::throwError("tensor '" +
                    std::string(py::str(value.attr("_hcl_tensor_name"))) +
                    "' used as " + what +
                    ": index it (A[i, j]), or use .v "
                    "for a scalar");
  hcl::throwError(std::string("expected an hcl expression or a number as ") +
                  what + ", got " + typeName(value));
}

std::vector<hcl::Expr> toIndices(py::handle key) {
  std::vector<hcl::Expr> indices;
  if (py::isinstance<py::tuple>(key)) {
    for (py::handle index : key)
      indices.push_back(toExpr(index, "an index"));
    return indices;
  }
  if (py::isinstance<py::slice>(key))
    hcl::throwError("tensors are indexed element by element (A[i, j]); "
                    "slices of tensors are not expressions");
  indices.push_back(toExpr(key, "an index"));
  return indices;
}

std::vector<int64_t> toShape(py::handle shape, const char *what) {
  std::vector<int64_t> sizes;
  auto addSize = [&](py::handle size) {
    if (!PyIndex_Check(size.ptr()) || py::isinstance<py::bool_>(size))
      hcl::throwError(std::string(what) +
                      ": a shape holds integer sizes, "
                      "got " +
                      typeName(size));
    std::optional<int64_t> size64 = toInt64(size);
    if (!size64)
      hcl::throwError(std::string(what) + ": the size " +
                      std::string(py::str(size)) + " does not fit in 64 bits");
    int64_t v = *size64;
    if (v < 0)
      hcl::throwError(std::string(what) + ": sizes must be non-negative, got " +
                      std::to_string(v));
    sizes.push_back(v);
  };
  if (PyIndex_Check(shape.ptr())) {
    addSize(shape);
    return sizes;
  }
  if (!py::isinstance<py::tuple>(shape) && !py::isinstance<py::list>(shape))
    hcl::throwError(std::string(what) +
                    ": the shape must be a tuple of "
                    "sizes, got " +
                    typeName(shape));
  for (py::handle size : shape)
    addSize(size);
  return sizes;
}

void bindTypes(py::module_ &m) {
  py::enum_<hcl::Type::Kind>(m, "TypeKind")
      .value("Int", hcl::Type::Kind::Int)
      .value("UInt", hcl::Type::Kind::UInt)
      .value("Float", hcl::Type::Kind::Float)
      .value("Fixed", hcl::Type::Kind::Fixed)
      .value("UFixed", hcl::Type::Kind::UFixed)
      .value("BFloat", hcl::Type::Kind::BFloat);
  py::class_<hcl::Type>(m, "Type")
      .def_readonly("kind", &hcl::Type::kind)
      .def_readonly("bits", &hcl::Type::bits)
      // HeteroCL's fracs: the fraction bits of fixed point, the mantissa
      // bits of a float (23, 52), 0 for integers; exponent: a float's.
      .def_property_readonly(
          "fracs",
          [](const hcl::Type &t) -> unsigned {
            if (!t.isFloat())
              return t.frac;
            if (t.isBFloat())
              return 7;
            return t.bits == 64 ? 52 : t.bits == 16 ? 10 : 23;
          })
      .def_property_readonly("exponent",
                             [](const hcl::Type &t) -> py::object {
                               if (!t.isFloat())
                                 return py::none();
                               return py::int_(t.bits == 64 ? 11
                                               : t.bits == 16 && !t.isBFloat()
                                                   ? 5
                                                   : 8);
                             })
      .def("__str__", &hcl::Type::str)
      .def("__repr__",
           [](const hcl::Type &t) {
             switch (t.kind) {
             case hcl::Type::Kind::Int:
               return "hcl.Int(" + std::to_string(t.bits) + ")";
             case hcl::Type::Kind::UInt:
               return "hcl.UInt(" + std::to_string(t.bits) + ")";
             case hcl::Type::Kind::Float:
               return "hcl.Float(" + std::to_string(t.bits) + ")";
             case hcl::Type::Kind::Fixed:
               return "hcl.Fixed(" + std::to_string(t.bits) + ", " +
                      std::to_string(t.frac) + ")";
             case hcl::Type::Kind::UFixed:
               return "hcl.UFixed(" + std::to_string(t.bits) + ", " +
                      std::to_string(t.frac) + ")";
             case hcl::Type::Kind::BFloat:
               return std::string("hcl.BFloat16()");
             }
             return t.str();
           })
      .def("__eq__",
           [](const hcl::Type &a, py::object b) {
             return py::isinstance<hcl::Type>(b) && a == b.cast<hcl::Type>();
           })
      .def("__hash__", [](const hcl::Type &t) {
        return py::hash(py::make_tuple(int(t.kind), t.bits, t.frac));
      });
  m.def("Int", &hcl::Int, py::arg("bits") = 32);
  m.def("UInt", &hcl::UInt, py::arg("bits") = 32);
  m.def("Float", &hcl::Float, py::arg("bits") = 32);
  m.def("BFloat16", &hcl::BFloat16);
  m.def("Fixed", &hcl::Fixed, py::arg("bits"), py::arg("fracs"));
  m.def("UFixed", &hcl::UFixed, py::arg("bits"), py::arg("fracs"));
  m.def("init", &hcl::init);
  m.def("get_default_type", &hcl::getDefaultType);
}

} // namespace hclpy
