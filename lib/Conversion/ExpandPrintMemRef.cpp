//===- ExpandPrintMemRef.cpp - hcl.print_memref to loops of hcl.print -----===//
//
// A printed memref is a loop nest of scalar prints, so it prints wherever
// hcl.print does: on the JIT and in the HLS C++'s C simulation. Without a
// format the elements are bracketed by dimension,
//
//   [[1, 2, 3],
//    [4, 5, 6]]
//
// the separators printed under affine.if on the indices (none before the
// first of a dimension).
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/PrintFormat.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"

namespace hcl {
#define GEN_PASS_DEF_EXPANDPRINTMEMREF
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

using namespace mlir;

namespace {

struct Expansion {
  hcl::PrintMemRefOp op;
  std::string elementFormat;
  SmallVector<Value> indices;

  void text(OpBuilder &b, const std::string &format) {
    hcl::PrintOp::create(b, op.getLoc(), b.getStringAttr(format), ValueRange{},
                         nullptr);
  }

  void element(OpBuilder &b) {
    Location loc = op.getLoc();
    Value value = affine::AffineLoadOp::create(b, loc, op.getInput(), indices);
    StringAttr sign =
        op->hasAttr("unsigned") && isa<IntegerType>(value.getType())
            ? b.getStringAttr("u")
            : nullptr;
    hcl::PrintOp::create(b, loc, b.getStringAttr(elementFormat),
                         ValueRange{value}, sign);
  }

  /// Dimension `d` and the ones inside it, bracketed when `brackets`.
  void dimension(OpBuilder &b, unsigned d, bool brackets) {
    auto type = cast<MemRefType>(op.getInput().getType());
    if (d == type.getRank())
      return element(b);
    Location loc = op.getLoc();
    if (brackets)
      text(b, "[");
    auto loop = affine::AffineForOp::create(b, loc, 0, type.getDimSize(d));
    OpBuilder inner = OpBuilder::atBlockBegin(loop.getBody());
    indices.push_back(loop.getInductionVar());
    if (brackets) {
      // i > 0: a separator before every element but the first.
      IntegerSet notFirst = IntegerSet::get(
          1, 0, {getAffineDimExpr(0, b.getContext()) - 1}, {false});
      auto ifOp = affine::AffineIfOp::create(inner, loc, notFirst,
                                             loop.getInductionVar(),
                                             /*withElseRegion=*/false);
      OpBuilder then = ifOp.getThenBodyBuilder();
      bool last = d + 1 == type.getRank();
      text(then, last ? ", " : ",\n" + std::string(d + 1, ' '));
    }
    dimension(inner, d + 1, brackets);
    indices.pop_back();
    if (brackets)
      text(b, "]");
  }
};

/// The format of one element: the op's, fitted to the element type as
/// hcl.print fits HeteroCL-MLIR's, else %lld or %g.
std::string elementFormat(hcl::PrintMemRefOp op) {
  Type element = op.getInput().getType().getElementType();
  bool isInteger = isa<IntegerType>(element);
  if (!op.getFormat())
    return isInteger ? "%lld" : "%g";
  std::string error, format = op.getFormat()->str();
  std::vector<hcl::PrintConversion> conversions =
      hcl::parsePrintFormat(format, error);
  return hcl::fitPrintFormat(format, conversions, {isInteger});
}

void expand(hcl::PrintMemRefOp op) {
  OpBuilder b(op);
  Expansion expansion{op, elementFormat(op), {}};
  bool brackets = !op.getFormat();
  expansion.dimension(b, 0, brackets);
  if (brackets)
    expansion.text(b, "\n");
  op.erase();
}

struct ExpandPrintMemRefPass
    : hcl::impl::ExpandPrintMemRefBase<ExpandPrintMemRefPass> {
  void runOnOperation() override {
    SmallVector<hcl::PrintMemRefOp> ops;
    getOperation().walk([&](hcl::PrintMemRefOp op) { ops.push_back(op); });
    for (hcl::PrintMemRefOp op : ops)
      expand(op);
  }
};

} // namespace
