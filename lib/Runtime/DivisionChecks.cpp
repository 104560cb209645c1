//===- DivisionChecks.cpp - guard integer divisions in JIT code -----------===//
//
// See hcl/Runtime/DivisionChecks.h. The guard of `q = a / b` is
//
//   bad  = b == 0 [|| (a == MIN && b == -1) when signed]
//   if (any lane of bad) hcl_division_fault(site, b == 0 ? 0 : 1)
//   q    = a / (bad ? 1 : b)
//
// so the division itself can never trap, whatever LLVM later moves where.
// It is inserted in the LLVM dialect, after the loops are unrolled,
// vectorized and parallelized: earlier, its call would make the parallel
// loop pass see an unknown effect and run the loop on one thread.
//
//===----------------------------------------------------------------------===//

#include "hcl/Runtime/DivisionChecks.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace hcl {

namespace {

/// The name tagDivisions gives a division's location starts with this.
constexpr llvm::StringLiteral kTagPrefix = "hcl.division: ";

std::string stagePhrase(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (StringRef stage = getStageName(parent); !stage.empty())
      return (" in stage '" + stage + "'").str();
  return "";
}

/// "file.mlir:12:10", or "" for a location with no file.
std::string fileLine(Location loc) {
  auto file = loc->findInstanceOf<FileLineColLoc>();
  if (!file)
    return "";
  return (file.getFilename().strref() + ":" + llvm::Twine(file.getLine()) +
          ":" + llvm::Twine(file.getColumn()))
      .str();
}

/// What a guarded LLVM division was in the program: the tag when the
/// lowering kept it, else the LLVM operation.
std::string describeSite(Operation *op) {
  std::string what = op->getName().getStringRef().str();
  if (auto tag = op->getLoc()->findInstanceOf<NameLoc>())
    if (tag.getName().strref().starts_with(kTagPrefix))
      what = tag.getName().strref().drop_front(kTagPrefix.size()).str();
  std::string where = fileLine(op->getLoc());
  return where.empty() ? what : what + " (" + where + ")";
}

/// Whether `divisor` is a constant that can neither be zero nor, for a
/// signed division, -1.
bool isSafeDivisor(Value divisor, bool isSigned) {
  Attribute value;
  if (!matchPattern(divisor, m_Constant(&value)))
    return false;
  auto safe = [&](const APInt &v) {
    return !v.isZero() && !(isSigned && v.isAllOnes());
  };
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return safe(integer.getValue());
  if (auto elements = dyn_cast<DenseIntElementsAttr>(value))
    return llvm::all_of(elements.getValues<APInt>(), safe);
  return false;
}

LLVM::LLVMFuncOp declareFault(ModuleOp module) {
  if (auto existing =
          module.lookupSymbol<LLVM::LLVMFuncOp>(kDivisionFaultFunction))
    return existing;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  Type i64 = b.getI64Type();
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(module.getContext()), {i64, i64});
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), kDivisionFaultFunction,
                                  type);
}

/// Guards `division` (see the file comment) as check site `site`.
void guard(Operation *division, bool isSigned, int64_t site,
           LLVM::LLVMFuncOp fault) {
  OpBuilder b(division);
  Location loc = division->getLoc();
  Value dividend = division->getOperand(0), divisor = division->getOperand(1);
  Type type = divisor.getType();
  unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  auto constant = [&](const APInt &value) -> Value {
    Attribute attr;
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = DenseElementsAttr::get(shaped, llvm::ArrayRef<APInt>(value));
    else
      attr = b.getIntegerAttr(type, value);
    return LLVM::ConstantOp::create(b, loc, type, attr);
  };
  auto equals = [&](Value v, const APInt &value) -> Value {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, v,
                                constant(value));
  };
  // One flag for the branch, whatever the number of lanes.
  auto anyLane = [&](Value flags) -> Value {
    if (!isa<VectorType>(type))
      return flags;
    Type i1 = b.getI1Type();
    return LLVM::vector_reduce_or::create(b, loc, TypeRange(ArrayRef<Type>(i1)),
                                          flags);
  };
  Value isZero = equals(divisor, APInt(width, 0));
  Value bad = isZero;
  if (isSigned) {
    Value overflow = LLVM::AndOp::create(
        b, loc, equals(dividend, APInt::getSignedMinValue(width)),
        equals(divisor, APInt::getAllOnes(width)));
    bad = LLVM::OrOp::create(b, loc, isZero, overflow);
  }
  division->setOperand(1, LLVM::SelectOp::create(
                              b, loc, bad, constant(APInt(width, 1)), divisor));
  Value anyBad = anyLane(bad);
  Type i64 = b.getI64Type();
  Value kind = LLVM::SelectOp::create(
      b, loc, anyLane(isZero),
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0)),
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1)));
  Value siteValue =
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(site));

  Block *before = division->getBlock();
  Block *after = before->splitBlock(division);
  Block *report = new Block();
  after->getParent()->getBlocks().insert(after->getIterator(), report);
  b.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(b, loc, anyBad, report, ValueRange{}, after,
                         ValueRange{});
  b.setInsertionPointToEnd(report);
  LLVM::CallOp::create(b, loc, fault, ValueRange{siteValue, kind});
  LLVM::BrOp::create(b, loc, ValueRange{}, after);
}

} // namespace

void tagDivisions(ModuleOp module) {
  MLIRContext *context = module.getContext();
  module.walk([&](Operation *op) {
    std::string what;
    if (isa<DivFixedOp>(op))
      what = "fixed-point division (hcl.div_fixed)";
    else if (isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
                 arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(
                 op))
      what = op->getName().getStringRef().str();
    else
      return;
    std::string tag = kTagPrefix.str() + what + stagePhrase(op);
    op->setLoc(NameLoc::get(StringAttr::get(context, tag), op->getLoc()));
  });
}

std::vector<std::string> insertDivisionChecks(ModuleOp module) {
  SmallVector<Operation *> divisions;
  module.walk([&](Operation *op) {
    if (isa<LLVM::SDivOp, LLVM::UDivOp, LLVM::SRemOp, LLVM::URemOp>(op) &&
        !op->getParentOp()->hasTrait<OpTrait::SingleBlock>())
      divisions.push_back(op);
  });
  std::vector<std::string> sites;
  LLVM::LLVMFuncOp fault;
  for (Operation *division : divisions) {
    bool isSigned = isa<LLVM::SDivOp, LLVM::SRemOp>(division);
    if (isSafeDivisor(division->getOperand(1), isSigned))
      continue;
    if (!fault)
      fault = declareFault(module);
    guard(division, isSigned, sites.size(), fault);
    sites.push_back(describeSite(division));
  }
  return sites;
}

} // namespace hcl
