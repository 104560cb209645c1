//===- Quantized.cpp - ONNX quantization and quantized operators ---------===//
//
// QuantizeLinear / DequantizeLinear: per-tensor or per-axis scale and zero
// point; quantization rounds half to even and saturates to the zero
// point's type (uint8 when absent); DynamicQuantizeLinear computes its
// scale and zero point from the range of x.
// MatMulInteger / ConvInteger: the product of the operands less their zero
// points, summed in int32 by the same stage MatMul and Conv build (loops
// and schedules alike). QLinearMatMul / QLinearConv: that int32 sum (stage
// `<node>_acc`, plus QLinearConv's int32 bias) requantized by
// a_scale * b_scale / y_scale, rounded half to even, offset by y's zero
// point and saturated to its type. A zero point is data, read when the
// program runs, and a padded input pads with its own zero point, so that
// padding adds nothing, as ONNX defines.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

/// A per-tensor or per-axis parameter at the element `i` of x.
Expr paramAt(NodeContext &ctx, const Value &param, const Index &i,
             int64_t axis) {
  if (param.rank() == 0)
    return ctx.read(param, {});
  if (param.rank() == 1 && param.size() == 1)
    return ctx.read(param, {Expr(0)});
  return ctx.read(param, {i[axis]});
}

int64_t quantAxis(NodeContext &ctx, const Value &x) {
  bool perAxis =
      ctx.input(1).size() > 1 || (ctx.hasInput(2) && ctx.input(2).size() > 1);
  if (!perAxis)
    return 0;
  if (ctx.opset() < 13)
    ctx.fail("per-axis scales need opset 13");
  int64_t axis = normalizeAxis(ctx, ctx.attrInt("axis", 1), x.rank());
  for (size_t k = 1; k < 3; ++k)
    if (ctx.hasInput(k) && ctx.input(k).size() > 1 &&
        (ctx.input(k).rank() != 1 || ctx.input(k).shape[0] != x.shape[axis]))
      ctx.fail("the scale and zero point must hold one value or one per "
               "element of axis " +
               std::to_string(axis));
  return axis;
}

void lowerQuantizeLinear(NodeContext &ctx) {
  ctx.onlyAttrs({"axis"});
  const Value &x = ctx.input(0), &scale = ctx.input(1);
  Type out = ctx.hasInput(2) ? ctx.input(2).dtype : UInt(8);
  double lo = 0, hi = 0;
  if (out == UInt(8)) {
    lo = 0;
    hi = 255;
  } else if (out == Int(8)) {
    lo = -128;
    hi = 127;
  } else {
    ctx.fail("the zero point must be uint8 or int8");
  }
  int64_t axis = quantAxis(ctx, x);
  Type f = scale.dtype.isFloat() ? scale.dtype : Float(32);
  ctx.computeOutput(0, x.shape, out, [&](const Index &i) {
    Expr q =
        round(cast(f, ctx.read(x, i)) / cast(f, paramAt(ctx, scale, i, axis)));
    if (ctx.hasInput(2))
      q = q + cast(f, paramAt(ctx, ctx.input(2), i, axis));
    q = min(max(q, literal(lo, f)), literal(hi, f));
    return cast(out, q);
  });
}

void lowerDequantizeLinear(NodeContext &ctx) {
  ctx.onlyAttrs({"axis"});
  const Value &x = ctx.input(0), &scale = ctx.input(1);
  if (x.dtype.isFloat())
    ctx.fail("x must hold integers");
  int64_t axis = quantAxis(ctx, x);
  Type f = scale.dtype;
  ctx.computeOutput(0, x.shape, f, [&](const Index &i) {
    Expr v = cast(Int(64), ctx.read(x, i));
    if (ctx.hasInput(2))
      v = v - cast(Int(64), paramAt(ctx, ctx.input(2), i, axis));
    return cast(f, v) * paramAt(ctx, scale, i, axis);
  });
}

