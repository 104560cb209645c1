//===- DistinctAddresses.cpp - how many distinct addresses ----------------===//
//
// Runs of one address shape that all move along one direction D (up to
// sign) lie on lines: an integer point p is r + q * D for exactly one q and
// one r whose component k (D's first non-zero one, made positive) is in
// [0, D[k]), so a run is an interval of q on the line r, and the union is
// the merged intervals per line. Runs along different directions are
// counted point by point.
//
//===----------------------------------------------------------------------===//

#include "DistinctAddresses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace hcl {

void DistinctAddresses::insert(const AccessInstance &a) {
  if (!a.shape) {
    text.insert(a.address);
    return;
  }
  unsigned rank = a.constants.size();
  bool moves =
      a.copies > 1 && llvm::any_of(a.steps, [](int64_t s) { return s != 0; });
  runs.push_back({a.shape, values.size(), rank, moves ? a.copies : 1});
  values.insert(values.end(), a.constants.begin(), a.constants.end());
  if (moves)
    values.insert(values.end(), a.steps.begin(), a.steps.end());
  else
    values.resize(values.size() + rank, 0);
}

void DistinctAddresses::insertAll(const DistinctAddresses &other) {
  size_t base = values.size();
  values.insert(values.end(), other.values.begin(), other.values.end());
  for (Run r : other.runs) {
    r.offset += base;
    runs.push_back(r);
  }
  for (StringRef key : other.text.keys())
    text.insert(key);
}

int64_t DistinctAddresses::count() const {
  std::vector<const Run *> byShape;
  for (const Run &r : runs)
    byShape.push_back(&r);
  llvm::stable_sort(
      byShape, [](const Run *a, const Run *b) { return a->shape < b->shape; });
  int64_t n = text.size();
  for (size_t i = 0; i < byShape.size();) {
    size_t j = i;
    while (j < byShape.size() && byShape[j]->shape == byShape[i]->shape)
      ++j;
    n += countShape(ArrayRef(byShape).slice(i, j - i));
    i = j;
  }
  return n;
}

int64_t DistinctAddresses::countShape(ArrayRef<const Run *> shapeRuns) const {
  unsigned rank = shapeRuns.front()->rank;
  auto constantsOf = [&](const Run *r) {
    return ArrayRef(values).slice(r->offset, rank);
  };
  auto stepsOf = [&](const Run *r) {
    return ArrayRef(values).slice(r->offset + rank, rank);
  };
  // The direction every moving run shares, up to sign, if they do.
  SmallVector<int64_t, 4> direction, opposite;
  bool oneLine = true;
  for (const Run *r : shapeRuns) {
    if (r->copies == 1)
      continue;
    ArrayRef<int64_t> s = stepsOf(r);
    if (direction.empty()) {
      direction.assign(s.begin(), s.end());
      if (*llvm::find_if(direction, [](int64_t d) { return d != 0; }) < 0)
        for (int64_t &d : direction)
          d = -d;
      for (int64_t d : direction)
        opposite.push_back(-d);
    } else if (s != ArrayRef(direction) && s != ArrayRef(opposite)) {
      oneLine = false;
      break;
    }
  }
  BumpPtrAllocator arena;
  auto stored = [&](ArrayRef<int64_t> p) {
    int64_t *copy = arena.Allocate<int64_t>(rank);
    llvm::copy(p, copy);
    return ArrayRef<int64_t>(copy, rank);
  };
  if (direction.empty() || !oneLine) {
    // Point by point.
    DenseSet<ArrayRef<int64_t>> points;
    SmallVector<int64_t, 4> p;
    for (const Run *r : shapeRuns) {
      p.assign(constantsOf(r).begin(), constantsOf(r).end());
      for (int64_t j = 0; j < r->copies; ++j) {
        if (j)
          for (unsigned d = 0; d < rank; ++d)
            p[d] += stepsOf(r)[d];
        if (!points.contains(ArrayRef(p)))
          points.insert(stored(p));
      }
    }
    return points.size();
  }
  // Intervals of q per line r.
  unsigned k = llvm::find_if(direction, [](int64_t d) { return d != 0; }) -
               direction.begin();
  DenseMap<ArrayRef<int64_t>, SmallVector<std::pair<int64_t, int64_t>, 4>>
      lines;
  SmallVector<int64_t, 4> line;
  for (const Run *r : shapeRuns) {
    ArrayRef<int64_t> c = constantsOf(r);
    int64_t q = divideFloorSigned(c[k], direction[k]);
    line.clear();
    for (unsigned d = 0; d < rank; ++d)
      line.push_back(c[d] - q * direction[d]);
    int64_t lo = q, hi = q;
    if (r->copies > 1) {
      if (stepsOf(r) == ArrayRef(direction))
        hi = q + r->copies - 1;
      else
        lo = q - (r->copies - 1);
    }
    auto it = lines.find(ArrayRef(line));
    if (it == lines.end())
      it = lines.try_emplace(stored(line)).first;
    it->second.push_back({lo, hi});
  }
  int64_t n = 0;
  for (auto &[key, intervals] : lines) {
    llvm::sort(intervals);
    int64_t lo = intervals.front().first, hi = intervals.front().second;
    for (auto [l, h] : ArrayRef(intervals).drop_front()) {
      if (l > hi) {
        n += hi - lo + 1;
        lo = l;
      }
      hi = std::max(hi, h);
    }
    n += hi - lo + 1;
  }
  return n;
}

} // namespace hcl
