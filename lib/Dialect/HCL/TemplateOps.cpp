//===- TemplateOps.cpp - hcl.customization and hcl.apply ------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace hcl;

ParseResult CustomizationOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  StringAttr name;
  SmallVector<OpAsmParser::Argument> parameters;
  if (parser.parseSymbolName(name, SymbolTable::getSymbolAttrName(),
                             result.attributes) ||
      parser.parseArgumentList(parameters, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  return parser.parseRegion(*result.addRegion(), parameters);
}

void CustomizationOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printSymbolName(getSymName());
  printer << '(';
  llvm::interleaveComma(
      getBody().getArguments(), printer,
      [&](BlockArgument arg) { printer.printRegionArgument(arg); });
  printer << ')';
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getSymNameAttrName()});
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

/// Whether an argument of type `actual` may stand for a parameter of type
/// `parameter`: the same type, or an array of the same rank where the
/// parameter leaves extents (`?`) or the element type (`!hcl.Type`) open.
static bool fitsParameter(Type actual, Type parameter) {
  if (actual == parameter)
    return true;
  auto from = dyn_cast<MemRefType>(actual);
  auto to = dyn_cast<MemRefType>(parameter);
  if (!from || !to || from.getRank() != to.getRank())
    return false;
  if (!isa<TypeParamType>(to.getElementType()) &&
      to.getElementType() != from.getElementType())
    return false;
  for (auto [have, want] : llvm::zip(from.getShape(), to.getShape()))
    if (!ShapedType::isDynamic(want) && have != want)
      return false;
  return true;
}

LogicalResult ApplyOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto customization =
      symbols.lookupNearestSymbolFrom<CustomizationOp>(*this, getCalleeAttr());
  if (!customization)
    return emitOpError("'") << getCallee() << "' names no hcl.customization";
  Block &body = customization.getBody().front();
  if (body.getNumArguments() != getArgs().size())
    return emitOpError("@")
           << getCallee() << " takes " << body.getNumArguments()
           << " arguments, got " << getArgs().size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getArgs(), body.getArguments()))) {
    auto [arg, parameter] = pair;
    if (!fitsParameter(arg.getType(), parameter.getType()))
      return emitOpError("argument ")
             << index << " of type " << arg.getType()
             << " does not fit parameter type " << parameter.getType()
             << " of @" << getCallee();
  }
  return success();
}
