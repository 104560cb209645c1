//===- EmitControlFlow.cpp - loops and conditionals as HLS C++ ------------===//
//
// Imperative code (issue 15) mixes scf loops and conditionals with the
// affine nests. Values a region yields live in C variables declared before
// the statement: a loop's carried values (iter_args) are variables the body
// updates at its end, an if's results are variables each branch assigns.
// scf.while becomes `while (true) { before; if (!cond) break; after; }`,
// so the condition region may compute (and load) what the test needs.
//
//===----------------------------------------------------------------------===//

#include "CppText.h"
#include "FunctionEmitter.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/IR/IntegerSet.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

FailureOr<SmallVector<std::string>>
FunctionEmitter::declareVariables(ValueRange values, ValueRange initial,
                                  StringRef wanted, Operation *op, Os &os) {
  SmallVector<std::string> vars;
  for (auto [i, v] : llvm::enumerate(values)) {
    FailureOr<std::string> type = typeOf(v, op);
    if (failed(type))
      return failure();
    std::string n = define(v, wanted);
    os << *type << " " << n;
    if (i < initial.size())
      os << " = " << name(initial[i]);
    os << ";\n";
    vars.push_back(n);
  }
  return vars;
}

LogicalResult FunctionEmitter::assignVariables(ArrayRef<std::string> vars,
                                               ValueRange values, Operation *op,
                                               Os &os) {
  // A value read after another variable of the list was assigned would see
  // the new value (a swap of two carried values): copy all first.
  bool clobbers = false;
  for (auto [i, v] : llvm::enumerate(values))
    for (size_t j = 0; j < i; ++j)
      clobbers |= vars[j] == name(v) && vars[j] != name(values[j]);
  SmallVector<std::string> sources;
  for (Value v : values) {
    if (!clobbers) {
      sources.push_back(name(v));
      continue;
    }
    FailureOr<std::string> type = typeOf(v, op);
    if (failed(type))
      return failure();
    std::string tmp = names.get("next");
    os << *type << " " << tmp << " = " << name(v) << ";\n";
    sources.push_back(tmp);
  }
  for (auto [var, source] : llvm::zip(vars, sources))
    if (var != source)
      os << var << " = " << source << ";\n";
  return success();
}

LogicalResult FunctionEmitter::emitRegionBody(Block &block,
                                              ArrayRef<std::string> vars,
                                              Os &os) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op, os)))
      return failure();
  Operation *terminator = block.getTerminator();
  return assignVariables(vars, terminator->getOperands(), terminator, os);
}

void FunctionEmitter::emitLoopPragmas(Operation *loop, Os &os) {
  if (loop->hasAttr("parallel"))
    // Vitis has no parallel loop: hardware runs iterations at once only
    // when the loop is unrolled (replicated) or pipelined (overlapped).
    os << "// hcl.parallel: threads on the CPU only; for hardware, unroll or "
          "pipeline this loop\n";
  if (auto ii = loop->getAttrOfType<IntegerAttr>("pipeline_ii"))
    os << "#pragma HLS pipeline II=" << ii.getInt() << "\n";
  if (auto unroll = loop->getAttrOfType<IntegerAttr>("unroll")) {
    os << "#pragma HLS unroll";
    if (unroll.getInt() > 0)
      os << " factor=" << unroll.getInt();
    os << "\n";
  } else if (loop->hasAttr("vectorize")) {
    // hcl.vectorize's group of `width` iterations: all lanes at once.
    os << "#pragma HLS unroll\n";
  }
  // A data-dependent loop's bound, so that HLS can report its latency.
  if (auto max = loop->getAttrOfType<IntegerAttr>("max_trip_count"))
    os << "#pragma HLS loop_tripcount min=0 max=" << max.getInt() << "\n";
}

std::string FunctionEmitter::loopLabel(Operation *loop) {
  StringRef loopName = getLoopName(loop);
  return loopName.empty() ? "" : names.get("l_" + loopName.str()) + ": ";
}

LogicalResult FunctionEmitter::emitFor(AffineForOp loop, Os &os) {
  FailureOr<SmallVector<std::string>> carried = declareVariables(
      loop.getRegionIterArgs(), loop.getInits(), "acc", loop, os);
  if (failed(carried))
    return failure();
  for (auto [result, var] : llvm::zip(loop.getResults(), *carried))
    valueNames[result] = var;
  StringRef loopName = getLoopName(loop);
  std::string iv =
      define(loop.getInductionVar(), loopName.empty() ? "i" : loopName);
  std::string lb =
      bound(loop.getLowerBoundMap(), loop.getLowerBoundOperands(), true);
  std::string ub =
      bound(loop.getUpperBoundMap(), loop.getUpperBoundOperands(), false);
  os << loopLabel(loop) << "for (int " << iv << " = " << lb << "; " << iv
     << " < " << ub << "; " << iv
     << (loop.getStepAsInt() == 1
             ? "++"
             : " += " + std::to_string(loop.getStepAsInt()))
     << ") {\n";
  return emitLoopBody(loop, *loop.getBody(), *carried, os);
}

