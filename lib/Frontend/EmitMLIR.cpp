//===- EmitMLIR.cpp - a schedule's program as MLIR text -------------------===//
//
// Writes the text HeteroCL users see from hcl.lower: stages as affine loop
// nests with their names, reads as affine.load when the index is affine in
// the loop variables (memref.load otherwise), reductions as an accumulator
// and loops marked `reduction`, and the schedule as hcl.* operations
// (EmitCommands.cpp); operations on values are in EmitOperations.cpp.
//
//===----------------------------------------------------------------------===//

#include "MLIRWriter.h"
#include "Statements.h"

#include "hcl/Frontend/Error.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace hcl {

std::string Writer::iv(const ExprNode &var) {
  auto it = ivs.find(var.id);
  if (it == ivs.end())
    throwError("stage '" + currentStage + "' uses index variable '" + var.name +
               "' outside the loops that define it");
  return it->second;
}

/// A literal meeting a fixed-point type is floored to it; one outside the
/// type's range would wrap to an unrelated value (1000.3 in Fixed(16, 8)
/// reads -23.7), which no user means, so it is refused rather than
/// saturated: the program says which type to widen.
static void checkFixedLiteral(double value, Type type,
                              const std::string &stage) {
  double units = std::trunc(std::ldexp(value, int(type.frac)));
  double lowest = type.isUnsigned() ? 0 : -std::ldexp(1.0, int(type.bits) - 1);
  double highest =
      std::ldexp(1.0, int(type.bits) - (type.isUnsigned() ? 0 : 1)) - 1;
  if (std::isfinite(value) && units >= lowest && units <= highest)
    return;
  // Shortest round-trip spellings: the literal as the user wrote it, the
  // bounds exactly.
  auto spelled = [](double v) {
    char text[64];
    auto end = std::to_chars(text, text + sizeof(text), v).ptr;
    return std::string(text, end);
  };
  throwError("stage '" + stage + "': the literal " + spelled(value) +
             " does not fit " + type.str() + " (" +
             spelled(std::ldexp(lowest, -int(type.frac))) + " to " +
             spelled(std::ldexp(highest, -int(type.frac))) +
             "), the fixed-point type it meets, and would wrap; widen an "
             "operand with hcl.cast or change the literal");
}

std::string Writer::constant(const ExprNode &e, Type type) {
  std::string v = fresh("c");
  std::string literal;
  if (type.isFixed()) {
    // The literal, truncated toward zero to the format as HeteroCL's float
    // to fixed conversion does (docs/datatypes.md); scaling by a power of
    // two and truncating are exact in a double, so fixed_constant's floor
    // keeps the truncated value.
    double value =
        e.kind == ExprKind::IntConst ? double(e.intValue) : e.floatValue;
    checkFixedLiteral(value, type, currentStage);
    value = std::ldexp(std::trunc(std::ldexp(value, int(type.frac))),
                       -int(type.frac));
    std::ostringstream os;
    os.precision(17);
    os << std::scientific << value;
    line(v + " = hcl.fixed_constant " + os.str() + " : " + mlirType(type));
    return v;
  }
  if (type.isFloat())
    literal = floatLiteral(
        e.kind == ExprKind::IntConst ? double(e.intValue) : e.floatValue, type);
  else
    literal = intLiteral(e.kind == ExprKind::IntConst
                             ? e.intValue
                             : static_cast<int64_t>(e.floatValue),
                         type);
  line(v + " = arith.constant " + literal + " : " + mlirType(type));
  return v;
}

