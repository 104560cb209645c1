//===- FunctionEmitter.cpp - one func.func as HLS C++ ---------------------===//
//
// Statements follow the IR one to one: an affine.for becomes a labelled for
// loop with its pragmas first in the body, an SSA value a local variable
// (constants are written inline), a memref a C array. Integer arithmetic is
// written in the operands' C++ types; the project compiles the C simulation
// with -fwrapv, so signed overflow wraps as the IR and the hardware do.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "hcl/Target/CFamily/CppText.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

/// A channel of `element`s: Vitis HLS takes the depth as a template
/// argument too (its C simulation then checks it), and so does hcl's
/// hls_stream.h.
static std::string streamType(StringRef element, int64_t depth) {
  return "hls::stream<" + element.str() + ", " + std::to_string(depth) + ">";
}

/// The C++ declaration of a parameter of `type` named `name`.
static FailureOr<std::string> parameter(Type type, StringRef name,
                                        bool isOutput, bool isUnsigned,
                                        std::optional<int64_t> streamDepth) {
  auto cppType = [&](Type t) -> std::optional<std::string> {
    if (isUnsigned && t.isSignlessInteger())
      return unsignedCppType(t);
    return scalarCppType(t);
  };
  auto memref = dyn_cast<MemRefType>(type);
  if (memref && streamDepth) {
    std::optional<std::string> element = cppType(memref.getElementType());
    if (!element)
      return failure();
    return streamType(*element, *streamDepth) + " &" + name.str();
  }
  if (memref) {
    std::optional<std::string> element = cppType(memref.getElementType());
    std::optional<std::string> dims = arraySuffix(memref);
    if (!element || !dims)
      return failure();
    return *element + " " + name.str() + *dims;
  }
  std::optional<std::string> scalar = cppType(type);
  if (!scalar)
    return failure();
  return *scalar + (isOutput ? " *" : " ") + name.str();
}

FailureOr<std::string> cppSignature(func::FuncOp func, StringRef cppName,
                                    const StreamValues *streams) {
  std::string params;
  FunctionType type = func.getFunctionType();
  auto add = [&](Type t, std::string name, bool isOutput, bool isUnsigned,
                 Value arg = {}) -> LogicalResult {
    std::optional<int64_t> depth;
    if (streams && arg && streams->contains(arg))
      depth = streams->depth.lookup(arg);
    FailureOr<std::string> p = parameter(t, name, isOutput, isUnsigned, depth);
    if (failed(p))
      return func.emitError("hls-cpp: cannot write ")
             << name << " of @" << func.getSymName() << " of type " << t
             << " in C++ (static shapes of integers up to 64 bits, f16, f32 "
                "and f64 only)";
    params += (params.empty() ? "" : ", ") + *p;
    return success();
  };
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    if (failed(add(t, "arg" + std::to_string(i), false,
                   isUnsignedArgument(func, i),
                   func.isExternal() ? Value() : func.getArgument(i))))
      return failure();
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    if (failed(add(t, "result" + std::to_string(i), true,
                   isUnsignedResult(func, i))))
      return failure();
  return "void " + cppName.str() + "(" + params + ")";
}

/// What HLS C++ writes differently from C99: it keeps what -Wall would call
/// unused, since Vitis compiles it without -Werror.
static const CStyle hlsStyle = {"hls-cpp: ", "the HLS C++ emitter", "true",
                                "false",
                                /*omitsUnused=*/false};

FunctionEmitter::FunctionEmitter(
    func::FuncOp func, std::string cppName,
    const llvm::StringMap<std::string> &functionNames,
    const llvm::StringMap<std::string> &globalNames,
    const StreamValues &streams, bool isTop, std::set<std::string> &helpers)
    : CEmitter(hlsStyle, helpers), func(func), cppName(std::move(cppName)),
      functionNames(functionNames), globalNames(globalNames), streams(streams),
      isTop(isTop) {
  // A local must not shadow a global array or a function it refers to.
  for (const auto &entry : globalNames)
    names.reserve(entry.getValue());
  for (const auto &entry : functionNames)
    names.reserve(entry.getValue());
}

FailureOr<std::string> FunctionEmitter::typeOf(Value v, Operation *user) {
  std::optional<std::string> t = scalarCppType(v.getType());
  if (!t)
    return user->emitError("hls-cpp: values of type ")
           << v.getType() << " have no C++ type here";
  return *t;
}

std::string FunctionEmitter::boundOf(bool lower, const std::string &a,
                                     const std::string &b) {
  return std::string(lower ? "std::max(" : "std::min(") + a + ", " + b + ")";
}

