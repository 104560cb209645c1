//===- FrontendTestSupport.h - what the front end's tests share -*- C++ -*-===//
//
// The front end's tests use hcl through its installed headers only, as users
// do; these helpers are the few things every such test needs.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_UNITTESTS_FRONTEND_FRONTENDTESTSUPPORT_H
#define HCL_UNITTESTS_FRONTEND_FRONTENDTESTSUPPORT_H

#include "hcl/Frontend/Error.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

namespace hcl::test {

/// The message of the hcl::Error `f` throws ("" when it throws none).
template <typename F> std::string errorOf(F f) {
  try {
    f();
  } catch (const Error &e) {
    return e.what();
  }
  return "";
}

inline bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

/// A file's whole text ("" when it cannot be read).
inline std::string readFile(const std::string &path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

/// A path for `name` in gtest's scratch directory.
inline std::string scratchPath(const std::string &name) {
  return ::testing::TempDir() + "/" + name;
}

} // namespace hcl::test

#endif // HCL_UNITTESTS_FRONTEND_FRONTENDTESTSUPPORT_H
