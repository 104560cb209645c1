//===- Bounds.cpp - out-of-bounds accesses: at compile time and run time --===//
//
// One analysis, two passes. For an access, the analysis builds the iteration
// domain of the access as a Presburger set (the bounds and steps of the
// enclosing affine.for / affine.parallel loops and the conditions of the
// enclosing affine.if then-regions), composes the access map with it and
// asks, per memref dimension, whether an iteration indexes below 0 or at or
// past the size.
//
// MLIR's boundCheckLoadOrStoreOp (MemRefRegion) does the same but ignores
// the affine.if guards, so every guarded padding read (ResNet-20's convs)
// would be reported; this analysis adds them. The domain is *exact* when
// nothing but affine loops and then-regions encloses the access and every
// value in it is an induction variable or a constant; only then is a
// possible out-of-range index an error (--hcl-verify-bounds). Otherwise the
// domain over-approximates and an index it cannot prove in range is checked
// at run time (--hcl-insert-bounds-checks).
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IntegerSet.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_VERIFYBOUNDS
#define GEN_PASS_DEF_INSERTBOUNDSCHECKS
#include "hcl/Transforms/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-bounds"

using namespace mlir;
using namespace mlir::affine;
using presburger::BoundType;

namespace {

/// One memory access, its indices as an affine function of the operands.
struct Access {
  Operation *op;
  Value memref;
  AffineValueMap indices;
  /// Elements read or written along each memref dimension from the index
  /// (more than 1 in the trailing dimensions of a vector access).
  SmallVector<int64_t> extents;

  MemRefType type() const { return cast<MemRefType>(memref.getType()); }
};

enum class Verdict { InBounds, OutOfBounds, Unknown };

/// What the analysis says of one dimension of an access.
struct DimensionFacts {
  Verdict verdict = Verdict::Unknown;
  std::optional<int64_t> lowest, highest; // the index's range, when bounded
};

std::optional<Access> describeAccess(Operation *op) {
  Access access{op, {}, {}, {}};
  if (auto read = dyn_cast<AffineReadOpInterface>(op)) {
    access.memref = read.getMemRef();
    access.indices.reset(read.getAffineMap(), read.getMapOperands());
  } else if (auto write = dyn_cast<AffineWriteOpInterface>(op)) {
    access.memref = write.getMemRef();
    access.indices.reset(write.getAffineMap(), write.getMapOperands());
  } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
    access.memref = load.getMemRef();
    access.indices.reset(AffineMap::getMultiDimIdentityMap(
                             load.getIndices().size(), op->getContext()),
                         load.getIndices());
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    access.memref = store.getMemRef();
    access.indices.reset(AffineMap::getMultiDimIdentityMap(
                             store.getIndices().size(), op->getContext()),
                         store.getIndices());
  } else {
    return std::nullopt;
  }
  auto type = dyn_cast<MemRefType>(access.memref.getType());
  if (!type || type.getRank() != access.indices.getNumResults())
    return std::nullopt;
  access.extents.assign(type.getRank(), 1);
  VectorType vector;
  if (auto load = dyn_cast<AffineVectorLoadOp>(op))
    vector = load.getVectorType();
  else if (auto store = dyn_cast<AffineVectorStoreOp>(op))
    vector = store.getVectorType();
  if (vector) {
    if (vector.getRank() > type.getRank())
      return std::nullopt;
    for (int64_t i = 0; i < vector.getRank(); ++i)
      access.extents[type.getRank() - vector.getRank() + i] =
          vector.getDimSize(i);
  }
  return access;
}

/// The ops whose conditions hold wherever `op` runs, outermost first.
/// `exact` turns false when something else (scf control flow, an else
/// region, a loop the analysis cannot model) also decides whether it runs.
SmallVector<Operation *> enclosingConstraints(Operation *op, bool &exact) {
  SmallVector<Operation *> ops;
  Operation *child = op;
  for (Operation *parent = op->getParentOp(); parent;
       child = parent, parent = parent->getParentOp()) {
    if (isa<func::FuncOp>(parent) || parent->hasTrait<OpTrait::AffineScope>())
      break;
    if (auto ifOp = dyn_cast<AffineIfOp>(parent)) {
      if (ifOp.getThenRegion().isAncestor(child->getParentRegion()))
        ops.push_back(parent);
      else
        exact = false; // the negation of a conjunction is not convex
    } else if (isa<AffineForOp, AffineParallelOp>(parent)) {
      ops.push_back(parent);
    } else {
      exact = false;
    }
  }
  std::reverse(ops.begin(), ops.end());
  return ops;
}

