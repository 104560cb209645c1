//===- Expr.cpp - expressions of the hcl C++ API --------------------------===//

#include "Nodes.h"

#include "hcl/Frontend/Error.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

namespace hcl {

std::shared_ptr<ExprNode> newNode(ExprKind kind, Type type) {
  auto node = std::make_shared<ExprNode>();
  node->kind = kind;
  node->type = type;
  return node;
}

ExprNode::~ExprNode() {
  std::vector<Expr> pending = std::move(operands);
  while (!pending.empty()) {
    Expr expr = std::move(pending.back());
    pending.pop_back();
    // The last owner takes the operands over, so that the node dies with
    // none and its own destructor has nothing to recurse into.
    if (expr.node().use_count() == 1) {
      auto &node = const_cast<ExprNode &>(*expr.node());
      for (Expr &operand : node.operands)
        pending.push_back(std::move(operand));
      node.operands.clear();
    }
  }
}

Expr finishNode(std::shared_ptr<ExprNode> node) {
  unsigned deepest = 0;
  for (const Expr &operand : node->operands)
    deepest = std::max(deepest, operand.node()->depth);
  node->depth = deepest + 1;
  if (node->depth > kMaxExprDepth)
    throwError("this expression is more than " + std::to_string(kMaxExprDepth) +
               " operations deep, the most hcl compiles; split it into "
               "stages, or accumulate into a scalar in a loop");
  return Expr(std::move(node));
}

void forEachNode(const ExprNode &root,
                 const std::function<void(const ExprNode &)> &visit) {
  std::vector<const ExprNode *> pending = {&root};
  std::unordered_set<const ExprNode *> seen;
  while (!pending.empty()) {
    const ExprNode *node = pending.back();
    pending.pop_back();
    if (!seen.insert(node).second)
      continue;
    visit(*node);
    for (auto it = node->operands.rbegin(); it != node->operands.rend(); ++it)
      pending.push_back(it->node().get());
  }
}

static Type literalIntType() {
  Type t = getDefaultType();
  return t.isFloat() ? Int(32) : t;
}

static std::shared_ptr<ExprNode> intLiteral(int64_t value) {
  auto node = newNode(ExprKind::IntConst, literalIntType());
  node->intValue = value;
  node->untyped = true;
  return node;
}

static std::shared_ptr<ExprNode> floatLiteral(double value) {
  auto node = newNode(ExprKind::FloatConst, Float(32));
  node->floatValue = value;
  node->untyped = true;
  return node;
}

Expr::Expr(int value) : impl(intLiteral(value)) {}
Expr::Expr(int64_t value) : impl(intLiteral(value)) {}
Expr::Expr(double value) : impl(floatLiteral(value)) {}
Expr::Expr(float value) : impl(floatLiteral(value)) {}
Expr::Expr(std::shared_ptr<const ExprNode> node) : impl(std::move(node)) {}

Type Expr::type() const { return impl->type; }

Var::Var(std::shared_ptr<const ExprNode> node) : Expr(std::move(node)) {}
const std::string &Var::name() const { return node()->name; }
int64_t Var::lo() const { return node()->lo; }
int64_t Var::hi() const { return node()->hi; }
bool Var::isReduceAxis() const { return node()->reduceAxis; }

static int64_t nextVarId = 1;
static int reduceAxisCount = 0;

Var newVar(const std::string &name) {
  auto node = newNode(ExprKind::Var, Int(32));
  node->name = name;
  node->id = nextVarId++;
  return Var(node);
}

Var reduce_axis(int64_t lo, int64_t hi, const std::string &name) {
  if (hi <= lo)
    throwError("reduce_axis(" + std::to_string(lo) + ", " + std::to_string(hi) +
               "): the range is empty");
  Var var =
      newVar(name.empty() ? "r" + std::to_string(reduceAxisCount++) : name);
  auto node = std::const_pointer_cast<ExprNode>(var.node());
  node->reduceAxis = true;
  node->lo = lo;
  node->hi = hi;
  return var;
}

/// The type two operands meet in: literals adopt the other side's type;
/// floats win over integers; the wider type wins; mixed signedness is signed.
static constexpr unsigned kMaxBits = 512;

/// The integer bits of a fixed or integer type (a signed one counts its sign).
static int intBits(Type t) { return int(t.bits) - int(t.frac); }

/// A fixed-point format that holds every value of `s` and `t` (integers are
/// fixed point without fraction bits), its width capped at 512 bits.
static Type commonFixed(Type s, Type t) {
  bool isSigned = !s.isUnsigned() || !t.isUnsigned();
  // An unsigned operand needs one more bit when the result is signed.
  int bits = std::max(intBits(s) + (isSigned && s.isUnsigned()),
                      intBits(t) + (isSigned && t.isUnsigned()));
  unsigned frac = std::max(s.frac, t.frac);
  unsigned width =
      std::min<unsigned>(unsigned(std::max(bits, 1)) + frac, kMaxBits);
  return {isSigned ? Type::Kind::Fixed : Type::Kind::UFixed, width,
          std::min(frac, width)};
}

Type commonType(const Expr &a, const Expr &b) {
  const ExprNode &x = *a.node(), &y = *b.node();
  // A literal takes the type it meets (a float literal makes integers float).
  if (x.untyped && !y.untyped)
    return x.type.isFloat() && !y.type.isFloat() && !y.type.isFixed() ? x.type
                                                                      : y.type;
  if (y.untyped && !x.untyped)
    return y.type.isFloat() && !x.type.isFloat() && !x.type.isFixed() ? y.type
                                                                      : x.type;
  Type s = x.type, t = y.type;
  if (s.isFloat() || t.isFloat()) {
    if (s.isFloat() && t.isFloat())
      return Float(std::max(s.bits, t.bits));
    return s.isFloat() ? s : t;
  }
  if (s.isFixed() || t.isFixed())
    return commonFixed(s, t);
  if (s.kind == t.kind)
    return Type{s.kind, std::max(s.bits, t.bits)};
  // Mixed signedness: a signed type that holds the unsigned operand too.
  unsigned signedBits = s.isUnsigned() ? t.bits : s.bits;
  unsigned unsignedBits = s.isUnsigned() ? s.bits : t.bits;
  return Int(std::min(std::max(signedBits, unsignedBits + 1), kMaxBits));
}

/// The type arithmetic computes in, so that values are not lost silently:
/// integers narrower than 32 bits compute in Int(32), as C++ promotes them;
/// fixed point widens like ap_fixed (one more integer bit for + and -, the
/// sum of the widths for *), up to 512 bits.
static Type arithmeticType(OpCode op, Type common) {
  if (common.isInteger() && common.bits < 32)
    return Int(32);
  if (!common.isFixed())
    return common;
  unsigned width = common.bits, frac = common.frac;
  if (op == OpCode::Add || op == OpCode::Sub) {
    width += 1;
  } else if (op == OpCode::Mul) {
    width *= 2;
    frac *= 2;
  }
  if (op == OpCode::Sub)
    common.kind = Type::Kind::Fixed; // a difference may be negative
  width = std::min(width, kMaxBits);
  return {common.kind, width, std::min(frac, width)};
}

Expr makeOp(OpCode op, Type type, std::vector<Expr> operands) {
  auto node = newNode(ExprKind::Op, type);
  node->op = op;
  // Literal arithmetic stays a literal (`2 * 3` meets A's type later).
  node->untyped = std::all_of(operands.begin(), operands.end(),
                              [](const Expr &e) { return e.node()->untyped; });
  node->operands = std::move(operands);
  return finishNode(node);
}

Type arithmeticType(OpCode op, const Expr &a, const Expr &b) {
  bool literals = a.node()->untyped && b.node()->untyped;
  Type common = commonType(a, b);
  return literals ? common : arithmeticType(op, common);
}

static Expr arithmetic(OpCode op, const Expr &a, const Expr &b) {
  return makeOp(op, arithmeticType(op, a, b), {a, b});
}

static Expr comparison(OpCode op, const Expr &a, const Expr &b) {
  Expr result = makeOp(op, UInt(1), {a, b});
  std::const_pointer_cast<ExprNode>(result.node())->untyped = false;
  return result;
}

Expr operator+(const Expr &a, const Expr &b) {
  return arithmetic(OpCode::Add, a, b);
}
Expr operator-(const Expr &a, const Expr &b) {
  return arithmetic(OpCode::Sub, a, b);
}
Expr operator*(const Expr &a, const Expr &b) {
  return arithmetic(OpCode::Mul, a, b);
}
Expr operator/(const Expr &a, const Expr &b) {
  return arithmetic(OpCode::Div, a, b);
}
Expr operator%(const Expr &a, const Expr &b) {
  return arithmetic(OpCode::Mod, a, b);
}
Expr operator-(const Expr &a) { return makeOp(OpCode::Neg, a.type(), {a}); }
Expr operator==(const Expr &a, const Expr &b) {
  return comparison(OpCode::Eq, a, b);
}
Expr operator!=(const Expr &a, const Expr &b) {
  return comparison(OpCode::Ne, a, b);
}
Expr operator<(const Expr &a, const Expr &b) {
  return comparison(OpCode::Lt, a, b);
}
Expr operator<=(const Expr &a, const Expr &b) {
  return comparison(OpCode::Le, a, b);
}
Expr operator>(const Expr &a, const Expr &b) {
  return comparison(OpCode::Gt, a, b);
}
Expr operator>=(const Expr &a, const Expr &b) {
  return comparison(OpCode::Ge, a, b);
}
Expr operator&&(const Expr &a, const Expr &b) {
  return comparison(OpCode::And, a, b);
}
Expr operator||(const Expr &a, const Expr &b) {
  return comparison(OpCode::Or, a, b);
}
Expr operator!(const Expr &a) {
  Expr result = makeOp(OpCode::Not, UInt(1), {a});
  std::const_pointer_cast<ExprNode>(result.node())->untyped = false;
  return result;
}

Expr select(const Expr &cond, const Expr &a, const Expr &b) {
  auto node = newNode(ExprKind::Select, commonType(a, b));
  node->operands = {cond, a, b};
  node->untyped = a.node()->untyped && b.node()->untyped;
  return finishNode(node);
}

Expr cast(Type type, const Expr &value) {
  auto node = newNode(ExprKind::Cast, type);
  node->operands = {value};
  return finishNode(node);
}

static void checkInteger(const Expr &value, const char *what) {
  if (!value.type().isInteger() || value.node()->untyped)
    throwError(std::string(what) + ": bit access needs an integer value, not " +
               (value.node()->untyped ? std::string("a literal")
                                      : value.type().str()) +
               " (bitcast fixed point or floats to an integer first)");
}

static Expr bits(BitOp op, Type type, std::vector<Expr> operands) {
  auto node = newNode(ExprKind::Bits, type);
  node->bitOp = op;
  node->operands = std::move(operands);
  return finishNode(node);
}

static std::optional<int64_t> constantOf(const Expr &e) {
  if (e.node()->kind == ExprKind::IntConst)
    return e.node()->intValue;
  return std::nullopt;
}

/// A constant bit index outside the value is refused when it is written: the
/// IR's bit operations reject it, and a run-time 0 would hide the mistake.
/// Bit positions are integers; a float one would reach the IR's index casts.
static void checkBitIndex(const Expr &bit, const char *what) {
  if (!bit.type().isInteger())
    throwError(std::string(what) + ": a bit position is an integer, not " +
               bit.type().str());
}

static void checkConstantBit(const Expr &value, const Expr &bit,
                             const char *what) {
  checkBitIndex(bit, what);
  std::optional<int64_t> b = constantOf(bit);
  int64_t width = value.type().bits;
  if (b && (*b < 0 || *b >= width))
    throwError(std::string(what) + ": bit " + std::to_string(*b) + " of a " +
               std::to_string(width) + "-bit value (" + value.type().str() +
               "); bits are 0 to " + std::to_string(width - 1));
}

Expr Expr::operator[](const Expr &bit) const {
  checkInteger(*this, "x[i]");
  checkConstantBit(*this, bit, "x[i]");
  return bits(BitOp::GetBit, UInt(1), {*this, bit});
}

Expr Expr::slice(const Expr &hi, const Expr &lo) const {
  checkInteger(*this, "slice");
  checkBitIndex(hi, "slice");
  checkBitIndex(lo, "slice");
  unsigned width = type().bits;
  std::optional<int64_t> h = constantOf(hi), l = constantOf(lo);
  if (h && l) {
    if (*l < 0 || *h >= int64_t(width) || *h < *l)
      throwError("slice(" + std::to_string(*h) + ", " + std::to_string(*l) +
                 ") of a " + std::to_string(width) +
                 "-bit value: needs 0 <= lo <= hi < " + std::to_string(width));
    width = unsigned(*h - *l + 1);
  }
  return bits(BitOp::GetSlice, UInt(width), {*this, hi, lo});
}

Expr set_bit(const Expr &value, const Expr &bit, const Expr &bitValue) {
  checkInteger(value, "set_bit");
  checkConstantBit(value, bit, "set_bit");
  return bits(BitOp::SetBit, value.type(), {value, bit, bitValue});
}

Expr set_slice(const Expr &value, const Expr &hi, const Expr &lo,
               const Expr &newBits) {
  checkInteger(value, "set_slice");
  checkBitIndex(hi, "set_slice");
  checkBitIndex(lo, "set_slice");
  std::optional<int64_t> h = constantOf(hi), l = constantOf(lo);
  int64_t width = value.type().bits;
  if (h && l && (*l < 0 || *h >= width || *h < *l))
    throwError("set_slice(" + std::to_string(*h) + ", " + std::to_string(*l) +
               ") of a " + std::to_string(width) +
               "-bit value: needs 0 <= lo <= hi < " + std::to_string(width));
  return bits(BitOp::SetSlice, value.type(), {value, hi, lo, newBits});
}

Expr bit_reverse(const Expr &value) {
  checkInteger(value, "bit_reverse");
  return bits(BitOp::Reverse, value.type(), {value});
}

Expr bitcast(Type type, const Expr &value) {
  if (value.node()->untyped)
    throwError("bitcast of a literal: give it a type with " +
               spelling("hcl::cast", "hcl.cast") + " first");
  if (value.type().bits != type.bits)
    throwError("bitcast from " + value.type().str() + " to " + type.str() +
               ": the widths differ");
  return bits(BitOp::Bitcast, type, {value});
}

/// exp, log, sqrt and pow compute in floating point: integers become
/// Float(32) first.
static Type floatingType(const Expr &x) {
  return x.type().isFloat() && !x.node()->untyped ? x.type() : Float(32);
}

Expr exp(const Expr &x) { return makeOp(OpCode::Exp, floatingType(x), {x}); }
Expr log(const Expr &x) { return makeOp(OpCode::Log, floatingType(x), {x}); }
Expr sqrt(const Expr &x) { return makeOp(OpCode::Sqrt, floatingType(x), {x}); }
Expr abs(const Expr &x) { return makeOp(OpCode::Abs, x.type(), {x}); }
Expr pow(const Expr &x, const Expr &y) {
  if (x.type().isFloat() || y.type().isFloat())
    return makeOp(OpCode::Pow, floatingType(x.type().isFloat() ? x : y),
                  {x, y});
  return arithmetic(OpCode::Pow, x, y);
}
Expr min(const Expr &a, const Expr &b) { return arithmetic(OpCode::Min, a, b); }
Expr max(const Expr &a, const Expr &b) { return arithmetic(OpCode::Max, a, b); }

static Expr reduction(ReduceKind kind, const char *what, const Expr &body,
                      const std::vector<Var> &axes, std::optional<Type> dtype) {
  if (axes.empty())
    throwError(std::string(what) + ": needs at least one reduce_axis");
  for (const Var &axis : axes)
    if (!axis.isReduceAxis())
      throwError(std::string(what) + ": '" + axis.name() +
                 "' is not a reduce_axis");
  auto node = newNode(ExprKind::Reduce, dtype.value_or(body.type()));
  node->reduce = kind;
  node->operands = {body};
  node->axes = axes;
  return finishNode(node);
}

Expr sum(const Expr &body, const std::vector<Var> &axes,
         std::optional<Type> dtype) {
  return reduction(ReduceKind::Sum, "sum", body, axes, dtype);
}
Expr reduce_max(const Expr &body, const std::vector<Var> &axes,
                std::optional<Type> dtype) {
  return reduction(ReduceKind::Max, "reduce_max", body, axes, dtype);
}
Expr reduce_min(const Expr &body, const std::vector<Var> &axes,
                std::optional<Type> dtype) {
  return reduction(ReduceKind::Min, "reduce_min", body, axes, dtype);
}

Expr reduce_with(const Expr &init, const std::function<Expr(Expr)> &combine,
                 const std::vector<Var> &axes, Type dtype) {
  auto accumulator = newNode(ExprKind::Bound, dtype);
  accumulator->id = nextVarId++;
  Expr combined = combine(finishNode(accumulator));
  Expr node = reduction(ReduceKind::Custom, "reducer", combined, axes, dtype);
  auto reduce = std::const_pointer_cast<ExprNode>(node.node());
  reduce->id = accumulator->id;
  reduce->operands.push_back(init);
  return finishNode(reduce);
}

} // namespace hcl
