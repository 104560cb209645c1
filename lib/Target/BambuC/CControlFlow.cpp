//===- CControlFlow.cpp - imperative loops and conditionals as C99 --------===//
//
// Imperative code (issue 15) mixes scf loops and conditionals with the
// affine nests, as the HLS C++ emitter sees them. Values a region yields
// live in C variables declared before the statement: a loop's carried
// values (iter_args) are variables the body updates at its end, an if's
// results are variables each branch assigns. scf.while becomes
// `while (1) { before; if (!cond) break; after; }`, so the condition
// region may compute (and load) what the test needs. A variable no value
// reads is not declared, so the C compiles with -Wall -Werror.
//
//===----------------------------------------------------------------------===//

#include "CWriter.h"

#include "../HLSCpp/CppText.h"

#include "hcl/Dialect/HCL/Naming.h"

using namespace mlir;

namespace hcl::bambu {

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

} // namespace

FailureOr<SmallVector<std::string>>
CWriter::declareVariables(ArrayRef<SmallVector<Value, 2>> groups,
                          ValueRange initial, StringRef wanted, Operation *op,
                          Os &os) {
  SmallVector<std::string> vars;
  for (auto [i, group] : llvm::enumerate(groups)) {
    bool used = llvm::any_of(group, [](Value v) { return !v.use_empty(); });
    if (!used) {
      vars.push_back("");
      continue;
    }
    FailureOr<std::string> type = typeOf(group.front(), op);
    if (failed(type))
      return failure();
    std::string n = fresh(wanted);
    for (Value v : group)
      valueNames[v] = n;
    os << *type << " " << n;
    if (i < initial.size())
      os << " = " << name(initial[i]);
    os << ";\n";
    vars.push_back(n);
  }
  return vars;
}

LogicalResult CWriter::assignVariables(ArrayRef<std::string> vars,
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

LogicalResult CWriter::emitRegionBody(Block &block, ArrayRef<std::string> vars,
                                      Os &os) {
  for (Operation &op : block.without_terminator())
    if (failed(emitOp(&op, os)))
      return failure();
  Operation *terminator = block.getTerminator();
  return assignVariables(vars, terminator->getOperands(), terminator, os);
}

LogicalResult CWriter::emitScfFor(scf::ForOp loop, Os &os) {
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
  std::string step = name(loop.getStep());
  os << "for (" << *type << " " << iv << " = " << name(loop.getLowerBound())
     << "; " << test << "; " << iv << (step == "1" ? "++" : " += " + step)
     << ") {\n";
  os.indent();
  if (failed(emitRegionBody(*loop.getBody(), *carried, os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult CWriter::emitScfWhile(scf::WhileOp loop, Os &os) {
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
  os << "while (1) {\n";
  os.indent();
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

LogicalResult CWriter::emitBranches(Operation *op, const std::string &condition,
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
  if (elseBlock &&
      (!elseBlock->without_terminator().empty() ||
       llvm::any_of(*results, [](auto &r) { return !r.empty(); }))) {
    os << "} else {\n";
    os.indent();
    if (failed(emitRegionBody(*elseBlock, *results, os)))
      return failure();
    os.unindent();
  }
  os << "}\n";
  return success();
}

LogicalResult CWriter::emitScfIf(scf::IfOp op, Os &os) {
  Block *elseBlock = op.getElseRegion().empty() ? nullptr : op.elseBlock();
  return emitBranches(op, name(op.getCondition()), op.thenBlock(), elseBlock,
                      os);
}

} // namespace hcl::bambu
