//===- EntryWrapper.cpp - a uniform calling convention for the JIT --------===//

#include "hcl/Runtime/EntryWrapper.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace hcl {

FailureOr<func::FuncOp> selectEntry(ModuleOp module, StringRef requested) {
  SmallVector<func::FuncOp> candidates;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && func.isPublic())
      candidates.push_back(func);
  auto listNames = [&] {
    SmallVector<std::string> names;
    for (auto func : module.getOps<func::FuncOp>())
      names.push_back(("@" + func.getSymName()).str());
    return names.empty() ? std::string("none") : llvm::join(names, ", ");
  };

  StringRef wanted = requested.empty() ? StringRef("top") : requested;
  if (auto func = module.lookupSymbol<func::FuncOp>(wanted)) {
    if (func.isExternal())
      return module.emitError("entry function @")
             << wanted << " is only declared, it has no body";
    return func;
  }
  if (!requested.empty())
    return module.emitError("no function named @")
           << requested << " (functions: " << listNames() << ")";
  if (candidates.size() == 1)
    return candidates.front();
  return module.emitError("cannot choose an entry function: there is no @top "
                          "and ")
         << (candidates.empty() ? "no" : "more than one")
         << " public function; pick one with --entry (functions: "
         << listNames() << ")";
}

/// Integers of other widths (i12) live in the next standard container, as
/// LLVM lays them out in memory (i12 takes 2 bytes, i24 takes 4). Fixed
/// point travels as its bits, in the container of its width; a packed
/// struct as its bits too, an unsigned integer.
static std::optional<ElementKind> elementKindOf(Type type, bool isUnsigned) {
  unsigned width = 0;
  if (auto intType = dyn_cast<IntegerType>(type))
    width = intType.getWidth();
  else if (auto record = dyn_cast<StructType>(type))
    width = record.getWidth(), isUnsigned = true;
  else if (auto fixed = dyn_cast<FixedType>(type))
    width = fixed.getWidth();
  else if (auto fixed = dyn_cast<UFixedType>(type))
    width = fixed.getWidth(), isUnsigned = true;
  if (width == 1 && isa<IntegerType>(type))
    return ElementKind::I1;
  if (width > 0 && width <= 8)
    return isUnsigned ? ElementKind::U8 : ElementKind::I8;
  if (width > 0 && width <= 16)
    return isUnsigned ? ElementKind::U16 : ElementKind::I16;
  if (width > 0 && width <= 32)
    return isUnsigned ? ElementKind::U32 : ElementKind::I32;
  if (width > 0 && width <= 64)
    return isUnsigned ? ElementKind::U64 : ElementKind::I64;
  if (width > 64 && width <= 512 && isa<IntegerType, StructType>(type))
    return ElementKind::Wide;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF64())
    return ElementKind::F64;
  return std::nullopt;
}

/// The width of integer and fixed-point elements, 0 for floats.
static unsigned integerBitsOf(Type type) {
  if (auto fixed = dyn_cast<FixedType>(type))
    return fixed.getWidth();
  if (auto fixed = dyn_cast<UFixedType>(type))
    return fixed.getWidth();
  if (auto record = dyn_cast<StructType>(type))
    return record.getWidth();
  return type.isInteger() ? type.getIntOrFloatBitWidth() : 0;
}

static std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static FailureOr<ValueSpec> describeValue(func::FuncOp entry, Type type,
                                          bool isUnsigned, const Twine &what) {
  auto fail = [&](const Twine &why) {
    return entry.emitError() << what << " of @" << entry.getSymName()
                             << " has type " << type << ": " << why;
  };
  auto memref = dyn_cast<MemRefType>(type);
  Type elementType = memref ? memref.getElementType() : type;
  std::optional<ElementKind> kind = elementKindOf(elementType, isUnsigned);
  if (!kind)
    return fail("unsupported element type at the host boundary (supported: "
                "integers and packed structs up to 512 bits, fixed point up "
                "to 64 bits, f16, bf16, f32, f64; wider fixed point can be "
                "computed inside the program)");
  unsigned bits = integerBitsOf(elementType);
  int frac = getFixedFormat(elementType).width > 0
                 ? static_cast<int>(getFixedFormat(elementType).frac)
                 : -1;
  bool isUnsignedValue = isUnsigned || isa<UFixedType, StructType>(elementType);
  if (!memref)
    return ValueSpec{*kind, {},   false,          typeToString(type),
                     bits,  frac, isUnsignedValue};
  if (!memref.hasStaticShape())
    return fail("dynamic shapes are not supported; give every dimension a "
                "size");
  // A partition layout only banks the array for HLS; the CPU lowering drops
  // it, so the host passes a plain row-major array.
  if (!memref.getLayout().isIdentity() && !hasPartitionLayout(memref))
    return fail("only row-major memrefs without a layout map (or with a "
                "partition layout) can be passed to or from the host");
  std::vector<int64_t> shape(memref.getShape().begin(),
                             memref.getShape().end());
  return ValueSpec{*kind, std::move(shape), true, typeToString(type), bits,
                   frac,  isUnsignedValue};
}

