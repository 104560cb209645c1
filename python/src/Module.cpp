//===- Module.cpp - the hcl._hcl extension module -------------------------===//
//
// hcl::Error becomes hcl.Error, a RuntimeError carrying the front end's
// message; every other part of the API is added by its own bindX.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

PYBIND11_MODULE(_hcl, m) {
  m.doc() = "hcl's C++ front end; use it through the hcl package";
  auto error =
      pybind11::register_exception<hcl::Error>(m, "Error", PyExc_RuntimeError);
  error.attr("__module__") = "hcl";
  // Messages spell the API as Python does; the package pins the user's
  // Python line around each call that records a stage or a statement.
  hcl::detail::usePythonSpellings();
  m.def("pin_location", &hcl::detail::pinLocation);
  m.def("pinned_location", [] {
    return std::make_pair(hcl::detail::pinnedFile(), hcl::detail::pinnedLine());
  });
  hclpy::bindTypes(m);
  hclpy::bindExpr(m);
  hclpy::bindTensor(m);
  hclpy::bindImperative(m);
  hclpy::bindSchedule(m);
  hclpy::bindArray(m);
  hclpy::bindBuild(m);
}
