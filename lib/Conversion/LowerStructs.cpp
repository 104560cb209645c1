//===- LowerStructs.cpp - packed structs as integers and bit slices -------===//
//
// A struct is its fields' bits side by side, the first field lowest
// (HeteroCL's layout), so constructing one is setting slices of a zero
// integer and reading a field is getting a slice. Types are replaced
// module-wide first; the struct operations keep the struct types they were
// written with, recorded before, for the fields' offsets.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOWERSTRUCTS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-lower-structs"

using namespace mlir;
using namespace hcl;

namespace {

/// A struct operation and the struct type it constructs or reads.
struct PendingOp {
  Operation *op;
  StructType type;
};

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// `value`'s bits as an integer (a float or fixed-point value bitcast; an
/// integer, or a struct already lowered to one, as it is).
Value bitsOf(OpBuilder &b, Location loc, Value value) {
  if (isa<IntegerType>(value.getType()))
    return value;
  Type bits = b.getIntegerType(*packedWidth(value.getType()));
  return BitcastOp::create(b, loc, bits, value);
}

Value lowerConstruct(OpBuilder &b, StructConstructOp op, StructType type) {
  Location loc = op.getLoc();
  IntegerType packed = b.getIntegerType(type.getWidth());
  Value result = arith::ConstantOp::create(b, loc, b.getIntegerAttr(packed, 0));
  for (auto [index, field] : llvm::enumerate(op.getFields())) {
    int64_t lo = type.getFieldOffset(index);
    int64_t hi = type.getFieldOffset(index + 1) - 1;
    result =
        SetSliceOp::create(b, loc, packed, result, indexConstant(b, loc, hi),
                           indexConstant(b, loc, lo), bitsOf(b, loc, field));
  }
  return result;
}

Value lowerGet(OpBuilder &b, StructGetOp op, StructType type) {
  Location loc = op.getLoc();
  unsigned index = op.getIndex();
  int64_t lo = type.getFieldOffset(index);
  int64_t hi = type.getFieldOffset(index + 1) - 1;
  IntegerType bits = b.getIntegerType(hi - lo + 1);
  Value field =
      GetSliceOp::create(b, loc, bits, op.getInput(), indexConstant(b, loc, hi),
                         indexConstant(b, loc, lo));
  // The result type is already lowered: a struct field is an integer here.
  Type fieldType = op.getType();
  if (fieldType == bits)
    return field;
  return BitcastOp::create(b, loc, fieldType, field);
}

bool holdsStructs(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  return isa<StructType>(type);
}

/// Marks the arguments and results of `func` that hold structs unsigned.
void markStructsUnsigned(func::FuncOp func) {
  UnitAttr unit = UnitAttr::get(func.getContext());
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    if (holdsStructs(type))
      func.setArgAttr(index, kUnsignedAttrName, unit);
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (holdsStructs(type))
      func.setResultAttr(index, kUnsignedAttrName, unit);
}

struct LowerStructsPass : hcl::impl::LowerStructsBase<LowerStructsPass> {
  using LowerStructsBase::LowerStructsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (markUnsigned)
      for (auto func : module.getOps<func::FuncOp>())
        markStructsUnsigned(func);
    SmallVector<PendingOp> pending;
    module.walk([&](Operation *op) {
      if (auto construct = dyn_cast<StructConstructOp>(op))
        pending.push_back({op, construct.getType()});
      else if (auto get = dyn_cast<StructGetOp>(op))
        pending.push_back({op, get.getInput().getType()});
    });
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << pending.size()
                            << " struct operations to lower\n");

    AttrTypeReplacer replacer;
    replacer.addReplacement([](StructType type) -> Type {
      return IntegerType::get(type.getContext(), type.getWidth());
    });
    replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);

    for (auto [op, type] : pending) {
      OpBuilder b(op);
      Value lowered = isa<StructConstructOp>(op)
                          ? lowerConstruct(b, cast<StructConstructOp>(op), type)
                          : lowerGet(b, cast<StructGetOp>(op), type);
      op->getResult(0).replaceAllUsesWith(lowered);
      op->erase();
    }
  }
};

} // namespace
