//===- MemRefDataOps.cpp - hcl.print_memref, hcl.get_global_fixed --------===//
//
// Two operations on whole memrefs that HeteroCL-MLIR's programs use: a
// memref printed element by element, and a fixed-point view of a global
// holding the encodings as integers. Both are expanded into loops of hcl's
// scalar operations before lowering; here they are verified.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"
#include "hcl/Dialect/HCL/PrintFormat.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace hcl;

LogicalResult PrintMemRefOp::verify() {
  Type element = getInput().getType().getElementType();
  auto integer = dyn_cast<IntegerType>(element);
  auto real = dyn_cast<FloatType>(element);
  bool printable =
      (integer && integer.isSignless() && integer.getWidth() <= 64) ||
      (real && real.getWidth() <= 64) || isa<FixedType, UFixedType>(element);
  if (!printable)
    return emitOpError("prints integers of at most 64 bits, floats and "
                       "fixed-point values, not ")
           << element;
  if (!getFormat())
    return success();
  std::string error;
  std::vector<PrintConversion> conversions =
      parsePrintFormat(getFormat()->str(), error);
  if (!error.empty())
    return emitOpError("format has ") << error;
  if (conversions.size() != 1)
    return emitOpError("format has ")
           << conversions.size()
           << " conversions: it prints one element, so it has one";
  return success();
}

LogicalResult
GetGlobalFixedOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global = symbolTable.lookupNearestSymbolFrom<memref::GlobalOp>(
      *this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' is not a memref.global";
  auto type = cast<MemRefType>(getResult().getType());
  if (!isa<FixedType, UFixedType>(type.getElementType()))
    return emitOpError("gives a memref of fixed-point elements, not ")
           << type.getElementType()
           << " (memref.get_global reads a global as it is)";
  MemRefType globalType = global.getType();
  auto integer = dyn_cast<IntegerType>(globalType.getElementType());
  if (!integer || !integer.isSignless())
    return emitOpError("reads the fixed-point encodings from a global of "
                       "signless integers; '")
           << getName() << "' holds " << globalType.getElementType();
  if (globalType.getShape() != type.getShape())
    return emitOpError("result shape differs from '")
           << getName() << "' (" << globalType << ")";
  return success();
}
