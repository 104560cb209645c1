//===- Space.cpp - the candidate schedules of one band --------------------===//

#include "hcl/Tune/Space.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace mlir;

namespace hcl::tuner {

/// How many innermost loops of a band may move: 3! orders at most.
static constexpr size_t kMovableLoops = 3;
static constexpr int64_t kMaxUnroll = 32;
/// Copies of a body unrolled fully under a pipelined loop.
static constexpr int64_t kMaxCopies = kMaxUnroll;
/// The same under a pipelined loop that holds an imperfect nest (a
/// convolution's output column: the sum's initialization and its reduction
/// loops). Such a loop carries nothing, so the whole reduction unrolled
/// under it runs at II 1; 1024 takes a 3x3 kernel over up to 113 input
/// channels (ResNet-20's widest, 64, is 576 copies) while keeping a body
/// the estimate reads in well under a second.
static constexpr int64_t kMaxReductionCopies = 1024;

static int arrayNumber(func::FuncOp func, Value memref) {
  std::vector<Value> arrays = arraysOf(func);
  auto it = llvm::find(arrays, memref);
  return it == arrays.end() ? -1 : static_cast<int>(it - arrays.begin());
}

namespace {
/// One affine load or store: its array and, per index, the induction
/// variables that index reads with their coefficients, and its constant.
struct Access {
  Value memref;
  bool isStore = false;
  std::vector<std::vector<std::pair<Value, int64_t>>> terms;
  std::vector<int64_t> constants;
  bool linear = true;
};
} // namespace

/// The terms of `expr` over `operands` (dims then symbols); false when it is
/// not a sum of constant multiples of operands and a constant.
static bool linearTerms(AffineExpr expr, ValueRange operands, unsigned dims,
                        std::vector<std::pair<Value, int64_t>> &terms,
                        int64_t &constant) {
  if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
    constant += c.getValue();
    return true;
  }
  if (auto d = dyn_cast<AffineDimExpr>(expr)) {
    terms.push_back({operands[d.getPosition()], 1});
    return true;
  }
  if (auto s = dyn_cast<AffineSymbolExpr>(expr)) {
    terms.push_back({operands[dims + s.getPosition()], 1});
    return true;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!bin)
    return false;
  if (bin.getKind() == AffineExprKind::Add)
    return linearTerms(bin.getLHS(), operands, dims, terms, constant) &&
           linearTerms(bin.getRHS(), operands, dims, terms, constant);
  if (bin.getKind() == AffineExprKind::Mul) {
    auto c = dyn_cast<AffineConstantExpr>(bin.getRHS());
    std::vector<std::pair<Value, int64_t>> inner;
    int64_t innerConstant = 0;
    if (!c || !linearTerms(bin.getLHS(), operands, dims, inner, innerConstant))
      return false;
    for (auto &[v, k] : inner)
      terms.push_back({v, k * c.getValue()});
    constant += innerConstant * c.getValue();
    return true;
  }
  return false;
}

static std::vector<Access> accessesIn(Operation *root) {
  std::vector<Access> out;
  root->walk([&](Operation *op) {
    AffineMap map;
    ValueRange operands;
    Access a;
    if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      map = load.getAffineMap();
      operands = load.getMapOperands();
      a.memref = load.getMemRef();
    } else if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
      map = store.getAffineMap();
      operands = store.getMapOperands();
      a.memref = store.getMemRef();
      a.isStore = true;
    } else {
      return;
    }
    for (AffineExpr e : map.getResults()) {
      std::vector<std::pair<Value, int64_t>> terms;
      int64_t constant = 0;
      a.linear &= linearTerms(e, operands, map.getNumDims(), terms, constant);
      a.terms.push_back(std::move(terms));
      a.constants.push_back(constant);
    }
    out.push_back(std::move(a));
  });
  return out;
}

static bool reads(const std::vector<std::pair<Value, int64_t>> &terms,
                  Value iv) {
  return llvm::any_of(terms,
                      [&](auto &t) { return t.first == iv && t.second; });
}

static Value ivOf(const Band &band, size_t i) {
  affine::AffineForOp loop = band.loops[i];
  return loop.getInductionVar();
}

/// Whether every loop whose bounds read another band loop's variable (a
/// triangular loop) stays inside that loop in `order`.
static bool keepsBoundsDefined(const Band &band,
                               const std::vector<unsigned> &order) {
  std::vector<unsigned> position(order.size());
  for (unsigned p = 0; p < order.size(); ++p)
    position[order[p]] = p;
  for (size_t l = 0; l < band.loops.size(); ++l) {
    affine::AffineForOp loop = band.loops[l];
    SmallVector<Value> operands(loop.getLowerBoundOperands());
    llvm::append_range(operands, loop.getUpperBoundOperands());
    for (Value v : operands)
      for (size_t m = 0; m < band.loops.size(); ++m)
        if (v == ivOf(band, m) && position[m] > position[l])
          return false;
  }
  return true;
}