std::string Writer::convert(const std::string &v, Type from, Type to) {
  if (from == to || (mlirType(from) == mlirType(to)))
    return v;
  if (from.isFixed() && to.isInteger() && to.bits > 1) {
    // HeteroCL's fixed to integer conversion floors (an arithmetic shift of
    // the bits), then extends or wraps: requantize to no fraction bits
    // (fixed_to_fixed floors), reinterpret the bits, resize.
    Type whole = from;
    whole.frac = 0;
    Type bits = from.isUnsigned() ? UInt(from.bits) : Int(from.bits);
    std::string w = v;
    if (from.frac > 0) {
      w = fresh();
      line(w + " = hcl.fixed_to_fixed " + v + " : " + mlirType(from) + " to " +
           mlirType(whole));
    }
    std::string r = fresh();
    line(r + " = hcl.bitcast " + w + " : " + mlirType(whole) + " to " +
         mlirType(bits));
    return convert(r, bits, to);
  }
  std::string op;
  if (to.isFixed())
    op = from.isFloat()                        ? "hcl.float_to_fixed"
         : from.isFixed()                      ? "hcl.fixed_to_fixed"
         : from.isUnsigned() || from.bits == 1 ? "hcl.uint_to_fixed"
                                               : "hcl.int_to_fixed";
  else if (from.isFixed())
    op = to.isFloat() ? "hcl.fixed_to_float" : "hcl.fixed_to_int";
  if (!op.empty()) {
    std::string r = fresh();
    // HeteroCL's float to fixed conversion truncates toward zero.
    std::string modes =
        to.isFixed() && from.isFloat() ? " {rounding = \"zero\"}" : "";
    line(r + " = " + op + " " + v + modes + " : " + mlirType(from) + " to " +
         mlirType(to));
    return r;
  }
  if (from.isFloat() && to.isFloat() && from.bits == to.bits) {
    // f16 <-> bf16: through f32, which holds both exactly, so the value is
    // rounded once.
    return convert(convert(v, from, Float(32)), Float(32), to);
  }
  if (from.isFloat() && to.isFloat())
    op = to.bits > from.bits ? "arith.extf" : "arith.truncf";
  else if (from.isFloat())
    op = to.isUnsigned() ? "arith.fptoui" : "arith.fptosi";
  else if (to.isFloat())
    op = from.isUnsigned() ? "arith.uitofp" : "arith.sitofp";
  else if (to.bits > from.bits)
    op = from.isUnsigned() ? "arith.extui" : "arith.extsi";
  else
    op = "arith.trunci";
  std::string r = fresh();
  line(r + " = " + op + " " + v + " : " + mlirType(from) + " to " +
       mlirType(to));
  return r;
}

std::string Writer::value(const Expr &e, Type type) {
  auto key = std::make_tuple(e.node().get(), static_cast<int>(type.kind),
                             type.bits, type.frac);
  if (auto it = shared.find(key); it != shared.end())
    return it->second.value;
  int64_t callsBefore = callsWritten;
  std::string v =
      convert(emit(*e.node(), type), e.node()->untyped ? type : e.type(), type);
  if (callsWritten == callsBefore)
    shared[key] = {e.node(), v};
  return v;
}

void Writer::endSharing(const std::string &text) {
  if (text.empty())
    return;
  bool call = text.find("func.call ") != std::string::npos;
  callsWritten += call;
  if (call || text.front() == '}' || text.back() == '{' ||
      text.find("store ") != std::string::npos)
    shared.clear();
}

std::string Writer::emit(const ExprNode &e, Type want) {
  switch (e.kind) {
  case ExprKind::IntConst:
  case ExprKind::FloatConst:
    return constant(e, e.untyped ? want : e.type);
  case ExprKind::Var: {
    std::string r = fresh();
    line(r + " = arith.index_cast " + iv(e) + " : index to i32");
    return r;
  }
  case ExprKind::Read:
    return emitRead(e);
  case ExprKind::Op:
    if (e.untyped) {
      // Literal arithmetic is done at the type it meets.
      ExprNode typed = e;
      typed.untyped = false;
      typed.type = want;
      return emitOp(typed);
    }
    return emitOp(e);
  case ExprKind::Select: {
    Type type = e.untyped ? want : e.type;
    std::string c = toBool(e.operands[0]);
    std::string a = value(e.operands[1], type), b = value(e.operands[2], type);
    std::string r = fresh();
    line(r + " = arith.select " + c + ", " + a + ", " + b + " : " +
         mlirType(type));
    return r;
  }
  case ExprKind::Cast:
    return value(e.operands[0], e.type);
  case ExprKind::Reduce:
    return emitReduce(e);
  case ExprKind::Bits:
    return emitBits(e);
  case ExprKind::Call:
    return emitCall(e);
  case ExprKind::Bound: {
    auto it = bound.find(e.id);
    if (it == bound.end())
      throwError(e.name.empty()
                     ? "a reducer's accumulator is used outside its "
                       "reduction: freduce must build an expression (use "
                       "hcl.select), not imperative code (scalar, if_, "
                       "assignments)"
                     : "parameter '" + e.name +
                           "' of a def_ function is used outside it");
    return it->second;
  }
  }
  throwError("unknown expression");
}

