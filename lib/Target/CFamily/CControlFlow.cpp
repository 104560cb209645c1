//===- CControlFlow.cpp - loops and conditionals in C and C++ -------------===//
//
// Affine nests and imperative code (issue 15: scf loops and conditionals)
// alike. Values a region yields live in C variables declared before the
// statement: a loop's carried values (iter_args) are variables the body
// updates at its end, an if's results are variables each branch assigns.
// scf.while becomes `while (true) { before; if (!cond) break; after; }`, so
// the condition region may compute (and load) what the test needs.
//
//===----------------------------------------------------------------------===//

#include "hcl/Target/CFamily/CEmitter.h"
#include "hcl/Target/CFamily/CppText.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/IR/IntegerSet.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

using Groups = SmallVector<SmallVector<Value, 2>>;

/// Position i of every range, as one group per position.
Groups groupsOf(std::initializer_list<ValueRange> ranges) {
  Groups groups;
  for (ValueRange range : ranges)
    for (auto [i, v] : llvm::enumerate(range)) {
      if (groups.size() <= i)
        groups.resize(i + 1);
      groups[i].push_back(v);
    }
  return groups;
}

/// `iv++`, or `iv += step`.
std::string increment(const std::string &iv, const std::string &step) {
  return iv + (step == "1" ? "++" : " += " + step);
}

} // namespace

FailureOr<SmallVector<std::string>>
CEmitter::declareVariables(ArrayRef<SmallVector<Value, 2>> groups,
                           ValueRange initial, StringRef wanted, Operation *op,
                           Os &os) {
  SmallVector<std::string> vars;
  for (auto [i, group] : llvm::enumerate(groups)) {
    bool used = llvm::any_of(group, [](Value v) { return !v.use_empty(); });
    if (style.omitsUnused && !used) {
      vars.push_back("");
      continue;
    }
    FailureOr<std::string> type = typeOf(group.front(), op);
    if (failed(type))
      return failure();
    std::string n = fresh(wanted);
    for (Value v : group)
      setName(v, n);
    os << *type << " " << n;
    if (i < initial.size())
      os << " = " << name(initial[i]);
    os << ";\n";
    vars.push_back(n);
  }
  return vars;
}

LogicalResult CEmitter::assignVariables(ArrayRef<std::string> vars,
                                        ValueRange values, Operation *op,
                                        Os &os) {
  // A value read after another variable of the list was assigned would see
  // the new value (a swap of two carried values): copy all first.
  bool clobbers = false;
  for (auto [i, v] : llvm::enumerate(values))
    for (size_t j = 0; j < i; ++j)
      clobbers |=
          !vars[j].empty() && vars[j] == name(v) && vars[j] != name(values[j]);
  SmallVector<std::string> sources;
  for (auto [var, v] : llvm::zip(vars, values)) {
    if (!clobbers || var.empty()) {
      sources.push_back(name(v));
      continue;
    }
    FailureOr<std::string> type = typeOf(v, op);
    if (failed(type))
      return failure();
    std::string tmp = fresh("next");
    os << *type << " " << tmp << " = " << name(v) << ";\n";
    sources.push_back(tmp);
  }
  for (auto [var, source] : llvm::zip(vars, sources))
    if (!var.empty() && var != source)
      os << var << " = " << source << ";\n";
  return success();
}

LogicalResult CEmitter::emitRegionBody(Block &block, ArrayRef<std::string> vars,
                                       Os &os) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op, os)))
      return failure();
  Operation *terminator = block.getTerminator();
  return assignVariables(vars, terminator->getOperands(), terminator, os);
}

