//===- BankAccesses.cpp - the accesses of one loop iteration, per bank ----===//

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Analysis/AffineEvaluate.h"

#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <map>

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

/// The (value number, coefficient) pairs of one linear index.
using Terms = SmallVector<std::pair<unsigned, int64_t>, 8>;

/// One index of an access's copy: linear terms and a constant, or (when not
/// linear) text.
struct IndexForm {
  Terms terms;
  int64_t constant = 0;
  std::string text;
};

IndexForm indexForm(AffineExpr e, unsigned numIds);

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
  /// Numeric addresses: the shapes numbered so far, and per access the
  /// shape of its last copy with the operands that copy fixed (bit i:
  /// operand i): the next copies fixing the same operands share it.
  std::map<SmallVector<int64_t, 16>, unsigned> shapes;
  struct Form {
    uint64_t fixedMask;
    unsigned shape;
  };
  DenseMap<Operation *, Form> forms;
  /// Per access and index that only free operands decide: its form, the
  /// same in every copy (kept with the numbers of those operands, which a
  /// call from another site would change).
  struct FreeForm {
    SmallVector<unsigned, 4> ids;
    IndexForm form;
  };
  DenseMap<std::pair<Operation *, unsigned>, FreeForm> freeForms;
  /// Runs: the loop whose copies the walk of its body stands for, its
  /// induction variable fixed at the first copy's value.
  struct Run {
    Value iv;
    int64_t lower, step, copies;
  };
  std::optional<Run> run;

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
  void instantiate(Operation *op, const AccessCache::Entry &entry,
                   bool bankVaries, bool withAddress, AccessInstance &instance);
  unsigned shapeOf(ArrayRef<Terms> terms);
  void operandValues(const AccessCache::Entry &entry,
                     SmallVectorImpl<std::optional<int64_t>> &values,
                     SmallVectorImpl<unsigned> *idsOf);
  void linearAddress(const AccessCache::Entry &entry, std::string &address);
  void numericAddress(Operation *op, const AccessCache::Entry &entry,
                      AccessInstance &instance);
  void add(Operation *op, const AccessCache::Entry &entry, bool bankVaries);
  SmallVector<std::optional<int64_t>, 8>
  fixedValues(const AccessCache::Entry &entry) const;
  void instantiateFixed(const AccessCache::Entry &entry,
                        ArrayRef<std::optional<int64_t>> values,
                        bool bankVaries, bool withAddress,
                        AccessInstance &instance);
  void emit(const AccessInstance &instance) {
    if (options.sink)
      options.sink(instance);
    else
      out.push_back(instance);
  }
  AccessInstance scratch;
};

/// The bank of every dimension of a partitioned array at known `indices`
/// (those no bank depends on may be anything).
void setBank(const AccessCache::Entry &entry, ArrayRef<int64_t> indices,
             AccessInstance &instance) {
  std::string bank;
  llvm::raw_string_ostream bankOs(bank);
  SmallVector<int64_t> bankIndices;
  for (AffineExpr e : entry.banks.getResults()) {
    int64_t value = evaluateAffineExpr(e, indices, {});
    bankOs << value << ",";
    bankIndices.push_back(value);
  }
  instance.bank = bank;
  instance.bankIndices = std::move(bankIndices);
}

/// The number of a shape (the terms of every index), the same for equal
/// shapes within one collection.
unsigned Walker::shapeOf(ArrayRef<Terms> terms) {
  SmallVector<int64_t, 16> key;
  for (const Terms &index : terms) {
    key.push_back(static_cast<int64_t>(index.size()));
    for (auto [id, coefficient] : index) {
      key.push_back(id);
      key.push_back(coefficient);
    }
  }
  return shapes.try_emplace(key, shapes.size() + 1).first->second;
}