std::string Writer::toBool(const Expr &e) {
  const ExprNode &n = *e.node();
  if (n.type == UInt(1) && !n.untyped)
    return emit(n, n.type);
  Type type = n.untyped ? Int(32) : n.type;
  std::string v = value(e, type);
  if (type.isFixed()) {
    std::string zero = fresh("c"), r = fresh();
    line(zero + " = hcl.fixed_constant 0.0 : " + mlirType(type));
    line(r + " = hcl.cmp_fixed ne, " + v + ", " + zero + " : " +
         mlirType(type));
    return r;
  }
  std::string zero = fresh("c");
  line(zero + " = arith.constant " + std::string(type.isFloat() ? "0.0" : "0") +
       " : " + mlirType(type));
  std::string r = fresh();
  line(r + " = " + (type.isFloat() ? "arith.cmpf une, " : "arith.cmpi ne, ") +
       v + ", " + zero + " : " + mlirType(type));
  return r;
}

/// The index as an affine expression of loop variables, when it is one.
std::optional<std::string> Writer::affine(const ExprNode &e) {
  if (e.kind == ExprKind::IntConst)
    return std::to_string(e.intValue);
  if (e.kind == ExprKind::Var) {
    std::string v = iv(e);
    if (indexOnlyIvs.count(v))
      return std::nullopt;
    return v;
  }
  if (e.kind != ExprKind::Op)
    return std::nullopt;
  auto operand = [&](size_t i) { return affine(*e.operands[i].node()); };
  auto isConstant = [&](size_t i) {
    return e.operands[i].node()->kind == ExprKind::IntConst;
  };
  auto constantOf = [&](size_t i) { return e.operands[i].node()->intValue; };
  auto a = operand(0);
  if (!a)
    return std::nullopt;
  if (e.op == OpCode::Neg)
    return "(-" + *a + ")";
  if (e.operands.size() != 2)
    return std::nullopt;
  auto b = operand(1);
  if (!b)
    return std::nullopt;
  switch (e.op) {
  case OpCode::Add:
    return "(" + *a + " + " + *b + ")";
  case OpCode::Sub:
    return "(" + *a + " - " + *b + ")";
  case OpCode::Mul:
    if (isConstant(0) || isConstant(1))
      return "(" + *a + " * " + *b + ")";
    return std::nullopt;
  case OpCode::Div:
  case OpCode::Mod:
    if (!isConstant(1) || constantOf(1) <= 0)
      return std::nullopt;
    return "(" + *a + (e.op == OpCode::Div ? " floordiv " : " mod ") + *b + ")";
  default:
    return std::nullopt;
  }
}

/// A non-affine index computed with arith ops on `index`.
std::string Writer::indexValue(const ExprNode &e) {
  if (e.kind == ExprKind::Var)
    return iv(e);
  std::string r = fresh();
  if (e.kind == ExprKind::IntConst) {
    line(r + " = arith.constant " + std::to_string(e.intValue) + " : index");
    return r;
  }
  if (e.kind == ExprKind::Op && e.operands.size() == 2) {
    static const std::map<OpCode, const char *> ops = {
        {OpCode::Add, "arith.addi"},  {OpCode::Sub, "arith.subi"},
        {OpCode::Mul, "arith.muli"},  {OpCode::Div, "arith.floordivsi"},
        {OpCode::Mod, "arith.remsi"}, {OpCode::Min, "arith.minsi"},
        {OpCode::Max, "arith.maxsi"}};
    auto it = ops.find(e.op);
    if (it != ops.end()) {
      std::string a = indexValue(*e.operands[0].node());
      std::string b = indexValue(*e.operands[1].node());
      line(r + " = " + it->second + " " + a + ", " + b + " : index");
      return r;
    }
  }
  // Any other value: computed as an integer and converted.
  Type type = e.untyped || e.type.isFloat() ? Int(64) : e.type;
  std::string v = emit(e, type);
  if (e.type.isFloat() && !e.untyped)
    v = convert(v, e.type, type);
  line(r + " = arith.index_cast" +
       std::string(type.isUnsigned() ? "ui " : " ") + v + " : " +
       mlirType(type) + " to index");
  return r;
}

