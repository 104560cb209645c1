//===- BankAccesses.cpp - the accesses of one loop iteration, per bank ----===//

#include "hcl/Analysis/BankAccesses.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

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

/// Whether `e` is linear in its dimensions (no mod, floordiv, ceildiv).
bool isLinear(AffineExpr e) {
  bool linear = e.isPureAffine();
  e.walk([&](AffineExpr sub) {
    linear &= sub.getKind() != AffineExprKind::Mod &&
              sub.getKind() != AffineExprKind::FloorDiv &&
              sub.getKind() != AffineExprKind::CeilDiv;
  });
  return linear;
}

/// One index of an address key, linear: a tag, the (value number,
/// coefficient) pairs by number with non-zero coefficients, a separator and
/// the constant, in binary. Equal keys are equal linear forms, which are
/// equal simplified expressions.
void appendLinearKey(std::string &key,
                     ArrayRef<std::pair<unsigned, int64_t>> terms,
                     int64_t constant) {
  auto append = [&](int64_t v) {
    key.append(reinterpret_cast<const char *>(&v), sizeof v);
  };
  key += 'L';
  for (auto [id, coefficient] : terms) {
    append(id);
    append(coefficient);
  }
  append(std::numeric_limits<int64_t>::min());
  append(constant);
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
  AccessCache ownCache;
  AccessCache &cache;

  Walker(const IterationOptions &options)
      : options(options), budget(options.budget),
        cache(options.cache ? *options.cache : ownCache) {}

  Value resolve(Value v) const {
    Value caller = callerValue.lookup(v);
    return caller ? caller : v;
  }

  void walkBlock(Block &body);
  bool unroll(AffineForOp loop);
  void enterCall(func::CallOp call);
  AccessInstance instantiate(Operation *op, Value memref, bool isStore,
                             const AffineValueMap &map, bool bankVaries,
                             const std::string *address);
  bool linearAddress(const AccessCache::Entry &entry, std::string &address);
  void add(Operation *op, bool bankVaries);
  void emit(const AccessInstance &instance) {
    if (options.sink)
      options.sink(instance);
    else
      out.push_back(instance);
  }
  AccessInstance scratch;
};