void FunctionEmitter::emitPartitionPragmas(Value memref, Os &os) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type)
    return;
  FailureOr<SmallVector<DimPartition>> partitions = readPartition(type);
  if (failed(partitions))
    return;
  static const char *kinds[] = {"", "complete", "block", "cyclic"};
  for (auto [dim, p] : llvm::enumerate(*partitions)) {
    if (p.kind == DimPartition::Kind::None)
      continue;
    os << "#pragma HLS array_partition variable=" << name(memref) << " "
       << kinds[static_cast<int>(p.kind)];
    if (p.kind != DimPartition::Kind::Complete)
      os << " factor=" << p.factor;
    os << " dim=" << dim + 1 << "\n";
  }
}

void FunctionEmitter::emitInterfacePragmas(Os &os) {
  FunctionType type = func.getFunctionType();
  unsigned bundle = 0;
  auto emit = [&](Type t, const std::string &port) {
    if (auto memref = dyn_cast<MemRefType>(t))
      os << "#pragma HLS interface m_axi port=" << port
         << " offset=slave bundle=gmem" << bundle++
         << " depth=" << std::max<int64_t>(1, memref.getNumElements()) << "\n";
    else
      os << "#pragma HLS interface s_axilite port=" << port << "\n";
  };
  for (auto [i, t] : llvm::enumerate(type.getInputs()))
    emit(t, "arg" + std::to_string(i));
  for (auto [i, t] : llvm::enumerate(type.getResults()))
    emit(t, "result" + std::to_string(i));
  os << "#pragma HLS interface s_axilite port=return\n";
}

LogicalResult FunctionEmitter::emit(llvm::raw_ostream &out) {
  FailureOr<std::string> signature = cppSignature(func, cppName, &streams);
  if (failed(signature))
    return failure();
  Os os(out);
  os << *signature << " {\n";
  os.indent();
  Block &body = func.getBody().front();
  for (auto [i, arg] : llvm::enumerate(body.getArguments()))
    define(arg, "arg" + std::to_string(i));
  // Results are written through the output arguments; an allocation that is
  // returned is the output argument itself.
  for (auto [i, result] : llvm::enumerate(func.getFunctionType().getResults()))
    names.reserve("result" + std::to_string(i));
  nameReturnedBuffers(func);
  if (isTop)
    emitInterfacePragmas(os);
  if (func->hasAttr("dataflow"))
    os << "#pragma HLS dataflow\n";
  if (func->hasAttr("inline"))
    os << "#pragma HLS inline\n";
  for (BlockArgument arg : body.getArguments())
    emitPartitionPragmas(arg, os);
  bool isRegion =
      func->hasAttr("dataflow") && llvm::any_of(body, [&](Operation &op) {
        return op.getNumResults() == 1 && streams.contains(op.getResult(0));
      });
  if (failed(isRegion ? emitDataflowBody(body, os) : emitBlock(body, os)))
    return failure();
  os.unindent();
  os << "}\n";
  return success();
}

LogicalResult FunctionEmitter::emitArray(Value memref, Operation *op, Os &os) {
  auto type = cast<MemRefType>(memref.getType());
  std::optional<std::string> element = scalarCppType(type.getElementType());
  std::optional<std::string> dims = arraySuffix(type);
  if (!element || !dims)
    return op->emitError("hls-cpp: cannot size ")
           << type << " as a C array (static shapes of integers up to 64 "
           << "bits, f16, f32 and f64 only)";
  if (streams.contains(memref)) {
    auto nameAttr = op->getAttrOfType<StringAttr>("name");
    std::string n = define(memref, nameAttr ? nameAttr.getValue() : "stream");
    int64_t depth = streams.depth.lookup(memref);
    os << streamType(*element, depth) << " " << n << "(\"" << n << "\");\n"
       << "#pragma HLS stream variable=" << n << " depth=" << depth << "\n";
    return success();
  }
  auto returned = returnedBuffers.find(memref);
  if (returned != returnedBuffers.end()) {
    setName(memref, returned->second);
  } else {
    auto nameAttr = op->getAttrOfType<StringAttr>("name");
    std::string n = define(memref, nameAttr ? nameAttr.getValue() : "buf");
    os << *element << " " << n << *dims << ";\n";
  }
  emitPartitionPragmas(memref, os);
  return success();
}

