//===- MLIRText.h - MLIR spellings of types, literals and data --*- C++ -*-===//
//
// The pieces of MLIR text the front end's writer (EmitMLIR.cpp and its
// companions) spells the same way everywhere: element and memref types,
// exact integer and float literals, quoted strings, symbol names and the
// dense data of constant tensors.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_MLIRTEXT_H
#define HCL_LIB_FRONTEND_MLIRTEXT_H

#include "Nodes.h"

namespace hcl {

/// UInt arguments and results are unsigned at the host boundary.
std::string unsignedAttr(Type type);
std::string memrefType(const std::vector<int64_t> &shape, Type type);
std::string quoted(const std::string &s);
/// An integer constant of `type` as MLIR prints it: wrapped to the width
/// and written signed.
std::string intLiteral(int64_t value, Type type);
/// A float constant in hexadecimal bits, so the value is exact.
std::string floatLiteral(double value, Type type);
/// A valid, readable symbol for a constant named `name`.
std::string symbolName(const std::string &name);
/// How a constant is stored: fixed point as integers of its width (its
/// bits V; reads bitcast them to the fixed type), other types as they are.
Type storageType(const TensorNode &constant);
/// A constant's elements as a dense literal of its memref type.
std::string denseLiteral(const TensorNode &constant);

} // namespace hcl

#endif // HCL_LIB_FRONTEND_MLIRTEXT_H
