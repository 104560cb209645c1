//===- Downsize.cpp - hcl.downsize: store integers in fewer bits ----------===//
//
//   hcl.downsize(%B : memref<10x10xi32>, i8)
//
// B's buffer stores i8: stores truncate, loads extend back (zero-extend for
// an `hcl.unsigned` argument, else sign-extend). Values that do not fit wrap,
// as the narrower hardware register would.
//
//===----------------------------------------------------------------------===//

#include "RetypeElements.h"

#include "hcl/Transforms/Primitives.h"

using namespace mlir;

namespace hcl {

LogicalResult DownsizeOp::apply(ScheduleContext &ctx) {
  DownsizeOp op = *this;
  Type from = op.getTarget().getType().getElementType();
  Type to = op.getType();
  bool isUnsigned = isUnsignedBuffer(ctx.resolveMemRef(op.getTarget()));
  auto toStored = [&](OpBuilder &b, Location loc, Value v) -> Value {
    return arith::TruncIOp::create(b, loc, to, v);
  };
  auto fromLoaded = [&](OpBuilder &b, Location loc, Value v) -> Value {
    if (isUnsigned)
      return arith::ExtUIOp::create(b, loc, from, v);
    return arith::ExtSIOp::create(b, loc, from, v);
  };
  return retypeElements(op, "downsize", op.getTarget(), to, ctx, toStored,
                        fromLoaded);
}

} // namespace hcl
