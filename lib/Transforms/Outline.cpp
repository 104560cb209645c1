//===- Outline.cpp - hcl.outline: stages into functions -------------------===//
//
// The hcl-dialect outlining proposal: `hcl.outline (%sB)` moves stage B into
// `func.func private
// @Stage_B` whose arguments are the buffers (and other values) the stage
// uses from outside, in order of first use, and replaces the stage with a
// call. Several stages give one function `Stage_B_C`. Loop attributes and
// partition layouts travel with the code and the argument types.
//   merge = "Stage_C" (or unify): call that function instead, when the
//     stage computes the same (names and customizations aside: the shared
//     function keeps its own); otherwise an error naming the first operation
//     that differs.
//   param = ["i", "j"]: those loops' upper bounds become index arguments.
//   axis = "j": only loop j (and its body) is outlined; the loops around it
//     stay and call the function with their induction variables.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Transforms/OutlineRegion.h"
#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

/// An error when an earlier hcl.outline of this function took the stage.
LogicalResult checkNotOutlined(OutlineOp op, Value stage,
                               ScheduleContext &ctx) {
  std::optional<StringRef> name = getStageHandleName(stage);
  if (!name)
    return success();
  std::string holder = ctx.getOutlinedInto(*name);
  if (holder.empty())
    return success();
  return op.emitError("stage '")
         << *name << "' is already outlined (into @" << holder << ")";
}

/// The operations to outline, in block order: the stages' roots (or the
/// axis loop), which must share one block.
FailureOr<SmallVector<Operation *>>
collectRegion(OutlineOp op, ScheduleContext &ctx, std::string &name) {
  SmallVector<Operation *> ops;
  name = "Stage";
  for (Value stage : op.getStages()) {
    if (failed(checkNotOutlined(op, stage, ctx)))
      return failure();
    FailureOr<Operation *> root = ctx.resolveStage(op, stage);
    if (failed(root))
      return failure();
    name += "_" + getStageName(*root).str();
    ops.push_back(*root);
  }
  if (std::optional<StringRef> axis = op.getAxis()) {
    Operation *loop = findLoopOp(ops.front(), *axis);
    if (!loop)
      return op.emitError("stage '")
             << getStageName(ops.front()) << "' has no loop named '" << *axis
             << "' to outline at";
    ops = {loop};
  }
  Block *block = ops.front()->getBlock();
  for (Operation *other : ops)
    if (other->getBlock() != block)
      return op.emitError("the stages to outline together are not in one "
                          "block");
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

/// Moves what sits between the stages (allocations, constants, schedule
/// operations) above the first, so the stages are contiguous; anything else
/// in between would change order and is an error.
LogicalResult makeContiguous(OutlineOp op, ArrayRef<Operation *> ops) {
  for (size_t i = 1; i < ops.size(); ++i)
    for (Operation *between = ops[i - 1]->getNextNode(); between != ops[i];) {
      Operation *next = between->getNextNode();
      bool movable = between->getNumRegions() == 0 &&
                     (isMemoryEffectFree(between) || isScheduleOp(between) ||
                      isa<memref::AllocOp, memref::AllocaOp>(between)) &&
                     llvm::all_of(between->getOperands(), [&](Value v) {
                       Operation *def = v.getDefiningOp();
                       return !def || def->isBeforeInBlock(ops.front());
                     });
      if (!movable)
        return op.emitError("cannot outline these stages together: '")
               << between->getName() << "' sits between them";
      between->moveBefore(ops.front());
      between = next;
    }
  return success();
}

struct Param {
  AffineForOp loop; // in the new function
  int64_t bound;
};

/// param: each named loop's constant upper bound becomes a new argument.
FailureOr<SmallVector<Param>> parameterize(OutlineOp op, func::FuncOp func) {
  SmallVector<Param> params;
  ArrayAttr names = op.getParamAttr();
  if (!names)
    return params;
  for (Attribute attr : names) {
    StringRef name = cast<StringAttr>(attr).getValue();
    auto loop = dyn_cast_or_null<AffineForOp>(findLoopOp(func, name));
    if (!loop)
      return op.emitError("'param' names loop '")
             << name << "', which the outlined code does not have";
    if (!loop.hasConstantUpperBound())
      return op.emitError("'param' needs a constant upper bound on loop '")
             << name << "'";
    params.push_back({loop, loop.getConstantUpperBound()});
  }
  Block &body = func.getBody().front();
  for (Param &p : params) {
    Value arg =
        body.addArgument(IndexType::get(op.getContext()), p.loop.getLoc());
    p.loop.setUpperBound(
        arg, AffineMap::get(0, 1, getAffineSymbolExpr(0, op.getContext())));
  }
  func.setType(FunctionType::get(op.getContext(), body.getArgumentTypes(), {}));
  return params;
}

/// How `candidate` differs from `existing` in what it computes: "" when it
/// does not. Names and hardware customizations (discardable attributes such
/// as loop_name, pipeline_ii) do not count: the shared function keeps the
/// existing one's.
std::string describeDifference(func::FuncOp candidate, func::FuncOp existing) {
  if (candidate.getFunctionType() != existing.getFunctionType()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "its arguments " << candidate.getFunctionType()
       << " differ from those of @" << existing.getSymName() << " "
       << existing.getFunctionType();
    return text;
  }
  SmallVector<Operation *> a, b;
  candidate.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { a.push_back(op); });
  existing.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { b.push_back(op); });
  DenseMap<Value, Value> values;
  for (auto [x, y] :
       llvm::zip(candidate.getArguments(), existing.getArguments()))
    values[x] = y;
  for (size_t i = 0; i < a.size(); ++i) {
    Operation *x = a[i];
    Operation *y = i < b.size() ? b[i] : nullptr;
    bool same =
        y && x->getName() == y->getName() &&
        x->getResultTypes() == y->getResultTypes() &&
        x->getNumOperands() == y->getNumOperands() &&
        x->getPropertiesAsAttribute() == y->getPropertiesAsAttribute() &&
        (x->getNumRegions() == 0 || y->getNumRegions() == x->getNumRegions());
    for (unsigned k = 0; same && k < x->getNumOperands(); ++k)
      same = values.lookup(x->getOperand(k)) == y->getOperand(k);
    if (!same)
      return "its '" + x->getName().getStringRef().str() + "' differs from @" +
             existing.getSymName().str();
    for (auto [r, s] : llvm::zip(x->getResults(), y->getResults()))
      values[r] = s;
    for (auto [rx, ry] : llvm::zip(x->getRegions(), y->getRegions()))
      for (auto [bx, by] : llvm::zip(rx, ry))
        for (auto [ax, ay] : llvm::zip(bx.getArguments(), by.getArguments()))
          values[ax] = ay;
  }
  if (a.size() != b.size())
    return "@" + existing.getSymName().str() + " has more operations";
  return "";
}

