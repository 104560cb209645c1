//===- IterationCount.cpp - programs too long to run in a check -----------===//

#include "IterationCount.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace hcl::driver {

namespace {

/// A loop's constant trip count; 1 when it is not constant (the check is a
/// lower bound, so an unknown count never refuses a program).
uint64_t constantTripCount(Operation *op) {
  if (auto affineFor = dyn_cast<affine::AffineForOp>(op)) {
    if (std::optional<uint64_t> count = affine::getConstantTripCount(affineFor))
      return *count;
    return 1;
  }
  if (auto scfFor = dyn_cast<scf::ForOp>(op))
    if (std::optional<APInt> count = scfFor.getStaticTripCount())
      return count->getZExtValue();
  return 1;
}

bool isLoop(Operation *op) { return isa<affine::AffineForOp, scf::ForOp>(op); }

class Counter {
public:
  explicit Counter(func::FuncOp root) : symbols(root->getParentOp()) {}

  /// The largest nest of `func`, its count relative to one call.
  LargestNest count(func::FuncOp func) {
    if (auto it = memo.find(func); it != memo.end())
      return it->second;
    LargestNest largest;
    if (!active.insert(func).second || func.isExternal())
      return largest; // recursion or no body: nothing to count
    func.walk([&](Operation *op) {
      uint64_t around = iterationsAround(op, func);
      if (isLoop(op)) {
        uint64_t runs = llvm::SaturatingMultiply(around, constantTripCount(op));
        if (runs > largest.iterations)
          largest = {op, runs};
      } else if (auto call = dyn_cast<func::CallOp>(op)) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee)
          return;
        LargestNest inner = count(callee);
        uint64_t runs = llvm::SaturatingMultiply(around, inner.iterations);
        if (inner.loop && runs > largest.iterations)
          largest = {inner.loop, runs};
      }
    });
    active.erase(func);
    memo[func] = largest;
    return largest;
  }

private:
  /// The product of the trip counts of the loops around `op` in `func`.
  static uint64_t iterationsAround(Operation *op, func::FuncOp func) {
    uint64_t product = 1;
    for (Operation *parent = op->getParentOp(); parent && parent != func;
         parent = parent->getParentOp())
      if (isLoop(parent))
        product = llvm::SaturatingMultiply(product, constantTripCount(parent));
    return product;
  }

  SymbolTable symbols;
  llvm::DenseMap<Operation *, LargestNest> memo;
  llvm::SmallPtrSet<Operation *, 8> active;
};

/// "1024 x 1024 x 1024 x 512": the trip counts from the outermost loop of
/// the nest's function down to `loop`.
std::string describeTripCounts(Operation *loop) {
  SmallVector<uint64_t> counts;
  for (Operation *op = loop; op && !isa<func::FuncOp>(op);
       op = op->getParentOp())
    if (isLoop(op))
      counts.push_back(constantTripCount(op));
  std::string text;
  for (uint64_t count : llvm::reverse(counts))
    text += (text.empty() ? "" : " x ") + std::to_string(count);
  return text;
}

} // namespace

LargestNest findLargestNest(func::FuncOp func) {
  return Counter(func).count(func);
}

LogicalResult checkIterationLimit(func::FuncOp func, uint64_t limit) {
  LargestNest largest = findLargestNest(func);
  if (!largest.loop || largest.iterations <= limit)
    return success();
  InFlightDiagnostic diag =
      largest.loop->emitError()
      << "@" << func.getSymName() << " runs this loop's body "
      << largest.iterations << " times (" << describeTripCounts(largest.loop)
      << "), more than hcl check runs (--max-iterations=" << limit
      << "): check a smaller size of the kernel";
  if (largest.loop->getParentOfType<func::FuncOp>() != func)
    diag.attachNote(func.getLoc()) << "called from @" << func.getSymName();
  return failure();
}

} // namespace hcl::driver