LogicalResult CEmitter::emitLoopBody(Operation *loop, Block &body,
                                     ArrayRef<std::string> carried, Os &os) {
  os.indent();
  emitLoopPragmas(loop, os);
  if (failed(emitRegionBody(body, carried, os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult CEmitter::emitFor(AffineForOp loop, Os &os) {
  FailureOr<bool> special = emitSpecialLoop(loop, os);
  if (failed(special) || *special)
    return special;
  FailureOr<SmallVector<std::string>> carried =
      declareVariables(groupsOf({loop.getRegionIterArgs(), loop.getResults()}),
                       loop.getInits(), "acc", loop, os);
  if (failed(carried))
    return failure();
  StringRef loopName = getLoopName(loop);
  std::string iv =
      define(loop.getInductionVar(), loopName.empty() ? "i" : loopName);
  std::string lb =
      bound(loop.getLowerBoundMap(), loop.getLowerBoundOperands(), true);
  std::string ub =
      bound(loop.getUpperBoundMap(), loop.getUpperBoundOperands(), false);
  emitPragmasBeforeLoop(loop, os);
  os << loopLabel(loop) << "for (int " << iv << " = " << lb << "; " << iv
     << " < " << ub << "; "
     << increment(iv, std::to_string(loop.getStepAsInt())) << ") {\n";
  return emitLoopBody(loop, *loop.getBody(), *carried, os);
}

LogicalResult CEmitter::emitScfFor(scf::ForOp loop, Os &os) {
  FailureOr<SmallVector<std::string>> carried =
      declareVariables(groupsOf({loop.getRegionIterArgs(), loop.getResults()}),
                       loop.getInitArgs(), "acc", loop, os);
  if (failed(carried))
    return failure();
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
  emitPragmasBeforeLoop(loop, os);
  os << loopLabel(loop) << "for (" << *type << " " << iv << " = "
     << name(loop.getLowerBound()) << "; " << test << "; "
     << increment(iv, name(loop.getStep())) << ") {\n";
  return emitLoopBody(loop, *loop.getBody(), *carried, os);
}

LogicalResult CEmitter::emitScfWhile(scf::WhileOp loop, Os &os) {
  // The before region's arguments are the carried values (the after
  // region's yield assigns them); the condition's forwarded values are the
  // after region's arguments and the loop's results.
  FailureOr<SmallVector<std::string>> carried = declareVariables(
      groupsOf({loop.getBeforeArguments()}), loop.getInits(), "w", loop, os);
  if (failed(carried))
    return failure();
  FailureOr<SmallVector<std::string>> forwarded =
      declareVariables(groupsOf({loop.getAfterArguments(), loop.getResults()}),
                       {}, "c", loop, os);
  if (failed(forwarded))
    return failure();
  emitPragmasBeforeLoop(loop, os);
  os << loopLabel(loop) << "while (" << style.alwaysTrue << ") {\n";
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

LogicalResult CEmitter::emitBranches(Operation *op,
                                     const std::string &condition,
                                     Block *thenBlock, Block *elseBlock,
                                     Os &os) {
  FailureOr<SmallVector<std::string>> results =
      declareVariables(groupsOf({op->getResults()}), {}, "r", op, os);
  if (failed(results))
    return failure();
  os << "if (" << condition << ") {\n";
  os.indent();
  if (failed(emitRegionBody(*thenBlock, *results, os)))
    return failure();
  os.unindent();
  bool emptyElse =
      elseBlock && elseBlock->without_terminator().empty() &&
      llvm::all_of(*results, [](const std::string &r) { return r.empty(); });
  if (elseBlock && !(style.omitsUnused && emptyElse)) {
    os << "} else {\n";
    os.indent();
    if (failed(emitRegionBody(*elseBlock, *results, os)))
      return failure();
    os.unindent();
  }
  os << "}\n";
  return success();
}

LogicalResult CEmitter::emitIf(AffineIfOp op, Os &os) {
  IntegerSet set = op.getIntegerSet();
  std::string condition;
  for (unsigned i = 0; i < set.getNumConstraints(); ++i)
    condition += (i ? " && " : "") +
                 affineExpression(set.getConstraint(i), op.getOperands(),
                                  set.getNumDims()) +
                 (set.isEq(i) ? " == 0" : " >= 0");
  return emitBranches(
      op, condition.empty() ? style.alwaysTrue.str() : condition,
      op.getThenBlock(), op.hasElse() ? op.getElseBlock() : nullptr, os);
}

LogicalResult CEmitter::emitScfIf(scf::IfOp op, Os &os) {
  return emitBranches(op, name(op.getCondition()), op.thenBlock(),
                      op.elseBlock(), os);
}

} // namespace hcl
