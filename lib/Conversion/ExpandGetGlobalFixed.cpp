//===- ExpandGetGlobalFixed.cpp - fixed-point copies of integer globals ---===//
//
// hcl.get_global_fixed reads a global of integer encodings as fixed-point
// values. A copy loop of hcl.bitcast says so with hcl's scalar operations,
// which both the CPU lowering and the HLS C++ emitter already know.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace hcl {
#define GEN_PASS_DEF_EXPANDGETGLOBALFIXED
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

using namespace mlir;

namespace {

/// The fixed-point type's width and signedness.
std::pair<unsigned, bool> fixedWidth(Type type) {
  if (auto fixed = dyn_cast<hcl::FixedType>(type))
    return {fixed.getWidth(), true};
  auto fixed = cast<hcl::UFixedType>(type);
  return {fixed.getWidth(), false};
}

/// `value` (an integer) with `width` bits: truncated, or extended as
/// `isSigned` says.
Value resize(OpBuilder &b, Location loc, Value value, unsigned width,
             bool isSigned) {
  unsigned from = cast<IntegerType>(value.getType()).getWidth();
  Type to = b.getIntegerType(width);
  if (from == width)
    return value;
  if (from > width)
    return arith::TruncIOp::create(b, loc, to, value);
  return isSigned ? Value(arith::ExtSIOp::create(b, loc, to, value))
                  : Value(arith::ExtUIOp::create(b, loc, to, value));
}

void expand(hcl::GetGlobalFixedOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto type = cast<MemRefType>(op.getResult().getType());
  auto module = op->getParentOfType<ModuleOp>();
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      module, op.getNameAttr());
  Value integers = memref::GetGlobalOp::create(b, loc, global.getType(),
                                               op.getNameAttr().getAttr());
  Value copy = memref::AllocOp::create(b, loc, type);
  auto [width, isSigned] = fixedWidth(type.getElementType());
  SmallVector<int64_t> zeros(type.getRank(), 0), ones(type.getRank(), 1);
  affine::buildAffineLoopNest(
      b, loc, zeros, type.getShape(), ones,
      [&](OpBuilder &nested, Location at, ValueRange indices) {
        Value bits =
            affine::AffineLoadOp::create(nested, at, integers, indices);
        bits = resize(nested, at, bits, width, isSigned);
        Value fixed =
            hcl::BitcastOp::create(nested, at, type.getElementType(), bits);
        affine::AffineStoreOp::create(nested, at, fixed, copy, indices);
      });
  op.getResult().replaceAllUsesWith(copy);
  op.erase();
}

struct ExpandGetGlobalFixedPass
    : hcl::impl::ExpandGetGlobalFixedBase<ExpandGetGlobalFixedPass> {
  void runOnOperation() override {
    SmallVector<hcl::GetGlobalFixedOp> ops;
    getOperation().walk([&](hcl::GetGlobalFixedOp op) { ops.push_back(op); });
    for (hcl::GetGlobalFixedOp op : ops)
      expand(op);
  }
};

} // namespace
