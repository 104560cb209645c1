//===- SplitBanks.cpp - hcl-rtl-split-banks -------------------------------===//
//
// A partitioned buffer (hcl.partition: a layout map whose first results are
// the banks, the rest the address in a bank, PartitionLayout.h) is what
// gives a pipelined loop more than one access per cycle to it: each bank
// has its own port. The RTL's memories have one port each, so the buffer
// becomes one allocation per bank. An access whose bank is known goes to
// that bank alone: hcl-rtl-lower-affine splits the banks after unrolling
// and before lowering, so that an unrolled affine access such as
// T[4 * i + 1] under Cyclic 4 composes with the layout into the bank 1. One
// whose bank is known only at run time goes to each bank it may reach,
// predicated on the bank number (a guard, Predication.h), and a load's data
// is selected among them. A partitioned argument of the kernel's top
// becomes an argument, a memory port, per bank in the same way.
//
//===----------------------------------------------------------------------===//

#include "SplitBanks.h"
#include "ConstantGlobals.h"
#include "Fsm.h"
#include "Predication.h"

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"
#include "hcl/Target/RTL.h"
#include "hcl/Target/RTL/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/Debug.h"

using namespace mlir;

namespace hcl {

#define GEN_PASS_DEF_RTLSPLITBANKS
#include "hcl/Target/RTL/Passes.h.inc"

#define DEBUG_TYPE "hcl-rtl-split-banks"

namespace {

/// How a partitioned allocation splits: banks per dimension, and the shape
/// of one bank.
struct Banking {
  SmallVector<int64_t> banks, bankShape;
  AffineMap layout;

