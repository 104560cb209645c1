//===- Bindings.h - the pieces of the hcl._hcl extension --------*- C++ -*-===//
//
// hcl._hcl binds the C++ front end (include/hcl/Frontend) for the Python
// package in python/hcl, which gives it HeteroCL's spelling. Each bindX
// function adds one part of the API to the module.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_PYTHON_BINDINGS_H
#define HCL_PYTHON_BINDINGS_H

#include "hcl/Frontend/hcl.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace hclpy {

namespace py = pybind11;

/// A Python operand as an expression: an hcl expression, a Python (or
/// NumPy) int, float or bool. Anything else is an hcl.Error naming `what`.
hcl::Expr toExpr(py::handle value, const char *what = "an operand");

/// An int-like Python value (int, NumPy integer, anything with __index__)
/// as a 64-bit int; nullopt when it does not fit. Errors of __index__
/// propagate as Python exceptions.
std::optional<int64_t> toInt64(py::handle value);

/// The bounds (hi, lo), both inclusive, of HeteroCL's bit slice x[lo:hi]
/// (bits lo .. hi - 1) of `value`. Constant bounds are checked: reversed
/// (as HeteroCL), empty or outside the value is an hcl.Error.
std::pair<hcl::Expr, hcl::Expr> sliceBounds(const hcl::Expr &value,
                                            py::handle key);

/// The indices of A[i, j] (a tuple) or A[i] (one index).
std::vector<hcl::Expr> toIndices(py::handle key);

/// A shape: a tuple or list of non-negative ints, or one int.
std::vector<int64_t> toShape(py::handle shape, const char *what);

/// The name of a Python object's type, for messages.
std::string typeName(py::handle value);

void bindTypes(py::module_ &m);
void bindExpr(py::module_ &m);
void bindTensor(py::module_ &m);
void bindImperative(py::module_ &m);
void bindSchedule(py::module_ &m);
void bindArray(py::module_ &m);
void bindBuild(py::module_ &m);

} // namespace hclpy

#endif // HCL_PYTHON_BINDINGS_H
