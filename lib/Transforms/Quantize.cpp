//===- Quantize.cpp - hcl.quantize: store a tensor in fixed point ---------===//
//
//   hcl.quantize(%B : memref<10x10xf32>, !hcl.Fixed<8, 4>)
//
// B's buffer stores Fixed<8, 4>: stores quantize (float_to_fixed,
// fixed_to_fixed, int_to_fixed / uint_to_fixed), loads convert back
// (fixed_to_float, fixed_to_fixed, fixed_to_int), so the stages around B
// compute as written and only what B holds is narrower. On an argument or
// result, the function's signature changes. `rounding` / `overflow` apply to
// the stores.
//
//===----------------------------------------------------------------------===//

#include "RetypeElements.h"

#include "hcl/Transforms/Primitives.h"

using namespace mlir;

namespace hcl {

LogicalResult QuantizeOp::apply(ScheduleContext &ctx) {
  QuantizeOp op = *this;
  Type from = op.getTarget().getType().getElementType();
  Type to = op.getType();
  bool isUnsigned = isUnsignedBuffer(ctx.resolveMemRef(op.getTarget()));
  auto toStored = [&](OpBuilder &b, Location loc, Value v) -> Value {
    if (isa<FloatType>(from))
      return FloatToFixedOp::create(b, loc, to, v, op.getRoundingAttr(),
                                    op.getOverflowAttr());
    if (isa<IntegerType>(from)) {
      if (isUnsigned)
        return UIntToFixedOp::create(b, loc, to, v);
      return IntToFixedOp::create(b, loc, to, v);
    }
    return FixedToFixedOp::create(b, loc, to, v, op.getRoundingAttr(),
                                  op.getOverflowAttr());
  };
  auto fromLoaded = [&](OpBuilder &b, Location loc, Value v) -> Value {
    if (isa<FloatType>(from))
      return FixedToFloatOp::create(b, loc, from, v);
    if (isa<IntegerType>(from))
      return FixedToIntOp::create(b, loc, from, v);
    return FixedToFixedOp::create(b, loc, from, v, nullptr, nullptr);
  };
  return retypeElements(op, "quantize", op.getTarget(), to, ctx, toStored,
                        fromLoaded);
}

} // namespace hcl
