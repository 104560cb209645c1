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

std::string upgradeFuncSpelling(StringRef source) {
  std::string out;
  out.reserve(source.size() + 64);
  while (!source.empty()) {
    auto [line, rest] = source.split('\n');
    bool hadNewline = line.size() < source.size();
    StringRef body = line.ltrim();
    StringRef indent = line.take_front(line.size() - body.size());
    if (body.starts_with("func") &&
        continuesOldFuncHeader(body.drop_front(4))) {
      out += indent;
      out += "func.func";
      out += body.drop_front(4);
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