  int64_t count() const {
    int64_t n = 1;
    for (int64_t b : banks)
      n *= b;
    return n;
  }
  /// The bank number of per-dimension bank indices, row-major.
  int64_t linear(ArrayRef<int64_t> index) const {
    int64_t n = 0;
    for (auto [i, b] : llvm::zip_equal(index, banks))
      n = n * b + i;
    return n;
  }
};

FailureOr<Banking> bankingOf(MemRefType type) {
  if (!type.hasStaticShape() || !hasPartitionLayout(type))
    return failure();
  FailureOr<SmallVector<DimPartition>> partition = readPartition(type);
  if (failed(partition))
    return failure();
  Banking banking;
  banking.layout = type.getLayout().getAffineMap();
  for (auto [size, dim] : llvm::zip_equal(type.getShape(), *partition)) {
    int64_t banks = 1, bank = size;
    switch (dim.kind) {
    case DimPartition::Kind::None:
      break;
    case DimPartition::Kind::Complete:
      banks = size;
      bank = 1;
      break;
    case DimPartition::Kind::Cyclic:
    case DimPartition::Kind::Block:
      banks = dim.factor;
      bank = (size + dim.factor - 1) / dim.factor;
      break;
    }
    banking.banks.push_back(banks);
    banking.bankShape.push_back(bank);
  }
  return banking;
}

/// Whether `memref` is only loaded, stored and freed.
bool onlyAccessed(Value memref) {
  return llvm::all_of(memref.getUsers(), [&](Operation *user) {
    if (isa<memref::LoadOp, affine::AffineLoadOp, memref::DeallocOp>(user))
      return true;
    if (auto store = dyn_cast<memref::StoreOp>(user))
      return store.getValueToStore() != memref;
    if (auto store = dyn_cast<affine::AffineStoreOp>(user))
      return store.getValueToStore() != memref;
    return false;
  });
}

/// One access's banks and its address in a bank: per dimension a constant
/// bank index when the composed layout says it, else a value.
struct Place {
  SmallVector<std::optional<int64_t>> bank;
  SmallVector<Value> bankValue, offset;
};

/// The place of an access of `indices` (through `map` and its `operands`
/// for an affine access: the layout composes with it).
Place placeOf(OpBuilder &b, Location loc, const Banking &banking, AffineMap map,
              ValueRange operands, bool affineAccess) {
  Place place;
  unsigned rank = banking.banks.size();
  AffineMap composed = banking.layout.compose(map);
  for (unsigned d = 0; d < rank; ++d) {
    AffineExpr bank = simplifyAffineExpr(composed.getResult(d),
                                         map.getNumDims(), map.getNumSymbols());
    AffineExpr offset = simplifyAffineExpr(
        composed.getResult(rank + d), map.getNumDims(), map.getNumSymbols());
    // An affine access's operands are dims and symbols, and affine.apply
    // keeps them so (lower-affine lowers it); a memref access's indices
    // may be any values, so its address is arith.
    auto apply = [&](AffineExpr expr) -> Value {
      if (!affineAccess)
        return affine::expandAffineExpr(b, loc, expr, operands, {});
      OpFoldResult folded = affine::makeComposedFoldedAffineApply(
          b, loc, AffineMap::get(map.getNumDims(), map.getNumSymbols(), expr),
          getAsOpFoldResult(operands));
      return getValueOrCreateConstantIndexOp(b, loc, folded);
    };
    place.offset.push_back(apply(offset));
    if (auto constant = dyn_cast<AffineConstantExpr>(bank)) {
      place.bank.push_back(constant.getValue());
      place.bankValue.push_back({});
    } else {
      place.bank.push_back(std::nullopt);
      place.bankValue.push_back(apply(bank));
    }
  }
  return place;
}

/// `op`'s access map and operands: an affine access's own, composed with
/// the affine.apply ops that feed it (unrolling leaves those), or the
/// identity over a memref access's indices.
std::pair<AffineMap, SmallVector<Value>> accessOf(Operation *op) {
  auto composed = [](AffineMap map, ValueRange mapOperands) {
    SmallVector<Value> operands(mapOperands);
    affine::fullyComposeAffineMapAndOperands(&map, &operands);
    affine::canonicalizeMapAndOperands(&map, &operands);
    return std::pair(map, operands);
  };
  if (auto access = dyn_cast<affine::AffineReadOpInterface>(op))
    return composed(access.getAffineMap(), access.getMapOperands());
  if (auto access = dyn_cast<affine::AffineWriteOpInterface>(op))
    return composed(access.getAffineMap(), access.getMapOperands());
  ValueRange indices = isa<memref::LoadOp>(op)
                           ? cast<memref::LoadOp>(op).getIndices()
                           : cast<memref::StoreOp>(op).getIndices();
  return {AffineMap::getMultiDimIdentityMap(indices.size(), op->getContext()),
          SmallVector<Value>(indices)};
}

/// The banks `place` may reach, each with the test that it is the one (null
/// when it is the only one).
SmallVector<std::pair<int64_t, Value>> reachable(OpBuilder &b, Location loc,
                                                 const Banking &banking,
                                                 const Place &place) {
  SmallVector<SmallVector<int64_t>> tuples = {{}};
  for (auto [d, bank] : llvm::enumerate(place.bank)) {
    SmallVector<SmallVector<int64_t>> next;
    for (const SmallVector<int64_t> &tuple : tuples)
      for (int64_t k = 0; k < banking.banks[d]; ++k)
        if (!bank || *bank == k) {
          next.push_back(tuple);
          next.back().push_back(k);
        }
    tuples = std::move(next);
  }
  SmallVector<std::pair<int64_t, Value>> result;
  for (const SmallVector<int64_t> &tuple : tuples) {
    Value test;
    for (auto [d, k] : llvm::enumerate(tuple)) {
      if (place.bank[d])
        continue;
      Value is = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, place.bankValue[d],
          arith::ConstantIndexOp::create(b, loc, k));
      test = test ? arith::AndIOp::create(b, loc, test, is).getResult() : is;
    }
    result.push_back({banking.linear(tuple), test});
  }
  return result;
}

void rewriteLoad(Operation *load, const Banking &banking,
                 ArrayRef<Value> bankAllocs) {
  OpBuilder b(load);
  Location loc = load->getLoc();
  auto [map, operands] = accessOf(load);
  Place place =
      placeOf(b, loc, banking, map, operands, isa<affine::AffineLoadOp>(load));
  auto targets = reachable(b, loc, banking, place);
  Value result;
  if (targets.size() == 1) {
    result = memref::LoadOp::create(b, loc, bankAllocs[targets[0].first],
                                    place.offset);
  } else {
    // Each bank read only when it is the one (a guard, Predication.h), and
    // its data selected; the zero is never used.
    Type type = load->getResult(0).getType();
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
    result = zero;
    for (auto [bank, test] : targets) {
      auto guard = scf::IfOp::create(b, loc, TypeRange{type}, test,
                                     /*withElseRegion=*/true);
      guard->setAttr(rtl::kGuardAttr, b.getUnitAttr());
      OpBuilder inside = guard.getThenBodyBuilder();
      Value data =
          memref::LoadOp::create(inside, loc, bankAllocs[bank], place.offset);
      scf::YieldOp::create(inside, loc, data);
      inside = guard.getElseBodyBuilder();
      scf::YieldOp::create(inside, loc, zero);
      result =
          arith::SelectOp::create(b, loc, test, guard.getResult(0), result);
    }
  }
  load->getResult(0).replaceAllUsesWith(result);
  load->erase();
}

void rewriteStore(Operation *store, Value value, const Banking &banking,
                  ArrayRef<Value> bankAllocs) {
  OpBuilder b(store);
  Location loc = store->getLoc();
  auto [map, operands] = accessOf(store);
  Place place = placeOf(b, loc, banking, map, operands,
                        isa<affine::AffineStoreOp>(store));
  for (auto [bank, test] : reachable(b, loc, banking, place)) {
    if (!test) {
      memref::StoreOp::create(b, loc, value, bankAllocs[bank], place.offset);
      continue;
    }
    auto guard = scf::IfOp::create(b, loc, test, /*withElseRegion=*/false);
    guard->setAttr(rtl::kGuardAttr, b.getUnitAttr());
    OpBuilder inside = guard.getThenBodyBuilder();
    memref::StoreOp::create(inside, loc, value, bankAllocs[bank], place.offset);
  }
  store->erase();
}

/// Sends each access of `memref` to the banks it may reach among `banks`
/// (a deallocation deallocates every bank).
void redirectAccesses(Value memref, const Banking &banking,
                      ArrayRef<Value> banks) {
  for (Operation *user : llvm::make_early_inc_range(memref.getUsers())) {
    if (isa<memref::LoadOp, affine::AffineLoadOp>(user)) {
      rewriteLoad(user, banking, banks);
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      rewriteStore(store, store.getValueToStore(), banking, banks);
    } else if (auto store = dyn_cast<affine::AffineStoreOp>(user)) {
      rewriteStore(store, store.getValueToStore(), banking, banks);
    } else {
      OpBuilder at(user);
      for (Value bank : banks)
        memref::DeallocOp::create(at, user->getLoc(), bank);
      user->erase();
    }
  }
}

/// The contents of each bank of a buffer that starts as `contents`: each
/// element goes where the layout puts it (its bank, its address there).
SmallVector<DenseElementsAttr> splitContents(DenseElementsAttr contents,
                                             const Banking &banking,
                                             MemRefType bankType) {
  unsigned rank = banking.banks.size();
  int64_t bankSize = bankType.getNumElements();
  SmallVector<SmallVector<Attribute>> banks(banking.count());
  // A bank's tail past the buffer's end (Cyclic, Block) is never read.
  Attribute zero =
      Builder(contents.getContext()).getZeroAttr(contents.getElementType());
  for (SmallVector<Attribute> &bank : banks)
    bank.assign(bankSize, zero);
  ArrayRef<int64_t> shape = contents.getType().getShape();
  SmallVector<int64_t> index(rank, 0);
  for (Attribute value : contents.getValues<Attribute>()) {
    SmallVector<int64_t> place = banking.layout.compose(index);
    int64_t address = 0;
    for (unsigned d = 0; d < rank; ++d)
      address = address * banking.bankShape[d] + place[rank + d];
    banks[banking.linear(ArrayRef(place).take_front(rank))][address] = value;
    // The next index, row-major (the order of the dense values).
    for (int d = rank - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  auto bankShape =
      RankedTensorType::get(bankType.getShape(), contents.getElementType());
  SmallVector<DenseElementsAttr> result;
  for (ArrayRef<Attribute> bank : banks)
    result.push_back(DenseElementsAttr::get(bankShape, bank));
  return result;
}

void split(Operation *alloc, const Banking &banking) {
  OpBuilder b(alloc);
  auto type = cast<MemRefType>(alloc->getResult(0).getType());
  auto bankType = MemRefType::get(banking.bankShape, type.getElementType());
  SmallVector<Value> bankAllocs;
  bool registers = bankType.getNumElements() == 1;
  SmallVector<DenseElementsAttr> contents;
  if (DenseElementsAttr initial = rtl::initialContents(alloc))
    contents = splitContents(initial, banking, bankType);
  for (int64_t k = 0; k < banking.count(); ++k) {
    Operation *bank = b.clone(*alloc);
    bank->getResult(0).setType(bankType);
    if (!contents.empty())
      bank->setAttr(rtl::kInitialAttr, contents[k]);
    // A bank of one element is a register (as HLS makes a completely
    // partitioned array), which the estimator counts without ports.
    if (registers)
      bank->setAttr(rtl::kRegisterAttr, b.getUnitAttr());
    bankAllocs.push_back(bank->getResult(0));
  }
  LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << type << " into "
                          << banking.count() << " banks of " << bankType
                          << "\n");
  redirectAccesses(alloc->getResult(0), banking, bankAllocs);
  alloc->erase();
}

/// Makes each bank of `func`'s partitioned arguments that hasPortPerBank
/// an argument of its own, right after where the argument was, which goes.
/// Every argument then says which of the kernel's it is (rtl::kArgumentAttr);
/// a bank also its number and the array's type, for the testbench.
LogicalResult splitArguments(func::FuncOp func) {
  SmallVector<std::pair<unsigned, Banking>> partitioned;
  for (BlockArgument argument : func.getArguments()) {
    auto type = dyn_cast<MemRefType>(argument.getType());
    if (!type || !hasPortPerBank(argument))
      continue;
    FailureOr<Banking> banking = bankingOf(type);
    if (succeeded(banking) && banking->count() > 1)
      partitioned.push_back({argument.getArgNumber(), *banking});
  }
  if (partitioned.empty())
    return success();
  Builder b(func.getContext());
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    func.setArgAttr(i, rtl::kArgumentAttr, b.getI64IntegerAttr(i));
  // From the last, so that the arguments before keep their numbers.
  for (auto &[index, banking] : llvm::reverse(partitioned)) {
    BlockArgument argument = func.getArgument(index);
    auto type = cast<MemRefType>(argument.getType());
    auto bankType = MemRefType::get(banking.bankShape, type.getElementType());
    int64_t count = banking.count();
    SmallVector<unsigned> positions(count, index + 1);
    SmallVector<Type> types(count, bankType);
    SmallVector<Location> locations(count, argument.getLoc());
    SmallVector<DictionaryAttr> attributes;
    for (int64_t k = 0; k < count; ++k)
      attributes.push_back(b.getDictionaryAttr(
          {b.getNamedAttr(rtl::kArgumentAttr, b.getI64IntegerAttr(index)),
           b.getNamedAttr(rtl::kBankAttr, b.getI64IntegerAttr(k)),
           b.getNamedAttr(rtl::kBankedAttr, TypeAttr::get(type))}));
    if (failed(func.insertArguments(positions, types, attributes, locations)))
      return emitError(argument.getLoc())
             << "cannot give argument " << index << " of @" << func.getSymName()
             << " a port per bank";
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": argument " << index << " " << type
                            << " into " << count << " ports\n");
    SmallVector<Value> banks(
        func.getArguments().slice(index + 1, static_cast<size_t>(count)));
    redirectAccesses(argument, banking, banks);
    if (failed(func.eraseArgument(index)))
      return emitError(argument.getLoc())
             << "cannot remove argument " << index << " of @"
             << func.getSymName() << " after splitting it into banks";
  }
  return success();
}

struct RTLSplitBanksPass : public impl::RTLSplitBanksBase<RTLSplitBanksPass> {
  void runOnOperation() override {
    if (failed(rtl::splitBanks(getOperation())))
      signalPassFailure();
  }
};

} // namespace

