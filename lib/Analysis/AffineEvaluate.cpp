//===- AffineEvaluate.cpp - an affine expression at integer values --------===//

#include "hcl/Analysis/AffineEvaluate.h"

using namespace mlir;

namespace hcl {

static int64_t floorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

int64_t evaluateAffineExpr(AffineExpr e, ArrayRef<int64_t> dims,
                           ArrayRef<int64_t> syms) {
  switch (e.getKind()) {
  case AffineExprKind::Constant:
    return cast<AffineConstantExpr>(e).getValue();
  case AffineExprKind::DimId:
    return dims[cast<AffineDimExpr>(e).getPosition()];
  case AffineExprKind::SymbolId:
    return syms[cast<AffineSymbolExpr>(e).getPosition()];
  default:
    break;
  }
  auto bin = cast<AffineBinaryOpExpr>(e);
  int64_t l = evaluateAffineExpr(bin.getLHS(), dims, syms);
  int64_t r = evaluateAffineExpr(bin.getRHS(), dims, syms);
  switch (e.getKind()) {
  case AffineExprKind::Add:
    return l + r;
  case AffineExprKind::Mul:
    return l * r;
  case AffineExprKind::FloorDiv:
    return floorDiv(l, r);
  case AffineExprKind::CeilDiv:
    return -floorDiv(-l, r);
  default: // Mod
    return l - r * floorDiv(l, r);
  }
}

} // namespace hcl
