//===- Recurrent.cpp - ONNX RNN, GRU and LSTM -----------------------------===//
//
// A recurrent layer is a loop over time, not an unrolled chain of stages:
// per direction one imperative stage (hcl::stage) whose loop `t` walks the
// sequence and, for each batch row `b`, computes the gates' pre-activations
// into small buffers (loops `g`, reductions `kx` over the input and `kh`
// over the hidden state), then updates the state in place (loop `h`) and
// stores it into Y. The state lives in tensors of its own ([D, B, H]), so
// Y_h and Y_c are the state after the loop. A time-series model thus keeps
// one loop body in hardware whatever the sequence length.
//
// sequence_lens (data, read at run time) stops a row's updates after its
// length: its state stays and its Y rows stay 0, as ONNX defines; the
// reverse direction starts at the row's last valid step.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include "hcl/Frontend/Imperative.h"

#include <algorithm>

namespace hcl::onnximport {
namespace {

enum class Cell { Rnn, Gru, Lstm };

int64_t numGates(Cell c) { return c == Cell::Rnn ? 1 : c == Cell::Gru ? 3 : 4; }

/// One of a layer's gate functions with the alpha and beta it uses.
struct ActivationFn {
  const ActivationFunction *function;
  double alpha = 0, beta = 0;
  Expr apply(const Expr &x, Type t) const {
    return function->apply(x, t, alpha, beta);
  }
};

/// The activations of every direction, f, g(, h) per direction, with the
/// alphas and betas consumed in order by the functions that take them.
std::vector<ActivationFn> parseActivations(NodeContext &ctx, Cell cell,
                                           int64_t directions) {
  std::vector<std::string> defaults =
      cell == Cell::Rnn   ? std::vector<std::string>{"Tanh"}
      : cell == Cell::Gru ? std::vector<std::string>{"Sigmoid", "Tanh"}
                          : std::vector<std::string>{"Sigmoid", "Tanh", "Tanh"};
  std::vector<std::string> names;
  if (const auto *a = ctx.attr("activations"))
    for (const auto &s : a->strings())
      names.push_back(s);
  size_t perDirection = defaults.size();
  if (names.empty())
    for (int64_t d = 0; d < directions; ++d)
      names.insert(names.end(), defaults.begin(), defaults.end());
  else if (names.size() == perDirection && directions == 2) {
    // One list for both directions (inserting a vector into itself is
    // undefined).
    std::vector<std::string> once = names;
    names.insert(names.end(), once.begin(), once.end());
  }
  if (names.size() != perDirection * directions)
    ctx.fail("activations lists " + std::to_string(names.size()) +
             " functions; this layer takes " +
             std::to_string(perDirection * directions));
  std::vector<double> alphas, betas;
  if (ctx.hasAttr("activation_alpha"))
    alphas = ctx.attrFloats("activation_alpha");
  if (ctx.hasAttr("activation_beta"))
    betas = ctx.attrFloats("activation_beta");
  size_t nextAlpha = 0, nextBeta = 0;
  std::vector<ActivationFn> result;
  for (const std::string &name : names) {
    const ActivationFunction *function = findActivationFunction(name);
    if (!function)
      ctx.fail("activation '" + name + "' is not supported (" +
               activationFunctionNames() + " are)");
    ActivationFn f{function, function->alpha.value_or(0),
                   function->beta.value_or(0)};
    if (function->alpha && nextAlpha < alphas.size())
      f.alpha = alphas[nextAlpha++];
    if (function->beta && nextBeta < betas.size())
      f.beta = betas[nextBeta++];
    result.push_back(f);
  }
  return result;
}

/// What a layer's lowering needs, checked once.
struct Layer {
  Cell cell;
  int64_t seq = 0, batch = 0, inputSize = 0, hidden = 0, directions = 1;
  bool batchFirst = false, reverseOnly = false, linearBeforeReset = false;
  std::optional<double> clip;
  Type t = Float(32);
  std::vector<ActivationFn> fns;
};

void expectShape(NodeContext &ctx, size_t i, const std::string &what,
                 const std::vector<int64_t> &shape) {
  if (ctx.input(i).shape != shape)
    ctx.fail(what + " has shape " + shapeText(ctx.input(i).shape) +
             ", expected " + shapeText(shape));
}

Layer checkLayer(NodeContext &ctx, Cell cell) {
  std::set<std::string> attrs = {
      "activation_alpha", "activation_beta", "activations", "clip",
      "direction",        "hidden_size",     "layout"};
  if (cell == Cell::Gru)
    attrs.insert("linear_before_reset");
  if (cell == Cell::Lstm)
    attrs.insert("input_forget");
  ctx.onlyAttrs(attrs);
  Layer l;
  l.cell = cell;
  const Value &x = ctx.input(0);
  if (x.rank() != 3)
    ctx.fail("X must have rank 3 (got " + shapeText(x.shape) + ")");
  if (!x.dtype.isFloat())
    ctx.fail("X of type " + x.dtype.str() + ": only float types are supported");
  l.t = x.dtype;
  l.batchFirst = ctx.attrInt("layout", 0) == 1;
  l.seq = l.batchFirst ? x.shape[1] : x.shape[0];
  l.batch = l.batchFirst ? x.shape[0] : x.shape[1];
  l.inputSize = x.shape[2];
  std::string direction = ctx.attrString("direction", "forward");
  if (direction == "bidirectional")
    l.directions = 2;
  else if (direction == "reverse")
    l.reverseOnly = true;
  else if (direction != "forward")
    ctx.fail("direction '" + direction +
             "': expected forward, reverse or bidirectional");
  const Value &w = ctx.input(1);
  if (w.rank() != 3)
    ctx.fail("W must have rank 3 (got " + shapeText(w.shape) + ")");
  int64_t gates = numGates(cell);
  l.hidden = ctx.hasAttr("hidden_size") ? ctx.attrInt("hidden_size")
                                        : w.shape[1] / gates;
  if (l.hidden <= 0)
    ctx.fail("hidden_size must be positive");
  int64_t d = l.directions, h = l.hidden;
  expectShape(ctx, 1, "W", {d, gates * h, l.inputSize});
  expectShape(ctx, 2, "R", {d, gates * h, h});
  if (ctx.hasInput(3))
    expectShape(ctx, 3, "B", {d, 2 * gates * h});
  if (ctx.hasInput(4))
    expectShape(ctx, 4, "sequence_lens", {l.batch});
  std::vector<int64_t> stateShape = l.batchFirst
                                        ? std::vector<int64_t>{l.batch, d, h}
                                        : std::vector<int64_t>{d, l.batch, h};
  if (ctx.hasInput(5))
    expectShape(ctx, 5, "initial_h", stateShape);
  if (cell == Cell::Lstm && ctx.hasInput(6))
    expectShape(ctx, 6, "initial_c", stateShape);
  if (cell == Cell::Lstm && ctx.hasInput(7))
    expectShape(ctx, 7, "P", {d, 3 * h});
  if (cell == Cell::Lstm && ctx.attrInt("input_forget", 0) != 0)
    ctx.fail("input_forget = 1 (coupled input and forget gates) is not "
             "supported");
  l.linearBeforeReset =
      cell == Cell::Gru && ctx.attrInt("linear_before_reset", 0) != 0;
  if (ctx.hasAttr("clip"))
    l.clip = ctx.attrFloat("clip");
  l.fns = parseActivations(ctx, cell, d);
  return l;
}

/// Builds a layer's stages and defines its outputs.
class Recurrence {
public:
  Recurrence(NodeContext &ctx, Layer layer) : ctx(ctx), l(std::move(layer)) {}
  void lower();

private:
  NodeContext &ctx;
  Layer l;
  Value y, hState, cState;
  /// Per-row buffers: the gates' input and hidden-state parts.
  Value xGates, hGates, resetH;

