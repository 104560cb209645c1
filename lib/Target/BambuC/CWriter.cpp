//===- CWriter.cpp - one prepared function as C99 statements --------------===//
//
// Statements follow the prepared IR one to one, as the Bambu flow asks
// ("visiting the IR and translating line by line"); the C-family core
// writes values, loops and conditionals. Here: a buffer is a C array, a
// rank-0 local buffer a plain variable, a FIFO channel a pointer read and
// written through hcl_fifo.h, and a `parallel` loop gets
// `#pragma omp parallel for`. A value nothing uses is not written, so the C
// compiles with -Wall -Werror.
//
//===----------------------------------------------------------------------===//

#include "CWriter.h"
#include "Steps.h"

#include "hcl/Target/CFamily/CppText.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

FailureOr<std::string> cType(Type type, Operation *where) {
  std::optional<std::string> t = scalarCppType(type);
  if (!t || t->rfind("ap_", 0) == 0 || *t == "half" ||
      getFixedFormat(type).width > 0)
    return where->emitError("bambu-c: values of type ")
           << type << " have no C99 type here (integers of 1, 8, 16, 32 or 64 "
           << "bits, index, f32 and f64 only)";
  return *t;
}

bool isFifo(Value memref) {
  if (auto arg = dyn_cast<BlockArgument>(memref))
    if (auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()))
      return func.getArgAttr(arg.getArgNumber(), kFifoAttr) != nullptr;
  Operation *def = memref.getDefiningOp();
  return def && def->hasAttr(kFifoAttr);
}

namespace {

/// A local buffer nothing reads: neither it nor its stores are written.
bool isWriteOnlyLocal(Value memref) {
  if (!memref.getDefiningOp<memref::AllocOp>() &&
      !memref.getDefiningOp<memref::AllocaOp>())
    return false;
  return llvm::all_of(memref.getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    return (isa<AffineStoreOp>(user) &&
            cast<AffineStoreOp>(user).getMemRef() == use.get()) ||
           (isa<memref::StoreOp>(user) &&
            cast<memref::StoreOp>(user).getMemRef() == use.get()) ||
           isa<memref::DeallocOp>(user);
  });
}

/// `T name[4][4]`, `T *name` for a FIFO, `T name` for a scalar.
FailureOr<std::string> declaration(Type type, StringRef name, bool fifo,
                                   bool isUnsigned, Operation *where) {
  auto memref = dyn_cast<MemRefType>(type);
  Type element = memref ? memref.getElementType() : type;
  FailureOr<std::string> t = cType(element, where);
  if (failed(t))
    return failure();
  if (isUnsigned && element.isSignlessInteger() && !element.isInteger(1))
    *t = unsignedCppType(element);
  if (!memref)
    return *t + " " + name.str();
  if (fifo)
    return *t + " *" + name.str();
  std::optional<std::string> dims = arraySuffix(memref);
  if (!dims)
    return where->emitError("bambu-c: ")
           << type << " has a dynamic shape; C arrays need static ones";
  return *t + " " + name.str() + *dims;
}

} // namespace

/// What C99 for Bambu writes differently from HLS C++: gcc checks it with
/// -Wall -Werror, so nothing unused is written.
static const CStyle bambuStyle = {"bambu-c: ", "the Bambu C emitter", "1", "0",
                                  /*omitsUnused=*/true};

CWriter::CWriter(func::FuncOp func,
                 const llvm::StringMap<std::string> &functionNames,
                 std::set<std::string> &helpers)
    : CEmitter(bambuStyle, helpers), func(func),
      isFilter(func->hasAttr(kFilterAttr)), functionNames(functionNames) {
  for (const auto &entry : functionNames)
    names.reserve(entry.getValue());
}