std::string Writer::emitRead(const ExprNode &e) {
  std::string memref = buffer(e.tensor);
  std::vector<std::optional<std::string>> affineIndices;
  bool isAffine = true;
  for (const Expr &index : e.operands) {
    affineIndices.push_back(affine(*index.node()));
    isAffine &= affineIndices.back().has_value();
  }
  std::string indices;
  for (size_t i = 0; i < e.operands.size(); ++i)
    indices += (i ? ", " : "") + (isAffine ? *affineIndices[i]
                                           : indexValue(*e.operands[i].node()));
  std::string r = fresh();
  line(r + " = " + (isAffine ? "affine.load " : "memref.load ") + memref + "[" +
       indices + "] : " + bufferType(e.tensor));
  Type stored = storageType(*e.tensor);
  if (stored != e.tensor->dtype) {
    // A fixed-point constant holds its values' bits.
    std::string bits = r;
    r = fresh();
    line(r + " = hcl.bitcast " + bits + " : " + mlirType(stored) + " to " +
         mlirType(e.tensor->dtype));
  }
  return r;
}

/// The value a reduction starts from: 0 for sum, the lowest value of the
/// type for max, the highest for min.
static ExprNode reductionStart(ReduceKind kind, Type t) {
  ExprNode init;
  init.kind = t.isFloat() ? ExprKind::FloatConst : ExprKind::IntConst;
  bool isSigned = !t.isUnsigned();
  int64_t intMax = t.bits >= 64 ? INT64_MAX
                   : isSigned   ? (int64_t(1) << (t.bits - 1)) - 1
                                : (int64_t(1) << t.bits) - 1;
  int64_t intMin = !isSigned      ? 0
                   : t.bits >= 64 ? INT64_MIN
                                  : -(int64_t(1) << (t.bits - 1));
  if (kind == ReduceKind::Max) {
    init.intValue = intMin;
    init.floatValue = -INFINITY;
  } else if (kind == ReduceKind::Min) {
    init.intValue = !isSigned && t.bits == 64 ? -1 : intMax; // all ones
    init.floatValue = INFINITY;
  }
  if (t.isFixed() && kind != ReduceKind::Sum) {
    // The format's extreme value, exact as a double up to 53 bits.
    if (t.bits > 53)
      throwError("reduce_max / reduce_min over " + t.str() +
                 ": fixed-point extremes wider than 53 bits are not supported");
    init.kind = ExprKind::FloatConst;
    init.floatValue = std::ldexp(
        double(kind == ReduceKind::Max ? intMin : intMax), -int(t.frac));
  }
  return init;
}

/// The value the reduction `e` starts from, of `type`: a reducer's init,
/// else reductionStart's.
std::string Writer::reductionInit(const ExprNode &e, Type type) {
  if (e.reduce == ReduceKind::Custom)
    return value(e.operands[1], type);
  return constant(reductionStart(e.reduce, type), type);
}

/// The reduction loops, combining into `memref[indices]` (of `type`), which
/// holds the running value.
void Writer::emitReduceInto(const ExprNode &e, const std::string &memref,
                            const std::string &indices,
                            const std::string &type) {
  Type t = e.type;
  for (const Var &axis : e.axes) {
    std::string v = fresh("r");
    ivs[axis.node()->id] = v;
    line("affine.for " + v + " = " + std::to_string(axis.lo()) + " to " +
         std::to_string(axis.hi()) + " {");
    ++depth;
  }
  std::string next;
  if (e.reduce == ReduceKind::Custom) {
    // The reducer's combine reads the running value.
    std::string old = fresh();
    line(old + " = affine.load " + memref + "[" + indices + "] : " + type);
    bound[e.id] = old;
    next = value(e.operands[0], t);
    bound.erase(e.id);
  } else {
    std::string x = value(e.operands[0], t);
    std::string old = fresh();
    line(old + " = affine.load " + memref + "[" + indices + "] : " + type);
    static const std::map<ReduceKind, std::array<const char *, 3>> combine = {
        {ReduceKind::Sum, {"arith.addi", "arith.addi", "arith.addf"}},
        {ReduceKind::Max, {"arith.maxsi", "arith.maxui", "arith.maximumf"}},
        {ReduceKind::Min, {"arith.minsi", "arith.minui", "arith.minimumf"}}};
    static const std::map<ReduceKind, const char *> fixedCombine = {
        {ReduceKind::Sum, "hcl.add_fixed"},
        {ReduceKind::Max, "hcl.max_fixed"},
        {ReduceKind::Min, "hcl.min_fixed"}};
    const auto &ops = combine.at(e.reduce);
    next = fresh();
    line(next + " = " +
         (t.isFixed()      ? fixedCombine.at(e.reduce)
          : t.isFloat()    ? ops[2]
          : t.isUnsigned() ? ops[1]
                           : ops[0]) +
         " " + old + ", " + x + " : " + mlirType(t));
  }
  line("affine.store " + next + ", " + memref + "[" + indices + "] : " + type);
  for (auto it = e.axes.rbegin(); it != e.axes.rend(); ++it) {
    --depth;
    line("} {loop_name = " + quoted(it->name()) + ", reduction = 1 : i32}");
    ivs.erase(it->node()->id);
  }
}