namespace rtl {

std::string argumentName(func::FuncOp func, unsigned index) {
  auto original = func.getArgAttrOfType<IntegerAttr>(index, rtl::kArgumentAttr);
  std::string name =
      "arg" + std::to_string(original ? original.getInt() : index);
  if (auto bank = func.getArgAttrOfType<IntegerAttr>(index, rtl::kBankAttr))
    name += "_b" + std::to_string(bank.getInt());
  return name;
}

} // namespace rtl

Type kernelArgumentType(func::FuncOp func, unsigned index) {
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto original = func.getArgAttrOfType<IntegerAttr>(i, rtl::kArgumentAttr);
    if (!original || original.getInt() != index)
      continue;
    if (auto array = func.getArgAttrOfType<TypeAttr>(i, rtl::kBankedAttr))
      return array.getValue();
    return func.getArgument(i).getType();
  }
  return index < func.getNumArguments() ? func.getArgument(index).getType()
                                        : Type();
}

namespace rtl {

LogicalResult splitBanks(Operation *root) {
  WalkResult arguments = root->walk([](func::FuncOp func) {
    return failed(splitArguments(func)) ? WalkResult::interrupt()
                                        : WalkResult::advance();
  });
  if (arguments.wasInterrupted())
    return failure();
  SmallVector<std::pair<Operation *, Banking>> partitioned;
  root->walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op) ||
        op->getNumOperands() != 0 || !onlyAccessed(op->getResult(0)))
      return;
    FailureOr<Banking> banking =
        bankingOf(cast<MemRefType>(op->getResult(0).getType()));
    if (succeeded(banking) && banking->count() > 1)
      partitioned.push_back({op, *banking});
  });
  for (auto &[alloc, banking] : partitioned)
    split(alloc, banking);
  return success();
}

} // namespace rtl
} // namespace hcl