FailureOr<std::string> CWriter::signature() {
  std::string params;
  FunctionType type = func.getFunctionType();
  auto paramNames = func->getAttrOfType<ArrayAttr>(kParamNamesAttr);
  auto add = [&](Type t, StringRef name, bool fifo, bool isUnsigned,
                 bool isOutput) -> LogicalResult {
    FailureOr<std::string> d = declaration(t, name, fifo, isUnsigned, func);
    if (failed(d))
      return failure();
    if (isOutput && !isa<MemRefType>(t))
      d->insert(d->size() - name.size(), "*");
    params += (params.empty() ? "" : ", ") + *d;
    return success();
  };
  for (auto [i, t] : llvm::enumerate(type.getInputs())) {
    std::string wanted = paramNames ? cast<StringAttr>(paramNames[i]).str()
                                    : "arg" + std::to_string(i);
    std::string n = names.get(wanted);
    if (!func.isExternal())
      setName(func.getArgument(i), n);
    if (failed(add(t, n, func.getArgAttr(i, kFifoAttr) != nullptr,
                   !isFilter && isUnsignedArgument(func, i), false)))
      return failure();
  }
  std::string returnType = "void";
  if (isFilter && type.getNumResults() == 1) {
    FailureOr<std::string> t = cType(type.getResult(0), func);
    if (failed(t))
      return failure();
    returnType = *t;
  } else {
    for (auto [i, t] : llvm::enumerate(type.getResults())) {
      std::string n = "result" + std::to_string(i);
      names.reserve(n);
      if (failed(add(t, n, false, isUnsignedResult(func, i), true)))
        return failure();
    }
  }
  auto it = functionNames.find(func.getSymName());
  return returnType + " " + it->second + "(" +
         (params.empty() ? "void" : params) + ")";
}

