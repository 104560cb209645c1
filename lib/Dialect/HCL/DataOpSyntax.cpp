//===- DataOpSyntax.cpp - the syntax of the bit and conversion ops --------===//
//
// hcl prints its bit operations and conversions as
//
//   %b = hcl.get_bit %x[%i] : i32            %f = hcl.float_to_fixed %x : f32
//   to T
//
// and reads those, and also HeteroCL-MLIR's (cornell-zhang/hcl-dialect's)
// parenthesized spelling of the same operations, so that its programs run
// as written:
//
//   %b = hcl.get_bit(%x : i32, %i) -> i1     %f = hcl.float_to_fixed(%x) : f32
//   -> T
//
// Where HeteroCL-MLIR's operation rounds otherwise than hcl's, its spelling
// reads with the peer's rounding written out as an attribute.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hcl;

namespace {

using Operand = OpAsmParser::UnresolvedOperand;

/// `%x : T` inside HeteroCL-MLIR's parentheses.
ParseResult parseTypedOperand(OpAsmParser &parser, Operand &operand,
                              Type &type) {
  return failure(parser.parseOperand(operand) || parser.parseColonType(type));
}

ParseResult resolve(OpAsmParser &parser, SMLoc loc, ArrayRef<Operand> operands,
                    ArrayRef<Type> types, OperationState &result) {
  return parser.resolveOperands(operands, types, loc, result.operands);
}

/// A conversion: `%x attrs : A to B`, or HeteroCL-MLIR's
/// `(%x) attrs : A -> B`, which `peer` adjusts to hcl's attributes.
ParseResult
parseConversion(OpAsmParser &parser, OperationState &result,
                function_ref<LogicalResult(SMLoc, NamedAttrList &)> peer) {
  SMLoc loc = parser.getCurrentLocation();
  bool parenthesized = succeeded(parser.parseOptionalLParen());
  Operand input;
  Type from, to;
  if (parser.parseOperand(input) || (parenthesized && parser.parseRParen()) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(from))
    return failure();
  if (parenthesized ? parser.parseArrow() : parser.parseKeyword("to"))
    return failure();
  if (parser.parseType(to))
    return failure();
  if (parenthesized && peer && failed(peer(loc, result.attributes)))
    return failure();
  result.addTypes(to);
  return resolve(parser, loc, input, from, result);
}

void printConversion(OpAsmPrinter &p, Operation *op) {
  p << ' ' << op->getOperand(0);
  p.printOptionalAttrDict(op->getAttrs());
  p << " : " << op->getOperand(0).getType() << " to "
    << op->getResult(0).getType();
}

} // namespace

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

ParseResult FixedToFixedOp::parse(OpAsmParser &parser, OperationState &result) {
  // HeteroCL-MLIR requantizes by shifts: toward minus infinity, wrapping,
  // which is hcl's default.
  return parseConversion(parser, result, nullptr);
}
void FixedToFixedOp::print(OpAsmPrinter &p) { printConversion(p, *this); }

ParseResult FloatToFixedOp::parse(OpAsmParser &parser, OperationState &result) {
  // HeteroCL-MLIR's conversion is fptosi(x * 2^frac): toward zero.
  return parseConversion(parser, result, [&](SMLoc, NamedAttrList &attributes) {
    if (!attributes.get("rounding"))
      attributes.set("rounding", parser.getBuilder().getStringAttr("zero"));
    return success();
  });
}
void FloatToFixedOp::print(OpAsmPrinter &p) { printConversion(p, *this); }

ParseResult IntToFixedOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseConversion(parser, result, nullptr);
}
void IntToFixedOp::print(OpAsmPrinter &p) { printConversion(p, *this); }

ParseResult UIntToFixedOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseConversion(parser, result, nullptr);
}
void UIntToFixedOp::print(OpAsmPrinter &p) { printConversion(p, *this); }

ParseResult FixedToIntOp::parse(OpAsmParser &parser, OperationState &result) {
  // HeteroCL-MLIR shifts the fraction out: toward minus infinity.
  return parseConversion(parser, result, [&](SMLoc, NamedAttrList &attributes) {
    if (!attributes.get("rounding"))
      attributes.set("rounding", parser.getBuilder().getStringAttr("floor"));
    return success();
  });
}
void FixedToIntOp::print(OpAsmPrinter &p) { printConversion(p, *this); }

ParseResult FixedToFloatOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseConversion(parser, result, nullptr);
}
void FixedToFloatOp::print(OpAsmPrinter &p) { printConversion(p, *this); }

//===----------------------------------------------------------------------===//
// Bit operations
//===----------------------------------------------------------------------===//

/// hcl's `%x[%a]` or `%x[%a : %b]`: the input and its indices.
static ParseResult parseBitAccess(OpAsmParser &parser, Operand &input,
                                  SmallVectorImpl<Operand> &indices,
                                  unsigned count) {
  indices.resize(count);
  if (parser.parseOperand(input) || parser.parseLSquare() ||
      parser.parseOperand(indices[0]))
    return failure();
  if (count == 2 && (parser.parseColon() || parser.parseOperand(indices[1])))
    return failure();
  return parser.parseRSquare();
}

/// HeteroCL-MLIR's `(%x : T, %a[, %b][, %v : V])`, the `(` already read.
static ParseResult parsePeerBitAccess(OpAsmParser &parser, Operand &input,
                                      Type &inputType,
                                      SmallVectorImpl<Operand> &indices,
                                      unsigned count, Operand *value,
                                      Type *valueType) {
  indices.resize(count);
  if (parseTypedOperand(parser, input, inputType))
    return failure();
  for (Operand &index : indices)
    if (parser.parseComma() || parser.parseOperand(index))
      return failure();
  if (value &&
      (parser.parseComma() || parseTypedOperand(parser, *value, *valueType)))
    return failure();
  return parser.parseRParen();
}

