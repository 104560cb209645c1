//===- LowerFixedPoint.cpp - fixed point to integer arithmetic ------------===//
//
// A fixed-point value is its integer bits, so the lowering is a type
// substitution (Fixed<W, F> -> iW everywhere, as DropPartitionLayouts does
// for layouts) plus a rewrite of each fixed-point operation. The formats of
// the operations are recorded before the substitution erases them.
//
//===----------------------------------------------------------------------===//

#include "FixedPointArith.h"

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOWERFIXEDPOINT
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-lower-fixed-point"

using namespace mlir;
using namespace hcl;

/// The format of a fixed-point or integer type (integers: signedness given).
static FixedFormat formatOf(Type type, bool integerIsSigned = true) {
  if (auto fixed = dyn_cast<FixedType>(type))
    return {fixed.getWidth(), fixed.getFrac(), true};
  if (auto fixed = dyn_cast<UFixedType>(type))
    return {fixed.getWidth(), fixed.getFrac(), false};
  return {static_cast<int64_t>(type.getIntOrFloatBitWidth()), 0,
          integerIsSigned};
}

static bool isFixed(Type type) { return isa<FixedType, UFixedType>(type); }

namespace {
/// A fixed-point operation and the formats of its operand and result.
struct PendingOp {
  Operation *op;
  FixedFormat input;
  FixedFormat output;
};

QuantizationMode modeOf(Operation *op) {
  QuantizationMode mode;
  if (auto rounding = op->getAttrOfType<StringAttr>("rounding")) {
    mode.roundToNearest = rounding.getValue() == "nearest";
    mode.towardZero = rounding.getValue() == "zero";
  }
  if (auto overflow = op->getAttrOfType<StringAttr>("overflow"))
    mode.saturate = overflow.getValue() == "saturate";
  return mode;
}

/// The integer arithmetic computing `pending.op`, whose operands are already
/// integers.
Value lower(const PendingOp &pending) {
  Operation *op = pending.op;
  OpBuilder b(op);
  Location loc = op->getLoc();
  FixedPointBuilder fixed(b, loc);
  FixedFormat in = pending.input, out = pending.output;
  bool s = in.isSigned;
  auto operand = [&](unsigned i) { return op->getOperand(i); };
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](AddFixedOp) {
        return arith::AddIOp::create(b, loc, operand(0), operand(1));
      })
      .Case([&](SubFixedOp) {
        return arith::SubIOp::create(b, loc, operand(0), operand(1));
      })
      .Case([&](MulFixedOp) {
        int64_t wide = 2 * in.width;
        Value product =
            arith::MulIOp::create(b, loc, fixed.resize(operand(0), wide, s),
                                  fixed.resize(operand(1), wide, s));
        return fixed.requantize(product, {wide, 2 * in.frac, s}, out);
      })
      .Case([&](DivFixedOp) -> Value {
        int64_t wide = in.width + in.frac + 1; // no overflow, even MIN / -1
        Value dividend = fixed.resize(operand(0), wide, s);
        if (in.frac > 0)
          dividend = arith::ShLIOp::create(b, loc, dividend,
                                           fixed.constant(wide, in.frac));
        Value divisor = fixed.resize(operand(1), wide, s);
        Value quotient =
            s ? arith::DivSIOp::create(b, loc, dividend, divisor).getResult()
              : arith::DivUIOp::create(b, loc, dividend, divisor).getResult();
        return fixed.resize(quotient, in.width, s);
      })
      .Case([&](MinFixedOp) -> Value {
        if (s)
          return arith::MinSIOp::create(b, loc, operand(0), operand(1));
        return arith::MinUIOp::create(b, loc, operand(0), operand(1));
      })
      .Case([&](MaxFixedOp) -> Value {
        if (s)
          return arith::MaxSIOp::create(b, loc, operand(0), operand(1));
        return arith::MaxUIOp::create(b, loc, operand(0), operand(1));
      })
      .Case([&](CmpFixedOp cmp) {
        return arith::CmpIOp::create(b, loc, cmp.getPredicate(), operand(0),
                                     operand(1));
      })
      .Case<FixedToFixedOp, IntToFixedOp, UIntToFixedOp>([&](Operation *) {
        return fixed.requantize(operand(0), in, out, modeOf(op));
      })
      .Case([&](FixedToIntOp conversion) {
        return fixed.toInteger(operand(0), in, out.width,
                               conversion.getRounding() != "floor");
      })
      .Case([&](FloatToFixedOp) {
        return fixed.fromFloat(operand(0), out, modeOf(op));
      })
      .Case([&](FixedToFloatOp conversion) {
        return fixed.toFloat(operand(0), in, conversion.getType());
      })
      .Case([&](FixedConstantOp constant) {
        return fixed.constant(
            out.width, fixedConstantBits(constant.getValue(),
                                         {out.width, out.frac, out.isSigned}));
      })
      .Case([&](BitcastOp cast) -> Value {
        // Fixed <-> integer is the identity on bits; fixed <-> float is an
        // ordinary bitcast once the fixed side is an integer.
        Type to = cast.getType();
        if (to == operand(0).getType())
          return operand(0);
        return arith::BitcastOp::create(b, loc, to, operand(0));
      });
}

/// Records the fixed-point operations of `module` with their formats.
SmallVector<PendingOp> collectFixedPointOps(ModuleOp module) {
  SmallVector<PendingOp> pending;
  module.walk([&](Operation *op) {
    if (!op->hasTrait<OpTrait::HCLDataOp>())
      return;
    Type result = op->getResult(0).getType();
    Type input = op->getNumOperands() ? op->getOperand(0).getType() : result;
    if (!isFixed(input) && !isFixed(result))
      return; // bit operations on integers: --hcl-lower-bit-ops
    bool unsignedSource = isa<UIntToFixedOp>(op);
    pending.push_back({op, formatOf(input, !unsignedSource),
                       isa<IntegerType, FixedType, UFixedType>(result)
                           ? formatOf(result)
                           : FixedFormat{0, 0, true}});
  });
  return pending;
}

struct LowerFixedPointPass
    : hcl::impl::LowerFixedPointBase<LowerFixedPointPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<PendingOp> pending = collectFixedPointOps(module);
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << pending.size()
                            << " fixed-point operations to lower\n");

    AttrTypeReplacer replacer;
    replacer.addReplacement([](FixedType type) -> Type {
      return IntegerType::get(type.getContext(), type.getWidth());
    });
    replacer.addReplacement([](UFixedType type) -> Type {
      return IntegerType::get(type.getContext(), type.getWidth());
    });
    replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);

    for (const PendingOp &op : pending) {
      Value replacement = lower(op);
      op.op->getResult(0).replaceAllUsesWith(replacement);
      op.op->erase();
    }
  }
};
} // namespace
