//===- EmitMLIR.cpp - a schedule's program as MLIR text -------------------===//
//
// Writes the text HeteroCL users see from hcl.lower: stages as affine loop
// nests with their names, reads as affine.load when the index is affine in
// the loop variables (memref.load otherwise), reductions as an accumulator
// and loops marked `reduction`, and the schedule as hcl.* operations.
//
//===----------------------------------------------------------------------===//

#include "EmitMLIR.h"

#include "hcl/Frontend/Error.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace hcl {

std::string mlirType(Type type) {
  if (type.isFixed())
    return std::string(type.isUnsigned() ? "!hcl.UFixed<" : "!hcl.Fixed<") +
           std::to_string(type.bits) + ", " + std::to_string(type.frac) + ">";
  return (type.isFloat() ? "f" : "i") + std::to_string(type.bits);
}

namespace {

bool isComparison(OpCode op);

/// UInt arguments and results are unsigned at the host boundary.
std::string unsignedAttr(Type type) {
  return type.kind == Type::Kind::UInt && type.bits > 1 ? " {hcl.unsigned}" : "";
}

std::string memrefType(const std::vector<int64_t> &shape, Type type) {
  std::string s = "memref<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + mlirType(type) + ">";
}

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s)
    out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

/// An integer constant of `type` as MLIR prints it: wrapped to the width
/// and written signed.
std::string intLiteral(int64_t value, Type type) {
  if (type.bits < 64) {
    uint64_t mask = (uint64_t(1) << type.bits) - 1;
    uint64_t bits = uint64_t(value) & mask;
    if (type.bits > 1 && (bits >> (type.bits - 1)))
      return std::to_string(int64_t(bits | ~mask));
    return std::to_string(bits);
  }
  return std::to_string(value);
}

/// A float constant in hexadecimal bits, so the value is exact.
std::string floatLiteral(double value, Type type) {
  std::ostringstream os;
  os << "0x" << std::hex << std::uppercase;
  if (type.bits == 32) {
    float f = static_cast<float>(value);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    os << bits;
  } else {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    os << bits;
  }
  return os.str();
}

/// A valid, readable symbol for a constant named `name`: other characters
/// become '_'; the names of @top and of outlined functions (Stage_...) are
/// left to them.
std::string symbolName(const std::string &name) {
  std::string symbol;
  for (char c : name)
    symbol += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (symbol.empty() || std::isdigit(static_cast<unsigned char>(symbol[0])))
    symbol = "_" + symbol;
  if (symbol == "top" || symbol.rfind("Stage_", 0) == 0)
    symbol = "const_" + symbol;
  return symbol;
}

/// A constant's elements as a dense literal of its memref type: raw
/// little-endian hex for floats and 8/16/32/64-bit integers (exact and
/// compact), nested lists for other widths, one value when all are equal.
/// How a constant is stored: fixed point as integers of its width (its
/// bits V; reads bitcast them to the fixed type), other types as they are.
Type storageType(const TensorNode &constant) {
  Type t = constant.dtype;
  if (constant.kind == TensorKind::Constant && t.isFixed())
    return t.isUnsigned() ? UInt(t.bits) : Int(t.bits);
  return t;
}

std::string denseLiteral(const TensorNode &constant) {
  Type type = storageType(constant);
  bool isFloat = type.isFloat();
  size_t count = isFloat ? constant.floatValues.size() : constant.intValues.size();
  auto element = [&](size_t i) {
    if (isFloat)
      return floatLiteral(constant.floatValues[i], type);
    if (type.bits == 1)
      return std::string(constant.intValues[i] & 1 ? "true" : "false");
    return intLiteral(constant.intValues[i], type);
  };
  bool splat = true;
  for (size_t i = 1; i < count && splat; ++i)
    splat = isFloat ? std::memcmp(&constant.floatValues[i],
                                  &constant.floatValues[0], sizeof(double)) == 0
                    : constant.intValues[i] == constant.intValues[0];
  if (splat)
    return "dense<" + element(0) + ">";
  unsigned bits = type.bits;
  if (isFloat || bits == 8 || bits == 16 || bits == 32 || bits == 64) {
    static const char digits[] = "0123456789ABCDEF";
    std::string hex;
    hex.reserve(count * bits / 4 + 16);
    for (size_t i = 0; i < count; ++i) {
      uint64_t raw;
      if (isFloat && bits == 32) {
        float f = static_cast<float>(constant.floatValues[i]);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        raw = b;
      } else if (isFloat) {
        std::memcpy(&raw, &constant.floatValues[i], 8);
      } else {
        raw = uint64_t(constant.intValues[i]);
      }
      for (unsigned byte = 0; byte < bits / 8; ++byte) {
        unsigned v = (raw >> (8 * byte)) & 0xFF;
        hex += digits[v >> 4];
        hex += digits[v & 0xF];
      }
    }
    return "dense<\"0x" + hex + "\">";
  }
  // Nested lists, one level per dimension.
  const std::vector<int64_t> &shape = constant.shape;
  std::string text;
  size_t next = 0;
  std::function<void(size_t)> dimension = [&](size_t d) {
    text += "[";
    for (int64_t i = 0; i < shape[d]; ++i) {
      if (i)
        text += ", ";
      if (d + 1 == shape.size())
        text += element(next++);
      else
        dimension(d + 1);
    }
    text += "]";
  };
  dimension(0);
  return "dense<" + text + ">";
}