/// Adds `value` as a symbol unless it is already in `cst`: a constant is
/// pinned to its value; anything else is unknown and makes the domain
/// inexact.
void addOperand(FlatAffineValueConstraints &cst, Value value, bool &exact) {
  if (cst.containsVar(value))
    return;
  cst.appendSymbolVar(value);
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    cst.addBound(BoundType::EQ, value, *constant);
  else
    exact = false;
}

/// A loop with a step above 1 visits lb, lb + step, ...: with a constant
/// lower bound that is `iv = lb + step * q` for a new local q.
void addStride(FlatAffineValueConstraints &cst, AffineForOp loop, bool &exact) {
  int64_t step = loop.getStepAsInt();
  if (step == 1)
    return;
  if (!loop.hasConstantLowerBound()) {
    exact = false;
    return;
  }
  unsigned ivPos;
  if (!cst.findVar(loop.getInductionVar(), &ivPos))
    return;
  unsigned q = cst.appendVar(presburger::VarKind::Local);
  SmallVector<int64_t> row(cst.getNumCols(), 0);
  row[ivPos] = 1;
  row[q] = -step;
  row.back() = -loop.getConstantLowerBound();
  cst.addEquality(row);
}

/// The access's indices (dimensions 0..rank-1) over its iteration domain;
/// failure when the analysis cannot model the access.
FailureOr<FlatAffineValueConstraints> buildAccessSet(const Access &access,
                                                     bool &exact) {
  SmallVector<Operation *> ops = enclosingConstraints(access.op, exact);
  FlatAffineValueConstraints cst;
  for (Operation *op : ops) {
    if (auto loop = dyn_cast<AffineForOp>(op))
      cst.appendDimVar(loop.getInductionVar());
    else if (auto parallel = dyn_cast<AffineParallelOp>(op))
      cst.appendDimVar(parallel.getIVs());
  }
  // Every value the bounds, conditions and indices use must be a variable
  // before they are added.
  auto addAll = [&](ValueRange values) {
    for (Value value : values)
      addOperand(cst, value, exact);
  };
  for (Operation *op : ops) {
    if (auto loop = dyn_cast<AffineForOp>(op)) {
      addAll(loop.getLowerBoundOperands());
      addAll(loop.getUpperBoundOperands());
    } else if (auto parallel = dyn_cast<AffineParallelOp>(op)) {
      addAll(parallel.getLowerBoundsOperands());
      addAll(parallel.getUpperBoundsOperands());
      if (llvm::any_of(parallel.getSteps(), [](int64_t s) { return s != 1; }))
        exact = false;
    } else if (auto ifOp = dyn_cast<AffineIfOp>(op)) {
      addAll(ifOp.getOperands());
    }
  }
  addAll(access.indices.getOperands());

  for (Operation *op : ops) {
    if (auto loop = dyn_cast<AffineForOp>(op)) {
      if (failed(cst.addAffineForOpDomain(loop)))
        return failure();
      addStride(cst, loop, exact);
    } else if (auto parallel = dyn_cast<AffineParallelOp>(op)) {
      if (failed(cst.addAffineParallelOpDomain(parallel)))
        return failure();
    } else if (auto ifOp = dyn_cast<AffineIfOp>(op)) {
      if (!llvm::all_of(ifOp.getIntegerSet().getConstraints(),
                        [](AffineExpr e) { return e.isPureAffine(); })) {
        exact = false; // a semi-affine guard: over-approximate without it
        continue;
      }
      cst.addAffineIfOpDomain(ifOp);
    }
  }
  if (failed(cst.composeMap(&access.indices)))
    return failure();
  return cst;
}

/// Whether `cst` with `index <= -1` (below) or `index >= limit` has an
/// integer point.
bool canReach(const FlatAffineValueConstraints &cst, unsigned index,
              BoundType type, int64_t value) {
  FlatAffineValueConstraints reach(cst);
  reach.addBound(type, index, value);
  return !reach.isIntegerEmpty();
}

