//===- AffineEvaluate.h - an affine expression at integer values -*- C++
//-*-===//
//
// Evaluating an affine expression on known integers directly, rather than by
// building constant expressions and simplifying them: the estimator and the
// stream trace do it once per unrolled copy or traced iteration.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_AFFINEEVALUATE_H
#define HCL_ANALYSIS_AFFINEEVALUATE_H

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace hcl {

/// `e` with its dimensions and symbols at the given values, with MLIR's
/// floor semantics for floordiv, ceildiv and mod.
int64_t evaluateAffineExpr(mlir::AffineExpr e, llvm::ArrayRef<int64_t> dims,
                           llvm::ArrayRef<int64_t> syms);

} // namespace hcl

#endif // HCL_ANALYSIS_AFFINEEVALUATE_H
