//===- Error.h - the exception the hcl C++ API throws -----------*- C++ -*-===//
//
// Part of hcl's installed C++ front end: standard C++ only, no MLIR headers.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_ERROR_H
#define HCL_FRONTEND_ERROR_H

#include <stdexcept>
#include <string>

namespace hcl {

/// Every error of the front end: a message that names the stage, axis or
/// tensor involved, or carries the compiler's diagnostic.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string &message);
  ~Error() override;
};

/// Throws hcl::Error. (The library is built without RTTI; throwing from one
/// place built with it keeps `catch (const hcl::Error &)` working for users.)
[[noreturn]] void throwError(const std::string &message);

} // namespace hcl

#endif // HCL_FRONTEND_ERROR_H
