//===- CWriter.cpp - one prepared function as C99 statements --------------===//
//
// Statements follow the prepared IR one to one (seed 004, 4.3.3: "visiting
// the IR and translating line by line"): an SSA value is a local variable
// (constants are written inline as exact literals), a buffer a C array, a
// rank-0 local buffer a plain variable, an affine.for a counted for loop
// (`#pragma omp parallel for` when the schedule marked it `parallel`). A
// value nothing uses is not written, so the C compiles with -Wall -Werror.
//
//===----------------------------------------------------------------------===//

#include "CWriter.h"
#include "Steps.h"

#include "../HLSCpp/CppText.h"

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
  if (!t || t->rfind("ap_", 0) == 0 || getFixedFormat(type).width > 0)
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

CWriter::CWriter(func::FuncOp func,
                 const llvm::StringMap<std::string> &functionNames,
                 std::set<std::string> &helpers)
    : func(func), isFilter(func->hasAttr(kFilterAttr)),
      functionNames(functionNames), helpers(helpers) {
  for (const auto &entry : functionNames)
    names.reserve(entry.getValue());
}

std::string CWriter::name(Value v) {
  auto it = valueNames.find(v);
  return it == valueNames.end() ? "<undefined>" : it->second;
}

std::string CWriter::define(Value v, StringRef wanted) {
  return valueNames[v] = names.get(wanted);
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
      valueNames[func.getArgument(i)] = n;
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
    func.walk([&](func::ReturnOp ret) {
      for (auto [i, v] : llvm::enumerate(ret.getOperands()))
        if (v.getDefiningOp<memref::AllocOp>() && !returnedBuffers.count(v))
          returnedBuffers[v] = "result" + std::to_string(i);
    });
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

LogicalResult CWriter::emitBlock(Block &block, Os &os) {
  for (Operation &op : block)
    if (failed(emitOp(&op, os)))
      return failure();
  return success();
}

LogicalResult CWriter::emitOp(Operation *op, Os &os) {
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (!isa<IntegerType, IndexType, FloatType>(c.getType()) ||
        failed(cType(c.getType(), op)))
      return op->emitError("bambu-c: constants of type ")
             << c.getType() << " are not supported";
    valueNames[c.getResult()] =
        cSpecialFloats(constantText(c.getValue(), helpers));
    return success();
  }
  if (auto loop = dyn_cast<AffineForOp>(op))
    return emitFor(loop, os);
  if (auto ifOp = dyn_cast<AffineIfOp>(op))
    return emitIf(ifOp, os);
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return emitScfFor(loop, os);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return emitScfWhile(loop, os);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return emitScfIf(ifOp, os);
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return emitBuffer(op, os);
  if (isa<memref::DeallocOp, AffineYieldOp>(op))
    return success();
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    auto type = dyn_cast<MemRefType>(copy.getSource().getType());
    if (!type || !type.hasStaticShape())
      return op->emitError("bambu-c: memref.copy needs static shapes");
    emitCopy(
        type,
        [&](ArrayRef<std::string> i) { return element(copy.getSource(), i); },
        [&](ArrayRef<std::string> i) { return element(copy.getTarget(), i); },
        os);
    return success();
  }
  if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
    if (!globalNames || !globalNames->count(get.getName()))
      return op->emitError("bambu-c: no memref.global @") << get.getName();
    valueNames[get.getResult()] = globalNames->lookup(get.getName());
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
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return op->emitError("bambu-c: '")
           << op->getName() << "' is not supported by the Bambu C emitter";
  if (isPure(op) && op->use_empty())
    return success();
  FailureOr<std::string> t = typeOf(op->getResult(0), op);
  if (failed(t))
    return failure();
  FailureOr<std::string> e = expression(op);
  if (failed(e))
    return failure();
  os << *t << " " << define(op->getResult(0)) << " = " << *e << ";\n";
  return success();
}

std::string CWriter::affineIndex(AffineExpr e, ValueRange operands,
                                 unsigned numDims) {
  SmallVector<std::string> args;
  for (Value v : operands)
    args.push_back(name(v));
  return affineText(e, args, numDims, helpers);
}

std::string CWriter::bound(AffineMap map, ValueRange operands, bool lower) {
  std::string text;
  for (AffineExpr e : map.getResults()) {
    std::string one = affineIndex(e, operands, map.getNumDims());
    if (!text.empty())
      helpers.insert(lower ? "imax" : "imin");
    text = text.empty()
               ? one
               : (lower ? "hcl_imax(" : "hcl_imin(") + text + ", " + one + ")";
  }
  return text;
}

