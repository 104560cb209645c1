//===- BankAccesses.cpp - the accesses of one loop iteration, per bank ----===//

#include "hcl/Analysis/BankAccesses.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
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

/// The access's indices with the induction variables in `fixed` replaced by
/// their values (an unrolled copy), as text, and its bank.
AccessInstance instantiate(Operation *op, const DenseMap<Value, int64_t> &fixed,
                           ValueIds &valueIds) {
  MemRefAccess access(op);
  AffineValueMap map;
  access.getAccessMap(&map);
  MLIRContext *ctx = op->getContext();
  // Every operand becomes the dimension of its value's number (or its
  // unrolled value), so the expressions compare across accesses.
  SmallVector<AffineExpr> dims, syms;
  unsigned numIds = 0;
  for (unsigned i = 0; i < map.getNumOperands(); ++i) {
    Value operand = map.getOperand(i);
    auto it = fixed.find(operand);
    AffineExpr e = it == fixed.end()
                       ? getAffineDimExpr(valueIds.of(operand), ctx)
                       : getAffineConstantExpr(it->second, ctx);
    (i < map.getNumDims() ? dims : syms).push_back(e);
  }
  numIds = valueIds.ids.size();
  AffineMap indices = map.getAffineMap().replaceDimsAndSymbols(
      dims, syms, numIds, 0);
  AccessInstance instance{op, access.memref, access.isStore(), "", "",
                          std::nullopt};
  llvm::raw_string_ostream os(instance.address);
  for (AffineExpr e : indices.getResults())
    os << exprText(simplifyAffineExpr(e, numIds, 0)) << ";";
  // Banks: the partition layout's bank results applied to the indices.
  auto type = cast<MemRefType>(access.memref.getType());
  if (hasPartitionLayout(type)) {
    AffineMap layout = type.getLayout().getAffineMap();
    AffineMap banks = layout.getSubMap(
        llvm::to_vector(llvm::seq<unsigned>(0, type.getRank())));
    AffineMap composed = banks.compose(indices);
    llvm::raw_string_ostream bank(instance.bank);
    SmallVector<int64_t> bankIndices;
    for (AffineExpr e : composed.getResults()) {
      AffineExpr s = simplifyAffineExpr(e, composed.getNumDims(),
                                        composed.getNumSymbols());
      auto c = dyn_cast<AffineConstantExpr>(s);
      if (!c) {
        instance.bank = "*";
        break;
      }
      bank << c.getValue() << ",";
      bankIndices.push_back(c.getValue());
    }
    if (instance.bank != "*")
      instance.bankIndices = std::move(bankIndices);
  }
  return instance;
}

bool isScalarStorage(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  return type.hasStaticShape() && type.getNumElements() <= 1;
}

/// Every access of one iteration of `body`, nested loops unrolled while the
/// copies stay few.
void collectInstances(Block &body, DenseMap<Value, int64_t> &fixed,
                      std::vector<AccessInstance> &out, int64_t &budget,
                      ValueIds &ids) {
  for (Operation &op : body) {
    if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op)) {
      if (!isScalarStorage(MemRefAccess(&op).memref))
        out.push_back(instantiate(&op, fixed, ids));
      continue;
    }
    auto loop = dyn_cast<AffineForOp>(op);
    if (loop && loop.hasConstantBounds() && budget > 0) {
      for (int64_t v = loop.getConstantLowerBound();
           v < loop.getConstantUpperBound(); v += loop.getStepAsInt()) {
        fixed[loop.getInductionVar()] = v;
        --budget;
        collectInstances(*loop.getBody(), fixed, out, budget, ids);
      }
      fixed.erase(loop.getInductionVar());
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &block : region)
        collectInstances(block, fixed, out, budget, ids);
  }
}

} // namespace

std::vector<AccessInstance> collectIterationAccesses(Block &body,
                                                     int64_t budget) {
  std::vector<AccessInstance> instances;
  DenseMap<Value, int64_t> fixed;
  ValueIds ids;
  collectInstances(body, fixed, instances, budget, ids);
  return instances;
}

} // namespace hcl