/// The user's call a command came from, as the location of its operation:
/// `s["B"].split(i, 4)`, `s.reuse_at(A, s["B"], i)`.
std::string describe(const Command &c) {
  static const char *names[] = {"split", "tile", "reorder", "fuse", "unroll",
                                "pipeline", "parallel", "compute_at", "outline",
                                "partition", "reuse_at", "buffer_at", "reshape",
                                "quantize", "downsize", "pack", "unpack",
                                "vectorize", "store_at"};
  static const char *kinds[] = {"Complete", "Block", "Cyclic"};
  std::vector<std::string> args;
  switch (c.kind) {
  case CommandKind::Partition:
    args = {c.tensor->name, kinds[static_cast<int>(c.partition)],
            std::to_string(c.numbers[0]), std::to_string(c.numbers[1])};
    break;
  case CommandKind::ReuseAt:
  case CommandKind::BufferAt:
    args = {c.tensor->name, "s[\"" + c.stage + "\"]", c.axes[0]};
    break;
  case CommandKind::Reshape: {
    std::string shape;
    for (int64_t d : c.numbers)
      shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    args = {c.tensor->name, "{" + shape + "}"};
    break;
  }
  case CommandKind::ComputeAt:
  case CommandKind::StoreAt:
    args = {"s[\"" + c.otherStage + "\"]", c.axes[0]};
    break;
  case CommandKind::Quantize:
  case CommandKind::Downsize:
    args = {c.tensor->name, c.dtype.str()};
    break;
  case CommandKind::Pack:
  case CommandKind::Unpack:
    args = {c.tensor->name, std::to_string(c.numbers[0]),
            std::to_string(c.numbers[1])};
    break;
  case CommandKind::Outline:
    args = c.stages;
    break;
  default:
    args = c.axes;
    for (int64_t n : c.numbers)
      args.push_back(std::to_string(n));
  }
  bool onStage = c.kind < CommandKind::Partition;
  std::string call = onStage ? "s[\"" + c.stage + "\"]." : "s.";
  call += names[static_cast<int>(c.kind)] + std::string("(");
  for (size_t i = 0; i < args.size(); ++i)
    call += (i ? ", " : "") + args[i];
  return call + ")";
}

class Writer {
public:
  explicit Writer(const detail::ScheduleImpl &schedule) : schedule(schedule) {}
  std::string run();

private:
  // Output.
  std::string fresh(const char *prefix = "v") {
    return "%" + std::string(prefix) + std::to_string(next++);
  }
  void line(const std::string &text) {
    out << std::string(2 * depth, ' ') << text << "\n";
  }
  /// A schedule operation, located at the user's call it came from.
  void scheduleOp(const std::string &text) {
    line(text + " loc(" + quoted(location) + ")");
  }

  // Values.
  std::string constant(const ExprNode &e, Type type);
  std::string convert(const std::string &value, Type from, Type to);
  std::string value(const Expr &e, Type type) {
    return convert(emit(*e.node(), type), e.node()->untyped ? type : e.type(), type);
  }
  std::string emit(const ExprNode &e, Type want);
  std::string emitOp(const ExprNode &e);
  std::string emitFixedOp(const ExprNode &e);
  std::optional<std::string> emitMathOp(const ExprNode &e);
  std::string emitShift(const ExprNode &e);
  std::string emitBits(const ExprNode &e);
  std::string emitRead(const ExprNode &e);
  std::string emitReduce(const ExprNode &e);
  void emitReduceInto(const ExprNode &e, const std::string &memref,
                      const std::string &indices, const std::string &type);
  std::string toBool(const Expr &e);
  std::optional<std::string> affine(const ExprNode &e);
  std::string indexValue(const ExprNode &e);
  std::string iv(const ExprNode &var);