  Expr lit(double v) const { return literal(v, l.t); }
  Expr clipped(const Expr &x) const {
    if (!l.clip)
      return x;
    return max(min(x, lit(*l.clip)), lit(-*l.clip));
  }
  Expr act(int64_t d, int64_t which, const Expr &x) const {
    size_t per = l.fns.size() / l.directions;
    return l.fns[d * per + which].apply(clipped(x), l.t);
  }
  /// Element of a [D, B, H]-ordered state input given in the layout.
  Expr readState(size_t input, Expr d, Expr b, Expr h) {
    return l.batchFirst ? ctx.read(ctx.input(input), {b, d, h})
                        : ctx.read(ctx.input(input), {d, b, h});
  }
  Expr bias(int64_t d, int64_t offset, Expr g) {
    if (!ctx.hasInput(3))
      return lit(0);
    return ctx.read(ctx.input(3), {Expr(d), Expr(offset) + g});
  }
  /// x plus the peephole term P[gate] . c, when the layer has P.
  Expr peephole(int64_t d, int64_t gate, Expr h, const Expr &x, const Expr &c) {
    if (!ctx.hasInput(7))
      return x;
    return x + ctx.read(ctx.input(7), {Expr(d), Expr(gate * l.hidden) + h}) * c;
  }

  void makeBuffers();
  void direction(int64_t d, bool reverse);
  void gateSums(int64_t d, Expr pos, Expr b, int64_t from, int64_t to,
                const std::string &suffix, bool hiddenFromReset);
  void update(int64_t d, Expr pos, Expr b);
  void defineOutputs();
};

void Recurrence::makeBuffers() {
  int64_t d = l.directions, b = l.batch, h = l.hidden, g = numGates(l.cell);
  y = ctx.computeValue("y",
                       l.batchFirst ? std::vector<int64_t>{b, l.seq, d, h}
                                    : std::vector<int64_t>{l.seq, d, b, h},
                       l.t, [&](const Index &) { return lit(0); });
  auto state = [&](const std::string &name, size_t input) {
    return ctx.computeValue(name, {d, b, h}, l.t, [&](const Index &i) {
      return ctx.hasInput(input) ? readState(input, i[0], i[1], i[2]) : lit(0);
    });
  };
  hState = state("h", 5);
  if (l.cell == Cell::Lstm)
    cState = state("c", 6);
  auto buffer = [&](const std::string &name, int64_t n) {
    return ctx.computeValue(name, {n}, l.t,
                            [&](const Index &) { return lit(0); });
  };
  xGates = buffer("xgates", g * h);
  hGates = buffer("hgates", g * h);
  if (l.cell == Cell::Gru && !l.linearBeforeReset)
    resetH = buffer("reset_h", h);
}

/// xGates[g] = X[pos, b] . W[d, g] + Wb[g] and hGates[g] = H[b] . R[d, g] +
/// Rb[g] for g in [from, to); with `hiddenFromReset` the hidden part reads
/// resetH (GRU's r . H) instead of the state.
void Recurrence::gateSums(int64_t d, Expr pos, Expr b, int64_t from, int64_t to,
                          const std::string &suffix, bool hiddenFromReset) {
  int64_t gh = numGates(l.cell) * l.hidden;
  for_(
      Expr(from), Expr(to),
      [&](Var g) {
        Tensor accX = scalar(lit(0), "acc_x" + suffix, l.t);
        for_(
            0, l.inputSize,
            [&](Var k) {
              Expr x = l.batchFirst ? ctx.read(ctx.input(0), {b, pos, k})
                                    : ctx.read(ctx.input(0), {pos, b, k});
              accX.v() += x * ctx.read(ctx.input(1), {Expr(d), g, k});
            },
            "kx" + suffix);
        Tensor accH = scalar(lit(0), "acc_h" + suffix, l.t);
        for_(
            0, l.hidden,
            [&](Var k) {
              Expr hv = hiddenFromReset ? ctx.read(resetH, {k})
                                        : ctx.read(hState, {Expr(d), b, k});
              accH.v() += hv * ctx.read(ctx.input(2), {Expr(d), g, k});
            },
            "kh" + suffix);
        xGates.tensor(g) = accX.v() + bias(d, 0, g);
        hGates.tensor(g) = accH.v() + bias(d, gh, g);
      },
      "g" + suffix);
}

/// The new state of row b from the gate buffers; stores it into Y.
void Recurrence::update(int64_t d, Expr pos, Expr b) {
  int64_t h = l.hidden;
  Tensor xg = xGates.tensor, hg = hGates.tensor, hs = hState.tensor;
  for_(
      0, h,
      [&](Var j) {
        auto pre = [&](int64_t gate) {
          return xg(Expr(gate * h) + j) + hg(Expr(gate * h) + j);
        };
        Expr prev = hs(Expr(d), b, j);
        Expr next = lit(0);
        if (l.cell == Cell::Rnn) {
          next = act(d, 0, pre(0));
        } else if (l.cell == Cell::Gru) {
          // Gates z, r, h; hg's h part already holds (r . H) R^T + Rb
          // without linear_before_reset, else H R^T + Rb.
          Expr z = act(d, 0, pre(0));
          Expr candidate =
              l.linearBeforeReset
                  ? act(d, 1,
                        xg(Expr(2 * h) + j) +
                            act(d, 0, pre(1)) * hg(Expr(2 * h) + j))
                  : act(d, 1, pre(2));
          next = (lit(1) - z) * candidate + z * prev;
        } else {
          // Gates i, o, f, c; peepholes i, o, f.
          Tensor cs = cState.tensor;
          Expr prevC = cs(Expr(d), b, j);
          Expr in = act(d, 0, peephole(d, 0, j, pre(0), prevC));
          Expr forget = act(d, 0, peephole(d, 2, j, pre(2), prevC));
          Expr cell = act(d, 1, pre(3));
          Expr c = forget * prevC + in * cell;
          Tensor cNew = scalar(c, "c_new", l.t);
          Expr out = act(d, 0, peephole(d, 1, j, pre(1), cNew.v()));
          cs(Expr(d), b, j) = cNew.v();
          next = out * act(d, 2, cNew.v());
        }
        Tensor hNew = scalar(next, "h_new", l.t);
        hs(Expr(d), b, j) = hNew.v();
        if (l.batchFirst)
          y.tensor(b, pos, Expr(d), j) = hNew.v();
        else
          y.tensor(pos, Expr(d), b, j) = hNew.v();
      },
      "h");
}

void Recurrence::direction(int64_t d, bool reverse) {
  bool hasLens = ctx.hasInput(4);
  // Materialize every operand before the stage starts recording.
  for (size_t i = 0; i < ctx.numInputs(); ++i)
    if (ctx.hasInput(i))
      ctx.tensorOf(i);
  std::string name = ctx.newStageName(
      l.directions == 2 ? (d == 0 ? "forward" : "backward") : "steps");
  int64_t h = l.hidden;
  stage(name, [&] {
    for_(
        0, l.seq,
        [&](Var t) {
          for_(
              0, l.batch,
              [&](Var b) {
                Expr length = hasLens
                                  ? cast(Int(64), ctx.read(ctx.input(4), {b}))
                                  : Expr(l.seq);
                Expr pos = reverse ? length - Expr(1) - t : Expr(t);
                auto body = [&] {
                  if (l.cell == Cell::Gru && !l.linearBeforeReset) {
                    // z and r first; then (r . H) R_h^T for the candidate.
                    gateSums(d, pos, b, 0, 2 * h, "", false);
                    Tensor rh = resetH.tensor, hs = hState.tensor;
                    Tensor xg = xGates.tensor, hg = hGates.tensor;
                    for_(
                        0, h,
                        [&](Var j) {
                          Expr r = act(d, 0, xg(Expr(h) + j) + hg(Expr(h) + j));
                          rh(j) = r * hs(Expr(d), b, j);
                        },
                        "r");
                    gateSums(d, pos, b, 2 * h, 3 * h, "_c", true);
                  } else {
                    gateSums(d, pos, b, 0, numGates(l.cell) * h, "", false);
                  }
                  update(d, pos, b);
                };
                if (hasLens) {
                  if_(Expr(t) < length, body);
                } else {
                  body();
                }
              },
              "b");
        },
        "t");
  });
}

void Recurrence::defineOutputs() {
  if (ctx.hasOutput(0))
    ctx.setOutput(0, y);
  auto state = [&](size_t out, const Value &s) {
    if (!ctx.hasOutput(out))
      return;
    if (!l.batchFirst) {
      ctx.setOutput(out, s);
      return;
    }
    ctx.computeOutput(
        out, {l.batch, l.directions, l.hidden}, l.t,
        [&](const Index &i) { return ctx.read(s, {i[1], i[0], i[2]}); });
  };
  state(1, hState);
  if (l.cell == Cell::Lstm)
    state(2, cState);
}

void Recurrence::lower() {
  makeBuffers();
  for (int64_t d = 0; d < l.directions; ++d)
    direction(d, l.reverseOnly || d == 1);
  defineOutputs();
}

Lowering recurrent(Cell cell) {
  return [cell](NodeContext &ctx) {
    Recurrence(ctx, checkLayer(ctx, cell)).lower();
  };
}

} // namespace

void addRecurrentOps(LoweringTable &table) {
  table["RNN"] = recurrent(Cell::Rnn);
  table["GRU"] = recurrent(Cell::Gru);
  table["LSTM"] = recurrent(Cell::Lstm);
}

} // namespace hcl::onnximport
