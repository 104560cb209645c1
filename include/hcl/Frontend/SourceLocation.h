//===- SourceLocation.h - the user's file and line --------------*- C++ -*-===//
//
// Part of hcl's installed C++ front end: standard C++17 only. The API's
// functions that build a stage or a statement take a SourceLocation as
// their last argument, defaulted to the caller's line, so that the operations
// they become carry it and an error names the user's code:
//
//   hcl::compute({8}, [&](hcl::Var i) { return A(i + 1); }, "B");
//   // build: oob.cpp:12: error: index out of bounds: ... 'A' ... stage 'B'
//
// With C++20's <source_location> it is std::source_location::current();
// with C++17 GCC and Clang it is __builtin_FILE() / __builtin_LINE(), which
// they evaluate at the call site in a default argument just the same.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_SOURCELOCATION_H
#define HCL_FRONTEND_SOURCELOCATION_H

#if __has_include(<version>)
#include <version>
#endif
#if defined(__cpp_lib_source_location)
#include <source_location>
#endif

#include <string>

namespace hcl {

/// A file and line of the user's program; empty when unknown (file is "").
struct SourceLocation {
  const char *file = "";
  unsigned line = 0;

  bool known() const { return file && *file && line; }

#if defined(__cpp_lib_source_location)
  static constexpr SourceLocation
  current(std::source_location where = std::source_location::current()) {
    return {where.file_name(), static_cast<unsigned>(where.line())};
  }
#elif defined(__GNUC__) || defined(__clang__)
  static constexpr SourceLocation current(const char *file = __builtin_FILE(),
                                          unsigned line = __builtin_LINE()) {
    return {file, line};
  }
#else
  static constexpr SourceLocation current() { return {}; }
#endif
};

namespace detail {

/// While it lives, what the front end records is located at `where` (the
/// user's call of a public function), unless the Python front end has
/// pinned a location: then the Python line wins.
class LocationScope {
public:
  explicit LocationScope(SourceLocation where);
  ~LocationScope();
  LocationScope(const LocationScope &) = delete;
  LocationScope &operator=(const LocationScope &) = delete;

private:
  SourceLocation saved;
};

/// The Python front end: the user's file and line, which locates what is
/// recorded until it is pinned again (an empty file unpins).
void pinLocation(const std::string &file, unsigned line);
/// The location pinned now (file "" when none), to restore it later.
std::string pinnedFile();
unsigned pinnedLine();

/// Errors spell the API as Python does (`hcl.Stage`, `hcl.cast`) rather
/// than as C++ does (`hcl::stage`, `hcl::cast`); set by the Python module.
void usePythonSpellings();

} // namespace detail

} // namespace hcl

#endif // HCL_FRONTEND_SOURCELOCATION_H
