//===- ConstantGlobals.cpp - hcl-rtl-constant-globals ---------------------===//
//
// A constant global (an imported network's weights) is a ROM in hardware:
// a memory of the function whose contents are set when the FPGA is
// configured. Giving it the form of a local allocation lets everything the
// RTL does for its memories (banks, ports, dataflow sharing) apply to it
// unchanged; only the emitters add the contents.
//
//===----------------------------------------------------------------------===//

#include "ConstantGlobals.h"

#include "hcl/Target/RTL/Passes.h"
#include "hcl/Transforms/OutlineDataflow.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

using namespace mlir;

namespace hcl {

#define GEN_PASS_DEF_RTLCONSTANTGLOBALS
#include "hcl/Target/RTL/Passes.h.inc"

#define DEBUG_TYPE "hcl-rtl-constant-globals"

namespace {

/// The value of the global `get` reads when it can be a ROM: constant (so
/// nothing writes it), with integer or float elements, and not returned (a
/// returned memref is a port of the kernel, not one of its memories).
DenseElementsAttr romContents(memref::GetGlobalOp get) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  if (!global || !global.getConstant())
    return {};
  auto value =
      dyn_cast_or_null<DenseElementsAttr>(global.getConstantInitValue());
  Type element = get.getType().getElementType();
  if (!value || !(isa<FloatType>(element) || element.isSignlessInteger()))
    return {};
  if (llvm::any_of(get->getUsers(),
                   [](Operation *user) { return isa<func::ReturnOp>(user); }))
    return {};
  return value;
}

/// A ROM of `contents` in place of `get`, for the uses `isMine` accepts.
void makeRom(memref::GetGlobalOp get, DenseElementsAttr contents,
             function_ref<bool(OpOperand &)> isMine) {
  OpBuilder b(get);
  auto rom = memref::AllocOp::create(b, get.getLoc(), get.getType());
  rom->setAttr("name", b.getStringAttr(get.getName()));
  rom->setAttr(rtl::kInitialAttr, contents);
  get.getResult().replaceUsesWithIf(rom.getResult(), isMine);
}

/// The operation of `func`'s body that holds `op` (its stage).
Operation *stageOf(func::FuncOp func, Operation *op) {
  return func.getBody().front().findAncestorOpInBlock(*op);
}

/// Makes `get` a ROM. In a dataflow region each process that reads it gets
/// its own copy: a ROM of its process, not a memory the processes would
/// take turns on (a ROM has no writer to wait for, so they run at once).
void replaceByRoms(memref::GetGlobalOp get, DenseElementsAttr contents) {
  auto func = get->getParentOfType<func::FuncOp>();
  if (!func || !hasStreamAllocs(func)) {
    makeRom(get, contents, [](OpOperand &) { return true; });
  } else {
    llvm::SetVector<Operation *> stages;
    for (Operation *user : get->getUsers())
      stages.insert(stageOf(func, user));
    for (Operation *stage : stages)
      makeRom(get, contents, [&](OpOperand &use) {
        return stageOf(func, use.getOwner()) == stage;
      });
  }
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": @" << get.getName()
                          << " is a ROM of " << get.getType() << "\n");
  get.erase();
}

struct RTLConstantGlobalsPass
    : public impl::RTLConstantGlobalsBase<RTLConstantGlobalsPass> {
  void runOnOperation() override {
    SmallVector<memref::GetGlobalOp> reads;
    getOperation().walk([&](memref::GetGlobalOp get) { reads.push_back(get); });
    for (memref::GetGlobalOp get : reads)
      if (DenseElementsAttr contents = romContents(get))
        replaceByRoms(get, contents);
  }
};

} // namespace
} // namespace hcl