/// Sum, max or min over the reduction axes into a one-element accumulator
/// (a reduction inside a larger expression).
std::string Writer::emitReduce(const ExprNode &e) {
  static const char *names[] = {"sum", "max", "min", "reducer"};
  std::string acc = fresh("acc");
  std::string type = "memref<1x" + mlirType(e.type) + ">";
  line(acc + " = memref.alloca() {name = " +
       quoted(names[static_cast<int>(e.reduce)]) + "} : " + type);
  std::string start = reductionInit(e, e.type);
  line("affine.store " + start + ", " + acc + "[0] : " + type);
  emitReduceInto(e, acc, "0", type);
  std::string r = fresh();
  line(r + " = affine.load " + acc + "[0] : " + type);
  return r;
}

/// The reduction a stage accumulates straight into its own element, as
/// the HeteroCL memory-optimization paper's gemm does (so reorder can move the
/// reduction loops): a compute whose value is a reduction of the stage's type
/// (`init` set), or an update `T(i, j, ...) + sum(...)`.
static const ExprNode *inPlaceReduction(const TensorNode &stage, bool &init) {
  const ExprNode &body = *stage.body;
  if (stage.kind == TensorKind::Compute) {
    init = true;
    return body.kind == ExprKind::Reduce && body.type == stage.dtype ? &body
                                                                     : nullptr;
  }
  init = false;
  if (body.kind != ExprKind::Op || body.op != OpCode::Add ||
      body.type != stage.dtype)
    return nullptr;
  for (int side = 0; side < 2; ++side) {
    const ExprNode &read = *body.operands[side].node();
    const ExprNode &reduce = *body.operands[1 - side].node();
    if (read.kind != ExprKind::Read || read.tensor != stage.target ||
        reduce.kind != ExprKind::Reduce || reduce.reduce != ReduceKind::Sum ||
        reduce.type != stage.dtype)
      continue;
    bool sameElement = true;
    for (size_t d = 0; d < stage.axes.size(); ++d)
      sameElement &= read.operands[d].node() == stage.axes[d].node();
    if (sameElement)
      return &reduce;
  }
  return nullptr;
}

/// The tensor's memref: an update writes its target's, a stage's alloc, an
/// input's argument, a buffer the result of the primitive that made it.
std::string Writer::buffer(const std::shared_ptr<TensorNode> &tensor) {
  if (tensor->kind == TensorKind::Update)
    return buffer(tensor->target);
  auto it = buffers.find(tensor.get());
  if (it == buffers.end())
    throwError("stage '" + currentStage + "' reads '" + tensor->name +
               "', which is neither an input of the schedule nor computed "
               "before it by the kernel");
  return it->second;
}

std::string Writer::bufferType(const std::shared_ptr<TensorNode> &tensor) {
  if (tensor->kind == TensorKind::Update)
    return bufferType(tensor->target);
  auto it = bufferTypes.find(tensor.get());
  if (it != bufferTypes.end())
    return it->second;
  return memrefType(tensor->shape, tensor->dtype);
}

std::string Writer::locationAlias(const UserLocation &where) {
  if (!where.known())
    return "";
  std::string text =
      "loc(" + quoted(where.file) + ":" + std::to_string(where.line) + ":0)";
  auto [it, added] = locationAliases.emplace(
      text, "#loc" + std::to_string(locationAliases.size()));
  if (added)
    aliasDefinitions.push_back(it->second + " = " + text);
  return it->second;
}

