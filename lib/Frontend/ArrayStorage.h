//===- ArrayStorage.h - what an hcl::Array holds ----------------*- C++ -*-===//

#ifndef HCL_LIB_FRONTEND_ARRAYSTORAGE_H
#define HCL_LIB_FRONTEND_ARRAYSTORAGE_H

#include "hcl/Frontend/Array.h"
#include "hcl/Runtime/HostArray.h"

namespace hcl {

namespace detail {
struct ArrayStorage {
  Type dtype;
  HostArray host;
};
} // namespace detail

/// The standard container of a type's elements (i12 in int16).
ElementKind containerKind(Type type);

} // namespace hcl

#endif // HCL_LIB_FRONTEND_ARRAYSTORAGE_H
