//===- DataTypeOps.cpp - hcl's data-type IR -------------------------------===//
//
// Verifiers of the fixed-point types, the value operations of HCLDataOps.td,
// the data-type customizations (quantize, downsize, pack, unpack) and the
// `hcl.unsigned` argument attribute, and the bits of fixed-point constants.
// Semantics: docs/datatypes.md.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLDialect.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace hcl;

static constexpr int64_t kMaxWidth = 512;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static LogicalResult
verifyFixedFormat(function_ref<InFlightDiagnostic()> emitError, int64_t width,
                  int64_t frac) {
  if (width < 1 || width > kMaxWidth)
    return emitError() << "fixed-point width must be 1 to " << kMaxWidth
                       << ", got " << width;
  if (frac < 0 || frac > width)
    return emitError() << "fixed-point fraction bits must be 0 to the width ("
                       << width << "), got " << frac;
  return success();
}

LogicalResult FixedType::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t width, int64_t frac) {
  return verifyFixedFormat(emitError, width, frac);
}

LogicalResult UFixedType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t width, int64_t frac) {
  return verifyFixedFormat(emitError, width, frac);
}

//===----------------------------------------------------------------------===//
// Fixed-point operations
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyModes(OpTy op) {
  if (auto rounding = op.getRoundingAttr())
    if (rounding.getValue() != "truncate" && rounding.getValue() != "zero" &&
        rounding.getValue() != "nearest")
      return op.emitOpError("rounding must be \"truncate\" (the default), "
                            "\"zero\" or \"nearest\", got \"")
             << rounding.getValue() << "\"";
  if (auto overflow = op.getOverflowAttr())
    if (overflow.getValue() != "wrap" && overflow.getValue() != "saturate")
      return op.emitOpError("overflow must be \"wrap\" (the default) or "
                            "\"saturate\", got \"")
             << overflow.getValue() << "\"";
  return success();
}

FixedFormatInfo hcl::getFixedFormat(Type type) {
  if (auto fixed = dyn_cast<FixedType>(type))
    return {fixed.getWidth(), fixed.getFrac(), true};
  if (auto fixed = dyn_cast<UFixedType>(type))
    return {fixed.getWidth(), fixed.getFrac(), false};
  return {0, 0, false};
}

APInt FixedConstantOp::getBits() {
  return fixedConstantBits(getValue(), getFixedFormat(getType()));
}