/// The legal orders of the band's loops (as permutations of positions), the
/// original first.
static std::vector<std::vector<unsigned>> legalOrders(const Band &band) {
  size_t n = band.loops.size();
  size_t fixed = n > kMovableLoops ? n - kMovableLoops : 0;
  std::vector<unsigned> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::vector<std::vector<unsigned>> out{order};
  while (std::next_permutation(order.begin() + fixed, order.end())) {
    if (!keepsBoundsDefined(band, order))
      continue;
    // isValidLoopInterchangePermutation takes each loop's new position.
    std::vector<unsigned> position(n);
    for (unsigned p = 0; p < n; ++p)
      position[order[p]] = p;
    // An imperfect band is distributed by hcl.reorder first, which then
    // checks the dependences of the perfect band it made (the candidate is
    // refused when they forbid the order); MLIR's check here takes a
    // perfect nest.
    if (!band.perfect ||
        affine::isValidLoopInterchangePermutation(band.loops, position))
      out.push_back(order);
  }
  // A loop outside the movable ones, moved innermost with the others kept
  // in order: a convolution's output column under its reduction loops,
  // which carry the sum, gets a loop that carries nothing to pipeline and
  // unroll (its initialization, when it holds one, distributed into
  // `<loop>.pre` by the reorder, which checks that band's dependences).
  for (size_t l = 0; l < fixed; ++l) {
    std::optional<int64_t> trips = band.tripCount(l);
    if (trips && *trips <= 1)
      continue;
    std::vector<unsigned> moved(n);
    std::iota(moved.begin(), moved.end(), 0);
    std::rotate(moved.begin() + l, moved.begin() + l + 1, moved.end());
    std::vector<unsigned> position(n);
    for (unsigned p = 0; p < n; ++p)
      position[moved[p]] = p;
    if (keepsBoundsDefined(band, moved) &&
        (!band.perfect ||
         affine::isValidLoopInterchangePermutation(band.loops, position)))
      out.push_back(moved);
  }
  return out;
}

static std::vector<int64_t> unrollFactors(std::optional<int64_t> trips) {
  std::vector<int64_t> out{1};
  if (!trips)
    return out;
  for (int64_t u = 2; u <= std::min(*trips, kMaxUnroll); ++u)
    if (*trips % u == 0)
      out.push_back(u);
  return out;
}

/// The partitions that give an unroll by `u` of `iv` its own bank per copy:
/// every array the band walks along `iv`, in each dimension that `iv`
/// indexes.
static std::vector<PartitionChoice>
partitionsFor(func::FuncOp func, const Band &band, Value iv, int64_t u,
              Kind kind, bool partitionArguments,
              llvm::ArrayRef<Value> iterated = {}) {
  std::set<std::pair<int, int64_t>> seen;
  std::vector<PartitionChoice> out;
  for (const Access &a : accessesIn(band.loops.back())) {
    auto type = dyn_cast<MemRefType>(a.memref.getType());
    int number = arrayNumber(func, a.memref);
    if (!type || number < 0 ||
        (!partitionArguments && isa<BlockArgument>(a.memref)))
      continue;
    for (auto [d, terms] : llvm::enumerate(a.terms)) {
      if (!reads(terms, iv) ||
          llvm::any_of(iterated, [&](Value l) { return reads(terms, l); }) ||
          !seen.insert({number, d + 1}).second)
        continue;
      PartitionChoice p;
      p.array = number;
      p.dim = static_cast<int64_t>(d) + 1;
      p.factor = u;
      p.kind = type.getDimSize(d) <= u ? Kind::Complete : kind;
      out.push_back(p);
    }
  }
  return out;
}

/// Whether band loop `l` holds more than the next band loop (the sum's
/// initialization, say): a reorder would distribute it.
static bool holdsMore(const Band &band, size_t l) {
  return llvm::any_of(band.distributed,
                      [&](const auto &d) { return d.first == l; });
}

