//===- BindArray.cpp - hcl.Array and NumPy --------------------------------===//
//
// An hcl.Array owns its elements (the runtime's host array, which a built
// module runs on in place). asnumpy() is a NumPy view of them, no copy,
// wherever NumPy has the type: integers of 8/16/32/64 bits, bool for
// UInt(1), float32/64. Integers of other widths are views of their
// container (an Int(12) in int16), kept wrapped to the width by the program.
// Fixed point and bfloat16 are a float64 copy of the values (the array holds
// the bits),
// wide integers an object array of Python ints. from_numpy copies once, as
// HeteroCL's asarray does, converting to the array's type.
//
//===----------------------------------------------------------------------===//

#include "ArrayStorage.h"
#include "Bindings.h"

#include <pybind11/numpy.h>

#include <cstring>

namespace hclpy {

namespace {

using hcl::Array;
using hcl::ElementKind;

/// NumPy's name of a container NumPy has ("" for Wide): the runtime's own
/// element names are NumPy's.
std::string numpyName(ElementKind kind) {
  return kind == ElementKind::Wide ? "" : hcl::elementName(kind).str();
}

hcl::HostArray &host(const Array &a) { return a.storage()->host; }

bool isStandardWidth(hcl::Type t) {
  return (t.isFloat() && !t.isBFloat()) ||
         (t.isInteger() &&
          (t.bits == 8 || t.bits == 16 || t.bits == 32 || t.bits == 64));
}

std::vector<py::ssize_t> stridesOf(const std::vector<int64_t> &shape,
                                   size_t element) {
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t stride = element;
  for (size_t d = shape.size(); d-- > 0;) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return strides;
}

/// The elements as NumPy sees them; `self` keeps the storage alive.
py::array asNumpy(py::object self) {
  const Array &a = self.cast<const Array &>();
  hcl::Type t = a.dtype();
  std::vector<py::ssize_t> shape(a.shape().begin(), a.shape().end());
  if (t.isFixed() || t.isBFloat()) { // NumPy has no bfloat16
    py::array_t<double> values(shape);
    double *out = values.mutable_data();
    for (int64_t i = 0; i < a.size(); ++i)
      out[i] = a.getDouble(i);
    return std::move(values);
  }
  if (host(a).kind() == ElementKind::Wide) {
    // The low `bits` bits, sign-extended for Int(n).
    py::array values(py::dtype("object"), shape);
    py::object fromBytes =
        py::module_::import("builtins").attr("int").attr("from_bytes");
    py::object one = py::int_(1);
    py::object modulus = one.attr("__lshift__")(t.bits);
    py::object half = one.attr("__lshift__")(t.bits - 1);
    auto **out = static_cast<PyObject **>(values.mutable_data());
    for (int64_t i = 0; i < a.size(); ++i) {
      std::vector<uint8_t> bytes = a.getBytes(i);
      py::object v = fromBytes(
          py::bytes(reinterpret_cast<const char *>(bytes.data()), bytes.size()),
          "little");
      v = v.attr("__mod__")(modulus);
      if (!t.isUnsigned() && v.attr("__ge__")(half).cast<bool>())
        v = v.attr("__sub__")(modulus);
      Py_XDECREF(out[i]);
      out[i] = v.release().ptr();
    }
    return values;
  }
  py::dtype dtype(numpyName(host(a).kind()));
  return py::array(dtype, shape, stridesOf(a.shape(), dtype.itemsize()),
                   host(a).data(), self);
}

/// Fills `a` from `values` (any NumPy array of its shape).
void fill(Array &a, py::array values) {
  hcl::Type t = a.dtype();
  if (t.isFixed() || t.isBFloat()) {
    auto v =
        py::array_t<double, py::array::c_style | py::array::forcecast>(values);
    for (int64_t i = 0; i < a.size(); ++i)
      a.setDouble(i, v.data()[i]);
    return;
  }
  if (isStandardWidth(t)) {
    // NumPy converts (float to int truncates, as C does); one memcpy in.
    py::dtype dtype(numpyName(host(a).kind()));
    py::array converted =
        py::array::ensure(values.attr("astype")(dtype, py::arg("order") = "C"));
    // An array with no elements has no storage (a null data()), and
    // memcpy's arguments must not be null even for no bytes.
    if (a.size() != 0)
      std::memcpy(host(a).data(), converted.data(),
                  a.size() * dtype.itemsize());
    return;
  }
  if (host(a).kind() == ElementKind::Wide && values.dtype().kind() == 'O') {
    // Python ints of any size: their low `bits` bits, little-endian.
    py::int_ mask = py::int_(1).attr("__lshift__")(t.bits) - py::int_(1);
    py::object flat = values.attr("flat");
    for (int64_t i = 0; i < a.size(); ++i) {
      std::string bytes =
          py::bytes((py::int_(flat[py::int_(i)]) & mask)
                        .attr("to_bytes")((t.bits + 7) / 8, "little"));
      a.setBytes(i, std::vector<uint8_t>(bytes.begin(), bytes.end()));
    }
    return;
  }
  // Other widths are wrapped element by element, as the hardware would.
  auto v =
      py::array_t<int64_t, py::array::c_style | py::array::forcecast>(values);
  for (int64_t i = 0; i < a.size(); ++i)
    a.setInt(i, v.data()[i]);
}

/// Refuses shapes whose byte size overflows (the product would wrap and
/// the array would claim elements it does not have).
std::vector<int64_t> checkedShape(std::vector<int64_t> shape) {
  uint64_t bytes = 64; // the widest element
  for (int64_t d : shape)
    if (d > 0 && __builtin_mul_overflow(bytes, uint64_t(d), &bytes))
      hcl::throwError("Array: the shape is too large for memory");
  if (bytes > (uint64_t(1) << 48))
    hcl::throwError("Array: the shape is too large for memory");
  return shape;
}

Array fromNumpy(py::handle object, hcl::Type dtype) {
  py::array values = py::array::ensure(object);
  if (!values)
    hcl::throwError("asarray: expected a NumPy array (or something NumPy "
                    "converts), got " +
                    typeName(object));
  std::vector<int64_t> shape(values.shape(), values.shape() + values.ndim());
  Array a(shape, dtype);
  fill(a, values);
  return a;
}

/// Copies `from` into `to` (csim results read back into the caller's array).
void copyFrom(Array &to, const Array &from) {
  if (host(to).elementBytes() != host(from).elementBytes() ||
      to.size() != from.size())
    hcl::throwError("copy of an " + from.dtype().str() + " array of " +
                    std::to_string(from.size()) + " elements into an " +
                    to.dtype().str() + " array of " +
                    std::to_string(to.size()));
  if (host(to).sizeInBytes() != 0) // no storage to copy (data() is null)
    std::memcpy(host(to).data(), host(from).data(), host(to).sizeInBytes());
}

} // namespace

void bindArray(py::module_ &m) {
  py::class_<Array>(m, "Array")
      .def(py::init([](py::handle shape, hcl::Type dtype) {
        return Array(checkedShape(toShape(shape, "Array")), dtype);
      }))
      .def_static("from_numpy", &fromNumpy)
      .def_static("load", &Array::load)
      .def("save", &Array::save)
      .def("asnumpy", &asNumpy)
      .def("copy_from", &copyFrom)
      .def_property_readonly("dtype", &Array::dtype)
      .def_property_readonly("shape", [](const Array &a) {
        return py::tuple(py::cast(a.shape()));
      });
}

} // namespace hclpy
