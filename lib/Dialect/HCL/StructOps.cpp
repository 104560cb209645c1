//===- StructOps.cpp - packed structs: the type and its operations -------===//
//
// A struct is stored as one integer, its fields side by side from the lowest
// bit, so every field needs a width in bits that does not depend on the
// target: index and vectors are not fields.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace hcl;

static constexpr int64_t kMaxStructWidth = 512;

std::optional<int64_t> hcl::packedWidth(Type type) {
  if (isa<IntegerType, FloatType>(type))
    return type.getIntOrFloatBitWidth();
  if (auto fixed = dyn_cast<FixedType>(type))
    return fixed.getWidth();
  if (auto fixed = dyn_cast<UFixedType>(type))
    return fixed.getWidth();
  if (auto record = dyn_cast<StructType>(type))
    return record.getWidth();
  return std::nullopt;
}

LogicalResult StructType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<Type> fieldTypes) {
  if (fieldTypes.empty())
    return emitError() << "a struct needs at least one field";
  int64_t width = 0;
  for (Type field : fieldTypes) {
    std::optional<int64_t> fieldWidth = packedWidth(field);
    if (!fieldWidth)
      return emitError() << "a struct field needs a width in bits (an "
                            "integer, float, fixed-point or struct type), not "
                         << field;
    width += *fieldWidth;
  }
  // The widest integer the CPU path, the host boundary and the C
  // simulation's ap_int all take.
  if (width > kMaxStructWidth)
    return emitError() << "a struct holds at most " << kMaxStructWidth
                       << " bits; these fields take " << width;
  return success();
}

Type StructType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOptionalLess()) {
    parser.emitError(loc, "expected a struct type: !hcl.struct<T, ...>, or "
                          "<T, ...> where only a struct fits");
    return Type();
  }
  if (succeeded(parser.parseOptionalGreater())) {
    parser.emitError(loc, "a struct needs at least one field");
    return Type();
  }
  SmallVector<Type> fieldTypes;
  if (parser.parseCommaSeparatedList(
          [&] { return parser.parseType(fieldTypes.emplace_back()); }) ||
      parser.parseGreater())
    return Type();
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    ArrayRef<Type>(fieldTypes));
}

void StructType::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getFieldTypes(), printer);
  printer << '>';
}

int64_t StructType::getWidth() const {
  return getFieldOffset(getFieldTypes().size());
}

int64_t StructType::getFieldOffset(unsigned index) const {
  int64_t offset = 0;
  for (Type field : getFieldTypes().take_front(index))
    offset += *packedWidth(field);
  return offset;
}

LogicalResult StructConstructOp::verify() {
  ArrayRef<Type> fieldTypes = getType().getFieldTypes();
  if (getFields().size() != fieldTypes.size())
    return emitOpError("gives ")
           << getFields().size() << " values for the " << fieldTypes.size()
           << " fields of " << getType();
  for (auto [index, value, field] :
       llvm::enumerate(getFields().getTypes(), fieldTypes))
    if (value != field)
      return emitOpError("gives a value of type ")
             << value << " for field " << index << " of type " << field;
  return success();
}

LogicalResult StructGetOp::verify() {
  ArrayRef<Type> fieldTypes = getInput().getType().getFieldTypes();
  int64_t index = getIndex();
  if (index < 0 || index >= static_cast<int64_t>(fieldTypes.size()))
    return emitOpError("reads field ")
           << index << " of " << getInput().getType() << ", which has "
           << fieldTypes.size() << " (fields count from 0)";
  if (getType() != fieldTypes[index])
    return emitOpError("gives type ") << getType() << " for field " << index
                                      << " of type " << fieldTypes[index];
  return success();
}