FailureOr<EntrySignature> describeEntry(func::FuncOp entry) {
  EntrySignature signature;
  FunctionType type = entry.getFunctionType();
  for (auto [index, input] : llvm::enumerate(type.getInputs())) {
    FailureOr<ValueSpec> spec =
        describeValue(entry, input, isUnsignedArgument(entry, index),
                      "argument " + Twine(index));
    if (failed(spec))
      return failure();
    signature.arguments.push_back(std::move(*spec));
  }
  for (auto [index, output] : llvm::enumerate(type.getResults())) {
    FailureOr<ValueSpec> spec =
        describeValue(entry, output, isUnsignedResult(entry, index),
                      "result " + Twine(index));
    if (failed(spec))
      return failure();
    // LLVM 22's code generator corrupts its heap compiling the copy of a
    // returned buffer of such integers (seen with i100 and i200): refuse it.
    if (spec->kind == ElementKind::Wide)
      return entry.emitError() << "result " << index << " of @"
                               << entry.getSymName() << " has type " << output
                               << ": integers wider than 64 bits can be "
                                  "passed in and out through memref "
                                  "arguments, not returned";
    signature.results.push_back(std::move(*spec));
  }
  return signature;
}

/// Results that `entry` allocates itself (returned straight from a
/// memref.alloc): the wrapper frees them after copying them out.
static llvm::SmallVector<bool> freshlyAllocatedResults(func::FuncOp entry) {
  llvm::SmallVector<bool> fresh(entry.getNumResults(), false);
  llvm::SmallPtrSet<Value, 4> seen;
  SmallVector<func::ReturnOp> returns(entry.getOps<func::ReturnOp>());
  if (returns.size() != 1)
    return fresh;
  for (auto [index, value] : llvm::enumerate(returns.front().getOperands()))
    fresh[index] =
        value.getDefiningOp<memref::AllocOp>() && seen.insert(value).second;
  return fresh;
}

/// Lets `entry` compute a freshly allocated result straight into the
/// caller's array: the alloc becomes a new trailing argument, so no buffer
/// is allocated, copied and freed on every call (a 4096x4096 stencil spent
/// three quarters of its time so). Only for a result whose type is the
/// caller's array's exactly, and when nothing else calls `entry`. `fresh`
/// says which results `entry` allocates. Returns, per result, whether it is
/// now written in place.
static llvm::SmallVector<bool>
resultsIntoArguments(ModuleOp module, func::FuncOp entry,
                     llvm::ArrayRef<bool> fresh) {
  llvm::SmallVector<bool> inPlace(fresh.size(), false);
  if (!SymbolTable::symbolKnownUseEmpty(entry, module))
    return inPlace;
  auto returnOp = *entry.getOps<func::ReturnOp>().begin();
  for (auto [index, value] : llvm::enumerate(returnOp.getOperands())) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!fresh[index] || !type || !type.getLayout().isIdentity() ||
        !type.hasStaticShape())
      continue;
    auto alloc = value.getDefiningOp<memref::AllocOp>();
    unsigned position = entry.getNumArguments();
    if (failed(entry.insertArgument(position, type, {}, alloc.getLoc())))
      continue;
    alloc.replaceAllUsesWith(entry.getArgument(position));
    alloc.erase();
    inPlace[index] = true;
  }
  return inPlace;
}

void addEntryWrapper(ModuleOp module, func::FuncOp entry) {
  MLIRContext *ctx = module.getContext();
  FunctionType type = entry.getFunctionType();
  llvm::SmallVector<bool> fresh = freshlyAllocatedResults(entry);
  llvm::SmallVector<bool> inPlace = resultsIntoArguments(module, entry, fresh);
  SmallVector<Type> wrapperInputs(type.getInputs());
  for (Type result : type.getResults())
    wrapperInputs.push_back(
        isa<MemRefType>(result) ? result : MemRefType::get({}, result));

  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Location loc = entry.getLoc();
  auto wrapper =
      func::FuncOp::create(builder, loc, kEntryWrapperName,
                           FunctionType::get(ctx, wrapperInputs, {}));
  Block *body = wrapper.addEntryBlock();
  builder.setInsertionPointToStart(body);

  unsigned numArgs = type.getNumInputs();
  SmallVector<Value> operands(body->getArguments().take_front(numArgs));
  for (auto [index, written] : llvm::enumerate(inPlace))
    if (written)
      operands.push_back(body->getArgument(numArgs + index));
  auto call = func::CallOp::create(builder, loc, entry, operands);
  for (auto [index, result] : llvm::enumerate(call.getResults())) {
    Value out = body->getArgument(numArgs + index);
    if (inPlace[index])
      continue; // the entry wrote it there
    if (isa<MemRefType>(result.getType())) {
      memref::CopyOp::create(builder, loc, result, out);
      if (fresh[index])
        memref::DeallocOp::create(builder, loc, result);
    } else {
      memref::StoreOp::create(builder, loc, result, out, ValueRange{});
    }
  }
  func::ReturnOp::create(builder, loc);
}

} // namespace hcl
