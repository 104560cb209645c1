//===- Spectral.cpp - ONNX DFT --------------------------------------------===//
//
// DFT as the direct sum, one stage: Y[..., k, ..., c] sums over the signal
// positions j the product of x[j] (real, or complex as [re, im] in the last
// dimension) and the twiddle exp(-+2 pi i j k / L); c = 0 is the real part,
// c = 1 the imaginary one. The twiddles are tables of L cosines and sines
// computed at import in double (index (j * k) mod L), so no cos or sin is
// evaluated when the program runs and the quarter-period values are exact
// to float precision. The signal is zero-padded or cut to dft_length;
// inverse divides by L; onesided keeps the first L / 2 + 1 frequencies.
//
//===----------------------------------------------------------------------===//

#include "../ImportContext.h"

#include <cmath>

namespace hcl::onnximport {
namespace {

/// A table of cos or sin of 2 pi m / length for m in [0, length).
Value twiddles(Type t, int64_t length, bool sine) {
  std::vector<double> values;
  for (int64_t m = 0; m < length; ++m) {
    double angle = 2 * M_PI * double(m) / double(length);
    values.push_back(sine ? std::sin(angle) : std::cos(angle));
  }
  Value table;
  table.shape = {length};
  table.dtype = t;
  table.data = makeKnown(t, {length}, values);
  return table;
}

void lowerDFT(NodeContext &ctx) {
  ctx.onlyAttrs({"axis", "inverse", "onesided"});
  const Value &x = ctx.input(0);
  if (!x.dtype.isFloat())
    ctx.fail("the signal must hold floats, not " + x.dtype.str());
  int64_t rank = x.rank();
  if (rank < 2 || (x.shape.back() != 1 && x.shape.back() != 2))
    ctx.fail("the signal of shape " + shapeText(x.shape) +
             " must end in a dimension of 1 (real) or 2 (complex)");
  int64_t axisValue = ctx.attrInt("axis", 1);
  if (ctx.hasInput(2))
    axisValue = ctx.knownInput(2, "the axis").integer(0);
  // The last dimension holds the real and imaginary parts, not the signal.
  int64_t axis = normalizeAxis(ctx, axisValue, rank);
  if (axis == rank - 1)
    ctx.fail("axis " + std::to_string(axisValue) +
             " is the dimension of the real and imaginary parts");
  int64_t n = x.shape[axis];
  int64_t length = n;
  if (ctx.hasInput(1)) {
    length = ctx.knownInput(1, "dft_length").integer(0);
    if (length < 1)
      ctx.fail("dft_length " + std::to_string(length) + " is not positive");
  }
  bool inverse = ctx.attrInt("inverse", 0) != 0;
  bool onesided = ctx.attrInt("onesided", 0) != 0;
  if (inverse && onesided)
    ctx.fail("inverse = 1 with onesided = 1 is not defined");
  bool complex = x.shape.back() == 2;
  Type t = x.dtype;
  std::vector<int64_t> shape = x.shape;
  shape[axis] = onesided ? length / 2 + 1 : length;
  shape.back() = 2;
  Value cosines = twiddles(t, length, false), sines = twiddles(t, length, true);
  Var j = ctx.reduceAxis(std::min(n, length), "j");
  ctx.computeOutput(0, shape, t, [&](const Index &i) {
    Index at = i;
    at[axis] = j;
    at.back() = Expr(0);
    Expr re = ctx.read(x, at);
    Expr im = literal(0, t);
    if (complex) {
      at.back() = Expr(1);
      im = ctx.read(x, at);
    }
    Expr m = (Expr(j) * i[axis]) % Expr(length);
    Expr cosine = ctx.read(cosines, {m}), sine = ctx.read(sines, {m});
    // x * exp(-i theta) forward, x * exp(+i theta) inverse.
    Expr sign = literal(inverse ? -1 : 1, t);
    Expr real = re * cosine + sign * im * sine;
    Expr imaginary = im * cosine - sign * re * sine;
    Expr term = select(i.back() == Expr(0), real, imaginary);
    if (inverse)
      term = term * literal(1.0 / double(length), t);
    return sum(term, {j}, t);
  });
}

} // namespace

void addSpectralOps(LoweringTable &table) { table["DFT"] = lowerDFT; }

} // namespace hcl::onnximport