/// Fills `instance` for the access `op`: its indices with the fixed
/// induction variables replaced by their values (an unrolled copy) as its
/// address (unless `withAddress` is false: the caller has set it), and its
/// bank.
void Walker::instantiate(Operation *op, const AccessCache::Entry &entry,
                         bool bankVaries, bool withAddress,
                         AccessInstance &instance) {
  instance.op = op;
  instance.memref = resolve(entry.memref);
  instance.isStore = entry.isStore;
  instance.bank.clear();
  instance.bankIndices.reset();
  SmallVector<std::optional<int64_t>, 8> values = fixedValues(entry);
  if (llvm::all_of(values, [](auto &v) { return v.has_value(); }))
    return instantiateFixed(entry, values, bankVaries, withAddress, instance);
  const AffineValueMap &map = entry.map;
  MLIRContext *ctx = op->getContext();
  // Every operand becomes the dimension of its value's number (or its
  // unrolled value), so the expressions compare across accesses; built only
  // when an index mixes fixed and free operands or is met the first time.
  SmallVector<AffineExpr> dims, syms;
  auto operandExprs = [&] {
    if (!dims.empty() || !syms.empty())
      return;
    for (unsigned i = 0; i < map.getNumOperands(); ++i) {
      AffineExpr e =
          values[i] ? getAffineConstantExpr(*values[i], ctx)
                    : getAffineDimExpr(ids.of(resolve(map.getOperand(i))), ctx);
      (i < map.getNumDims() ? dims : syms).push_back(e);
    }
  };
  // Per index: its value when every operand it uses is fixed.
  AffineMap access = map.getAffineMap();
  SmallVector<std::optional<int64_t>, 4> known(access.getNumResults());
  SmallVector<int64_t, 8> operands;
  for (const std::optional<int64_t> &value : values)
    operands.push_back(value.value_or(0));
  ArrayRef<int64_t> all(operands);
  SmallVector<const IndexForm *, 4> forms;
  SmallVector<IndexForm, 4> mixed;
  mixed.reserve(access.getNumResults());
  for (auto [r, e] : llvm::enumerate(access.getResults())) {
    bool anyFixed = false, anyFree = false;
    for (unsigned i : entry.usedOperands[r])
      (values[i] ? anyFixed : anyFree) = true;
    if (!anyFree) {
      known[r] = evaluateAffineExpr(e, all.take_front(map.getNumDims()),
                                    all.drop_front(map.getNumDims()));
      forms.push_back(&mixed.emplace_back(IndexForm{{}, *known[r], ""}));
      continue;
    }
    if (!withAddress) {
      forms.push_back(nullptr);
      continue;
    }
    if (anyFixed) {
      operandExprs();
      forms.push_back(&mixed.emplace_back(
          indexForm(e.replaceDimsAndSymbols(dims, syms), ids.ids.size())));
      continue;
    }
    // Only free operands: the same form in every copy, once per walk.
    SmallVector<unsigned, 4> freeIds;
    for (unsigned i : entry.usedOperands[r])
      freeIds.push_back(ids.of(resolve(map.getOperand(i))));
    auto [it, inserted] = freeForms.try_emplace({op, static_cast<unsigned>(r)});
    if (inserted || it->second.ids != freeIds) {
      operandExprs();
      it->second = {freeIds, indexForm(e.replaceDimsAndSymbols(dims, syms),
                                       ids.ids.size())};
    }
    forms.push_back(&it->second.form);
  }
  if (withAddress) {
    instance.address.clear();
    instance.shape = 0;
    instance.constants.clear();
    bool linear =
        llvm::all_of(forms, [](const IndexForm *f) { return f->text.empty(); });
    if (options.numericAddresses && linear) {
      SmallVector<Terms, 4> terms;
      for (const IndexForm *form : forms) {
        terms.push_back(form->terms);
        instance.constants.push_back(form->constant);
      }
      instance.shape = shapeOf(terms);
    } else {
      for (const IndexForm *form : forms)
        if (form->text.empty())
          appendLinearKey(instance.address, form->terms, form->constant);
        else
          instance.address += form->text;
    }
  }
  // Banks: the partition layout's bank results applied to the indices.
  if (!entry.partitioned)
    return;
  instance.bank = "*";
  if (bankVaries)
    return;
  bool banksKnown = true;
  SmallVector<int64_t, 4> indexValues;
  for (auto [d, value] : llvm::enumerate(known)) {
    indexValues.push_back(value.value_or(0));
    banksKnown &= value || !entry.bankIndices[d];
  }
  if (banksKnown)
    return setBank(entry, indexValues, instance);
  operandExprs();
  AffineMap indices =
      access.replaceDimsAndSymbols(dims, syms, ids.ids.size(), 0);
  AffineMap composed = entry.banks.compose(indices);
  std::string bank;
  llvm::raw_string_ostream bankOs(bank);
  SmallVector<int64_t> bankIndices;
  for (AffineExpr e : composed.getResults()) {
    AffineExpr simple =
        simplifyAffineExpr(e, composed.getNumDims(), composed.getNumSymbols());
    auto c = dyn_cast<AffineConstantExpr>(simple);
    if (!c)
      return;
    bankOs << c.getValue() << ",";
    bankIndices.push_back(c.getValue());
  }
  instance.bank = bank;
  instance.bankIndices = std::move(bankIndices);
}

