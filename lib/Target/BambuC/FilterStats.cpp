//===- FilterStats.cpp - what the optimizations removed, per filter -------===//
//
// For each filter: the loads, stores and operations written in its code
// and executed by one call (loops with constant trip counts), once with the
// filters only extracted and once after every step. A load or store of a
// local scalar is a register access, not a memory one, and is not counted;
// operations are arith and math operations other than constants, plus the
// additions, multiplications, divisions and remainders inside affine
// indices (which the three-address step makes explicit), so that the two
// columns count the same work.
//
//===----------------------------------------------------------------------===//

#include "Steps.h"

#include "hcl/Target/BambuC.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

struct Counts {
  int64_t loads = 0, stores = 0, ops = 0;
};

struct FilterCounts {
  Counts written, executed;
  bool executedKnown = true;
};

unsigned arithmeticIn(AffineExpr e) {
  auto binary = dyn_cast<AffineBinaryOpExpr>(e);
  if (!binary)
    return 0;
  return 1 + arithmeticIn(binary.getLHS()) + arithmeticIn(binary.getRHS());
}

unsigned arithmeticIn(AffineMap map) {
  unsigned n = 0;
  for (AffineExpr e : map.getResults())
    n += arithmeticIn(e);
  return n;
}

/// How often `op` runs in one call of its function, if known.
std::optional<int64_t> executions(Operation *op) {
  int64_t n = 1;
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp())
    if (auto loop = dyn_cast<AffineForOp>(p)) {
      std::optional<int64_t> trips = bambu::tripCount(loop);
      if (!trips)
        return std::nullopt;
      n *= *trips;
    }
  return n;
}

Counts countOne(Operation *op) {
  Counts c;
  if (auto load = dyn_cast<AffineLoadOp>(op)) {
    c.loads = !bambu::isLocalScalar(load.getMemRef());
    c.ops = arithmeticIn(load.getAffineMap());
  } else if (auto store = dyn_cast<AffineStoreOp>(op)) {
    c.stores = !bambu::isLocalScalar(store.getMemRef());
    c.ops = arithmeticIn(store.getAffineMap());
  } else if (auto apply = dyn_cast<AffineApplyOp>(op)) {
    c.ops = arithmeticIn(apply.getAffineMap());
  } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
    c.loads = !bambu::isLocalScalar(load.getMemRef());
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    c.stores = !bambu::isLocalScalar(store.getMemRef());
  } else if (isa<arith::ArithDialect>(op->getDialect()) ||
             op->getDialect()->getNamespace() == "math") {
    c.ops = !isa<arith::ConstantOp>(op);
  }
  return c;
}

FilterCounts countFilter(func::FuncOp filter) {
  FilterCounts counts;
  filter.walk([&](Operation *op) {
    Counts one = countOne(op);
    counts.written.loads += one.loads;
    counts.written.stores += one.stores;
    counts.written.ops += one.ops;
    std::optional<int64_t> n = executions(op);
    if (!n) {
      counts.executedKnown = false;
      return;
    }
    counts.executed.loads += *n * one.loads;
    counts.executed.stores += *n * one.stores;
    counts.executed.ops += *n * one.ops;
  });
  return counts;
}

using AllCounts = std::vector<std::pair<std::string, FilterCounts>>;

FailureOr<AllCounts> countAll(ModuleOp module, const BambuCOptions &options) {
  OwningOpRef<ModuleOp> copy = module.clone();
  if (failed(prepareBambuModule(*copy, options)))
    return failure();
  AllCounts all;
  for (auto func : copy->getOps<func::FuncOp>())
    if (func->hasAttr(bambu::kFilterAttr))
      all.push_back({func.getSymName().str(), countFilter(func)});
  return all;
}

void printRow(llvm::raw_ostream &os, StringRef filter, StringRef when,
              const FilterCounts &c) {
  os << llvm::format("%-24s %-7s %8lld %8lld %8lld", filter.str().c_str(),
                     when.str().c_str(), (long long)c.written.loads,
                     (long long)c.written.stores, (long long)c.written.ops);
  if (c.executedKnown)
    os << llvm::format(" %10lld %10lld %10lld\n", (long long)c.executed.loads,
                       (long long)c.executed.stores, (long long)c.executed.ops);
  else
    os << llvm::format(" %10s %10s %10s\n", "?", "?", "?");
}

} // namespace

LogicalResult emitBambuStats(ModuleOp module, llvm::raw_ostream &os,
                             const BambuCOptions &options) {
  BambuCOptions none = options;
  none.steps.clear();
  auto before = countAll(module, none);
  auto after = countAll(module, options);
  if (failed(before) || failed(after))
    return failure();
  os << llvm::format("%-24s %-7s %8s %8s %8s %10s %10s %10s\n", "filter", "",
                     "loads", "stores", "ops", "run:loads", "run:stores",
                     "run:ops");
  for (auto &[name, counts] : *before) {
    printRow(os, name, "before", counts);
    auto it = llvm::find_if(
        *after, [&](const auto &entry) { return entry.first == name; });
    if (it != after->end())
      printRow(os, "", "after", it->second);
  }
  return success();
}

} // namespace hcl