/// y_scale from the range of x widened to hold 0, y_zero_point, and x
/// quantized to uint8 (stages `_max`, `_min`, `_scale`, `_zero_point`).
void lowerDynamicQuantizeLinear(NodeContext &ctx) {
  ctx.onlyAttrs({});
  const Value &x = ctx.input(0);
  Type f = x.dtype;
  if (!f.isFloat())
    ctx.fail("x must hold floats");
  auto all = [&](std::vector<Var> &axes) {
    Index at;
    for (int64_t d = 0; d < x.rank(); ++d) {
      axes.push_back(ctx.reduceAxis(x.shape[d], "r" + std::to_string(d)));
      at.push_back(axes.back());
    }
    return at;
  };
  Value hi = ctx.computeValue("max", {}, f, [&](const Index &) {
    std::vector<Var> axes;
    Index at = all(axes);
    return max(reduce_max(ctx.read(x, at), axes, f), literal(0, f));
  });
  Value lo = ctx.computeValue("min", {}, f, [&](const Index &) {
    std::vector<Var> axes;
    Index at = all(axes);
    return min(reduce_min(ctx.read(x, at), axes, f), literal(0, f));
  });
  Value scale = ctx.computeValue("scale", {}, f, [&](const Index &) {
    return (ctx.read(hi, {}) - ctx.read(lo, {})) / literal(255, f);
  });
  Value zero = ctx.computeValue("zero_point", {}, UInt(8), [&](const Index &) {
    Expr z = literal(0, f) - ctx.read(lo, {}) / ctx.read(scale, {});
    z = min(max(z, literal(0, f)), literal(255, f));
    return cast(UInt(8), round(z));
  });
  ctx.computeOutput(0, x.shape, UInt(8), [&](const Index &i) {
    Expr q = round(ctx.read(x, i) / ctx.read(scale, {})) +
             cast(f, ctx.read(zero, {}));
    return cast(UInt(8), min(max(q, literal(0, f)), literal(255, f)));
  });
  if (ctx.hasOutput(1))
    ctx.setOutput(1, scale);
  if (ctx.hasOutput(2))
    ctx.setOutput(2, zero);
}

/// The saturation bounds of an 8-bit quantized type.
std::pair<double, double> quantizedRange(NodeContext &ctx, Type t,
                                         const std::string &what) {
  if (t == UInt(8))
    return {0, 255};
  if (t == Int(8))
    return {-128, 127};
  ctx.fail(what + " must be uint8 or int8, not " + t.str());
}

/// A zero point given for `operand` (input `index`): one value, or one per
/// element of dimension `perDim` of the operand (0: per-tensor only).
/// Returns the zero point in int32 at `position` (that dimension's index).
struct ZeroPoint {
  const Value *value = nullptr;
  Expr at(NodeContext &ctx, const Expr &position) const {
    if (!value)
      return Expr(int32_t(0));
    Expr z = value->rank() == 0 ? ctx.read(*value, {})
             : value->size() == 1
                 ? ctx.read(*value, Index(value->rank(), Expr(0)))
                 : ctx.read(*value, {position});
    return cast(Int(32), z);
  }
};

ZeroPoint zeroPoint(NodeContext &ctx, size_t index, const Value &operand,
                    const std::string &what, int64_t perExtent) {
  if (!ctx.hasInput(index))
    return {};
  const Value &z = ctx.input(index);
  if (z.dtype != operand.dtype)
    ctx.fail(what + "'s zero point is " + z.dtype.str() + ", the operand " +
             operand.dtype.str());
  if (z.size() != 1 && !(z.rank() == 1 && z.shape[0] == perExtent))
    ctx.fail(what + "'s zero point of shape " + shapeText(z.shape) +
             " must hold one value or " + std::to_string(perExtent));
  return {&z};
}

void checkQuantizedOperand(NodeContext &ctx, const Value &v,
                           const std::string &what) {
  quantizedRange(ctx, v.dtype, what);
}

/// A scalar scale (one float) read at run time.
Expr scaleOf(NodeContext &ctx, size_t index, const std::string &what) {
  const Value &s = ctx.input(index);
  if (!s.dtype.isFloat() || s.size() != 1)
    ctx.fail(what + " must be one float (per-tensor quantization)");
  return cast(Float(32), ctx.read(s, Index(s.rank(), Expr(0))));
}

/// y = saturate(round(acc * scale) + zero point), in y's zero point's type.
Value requantize(NodeContext &ctx, const Value &acc, const Expr &scale,
                 size_t zeroIndex) {
  const Value &zero = ctx.input(zeroIndex);
  Type out = zero.dtype;
  auto [lo, hi] = quantizedRange(ctx, out, "y");
  if (zero.size() != 1)
    ctx.fail("y's zero point must be one value");
  Type f = Float(32);
  return ctx.computeValue("", acc.shape, out, [&](const Index &i) {
    Expr q = round(cast(f, ctx.read(acc, i)) * scale) +
             cast(f, ctx.read(zero, Index(zero.rank(), Expr(0))));
    return cast(out, min(max(q, literal(lo, f)), literal(hi, f)));
  });
}

/// The rows of a (its second-to-last dimension; 1-D: 1) and the columns of
/// b (its last; 1-D: 1): what a per-row and a per-column zero point hold.
int64_t rows(const Value &a) {
  return a.rank() >= 2 ? a.shape[a.rank() - 2] : 1;
}
int64_t columns(const Value &b) { return b.rank() >= 2 ? b.shape.back() : 1; }

