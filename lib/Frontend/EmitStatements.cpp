//===- EmitStatements.cpp - imperative code as MLIR text ------------------===//
//
// A for_ whose bounds are affine in the enclosing affine loops becomes an
// affine.for (so every loop primitive applies); one whose bounds are read
// from memory an scf.for, whose variable is then not an affine dimension.
// while_ is an scf.while, if_ an scf.if (`a && b` short-circuits when b
// reads memory, so a guard protects a read). Stores through affine indices
// are affine.store, others memref.store.
//
// break_ has no MLIR counterpart: the loop gets a flag (`<loop>_break`),
// set by break_, cleared before the loop; the statements after one that
// may break run only while it is clear, and a loop's iterations after a
// break do nothing (a while_ stops). Locals and flags are allocated before
// the stage's loop nest, as compute stages allocate their tensors.
//
//===----------------------------------------------------------------------===//

#include "MLIRWriter.h"
#include "Statements.h"

#include "hcl/Dialect/HCL/PrintFormat.h"
#include "hcl/Frontend/Error.h"

#include <regex>

namespace hcl {

namespace {

bool readsMemory(const ExprNode &e) {
  if (e.kind == ExprKind::Read || e.kind == ExprKind::Call)
    return true;
  for (const Expr &operand : e.operands)
    if (readsMemory(*operand.node()))
      return true;
  return false;
}

} // namespace

std::string Writer::affineBound(const ExprNode &e) {
  if (e.kind == ExprKind::IntConst)
    return std::to_string(e.intValue);
  std::string text = *affine(e);
  // Loop bounds take a map and its operands, not an inline expression.
  std::map<std::string, std::string> dims;
  std::string operands, result;
  std::regex ssa("%[A-Za-z_0-9]+");
  auto begin = std::sregex_iterator(text.begin(), text.end(), ssa);
  size_t last = 0;
  for (auto it = begin; it != std::sregex_iterator(); ++it) {
    std::string value = it->str();
    auto [entry, added] =
        dims.insert({value, "d" + std::to_string(dims.size())});
    if (added)
      operands += (operands.empty() ? "" : ", ") + value;
    result += text.substr(last, it->position() - last) + entry->second;
    last = it->position() + it->length();
  }
  result += text.substr(last);
  std::string dimList;
  for (size_t k = 0; k < dims.size(); ++k)
    dimList += (k ? ", d" : "d") + std::to_string(k);
  return "affine_map<(" + dimList + ") -> (" + result + ")>(" + operands + ")";
}

std::string Writer::condition(const Expr &e) {
  const ExprNode &n = *e.node();
  bool shortCircuit = n.kind == ExprKind::Op &&
                      (n.op == OpCode::And || n.op == OpCode::Or) &&
                      readsMemory(*n.operands[1].node());
  if (!shortCircuit)
    return toBool(e);
  std::string a = condition(n.operands[0]);
  std::string r = fresh();
  auto yieldConstant = [&](bool value) {
    std::string c = fresh("c");
    line(c + " = arith.constant " + (value ? "true" : "false"));
    line("scf.yield " + c + " : i1");
  };
  auto yieldRight = [&] {
    line("scf.yield " + condition(n.operands[1]) + " : i1");
  };
  line(r + " = scf.if " + a + " -> (i1) {");
  ++depth;
  n.op == OpCode::And ? yieldRight() : yieldConstant(true);
  --depth;
  line("} else {");
  ++depth;
  n.op == OpCode::And ? yieldConstant(false) : yieldRight();
  --depth;
  line("}");
  return r;
}

std::string Writer::flagClear(const StmtNode &loop) {
  std::string flag = breakFlags.at(&loop);
  std::string set = fresh(), clear = fresh(), one = fresh("c");
  line(set + " = affine.load " + flag + "[0] : memref<1xi1>");
  line(one + " = arith.constant true");
  line(clear + " = arith.xori " + set + ", " + one + " : i1");
  return clear;
}

void Writer::setFlag(const StmtNode &loop, bool value) {
  std::string c = fresh("c");
  line(c + " = arith.constant " + (value ? "true" : "false"));
  line("affine.store " + c + ", " + breakFlags.at(&loop) +
       "[0] : memref<1xi1>");
}

void Writer::emitStatements(const StmtList &statements, size_t from) {
  for (size_t k = from; k < statements.size(); ++k) {
    const StmtNode &s = *statements[k];
    emitStatement(s);
    bool more = k + 1 < statements.size();
    if (more && currentLoop && mayBreak({statements[k]}, currentLoop)) {
      // The rest runs only if `s` did not break.
      line("scf.if " + flagClear(*currentLoop) + " {");
      ++depth;
      emitStatements(statements, k + 1);
      --depth;
      line("}");
      return;
    }
  }
}

void Writer::emitStatement(const StmtNode &s) {
  // The statement's own line, else its construct's (the enclosing one).
  std::string enclosing = userLoc;
  if (std::string at = locationAlias(s.location); !at.empty())
    userLoc = at;
  emitStatementAt(s);
  userLoc = enclosing;
}

void Writer::emitStatementAt(const StmtNode &s) {
  switch (s.kind) {
  case StmtKind::Store:
    return emitStore(s.target, s.indices, Expr(s.value));
  case StmtKind::Local:
    return emitStore(s.target, {Expr(0)}, Expr(s.value));
  case StmtKind::For:
    return emitFor(s, "");
  case StmtKind::While:
    return emitWhile(s, "");
  case StmtKind::If:
    return emitIf(s, 0);
  case StmtKind::Break:
    return setFlag(*s.loop, true);
  case StmtKind::Call:
    emitCall(*s.value);
    return;
  case StmtKind::Print:
    return emitPrint(s);
  }
}

void Writer::emitPrint(const StmtNode &s) {
  std::string error;
  std::vector<PrintConversion> conversions = parsePrintFormat(s.format, error);
  std::string values, types;
  for (size_t k = 0; k < s.indices.size(); ++k) {
    const Expr &v = s.indices[k];
    bool isFloat = conversions[k].isFloat;
    Type to = isFloat ? Float(64) : v.type().isUnsigned() ? UInt(64) : Int(64);
    values += (k ? ", " : " ") + value(v, to);
    types += (k ? ", " : " : ") + std::string(isFloat ? "f64" : "i64");
  }
  // MLIR strings take printable characters; the rest as \XX.
  std::string format = "\"";
  for (unsigned char c : s.format) {
    static const char *hex = "0123456789ABCDEF";
    if (c == '"' || c == '\\' || c < 32 || c >= 127)
      format += std::string("\\") + hex[c >> 4] + hex[c & 15];
    else
      format += char(c);
  }
  line("hcl.print " + format + "\"" + values + types);
}

void Writer::emitStore(const std::shared_ptr<TensorNode> &tensor,
                       const std::vector<Expr> &indices, const Expr &value) {
  std::string v = this->value(value, tensor->dtype);
  std::vector<std::optional<std::string>> affineIndices;
  bool isAffine = true;
  for (const Expr &index : indices) {
    affineIndices.push_back(affine(*index.node()));
    isAffine &= affineIndices.back().has_value();
  }
  std::string list;
  for (size_t i = 0; i < indices.size(); ++i)
    list += (i ? ", " : "") +
            (isAffine ? *affineIndices[i] : indexValue(*indices[i].node()));
  line((isAffine ? "affine.store " : "memref.store ") + v + ", " +
       buffer(tensor) + "[" + list + "] : " + bufferType(tensor));
}

void Writer::emitLoopBody(const StmtNode &loop, bool guardIterations) {
  const StmtNode *outer = currentLoop;
  currentLoop = &loop;
  if (guardIterations && breakFlags.count(&loop)) {
    // After a break, the remaining iterations do nothing.
    line("scf.if " + flagClear(loop) + " {");
    ++depth;
    emitStatements(loop.body);
    --depth;
    line("}");
  } else {
    emitStatements(loop.body);
  }
  currentLoop = outer;
}

std::string Writer::loopAttributes(const StmtNode &loop,
                                   const std::string &stageName) {
  std::string attrs = "loop_name = " + quoted(loop.name);
  if (loop.maxTripCount)
    attrs +=
        ", max_trip_count = " + std::to_string(loop.maxTripCount) + " : i64";
  if (!stageName.empty())
    attrs += ", stage_name = " + quoted(stageName);
  return attrs;
}

void Writer::emitFor(const StmtNode &loop, const std::string &stageName) {
  if (breakFlags.count(&loop))
    setFlag(loop, false);
  bool isAffine = affine(*loop.lo) && affine(*loop.hi);
  std::string v = fresh("i");
  if (isAffine) {
    line("affine.for " + v + " = " + affineBound(*loop.lo) + " to " +
         affineBound(*loop.hi) +
         (loop.step == 1 ? "" : " step " + std::to_string(loop.step)) + " {");
  } else {
    std::string lo = indexValue(*loop.lo), hi = indexValue(*loop.hi);
    std::string step = fresh("c");
    line(step + " = arith.constant " + std::to_string(loop.step) + " : index");
    line("scf.for " + v + " = " + lo + " to " + hi + " step " + step + " {");
    indexOnlyIvs.insert(v);
  }
  ivs[loop.var->id] = v;
  ++depth;
  emitLoopBody(loop, true);
  --depth;
  line("} {" + loopAttributes(loop, stageName) + "}");
  ivs.erase(loop.var->id);
}

void Writer::emitWhile(const StmtNode &loop, const std::string &stageName) {
  bool flagged = breakFlags.count(&loop);
  if (flagged)
    setFlag(loop, false);
  line("scf.while : () -> () {");
  ++depth;
  std::string go;
  if (flagged) {
    // Stop at a break without evaluating the condition again.
    go = fresh();
    line(go + " = scf.if " + flagClear(loop) + " -> (i1) {");
    ++depth;
    line("scf.yield " + condition(Expr(loop.value)) + " : i1");
    --depth;
    line("} else {");
    ++depth;
    std::string no = fresh("c");
    line(no + " = arith.constant false");
    line("scf.yield " + no + " : i1");
    --depth;
    line("}");
  } else {
    go = condition(Expr(loop.value));
  }
  line("scf.condition(" + go + ")");
  --depth;
  line("} do {");
  ++depth;
  emitLoopBody(loop, false);
  line("scf.yield");
  --depth;
  line("} attributes {" + loopAttributes(loop, stageName) + "}");
}

void Writer::emitIf(const StmtNode &s, size_t branch) {
  line("scf.if " + condition(Expr(s.conditions[branch])) + " {");
  ++depth;
  emitStatements(s.branches[branch]);
  --depth;
  bool elif = branch + 1 < s.branches.size();
  if (elif || s.hasElse) {
    line("} else {");
    ++depth;
    if (elif)
      emitIf(s, branch + 1);
    else
      emitStatements(s.elseBody);
    --depth;
  }
  line("}");
}

std::string Writer::emitCall(const ExprNode &call) {
  const FunctionNode &f = *call.function;
  auto [entry, added] = calledFunctions.insert({f.name, call.function});
  if (!added && entry->second != call.function)
    throwError("two def_ functions are named '" + f.name +
               "'; function names must be unique");
  std::string operands, types;
  size_t nextTensor = 0, nextValue = 0;
  for (size_t k = 0; k < f.params.size(); ++k) {
    std::string operand, type;
    if (f.params[k]) {
      const auto &argument = call.arguments[nextTensor++];
      operand = buffer(argument);
      type = bufferType(argument);
    } else {
      // A scalar parameter is passed by value, converted to its type.
      Type t = f.values[k]->type;
      operand = value(call.operands[nextValue++], t);
      type = mlirType(t);
    }
    operands += (operands.empty() ? "" : ", ") + operand;
    types += (types.empty() ? "" : ", ") + type;
  }
  std::string callText =
      "func.call @" + f.name + "(" + operands + ") : (" + types + ") -> ";
  if (!f.result) {
    line(callText + "()");
    return "";
  }
  std::string r = fresh();
  line(r + " = " + callText + mlirType(f.result->type));
  return r;
}

void Writer::allocateLocals(
    const std::vector<std::shared_ptr<TensorNode>> &locals,
    const StmtList &statements) {
  for (const auto &local : locals) {
    std::string v = fresh("local");
    line(v + " = memref.alloca() {name = " + quoted(local->name) +
         "} : " + memrefType(local->shape, local->dtype));
    buffers[local.get()] = v;
  }
  forEachLoop(statements, [&](const StmtNode &loop) {
    if (!mayBreak(loop.body, &loop))
      return;
    std::string v = fresh("brk");
    line(v + " = memref.alloca() {name = " + quoted(loop.name + "_break") +
         "} : memref<1xi1>");
    breakFlags[&loop] = v;
  });
}

void Writer::emitImperativeStage(const TensorNode &stage) {
  const StmtList &statements = *stage.statements;
  if (statements.empty())
    throwError("stage '" + stage.stageName + "' has no statements");
  allocateLocals(stage.locals, statements);
  const StmtNode &first = *statements.front();
  if (statements.size() == 1 &&
      (first.kind == StmtKind::For || first.kind == StmtKind::While)) {
    if (std::string at = locationAlias(first.location); !at.empty())
      userLoc = at;
    return first.kind == StmtKind::For ? emitFor(first, stage.stageName)
                                       : emitWhile(first, stage.stageName);
  }
  // Several statements: one stage, the loop nest of one iteration that
  // carries its name.
  line("affine.for " + fresh("s") + " = 0 to 1 {");
  ++depth;
  emitStatements(statements);
  --depth;
  line("} {loop_name = " + quoted(stage.stageName) +
       ", stage_name = " + quoted(stage.stageName) + "}");
}

void Writer::emitFunction(const FunctionNode &f) {
  // A function sees its parameters, its locals and the program's constants.
  auto savedBuffers = buffers;
  buffers.clear();
  currentStage = "def_ " + f.name;
  std::string params;
  auto savedBound = bound;
  for (size_t k = 0; k < f.params.size(); ++k) {
    std::string name = "%arg" + std::to_string(k);
    if (!f.params[k]) {
      bound[f.values[k]->id] = name;
      params += (k ? ", " : "") + name + ": " + mlirType(f.values[k]->type);
      continue;
    }
    buffers[f.params[k].get()] = name;
    params += (k ? ", " : "") + name + ": " +
              memrefType(f.params[k]->shape, f.params[k]->dtype);
  }
  std::string result = f.result ? mlirType(f.result->type) : "";
  out << "func.func @" << f.name << "(" << params << ")"
      << (f.result ? " -> " + result : "") << " {\n";
  // Values of the caller's body are not this function's.
  shared.clear();
  for (const auto &[symbol, constant] : globals) {
    std::string v = fresh("const");
    line(v + " = memref.get_global @" + symbol + " : " + bufferType(constant));
    buffers[constant.get()] = v;
  }
  allocateLocals(f.locals, f.body);
  emitStatements(f.body);
  if (f.result)
    line("return " + value(Expr(f.result), f.result->type) + " : " + result);
  else
    line("return");
  out << "}\n";
  shared.clear();
  buffers = std::move(savedBuffers);
  bound = std::move(savedBound);
  currentStage.clear();
}

void Writer::emitCalledFunctions() {
  // A function's body may call others: emit until none is left.
  std::set<std::string> done;
  while (true) {
    auto it = std::find_if(
        calledFunctions.begin(), calledFunctions.end(),
        [&](const auto &entry) { return !done.count(entry.first); });
    if (it == calledFunctions.end())
      return;
    done.insert(it->first);
    auto function = it->second;
    if (function->name == "top" || symbols.count(function->name))
      throwError("def_ '" + function->name +
                 "': the name is taken (by the "
                 "kernel's function or a constant); choose another");
    emitFunction(*function);
  }
}

} // namespace hcl
