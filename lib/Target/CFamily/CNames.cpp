//===- CNames.cpp - C++ identifiers for IR values -------------------------===//

#include "hcl/Target/CFamily/CNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace hcl {

static bool isReserved(llvm::StringRef name) {
  static const llvm::StringSet<> words = {
      "alignas",   "alignof",  "and",      "asm",       "auto",   "bool",
      "break",     "case",     "catch",    "char",      "class",  "const",
      "constexpr", "continue", "default",  "delete",    "do",     "double",
      "else",      "enum",     "explicit", "export",    "extern", "false",
      "float",     "for",      "friend",   "goto",      "if",     "inline",
      "int",       "long",     "mutable",  "namespace", "new",    "not",
      "operator",  "or",       "private",  "protected", "public", "register",
      "return",    "short",    "signed",   "sizeof",    "static", "struct",
      "switch",    "template", "this",     "throw",     "true",   "try",
      "typedef",   "typename", "union",    "unsigned",  "using",  "virtual",
      "void",      "volatile", "while",    "xor",       "main",   "std",
      "ap_int",    "ap_uint",  "ap_fixed", "ap_ufixed"};
  // Names starting with an underscore and a capital letter, or containing a
  // double underscore, belong to the implementation.
  return words.contains(name) || name.starts_with("hcl_") ||
         name.contains("__") ||
         (name.size() > 1 && name[0] == '_' && name[1] >= 'A' &&
          name[1] <= 'Z');
}

std::string sanitizeIdentifier(llvm::StringRef wanted) {
  std::string name;
  for (char c : wanted)
    name += (llvm::isAlnum(c) || c == '_') ? c : '_';
  if (name.empty() || llvm::isDigit(name[0]))
    name = "v" + name;
  while (name.find("__") != std::string::npos)
    name.replace(name.find("__"), 2, "_");
  if (isReserved(name))
    name = "v_" + name;
  return name;
}

std::string CNames::get(llvm::StringRef wanted) {
  std::string base = sanitizeIdentifier(wanted);
  std::string name = base;
  while (used.count(name))
    name = base + "_" + std::to_string(used[base]++);
  used[name] = 1;
  if (!used.count(base))
    used[base] = 1;
  return name;
}

} // namespace hcl