  // Program.
  std::string buffer(const std::shared_ptr<TensorNode> &tensor);
  std::string bufferType(const std::shared_ptr<TensorNode> &tensor);
  void emitStage(const std::shared_ptr<TensorNode> &stage);
  void emitCommand(const Command &command);
  std::string stageHandle(const std::string &stage);
  std::string loopHandle(const std::string &stage, const std::string &loop);

  const detail::ScheduleImpl &schedule;
  std::ostringstream out;
  int depth = 1, next = 0;
  std::map<int64_t, std::string> ivs;
  std::map<const TensorNode *, std::string> buffers;
  std::map<const TensorNode *, std::string> bufferTypes;
  std::map<std::string, std::string> stageHandles;
  std::string currentStage;
  std::string location;
};

std::string Writer::iv(const ExprNode &var) {
  auto it = ivs.find(var.id);
  if (it == ivs.end())
    throwError("stage '" + currentStage + "' uses index variable '" +
               var.name + "' outside the loops that define it");
  return it->second;
}

std::string Writer::constant(const ExprNode &e, Type type) {
  std::string v = fresh("c");
  std::string literal;
  if (type.isFixed()) {
    // The literal, floored to the format (docs/datatypes.md).
    std::ostringstream os;
    os.precision(17);
    os << std::scientific
       << (e.kind == ExprKind::IntConst ? double(e.intValue) : e.floatValue);
    line(v + " = hcl.fixed_constant " + os.str() + " : " + mlirType(type));
    return v;
  }
  if (type.isFloat())
    literal = floatLiteral(e.kind == ExprKind::IntConst ? double(e.intValue)
                                                        : e.floatValue, type);
  else
    literal = intLiteral(e.kind == ExprKind::IntConst
                             ? e.intValue
                             : static_cast<int64_t>(e.floatValue), type);
  line(v + " = arith.constant " + literal + " : " + mlirType(type));
  return v;
}

