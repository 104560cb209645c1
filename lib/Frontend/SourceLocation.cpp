//===- SourceLocation.cpp - where the user's code records things ----------===//
//
// The public functions open a LocationScope with their caller's line; the
// Python module pins the Python line around its calls. Nodes and statements
// take the location current when they are made (currentLocation), and the
// MLIR writer puts it on their operations.
//
//===----------------------------------------------------------------------===//

#include "Nodes.h"

namespace hcl {

namespace {
thread_local SourceLocation active;
thread_local std::string pinnedFileName;
thread_local unsigned pinnedLineNumber = 0;
bool python = false;
} // namespace

namespace detail {

LocationScope::LocationScope(SourceLocation where) : saved(active) {
  active = where;
}

LocationScope::~LocationScope() { active = saved; }

void pinLocation(const std::string &file, unsigned line) {
  pinnedFileName = file;
  pinnedLineNumber = file.empty() ? 0 : line;
}

std::string pinnedFile() { return pinnedFileName; }
unsigned pinnedLine() { return pinnedLineNumber; }

void usePythonSpellings() { python = true; }

} // namespace detail

std::string UserLocation::str() const {
  return known() ? file + ":" + std::to_string(line) : "";
}

UserLocation currentLocation() {
  if (!pinnedFileName.empty())
    return {pinnedFileName, pinnedLineNumber};
  if (active.known())
    return {active.file, active.line};
  return {};
}

std::string spelling(const char *cxx, const char *py) {
  return python ? py : cxx;
}

} // namespace hcl