/// The access's indices with the fixed induction variables replaced by
/// their values (an unrolled copy), as text, and its bank.
AccessInstance Walker::instantiate(Operation *op, Value memref, bool isStore,
                                   const AffineValueMap &map, bool bankVaries,
                                   const std::string *address) {
  AccessInstance instance{op, resolve(memref), isStore, "", "", std::nullopt};
  auto type = cast<MemRefType>(memref.getType());
  bool partitioned = hasPartitionLayout(type);
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
  if (address) {
    instance.address = *address;
  } else {
    // Linear indices (after simplification) in the linear key's form, so
    // they match the same address of a linear access; others as text.
    for (AffineExpr e : indices.getResults()) {
      AffineExpr simple = simplifyAffineExpr(e, numIds, 0);
      SmallVector<int64_t, 8> flat;
      if (isLinear(simple) &&
          succeeded(getFlattenedAffineExpr(simple, numIds, 0, &flat)) &&
          flat.size() == numIds + 1) {
        SmallVector<std::pair<unsigned, int64_t>, 8> terms;
        for (unsigned id = 0; id < numIds; ++id)
          if (flat[id] != 0)
            terms.push_back({id, flat[id]});
        appendLinearKey(instance.address, terms, flat.back());
      } else {
        instance.address += "T" + exprText(simple) + ";";
      }
    }
  }
  // Banks: the partition layout's bank results applied to the indices.
  if (!partitioned)
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
      add(&op, /*bankVaries=*/false);
      continue;
    }
    if (options.memrefOps && isa<memref::LoadOp, memref::StoreOp>(op)) {
      add(&op, /*bankVaries=*/true);
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

/// One copy of the access `op` (its map computed once, in the cache).
void Walker::add(Operation *op, bool bankVaries) {
  const AccessCache::Entry &entry = cache.get(op);
  if (entry.scalar)
    return;
  // The common case fills one reused instance: no allocation per copy.
  scratch.address.clear();
  if (!linearAddress(entry, scratch.address)) {
    emit(instantiate(op, entry.memref, entry.isStore, entry.map, bankVaries,
                     nullptr));
    return;
  }
  // A fixed bank needs the indices as expressions; else the address is all.
  if (entry.partitioned && !bankVaries) {
    emit(instantiate(op, entry.memref, entry.isStore, entry.map, bankVaries,
                     &scratch.address));
    return;
  }
  scratch.op = op;
  scratch.memref = resolve(entry.memref);
  scratch.isStore = entry.isStore;
  scratch.bank = entry.partitioned ? "*" : "";
  scratch.bankIndices.reset();
  emit(scratch);
}

/// The address of a copy of a linear access without building affine
/// expressions: per index, the coefficients of the values that vary (by
/// their number) and the constant, the unrolled induction variables folded
/// in. Equal linear forms are equal simplified expressions, so this groups
/// copies as their printed simplified indices do, at a fraction of the cost.
bool Walker::linearAddress(const AccessCache::Entry &entry,
                           std::string &address) {
  if (!entry.linear)
    return false;
  unsigned n = entry.map.getNumOperands();
  // Every operand gets its number in order, as the expression path does.
  SmallVector<std::optional<int64_t>, 8> values(n);
  SmallVector<unsigned, 8> idsOf(n);
  for (unsigned i = 0; i < n; ++i) {
    Value operand = resolve(entry.map.getOperand(i));
    auto it = fixed.find(operand);
    if (it != fixed.end())
      values[i] = it->second;
    else
      idsOf[i] = ids.of(operand);
  }
  SmallVector<std::pair<unsigned, int64_t>, 8> terms, merged;
  for (const SmallVector<int64_t, 8> &coefficients : *entry.linear) {
    int64_t constant = coefficients.back();
    terms.clear();
    merged.clear();
    for (unsigned i = 0; i < n; ++i) {
      if (coefficients[i] == 0)
        continue;
      if (values[i])
        constant += coefficients[i] * *values[i];
      else
        terms.push_back({idsOf[i], coefficients[i]});
    }
    llvm::sort(terms);
    // Two operands may be one value (a callee argument and its caller's).
    for (auto [id, coefficient] : terms) {
      if (!merged.empty() && merged.back().first == id)
        merged.back().second += coefficient;
      else
        merged.push_back({id, coefficient});
    }
    llvm::erase_if(merged, [](auto &t) { return t.second == 0; });
    appendLinearKey(address, merged, constant);
  }
  return true;
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

AccessCache::AccessCache() = default;
AccessCache::~AccessCache() = default;

const AccessCache::Entry &AccessCache::get(Operation *op) {
  std::unique_ptr<Entry> &slot = entries[op];
  if (slot)
    return *slot;
  slot = std::make_unique<Entry>();
  Entry &e = *slot;
  if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op)) {
    MemRefAccess access(op);
    e.memref = access.memref;
    e.isStore = access.isStore();
    access.getAccessMap(&e.map);
  } else {
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    e.memref = load ? load.getMemRef() : store.getMemRef();
    e.isStore = !load;
    e.map = memrefAccessMap(op, load ? load.getIndices() : store.getIndices());
  }
  e.scalar = isScalarStorage(e.memref);
  e.partitioned = hasPartitionLayout(cast<MemRefType>(e.memref.getType()));
  // Linear indices only: no mod / floordiv / ceildiv (no local variables).
  AffineMap map = e.map.getAffineMap();
  std::vector<SmallVector<int64_t, 8>> flat;
  if (llvm::all_of(map.getResults(), isLinear) &&
      succeeded(getFlattenedAffineExprs(map, &flat)) &&
      llvm::all_of(flat, [&](const SmallVector<int64_t, 8> &f) {
        return f.size() == map.getNumInputs() + 1;
      }))
    e.linear = std::move(flat);
  return e;
}

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