SmallVector<DimensionFacts> analyze(const Access &access) {
  MemRefType type = access.type();
  SmallVector<DimensionFacts> facts(type.getRank());
  bool exact = true;
  FailureOr<FlatAffineValueConstraints> cst = buildAccessSet(access, exact);
  if (failed(cst))
    return facts;
  // Code that never runs (an empty loop) accesses nothing.
  if (cst->isIntegerEmpty()) {
    for (DimensionFacts &dim : facts)
      dim.verdict = Verdict::InBounds;
    return facts;
  }
  for (unsigned d = 0; d < type.getRank(); ++d) {
    if (type.isDynamicDim(d))
      continue;
    int64_t size = type.getDimSize(d);
    bool below = canReach(*cst, d, BoundType::UB, -1);
    bool above = canReach(*cst, d, BoundType::LB, size - access.extents[d] + 1);
    if (!below && !above)
      facts[d].verdict = Verdict::InBounds;
    else if (exact)
      facts[d].verdict = Verdict::OutOfBounds;
    facts[d].lowest = cst->getConstantBound64(BoundType::LB, d);
    facts[d].highest = cst->getConstantBound64(BoundType::UB, d);
    if (facts[d].highest)
      *facts[d].highest += access.extents[d] - 1;
  }
  return facts;
}

/// "'A' (memref<10xf32>EXTRA)" for an allocation named A, "'T' (argument 0
/// of @top, memref<16xi32>EXTRA)" for a named argument.
std::string describeTensor(Value memref, StringRef extra = "") {
  std::string type;
  llvm::raw_string_ostream os(type);
  memref.getType().print(os);
  type += extra;
  if (auto arg = dyn_cast<BlockArgument>(memref)) {
    auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (!func || !arg.getOwner()->isEntryBlock())
      return "a block argument (" + type + ")";
    std::string which = ("argument " + llvm::Twine(arg.getArgNumber()) +
                         " of @" + func.getSymName())
                            .str();
    if (auto name = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                                      hcl::kArgNameAttrName))
      return "'" + name.str() + "' (" + which + ", " + type + ")";
    return which + " (" + type + ")";
  }
  Operation *def = memref.getDefiningOp();
  if (auto name = def->getAttrOfType<StringAttr>("name"))
    return "'" + name.str() + "' (" + type + ")";
  if (auto global = dyn_cast<memref::GetGlobalOp>(def))
    return ("global @" + global.getName() + " (" + type + ")").str();
  return ("the result of '" + def->getName().getStringRef() + "' (" + type +
          ")")
      .str();
}

/// " in stage 'B'" for the innermost enclosing stage, "" outside stages.
std::string stagePhrase(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (StringRef stage = hcl::getStageName(parent); !stage.empty())
      return (" in stage '" + stage + "'").str();
  return "";
}

std::string rangeString(const DimensionFacts &dim) {
  auto bound = [](std::optional<int64_t> v, StringRef unbounded) {
    return v ? std::to_string(*v) : unbounded.str();
  };
  return bound(dim.lowest, "-inf") + ".." + bound(dim.highest, "+inf");
}

/// Reports the first dimension the access certainly leaves.
LogicalResult verifyAccess(const Access &access) {
  SmallVector<DimensionFacts> facts = analyze(access);
  for (auto [d, dim] : llvm::enumerate(facts)) {
    if (dim.verdict != Verdict::OutOfBounds)
      continue;
    int64_t size = access.type().getDimSize(d);
    access.op->emitError("index out of bounds: dimension ")
        << d << " of "
        << describeTensor(access.memref,
                          (", valid 0.." + llvm::Twine(size - 1)).str())
        << " is indexed over " << rangeString(dim) << stagePhrase(access.op);
    return failure();
  }
  return success();
}