/// The name of an argument of @top for the tensor `name`: an SSA name
/// (letters, digits, `$._-`, not a digit first), unlike the writer's own
/// `%v12`, `%c3`... and unlike the other arguments'.
static std::string argumentName(const std::string &name,
                                std::set<std::string> &taken) {
  std::string base;
  for (char c : name)
    base += std::isalnum(static_cast<unsigned char>(c)) || c == '$' ||
                    c == '.' || c == '_' || c == '-'
                ? c
                : '_';
  if (base.empty() || std::isdigit(static_cast<unsigned char>(base[0])))
    base = "_" + base;
  // The writer's fresh values are a prefix and a number.
  size_t digits = base.find_first_of("0123456789");
  static const std::set<std::string> prefixes = {
      "v",   "c",   "i",      "r",   "s",     "l",     "h",      "buf",
      "acc", "brk", "buffer", "arg", "const", "local", "packed", "reshaped"};
  if (digits != std::string::npos && digits > 0 &&
      base.find_first_not_of("0123456789", digits) == std::string::npos &&
      prefixes.count(base.substr(0, digits)))
    base += "_";
  std::string unique = base;
  for (int suffix = 1; !taken.insert(unique).second; ++suffix)
    unique = base + "_" + std::to_string(suffix);
  return unique;
}

void Writer::emitStage(const std::shared_ptr<TensorNode> &stage) {
  currentStage = stage->stageName;
  userLoc = locationAlias(stage->location);
  if (stage->kind == TensorKind::Imperative)
    return emitImperativeStage(*stage);
  if (stage->kind == TensorKind::Compute) {
    std::string alloc = fresh("buf");
    line(alloc + " = memref.alloc() {name = " + quoted(stage->name) +
         "} : " + memrefType(stage->shape, stage->dtype));
    buffers[stage.get()] = alloc;
  }
  std::vector<std::string> loopVars;
  for (size_t d = 0; d < stage->axes.size(); ++d) {
    std::string v = fresh("i");
    ivs[stage->axes[d].node()->id] = v;
    loopVars.push_back(v);
    line("affine.for " + v + " = 0 to " + std::to_string(stage->shape[d]) +
         " {");
    ++depth;
  }
  std::string indices;
  for (size_t d = 0; d < loopVars.size(); ++d)
    indices += (d ? ", " : "") + loopVars[d];
  bool init;
  if (const ExprNode *reduce = inPlaceReduction(*stage, init)) {
    if (init) {
      std::string start = reductionInit(*reduce, stage->dtype);
      line("affine.store " + start + ", " + buffer(stage) + "[" + indices +
           "] : " + bufferType(stage));
    }
    emitReduceInto(*reduce, buffer(stage), indices, bufferType(stage));
  } else {
    std::string result = value(Expr(stage->body), stage->dtype);
    line("affine.store " + result + ", " + buffer(stage) + "[" + indices +
         "] : " + bufferType(stage));
  }
  for (size_t d = stage->axes.size(); d-- > 0;) {
    --depth;
    std::string attrs = "loop_name = " + quoted(stage->axes[d].name());
    if (d == 0)
      attrs += ", stage_name = " + quoted(stage->stageName);
    line("} {" + attrs + "}");
    ivs.erase(stage->axes[d].node()->id);
  }
}

