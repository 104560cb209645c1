//===- Elementwise.cpp - ONNX arithmetic, logic, comparisons, Cast --------===//
//
// One stage per node, NumPy broadcasting through readBroadcast. Integer
// operators on known inputs are folded (Folding.h).
//
//===----------------------------------------------------------------------===//

#include "../Folding.h"

#include <cmath>

namespace hcl::onnximport {
namespace {

using Fn1 = std::function<Expr(const Expr &)>;
using Fn2 = std::function<Expr(const Expr &, const Expr &)>;
using IntFn = std::function<int64_t(const std::vector<int64_t> &)>;

std::vector<int64_t> broadcastAll(NodeContext &ctx,
                                  const std::vector<const Value *> &inputs) {
  std::vector<int64_t> shape;
  for (const Value *v : inputs) {
    auto joined = broadcastShapes(shape, v->shape);
    if (!joined)
      ctx.fail("the input shapes " + shapeText(shape) + " and " +
               shapeText(v->shape) + " do not broadcast");
    shape = *joined;
  }
  return shape;
}

std::vector<const Value *> allInputs(NodeContext &ctx) {
  std::vector<const Value *> inputs;
  for (size_t i = 0; i < ctx.numInputs(); ++i)
    if (ctx.hasInput(i))
      inputs.push_back(&ctx.input(i));
  if (inputs.empty())
    ctx.fail("needs at least one input");
  return inputs;
}

void checkSameTypes(NodeContext &ctx,
                    const std::vector<const Value *> &inputs) {
  for (const Value *v : inputs)
    if (v->dtype != inputs[0]->dtype)
      ctx.fail("inputs of different element types (" + inputs[0]->dtype.str() +
               " and " + v->dtype.str() + ")");
}

/// An n-ary element-wise node: `f` folds the operands; `fold` (if given)
/// evaluates integer inputs at import time.
void naryOp(NodeContext &ctx, Type outType,
            const std::function<Expr(const std::vector<Expr> &)> &f,
            const IntFn &fold = nullptr) {
  std::vector<const Value *> inputs = allInputs(ctx);
  std::vector<int64_t> shape = broadcastAll(ctx, inputs);
  if (fold && canFold(inputs)) {
    ctx.setKnownOutput(0, foldElementwise(inputs, shape, outType, fold));
    return;
  }
  ctx.computeOutput(0, shape, outType, [&](const Index &index) {
    std::vector<Expr> operands;
    for (const Value *v : inputs)
      operands.push_back(ctx.readBroadcast(*v, index));
    return f(operands);
  });
}

void binaryOp(NodeContext &ctx, Type outType, const Fn2 &f,
              const IntFn &fold = nullptr) {
  if (ctx.numInputs() != 2)
    ctx.fail("needs two inputs");
  naryOp(
      ctx, outType, [&](const std::vector<Expr> &x) { return f(x[0], x[1]); },
      fold);
}

Lowering arithmetic(Fn2 f, IntFn fold) {
  return [f, fold](NodeContext &ctx) {
    checkSameTypes(ctx, {&ctx.input(0), &ctx.input(1)});
    binaryOp(ctx, ctx.input(0).dtype, f, fold);
  };
}

Lowering comparison(Fn2 f, IntFn fold) {
  return [f, fold](NodeContext &ctx) { binaryOp(ctx, UInt(1), f, fold); };
}

/// A unary float (or any-type) function.
Lowering unary(Fn1 f, bool floatOnly = true, IntFn fold = nullptr) {
  return [f, floatOnly, fold](NodeContext &ctx) {
    const Value &x = ctx.input(0);
    if (floatOnly && !x.dtype.isFloat())
      ctx.fail("input of type " + x.dtype.str() +
               ": only float and double "
               "are supported");
    naryOp(
        ctx, x.dtype, [&](const std::vector<Expr> &v) { return f(v[0]); },
        fold);
  };
}

int64_t floorMod(int64_t a, int64_t b) {
  if (b == 0)
    return 0;
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

void lowerMod(NodeContext &ctx) {
  ctx.onlyAttrs({"fmod"});
  bool fmod = ctx.attrInt("fmod", 0) != 0;
  Type t = ctx.input(0).dtype;
  if (t.isFloat() && !fmod)
    ctx.fail("fmod = 0 on floats is not allowed by ONNX");
  binaryOp(
      ctx, t,
      [fmod, t](const Expr &a, const Expr &b) {
        Expr r = a % b;
        if (fmod || t.isUnsigned())
          return r;
        // Python's %: the result has the sign of the divisor.
        Expr zero = literal(0, t);
        return select(r != zero && ((r < zero) != (b < zero)), r + b, r);
      },
      [fmod](const std::vector<int64_t> &x) {
        return fmod ? (x[1] ? x[0] % x[1] : 0) : floorMod(x[0], x[1]);
      });
}

void lowerPow(NodeContext &ctx) {
  Type t = ctx.input(0).dtype, e = ctx.input(1).dtype;
  binaryOp(ctx, t, [t, e](const Expr &a, const Expr &b) {
    if (t.isFloat())
      return pow(a, e.isFloat() ? cast(t, b) : cast(t, b));
    // An integer base: in double, truncated back (as ONNX's reference).
    return cast(t, pow(cast(Float(64), a), cast(Float(64), b)));
  });
}

void lowerCast(NodeContext &ctx, std::optional<Type> to) {
  const Value &x = ctx.input(0);
  if (!to) {
    int64_t code = ctx.attrInt("to");
    to = hclType(int32_t(code));
    if (!to)
      ctx.fail("cast to " + elemTypeName(int32_t(code)) + " is not supported");
  }
  Type target = *to;
  if (canFold({&x})) {
    std::vector<double> values;
    // Integers to floats keep their value (the constant rounds it to the
    // float type); to integers they wrap to the width.
    for (int64_t k = 0; k < x.size(); ++k)
      values.push_back(target.isFloat()
                           ? double(x.data->ints[k])
                           : double(wrapToWidth(x.data->ints[k], target)));
    if (target == UInt(1))
      for (double &v : values)
        v = v != 0;
    ctx.setKnownOutput(0, makeKnown(target, x.shape, values));
    return;
  }
  ctx.computeOutput(0, x.shape, target, [&](const Index &i) {
    Expr v = ctx.read(x, i);
    if (target == UInt(1))
      return cast(UInt(1), v != literal(0, x.dtype));
    return cast(target, v);
  });
}

void lowerIsInf(NodeContext &ctx) {
  bool negative = ctx.attrInt("detect_negative", 1) != 0;
  bool positive = ctx.attrInt("detect_positive", 1) != 0;
  const Value &x = ctx.input(0);
  ctx.computeOutput(0, x.shape, UInt(1), [&](const Index &i) {
    Expr v = ctx.read(x, i);
    Expr inf = isinf(v);
    Expr zero = literal(0, x.dtype);
    if (negative && positive)
      return inf;
    if (negative)
      return inf && v < zero;
    if (positive)
      return inf && v > zero;
    return cast(UInt(1), Expr(0));
  });
}

void lowerBitShift(NodeContext &ctx) {
  std::string direction = ctx.attrString("direction");
  if (direction != "LEFT" && direction != "RIGHT")
    ctx.fail("direction '" + direction + "' is neither LEFT nor RIGHT");
  bool left = direction == "LEFT";
  binaryOp(ctx, ctx.input(0).dtype, [left](const Expr &a, const Expr &b) {
    return left ? (a << b) : (a >> b);
  });
}

void lowerWhere(NodeContext &ctx) {
  const Value &c = ctx.input(0), &a = ctx.input(1), &b = ctx.input(2);
  std::vector<const Value *> inputs = {&c, &a, &b};
  std::vector<int64_t> shape = broadcastAll(ctx, inputs);
  if (canFold(inputs)) {
    ctx.setKnownOutput(0, foldElementwise(inputs, shape, a.dtype,
                                          [](const std::vector<int64_t> &x) {
                                            return x[0] ? x[1] : x[2];
                                          }));
    return;
  }
  ctx.computeOutput(0, shape, a.dtype, [&](const Index &i) {
    return select(ctx.readBroadcast(c, i), ctx.readBroadcast(a, i),
                  ctx.readBroadcast(b, i));
  });
}

void lowerVariadic(NodeContext &ctx, const Fn2 &combine, bool mean) {
  std::vector<const Value *> inputs = allInputs(ctx);
  checkSameTypes(ctx, inputs);
  Type t = inputs[0]->dtype;
  size_t n = inputs.size();
  naryOp(ctx, t, [&, n](const std::vector<Expr> &x) {
    Expr acc = x[0];
    for (size_t k = 1; k < x.size(); ++k)
      acc = combine(acc, x[k]);
    if (mean)
      acc = acc / literal(double(n), t);
    return cast(t, acc);
  });
}

} // namespace

void addElementwiseOps(LoweringTable &table) {
  table["Add"] =
      arithmetic([](const Expr &a, const Expr &b) { return a + b; },
                 [](const std::vector<int64_t> &x) { return x[0] + x[1]; });
  table["Sub"] =
      arithmetic([](const Expr &a, const Expr &b) { return a - b; },
                 [](const std::vector<int64_t> &x) { return x[0] - x[1]; });
  table["Mul"] =
      arithmetic([](const Expr &a, const Expr &b) { return a * b; },
                 [](const std::vector<int64_t> &x) { return x[0] * x[1]; });
  table["Div"] = arithmetic(
      [](const Expr &a, const Expr &b) { return a / b; },
      [](const std::vector<int64_t> &x) { return x[1] ? x[0] / x[1] : 0; });
  table["Mod"] = lowerMod;
  table["Pow"] = lowerPow;
  table["And"] = comparison(
      [](const Expr &a, const Expr &b) { return a && b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] && x[1]); });
  table["Or"] = comparison(
      [](const Expr &a, const Expr &b) { return a || b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] || x[1]); });
  table["Xor"] = comparison(
      [](const Expr &a, const Expr &b) { return a != b; },
      [](const std::vector<int64_t> &x) { return int64_t(!x[0] != !x[1]); });
  table["Equal"] = comparison(
      [](const Expr &a, const Expr &b) { return a == b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] == x[1]); });
  table["Less"] = comparison(
      [](const Expr &a, const Expr &b) { return a < b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] < x[1]); });
  table["LessOrEqual"] = comparison(
      [](const Expr &a, const Expr &b) { return a <= b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] <= x[1]); });
  table["Greater"] = comparison(
      [](const Expr &a, const Expr &b) { return a > b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] > x[1]); });
  table["GreaterOrEqual"] = comparison(
      [](const Expr &a, const Expr &b) { return a >= b; },
      [](const std::vector<int64_t> &x) { return int64_t(x[0] >= x[1]); });
  table["BitShift"] = lowerBitShift;
  table["Where"] = lowerWhere;
  table["Max"] = [](NodeContext &ctx) {
    lowerVariadic(
        ctx, [](const Expr &a, const Expr &b) { return max(a, b); }, false);
  };
  table["Min"] = [](NodeContext &ctx) {
    lowerVariadic(
        ctx, [](const Expr &a, const Expr &b) { return min(a, b); }, false);
  };
  table["Sum"] = [](NodeContext &ctx) {
    lowerVariadic(
        ctx, [](const Expr &a, const Expr &b) { return a + b; }, false);
  };
  table["Mean"] = [](NodeContext &ctx) {
    lowerVariadic(
        ctx, [](const Expr &a, const Expr &b) { return a + b; }, true);
  };

  table["Neg"] = unary([](const Expr &x) { return -x; }, false,
                       [](const std::vector<int64_t> &x) { return -x[0]; });
  table["Abs"] = [](NodeContext &ctx) {
    Type t = ctx.input(0).dtype;
    unary([t](const Expr &x) { return t.isUnsigned() ? x : abs(x); },
          false)(ctx);
  };
  table["Sign"] = [](NodeContext &ctx) {
    Type t = ctx.input(0).dtype;
    unary(
        [t](const Expr &x) {
          Expr zero = literal(0, t);
          return select(x > zero, literal(1, t),
                        select(x < zero, literal(-1, t), zero));
        },
        false)(ctx);
  };
  table["Not"] =
      unary([](const Expr &x) { return !x; }, false,
            [](const std::vector<int64_t> &x) { return int64_t(!x[0]); });
  table["Identity"] = [](NodeContext &ctx) {
    // An alias: a graph output that is an alias gets its own copy stage.
    const Value &x = ctx.input(0);
    Value alias = x;
    ctx.setOutput(0, alias);
  };
  table["Cast"] = [](NodeContext &ctx) { lowerCast(ctx, std::nullopt); };
  table["CastLike"] = [](NodeContext &ctx) {
    lowerCast(ctx, ctx.input(1).dtype);
  };
  table["Reciprocal"] = unary([](const Expr &x) { return Expr(1.0) / x; });
  table["Exp"] = unary([](const Expr &x) { return exp(x); });
  table["Log"] = unary([](const Expr &x) { return log(x); });
  table["Sqrt"] = unary([](const Expr &x) { return sqrt(x); });
  table["Floor"] = unary([](const Expr &x) { return floor(x); });
  table["Ceil"] = unary([](const Expr &x) { return ceil(x); });
  table["Round"] = unary([](const Expr &x) { return round(x); });
  table["Erf"] = unary([](const Expr &x) { return erf(x); });
  table["Sin"] = unary([](const Expr &x) { return sin(x); });
  table["Cos"] = unary([](const Expr &x) { return cos(x); });
  table["Tan"] = unary([](const Expr &x) { return tan(x); });
  table["Asin"] = unary([](const Expr &x) { return asin(x); });
  table["Acos"] = unary([](const Expr &x) { return acos(x); });
  table["Atan"] = unary([](const Expr &x) { return atan(x); });
  table["Sinh"] = unary([](const Expr &x) { return sinh(x); });
  table["Cosh"] = unary([](const Expr &x) { return cosh(x); });
  table["Asinh"] = unary([](const Expr &x) { return asinh(x); });
  table["Acosh"] = unary([](const Expr &x) { return acosh(x); });
  table["Atanh"] = unary([](const Expr &x) { return atanh(x); });
  table["IsNaN"] = [](NodeContext &ctx) {
    const Value &x = ctx.input(0);
    ctx.computeOutput(0, x.shape, UInt(1),
                      [&](const Index &i) { return isnan(ctx.read(x, i)); });
  };
  table["IsInf"] = lowerIsInf;
}

} // namespace hcl::onnximport
