//===- CEmitter.cpp - names, statements and arrays in C and C++ -----------===//
//
// Statements follow the IR one to one: an SSA value is a local variable
// (constants are written inline as exact literals), a memref a C array
// indexed one dimension at a time. What a backend spells its own way
// (buffers, streams, calls) goes through its emitTargetOp.
//
//===----------------------------------------------------------------------===//

#include "hcl/Target/CFamily/CEmitter.h"
#include "hcl/Target/CFamily/CppText.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

std::string CEmitter::name(Value v) {
  auto it = valueNames.find(v);
  return it == valueNames.end() ? "<undefined>" : it->second;
}

std::string CEmitter::define(Value v, StringRef wanted) {
  return valueNames[v] = names.get(wanted);
}

InFlightDiagnostic CEmitter::error(Operation *op) {
  return op->emitError(style.errorPrefix);
}

InFlightDiagnostic CEmitter::unsupported(Operation *op) {
  return error(op) << "'" << op->getName() << "' is not supported by "
                   << style.emitterName;
}

LogicalResult CEmitter::emitBlock(Block &block, Os &os) {
  for (Operation &op : block)
    if (failed(emitOp(&op, os)))
      return failure();
  return success();
}

LogicalResult CEmitter::emitOp(Operation *op, Os &os) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    FailureOr<std::string> text = constantText(constant);
    if (failed(text))
      return failure();
    setName(constant.getResult(), *text);
    return success();
  }
  if (auto loop = dyn_cast<AffineForOp>(op))
    return emitFor(loop, os);
  if (auto ifOp = dyn_cast<AffineIfOp>(op))
    return emitIf(ifOp, os);
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return emitScfFor(loop, os);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return emitScfWhile(loop, os);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return emitScfIf(ifOp, os);
  if (isa<AffineYieldOp, memref::DeallocOp>(op))
    return success();
  if (std::optional<LogicalResult> done = emitTargetOp(op, os))
    return *done;
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return unsupported(op);
  if (style.omitsUnused && isPure(op) && op->use_empty())
    return success();
  return emitAssign(op, os);
}

LogicalResult CEmitter::emitAssign(Operation *op, Os &os) {
  FailureOr<std::string> value = expression(op);
  if (failed(value))
    return failure();
  FailureOr<std::string> type = typeOf(op->getResult(0), op);
  if (failed(type))
    return failure();
  os << *type << " " << define(op->getResult(0)) << " = " << *value << ";\n";
  return success();
}

void CEmitter::nameReturnedBuffers(func::FuncOp func) {
  func.walk([&](func::ReturnOp ret) {
    for (auto [i, value] : llvm::enumerate(ret.getOperands()))
      if (value.getDefiningOp<memref::AllocOp>() &&
          !returnedBuffers.count(value))
        returnedBuffers[value] = "result" + std::to_string(i);
  });
}

void CEmitter::emitOutputs(func::ReturnOp ret, Os &os) {
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    std::string out = "result" + std::to_string(i);
    auto memref = dyn_cast<MemRefType>(value.getType());
    if (!memref) {
      os << "*" << out << " = " << name(value) << ";\n";
      continue;
    }
    if (name(value) == out)
      continue;
    emitCopy(
        memref, [&](ArrayRef<std::string> i) { return element(value, i); },
        [&](ArrayRef<std::string> i) {
          return out + (i.empty() ? "[0]" : "[" + llvm::join(i, "][") + "]");
        },
        os);
  }
}

void CEmitter::emitCopy(MemRefType type, ElementText from, ElementText to,
                        Os &os) {
  SmallVector<std::string> index;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    std::string iv = names.get("c" + std::to_string(d));
    os << "for (int " << iv << " = 0; " << iv << " < " << type.getDimSize(d)
       << "; " << iv << "++)\n";
    os.indent();
    index.push_back(iv);
  }
  os << to(index) << " = " << from(index) << ";\n";
  for (int64_t d = 0; d < type.getRank(); ++d)
    os.unindent();
}

std::string CEmitter::element(Value memref, ArrayRef<std::string> indices) {
  std::string text = name(memref);
  if (indices.empty())
    return text + "[0]";
  for (const std::string &i : indices)
    text += "[" + i + "]";
  return text;
}

std::string CEmitter::affineExpression(AffineExpr e, ValueRange operands,
                                       unsigned numDims) {
  SmallVector<std::string> args;
  SmallVector<bool> nonNegative;
  for (Value v : operands) {
    args.push_back(name(v));
    // A loop counting up from a non-negative start never goes negative.
    affine::AffineForOp loop = affine::getForInductionVarOwner(v);
    nonNegative.push_back(loop && loop.hasConstantLowerBound() &&
                          loop.getConstantLowerBound() >= 0);
  }
  return affineText(e, args, numDims, helpers, nonNegative);
}

SmallVector<std::string> CEmitter::affineIndices(AffineMap map,
                                                 ValueRange operands) {
  SmallVector<std::string> indices;
  for (AffineExpr e : map.getResults())
    indices.push_back(affineExpression(e, operands, map.getNumDims()));
  return indices;
}

std::string CEmitter::bound(AffineMap map, ValueRange operands, bool lower) {
  std::string text;
  for (AffineExpr e : map.getResults()) {
    std::string one = affineExpression(e, operands, map.getNumDims());
    text = text.empty() ? one : boundOf(lower, text, one);
  }
  return text;
}

std::string CEmitter::decayedPointer(MemRefType type) {
  std::string scalar = *scalarCppType(type.getElementType());
  if (type.getRank() <= 1)
    return scalar + " *";
  std::string pointer = scalar + " (*)";
  for (int64_t d : type.getShape().drop_front())
    pointer += "[" + std::to_string(d) + "]";
  return pointer;
}

} // namespace hcl
