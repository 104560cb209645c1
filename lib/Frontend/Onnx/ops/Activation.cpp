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

// In the order a recurrent layer's error message lists them. Affine and
// ScaledTanh are no longer operators but still name gate functions.
const std::vector<ActivationFunction> &activationFunctions() {
  static const std::vector<ActivationFunction> functions = [] {
    auto one = [](Type t) { return literal(1, t); };
    auto zero = [](Type t) { return literal(0, t); };
    std::vector<ActivationFunction> f;
    f.push_back({"Sigmoid", {}, {}, [=](const Expr &x, Type t, double, double) {
                   return one(t) / (one(t) + exp(-x));
                 }});
    f.push_back({"Tanh", {}, {}, [](const Expr &x, Type, double, double) {
                   return tanh(x);
                 }});
    f.push_back({"Relu", {}, {}, [=](const Expr &x, Type t, double, double) {
                   return max(x, zero(t));
                 }});
    f.push_back({"Affine", 1.0, 0.0,
                 [](const Expr &x, Type t, double alpha, double beta) {
                   return literal(alpha, t) * x + literal(beta, t);
                 }});
    f.push_back({"LeakyRelu",
                 0.01,
                 {},
                 [=](const Expr &x, Type t, double alpha, double) {
                   return select(x < zero(t), literal(alpha, t) * x, x);
                 }});
    f.push_back({"ThresholdedRelu",
                 1.0,
                 {},
                 [=](const Expr &x, Type t, double alpha, double) {
                   return select(x > literal(alpha, t), x, zero(t));
                 }});
    f.push_back({"ScaledTanh", 1.0, 1.0,
                 [](const Expr &x, Type t, double alpha, double beta) {
                   return literal(alpha, t) * tanh(literal(beta, t) * x);
                 }});
    f.push_back({"HardSigmoid", 0.2, 0.5,
                 [=](const Expr &x, Type t, double alpha, double beta) {
                   Expr y = literal(alpha, t) * x + literal(beta, t);
                   return max(zero(t), min(one(t), y));
                 }});
    f.push_back(
        {"Elu", 1.0, {}, [=](const Expr &x, Type t, double alpha, double) {
           return select(x < zero(t), literal(alpha, t) * (exp(x) - one(t)), x);
         }});
    f.push_back(
        {"Softsign", {}, {}, [=](const Expr &x, Type t, double, double) {
           return x / (one(t) + abs(x));
         }});
    f.push_back(
        {"Softplus", {}, {}, [=](const Expr &x, Type t, double, double) {
           return log(exp(x) + one(t));
         }});
    return f;
  }();
  return functions;
}

/// The operator of a named activation function, reading its alpha and
/// beta attributes with ONNX's defaults.
Lowering namedActivation(const std::string &name, bool floatOnly = true) {
  const ActivationFunction *f = findActivationFunction(name);
  std::set<std::string> attrs;
  if (f->alpha)
    attrs.insert("alpha");
  if (f->beta)
    attrs.insert("beta");
  return activation(
      attrs,
      [f](NodeContext &c, const Expr &x, Type t) {
        return f->apply(x, t, f->alpha ? c.attrFloat("alpha", *f->alpha) : 0,
                        f->beta ? c.attrFloat("beta", *f->beta) : 0);
      },
      floatOnly);
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

const ActivationFunction *findActivationFunction(const std::string &name) {
  for (const ActivationFunction &f : activationFunctions())
    if (f.name == name)
      return &f;
  return nullptr;
}

std::string activationFunctionNames() {
  std::string names;
  for (const ActivationFunction &f : activationFunctions())
    names += (names.empty() ? "" : ", ") + f.name;
  return names;
}

void addActivationOps(LoweringTable &table) {
  table["Relu"] = namedActivation("Relu", false);
  for (const char *name : {"LeakyRelu", "Sigmoid", "Tanh", "Elu", "HardSigmoid",
                           "Softplus", "Softsign", "ThresholdedRelu"})
    table[name] = namedActivation(name);
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
  table["HardSwish"] = activation({}, [](NodeContext &, const Expr &x, Type t) {
    Expr y = literal(1.0 / 6.0, t) * x + literal(0.5, t);
    return x * max(literal(0, t), min(literal(1, t), y));
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
