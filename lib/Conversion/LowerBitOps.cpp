//===- LowerBitOps.cpp - bit access on integers as shifts and masks -------===//
//
// Indices are run-time `index` values, so every access is guarded: an index
// outside the integer reads 0 and writes nothing (docs/datatypes.md). The
// shifted values are computed unconditionally and selected, since a shift by
// the width or more is poison in LLVM but select ignores its unused arm.
//
//===----------------------------------------------------------------------===//

#include "FixedPointArith.h"

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOWERBITOPS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-lower-bit-ops"

using namespace mlir;
using namespace hcl;

namespace {
class BitOpLowering {
public:
  BitOpLowering(Operation *op) : b(op), loc(op->getLoc()), ints(b, loc) {}

  Value lower(Operation *op) {
    return TypeSwitch<Operation *, Value>(op)
        .Case([&](GetBitOp get) {
          int64_t width = widthOf(get.getInput());
          Value bit = arith::ShRUIOp::create(b, loc, get.getInput(),
                                             toWidth(get.getIndex(), width));
          return select(inRange(get.getIndex(), width),
                        ints.resize(bit, 1, false), ints.constant(1, 0));
        })
        .Case([&](SetBitOp set) {
          int64_t width = widthOf(set.getInput());
          Value index = toWidth(set.getIndex(), width);
          Value mask =
              arith::ShLIOp::create(b, loc, ints.constant(width, 1), index);
          Value bit = arith::ShLIOp::create(
              b, loc, ints.resize(set.getValue(), width, false), index);
          Value updated =
              arith::OrIOp::create(b, loc, clear(set.getInput(), mask), bit);
          return select(inRange(set.getIndex(), width), updated,
                        set.getInput());
        })
        .Case([&](GetSliceOp get) {
          int64_t width = widthOf(get.getInput());
          Value lo = toWidth(get.getLo(), width);
          Value field = arith::AndIOp::create(
              b, loc, arith::ShRUIOp::create(b, loc, get.getInput(), lo),
              fieldMask(get.getHi(), get.getLo(), width));
          int64_t resultWidth = get.getType().getIntOrFloatBitWidth();
          return select(validSlice(get.getHi(), get.getLo(), width),
                        ints.resize(field, resultWidth, false),
                        ints.constant(resultWidth, 0));
        })
        .Case([&](SetSliceOp set) {
          int64_t width = widthOf(set.getInput());
          Value lo = toWidth(set.getLo(), width);
          Value mask = fieldMask(set.getHi(), set.getLo(), width);
          Value field = arith::AndIOp::create(
              b, loc, ints.resize(set.getValue(), width, false), mask);
          Value updated = arith::OrIOp::create(
              b, loc,
              clear(set.getInput(), arith::ShLIOp::create(b, loc, mask, lo)),
              arith::ShLIOp::create(b, loc, field, lo));
          return select(validSlice(set.getHi(), set.getLo(), width), updated,
                        set.getInput());
        })
        .Case([&](BitReverseOp reverse) {
          return LLVM::BitReverseOp::create(b, loc, reverse.getType(),
                                            reverse.getInput());
        })
        .Case([&](BitcastOp cast) -> Value {
          if (cast.getType() == cast.getInput().getType())
            return cast.getInput();
          return arith::BitcastOp::create(b, loc, cast.getType(),
                                          cast.getInput());
        });
  }

private:
  static int64_t widthOf(Value v) {
    return v.getType().getIntOrFloatBitWidth();
  }

  /// An in-range index fits in `width` bits (it is below `width`).
  Value toWidth(Value index, int64_t width) {
    return arith::IndexCastUIOp::create(b, loc, b.getIntegerType(width), index);
  }

  /// 0 <= index < width, as one unsigned comparison.
  Value inRange(Value index, int64_t width) {
    Value limit = arith::ConstantIndexOp::create(b, loc, width);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                                 limit);
  }

  Value validSlice(Value hi, Value lo, int64_t width) {
    Value ordered =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, lo, hi);
    return arith::AndIOp::create(
        b, loc, ordered,
        arith::AndIOp::create(b, loc, inRange(hi, width), inRange(lo, width)));
  }

  /// hi - lo + 1 low bits set: all ones shifted right by width - length.
  Value fieldMask(Value hi, Value lo, int64_t width) {
    Value length =
        arith::AddIOp::create(b, loc, arith::SubIOp::create(b, loc, hi, lo),
                              arith::ConstantIndexOp::create(b, loc, 1));
    Value unused = arith::SubIOp::create(
        b, loc, arith::ConstantIndexOp::create(b, loc, width), length);
    return arith::ShRUIOp::create(b, loc, ints.constant(width, -1),
                                  toWidth(unused, width));
  }

  Value clear(Value value, Value mask) {
    Value inverted =
        arith::XOrIOp::create(b, loc, mask, ints.constant(widthOf(value), -1));
    return arith::AndIOp::create(b, loc, value, inverted);
  }

  Value select(Value condition, Value a, Value c) {
    return arith::SelectOp::create(b, loc, condition, a, c);
  }

  OpBuilder b;
  Location loc;
  FixedPointBuilder ints;
};

struct LowerBitOpsPass : hcl::impl::LowerBitOpsBase<LowerBitOpsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<GetBitOp, SetBitOp, GetSliceOp, SetSliceOp, BitReverseOp,
              BitcastOp>(op))
        ops.push_back(op);
    });
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << ops.size()
                            << " bit operations to lower\n");
    for (Operation *op : ops) {
      Value replacement = BitOpLowering(op).lower(op);
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }
  }
};
} // namespace
