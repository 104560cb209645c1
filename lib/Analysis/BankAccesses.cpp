//===- BankAccesses.cpp - the accesses of one loop iteration, per bank ----===//

#include "hcl/Analysis/BankAccesses.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {
namespace {

std::string exprText(AffineExpr e) {
  std::string s;
  llvm::raw_string_ostream os(s);
  e.print(os);
  return s;
}

/// Numbers the values indices use, so equal addresses print equally
/// whichever access computes them.
struct ValueIds {
  DenseMap<Value, unsigned> ids;
  unsigned of(Value v) { return ids.try_emplace(v, ids.size()).first->second; }
};

/// The iteration being listed: the induction variables unrolled copies fix,
/// the callee arguments that stand for a caller's values, the budget left.
struct Walker {
  const IterationOptions &options;
  int64_t budget;
  std::vector<AccessInstance> out;
  DenseMap<Value, int64_t> fixed;
  DenseMap<Value, Value> callerValue; // callee argument -> caller's value
  SmallVector<Operation *> callees;   // the calls being walked, no recursion
  ValueIds ids;

  Walker(const IterationOptions &options)
      : options(options), budget(options.budget) {}

  Value resolve(Value v) const {
    Value caller = callerValue.lookup(v);
    return caller ? caller : v;
  }

  void walkBlock(Block &body);
  bool unroll(AffineForOp loop);
  void enterCall(func::CallOp call);
  AccessInstance instantiate(Operation *op, Value memref, bool isStore,
                             const AffineValueMap &map, bool bankVaries);
};

/// The access's indices with the fixed induction variables replaced by
/// their values (an unrolled copy), as text, and its bank.
AccessInstance Walker::instantiate(Operation *op, Value memref, bool isStore,
                                   const AffineValueMap &map,
                                   bool bankVaries) {
  MLIRContext *ctx = op->getContext();
  // Every operand becomes the dimension of its value's number (or its
  // unrolled value), so the expressions compare across accesses.
  SmallVector<AffineExpr> dims, syms;
  for (unsigned i = 0; i < map.getNumOperands(); ++i) {
    Value operand = resolve(map.getOperand(i));
    auto it = fixed.find(operand);
    AffineExpr e = it == fixed.end()
                       ? getAffineDimExpr(ids.of(operand), ctx)
                       : getAffineConstantExpr(it->second, ctx);
    (i < map.getNumDims() ? dims : syms).push_back(e);
  }
  unsigned numIds = ids.ids.size();
  AffineMap indices = map.getAffineMap().replaceDimsAndSymbols(
      dims, syms, numIds, 0);
  AccessInstance instance{op, resolve(memref), isStore, "", "", std::nullopt};
  llvm::raw_string_ostream os(instance.address);
  for (AffineExpr e : indices.getResults())
    os << exprText(simplifyAffineExpr(e, numIds, 0)) << ";";
  // Banks: the partition layout's bank results applied to the indices.
  auto type = cast<MemRefType>(memref.getType());
  if (!hasPartitionLayout(type))
    return instance;
  instance.bank = "*";
  if (bankVaries)
    return instance;
  AffineMap layout = type.getLayout().getAffineMap();
  AffineMap banks =
      layout.getSubMap(llvm::to_vector(llvm::seq<unsigned>(0, type.getRank())));
  AffineMap composed = banks.compose(indices);
  std::string bank;
  llvm::raw_string_ostream bankOs(bank);
  SmallVector<int64_t> bankIndices;
  for (AffineExpr e : composed.getResults()) {
    AffineExpr simple = simplifyAffineExpr(e, composed.getNumDims(),
                                           composed.getNumSymbols());
    auto c = dyn_cast<AffineConstantExpr>(simple);
    if (!c)
      return instance;
    bankOs << c.getValue() << ",";
    bankIndices.push_back(c.getValue());
  }
  instance.bank = bank;
  instance.bankIndices = std::move(bankIndices);
  return instance;
}

bool isScalarStorage(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  return type.hasStaticShape() && type.getNumElements() <= 1;
}

/// A memref.load / memref.store's indices as an affine map, affine.apply
/// producers folded in, so equal addresses print equally.
AffineValueMap memrefAccessMap(Operation *op, ValueRange indices) {
  SmallVector<Value> operands(indices);
  AffineMap map = AffineMap::getMultiDimIdentityMap(operands.size(),
                                                    op->getContext());
  fullyComposeAffineMapAndOperands(&map, &operands);
  return AffineValueMap(map, operands);
}

/// Every access of one iteration of `body`, nested loops unrolled while the
/// budget lasts.
void Walker::walkBlock(Block &body) {
  for (Operation &op : body) {
    if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op)) {
      MemRefAccess access(&op);
      if (isScalarStorage(access.memref))
        continue;
      AffineValueMap map;
      access.getAccessMap(&map);
      out.push_back(instantiate(&op, access.memref, access.isStore(), map,
                                /*bankVaries=*/false));
      continue;
    }
    if (options.memrefOps && isa<memref::LoadOp, memref::StoreOp>(op)) {
      auto load = dyn_cast<memref::LoadOp>(op);
      auto store = dyn_cast<memref::StoreOp>(op);
      Value memref = load ? load.getMemRef() : store.getMemRef();
      if (isScalarStorage(memref))
        continue;
      ValueRange indices = load ? load.getIndices() : store.getIndices();
      out.push_back(instantiate(&op, memref, !load,
                                memrefAccessMap(&op, indices),
                                /*bankVaries=*/true));
      continue;
    }
    if (auto loop = dyn_cast<AffineForOp>(op); loop && unroll(loop))
      continue;
    if (auto call = dyn_cast<func::CallOp>(op); call && options.followCalls) {
      enterCall(call);
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &block : region)
        walkBlock(block);
  }
}