/// The innermost one to three loops of `order` unrolled fully under a
/// pipeline of the loop around them: at most kMaxCopies copies, as many as
/// an unroll, or kMaxReductionCopies under a loop that holds an imperfect
/// nest. Each array they walk is partitioned by their trip counts along the
/// dimensions they move: all of them, only those no iterated band loop also
/// moves (a window's `h + rh`: its banks differ in every iteration, which
/// the estimate cannot tell apart, and a reuse buffer serves it better), or
/// none.
static void addPipelineAbove(func::FuncOp func, const Band &band,
                             const std::vector<unsigned> &order,
                             BandSchedule bs, bool partitionArguments,
                             std::vector<Schedule> &out) {
  for (size_t d = 1; d <= kMovableLoops && d < order.size(); ++d) {
    int64_t copies = 1;
    bool known = true;
    for (size_t k = order.size() - d; k < order.size(); ++k) {
      std::optional<int64_t> trips = band.tripCount(order[k]);
      known &= trips.has_value();
      copies *= trips.value_or(1);
    }
    unsigned pipelined = order[order.size() - 1 - d];
    int64_t limit = holdsMore(band, pipelined) && !bs.reordered()
                        ? kMaxReductionCopies
                        : kMaxCopies;
    if (!known || copies > limit || copies < 2)
      continue;
    bs.unroll = 1;
    bs.unrolledLoops = d;
    std::vector<Value> iterated;
    for (size_t k = 0; k + d < order.size(); ++k)
      iterated.push_back(ivOf(band, order[k]));
    auto partitioned = [&](llvm::ArrayRef<Value> skip) {
      Schedule s;
      s.bands.push_back(bs);
      for (size_t k = order.size() - d; k < order.size(); ++k)
        for (const PartitionChoice &p : partitionsFor(
                 func, band, ivOf(band, order[k]), *band.tripCount(order[k]),
                 Kind::Cyclic, partitionArguments, skip))
          s.partitions.push_back(p);
      return s;
    };
    Schedule none;
    none.bands.push_back(bs);
    out.push_back(std::move(none));
    Schedule all = partitioned({});
    Schedule exact = partitioned(iterated);
    bool differ = exact.partitions.size() != all.partitions.size();
    out.push_back(std::move(all));
    if (differ)
      out.push_back(std::move(exact));
  }
}

std::vector<Schedule> coreOptions(func::FuncOp func, const Band &band,
                                  bool partitionArguments) {
  std::vector<Schedule> out;
  std::vector<std::string> names = band.names();
  for (const std::vector<unsigned> &order : legalOrders(band)) {
    BandSchedule bs;
    bs.stage = band.stage;
    bs.original = names;
    for (unsigned p : order)
      bs.order.push_back(names[p]);
    // The reorder distributes the loops from the outermost one it moves.
    size_t moved = 0;
    while (moved < order.size() && order[moved] == moved)
      ++moved;
    for (const auto &[position, name] : band.distributed)
      if (position >= moved)
        bs.distributed.push_back(name);
    unsigned inner = order.back();
    Value iv = ivOf(band, inner);
    addPipelineAbove(func, band, order, bs, partitionArguments, out);
    for (int64_t u : unrollFactors(band.tripCount(inner))) {
      bs.unroll = u;
      for (Kind kind : {Kind::Cyclic, Kind::Block}) {
        Schedule s;
        s.bands.push_back(bs);
        if (u > 1)
          s.partitions =
              partitionsFor(func, band, iv, u, kind, partitionArguments);
        out.push_back(std::move(s));
        // Without an unroll there is nothing to partition.
        if (u == 1)
          break;
      }
    }
  }
  return out;
}

/// The coefficient of `iv` in `terms`.
static int64_t coefficient(const std::vector<std::pair<Value, int64_t>> &terms,
                           Value iv) {
  int64_t c = 0;
  for (const auto &[v, k] : terms)
    if (v == iv)
      c += k;
  return c;
}

/// The band loops (outermost first) along which loads of `memref` read the
/// same element at different offsets: their indices share the terms and
/// differ in the constants of the dimensions those loops move, or an index
/// moves with the loop and with a band loop inside it (a sliding window:
/// a convolution's `h + rh`, whose offsets are the inner loop's values).
static std::vector<unsigned> stencilLoops(const Band &band,
                                          const std::vector<Access> &loads) {
  std::vector<unsigned> out;
  for (size_t i = 0; i < band.loops.size(); ++i) {
    Value iv = ivOf(band, i);
    std::set<int64_t> offsets;
    bool sliding = false;
    for (const Access &a : loads)
      for (auto [d, terms] : llvm::enumerate(a.terms)) {
        if (!reads(terms, iv))
          continue;
        offsets.insert(a.constants[d]);
        for (size_t j = i + 1; j < band.loops.size(); ++j)
          sliding |= reads(terms, ivOf(band, j)) && band.tripCount(j) != 1;
      }
    if (offsets.size() > 1 || sliding)
      out.push_back(static_cast<unsigned>(i));
  }
  return out;
}