/// One index of a copy, simplified: linear, in the linear key's form (so it
/// matches the same address of a linear access), or else as text.
IndexForm indexForm(AffineExpr e, unsigned numIds) {
  AffineExpr simple = simplifyAffineExpr(e, numIds, 0);
  SmallVector<int64_t, 8> flat;
  IndexForm form;
  if (isLinear(simple) &&
      succeeded(getFlattenedAffineExpr(simple, numIds, 0, &flat)) &&
      flat.size() == numIds + 1) {
    for (unsigned id = 0; id < numIds; ++id)
      if (flat[id] != 0)
        form.terms.push_back({id, flat[id]});
    form.constant = flat.back();
  } else {
    form.text = "T" + exprText(simple) + ";";
  }
  return form;
}

/// The values of an access's operands that unrolled copies fix (none for
/// the others).
SmallVector<std::optional<int64_t>, 8>
Walker::fixedValues(const AccessCache::Entry &entry) const {
  SmallVector<std::optional<int64_t>, 8> values(entry.map.getNumOperands());
  for (unsigned i = 0; i < values.size(); ++i)
    if (auto it = fixed.find(resolve(entry.map.getOperand(i)));
        it != fixed.end())
      values[i] = it->second;
  return values;
}

/// `instantiate` for a copy that fixes every operand of the access: its
/// indices are integers, evaluated without building expressions, and give
/// the address and bank the symbolic path would (constant indices).
void Walker::instantiateFixed(const AccessCache::Entry &entry,
                              ArrayRef<std::optional<int64_t>> values,
                              bool bankVaries, bool withAddress,
                              AccessInstance &instance) {
  SmallVector<int64_t, 8> operands;
  for (const std::optional<int64_t> &value : values)
    operands.push_back(*value);
  AffineMap map = entry.map.getAffineMap();
  ArrayRef<int64_t> all(operands);
  SmallVector<int64_t, 4> indices;
  for (AffineExpr e : map.getResults())
    indices.push_back(evaluateAffineExpr(e, all.take_front(map.getNumDims()),
                                         all.drop_front(map.getNumDims())));
  if (withAddress) {
    instance.address.clear();
    instance.shape = 0;
    instance.constants.clear();
    if (options.numericAddresses) {
      instance.shape = shapeOf(SmallVector<Terms, 4>(indices.size()));
      instance.constants.assign(indices.begin(), indices.end());
    } else {
      for (int64_t index : indices)
        appendLinearKey(instance.address, {}, index);
    }
  }
  if (!entry.partitioned)
    return;
  instance.bank = "*";
  if (!bankVaries)
    setBank(entry, indices, instance);
}

bool isScalarStorage(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  return type.hasStaticShape() && type.getNumElements() <= 1;
}

/// A memref.load / memref.store's indices as an affine map, affine.apply
/// producers folded in, so equal addresses print equally.
AffineValueMap memrefAccessMap(Operation *op, ValueRange indices) {
  SmallVector<Value> operands(indices);
  AffineMap map =
      AffineMap::getMultiDimIdentityMap(operands.size(), op->getContext());
  fullyComposeAffineMapAndOperands(&map, &operands);
  return AffineValueMap(map, operands);
}

