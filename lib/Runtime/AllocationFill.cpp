//===- AllocationFill.cpp - fill what a JIT program allocates -------------===//
//
// See hcl/Runtime/AllocationFill.h.
//
//===----------------------------------------------------------------------===//

#include "hcl/Runtime/AllocationFill.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

using namespace mlir;

namespace hcl {

/// Read by the program at every fill; the JIT binds hcl_fill_byte to it.
static uint8_t fillByte = 0;

namespace {

/// `@hcl_fill_byte`, declared as an external i8 the JIT resolves.
LLVM::GlobalOp declareFillByte(ModuleOp module) {
  if (auto existing = module.lookupSymbol<LLVM::GlobalOp>(kFillByteGlobal))
    return existing;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  return LLVM::GlobalOp::create(builder, module.getLoc(), builder.getI8Type(),
                                /*isConstant=*/false, LLVM::Linkage::External,
                                kFillByteGlobal, Attribute());
}

/// `value` as an i64, for a byte count.
Value toI64(OpBuilder &builder, Location loc, Value value) {
  auto i64 = builder.getI64Type();
  auto type = cast<IntegerType>(value.getType());
  if (type.getWidth() == 64)
    return value;
  if (type.getWidth() < 64)
    return LLVM::ZExtOp::create(builder, loc, i64, value);
  return LLVM::TruncOp::create(builder, loc, i64, value);
}

/// The bytes a block holds, or null for a call that allocates nothing hcl
/// knows of.
Value allocatedBytes(OpBuilder &builder, Operation *op) {
  if (auto alloca = dyn_cast<LLVM::AllocaOp>(op)) {
    // An iN element takes ceil(N/8) bytes here and may take more in LLVM's
    // layout (i24 in 4): the fill covers at most the block, never past it.
    uint64_t elementBytes =
        DataLayout::closest(op).getTypeSize(alloca.getElemType());
    Location loc = op->getLoc();
    Value count = toI64(builder, loc, alloca.getArraySize());
    Value size = LLVM::ConstantOp::create(
        builder, loc, builder.getI64Type(),
        builder.getI64IntegerAttr(static_cast<int64_t>(elementBytes)));
    return LLVM::MulOp::create(builder, loc, count, size);
  }
  auto call = dyn_cast<LLVM::CallOp>(op);
  if (!call || !call.getCallee())
    return nullptr;
  StringRef callee = *call.getCallee();
  if (callee == "malloc" && call.getNumOperands() == 1)
    return toI64(builder, op->getLoc(), call.getOperand(0));
  if (callee == "aligned_alloc" && call.getNumOperands() == 2)
    return toI64(builder, op->getLoc(), call.getOperand(1));
  return nullptr;
}

} // namespace

void insertAllocationFills(ModuleOp module) {
  SmallVector<Operation *> allocations;
  module.walk([&](Operation *op) {
    if (isa<LLVM::AllocaOp, LLVM::CallOp>(op))
      allocations.push_back(op);
  });
  LLVM::GlobalOp byteGlobal;
  for (Operation *allocation : allocations) {
    OpBuilder builder(allocation->getContext());
    builder.setInsertionPointAfter(allocation);
    Value bytes = allocatedBytes(builder, allocation);
    if (!bytes)
      continue;
    if (!byteGlobal)
      byteGlobal = declareFillByte(module);
    // llvm.memset rather than a call: SROA and mem2reg still see through
    // it, so the filled program keeps its registers.
    Location loc = allocation->getLoc();
    Value address = LLVM::AddressOfOp::create(builder, loc, byteGlobal);
    Value byte =
        LLVM::LoadOp::create(builder, loc, builder.getI8Type(), address);
    LLVM::MemsetOp::create(builder, loc, allocation->getResult(0), byte, bytes,
                           /*isVolatile=*/false);
  }
}

void *fillByteAddress() { return &fillByte; }

void setAllocationFillByte(uint8_t byte) { fillByte = byte; }

} // namespace hcl