/// The body of a dataflow region: its channels and buffers, then its
/// processes (calls) in order; with HCL_DATAFLOW_THREADS (hcl's C
/// simulation) each process runs in a thread of an hcl::dataflow::Region,
/// after the earlier ones it shares an ordinary buffer with have finished.
LogicalResult FunctionEmitter::emitDataflowBody(Block &body, Os &os) {
  SmallVector<std::pair<std::string, std::string>> calls; // stage, text
  func::ReturnOp ret;
  for (Operation &op : body) {
    if (auto r = dyn_cast<func::ReturnOp>(op)) {
      ret = r;
      continue;
    }
    auto call = dyn_cast<func::CallOp>(op);
    if (!call) {
      if (failed(emitOp(&op, os)))
        return failure();
      continue;
    }
    if (call.getNumResults() != 0)
      return call.emitError("hls-cpp: a process of a dataflow region returns "
                            "values");
    std::string text;
    llvm::raw_string_ostream textOs(text);
    Os callOs(textOs);
    if (failed(emitCall(call, callOs)))
      return failure();
    auto stage = call->getAttrOfType<StringAttr>("outlined_stage");
    calls.push_back({stage ? stage.getValue().str() : call.getCallee().str(),
                     StringRef(text).rtrim().str()});
  }
  std::vector<SmallVector<int>> deps = callDependences(func, streams);
  os << "#ifndef HCL_DATAFLOW_THREADS\n";
  for (auto &[stage, text] : calls)
    os << text << "\n";
  os << "#else\n";
  os << "hcl::dataflow::Region region;\n";
  for (auto [i, entry] : llvm::enumerate(calls)) {
    std::string after;
    if (i < deps.size())
      for (int d : deps[i])
        after += (after.empty() ? "" : ", ") + std::to_string(d);
    os << "region.add(\"" << entry.first << "\", {" << after << "}, [&] { "
       << entry.second << " });\n";
  }
  os << "region.run();\n#endif\n";
  if (ret)
    emitOutputs(ret, os);
  return success();
}

LogicalResult FunctionEmitter::emitCall(func::CallOp call, Os &os) {
  auto it = functionNames.find(call.getCallee());
  if (it == functionNames.end())
    return call.emitError("hls-cpp: call to @")
           << call.getCallee() << ", which has no body in this module";
  std::string args;
  for (Value operand : call.getOperands()) {
    std::string arg = name(operand);
    // The callee's parameter is not const; it only reads the global (a
    // write would be undefined in the IR too).
    if (auto get = operand.getDefiningOp<memref::GetGlobalOp>()) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          get, get.getNameAttr());
      if (global && global.getConstant())
        arg = "const_cast<" + decayedPointer(get.getType()) + ">(" + arg + ")";
    }
    args += (args.empty() ? "" : ", ") + arg;
  }
  for (Value result : call.getResults()) {
    std::string n = define(result, "r");
    if (auto memref = dyn_cast<MemRefType>(result.getType())) {
      std::optional<std::string> element =
          scalarCppType(memref.getElementType());
      std::optional<std::string> dims = arraySuffix(memref);
      if (!element || !dims)
        return call.emitError("hls-cpp: cannot size the result ") << memref;
      os << *element << " " << n << *dims << ";\n";
      args += (args.empty() ? "" : ", ") + n;
    } else {
      FailureOr<std::string> t = typeOf(result, call);
      if (failed(t))
        return failure();
      os << *t << " " << n << ";\n";
      args += (args.empty() ? "&" : ", &") + n;
    }
  }
  os << it->second << "(" << args << ");\n";
  return success();
}

LogicalResult FunctionEmitter::emitGetGlobal(memref::GetGlobalOp op, Os &os) {
  auto it = globalNames.find(op.getName());
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      op, op.getNameAttr());
  if (it == globalNames.end() || !global)
    return op.emitError("hls-cpp: no memref.global @")
           << op.getName() << " in this module";
  // A constant global is a `static const` array: C++ cannot write it.
  if (global.getConstant())
    for (OpOperand &use : op.getResult().getUses()) {
      Operation *user = use.getOwner();
      bool writes = (isa<AffineStoreOp>(user) &&
                     cast<AffineStoreOp>(user).getMemRef() == use.get()) ||
                    (isa<memref::StoreOp>(user) &&
                     cast<memref::StoreOp>(user).getMemRef() == use.get()) ||
                    (isa<memref::CopyOp>(user) &&
                     cast<memref::CopyOp>(user).getTarget() == use.get());
      if (writes)
        return user->emitError("hls-cpp: writes the constant memref.global @")
               << op.getName();
    }
  setName(op.getResult(), it->second);
  // A partitioned global (a ROM of weights) is banked where it is used.
  if (partitionedGlobals.insert(op.getName()).second)
    emitPartitionPragmas(op.getResult(), os);
  return success();
}

} // namespace hcl