/// Every access of one iteration of `body`, nested loops unrolled while the
/// budget lasts.
void Walker::walkBlock(Block &body) {
  for (const AccessCache::Item &item : cache.items(&body)) {
    Operation *op = item.op;
    switch (item.kind) {
    case AccessCache::Item::AffineAccess:
      add(op, *item.entry, /*bankVaries=*/false);
      continue;
    case AccessCache::Item::MemrefAccess:
      if (options.memrefOps)
        add(op, *item.entry, /*bankVaries=*/true);
      continue;
    case AccessCache::Item::AffineFor:
      if (unroll(cast<AffineForOp>(op)))
        continue;
      break;
    case AccessCache::Item::Call:
      if (options.followCalls)
        enterCall(cast<func::CallOp>(op));
      continue;
    case AccessCache::Item::Regions:
      break;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        walkBlock(block);
  }
}

/// One copy of the access `op` (its map computed once, in the cache).
void Walker::add(Operation *op, const AccessCache::Entry &entry,
                 bool bankVaries) {
  if (entry.scalar)
    return;
  // In a run, an access that is not linear, or whose bank is fixed (it
  // depends on the copy), is listed copy by copy.
  if (run && (!entry.linear || (entry.partitioned && !bankVaries))) {
    Run r = *run;
    run.reset();
    for (int64_t j = 0; j < r.copies; ++j) {
      fixed[r.iv] = r.lower + j * r.step;
      add(op, entry, bankVaries);
    }
    fixed[r.iv] = r.lower;
    run = r;
    return;
  }
  // The common case fills one reused instance: no allocation per copy.
  if (!entry.linear) {
    instantiate(op, entry, bankVaries, /*withAddress=*/true, scratch);
    scratch.copies = 1;
    scratch.steps.clear();
    emit(scratch);
    return;
  }
  scratch.copies = 1;
  scratch.steps.clear();
  if (options.numericAddresses) {
    numericAddress(op, entry, scratch);
  } else {
    scratch.address.clear();
    scratch.shape = 0;
    scratch.constants.clear();
    linearAddress(entry, scratch.address);
  }
  // A fixed bank needs the indices as expressions; else the address is all.
  if (entry.partitioned && !bankVaries) {
    instantiate(op, entry, bankVaries, /*withAddress=*/false, scratch);
    emit(scratch);
    return;
  }
  scratch.op = op;
  scratch.memref = resolve(entry.memref);
  scratch.isStore = entry.isStore;
  scratch.bank = entry.partitioned ? "*" : "";
  scratch.bankIndices.reset();
  emit(scratch);
}

/// The terms of every index of a copy of a linear access whose operands
/// `values` gives where fixed: per index, the values that vary (by their
/// number, in order, operands naming one value merged) with their
/// coefficients. Equal terms and constants are equal simplified
/// expressions, as their printed forms would be.
void linearTerms(const AccessCache::Entry &entry,
                 ArrayRef<std::optional<int64_t>> values,
                 ArrayRef<unsigned> idsOf, SmallVectorImpl<Terms> &out) {
  unsigned n = values.size();
  Terms terms;
  for (const SmallVector<int64_t, 8> &coefficients : *entry.linear) {
    terms.clear();
    for (unsigned i = 0; i < n; ++i)
      if (coefficients[i] != 0 && !values[i])
        terms.push_back({idsOf[i], coefficients[i]});
    llvm::sort(terms);
    // Two operands may be one value (a callee argument and its caller's).
    Terms &merged = out.emplace_back();
    for (auto [id, coefficient] : terms) {
      if (!merged.empty() && merged.back().first == id)
        merged.back().second += coefficient;
      else
        merged.push_back({id, coefficient});
    }
    llvm::erase_if(merged, [](auto &t) { return t.second == 0; });
  }
}

/// Per index, the constant of a copy: the map's constant plus the fixed
/// operands' values times their coefficients.
void linearConstants(const AccessCache::Entry &entry,
                     ArrayRef<std::optional<int64_t>> values,
                     SmallVectorImpl<int64_t> &out) {
  for (const SmallVector<int64_t, 8> &coefficients : *entry.linear) {
    int64_t constant = coefficients.back();
    for (unsigned i = 0; i < values.size(); ++i)
      if (coefficients[i] != 0 && values[i])
        constant += coefficients[i] * *values[i];
    out.push_back(constant);
  }
}

/// The fixed values of the access's operands (none: varying), and the
/// number of each varying one, numbered in order as the expression path
/// numbers them.
void Walker::operandValues(const AccessCache::Entry &entry,
                           SmallVectorImpl<std::optional<int64_t>> &values,
                           SmallVectorImpl<unsigned> *idsOf) {
  unsigned n = entry.map.getNumOperands();
  values.assign(n, std::nullopt);
  if (idsOf)
    idsOf->assign(n, 0);
  for (unsigned i = 0; i < n; ++i) {
    Value operand = resolve(entry.map.getOperand(i));
    auto it = fixed.find(operand);
    if (it != fixed.end())
      values[i] = it->second;
    else if (idsOf)
      (*idsOf)[i] = ids.of(operand);
  }
}

/// The address of a copy of a linear access without building affine
/// expressions, as text: per index, the terms and the constant.
void Walker::linearAddress(const AccessCache::Entry &entry,
                           std::string &address) {
  SmallVector<std::optional<int64_t>, 8> values;
  SmallVector<unsigned, 8> idsOf;
  operandValues(entry, values, &idsOf);
  SmallVector<Terms, 4> terms;
  linearTerms(entry, values, idsOf, terms);
  SmallVector<int64_t, 4> constants;
  linearConstants(entry, values, constants);
  for (auto [index, constant] : llvm::zip(terms, constants))
    appendLinearKey(address, index, constant);
}

/// The same as numbers: the shape of the copy's terms, found again for the
/// next copies that fix the same operands (outside calls, where an
/// operand is always the same value), and the constants.
void Walker::numericAddress(Operation *op, const AccessCache::Entry &entry,
                            AccessInstance &instance) {
  SmallVector<std::optional<int64_t>, 8> values;
  operandValues(entry, values, nullptr);
  unsigned n = values.size();
  uint64_t mask = 0;
  for (unsigned i = 0; i < n && i < 64; ++i)
    if (values[i])
      mask |= uint64_t(1) << i;
  bool reusable = callees.empty() && n <= 64;
  auto it = reusable ? forms.find(op) : forms.end();
  if (it != forms.end() && it->second.fixedMask == mask) {
    instance.shape = it->second.shape;
  } else {
    SmallVector<unsigned, 8> idsOf;
    operandValues(entry, values, &idsOf);
    SmallVector<Terms, 4> terms;
    linearTerms(entry, values, idsOf, terms);
    instance.shape = shapeOf(terms);
    if (reusable)
      forms[op] = {mask, instance.shape};
  }
  instance.address.clear();
  instance.constants.clear();
  linearConstants(entry, values, instance.constants);
  if (!run)
    return;
  // Per index, how far the next copy moves: the run's induction variable's
  // coefficients (over the operands that are it) times the loop step.
  instance.copies = run->copies;
  for (const SmallVector<int64_t, 8> &coefficients : *entry.linear) {
    int64_t step = 0;
    for (unsigned i = 0; i < n; ++i)
      if (coefficients[i] != 0 && resolve(entry.map.getOperand(i)) == run->iv)
        step += coefficients[i] * run->step;
    instance.steps.push_back(step);
  }
}

/// Unrolls `loop` when its copies fit in the budget; false leaves it rolled
/// (walked once, its induction variable varying). Checking the trip count
/// before unrolling bounds the work by the budget whatever the bounds.
bool Walker::unroll(AffineForOp loop) {
  AccessCache::Loop bounds = cache.loop(loop); // a copy: the cache grows
  if (!bounds.constant ||
      bounds.trips > static_cast<uint64_t>(std::max<int64_t>(budget, 0)))
    return false;
  budget -= static_cast<int64_t>(bounds.trips);
  // A loop without loops inside: one walk of its body for all its copies
  // (an access's copies differ only in the constants).
  if (options.runs && !bounds.holdsLoops && !run) {
    if (bounds.trips == 0)
      return true;
    run = Run{loop.getInductionVar(), bounds.lower, bounds.step,
              static_cast<int64_t>(bounds.trips)};
    fixed[loop.getInductionVar()] = bounds.lower;
    walkBlock(*loop.getBody());
    fixed.erase(loop.getInductionVar());
    run.reset();
    return true;
  }
  for (int64_t v = bounds.lower; v < bounds.upper; v += bounds.step) {
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
  auto type = cast<MemRefType>(e.memref.getType());
  e.partitioned = hasPartitionLayout(type);
  if (e.partitioned) {
    e.banks = type.getLayout().getAffineMap().getSubMap(
        llvm::to_vector(llvm::seq<unsigned>(0, type.getRank())));
    for (unsigned d = 0; d < type.getRank(); ++d)
      e.bankIndices.push_back(
          llvm::any_of(e.banks.getResults(),
                       [&](AffineExpr b) { return b.isFunctionOfDim(d); }));
  }
  AffineMap accessMap = e.map.getAffineMap();
  for (AffineExpr index : accessMap.getResults()) {
    SmallVector<unsigned, 4> &used = e.usedOperands.emplace_back();
    for (unsigned i = 0; i < accessMap.getNumInputs(); ++i)
      if (i < accessMap.getNumDims()
              ? index.isFunctionOfDim(i)
              : index.isFunctionOfSymbol(i - accessMap.getNumDims()))
        used.push_back(i);
  }
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

const AccessCache::Loop &AccessCache::loop(Operation *affineFor) {
  auto [it, inserted] = loops.try_emplace(affineFor);
  if (!inserted)
    return it->second;
  auto loop = cast<AffineForOp>(affineFor);
  std::optional<uint64_t> trips = getConstantTripCount(loop);
  if (loop.hasConstantBounds() && trips)
    it->second = {true, loop.getConstantLowerBound(),
                  loop.getConstantUpperBound(), loop.getStepAsInt(), *trips};
  it->second.holdsLoops = loop.getBody()
                              ->walk([](Operation *op) {
                                return isa<AffineForOp, func::CallOp>(op)
                                           ? WalkResult::interrupt()
                                           : WalkResult::advance();
                              })
                              .wasInterrupted();
  return it->second;
}

const std::vector<AccessCache::Item> &AccessCache::items(Block *block) {
  std::unique_ptr<std::vector<Item>> &slot = blocks[block];
  if (slot)
    return *slot;
  slot = std::make_unique<std::vector<Item>>();
  for (Operation &op : *block) {
    if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
      slot->push_back({Item::AffineAccess, &op, &get(&op)});
    else if (isa<memref::LoadOp, memref::StoreOp>(op))
      slot->push_back({Item::MemrefAccess, &op, &get(&op)});
    else if (isa<AffineForOp>(op))
      slot->push_back({Item::AffineFor, &op});
    else if (isa<func::CallOp>(op))
      slot->push_back({Item::Call, &op});
    else if (op.getNumRegions() != 0)
      slot->push_back({Item::Regions, &op});
  }
  return *slot;
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

bool hasPortPerBank(BlockArgument argument) {
  auto func = dyn_cast<func::FuncOp>(argument.getOwner()->getParentOp());
  if (!func || argument.getOwner() != &func.getBody().front() ||
      !isa<MemRefType>(argument.getType()))
    return false;
  auto onlyAccessed = llvm::all_of(argument.getUsers(), [&](Operation *user) {
    if (isa<AffineLoadOp, memref::LoadOp>(user))
      return true;
    if (auto store = dyn_cast<AffineStoreOp>(user))
      return store.getValueToStore() != argument;
    if (auto store = dyn_cast<memref::StoreOp>(user))
      return store.getValueToStore() != argument;
    return false;
  });
  if (!onlyAccessed)
    return false;
  Operation *module = SymbolTable::getNearestSymbolTable(func->getParentOp());
  return !module || SymbolTable::symbolKnownUseEmpty(func, module);
}

} // namespace hcl
