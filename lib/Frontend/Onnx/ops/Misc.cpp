//===- Misc.cpp - ONNX Einsum, QuantizeLinear, DequantizeLinear, windows --===//
//
// Einsum: the equation is parsed at import time; each output element is the
// sum, over the letters that are not in the output, of the product of the
// operands (a repeated letter in one operand reads its diagonal; `...`
// dimensions broadcast as NumPy does).
// QuantizeLinear / DequantizeLinear: per-tensor or per-axis scale and zero
// point; quantization rounds half to even and saturates to the zero
// point's type (uint8 when absent); DynamicQuantizeLinear computes its
// scale and zero point from the range of x.
// HannWindow, HammingWindow, BlackmanWindow: the size must be known; one
// stage computes the window with cos().
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace hcl::onnximport {
namespace {

// ---------------------------------------------------------------- Einsum

/// One operand's subscripts: letters, with the position of `...` (or -1).
struct Term {
  std::string letters;
  int64_t ellipsisAt = -1;
};

Term parseTerm(const NodeContext &ctx, const std::string &text) {
  Term t;
  for (size_t p = 0; p < text.size(); ++p) {
    char c = text[p];
    if (c == '.') {
      if (t.ellipsisAt >= 0 || text.compare(p, 3, "...") != 0)
        ctx.fail("malformed '...' in the equation term '" + text + "'");
      t.ellipsisAt = int64_t(t.letters.size());
      p += 2;
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      t.letters.push_back(c);
    } else {
      ctx.fail("unexpected character '" + std::string(1, c) +
               "' in the equation");
    }
  }
  return t;
}

void lowerEinsum(NodeContext &ctx) {
  ctx.onlyAttrs({"equation"});
  std::string equation;
  for (char c : ctx.attrString("equation"))
    if (!std::isspace(static_cast<unsigned char>(c)))
      equation.push_back(c);
  size_t arrow = equation.find("->");
  std::string lhs = equation.substr(0, arrow);
  std::vector<Term> terms;
  for (size_t start = 0;;) {
    size_t comma = lhs.find(',', start);
    terms.push_back(parseTerm(ctx, lhs.substr(start, comma - start)));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  size_t n = ctx.numInputs();
  if (terms.size() != n)
    ctx.fail("the equation has " + std::to_string(terms.size()) +
             " operands, the node " + std::to_string(n));
  std::vector<const Value *> inputs;
  for (size_t k = 0; k < n; ++k)
    inputs.push_back(&ctx.input(k));
  Type dtype = inputs[0]->dtype;
  // Letter sizes and the broadcast `...` shape.
  std::map<char, int64_t> sizes;
  std::map<char, int> count;
  std::vector<int64_t> ellipsis;
  bool anyEllipsis = false;
  std::vector<int64_t> ellipsisRank(n, 0);
  for (size_t k = 0; k < n; ++k) {
    const Term &t = terms[k];
    const Value &v = *inputs[k];
    if (v.dtype != dtype)
      ctx.fail("the operands differ in element type");
    int64_t letters = int64_t(t.letters.size());
    if (t.ellipsisAt < 0 ? v.rank() != letters : v.rank() < letters)
      ctx.fail("operand " + std::to_string(k) + " of shape " +
               shapeText(v.shape) + " does not match its subscripts");
    int64_t e = t.ellipsisAt < 0 ? 0 : v.rank() - letters;
    ellipsisRank[k] = e;
    if (t.ellipsisAt >= 0) {
      anyEllipsis = true;
      std::vector<int64_t> dims(v.shape.begin() + t.ellipsisAt,
                                v.shape.begin() + t.ellipsisAt + e);
      auto b = broadcastShapes(ellipsis, dims);
      if (!b)
        ctx.fail("the '...' dimensions do not broadcast");
      ellipsis = *b;
    }
    for (int64_t p = 0; p < letters; ++p) {
      char c = t.letters[p];
      int64_t dim = v.shape[p < t.ellipsisAt || t.ellipsisAt < 0 ? p : p + e];
      auto [it, fresh] = sizes.emplace(c, dim);
      if (!fresh && it->second != dim)
        ctx.fail(std::string("subscript '") + c + "' has sizes " +
                 std::to_string(it->second) + " and " + std::to_string(dim));
      ++count[c];
    }
  }
  Term out;
  if (arrow != std::string::npos) {
    out = parseTerm(ctx, equation.substr(arrow + 2));
    for (char c : out.letters)
      if (!sizes.count(c))
        ctx.fail(std::string("output subscript '") + c + "' is in no operand");
    if (out.ellipsisAt >= 0 && !anyEllipsis)
      out.ellipsisAt = -1;
  } else {
    for (auto &[c, k] : count)
      if (k == 1)
        out.letters.push_back(c);
    if (anyEllipsis)
      out.ellipsisAt = 0;
  }
  int64_t E = int64_t(ellipsis.size());
  std::vector<int64_t> shape;
  for (int64_t p = 0; p <= int64_t(out.letters.size()); ++p) {
    if (p == out.ellipsisAt)
      shape.insert(shape.end(), ellipsis.begin(), ellipsis.end());
    if (p < int64_t(out.letters.size()))
      shape.push_back(sizes[out.letters[p]]);
  }
  ctx.computeOutput(0, shape, dtype, [&](const Index &i) {
    std::map<char, Expr> index;
    Index ell;
    std::vector<Var> reduce;
    int64_t pos = 0;
    for (int64_t p = 0; p <= int64_t(out.letters.size()); ++p) {
      if (p == out.ellipsisAt)
        for (int64_t d = 0; d < E; ++d)
          ell.push_back(i[pos++]);
      if (p < int64_t(out.letters.size()))
        index.emplace(out.letters[p], i[pos++]);
    }
    if (out.ellipsisAt < 0)
      for (int64_t d = 0; d < E; ++d) {
        reduce.push_back(ctx.reduceAxis(ellipsis[d], "e"));
        ell.push_back(reduce.back());
      }
    for (auto &[c, size] : sizes)
      if (!index.count(c)) {
        reduce.push_back(ctx.reduceAxis(size, std::string(1, c)));
        index.emplace(c, reduce.back());
      }
    std::optional<Expr> product;
    for (size_t k = 0; k < n; ++k) {
      const Term &t = terms[k];
      const Value &v = *inputs[k];
      Index at;
      for (int64_t p = 0; p <= int64_t(t.letters.size()); ++p) {
        if (p == t.ellipsisAt)
          for (int64_t d = 0; d < ellipsisRank[k]; ++d) {
            int64_t dim = at.size();
            at.push_back(v.shape[dim] == 1 ? Expr(0)
                                           : ell[E - ellipsisRank[k] + d]);
          }
        if (p < int64_t(t.letters.size()))
          at.push_back(index.at(t.letters[p]));
      }
      Expr e = ctx.read(v, at);
      product = product ? *product * e : e;
    }
    return reduce.empty() ? *product : sum(*product, reduce, dtype);
  });
}

// ---------------------------------------------------------- Quantization

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

// --------------------------------------------------------------- Windows

void lowerWindow(NodeContext &ctx, std::vector<double> a) {
  ctx.onlyAttrs({"periodic", "output_datatype"});
  const OnnxTensor &sizeData = ctx.knownInput(0, "the window size");
  if (sizeData.size() != 1)
    ctx.fail("the size must be one value");
  int64_t size = sizeData.integer(0);
  if (size < 1)
    ctx.fail("window size " + std::to_string(size) + " is not positive");
  bool periodic = ctx.attrInt("periodic", 1) != 0;
  int64_t code = ctx.attrInt("output_datatype", 1);
  std::optional<Type> out = hclType(int32_t(code));
  if (!out)
    ctx.fail("output_datatype " + elemTypeName(int32_t(code)) +
             " is not supported");
  Type f = out->isFloat() ? *out : Float(32);
  double n = double(periodic ? size : size - 1);
  ctx.computeOutput(0, {size}, *out, [&](const Index &i) {
    Expr x = cast(f, i[0]);
    Expr w = literal(a[0], f);
    for (size_t k = 1; k < a.size(); ++k)
      w = w + literal(a[k], f) *
                  cos(x * literal(2 * M_PI * double(k) / (n == 0 ? 1 : n), f));
    return cast(*out, w);
  });
}

} // namespace

void addMiscOps(LoweringTable &table) {
  table["Einsum"] = lowerEinsum;
  table["QuantizeLinear"] = lowerQuantizeLinear;
  table["DequantizeLinear"] = lowerDequantizeLinear;
  table["DynamicQuantizeLinear"] = lowerDynamicQuantizeLinear;
  table["HannWindow"] = [](NodeContext &ctx) { lowerWindow(ctx, {0.5, -0.5}); };
  table["HammingWindow"] = [](NodeContext &ctx) {
    lowerWindow(ctx, {25.0 / 46.0, -21.0 / 46.0});
  };
  table["BlackmanWindow"] = [](NodeContext &ctx) {
    lowerWindow(ctx, {0.42, -0.5, 0.08});
  };
}

} // namespace hcl::onnximport
