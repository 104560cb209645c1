//===- ExpandShortCircuit.cpp - hcl.and and hcl.or to scf.if --------------===//
//
// `hcl.and {A}, {B}, {C}` is `A ? (B ? C : false) : false`, and hcl.or the
// same with the branches swapped: nested scf.ifs, so a region runs only
// when the ones before it have not decided the result.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace hcl {
#define GEN_PASS_DEF_EXPANDSHORTCIRCUIT
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

using namespace mlir;

namespace {

/// The region's operations copied at `b`; its yielded value.
Value inlineRegion(OpBuilder &b, Region &region) {
  IRMapping mapping;
  for (Operation &op : region.front().without_terminator())
    b.clone(op, mapping);
  auto yield = cast<hcl::YieldOp>(region.front().getTerminator());
  return mapping.lookupOrDefault(yield.getValue());
}

/// The result of `bodies` at `b`: the first region's value, and when it
/// does not decide (true for and, false for or), the rest's.
Value expand(OpBuilder &b, Location loc, MutableArrayRef<Region> bodies,
             bool isAnd) {
  Value first = inlineRegion(b, bodies.front());
  if (bodies.size() == 1)
    return first;
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()}, first,
                                /*withElseRegion=*/true);
  OpBuilder rest =
      isAnd ? ifOp.getThenBodyBuilder() : ifOp.getElseBodyBuilder();
  OpBuilder decided =
      isAnd ? ifOp.getElseBodyBuilder() : ifOp.getThenBodyBuilder();
  scf::YieldOp::create(rest, loc,
                       expand(rest, loc, bodies.drop_front(), isAnd));
  Value constant =
      arith::ConstantOp::create(decided, loc, decided.getBoolAttr(!isAnd));
  scf::YieldOp::create(decided, loc, constant);
  return ifOp.getResult(0);
}

struct ExpandShortCircuitPass
    : hcl::impl::ExpandShortCircuitBase<ExpandShortCircuitPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    // Post-order: an inner hcl.and is expanded before the region holding it
    // is copied.
    getOperation().walk([&](Operation *op) {
      if (isa<hcl::AndOp, hcl::OrOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Value result =
          expand(b, op->getLoc(), op->getRegions(), isa<hcl::AndOp>(op));
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  }
};

} // namespace