std::string Writer::convert(const std::string &v, Type from, Type to) {
  if (from == to || (mlirType(from) == mlirType(to)))
    return v;
  std::string op;
  if (to.isFixed())
    op = from.isFloat()   ? "hcl.float_to_fixed"
         : from.isFixed() ? "hcl.fixed_to_fixed"
         : from.isUnsigned() || from.bits == 1 ? "hcl.uint_to_fixed"
                                               : "hcl.int_to_fixed";
  else if (from.isFixed())
    op = to.isFloat() ? "hcl.fixed_to_float" : "hcl.fixed_to_int";
  if (!op.empty()) {
    std::string r = fresh();
    line(r + " = " + op + " " + v + " : " + mlirType(from) + " to " + mlirType(to));
    return r;
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
  line(r + " = " + op + " " + v + " : " + mlirType(from) + " to " + mlirType(to));
  return r;
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
    line(r + " = arith.select " + c + ", " + a + ", " + b + " : " + mlirType(type));
    return r;
  }
  case ExprKind::Cast:
    return value(e.operands[0], e.type);
  case ExprKind::Reduce:
    return emitReduce(e);
  case ExprKind::Bits:
    return emitBits(e);
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
    line(r + " = hcl.cmp_fixed ne, " + v + ", " + zero + " : " + mlirType(type));
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

std::string Writer::emitOp(const ExprNode &e) {
  const std::vector<Expr> &x = e.operands;
  std::string r; // named after the operands, so the text reads in order
  auto binary = [&](const std::string &op, Type type) {
    std::string a = value(x[0], type), b = value(x[1], type);
    r = fresh();
    line(r + " = " + op + " " + a + ", " + b + " : " + mlirType(type));
    return r;
  };
  auto unary = [&](const std::string &op, Type type) {
    std::string a = value(x[0], type);
    r = fresh();
    line(r + " = " + op + " " + a + " : " + mlirType(type));
    return r;
  };
  Type t = e.type;
  bool f = t.isFloat(), u = t.isUnsigned();
  if (std::optional<std::string> math = emitMathOp(e))
    return *math;
  if (t.isFixed() && !isComparison(e.op))
    return emitFixedOp(e);
  switch (e.op) {
  case OpCode::Add: return binary(f ? "arith.addf" : "arith.addi", t);
  case OpCode::Sub: return binary(f ? "arith.subf" : "arith.subi", t);
  case OpCode::Mul: return binary(f ? "arith.mulf" : "arith.muli", t);
  case OpCode::Div: return binary(f ? "arith.divf" : u ? "arith.divui" : "arith.divsi", t);
  case OpCode::Mod: return binary(f ? "arith.remf" : u ? "arith.remui" : "arith.remsi", t);
  case OpCode::Min: return binary(f ? "arith.minimumf" : u ? "arith.minui" : "arith.minsi", t);
  case OpCode::Max: return binary(f ? "arith.maximumf" : u ? "arith.maxui" : "arith.maxsi", t);
  case OpCode::Pow: return binary(f ? "math.powf" : "math.ipowi", t);
  case OpCode::Exp: return unary("math.exp", t);
  case OpCode::Log: return unary("math.log", t);
  case OpCode::Sqrt: return unary("math.sqrt", t);
  case OpCode::Abs: return unary(f ? "math.absf" : "math.absi", t);
  case OpCode::Neg: {
    if (f)
      return unary("arith.negf", t);
    std::string a = value(x[0], t), zero = fresh("c");
    line(zero + " = arith.constant 0 : " + mlirType(t));
    r = fresh();
    line(r + " = arith.subi " + zero + ", " + a + " : " + mlirType(t));
    return r;
  }
  case OpCode::And:
  case OpCode::Or: {
    std::string a = toBool(x[0]), b = toBool(x[1]);
    r = fresh();
    line(r + " = " + (e.op == OpCode::And ? "arith.andi " : "arith.ori ") + a +
         ", " + b + " : i1");
    return r;
  }
  case OpCode::Not: {
    std::string a = toBool(x[0]), one = fresh("c");
    line(one + " = arith.constant true");
    r = fresh();
    line(r + " = arith.xori " + a + ", " + one + " : i1");
    return r;
  }
  default:
    break;
  }
  // Comparisons: in the operands' common type.
  Type operand = commonType(x[0], x[1]);
  if (x[0].node()->untyped && x[1].node()->untyped)
    operand = x[0].type().isFloat() || x[1].type().isFloat() ? Float(32) : Int(32);
  std::string a = value(x[0], operand), b = value(x[1], operand);
  static const std::map<OpCode, std::array<const char *, 3>> predicates = {
      {OpCode::Eq, {"eq", "eq", "oeq"}}, {OpCode::Ne, {"ne", "ne", "une"}},
      {OpCode::Lt, {"slt", "ult", "olt"}}, {OpCode::Le, {"sle", "ule", "ole"}},
      {OpCode::Gt, {"sgt", "ugt", "ogt"}}, {OpCode::Ge, {"sge", "uge", "oge"}}};
  const auto &names = predicates.at(e.op);
  const char *predicate =
      operand.isFloat() ? names[2] : operand.isUnsigned() ? names[1] : names[0];
  r = fresh();
  if (operand.isFixed()) {
    line(r + " = hcl.cmp_fixed " + predicate + ", " + a + ", " + b + " : " +
         mlirType(operand));
    return r;
  }
  line(r + " = " + (operand.isFloat() ? "arith.cmpf " : "arith.cmpi ") +
       predicate + ", " + a + ", " + b + " : " + mlirType(operand));
  return r;
}

/// hcl's bit operations; indices become `index` values.
std::string Writer::emitBits(const ExprNode &e) {
  const std::vector<Expr> &x = e.operands;
  Type valueType = x[0].type();
  std::string v = value(x[0], valueType), r = fresh();
  std::string t = mlirType(valueType);
  auto index = [&](size_t i) { return indexValue(*x[i].node()); };
  switch (e.bitOp) {
  case BitOp::GetBit:
    line(r + " = hcl.get_bit " + v + "[" + index(1) + "] : " + t);
    break;
  case BitOp::SetBit: {
    std::string hiIndex = index(1), bit = toBool(x[2]);
    line(r + " = hcl.set_bit " + v + "[" + hiIndex + "], " + bit + " : " + t);
    break;
  }
  case BitOp::GetSlice: {
    std::string hi = index(1), lo = index(2);
    line(r + " = hcl.get_slice " + v + "[" + hi + " : " + lo + "] : " + t +
         " -> " + mlirType(e.type));
    break;
  }
  case BitOp::SetSlice: {
    std::string hi = index(1), lo = index(2);
    Type bitsType = x[3].node()->untyped ? valueType : x[3].type();
    if (!bitsType.isInteger())
      throwError("set_slice: the new bits must be an integer, not " +
                 bitsType.str());
    std::string bits = value(x[3], bitsType);
    line(r + " = hcl.set_slice " + v + "[" + hi + " : " + lo + "], " + bits +
         " : " + t + ", " + mlirType(bitsType));
    break;
  }
  case BitOp::Reverse:
    line(r + " = hcl.bit_reverse " + v + " : " + t);
    break;
  case BitOp::Bitcast:
    line(r + " = hcl.bitcast " + v + " : " + t + " to " + mlirType(e.type));
    break;
  }
  return r;
}

bool isComparison(OpCode op) {
  return op == OpCode::Eq || op == OpCode::Ne || op == OpCode::Lt ||
         op == OpCode::Le || op == OpCode::Gt || op == OpCode::Ge ||
         op == OpCode::And || op == OpCode::Or || op == OpCode::Not;
}

/// Float math, NaN / infinity tests and bitwise operations (MathOps.cpp);
/// nullopt for the other operations.
std::optional<std::string> Writer::emitMathOp(const ExprNode &e) {
  static const std::map<OpCode, const char *> floatOps = {
      {OpCode::Tanh, "math.tanh"},   {OpCode::Erf, "math.erf"},
      {OpCode::Floor, "math.floor"}, {OpCode::Ceil, "math.ceil"},
      {OpCode::Round, "math.roundeven"}, {OpCode::Sin, "math.sin"},
      {OpCode::Cos, "math.cos"},     {OpCode::Tan, "math.tan"},
      {OpCode::Asin, "math.asin"},   {OpCode::Acos, "math.acos"},
      {OpCode::Atan, "math.atan"},   {OpCode::Sinh, "math.sinh"},
      {OpCode::Cosh, "math.cosh"},   {OpCode::Asinh, "math.asinh"},
      {OpCode::Acosh, "math.acosh"}, {OpCode::Atanh, "math.atanh"}};
  static const std::map<OpCode, const char *> bitOps = {
      {OpCode::BitAnd, "arith.andi"},
      {OpCode::BitOr, "arith.ori"},
      {OpCode::BitXor, "arith.xori"}};
  const std::vector<Expr> &x = e.operands;
  Type t = e.type;
  std::string r;
  if (auto it = floatOps.find(e.op); it != floatOps.end()) {
    std::string a = value(x[0], t);
    r = fresh();
    line(r + " = " + it->second + " " + a + " : " + mlirType(t));
    return r;
  }
  if (e.op == OpCode::IsNan || e.op == OpCode::IsInf) {
    const ExprNode &operand = *x[0].node();
    Type ft = operand.type.isFloat() && !operand.untyped ? operand.type
                                                         : Float(32);
    std::string a = value(x[0], ft), ty = mlirType(ft);
    r = fresh();
    if (e.op == OpCode::IsNan) {
      line(r + " = arith.cmpf uno, " + a + ", " + a + " : " + ty);
      return r;
    }
    // |x| == +inf: no libm call, and HLS C++ reads it as fabs(x) == INFINITY.
    std::string magnitude = fresh(), inf = fresh("c");
    line(magnitude + " = math.absf " + a + " : " + ty);
    line(inf + " = arith.constant " + floatLiteral(INFINITY, ft) + " : " + ty);
    line(r + " = arith.cmpf oeq, " + magnitude + ", " + inf + " : " + ty);
    return r;
  }
  if (auto it = bitOps.find(e.op); it != bitOps.end()) {
    std::string a = value(x[0], t), b = value(x[1], t);
    r = fresh();
    line(r + " = " + it->second + " " + a + ", " + b + " : " + mlirType(t));
    return r;
  }
  if (e.op == OpCode::BitNot) {
    std::string a = value(x[0], t), ones = fresh("c");
    line(ones + " = arith.constant -1 : " + mlirType(t));
    r = fresh();
    line(r + " = arith.xori " + a + ", " + ones + " : " + mlirType(t));
    return r;
  }
  if (e.op == OpCode::Shl || e.op == OpCode::Shr)
    return emitShift(e);
  return std::nullopt;
}

/// Shifts defined for every amount (LLVM's are poison from the width on):
/// an amount outside [0, width) shifts everything out, giving 0, or -1 for
/// >> of a negative signed value (an arithmetic shift by width - 1).
std::string Writer::emitShift(const ExprNode &e) {
  Type t = e.type;
  std::string ty = mlirType(t);
  std::string a = value(e.operands[0], t), b = value(e.operands[1], t);
  std::string width = fresh("c"), inRange = fresh();
  line(width + " = arith.constant " + std::to_string(t.bits) + " : " + ty);
  line(inRange + " = arith.cmpi ult, " + b + ", " + width + " : " + ty);
  bool arithmetic = e.op == OpCode::Shr && !t.isUnsigned();
  std::string fallback = fresh("c");
  line(fallback + " = arith.constant " +
       std::to_string(arithmetic ? int64_t(t.bits) - 1 : 0) + " : " + ty);
  std::string amount = fresh();
  line(amount + " = arith.select " + inRange + ", " + b + ", " + fallback +
       " : " + ty);
  std::string shifted = fresh();
  const char *op = e.op == OpCode::Shl ? "arith.shli"
                   : arithmetic        ? "arith.shrsi"
                                       : "arith.shrui";
  line(shifted + " = " + op + " " + a + ", " + amount + " : " + ty);
  if (arithmetic)
    return shifted;
  std::string zero = fresh("c"), r = fresh();
  line(zero + " = arith.constant 0 : " + ty);
  line(r + " = arith.select " + inRange + ", " + shifted + ", " + zero + " : " +
       ty);
  return r;
}

/// Arithmetic in a fixed-point type: the operands are converted to it, the
/// hcl operation quantizes the exact result into it.
std::string Writer::emitFixedOp(const ExprNode &e) {
  static const std::map<OpCode, const char *> ops = {
      {OpCode::Add, "hcl.add_fixed"}, {OpCode::Sub, "hcl.sub_fixed"},
      {OpCode::Mul, "hcl.mul_fixed"}, {OpCode::Div, "hcl.div_fixed"},
      {OpCode::Min, "hcl.min_fixed"}, {OpCode::Max, "hcl.max_fixed"},
      {OpCode::Neg, "hcl.sub_fixed"}};
  auto it = ops.find(e.op);
  if (it == ops.end())
    throwError("stage '" + currentStage + "': this operation is not defined on "
               "fixed point (" + e.type.str() + "); hcl::cast the operands to "
               "a float or an integer type first");
  std::string type = mlirType(e.type), a, b;
  if (e.op == OpCode::Neg) {
    a = fresh("c");
    line(a + " = hcl.fixed_constant 0.0 : " + type);
    b = value(e.operands[0], e.type);
  } else {
    a = value(e.operands[0], e.type);
    b = value(e.operands[1], e.type);
  }
  std::string r = fresh();
  line(r + " = " + it->second + " " + a + ", " + b + " : " + type);
  return r;
}

/// The index as an affine expression of loop variables, when it is one.
std::optional<std::string> Writer::affine(const ExprNode &e) {
  if (e.kind == ExprKind::IntConst)
    return std::to_string(e.intValue);
  if (e.kind == ExprKind::Var)
    return iv(e);
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
  case OpCode::Add: return "(" + *a + " + " + *b + ")";
  case OpCode::Sub: return "(" + *a + " - " + *b + ")";
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
        {OpCode::Add, "arith.addi"}, {OpCode::Sub, "arith.subi"},
        {OpCode::Mul, "arith.muli"}, {OpCode::Div, "arith.floordivsi"},
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
  line(r + " = arith.index_cast" + std::string(type.isUnsigned() ? "ui " : " ") +
       v + " : " + mlirType(type) + " to index");
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
  int64_t intMin = !isSigned     ? 0
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

/// The reduction loops, combining into `memref[indices]` (of `type`), which
/// holds the running value.
void Writer::emitReduceInto(const ExprNode &e, const std::string &memref,
                            const std::string &indices, const std::string &type) {
  Type t = e.type;
  for (const Var &axis : e.axes) {
    std::string v = fresh("r");
    ivs[axis.node()->id] = v;
    line("affine.for " + v + " = " + std::to_string(axis.lo()) + " to " +
         std::to_string(axis.hi()) + " {");
    ++depth;
  }
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
  std::string sum = fresh();
  line(sum + " = " +
       (t.isFixed()   ? fixedCombine.at(e.reduce)
        : t.isFloat() ? ops[2]
        : t.isUnsigned() ? ops[1]
                         : ops[0]) +
       " " + old + ", " + x + " : " + mlirType(t));
  line("affine.store " + sum + ", " + memref + "[" + indices + "] : " + type);
  for (auto it = e.axes.rbegin(); it != e.axes.rend(); ++it) {
    --depth;
    line("} {loop_name = " + quoted(it->name()) + ", reduction = 1 : i32}");
    ivs.erase(it->node()->id);
  }
}

/// Sum, max or min over the reduction axes into a one-element accumulator
/// (a reduction inside a larger expression).
std::string Writer::emitReduce(const ExprNode &e) {
  static const char *names[] = {"sum", "max", "min"};
  std::string acc = fresh("acc");
  std::string type = "memref<1x" + mlirType(e.type) + ">";
  line(acc + " = memref.alloca() {name = " +
       quoted(names[static_cast<int>(e.reduce)]) + "} : " + type);
  std::string start = constant(reductionStart(e.reduce, e.type), e.type);
  line("affine.store " + start + ", " + acc + "[0] : " + type);
  emitReduceInto(e, acc, "0", type);
  std::string r = fresh();
  line(r + " = affine.load " + acc + "[0] : " + type);
  return r;
}

/// The reduction a stage accumulates straight into its own element, as
/// seed 000's gemm does (so reorder can move the reduction loops): a compute
/// whose value is a reduction of the stage's type (`init` set), or an update
/// `T(i, j, ...) + sum(...)`.
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

void Writer::emitStage(const std::shared_ptr<TensorNode> &stage) {
  currentStage = stage->stageName;
  if (stage->kind == TensorKind::Compute) {
    std::string alloc = fresh("buf");
    line(alloc + " = memref.alloc() {name = " + quoted(stage->name) + "} : " +
         memrefType(stage->shape, stage->dtype));
    buffers[stage.get()] = alloc;
  }
  std::vector<std::string> loopVars;
  for (size_t d = 0; d < stage->axes.size(); ++d) {
    std::string v = fresh("i");
    ivs[stage->axes[d].node()->id] = v;
    loopVars.push_back(v);
    line("affine.for " + v + " = 0 to " + std::to_string(stage->shape[d]) + " {");
    ++depth;
  }
  std::string indices;
  for (size_t d = 0; d < loopVars.size(); ++d)
    indices += (d ? ", " : "") + loopVars[d];
  bool init;
  if (const ExprNode *reduce = inPlaceReduction(*stage, init)) {
    if (init) {
      std::string start = constant(reductionStart(reduce->reduce, stage->dtype),
                                   stage->dtype);
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

std::string Writer::stageHandle(const std::string &stage) {
  auto it = stageHandles.find(stage);
  if (it != stageHandles.end())
    return it->second;
  std::string h = fresh("s");
  line(h + " = hcl.create_stage_handle " + quoted(stage) + " : !hcl.StageHandle");
  return stageHandles[stage] = h;
}

std::string Writer::loopHandle(const std::string &stage, const std::string &loop) {
  std::string s = stageHandle(stage), h = fresh("l");
  line(h + " = hcl.create_loop_handle " + s + ", " + quoted(loop) +
       " : !hcl.LoopHandle");
  return h;
}

void Writer::emitCommand(const Command &c) {
  location = describe(c);
  auto loops = [&](const std::string &stage) {
    std::string list;
    for (const std::string &axis : c.axes)
      list += ", " + loopHandle(stage, axis);
    return list;
  };
  auto number = [&](size_t i) { return std::to_string(c.numbers[i]); };
  switch (c.kind) {
  case CommandKind::Split: {
    std::string args = loops(c.stage);
    scheduleOp(fresh("h") + ", " + fresh("h") + " = hcl.split(" + stageHandle(c.stage) +
         args + ", " + number(0) + ")");
    return;
  }
  case CommandKind::Tile: {
    std::string args = loops(c.stage);
    std::string results = fresh("h");
    for (int i = 0; i < 3; ++i)
      results += ", " + fresh("h");
    scheduleOp(results + " = hcl.tile(" + stageHandle(c.stage) + args + ", " +
         number(0) + ", " + number(1) + ")");
    return;
  }
  case CommandKind::Reorder:
  case CommandKind::Parallel: {
    std::string args = loops(c.stage);
    scheduleOp(std::string(c.kind == CommandKind::Reorder ? "hcl.reorder("
                                                    : "hcl.parallel(") +
         stageHandle(c.stage) + args + ")");
    return;
  }
  case CommandKind::Fuse: {
    std::string args = loops(c.stage);
    scheduleOp(fresh("h") + " = hcl.fuse(" + stageHandle(c.stage) + args + ")");
    return;
  }
  case CommandKind::Vectorize:
  case CommandKind::Unroll:
  case CommandKind::Pipeline: {
    std::string args = loops(c.stage);
    scheduleOp(std::string(c.kind == CommandKind::Unroll   ? "hcl.unroll("
                           : c.kind == CommandKind::Vectorize ? "hcl.vectorize("
                                                          : "hcl.pipeline(") +
         stageHandle(c.stage) + args + ", " + number(0) + ")");
    return;
  }
  case CommandKind::ComputeAt: {
    std::string axis = loopHandle(c.otherStage, c.axes[0]);
    scheduleOp("hcl.compute_at(" + stageHandle(c.stage) + ", " +
         stageHandle(c.otherStage) + ", " + axis + ")");
    return;
  }
  case CommandKind::StoreAt: {
    std::string axis = loopHandle(c.otherStage, c.axes[0]);
    scheduleOp("hcl.store_at(" + stageHandle(c.stage) + ", " +
         stageHandle(c.otherStage) + ", " + axis + ")");
    return;
  }
  case CommandKind::Outline: {
    std::string stages, attrs;
    for (const std::string &stage : c.stages)
      stages += (stages.empty() ? "" : ", ") + stageHandle(stage);
    if (!c.merge.empty())
      attrs += "merge = " + quoted(c.merge);
    if (!c.param.empty()) {
      std::string list;
      for (const std::string &p : c.param)
        list += (list.empty() ? "" : ", ") + quoted(p);
      attrs += std::string(attrs.empty() ? "" : ", ") + "param = [" + list + "]";
    }
    if (!c.axis.empty())
      attrs += std::string(attrs.empty() ? "" : ", ") + "axis = " + quoted(c.axis);
    scheduleOp("hcl.outline (" + stages + ")" +
               (attrs.empty() ? "" : " {" + attrs + "}"));
    return;
  }
  case CommandKind::Partition: {
    static const char *kinds[] = {"Complete", "Block", "Cyclic"};
    scheduleOp("hcl.partition(" + buffer(c.tensor) + " : " + bufferType(c.tensor) +
         ", " + kinds[static_cast<int>(c.partition)] + ", " + number(0) +
         (c.partition == PartitionKind::Complete ? "" : ", " + number(1)) + ")");
    return;
  }
  case CommandKind::ReuseAt:
  case CommandKind::BufferAt: {
    std::string axis = loopHandle(c.stage, c.axes[0]);
    std::string r = fresh("buffer");
    std::string type = "memref<*x" + mlirType(c.result->dtype) + ">";
    scheduleOp(r + " = hcl." + (c.kind == CommandKind::ReuseAt ? "reuse_at(" : "buffer_at(") +
         stageHandle(c.stage) + ", " + buffer(c.tensor) + " : " +
         bufferType(c.tensor) + ", " + axis + ") -> " + type);
    buffers[c.result.get()] = r;
    bufferTypes[c.result.get()] = type;
    return;
  }
  case CommandKind::Quantize:
  case CommandKind::Downsize: {
    std::string modes;
    if (c.kind == CommandKind::Quantize && c.numbers.size() == 2) {
      if (c.numbers[0])
        modes += "rounding = \"nearest\"";
      if (c.numbers[1])
        modes += std::string(modes.empty() ? "" : ", ") + "overflow = \"saturate\"";
    }
    scheduleOp(std::string(c.kind == CommandKind::Quantize ? "hcl.quantize("
                                                           : "hcl.downsize(") +
               buffer(c.tensor) + " : " + bufferType(c.tensor) + ", " +
               mlirType(c.dtype) + ")" + (modes.empty() ? "" : " {" + modes + "}"));
    return;
  }
  case CommandKind::Pack:
  case CommandKind::Unpack: {
    std::string r = fresh("packed");
    std::string type = memrefType(c.result->shape, c.result->dtype);
    scheduleOp(r + " = hcl." + (c.kind == CommandKind::Pack ? "pack(" : "unpack(") +
               buffer(c.tensor) + " : " + bufferType(c.tensor) + ", " +
               number(0) + ", " + number(1) + ") -> " + type);
    buffers[c.result.get()] = r;
    bufferTypes[c.result.get()] = type;
    return;
  }
  case CommandKind::Reshape: {
    std::string r = fresh("reshaped");
    std::string type = memrefType(c.result->shape, c.result->dtype);
    scheduleOp(r + " = hcl.reshape " + buffer(c.tensor) + " : " +
         bufferType(c.tensor) + " to " + type);
    buffers[c.result.get()] = r;
    bufferTypes[c.result.get()] = type;
    return;
  }
  }
}

std::string Writer::run() {
  std::string arguments;
  for (size_t i = 0; i < schedule.inputs.size(); ++i) {
    const auto &input = schedule.inputs[i].node();
    std::string name = "%arg" + std::to_string(i);
    buffers[input.get()] = name;
    arguments += (i ? ", " : "") + name + ": " + memrefType(input->shape, input->dtype) +
                 unsignedAttr(input->dtype);
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
                   unsignedAttr(r->dtype);
  // Constants: module globals, read through memref.get_global.
  std::set<std::string> symbols = {"top"};
  std::vector<std::pair<std::string, std::shared_ptr<TensorNode>>> globals;
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
  // Halide lets store_at come before or after compute_at; the engine
  // applies store_at to the nest compute_at made, so a store_at waits for
  // the next compute_at of its stage (or, without one, goes last and fails
  // there with its location).
  std::vector<const Command *> waitingStoreAts;
  for (const Command &command : schedule.commands) {
    if (command.kind == CommandKind::StoreAt) {
      waitingStoreAts.push_back(&command);
      continue;
    }
    emitCommand(command);
    if (command.kind != CommandKind::ComputeAt)
      continue;
    for (auto it = waitingStoreAts.begin(); it != waitingStoreAts.end();) {
      if ((*it)->stage == command.stage) {
        emitCommand(**it);
        it = waitingStoreAts.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (const Command *command : waitingStoreAts)
    emitCommand(*command);
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
  return out.str();
}

} // namespace

std::string emitMLIR(const detail::ScheduleImpl &schedule) {
  return Writer(schedule).run();
}

} // namespace hcl