/// Unrolls `loop` when its copies fit in the budget; false leaves it rolled
/// (walked once, its induction variable varying). Checking the trip count
/// before unrolling bounds the work by the budget whatever the bounds.
bool Walker::unroll(AffineForOp loop) {
  std::optional<uint64_t> trips = getConstantTripCount(loop);
  if (!loop.hasConstantBounds() || !trips ||
      *trips > static_cast<uint64_t>(std::max<int64_t>(budget, 0)))
    return false;
  budget -= static_cast<int64_t>(*trips);
  for (int64_t v = loop.getConstantLowerBound();
       v < loop.getConstantUpperBound(); v += loop.getStepAsInt()) {
    fixed[loop.getInductionVar()] = v;
    walkBlock(*loop.getBody());
  }
  fixed.erase(loop.getInductionVar());
  return true;
}

/// The callee's accesses as part of the caller's iteration, its arguments
/// standing for the call's operands. A callee without a body, or one already
/// being walked (recursion), adds nothing.
void Walker::enterCall(func::CallOp call) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || callee.isExternal() || llvm::is_contained(callees, callee) ||
      callees.size() > 16)
    return;
  callees.push_back(callee);
  for (auto [arg, operand] :
       llvm::zip(callee.getArguments(), call.getArgOperands()))
    callerValue[arg] = resolve(operand);
  for (Block &block : callee.getBody())
    walkBlock(block);
  for (BlockArgument arg : callee.getArguments())
    callerValue.erase(arg);
  callees.pop_back();
}

} // namespace

std::vector<AccessInstance> collectIterationAccesses(Block &body,
                                                     int64_t budget) {
  IterationOptions options;
  options.budget = budget;
  Walker walker(options);
  walker.walkBlock(body);
  return std::move(walker.out);
}

/// Walks outward from `op`, then from each call in `calls` (innermost
/// first), for a pipelined loop, then for any loop.
Operation *schedulingScope(Operation *op, ArrayRef<Operation *> calls) {
  auto outward = [&](auto parentOf) -> Operation * {
    Operation *at = op;
    for (size_t i = calls.size();; --i) {
      if (Operation *found = parentOf(at))
        return found;
      if (i == 0)
        return nullptr;
      at = calls[i - 1];
    }
  };
  if (Operation *loop = outward([](Operation *at) -> Operation * {
        for (auto loop = at->getParentOfType<AffineForOp>(); loop;
             loop = loop->getParentOfType<AffineForOp>())
          if (loop->hasAttr("pipeline_ii"))
            return loop;
        return nullptr;
      }))
    return loop;
  if (Operation *loop = outward([](Operation *at) -> Operation * {
        return at->getParentOfType<LoopLikeOpInterface>();
      }))
    return loop;
  return op->getParentOfType<func::FuncOp>();
}

std::vector<AccessInstance>
collectScopeAccesses(Operation *scope, const IterationOptions &options) {
  Walker walker(options);
  for (Region &region : scope->getRegions())
    for (Block &block : region)
      walker.walkBlock(block);
  return std::move(walker.out);
}

} // namespace hcl