/// (a - a_zero_point) x (b - b_zero_point) in int32; the zero points are
/// inputs aIndex + 1... as MatMulInteger and QLinearMatMul place them.
Value integerMatMul(NodeContext &ctx, size_t aIndex, size_t bIndex,
                    size_t aZero, size_t bZero, const std::string &suffix) {
  const Value &a = ctx.input(aIndex), &b = ctx.input(bIndex);
  checkQuantizedOperand(ctx, a, "A");
  checkQuantizedOperand(ctx, b, "B");
  ZeroPoint za = zeroPoint(ctx, aZero, a, "A", rows(a));
  ZeroPoint zb = zeroPoint(ctx, bZero, b, "B", columns(b));
  MatMulProduct product{
      Int(32),
      [&](const Expr &x, const Expr &y, const Expr &row, const Expr &col) {
        return (cast(Int(32), x) - za.at(ctx, row)) *
               (cast(Int(32), y) - zb.at(ctx, col));
      },
      suffix};
  return matMul(ctx, a, b, product);
}

void lowerMatMulInteger(NodeContext &ctx) {
  ctx.onlyAttrs({});
  ctx.setOutput(0, integerMatMul(ctx, 0, 1, 2, 3, ""));
}

void lowerQLinearMatMul(NodeContext &ctx) {
  ctx.onlyAttrs({});
  Value acc = integerMatMul(ctx, 0, 3, 2, 5, "acc");
  Expr scale = scaleOf(ctx, 1, "a_scale") * scaleOf(ctx, 4, "b_scale") /
               scaleOf(ctx, 6, "y_scale");
  ctx.setOutput(0, requantize(ctx, acc, scale, 7));
}

/// (x - x_zero_point) * (w - w_zero_point) summed in int32; x pads with its
/// zero point. w's zero point is one value or one per filter.
Value integerConv(NodeContext &ctx, size_t xIndex, size_t wIndex, size_t xZero,
                  size_t wZero, const std::string &suffix) {
  const Value &x = ctx.input(xIndex), &w = ctx.input(wIndex);
  checkQuantizedOperand(ctx, x, "x");
  checkQuantizedOperand(ctx, w, "w");
  if (w.rank() < 1)
    ctx.fail("w must have the filters as its first dimension");
  ZeroPoint zx = zeroPoint(ctx, xZero, x, "x", 1);
  ZeroPoint zw = zeroPoint(ctx, wZero, w, "w", w.shape[0]);
  ConvProduct product;
  product.acc = Int(32);
  product.term = [&](const Expr &xv, const Expr &wv, const Expr &filter) {
    return (cast(Int(32), xv) - zx.at(ctx, Expr(0))) *
           (cast(Int(32), wv) - zw.at(ctx, filter));
  };
  if (zx.value)
    product.padFill = cast(x.dtype, zx.at(ctx, Expr(0)));
  product.suffix = suffix;
  return convolution(ctx, x, w, product);
}

const std::set<std::string> convAttrs = {
    "auto_pad", "dilations", "group", "kernel_shape", "pads", "strides"};

void lowerConvInteger(NodeContext &ctx) {
  ctx.onlyAttrs(convAttrs);
  ctx.setOutput(0, integerConv(ctx, 0, 1, 2, 3, ""));
}

void lowerQLinearConv(NodeContext &ctx) {
  ctx.onlyAttrs(convAttrs);
  Value acc = integerConv(ctx, 0, 3, 2, 5, "acc");
  if (ctx.hasInput(8)) {
    const Value &bias = ctx.input(8);
    if (bias.dtype != Int(32) ||
        bias.shape != std::vector<int64_t>{acc.shape[1]})
      ctx.fail("the bias must be int32 of shape " + shapeText({acc.shape[1]}));
    acc = ctx.update("bias", acc, [&](const Index &i) {
      return ctx.read(acc, i) + ctx.read(bias, {i[1]});
    });
  }
  const Value &ws = ctx.input(4);
  if (ws.size() != 1)
    ctx.fail("w_scale must be one value: per-filter scales are not "
             "supported");
  Expr scale = scaleOf(ctx, 1, "x_scale") * scaleOf(ctx, 4, "w_scale") /
               scaleOf(ctx, 6, "y_scale");
  ctx.setOutput(0, requantize(ctx, acc, scale, 7));
}

} // namespace

void addQuantizedOps(LoweringTable &table) {
  table["QuantizeLinear"] = lowerQuantizeLinear;
  table["DequantizeLinear"] = lowerDequantizeLinear;
  table["DynamicQuantizeLinear"] = lowerDynamicQuantizeLinear;
  table["MatMulInteger"] = lowerMatMulInteger;
  table["QLinearMatMul"] = lowerQLinearMatMul;
  table["ConvInteger"] = lowerConvInteger;
  table["QLinearConv"] = lowerQLinearConv;
}

} // namespace hcl::onnximport