/// The bit operations' operands in order: input, indices, then the value.
static ParseResult resolveBitOperands(OpAsmParser &parser,
                                      OperationState &result, Operand input,
                                      Type inputType, ArrayRef<Operand> indices,
                                      const Operand *value, Type valueType) {
  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(input, inputType, result.operands) ||
      parser.resolveOperands(indices, index, result.operands) ||
      (value && parser.resolveOperand(*value, valueType, result.operands)))
    return failure();
  return success();
}

ParseResult GetBitOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  Operand input;
  SmallVector<Operand> indices;
  Type type;
  if (succeeded(parser.parseOptionalLParen())) {
    Type resultType;
    if (parsePeerBitAccess(parser, input, type, indices, 1, nullptr, nullptr) ||
        parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseArrow() || parser.parseType(resultType))
      return failure();
    if (!resultType.isInteger(1))
      return parser.emitError(loc, "hcl.get_bit gives an i1, not ")
             << resultType;
  } else if (parseBitAccess(parser, input, indices, 1) ||
             parser.parseOptionalAttrDict(result.attributes) ||
             parser.parseColonType(type)) {
    return failure();
  }
  result.addTypes(parser.getBuilder().getI1Type());
  return resolveBitOperands(parser, result, input, type, indices, nullptr, {});
}

void GetBitOp::print(OpAsmPrinter &p) {
  p << ' ' << getInput() << '[' << getIndex() << ']';
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getInput().getType();
}

ParseResult SetBitOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  Operand input, value;
  SmallVector<Operand> indices;
  Type type, valueType = parser.getBuilder().getI1Type();
  if (succeeded(parser.parseOptionalLParen())) {
    Type resultType;
    if (parsePeerBitAccess(parser, input, type, indices, 1, &value,
                           &valueType) ||
        parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseArrow() || parser.parseType(resultType))
      return failure();
    if (resultType != type)
      return parser.emitError(loc, "hcl.set_bit gives its input's type ")
             << type << ", not " << resultType;
  } else if (parseBitAccess(parser, input, indices, 1) || parser.parseComma() ||
             parser.parseOperand(value) ||
             parser.parseOptionalAttrDict(result.attributes) ||
             parser.parseColonType(type)) {
    return failure();
  }
  result.addTypes(type);
  return resolveBitOperands(parser, result, input, type, indices, &value,
                            valueType);
}

void SetBitOp::print(OpAsmPrinter &p) {
  p << ' ' << getInput() << '[' << getIndex() << "], " << getValue();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getInput().getType();
}

ParseResult GetSliceOp::parse(OpAsmParser &parser, OperationState &result) {
  Operand input;
  SmallVector<Operand> indices;
  Type type, resultType;
  if (succeeded(parser.parseOptionalLParen())) {
    if (parsePeerBitAccess(parser, input, type, indices, 2, nullptr, nullptr) ||
        parser.parseOptionalAttrDict(result.attributes))
      return failure();
  } else if (parseBitAccess(parser, input, indices, 2) ||
             parser.parseOptionalAttrDict(result.attributes) ||
             parser.parseColonType(type)) {
    return failure();
  }
  if (parser.parseArrow() || parser.parseType(resultType))
    return failure();
  result.addTypes(resultType);
  return resolveBitOperands(parser, result, input, type, indices, nullptr, {});
}

void GetSliceOp::print(OpAsmPrinter &p) {
  p << ' ' << getInput() << '[' << getHi() << " : " << getLo() << ']';
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getInput().getType() << " -> " << getResult().getType();
}

ParseResult SetSliceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  Operand input, value;
  SmallVector<Operand> indices;
  Type type, valueType;
  if (succeeded(parser.parseOptionalLParen())) {
    Type resultType;
    if (parsePeerBitAccess(parser, input, type, indices, 2, &value,
                           &valueType) ||
        parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseArrow() || parser.parseType(resultType))
      return failure();
    if (resultType != type)
      return parser.emitError(loc, "hcl.set_slice gives its input's type ")
             << type << ", not " << resultType;
  } else if (parseBitAccess(parser, input, indices, 2) || parser.parseComma() ||
             parser.parseOperand(value) ||
             parser.parseOptionalAttrDict(result.attributes) ||
             parser.parseColonType(type) || parser.parseComma() ||
             parser.parseType(valueType)) {
    return failure();
  }
  result.addTypes(type);
  return resolveBitOperands(parser, result, input, type, indices, &value,
                            valueType);
}

void SetSliceOp::print(OpAsmPrinter &p) {
  p << ' ' << getInput() << '[' << getHi() << " : " << getLo() << "], "
    << getValue();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getInput().getType() << ", " << getValue().getType();
}

ParseResult BitReverseOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  Operand input;
  Type type;
  if (succeeded(parser.parseOptionalLParen())) {
    if (parseTypedOperand(parser, input, type) || parser.parseRParen() ||
        parser.parseOptionalAttrDict(result.attributes))
      return failure();
  } else if (parser.parseOperand(input) ||
             parser.parseOptionalAttrDict(result.attributes) ||
             parser.parseColonType(type)) {
    return failure();
  }
  result.addTypes(type);
  return parser.resolveOperands(ArrayRef<Operand>(input), type, loc,
                                result.operands);
}

void BitReverseOp::print(OpAsmPrinter &p) {
  p << ' ' << getInput();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getInput().getType();
}