LogicalResult CWriter::emit(llvm::raw_ostream &out) {
  FailureOr<std::string> sig = signature();
  if (failed(sig))
    return failure();
  Os os(out);
  os << *sig << " {\n";
  os.indent();
  if (!isFilter)
    nameReturnedBuffers(func);
  for (BlockArgument arg : func.getArguments())
    if (isFifo(arg))
      os << "#ifdef __BAMBU__\n#pragma HLS interface port=" << name(arg)
         << " mode=fifo\n#endif\n";
  if (failed(emitBlock(func.getBody().front(), os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

FailureOr<std::string> CWriter::constantText(arith::ConstantOp c) {
  if (!isa<IntegerType, IndexType, FloatType>(c.getType()) ||
      failed(cType(c.getType(), c)))
    return c.emitError("bambu-c: constants of type ")
           << c.getType() << " are not supported";
  return cSpecialFloats(hcl::constantText(c.getValue(), helpers));
}

std::optional<LogicalResult> CWriter::emitTargetOp(Operation *op, Os &os) {
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return emitBuffer(op, os);
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    auto type = dyn_cast<MemRefType>(copy.getSource().getType());
    if (!type || !type.hasStaticShape())
      return LogicalResult(
          op->emitError("bambu-c: memref.copy needs static shapes"));
    emitCopy(
        type,
        [&](ArrayRef<std::string> i) { return element(copy.getSource(), i); },
        [&](ArrayRef<std::string> i) { return element(copy.getTarget(), i); },
        os);
    return success();
  }
  if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
    if (!globalNames || !globalNames->count(get.getName()))
      return LogicalResult(op->emitError("bambu-c: no memref.global @")
                           << get.getName());
    setName(get.getResult(), globalNames->lookup(get.getName()));
    return success();
  }
  if (auto call = dyn_cast<func::CallOp>(op))
    return emitCall(call, os);
  if (auto ret = dyn_cast<func::ReturnOp>(op))
    return emitReturn(ret, os);
  if (isa<AffineLoadOp, memref::LoadOp>(op))
    return emitLoad(op, os);
  if (isa<AffineStoreOp, memref::StoreOp>(op))
    return emitStore(op, os);
  return std::nullopt;
}

std::string CWriter::boundOf(bool lower, const std::string &a,
                             const std::string &b) {
  helpers.insert(lower ? "imax" : "imin");
  return (lower ? "hcl_imax(" : "hcl_imin(") + a + ", " + b + ")";
}

void CWriter::emitPragmasBeforeLoop(Operation *loop, Os &os) {
  // Bambu's OpenMP flow runs the iterations of a parallel affine loop on
  // accelerators of their own.
  if (isa<AffineForOp>(loop) && loop->hasAttr("parallel"))
    os << "#ifdef _OPENMP\n#pragma omp parallel for\n#endif\n";
}

LogicalResult CWriter::emitBuffer(Operation *op, Os &os) {
  Value memref = op->getResult(0);
  auto type = cast<MemRefType>(memref.getType());
  if (auto returned = returnedBuffers.find(memref);
      returned != returnedBuffers.end()) {
    setName(memref, returned->second);
    return success();
  }
  if (isWriteOnlyLocal(memref))
    return success();
  auto nameAttr = op->getAttrOfType<StringAttr>("name");
  std::string n = define(memref, nameAttr ? nameAttr.getValue() : "buf");
  if (isLocalScalar(memref)) {
    FailureOr<std::string> t = cType(type.getElementType(), op);
    if (failed(t))
      return failure();
    os << *t << " " << n << ";\n";
    return success();
  }
  if (isFifo(memref)) {
    // The channel's storage when the filters run one after the other.
    FailureOr<std::string> t = cType(type.getElementType(), op);
    if (failed(t))
      return failure();
    os << *t << " " << n << "[" << type.getNumElements()
       << "]; // FIFO channel\n";
    return success();
  }
  FailureOr<std::string> d = declaration(type, n, false, false, op);
  if (failed(d))
    return failure();
  os << *d << ";\n";
  return success();
}

std::string CWriter::element(Value memref, ArrayRef<std::string> indices) {
  if (isLocalScalar(memref))
    return name(memref);
  return CEmitter::element(memref, indices);
}

SmallVector<std::string> CWriter::accessIndices(Operation *op) {
  if (auto load = dyn_cast<AffineLoadOp>(op))
    return affineIndices(load.getAffineMap(), load.getMapOperands());
  if (auto store = dyn_cast<AffineStoreOp>(op))
    return affineIndices(store.getAffineMap(), store.getMapOperands());
  auto indices = isa<memref::LoadOp>(op)
                     ? cast<memref::LoadOp>(op).getIndices()
                     : cast<memref::StoreOp>(op).getIndices();
  SmallVector<std::string> text;
  for (Value i : indices)
    text.push_back(name(i));
  return text;
}

LogicalResult CWriter::emitLoad(Operation *op, Os &os) {
  Value result = op->getResult(0);
  if (result.use_empty())
    return success();
  Value memref = op->getOperand(0);
  std::string source = isFifo(memref) ? "hcl_fifo_read(" + name(memref) + ")"
                                      : element(memref, accessIndices(op));
  FailureOr<std::string> t = typeOf(result, op);
  if (failed(t))
    return failure();
  os << *t << " " << define(result) << " = " << source << ";\n";
  return success();
}

LogicalResult CWriter::emitStore(Operation *op, Os &os) {
  Value value = op->getOperand(0), memref = op->getOperand(1);
  if (isWriteOnlyLocal(memref))
    return success();
  if (isFifo(memref)) {
    os << "hcl_fifo_write(" << name(memref) << ", " << name(value) << ");\n";
    return success();
  }
  os << element(memref, accessIndices(op)) << " = " << name(value) << ";\n";
  return success();
}

LogicalResult CWriter::emitCall(func::CallOp call, Os &os) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    return call.emitError("bambu-c: call to @")
           << call.getCallee() << ", which has no body in this module";
  std::string args;
  for (Value operand : call.getOperands()) {
    std::string arg = name(operand);
    // A constant global is a `static const` array; the callee only reads it
    // (a write would be undefined in the IR too), through a plain pointer.
    if (auto get = operand.getDefiningOp<memref::GetGlobalOp>())
      arg = "(" + decayedPointer(get.getType()) + ")" + arg;
    args += (args.empty() ? "" : ", ") + arg;
  }
  // A function of the program (hcl.outline's): results through output
  // arguments, as its signature says.
  if (!callee->hasAttr(kFilterAttr)) {
    for (Value result : call.getResults()) {
      std::string n = define(result, "r");
      FailureOr<std::string> d =
          declaration(result.getType(), n, false, false, call);
      if (failed(d))
        return failure();
      os << *d << ";\n";
      args += (args.empty() ? "" : ", ") +
              (isa<MemRefType>(result.getType()) ? n : "&" + n);
    }
    os << functionNames.lookup(call.getCallee()) << "(" << args << ");\n";
    return success();
  }
  std::string text = functionNames.lookup(call.getCallee()) + "(" + args + ")";
  if (call.getNumResults() == 1 && !call.getResult(0).use_empty()) {
    FailureOr<std::string> t = typeOf(call.getResult(0), call);
    if (failed(t))
      return failure();
    os << *t << " " << define(call.getResult(0), "r") << " = " << text << ";\n";
  } else {
    os << text << ";\n";
  }
  return success();
}

LogicalResult CWriter::emitReturn(func::ReturnOp ret, Os &os) {
  if (isFilter) {
    os << "return"
       << (ret.getNumOperands() ? " " + name(ret.getOperand(0)) : "") << ";\n";
    return success();
  }
  emitOutputs(ret, os);
  return success();
}

} // namespace hcl::bambu