std::string Writer::run() {
  // A tensor downsized to a UInt is unsigned at the host boundary, as the
  // type the caller's arrays then have (HeteroCL's downsize to UInt(2)).
  auto boundaryType = [&](const std::shared_ptr<TensorNode> &node) {
    Type type = node->dtype;
    for (const Command &command : schedule.commands)
      if (command.kind == CommandKind::Downsize && command.tensor == node)
        type = command.dtype;
    return type;
  };
  // Arguments are named after their tensors, in the text (%A) and in an
  // attribute that survives printing, which the tools' options accept.
  std::string arguments;
  std::set<std::string> argumentNames;
  for (size_t i = 0; i < schedule.inputs.size(); ++i) {
    const auto &input = schedule.inputs[i].node();
    std::string name = "%" + argumentName(input->name, argumentNames);
    buffers[input.get()] = name;
    std::string attrs =
        unsignedAttr(boundaryType(input)).empty() ? "" : ", hcl.unsigned";
    arguments += (i ? ", " : "") + name + ": " +
                 memrefType(input->shape, input->dtype) +
                 " {hcl.arg_name = " + quoted(input->name) + attrs + "}";
  }
  std::vector<std::shared_ptr<TensorNode>> results;
  for (const Tensor &output : schedule.outputs) {
    auto node = output.node();
    while (node->kind == TensorKind::Update)
      node = node->target;
    if (node->kind == TensorKind::Compute)
      results.push_back(node);
  }
  std::string resultTypes;
  for (const auto &r : results)
    resultTypes += (resultTypes.empty() ? "" : ", ") + bufferType(r) +
                   unsignedAttr(boundaryType(r));
  // Constants: module globals, read through memref.get_global.
  for (const auto &constant : schedule.constants) {
    std::string base = symbolName(constant->name), symbol = base;
    for (int suffix = 1; !symbols.insert(symbol).second; ++suffix)
      symbol = base + "_" + std::to_string(suffix);
    std::string type = memrefType(constant->shape, storageType(*constant));
    out << "memref.global \"private\" constant @" << symbol << " : " << type
        << " = " << denseLiteral(*constant) << "\n";
    globals.emplace_back(symbol, constant);
    bufferTypes[constant.get()] = type;
  }
  out << "func.func @top(" << arguments << ") -> (" << resultTypes << ") {\n";
  for (const auto &[symbol, constant] : globals) {
    std::string v = fresh("const");
    line(v + " = memref.get_global @" + symbol + " : " + bufferType(constant));
    buffers[constant.get()] = v;
  }
  for (const auto &stage : schedule.stages)
    emitStage(stage);
  currentStage.clear();
  userLoc.clear();
  // Halide lets store_at come before or after compute_at; the engine
  // applies store_at to the nest compute_at made, so a store_at waits for
  // the next compute_at of its stage (or, without one, goes last and fails
  // there with its location).
  std::vector<const Command *> waitingStoreAts;
  auto emitLocatedCommand = [&](const Command &command) {
    userLoc = locationAlias(command.location);
    emitCommand(command);
    userLoc.clear();
  };
  for (const Command &command : schedule.commands) {
    if (command.kind == CommandKind::StoreAt) {
      waitingStoreAts.push_back(&command);
      continue;
    }
    emitLocatedCommand(command);
    if (command.kind != CommandKind::ComputeAt)
      continue;
    for (auto it = waitingStoreAts.begin(); it != waitingStoreAts.end();) {
      if ((*it)->stage == command.stage) {
        emitLocatedCommand(**it);
        it = waitingStoreAts.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (const Command *command : waitingStoreAts)
    emitLocatedCommand(*command);
  // Intermediate tensors are freed when the function ends (the CPU path
  // would leak them on every call; HLS C++ makes them local arrays).
  for (const auto &stage : schedule.stages)
    if (stage->kind == TensorKind::Compute &&
        std::find(results.begin(), results.end(), stage) == results.end())
      line("memref.dealloc " + buffer(stage) + " : " +
           memrefType(stage->shape, stage->dtype));
  std::string values, types;
  for (const auto &r : results) {
    values += (values.empty() ? "" : ", ") + buffer(r);
    types += (types.empty() ? "" : ", ") + bufferType(r);
  }
  line(results.empty() ? "return" : "return " + values + " : " + types);
  out << "}\n";
  emitCalledFunctions();
  // The user's locations, defined before the operations that use them.
  std::string aliases;
  for (const std::string &definition : aliasDefinitions)
    aliases += definition + "\n";
  return aliases + out.str();
}

std::string emitMLIR(const detail::ScheduleImpl &schedule) {
  if (schedule.tunedProgram.empty())
    return Writer(schedule).run();
  // The tuned program is text, not commands: a primitive added to it
  // afterwards would be silently lost.
  if (!schedule.commands.empty()) {
    const Command &first = schedule.commands.front();
    std::string where = first.location.str();
    throwError((where.empty() ? "" : where + ": error: ") +
               getCommandName(first.kind) +
               ": a schedule tune returned takes no further primitives: tune "
               "the algorithm's schedule, or edit the tuned program's MLIR");
  }
  return schedule.tunedProgram;
}

} // namespace hcl
