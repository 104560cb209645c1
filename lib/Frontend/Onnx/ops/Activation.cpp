//===- Activation.cpp - ONNX activation functions -------------------------===//
//
// Relu and its relatives: one element-wise stage each, in the input's float
// type, with ONNX's default attribute values.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

using Activation = std::function<Expr(NodeContext &, const Expr &, Type)>;

/// Registers an activation; `attrs` are the attributes it reads.
Lowering activation(std::set<std::string> attrs, Activation f,
                    bool floatOnly = true) {
  return [attrs, f, floatOnly](NodeContext &ctx) {
    ctx.onlyAttrs(attrs);
    const Value &x = ctx.input(0);
    if (floatOnly && !x.dtype.isFloat())
      ctx.fail("input of type " + x.dtype.str() +
               ": only float and double are supported");
    ctx.computeOutput(0, x.shape, x.dtype, [&](const Index &i) {
      return f(ctx, ctx.read(x, i), x.dtype);
    });
  };
}

Expr sigmoid(const Expr &x, Type t) {
  return literal(1, t) / (literal(1, t) + exp(-x));
}

void lowerClip(NodeContext &ctx) {
  const Value &x = ctx.input(0);
  Type t = x.dtype;
  std::optional<double> lo, hi;
  if (ctx.opset() < 11) {
    ctx.onlyAttrs({"min", "max"});
    if (ctx.hasAttr("min"))
      lo = ctx.attrFloat("min");
    if (ctx.hasAttr("max"))
      hi = ctx.attrFloat("max");
  }
  bool hasMin = ctx.hasInput(1), hasMax = ctx.hasInput(2);
  ctx.computeOutput(0, x.shape, t, [&](const Index &i) {
    Expr v = ctx.read(x, i);
    if (lo)
      v = max(v, literal(*lo, t));
    if (hi)
      v = min(v, literal(*hi, t));
    if (hasMin)
      v = max(v, ctx.read(ctx.input(1), {}));
    if (hasMax)
      v = min(v, ctx.read(ctx.input(2), {}));
    return cast(t, v);
  });
}

void lowerPRelu(NodeContext &ctx) {
  const Value &x = ctx.input(0), &slope = ctx.input(1);
  auto shape = broadcastShapes(x.shape, slope.shape);
  // Before opset 7 a 1-D slope is per channel (dimension 1).
  bool perChannel = ctx.opset() < 7 && slope.rank() == 1 && x.rank() >= 2 &&
                    slope.shape[0] == x.shape[1];
  if (perChannel) {
    ctx.computeOutput(0, x.shape, x.dtype, [&](const Index &i) {
      Expr v = ctx.read(x, i);
      return select(v < literal(0, x.dtype), ctx.read(slope, {i[1]}) * v, v);
    });
    return;
  }
  if (!shape || *shape != x.shape)
    ctx.fail("slope of shape " + shapeText(slope.shape) +
             " does not broadcast to the input's " + shapeText(x.shape));
  ctx.computeOutput(0, x.shape, x.dtype, [&](const Index &i) {
    Expr v = ctx.read(x, i);
    return select(v < literal(0, x.dtype), ctx.readBroadcast(slope, i) * v, v);
  });
}

} // namespace

void addActivationOps(LoweringTable &table) {
  table["Relu"] = activation(
      {},
      [](NodeContext &, const Expr &x, Type t) {
        return max(x, literal(0, t));
      },
      false);
  table["LeakyRelu"] =
      activation({"alpha"}, [](NodeContext &c, const Expr &x, Type t) {
        return select(x < literal(0, t),
                      literal(c.attrFloat("alpha", 0.01), t) * x, x);
      });
  table["Sigmoid"] = activation(
      {}, [](NodeContext &, const Expr &x, Type t) { return sigmoid(x, t); });
  table["Tanh"] = activation(
      {}, [](NodeContext &, const Expr &x, Type) { return tanh(x); });
  table["Elu"] =
      activation({"alpha"}, [](NodeContext &c, const Expr &x, Type t) {
        Expr alpha = literal(c.attrFloat("alpha", 1.0), t);
        return select(x < literal(0, t), alpha * (exp(x) - literal(1, t)), x);
      });
  table["Selu"] = activation({"alpha", "gamma"}, [](NodeContext &c,
                                                    const Expr &x, Type t) {
    Expr alpha = literal(c.attrFloat("alpha", 1.67326319217681884765625), t);
    Expr gamma = literal(c.attrFloat("gamma", 1.05070102214813232421875), t);
    return select(x <= literal(0, t), gamma * (alpha * exp(x) - alpha),
                  gamma * x);
  });
  table["Celu"] =
      activation({"alpha"}, [](NodeContext &c, const Expr &x, Type t) {
        Expr alpha = literal(c.attrFloat("alpha", 1.0), t);
        return max(literal(0, t), x) +
               min(literal(0, t), alpha * (exp(x / alpha) - literal(1, t)));
      });
  table["HardSigmoid"] =
      activation({"alpha", "beta"}, [](NodeContext &c, const Expr &x, Type t) {
        Expr y = literal(c.attrFloat("alpha", 0.2), t) * x +
                 literal(c.attrFloat("beta", 0.5), t);
        return max(literal(0, t), min(literal(1, t), y));
      });
  table["HardSwish"] = activation({}, [](NodeContext &, const Expr &x, Type t) {
    Expr y = literal(1.0 / 6.0, t) * x + literal(0.5, t);
    return x * max(literal(0, t), min(literal(1, t), y));
  });
  table["Softplus"] = activation({}, [](NodeContext &, const Expr &x, Type t) {
    return log(exp(x) + literal(1, t));
  });
  table["Softsign"] = activation({}, [](NodeContext &, const Expr &x, Type t) {
    return x / (literal(1, t) + abs(x));
  });
  table["ThresholdedRelu"] = activation({"alpha"}, [](NodeContext &c,
                                                      const Expr &x, Type t) {
    return select(x > literal(c.attrFloat("alpha", 1.0), t), x, literal(0, t));
  });
  table["Shrink"] = activation(
      {"bias", "lambd"},
      [](NodeContext &c, const Expr &x, Type t) {
        Expr bias = literal(c.attrFloat("bias", 0.0), t);
        Expr lambd = literal(c.attrFloat("lambd", 0.5), t);
        return cast(t, select(x < -lambd, x + bias,
                              select(x > lambd, x - bias, literal(0, t))));
      },
      false);
  table["Clip"] = lowerClip;
  table["PRelu"] = lowerPRelu;
}

} // namespace hcl::onnximport