APInt hcl::fixedConstantBits(const llvm::APFloat &literal,
                             FixedFormatInfo format) {
  unsigned width = static_cast<unsigned>(format.width);
  llvm::APFloat x = literal;
  if (!x.isFinite())
    return APInt::getZero(width);
  // x87's 15-bit exponent holds any double times 2^512 exactly.
  bool losesInfo = false;
  x.convert(llvm::APFloat::x87DoubleExtended(),
            llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  x = llvm::scalbn(x, static_cast<int>(format.frac),
                   llvm::APFloat::rmNearestTiesToEven);
  llvm::APSInt result(2048, /*isUnsigned=*/false);
  bool isExact = false;
  x.convertToInteger(result, llvm::APFloat::rmTowardNegative, &isExact);
  return result.trunc(width);
}

LogicalResult FixedToFixedOp::verify() { return verifyModes(*this); }
LogicalResult FloatToFixedOp::verify() { return verifyModes(*this); }

LogicalResult FixedToIntOp::verify() {
  std::optional<StringRef> rounding = getRounding();
  if (rounding && *rounding != "zero" && *rounding != "floor")
    return emitOpError(
               "rounding is \"zero\" (the default) or \"floor\", not \"")
           << *rounding << "\"";
  return success();
}

//===----------------------------------------------------------------------===//
// Bit operations
//===----------------------------------------------------------------------===//

/// Checks a constant bit index against the width; unknown indices pass.
static LogicalResult verifyConstantIndex(Operation *op, Value index,
                                         unsigned width, StringRef what) {
  APInt value;
  if (!matchPattern(index, m_ConstantInt(&value)))
    return success();
  int64_t i = value.getSExtValue();
  if (i < 0 || i >= static_cast<int64_t>(width))
    return op->emitOpError()
           << what << " " << i << " is out of range for a " << width
           << "-bit integer (0 to " << width - 1 << ")";
  return success();
}

static LogicalResult verifySlice(Operation *op, Value hi, Value lo,
                                 unsigned width) {
  if (failed(verifyConstantIndex(op, hi, width, "bit index hi")) ||
      failed(verifyConstantIndex(op, lo, width, "bit index lo")))
    return failure();
  APInt hiValue, loValue;
  if (matchPattern(hi, m_ConstantInt(&hiValue)) &&
      matchPattern(lo, m_ConstantInt(&loValue)) &&
      hiValue.getSExtValue() < loValue.getSExtValue())
    return op->emitOpError("slice [")
           << hiValue.getSExtValue() << " : " << loValue.getSExtValue()
           << "] has hi < lo";
  return success();
}

LogicalResult GetBitOp::verify() {
  return verifyConstantIndex(*this, getIndex(),
                             getInput().getType().getIntOrFloatBitWidth(),
                             "bit index");
}

LogicalResult SetBitOp::verify() {
  return verifyConstantIndex(*this, getIndex(),
                             getInput().getType().getIntOrFloatBitWidth(),
                             "bit index");
}

LogicalResult GetSliceOp::verify() {
  return verifySlice(*this, getHi(), getLo(),
                     getInput().getType().getIntOrFloatBitWidth());
}

LogicalResult SetSliceOp::verify() {
  return verifySlice(*this, getHi(), getLo(),
                     getInput().getType().getIntOrFloatBitWidth());
}

/// The width in bits of a scalar type bitcast can convert, if it is one: a
/// struct's fields are read with struct_get, not reinterpreted.
static std::optional<int64_t> bitcastWidth(Type type) {
  if (isa<StructType>(type))
    return std::nullopt;
  return packedWidth(type);
}

LogicalResult BitcastOp::verify() {
  std::optional<int64_t> from = bitcastWidth(getInput().getType());
  std::optional<int64_t> to = bitcastWidth(getResult().getType());
  if (!from || !to)
    return emitOpError("converts integers, floats and fixed-point values, "
                       "not ")
           << (from ? getResult().getType() : getInput().getType());
  if (*from != *to)
    return emitOpError("needs types of the same width: ")
           << getInput().getType() << " has " << *from << " bits, "
           << getResult().getType() << " has " << *to;
  return success();
}

//===----------------------------------------------------------------------===//
// Data-type customizations
//===----------------------------------------------------------------------===//

static bool isFixed(Type type) { return isa<FixedType, UFixedType>(type); }

LogicalResult QuantizeOp::verify() {
  Type from = getTarget().getType().getElementType();
  Type to = getType();
  if (!isFixed(to) && !isa<IntegerType>(to))
    return emitOpError("quantizes to a fixed-point or integer type, not ")
           << to;
  if (!isFixed(from) && !isa<IntegerType, FloatType>(from))
    return emitOpError("cannot quantize elements of type ") << from;
  if (isa<IntegerType>(to) && !isa<IntegerType>(from))
    return emitOpError("quantizes ")
           << from
           << " to a fixed-point type; integers are narrowed with "
              "hcl.downsize";
  return verifyModes(*this);
}

LogicalResult DownsizeOp::verify() {
  auto from = dyn_cast<IntegerType>(getTarget().getType().getElementType());
  auto to = dyn_cast<IntegerType>(getType());
  if (!from || !to)
    return emitOpError("narrows an integer tensor to an integer type; use "
                       "hcl.quantize for fixed point");
  if (to.getWidth() >= from.getWidth())
    return emitOpError("target ") << to << " is not narrower than " << from;
  return success();
}

/// Checks pack (narrow -> wide) and unpack (wide -> narrow).
static LogicalResult verifyPacking(Operation *op, MemRefType narrow,
                                   MemRefType wide, int64_t axis,
                                   int64_t factor, bool isPack) {
  MemRefType source = isPack ? narrow : wide;
  if (axis < 0 || axis >= source.getRank())
    return op->emitOpError("axis ")
           << axis << " is out of range for a rank-" << source.getRank()
           << " tensor (0 to " << source.getRank() - 1 << ")";
  if (factor < 2)
    return op->emitOpError("factor must be at least 2, got ") << factor;
  auto narrowElement = dyn_cast<IntegerType>(narrow.getElementType());
  auto wideElement = dyn_cast<IntegerType>(wide.getElementType());
  if (!narrowElement || !wideElement)
    return op->emitOpError("packs integer elements (use hcl.bitcast through "
                           "integers for other types)");
  if (wideElement.getWidth() != narrowElement.getWidth() * factor)
    return op->emitOpError("")
           << factor << " elements of " << narrowElement << " do not make one "
           << wideElement << " (need i" << narrowElement.getWidth() * factor
           << ")";
  if (narrow.getRank() != wide.getRank())
    return op->emitOpError("result must have the rank of the input");
  for (int64_t d = 0; d < narrow.getRank(); ++d) {
    int64_t expected =
        d == axis ? wide.getDimSize(d) * factor : wide.getDimSize(d);
    if (d == axis && isPack && narrow.getDimSize(d) % factor != 0)
      return op->emitOpError("axis ")
             << axis << " has " << narrow.getDimSize(d)
             << " elements, not divisible by " << factor;
    if (narrow.getDimSize(d) != expected)
      return op->emitOpError("result shape does not match: dimension ")
             << d << " must be "
             << (isPack ? narrow.getDimSize(d) / (d == axis ? factor : 1)
                        : wide.getDimSize(d) * (d == axis ? factor : 1));
  }
  return success();
}

LogicalResult PackOp::verify() {
  return verifyPacking(*this, getTarget().getType(), getResult().getType(),
                       getAxis(), getFactor(), /*isPack=*/true);
}

LogicalResult UnpackOp::verify() {
  return verifyPacking(*this, getResult().getType(), getTarget().getType(),
                       getAxis(), getFactor(), /*isPack=*/false);
}

//===----------------------------------------------------------------------===//
// hcl.unsigned
//===----------------------------------------------------------------------===//

static LogicalResult verifyUnsignedAttr(Operation *op, NamedAttribute attr,
                                        Type type, const Twine &what) {
  if (attr.getName() != kUnsignedAttrName)
    return success();
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError("'hcl.unsigned' is a unit attribute (write it "
                         "without a value)");
  Type element = type;
  if (auto shaped = dyn_cast<ShapedType>(type))
    element = shaped.getElementType();
  if (!element.isSignlessInteger())
    return op->emitError("'hcl.unsigned' on ")
           << what << " of type " << type
           << ": only integers (and memrefs of integers) have a signedness "
              "to choose; fixed-point types carry theirs in the type";
  return success();
}

LogicalResult HCLDialect::verifyRegionArgAttribute(Operation *op, unsigned,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return success();
  return verifyUnsignedAttr(op, attr, func.getArgumentTypes()[argIndex],
                            "argument " + Twine(argIndex));
}

LogicalResult HCLDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return success();
  return verifyUnsignedAttr(op, attr, func.getResultTypes()[resultIndex],
                            "result " + Twine(resultIndex));
}

bool hcl::isUnsignedArgument(Operation *op, unsigned index) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  return func && func.getArgAttr(index, kUnsignedAttrName);
}

bool hcl::isUnsignedResult(Operation *op, unsigned index) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  return func && func.getResultAttr(index, kUnsignedAttrName);
}