/// The dimensions (0-based, of the array) a reuse buffer at band loop `at`
/// keeps, as hcl.reuse_at shapes it: those whose index covers more than one
/// element while the loops inside `at` run, over every load's offset.
static std::vector<size_t>
bufferDims(const Band &band, const std::vector<Access> &loads, size_t at) {
  std::vector<size_t> out;
  const Access &first = loads.front();
  for (size_t d = 0; d < first.terms.size(); ++d) {
    auto [lo, hi] = std::minmax_element(
        loads.begin(), loads.end(), [&](const Access &a, const Access &b) {
          return a.constants[d] < b.constants[d];
        });
    int64_t extent = hi->constants[d] - lo->constants[d] + 1;
    for (size_t j = at + 1; j < band.loops.size(); ++j)
      extent += std::abs(coefficient(first.terms[d], ivOf(band, j))) *
                (band.tripCount(j).value_or(2) - 1);
    if (extent > 1)
      out.push_back(d);
  }
  return out;
}

/// The dimensions (1-based) of the buffer at `chain[k]` to partition
/// completely: a line buffer keeps apart the rows (and channels) its next
/// buffer, or the pipelined inner loop, reads at once: every dimension the
/// inner stencil loop does not walk; the last buffer of a full chain is
/// small, all registers (0); a window buffer alone, its dimension along
/// the loop.
static std::vector<int64_t> reusePartitions(const Band &band,
                                            const std::vector<Access> &loads,
                                            const std::vector<unsigned> &loops,
                                            const std::vector<unsigned> &chain,
                                            size_t k) {
  bool last = k + 1 == chain.size();
  if (last && chain.size() == loops.size())
    return {0};
  bool windowAlone = last && chain[k] == loops.back();
  unsigned inner = windowAlone ? chain[k] : last ? loops.back() : chain[k + 1];
  std::vector<int64_t> out;
  for (auto [position, d] : llvm::enumerate(bufferDims(band, loads, chain[k])))
    if (reads(loads.front().terms[d], ivOf(band, inner)) == windowAlone)
      out.push_back(static_cast<int64_t>(position) + 1);
  return out;
}

std::vector<Schedule> reuseOptions(func::FuncOp func, const Band &band) {
  std::vector<Access> all = accessesIn(band.loops.back());
  std::vector<Schedule> out;
  std::vector<Value> arrays;
  for (const Access &a : all)
    if (!a.isStore && !llvm::is_contained(arrays, a.memref))
      arrays.push_back(a.memref);
  for (Value memref : arrays) {
    std::vector<Access> loads;
    bool linear = true, stored = false;
    for (const Access &a : all)
      if (a.memref == memref) {
        stored |= a.isStore;
        linear &= a.linear;
        if (!a.isStore)
          loads.push_back(a);
      }
    int number = arrayNumber(func, memref);
    if (stored || !linear || loads.empty() || number < 0)
      continue;
    std::vector<unsigned> loops = stencilLoops(band, loads);
    if (loops.empty())
      continue;
    auto option = [&](std::vector<unsigned> chain) {
      ReuseChoice r;
      r.stage = band.stage;
      r.array = number;
      for (size_t k = 0; k < chain.size(); ++k) {
        r.loops.push_back(band.names()[chain[k]]);
        r.partitionDims.push_back(
            reusePartitions(band, loads, loops, chain, k));
      }
      Schedule s;
      s.reuses.push_back(r);
      out.push_back(std::move(s));
    };
    option({loops.back()});
    if (loops.size() > 1) {
      option({loops.front()});
      option({loops.front(), loops.back()});
    }
  }
  return out;
}

std::vector<Schedule> bufferOptions(func::FuncOp func, const Band &band) {
  std::vector<Schedule> out;
  std::vector<std::string> names = band.names();
  std::set<int> seen;
  for (const Access &a : accessesIn(band.loops.back())) {
    int number = arrayNumber(func, a.memref);
    if (!a.isStore || number < 0 || !seen.insert(number).second)
      continue;
    // The innermost band loop the store does not move: the sum runs there.
    std::optional<size_t> reduction;
    for (size_t i = 0; i < band.loops.size(); ++i) {
      Value iv = ivOf(band, i);
      if (llvm::none_of(a.terms, [&](auto &t) { return reads(t, iv); }))
        reduction = i;
    }
    if (!reduction)
      continue;
    for (size_t i = 0; i < *reduction; ++i) {
      Schedule s;
      s.buffers.push_back({band.stage, number, names[i]});
      out.push_back(std::move(s));
    }
  }
  return out;
}

std::set<int> arraysTouched(func::FuncOp func, const Band &band) {
  std::set<int> out;
  for (const Access &a : accessesIn(band.loops.front()))
    if (int number = arrayNumber(func, a.memref); number >= 0)
      out.insert(number);
  return out;
}

} // namespace hcl::tuner
