//===- OutlineRegion.cpp - operations into a function of their own --------===//
//
// Shared by hcl.outline and the HLS emitter's dataflow processes.
//
//===----------------------------------------------------------------------===//

#include "hcl/Transforms/OutlineRegion.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace hcl {

/// The values the region uses from outside, in order of first use, memrefs
/// first; constants are not among them (each function makes its own).
SmallVector<Value> outlinedFreeValues(ArrayRef<Operation *> ops) {
  llvm::SetVector<Value> memrefs, others;
  for (Operation *root : ops)
    root->walk([&](Operation *inner) {
      for (Value v : inner->getOperands()) {
        Operation *def = v.getDefiningOp();
        bool inside = llvm::any_of(ops, [&](Operation *r) {
          return r->isAncestor(v.getParentRegion()->getParentOp()) ||
                 (def && r->isAncestor(def));
        });
        if (inside || (def && def->hasTrait<OpTrait::ConstantLike>()))
          continue;
        (isa<MemRefType>(v.getType()) ? memrefs : others).insert(v);
      }
    });
  SmallVector<Value> values(memrefs.begin(), memrefs.end());
  values.append(others.begin(), others.end());
  return values;
}

/// The function holding a copy of `ops`, with `values` as its arguments.
func::FuncOp buildOutlinedFunction(Location loc, StringRef name,
                                   ArrayRef<Operation *> ops,
                                   ArrayRef<Value> values) {
  MLIRContext *ctx = loc.getContext();
  auto parent = ops.front()->getParentOfType<func::FuncOp>();
  OpBuilder b(parent);
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(v.getType());
  auto func =
      func::FuncOp::create(b, loc, name, FunctionType::get(ctx, types, {}));
  func.setPrivate();
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  IRMapping mapping;
  for (auto [v, arg] : llvm::zip(values, body->getArguments()))
    mapping.map(v, arg);
  // Constants the region uses are made again inside.
  for (Operation *root : ops)
    root->walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        if (Operation *def = v.getDefiningOp())
          if (def->hasTrait<OpTrait::ConstantLike>() && !mapping.contains(v) &&
              llvm::none_of(ops,
                            [&](Operation *r) { return r->isAncestor(def); }))
            b.clone(*def, mapping);
    });
  for (Operation *root : ops)
    b.clone(*root, mapping);
  func::ReturnOp::create(b, loc);
  return func;
}

func::CallOp outlineIntoCall(ArrayRef<Operation *> ops, StringRef name) {
  auto module = ops.front()->getParentOfType<ModuleOp>();
  std::string unique = name.str();
  for (unsigned n = 1; module.lookupSymbol(unique); ++n)
    unique = name.str() + "_" + std::to_string(n);
  SmallVector<Value> values = outlinedFreeValues(ops);
  Location loc = ops.back()->getLoc();
  func::FuncOp func = buildOutlinedFunction(loc, unique, ops, values);
  OpBuilder b(ops.back());
  auto call = func::CallOp::create(b, loc, func, values);
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  return call;
}

} // namespace hcl