LogicalResult FunctionEmitter::emitLoopBody(Operation *loop, Block &body,
                                            ArrayRef<std::string> carried,
                                            Os &os) {
  os.indent();
  emitLoopPragmas(loop, os);
  if (failed(emitRegionBody(body, carried, os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult FunctionEmitter::emitScfFor(scf::ForOp loop, Os &os) {
  FailureOr<SmallVector<std::string>> carried = declareVariables(
      loop.getRegionIterArgs(), loop.getInitArgs(), "acc", loop, os);
  if (failed(carried))
    return failure();
  for (auto [result, var] : llvm::zip(loop.getResults(), *carried))
    valueNames[result] = var;
  FailureOr<std::string> type = typeOf(loop.getInductionVar(), loop);
  if (failed(type))
    return failure();
  StringRef loopName = getLoopName(loop);
  std::string iv =
      define(loop.getInductionVar(), loopName.empty() ? "i" : loopName);
  std::string ub = name(loop.getUpperBound()), test = iv + " < " + ub;
  if (loop.getUnsignedCmp()) {
    std::string u =
        "(" + unsignedCppType(loop.getInductionVar().getType()) + ")";
    test = u + iv + " < " + u + ub;
  }
  std::string step = name(loop.getStep());
  os << loopLabel(loop) << "for (" << *type << " " << iv << " = "
     << name(loop.getLowerBound()) << "; " << test << "; " << iv
     << (step == "1" ? "++" : " += " + step) << ") {\n";
  return emitLoopBody(loop, *loop.getBody(), *carried, os);
}

LogicalResult FunctionEmitter::emitScfWhile(scf::WhileOp loop, Os &os) {
  // The before region's arguments are the carried values; the condition's
  // forwarded values are the after region's arguments and the results.
  FailureOr<SmallVector<std::string>> carried = declareVariables(
      loop.getBeforeArguments(), loop.getInits(), "w", loop, os);
  if (failed(carried))
    return failure();
  FailureOr<SmallVector<std::string>> forwarded =
      declareVariables(loop.getAfterArguments(), {}, "c", loop, os);
  if (failed(forwarded))
    return failure();
  for (auto [result, var] : llvm::zip(loop.getResults(), *forwarded))
    valueNames[result] = var;
  os << loopLabel(loop) << "while (true) {\n";
  os.indent();
  emitLoopPragmas(loop, os);
  scf::ConditionOp condition = loop.getConditionOp();
  for (Operation &op : loop.getBeforeBody()->without_terminator())
    if (failed(emitOp(&op, os)))
      return failure();
  if (failed(assignVariables(*forwarded, condition.getArgs(), condition, os)))
    return failure();
  os << "if (!(" << name(condition.getCondition()) << "))\n  break;\n";
  if (failed(emitRegionBody(*loop.getAfterBody(), *carried, os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult FunctionEmitter::emitBranches(Operation *op,
                                            const std::string &condition,
                                            Block *thenBlock, Block *elseBlock,
                                            Os &os) {
  FailureOr<SmallVector<std::string>> results =
      declareVariables(op->getResults(), {}, "r", op, os);
  if (failed(results))
    return failure();
  os << "if (" << condition << ") {\n";
  os.indent();
  if (failed(emitRegionBody(*thenBlock, *results, os)))
    return failure();
  os.unindent();
  if (elseBlock) {
    os << "} else {\n";
    os.indent();
    if (failed(emitRegionBody(*elseBlock, *results, os)))
      return failure();
    os.unindent();
  }
  os << "}\n";
  return success();
}

LogicalResult FunctionEmitter::emitIf(AffineIfOp op, Os &os) {
  IntegerSet set = op.getIntegerSet();
  SmallVector<std::string> args;
  for (Value operand : op.getOperands())
    args.push_back(name(operand));
  std::string condition;
  for (unsigned i = 0; i < set.getNumConstraints(); ++i) {
    std::string e =
        affineText(set.getConstraint(i), args, set.getNumDims(), helpers);
    condition += (i ? " && " : "") + e + (set.isEq(i) ? " == 0" : " >= 0");
  }
  return emitBranches(op, condition.empty() ? "true" : condition,
                      op.getThenBlock(),
                      op.hasElse() ? op.getElseBlock() : nullptr, os);
}

LogicalResult FunctionEmitter::emitScfIf(scf::IfOp op, Os &os) {
  return emitBranches(op, name(op.getCondition()), op.thenBlock(),
                      op.elseBlock(), os);
}

} // namespace hcl
