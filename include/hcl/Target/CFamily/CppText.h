//===- CppText.h - C++ spellings of MLIR types and values -------*- C++ -*-===//

#ifndef HCL_TARGET_CFAMILY_CPPTEXT_H
#define HCL_TARGET_CFAMILY_CPPTEXT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <set>
#include <string>

namespace hcl {

/// The C++ type of a scalar: bool, int8_t..int64_t, ap_int<N> for other
/// widths, int for index, float, double. None for anything else.
std::optional<std::string> scalarCppType(mlir::Type type);

/// The unsigned C++ type of the same width (uint32_t, ap_uint<12>), for the
/// operations that read signless integers as unsigned.
std::string unsignedCppType(mlir::Type type);

/// "[10][10]" (rank 0: "[1]"); none for dynamic shapes.
std::optional<std::string> arraySuffix(mlir::MemRefType type);

/// An integer or float constant as a C++ expression of exactly its value:
/// floats as hexadecimal literals, NaN and infinities through their bits
/// (`hcl_f32_bits(0x7FC00000u)`, whose helper is recorded in `helpers`).
std::string constantText(mlir::Attribute value, std::set<std::string> &helpers);

/// The same for one value of an integer (or index) type and of a float type.
std::string integerText(const llvm::APInt &value, mlir::Type type);
std::string floatText(const llvm::APFloat &value, bool isFloat,
                      std::set<std::string> &helpers);

/// `expr` with dims and symbols replaced by `operands` (C++ expressions);
/// floordiv, ceildiv and mod use helpers that round as affine maps do, except
/// floordiv and mod of a dividend that cannot be negative (by `nonNegative`,
/// one flag per operand, e.g. a loop's induction variable from 0) by a
/// positive constant: C's `/` and `%` round alike there.
std::string affineText(mlir::AffineExpr expr,
                       llvm::ArrayRef<std::string> operands, unsigned numDims,
                       std::set<std::string> &helpers,
                       llvm::ArrayRef<bool> nonNegative = {});

/// The C operator of an integer comparison ("<" for slt and ult alike), and
/// whether the comparison reads its operands as unsigned.
const char *comparisonOperator(mlir::arith::CmpIPredicate predicate);
bool isUnsignedComparison(mlir::arith::CmpIPredicate predicate);

/// The definitions of the helpers named in `helpers`.
std::string helperDefinitions(const std::set<std::string> &helpers);

} // namespace hcl

#endif // HCL_TARGET_CFAMILY_CPPTEXT_H
