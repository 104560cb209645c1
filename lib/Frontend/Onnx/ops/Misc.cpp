//===- Misc.cpp - ONNX Einsum and windows ---------------------------------===//
//
// Einsum: the equation is parsed at import time; each output element is the
// sum, over the letters that are not in the output, of the product of the
// operands (a repeated letter in one operand reads its diagonal; `...`
// dimensions broadcast as NumPy does).
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
  table["HannWindow"] = [](NodeContext &ctx) { lowerWindow(ctx, {0.5, -0.5}); };
  table["HammingWindow"] = [](NodeContext &ctx) {
    lowerWindow(ctx, {25.0 / 46.0, -21.0 / 46.0});
  };
  table["BlackmanWindow"] = [](NodeContext &ctx) {
    lowerWindow(ctx, {0.42, -0.5, 0.08});
  };
}

} // namespace hcl::onnximport