/// The stack buffers in the block of `ops` that only `ops` use (buffer_at
/// allocates its buffer once, at the function's entry), moved right before
/// them: they go into the outlined function as its own arrays, as they were
/// before buffer_at hoisted them, instead of becoming arguments.
SmallVector<Operation *> takeLocalBuffers(ArrayRef<Operation *> ops) {
  SmallVector<Operation *> locals;
  Block *block = ops.front()->getBlock();
  for (Operation &candidate : *block) {
    if (&candidate == ops.front())
      break;
    auto alloca = dyn_cast<memref::AllocaOp>(candidate);
    if (!alloca || alloca->getNumOperands() != 0 || alloca->use_empty())
      continue;
    bool local = llvm::all_of(alloca->getUsers(), [&](Operation *user) {
      return llvm::any_of(ops,
                          [&](Operation *r) { return r->isAncestor(user); });
    });
    if (local)
      locals.push_back(alloca);
  }
  for (Operation *local : locals)
    local->moveBefore(ops.front());
  return locals;
}

} // namespace

LogicalResult OutlineOp::apply(ScheduleContext &ctx) {
  OutlineOp op = *this;
  std::string name;
  FailureOr<SmallVector<Operation *>> ops = collectRegion(op, ctx, name);
  if (failed(ops) || failed(makeContiguous(op, *ops)))
    return failure();
  auto module = op->getParentOfType<ModuleOp>();
  std::optional<StringRef> merge =
      op.getMerge() ? op.getMerge() : op.getUnify();
  // Another function's stage of the same name: a name of its own.
  for (unsigned n = 1; !merge && module.lookupSymbol(name); ++n)
    name = (name.substr(0, name.rfind("__")) + "__" + std::to_string(n));
  if (merge && !module.lookupSymbol<func::FuncOp>(*merge))
    return op.emitError("no function @") << *merge << " to merge with";

  SmallVector<Operation *> outlined = takeLocalBuffers(*ops);
  llvm::append_range(outlined, *ops);
  SmallVector<Value> values = outlinedFreeValues(outlined);
  func::FuncOp func =
      buildOutlinedFunction(op.getLoc(), name, outlined, values);
  FailureOr<SmallVector<Param>> params = parameterize(op, func);
  if (failed(params)) {
    func.erase();
    return failure();
  }
  if (merge) {
    auto existing = module.lookupSymbol<func::FuncOp>(*merge);
    std::string difference = describeDifference(func, existing);
    if (!difference.empty()) {
      InFlightDiagnostic diag = op.emitError("cannot merge ")
                                << name.substr(6) << " into @" << *merge << ": "
                                << difference
                                << " (merging would change its result)";
      func.erase();
      return diag;
    }
    func.erase();
    func = existing;
  }

  OpBuilder b(ops->front());
  SmallVector<Value> args(values);
  for (const Param &p : *params)
    args.push_back(arith::ConstantIndexOp::create(b, op.getLoc(), p.bound));
  auto call = func::CallOp::create(b, op.getLoc(), func, args);
  // With axis, the loops around keep the stage's name; otherwise the call
  // stands for the stage.
  if (!op.getAxis() && ops->size() == 1)
    if (Attribute stage = ops->front()->getAttr(kStageNameAttr))
      call->setAttr("outlined_stage", stage);
  for (Operation *root : *ops)
    if (StringRef stage = getStageName(root); !stage.empty())
      ctx.recordOutlined(stage, func.getSymName());
  if (op.getAxis())
    if (std::optional<StringRef> stage =
            getStageHandleName(op.getStages().front()))
      ctx.recordOutlined(*stage, func.getSymName());
  // Constants the stages used from outside may now be dead.
  llvm::SetVector<Operation *> constants;
  for (Operation *root : *ops)
    root->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        if (Operation *def = v.getDefiningOp())
          if (def->hasTrait<OpTrait::ConstantLike>() && !root->isAncestor(def))
            constants.insert(def);
    });
  for (Operation *root : llvm::reverse(outlined))
    root->erase();
  for (Operation *constant : constants)
    if (constant->use_empty())
      constant->erase();
  return success();
}

} // namespace hcl
