//===- PrintOp.cpp - hcl.print's syntax and verifier ----------------------===//
//
// hcl writes `hcl.print "fmt" %x, %y : T, U`. HeteroCL-MLIR's programs
// write `hcl.print(%x, %y) {format = "fmt"} : T, U` and print every value
// as a double; that spelling is read into hcl's op with the format
// rewritten so that it prints what the peer prints (the values are widened
// when the op is lowered, where fixed-point types are still known). The
// peer's print of a memref reads as hcl.print_memref.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"
#include "hcl/Dialect/HCL/PrintFormat.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hcl;

namespace {

using Operand = OpAsmParser::UnresolvedOperand;

bool isFixed(Type type) { return isa<FixedType, UFixedType>(type); }

std::vector<bool> integerFlags(ArrayRef<Type> types) {
  std::vector<bool> flags;
  for (Type type : types)
    flags.push_back(isa<IntegerType>(type));
  return flags;
}

/// HeteroCL-MLIR's `(%x, ...) {format = ..., unsigned} : T, ...`, the `(`
/// already read.
ParseResult parsePeerPrint(OpAsmParser &parser, OperationState &result,
                           SMLoc loc) {
  SmallVector<Operand> operands;
  SmallVector<Type> types;
  if (parser.parseOperandList(operands) || parser.parseRParen() ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (!operands.empty() && parser.parseColonTypeList(types))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc)
           << operands.size() << " values and " << types.size() << " types";
  Builder &b = parser.getBuilder();
  if (llvm::any_of(types, llvm::IsaPred<BaseMemRefType>)) {
    // A memref prints its elements: the op read is hcl.print_memref, which
    // checks the rest (one memref, a format of one conversion if any).
    if (operands.size() != 1)
      return parser.emitError(loc)
             << "hcl.print of a memref prints that one memref (write an "
                "hcl.print_memref for each)";
    result.name =
        OperationName(PrintMemRefOp::getOperationName(), b.getContext());
    return parser.resolveOperands(operands, types, loc, result.operands);
  }
  std::string format;
  if (auto attr = result.attributes.get("format")) {
    auto text = dyn_cast<StringAttr>(attr);
    if (!text)
      return parser.emitError(loc) << "the format is a string";
    format = text.str();
  } else {
    for (size_t k = 0; k < types.size(); ++k)
      format += "%.4f ";
  }
  std::string error;
  std::vector<PrintConversion> conversions = parsePrintFormat(format, error);
  if (!error.empty())
    return parser.emitError(loc) << "format has " << error;
  if (conversions.size() > operands.size())
    return parser.emitError(loc)
           << "format has " << conversions.size() << " conversions for "
           << operands.size() << " values";
  // printf prints the values its format converts and ignores the rest.
  operands.resize(conversions.size());
  types.resize(conversions.size());
  if (result.attributes.erase("unsigned"))
    result.attributes.set("signedness",
                          b.getStringAttr(std::string(types.size(), 'u')));
  else if (auto sign = dyn_cast_or_null<StringAttr>(
               result.attributes.get("signedness")))
    result.attributes.set(
        "signedness",
        b.getStringAttr((sign.str() + std::string(types.size(), 's'))
                            .substr(0, types.size())));
  result.attributes.set("format",
                        b.getStringAttr(fitPrintFormat(format, conversions,
                                                       integerFlags(types))));
  return parser.resolveOperands(operands, types, loc, result.operands);
}

} // namespace

ParseResult PrintOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen()))
    return parsePeerPrint(parser, result, loc);
  std::string format;
  SmallVector<Operand> operands;
  SmallVector<Type> types;
  if (parser.parseString(&format))
    return failure();
  // A format that converts nothing takes no values, so a `%x = ...` on the
  // next line is the next operation, not an operand.
  std::string error;
  bool takesValues = !parsePrintFormat(format, error).empty() || !error.empty();
  if (takesValues && parser.parseOperandList(operands))
    return failure();
  if (!operands.empty() && parser.parseColonTypeList(types))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.attributes.set("format", parser.getBuilder().getStringAttr(format));
  return parser.resolveOperands(operands, types, loc, result.operands);
}

void PrintOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttributeWithoutType(getFormatAttr());
  if (!getValues().empty()) {
    p << ' ' << getValues() << " : ";
    llvm::interleaveComma(getValues().getTypes(), p);
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {"format"});
}

/// Why `type` cannot be printed, or empty.
static std::string unprintable(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.isSignless() && integer.getWidth() <= 64
               ? ""
               : "integers are signless, of at most 64 bits";
  if (auto real = dyn_cast<FloatType>(type))
    return real.getWidth() <= 64 ? "" : "floats have at most 64 bits";
  if (isFixed(type))
    return "";
  if (isa<BaseMemRefType>(type))
    return "hcl.print prints numbers (print a memref with hcl.print_memref)";
  return "hcl.print prints integers, floats and fixed-point values";
}

LogicalResult PrintOp::verify() {
  std::string error;
  std::vector<PrintConversion> conversions =
      parsePrintFormat(getFormat().str(), error);
  if (!error.empty())
    return emitOpError("format has ") << error;
  if (conversions.size() != getValues().size())
    return emitOpError("format has ")
           << conversions.size() << " conversions for " << getValues().size()
           << " values";
  if (auto sign = getSignedness()) {
    if (sign->size() != getValues().size() ||
        sign->find_first_not_of("su") != StringRef::npos)
      return emitOpError("signedness has one letter per value, 's' or 'u'");
  }
  for (auto [k, c] : llvm::enumerate(conversions)) {
    Type type = getValues()[k].getType();
    std::string why = unprintable(type);
    if (!why.empty())
      return emitOpError("value ") << k << " (" << type << "): " << why;
    bool isLongLong =
        getFormat().substr(c.lengthStart, c.conversionAt - c.lengthStart) ==
        "ll";
    if (!c.isFloat && !(isa<IntegerType>(type) && isLongLong))
      return emitOpError("value ")
             << k << " (" << type
             << ") does not match its conversion: an integer conversion is "
                "written %ll? and takes an integer (a floating conversion "
                "prints any number)";
  }
  return success();
}
