//===- SourceCompat.cpp - reading the seeds' MLIR 14 spelling -------------===//

#include "hcl/Support/SourceCompat.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hcl {

/// True when `rest` (what follows the `func` keyword) continues an old-style
/// function header: whitespace, an optional visibility, then `@`.
static bool continuesOldFuncHeader(StringRef rest) {
  if (rest.empty() || !isSpace(rest.front()))
    return false;
  rest = rest.ltrim();
  for (StringRef visibility : {"private", "public", "nested"}) {
    if (rest.consume_front(visibility)) {
      if (rest.empty() || !isSpace(rest.front()))
        return false;
      rest = rest.ltrim();
      break;
    }
  }
  return rest.starts_with("@");
}

/// Length of a leading `%a = ` or `%a, %b = ` result list in `body`, or 0.
static size_t resultListLength(StringRef body) {
  if (!body.starts_with("%"))
    return 0;
  size_t equals = body.find(" = ");
  if (equals == StringRef::npos)
    return 0;
  StringRef results = body.take_front(equals);
  bool onlyValues = llvm::all_of(results, [](char c) {
    return isAlnum(c) || c == '%' || c == '_' || c == '#' || c == ',' ||
           c == ' ' || c == ':' || c == '$' || c == '.' || c == '-';
  });
  return onlyValues ? equals + 3 : 0;
}

/// True when `rest` (what follows a `call` keyword) continues a call: space
/// and then the callee symbol.
static bool continuesCall(StringRef rest) {
  return !rest.empty() && isSpace(rest.front()) &&
         rest.ltrim().starts_with("@");
}

std::string upgradeFuncSpelling(StringRef source) {
  std::string out;
  out.reserve(source.size() + 64);
  while (!source.empty()) {
    auto [line, rest] = source.split('\n');
    bool hadNewline = line.size() < source.size();
    StringRef body = line.ltrim();
    size_t opStart = line.size() - body.size();
    if (body.starts_with("func") &&
        continuesOldFuncHeader(body.drop_front(4))) {
      // `func @f` / `func private @f` -> `func.func ...`
      out += line.take_front(opStart + 4);
      out += ".func";
      out += line.drop_front(opStart + 4);
    } else if (StringRef op = body.drop_front(resultListLength(body));
               op.starts_with("call") && continuesCall(op.drop_front(4))) {
      // A bare `call` resolves to func.call only directly in a function
      // body; the seeds also call from inside affine.for.
      size_t callStart = line.size() - op.size();
      out += line.take_front(callStart);
      out += "func.";
      out += line.drop_front(callStart);
    } else if (body.starts_with("amc.memory") && line.rtrim().ends_with(");")) {
      // The seed declares an interface as `amc.memory @m(...);`; MLIR has
      // no `;` token, and the declaration is the op without a body.
      StringRef kept = line.rtrim();
      out += kept.drop_back();
      out += line.drop_front(kept.size());
    } else {
      out += line;
    }
    if (hadNewline)
      out += '\n';
    source = rest;
  }
  return out;
}

std::unique_ptr<MemoryBuffer>
upgradeFuncSpelling(std::unique_ptr<MemoryBuffer> buffer) {
  std::string upgraded = upgradeFuncSpelling(buffer->getBuffer());
  if (upgraded == buffer->getBuffer())
    return buffer;
  return MemoryBuffer::getMemBufferCopy(upgraded,
                                        buffer->getBufferIdentifier());
}

} // namespace hcl
