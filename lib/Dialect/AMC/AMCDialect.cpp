//===- AMCDialect.cpp - the amc dialect and its types ---------------------===//

#include "hcl/Dialect/AMC/AMCDialect.h"
#include "hcl/Dialect/AMC/AMCOps.h"
#include "hcl/Dialect/AMC/AMCTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

#include "hcl/Dialect/AMC/AMCDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "hcl/Dialect/AMC/AMCTypes.cpp.inc"

void AMCDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "hcl/Dialect/AMC/AMCOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "hcl/Dialect/AMC/AMCTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Port kinds and shapes
//===----------------------------------------------------------------------===//

StringRef hcl::amc::stringifyPortKind(PortKind kind) {
  switch (kind) {
  case PortKind::Read:
    return "r";
  case PortKind::Write:
    return "w";
  case PortKind::ReadWrite:
    return "rw";
  }
  llvm_unreachable("unknown port kind");
}

std::optional<PortKind> hcl::amc::symbolizePortKind(StringRef text) {
  if (text == "r")
    return PortKind::Read;
  if (text == "w")
    return PortKind::Write;
  if (text == "rw")
    return PortKind::ReadWrite;
  return std::nullopt;
}

std::optional<PortShape> hcl::amc::getPortShape(Type type) {
  if (auto port = dyn_cast<PortType>(type))
    return PortShape{port.getSize(), port.getElementType(), port.getKind(),
                     false, port.getLatency()};
  if (auto port = dyn_cast<HandshakePortType>(type))
    return PortShape{port.getSize(), port.getElementType(), port.getKind(),
                     true, 0};
  return std::nullopt;
}

int64_t hcl::amc::getWordWidth(Type elementType) {
  return elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
}

//===----------------------------------------------------------------------===//
// Type verifiers
//===----------------------------------------------------------------------===//

static LogicalResult verifyWords(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t size, Type elementType) {
  if (size < 1)
    return emitError() << "an amc memory or port holds at least one word, not "
                       << size;
  if (!elementType.isIntOrFloat())
    return emitError() << "amc words are integers or floats, not "
                       << elementType;
  return success();
}

LogicalResult
amc::MemRefType::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t size, Type elementType, int64_t banks,
                        bool bankKeyword) {
  if (failed(verifyWords(emitError, size, elementType)))
    return failure();
  if (banks < 1)
    return emitError() << "an amc.memref has at least one bank, not " << banks;
  if (size % banks != 0)
    return emitError() << "an amc.memref of " << size
                       << " words cannot be split into " << banks
                       << " equal banks";
  return success();
}

LogicalResult PortType::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t size, Type elementType, PortKind kind,
                               int64_t latency) {
  if (failed(verifyWords(emitError, size, elementType)))
    return failure();
  if (latency < 1)
    return emitError() << "a latency-sensitive port has a read latency of at "
                          "least 1 cycle, not "
                       << latency;
  return success();
}

LogicalResult
HandshakePortType::verify(function_ref<InFlightDiagnostic()> emitError,
                          int64_t size, Type elementType, PortKind kind) {
  return verifyWords(emitError, size, elementType);
}

//===----------------------------------------------------------------------===//
// Type syntax
//===----------------------------------------------------------------------===//

/// `512xf32`: the word count and the word type.
static ParseResult parseWords(DialectAsmParser &parser, int64_t &size,
                              Type &elementType) {
  SmallVector<int64_t> dims;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseDimensionList(dims, /*allowDynamic=*/false) ||
      parser.parseType(elementType))
    return failure();
  if (dims.size() != 1)
    return parser.emitError(loc, "amc memories and ports are one-dimensional "
                                 "(`<Nxtype ...>`), not ")
           << dims.size() << "-dimensional";
  size = dims.front();
  return success();
}

static ParseResult parsePortKind(DialectAsmParser &parser, PortKind &kind) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseOptionalKeyword(&keyword))
    return parser.emitError(loc, "expected a port kind: 'r', 'w' or 'rw' (is "
                                 "the type cut off?)");
  std::optional<PortKind> parsed = symbolizePortKind(keyword);
  if (!parsed)
    return parser.emitError(loc, "unknown port kind '")
           << keyword << "' (expected 'r', 'w' or 'rw')";
  kind = *parsed;
  return success();
}

static Type parseMemRef(DialectAsmParser &parser) {
  int64_t size;
  Type elementType;
  if (parser.parseLess() || parseWords(parser, size, elementType))
    return Type();
  int64_t banks = 1;
  bool bankKeyword = true;
  if (succeeded(parser.parseOptionalComma())) {
    bankKeyword = succeeded(parser.parseOptionalKeyword("bank"));
    if (parser.parseLSquare() || parser.parseInteger(banks) ||
        parser.parseRSquare())
      return Type();
  }
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<amc::MemRefType>(parser.getContext(), size,
                                            elementType, banks, bankKeyword);
}

static Type parsePort(DialectAsmParser &parser, bool handshake) {
  int64_t size, latency = 0;
  Type elementType;
  // Every path that reaches getChecked has parsed the kind; GCC 12 cannot see
  // that through the short-circuit and warns (-Wmaybe-uninitialized).
  PortKind kind = PortKind::Read;
  if (parser.parseLess() || parseWords(parser, size, elementType) ||
      parser.parseComma() || parsePortKind(parser, kind))
    return Type();
  if (!handshake) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseComma() || parser.parseInteger(latency)) {
      parser.emitError(loc, "expected the port's read latency in cycles");
      return Type();
    }
  }
  if (parser.parseGreater())
    return Type();
  if (handshake)
    return parser.getChecked<HandshakePortType>(parser.getContext(), size,
                                                elementType, kind);
  return parser.getChecked<PortType>(parser.getContext(), size, elementType,
                                     kind, latency);
}

Type AMCDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseOptionalKeyword(&keyword)) {
    parser.emitError(loc, "expected an amc type: memref, port or port_hs");
    return Type();
  }
  if (keyword == "memref")
    return parseMemRef(parser);
  if (keyword == "port")
    return parsePort(parser, /*handshake=*/false);
  if (keyword == "port_hs")
    return parsePort(parser, /*handshake=*/true);
  parser.emitError(loc, "unknown amc type '")
      << keyword << "' (expected memref, port or port_hs)";
  return Type();
}

void AMCDialect::printType(Type type, DialectAsmPrinter &printer) const {
  llvm::TypeSwitch<Type>(type)
      .Case([&](amc::MemRefType memref) {
        printer << "memref<" << memref.getSize() << "x"
                << memref.getElementType();
        if (memref.getBanks() != 1)
          printer << (memref.getBankKeyword() ? ", bank [" : ", [")
                  << memref.getBanks() << "]";
        printer << ">";
      })
      .Case([&](PortType port) {
        printer << "port<" << port.getSize() << "x" << port.getElementType()
                << ", " << stringifyPortKind(port.getKind()) << ", "
                << port.getLatency() << ">";
      })
      .Case([&](HandshakePortType port) {
        printer << "port_hs<" << port.getSize() << "x" << port.getElementType()
                << ", " << stringifyPortKind(port.getKind()) << ">";
      })
      .Default([](Type) { llvm_unreachable("unknown amc type"); });
}
