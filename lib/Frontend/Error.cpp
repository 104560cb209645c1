//===- Error.cpp - the exception the hcl C++ API throws -------------------===//
//
// Built with RTTI (the rest of hcl is not) so that the type information of
// hcl::Error is emitted here, once, for users' catch clauses.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/Error.h"

namespace hcl {

Error::Error(const std::string &message) : std::runtime_error(message) {}
Error::~Error() = default;

void throwError(const std::string &message) { throw Error(message); }

} // namespace hcl
