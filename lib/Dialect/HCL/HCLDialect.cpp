//===- HCLDialect.cpp - the hcl dialect and its handle types --------------===//

#include "hcl/Dialect/HCL/HCLDialect.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace hcl;

#include "hcl/Dialect/HCL/HCLDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "hcl/Dialect/HCL/HCLTypes.cpp.inc"

/// Schedule primitives implement ScheduleOpInterface in lib/Transforms
/// (hcl::registerSchedulePrimitives): promised here, so that using one in a
/// context where nobody attached it is a clear fatal error, not a silent
/// "not a primitive".
template <typename... Ops>
static void promiseScheduleOpInterface(HCLDialect &dialect) {
  auto promise = [&](auto *op) {
    using Op = std::remove_pointer_t<decltype(op)>;
    if constexpr (Op::template hasTrait<OpTrait::HCLSchedulePrimitive>())
      dialect.declarePromisedInterface<ScheduleOpInterface, Op>();
  };
  (promise(static_cast<Ops *>(nullptr)), ...);
}

void HCLDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "hcl/Dialect/HCL/HCLOps.cpp.inc"
      >();
  promiseScheduleOpInterface<
#define GET_OP_LIST
#include "hcl/Dialect/HCL/HCLOps.cpp.inc"
      >(*this);
  addTypes<
#define GET_TYPEDEF_LIST
#include "hcl/Dialect/HCL/HCLTypes.cpp.inc"
      >();
}

Type HCLDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  Type type;
  OptionalParseResult parsed = generatedTypeParser(parser, &keyword, type);
  if (parsed.has_value())
    return succeeded(*parsed) ? type : Type();
  if (keyword == "OpHandle")
    return StageHandleType::get(getContext());
  parser.emitError(loc, "unknown hcl type '")
      << keyword
      << "' (expected LoopHandle, StageHandle, OpHandle, Type, Fixed, "
         "UFixed or struct)";
  return Type();
}

void HCLDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (failed(generatedTypePrinter(type, printer)))
    llvm_unreachable("hcl type without a printer");
}
