//===- Matrix.cpp - ONNX Gemm, MatMul and Det -----------------------------===//
//
// A product is a stage that accumulates into its own element over the
// reduction loop `k` (the form reorder and buffer_at schedule, as the HeteroCL
// memory-optimization paper's gemm); Gemm's alpha, beta and C are a second
// stage that updates it.
// Det is Gaussian elimination with partial pivoting (what LAPACK's getrf,
// behind NumPy's det, does) on a copy of each matrix (stage `<node>_lu`), in
// one imperative stage: the pivot row is data, found when the program runs.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include "hcl/Frontend/Imperative.h"

#include <algorithm>

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

} // namespace

/// NumPy matmul: 1-D operands are promoted and the added dimension dropped;
/// batch dimensions broadcast.
Value matMul(NodeContext &ctx, const Value &a, const Value &b,
             const MatMulProduct &product) {
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
  Type t = product.acc;
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
  return ctx.computeValue(
      product.suffix, shape, t,
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
        return sum(product.term ? product.term(x, y, row, col) : x * y, {r}, t);
      },
      loops);
}

namespace {

void lowerMatMul(NodeContext &ctx) {
  const Value &a = ctx.input(0);
  MatMulProduct product;
  product.acc = a.dtype;
  ctx.setOutput(0, matMul(ctx, a, ctx.input(1), product));
}

/// For each matrix: the product of the pivots, negated for each row swap.
void lowerDet(NodeContext &ctx) {
  ctx.onlyAttrs({});
  const Value &x = ctx.input(0);
  if (!x.dtype.isFloat())
    ctx.fail("x must hold floats, not " + x.dtype.str());
  int64_t rank = x.rank();
  if (rank < 2 || x.shape[rank - 1] != x.shape[rank - 2])
    ctx.fail("x of shape " + shapeText(x.shape) +
             " is not a matrix or a batch of square matrices");
  int64_t m = x.shape.back();
  Type t = x.dtype;
  std::vector<int64_t> batch(x.shape.begin(), x.shape.end() - 2);
  // No elimination to record when there are no matrices or they are 0x0
  // (whose determinant is 1).
  if (m == 0 || std::count(batch.begin(), batch.end(), 0)) {
    ctx.computeOutput(0, batch, t,
                      [&](const Index &) { return literal(1, t); });
    return;
  }
  Value lu = ctx.computeValue("lu", x.shape, t,
                              [&](const Index &i) { return ctx.read(x, i); });
  Value det = ctx.computeValue("", batch, t,
                               [&](const Index &) { return literal(1, t); });
  ctx.tensorOf(0);
  Tensor a = lu.tensor, y = det.tensor;
  // Loops over the batch dimensions, then the elimination of one matrix.
  std::function<void(Index)> perMatrix = [&](Index b) {
    if (b.size() < batch.size()) {
      for_(
          0, batch[b.size()],
          [&](Var v) {
            Index next = b;
            next.push_back(v);
            perMatrix(next);
          },
          "b" + std::to_string(b.size()));
      return;
    }
    auto at = [&](const Expr &row, const Expr &col) {
      Index index = b;
      index.push_back(row);
      index.push_back(col);
      return Element(a, index);
    };
    Tensor product = scalar(literal(1, t), "det", t);
    for_(
        0, m,
        [&](Var k) {
          Tensor pivotRow = scalar(Expr(k), "pivot_row", Int(32));
          Tensor largest = scalar(abs(at(k, k)), "largest", t);
          for_(
              Expr(k) + Expr(1), Expr(m),
              [&](Var i) {
                if_(abs(at(i, k)) > largest.v(), [&] {
                  largest.v() = abs(at(i, k));
                  pivotRow.v() = cast(Int(32), Expr(i));
                });
              },
              "search");
          Expr p = cast(Int(64), pivotRow.v());
          if_(p != Expr(k), [&] {
            for_(
                0, m,
                [&](Var j) {
                  Tensor held = scalar(at(k, j), "held", t);
                  at(k, j) = at(p, j);
                  at(p, j) = held.v();
                },
                "swap");
            product.v() = literal(0, t) - product.v();
          });
          Tensor pivot = scalar(at(k, k), "pivot", t);
          product.v() = product.v() * pivot.v();
          if_(pivot.v() != literal(0, t), [&] {
            for_(
                Expr(k) + Expr(1), Expr(m),
                [&](Var i) {
                  Tensor factor = scalar(at(i, k) / pivot.v(), "factor", t);
                  for_(
                      Expr(k), Expr(m),
                      [&](Var j) { at(i, j) -= factor.v() * at(k, j); }, "j");
                },
                "i");
          });
        },
        "k");
    y.store(b.empty() ? Index{Expr(0)} : b, product.v());
  };
  stage(ctx.newStageName("eliminate"), [&] { perMatrix({}); });
  ctx.setOutput(0, det);
}

} // namespace

void addMatrixOps(LoweringTable &table) {
  table["Gemm"] = lowerGemm;
  table["MatMul"] = lowerMatMul;
  table["Det"] = lowerDet;
}

} // namespace hcl::onnximport