LogicalResult CWriter::emitFor(AffineForOp loop, Os &os) {
  if (loop->hasAttr("vectorize") && loop.getNumIterOperands() == 0) {
    FailureOr<bool> vectorized = emitVectorLoop(loop, os);
    if (failed(vectorized) || *vectorized)
      return vectorized;
  }
  // Carried values (iter_args) are C variables, as in scf.for.
  SmallVector<SmallVector<Value, 2>> carried;
  for (auto [arg, result] :
       llvm::zip(loop.getRegionIterArgs(), loop.getResults()))
    carried.push_back({arg, result});
  FailureOr<SmallVector<std::string>> vars =
      declareVariables(carried, loop.getInits(), "acc", loop, os);
  if (failed(vars))
    return failure();
  StringRef loopName = getLoopName(loop);
  std::string iv =
      define(loop.getInductionVar(), loopName.empty() ? "i" : loopName);
  std::string lb =
      bound(loop.getLowerBoundMap(), loop.getLowerBoundOperands(), true);
  std::string ub =
      bound(loop.getUpperBoundMap(), loop.getUpperBoundOperands(), false);
  if (loop->hasAttr("parallel"))
    os << "#ifdef _OPENMP\n#pragma omp parallel for\n#endif\n";
  int64_t step = loop.getStepAsInt();
  os << "for (int " << iv << " = " << lb << "; " << iv << " < " << ub << "; "
     << iv << (step == 1 ? "++" : " += " + std::to_string(step)) << ") {\n";
  os.indent();
  if (failed(emitRegionBody(*loop.getBody(), *vars, os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult CWriter::emitIf(AffineIfOp op, Os &os) {
  IntegerSet set = op.getIntegerSet();
  std::string condition;
  for (unsigned i = 0; i < set.getNumConstraints(); ++i)
    condition +=
        (i ? " && " : "") +
        affineIndex(set.getConstraint(i), op.getOperands(), set.getNumDims()) +
        (set.isEq(i) ? " == 0" : " >= 0");
  return emitBranches(op, condition.empty() ? "1" : condition,
                      op.getThenBlock(),
                      op.hasElse() ? op.getElseBlock() : nullptr, os);
}

LogicalResult CWriter::emitBuffer(Operation *op, Os &os) {
  Value memref = op->getResult(0);
  auto type = cast<MemRefType>(memref.getType());
  if (auto returned = returnedBuffers.find(memref);
      returned != returnedBuffers.end()) {
    valueNames[memref] = returned->second;
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
  std::string text = name(memref);
  if (isLocalScalar(memref))
    return text;
  if (indices.empty())
    return text + "[0]";
  for (const std::string &i : indices)
    text += "[" + i + "]";
  return text;
}

static SmallVector<std::string> affineIndices(
    CWriter &w, AffineMap map, ValueRange operands,
    llvm::function_ref<std::string(AffineExpr, ValueRange, unsigned)> text) {
  SmallVector<std::string> indices;
  for (AffineExpr e : map.getResults())
    indices.push_back(text(e, operands, map.getNumDims()));
  return indices;
}

LogicalResult CWriter::emitLoad(Operation *op, Os &os) {
  Value result = op->getResult(0);
  if (result.use_empty())
    return success();
  Value memref = op->getOperand(0);
  std::string source;
  if (isFifo(memref)) {
    source = "hcl_fifo_read(" + name(memref) + ")";
  } else if (auto load = dyn_cast<AffineLoadOp>(op)) {
    source = element(
        memref, affineIndices(*this, load.getAffineMap(), load.getMapOperands(),
                              [&](AffineExpr e, ValueRange o, unsigned n) {
                                return affineIndex(e, o, n);
                              }));
  } else {
    SmallVector<std::string> indices;
    for (Value i : cast<memref::LoadOp>(op).getIndices())
      indices.push_back(name(i));
    source = element(memref, indices);
  }
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
  std::string target;
  if (auto store = dyn_cast<AffineStoreOp>(op)) {
    target = element(memref,
                     affineIndices(*this, store.getAffineMap(),
                                   store.getMapOperands(),
                                   [&](AffineExpr e, ValueRange o, unsigned n) {
                                     return affineIndex(e, o, n);
                                   }));
  } else {
    SmallVector<std::string> indices;
    for (Value i : cast<memref::StoreOp>(op).getIndices())
      indices.push_back(name(i));
    target = element(memref, indices);
  }
  os << target << " = " << name(value) << ";\n";
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
    if (auto get = operand.getDefiningOp<memref::GetGlobalOp>()) {
      MemRefType type = get.getType();
      std::string element = *scalarCppType(type.getElementType());
      std::string pointer = element + " *";
      if (type.getRank() > 1) {
        pointer = element + " (*)";
        for (int64_t d : type.getShape().drop_front())
          pointer += "[" + std::to_string(d) + "]";
      }
      arg = "(" + pointer + ")" + arg;
    }
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
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    std::string out = "result" + std::to_string(i);
    auto memref = dyn_cast<MemRefType>(value.getType());
    if (!memref) {
      os << "*" << out << " = " << name(value) << ";\n";
      continue;
    }
    // An argument or a buffer returned twice: copied element by element.
    if (name(value) != out)
      emitCopy(
          memref, [&](ArrayRef<std::string> i) { return element(value, i); },
          [&](ArrayRef<std::string> i) {
            return out + (i.empty() ? "[0]" : "[" + llvm::join(i, "][") + "]");
          },
          os);
  }
  return success();
}

void CWriter::emitCopy(MemRefType type, ElementText from, ElementText to,
                       Os &os) {
  SmallVector<std::string> index;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    std::string iv = names.get("c" + std::to_string(d));
    os << "for (int " << iv << " = 0; " << iv << " < " << type.getDimSize(d)
       << "; " << iv << "++)\n";
    os.indent();
    index.push_back(iv);
  }
  os << to(index) << " = " << from(index) << ";\n";
  for (int64_t d = 0; d < type.getRank(); ++d)
    os.unindent();
}

} // namespace hcl::bambu