/// hcl_bounds_violation(site, indices), declared once per module.
func::FuncOp declareViolation(ModuleOp module) {
  if (auto existing =
          module.lookupSymbol<func::FuncOp>(hcl::kBoundsViolationFunction))
    return existing;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  MLIRContext *ctx = module.getContext();
  auto type = FunctionType::get(
      ctx,
      {b.getI64Type(), MemRefType::get({ShapedType::kDynamic}, b.getI64Type())},
      {});
  auto func = func::FuncOp::create(b, module.getLoc(),
                                   hcl::kBoundsViolationFunction, type);
  func.setPrivate();
  return func;
}

/// The index values of `access`, computed right before it.
SmallVector<Value> indexValues(OpBuilder &b, const Access &access) {
  if (isa<memref::LoadOp, memref::StoreOp>(access.op))
    return llvm::to_vector(access.indices.getOperands());
  SmallVector<Value> values;
  if (auto expanded =
          expandAffineMap(b, access.op->getLoc(), access.indices.getAffineMap(),
                          llvm::to_vector(access.indices.getOperands())))
    values.append(expanded->begin(), expanded->end());
  return values;
}

/// Before the access: if an index is out of range (compared unsigned, so
/// negative indices are too), call the runtime with the site and indices.
void insertCheck(const Access &access, int64_t site, func::FuncOp violation) {
  OpBuilder b(access.op);
  Location loc = access.op->getLoc();
  SmallVector<Value> indices = indexValues(b, access);
  if (indices.empty())
    return;
  Value outside = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value size = memref::DimOp::create(b, loc, access.memref, d);
    auto leaves = [&](Value i) {
      Value bad =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, i, size);
      outside = arith::OrIOp::create(b, loc, outside, bad);
    };
    leaves(index);
    if (access.extents[d] > 1)
      leaves(arith::AddIOp::create(
          b, loc, index,
          arith::ConstantIndexOp::create(b, loc, access.extents[d] - 1)));
  }
  auto check = scf::IfOp::create(b, loc, outside, /*withElseRegion=*/false);
  b.setInsertionPointToStart(check.thenBlock());
  auto buffer = memref::AllocaOp::create(
      b, loc, MemRefType::get({int64_t(indices.size())}, b.getI64Type()));
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value value = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
    memref::StoreOp::create(
        b, loc, value, buffer,
        ValueRange{arith::ConstantIndexOp::create(b, loc, d)});
  }
  Value dynamic = memref::CastOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI64Type()), buffer);
  Value siteValue = arith::ConstantIntOp::create(b, loc, site, 64);
  func::CallOp::create(b, loc, violation, ValueRange{siteValue, dynamic});
}

std::vector<Access> collectAccesses(Operation *root) {
  std::vector<Access> accesses;
  root->walk([&](Operation *op) {
    if (std::optional<Access> access = describeAccess(op))
      accesses.push_back(std::move(*access));
  });
  return accesses;
}

struct VerifyBoundsPass : hcl::impl::VerifyBoundsBase<VerifyBoundsPass> {
  void runOnOperation() override {
    if (failed(hcl::verifyBounds(getOperation())))
      signalPassFailure();
  }
};

struct InsertBoundsChecksPass
    : hcl::impl::InsertBoundsChecksBase<InsertBoundsChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Attribute> sites;
    if (auto existing =
            module->getAttrOfType<ArrayAttr>(hcl::kBoundsSitesAttrName))
      sites.assign(existing.begin(), existing.end());
    func::FuncOp violation;
    for (const Access &access : collectAccesses(module)) {
      SmallVector<DimensionFacts> facts = analyze(access);
      if (llvm::all_of(facts, [](const DimensionFacts &dim) {
            return dim.verdict == Verdict::InBounds;
          }))
        continue;
      if (!violation)
        violation = declareViolation(module);
      std::string site = describeTensor(access.memref) + stagePhrase(access.op);
      LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": check " << sites.size() << ": "
                              << site << "\n");
      insertCheck(access, sites.size(), violation);
      sites.push_back(StringAttr::get(module.getContext(), site));
    }
    if (!sites.empty())
      module->setAttr(hcl::kBoundsSitesAttrName,
                      ArrayAttr::get(module.getContext(), sites));
  }
};

} // namespace

LogicalResult hcl::verifyBounds(Operation *root) {
  bool ok = true;
  for (const Access &access : collectAccesses(root))
    ok &= succeeded(verifyAccess(access));
  return success(ok);
}
