//===- Matrix.cpp - ONNX Gemm and MatMul ----------------------------------===//
//
// A product is a stage that accumulates into its own element over the
// reduction loop `k` (the form reorder and buffer_at schedule, as the HeteroCL
// memory-optimization paper's gemm); Gemm's alpha, beta and C are a second
// stage that updates it.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

namespace hcl::onnximport {
namespace {

void lowerGemm(NodeContext &ctx) {
  // `broadcast` (opsets before 7) only allowed what later opsets always do.
  ctx.onlyAttrs({"alpha", "beta", "transA", "transB", "broadcast"});
  const Value &a = ctx.input(0), &b = ctx.input(1);
  if (a.rank() != 2 || b.rank() != 2)
    ctx.fail("A and B must be matrices (got " + shapeText(a.shape) + " and " +
             shapeText(b.shape) + ")");
  bool transA = ctx.attrInt("transA", 0), transB = ctx.attrInt("transB", 0);
  double alpha = ctx.attrFloat("alpha", 1.0), beta = ctx.attrFloat("beta", 1.0);
  int64_t m = transA ? a.shape[1] : a.shape[0];
  int64_t k = transA ? a.shape[0] : a.shape[1];
  int64_t kb = transB ? b.shape[1] : b.shape[0];
  int64_t n = transB ? b.shape[0] : b.shape[1];
  if (k != kb)
    ctx.fail("inner dimensions differ: " + std::to_string(k) + " and " +
             std::to_string(kb));
  Type t = a.dtype;
  bool hasC = ctx.hasInput(2);
  Var r = ctx.reduceAxis(k, "k");
  Value product = ctx.computeValue(
      hasC || alpha != 1.0 ? "matmul" : "", {m, n}, t,
      [&](const Index &i) {
        Expr x = transA ? ctx.read(a, {r, i[0]}) : ctx.read(a, {i[0], r});
        Expr y = transB ? ctx.read(b, {i[1], r}) : ctx.read(b, {r, i[1]});
        return sum(x * y, {r}, t);
      },
      {"i", "j"});
  if (!hasC && alpha == 1.0) {
    ctx.setOutput(0, product);
    return;
  }
  const Value *c = hasC ? &ctx.input(2) : nullptr;
  if (c && !broadcastShapes(c->shape, {m, n}))
    ctx.fail("C of shape " + shapeText(c->shape) + " does not broadcast to " +
             shapeText({m, n}));
  ctx.computeOutput(0, {m, n}, t,
                    [&](const Index &i) {
                      Expr y = ctx.read(product, i);
                      if (alpha != 1.0)
                        y = literal(alpha, t) * y;
                      if (c)
                        y = y + (beta == 1.0 ? ctx.readBroadcast(*c, i)
                                             : literal(beta, t) *
                                                   ctx.readBroadcast(*c, i));
                      return cast(t, y);
                    },
                    {"i", "j"});
}

/// NumPy matmul: 1-D operands are promoted and the added dimension dropped;
/// batch dimensions broadcast.
void lowerMatMul(NodeContext &ctx) {
  const Value &a = ctx.input(0), &b = ctx.input(1);
  if (a.rank() == 0 || b.rank() == 0)
    ctx.fail("MatMul of a scalar");
  std::vector<int64_t> as = a.shape, bs = b.shape;
  bool vecA = as.size() == 1, vecB = bs.size() == 1;
  if (vecA)
    as.insert(as.begin(), 1);
  if (vecB)
    bs.push_back(1);
  int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  if (bs[bs.size() - 2] != k)
    ctx.fail("inner dimensions differ: " + shapeText(a.shape) + " and " +
             shapeText(b.shape));
  std::vector<int64_t> batchA(as.begin(), as.end() - 2),
      batchB(bs.begin(), bs.end() - 2);
  auto batch = broadcastShapes(batchA, batchB);
  if (!batch)
    ctx.fail("batch dimensions " + shapeText(batchA) + " and " +
             shapeText(batchB) + " do not broadcast");
  std::vector<int64_t> shape = *batch;
  if (!vecA)
    shape.push_back(m);
  if (!vecB)
    shape.push_back(n);
  Type t = a.dtype;
  Var r = ctx.reduceAxis(k, "k");
  size_t nb = batch->size();
  // Loops: the batch dimensions b0, b1, ..., then i (rows) and j (columns),
  // and the reduction k; a 1-D operand drops its i or j.
  std::vector<std::string> loops;
  for (size_t d = 0; d < nb; ++d)
    loops.push_back("b" + std::to_string(d));
  if (!vecA)
    loops.push_back("i");
  if (!vecB)
    loops.push_back("j");
  ctx.computeOutput(
      0, shape, t,
      [&](const Index &i) {
        Index batchIndex(i.begin(), i.begin() + nb);
        Expr row = vecA ? Expr(0) : i[nb];
        Expr col = vecB ? Expr(0) : i[nb + (vecA ? 0 : 1)];
        auto operand = [&](const Value &v,
                           const std::vector<int64_t> &batchShape, Expr x,
                           Expr y, bool isVector, bool dropFirst) {
          Index index;
          for (size_t d = 0; d < batchShape.size(); ++d)
            index.push_back(batchShape[d] == 1
                                ? Expr(0)
                                : batchIndex[d + (nb - batchShape.size())]);
          if (isVector)
            index.push_back(dropFirst ? y : x);
          else {
            index.push_back(x);
            index.push_back(y);
          }
          return ctx.read(v, index);
        };
        Expr x = operand(a, batchA, row, r, vecA, true);
        Expr y = operand(b, batchB, r, col, vecB, false);
        return sum(x * y, {r}, t);
      },
      loops);
}

} // namespace

void addMatrixOps(LoweringTable &table) {
  table["Gemm"] = lowerGemm;
  table["MatMul"] = lowerMatMul;
}

} // namespace hcl::onnximport
