//===- EmitOps.cpp - operations as HLS C++ statements and expressions -----===//
//
// What C++ spells its own way; the C-family core writes the rest. Integers
// are signless in the IR and signed in C++; the operations that read them
// as unsigned (divui, remui, ...) cast to the unsigned type of the same
// width first. Floating-point comparisons keep the IR's handling of NaN
// (ordered predicates are false on NaN, unordered ones true).
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "hcl/Target/CFamily/CppText.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/PrintFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstdio>

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

std::string binary(const std::string &a, const char *op, const std::string &b) {
  return a + " " + op + " " + b;
}

} // namespace

FailureOr<std::string> FunctionEmitter::constantText(arith::ConstantOp c) {
  if (!isa<IntegerAttr, FloatAttr>(c.getValue()))
    return c.emitError("hls-cpp: constants of type ")
           << c.getType() << " are not supported by the HLS C++ emitter";
  return hcl::constantText(c.getValue(), helpers);
}

std::string FunctionEmitter::libmName(StringRef base, Type type) {
  // <cmath>'s overloads compute in the operand's type (float or double),
  // with the libm the JIT calls. A half operand computes in float, as the
  // JIT's f16 math does, and the result is rounded back to half.
  if (type.isF16())
    return "(half)std::" + base.str();
  return "std::" + base.str();
}

FailureOr<std::string> FunctionEmitter::targetExpression(Operation *op) {
  auto in = [&](unsigned i) { return name(op->getOperand(i)); };
  std::string resultType =
      scalarCppType(op->getResult(0).getType()).value_or("");
  auto branch = [&](const std::string &value) {
    return resultType.rfind("ap_", 0) == 0
               ? "(" + resultType + ")(" + value + ")"
               : value;
  };
  auto asUnsigned = [&](unsigned i) {
    return "(" + unsignedCppType(op->getOperand(i).getType()) + ")" + in(i);
  };
  auto castTo = [&](const std::string &value) -> FailureOr<std::string> {
    FailureOr<std::string> t = typeOf(op->getResult(0), op);
    if (failed(t))
      return failure();
    return "(" + *t + ")" + value;
  };
  // The width C++ computes an operand in (index is a C++ int).
  auto bitWidth = [&](unsigned i) -> unsigned {
    Type t = op->getOperand(i).getType();
    return t.isIndex() ? 32 : t.getIntOrFloatBitWidth();
  };
  // arith.fptosi / fptoui: in range, the truncated value; else 0.
  auto floatToInt = [&](bool isSigned) -> FailureOr<std::string> {
    FailureOr<std::string> t = typeOf(op->getResult(0), op);
    if (failed(t))
      return failure();
    Type intType = op->getResult(0).getType();
    unsigned w = intType.isIndex() ? 32 : intType.getIntOrFloatBitWidth();
    helpers.insert("fptoi");
    std::string lo = isSigned ? "-0x1p" + std::to_string(w - 1) : "0.0";
    std::string hi = "0x1p" + std::to_string(isSigned ? w - 1 : w);
    std::string through = isSigned ? *t : unsignedCppType(intType);
    std::string text =
        "hcl_fptoi<" + through + ">(" + in(0) + ", " + lo + ", " + hi + ")";
    return through == *t ? text : "(" + *t + ")" + text;
  };
  auto call = [&](const char *f, unsigned n) {
    std::string args;
    for (unsigned i = 0; i < n; ++i)
      args += (i ? ", " : "") + in(i);
    return std::string(f) + "(" + args + ")";
  };
  auto bitCount = [&](const char *f) {
    helpers.insert("bitcount");
    return castTo(std::string(f) + "<" + std::to_string(bitWidth(0)) + ">(" +
                  asUnsigned(0) + ")");
  };
  using R = FailureOr<std::string>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](arith::DivUIOp) -> R {
        return binary(asUnsigned(0), "/", asUnsigned(1));
      })
      .Case([&](arith::RemUIOp) -> R {
        return binary(asUnsigned(0), "%", asUnsigned(1));
      })
      // A right shift of a negative value goes through ~ (the built-in's
      // result is implementation-defined); shifting by the width or more
      // fills with the sign, as by W - 1. (The literal in the amount's type:
      // ap_uint and int do not mix.)
      .Case([&](arith::ShRSIOp) -> R {
        std::string cast = "(" + resultType + ")";
        std::string inRange =
            asUnsigned(1) + " < " + std::to_string(bitWidth(0));
        std::string amount = "(" + inRange + " ? " + asUnsigned(1) + " : (" +
                             unsignedCppType(op->getOperand(1).getType()) +
                             ")" + std::to_string(bitWidth(0) - 1) + ")";
        if (resultType.rfind("ap_", 0) == 0)
          return cast + "(" + in(0) + " >> " + amount + ")";
        return "(" + in(0) + " < 0 ? " + cast + "~(~" + in(0) + " >> " +
               amount + ") : " + cast + "(" + in(0) + " >> " + amount + "))";
      })
      .Case<arith::SIToFPOp, arith::ExtFOp, arith::TruncFOp,
            arith::IndexCastOp>([&](auto) -> R { return castTo(in(0)); })
      .Case([&](arith::BitcastOp cast) -> R {
        return bitcastText(cast.getIn(), cast.getType(), resultType);
      })
      .Case([&](arith::FPToSIOp) -> R { return floatToInt(true); })
      .Case([&](arith::FPToUIOp) -> R { return floatToInt(false); })
      .Case([&](arith::MinimumFOp) -> R {
        helpers.insert("minimumf");
        return call("hcl_minimumf", 2);
      })
      .Case([&](arith::MaximumFOp) -> R {
        helpers.insert("maximumf");
        return call("hcl_maximumf", 2);
      })
      .Case([&](math::RsqrtOp) -> R {
        return "(" + resultType + ")1 / std::sqrt(" + in(0) + ")";
      })
      .Case([&](math::FPowIOp) -> R {
        return castTo("std::pow(" + in(0) + ", (" + resultType + ")" + in(1) +
                      ")");
      })
      // math.round: halves away from zero; math.roundeven: halves to even
      // (a helper: std::nearbyint depends on the rounding mode).
      .Case([&](math::RoundEvenOp) -> R {
        helpers.insert("roundeven");
        return call("hcl_roundeven", 1);
      })
      .Case([&](math::IsNaNOp) -> R { return call("std::isnan", 1); })
      .Case([&](math::IsInfOp) -> R { return call("std::isinf", 1); })
      .Case([&](math::IsFiniteOp) -> R { return call("std::isfinite", 1); })
      .Case([&](math::IsNormalOp) -> R { return call("std::isnormal", 1); })
      .Case(
          [&](math::CountLeadingZerosOp) -> R { return bitCount("hcl_ctlz"); })
      .Case(
          [&](math::CountTrailingZerosOp) -> R { return bitCount("hcl_cttz"); })
      .Case([&](math::CtPopOp) -> R { return bitCount("hcl_ctpop"); })
      .Case([&](math::AbsIOp) -> R {
        return "(" + in(0) + " < 0 ? " + branch("-" + in(0)) + " : " +
               branch(in(0)) + ")";
      })
      .Case([&](math::IPowIOp) -> R {
        helpers.insert("ipowi");
        return call("hcl_ipowi", 2);
      })
      .Case([&](AffineApplyOp apply) -> R {
        return affineExpression(apply.getAffineMap().getResult(0),
                                apply.getOperands(),
                                apply.getAffineMap().getNumDims());
      })
      .Case([&](AffineLoadOp load) -> R {
        // A stream is read in order: the next element is the one indexed.
        if (streams.contains(load.getMemRef()))
          return name(load.getMemRef()) + ".read()";
        return element(load.getMemRef(), affineIndices(load.getAffineMap(),
                                                       load.getMapOperands()));
      })
      .Case([&](memref::LoadOp load) -> R {
        if (streams.contains(load.getMemRef()))
          return load.emitError("hls-cpp: a stream read through memref.load");
        SmallVector<std::string> indices;
        for (Value index : load.getIndices())
          indices.push_back(name(index));
        return element(load.getMemRef(), indices);
      })
      .Default([&](Operation *op) -> R {
        if (op->hasTrait<OpTrait::HCLDataOp>())
          return dataExpression(op);
        return unsupported(op);
      });
}

LogicalResult FunctionEmitter::emitStore(AffineStoreOp store, Os &os) {
  if (streams.contains(store.getMemRef())) {
    os << name(store.getMemRef()) << ".write(" << name(store.getValueToStore())
       << ");\n";
    return success();
  }
  os << element(store.getMemRef(),
                affineIndices(store.getAffineMap(), store.getMapOperands()))
     << " = " << name(store.getValueToStore()) << ";\n";
  return success();
}

/// `text` as a C string literal.
static std::string cStringLiteral(StringRef text) {
  std::string literal = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\')
      literal += '\\', literal += c;
    else if (c == '\n')
      literal += "\\n";
    else if (c == '\t')
      literal += "\\t";
    else if (c < 32 || c >= 127) {
      char octal[5];
      snprintf(octal, sizeof octal, "\\%03o", c);
      literal += octal;
    } else
      literal += c;
  }
  return literal + "\"";
}

std::optional<LogicalResult> FunctionEmitter::emitTargetOp(Operation *op,
                                                           Os &os) {
  using R = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](memref::GetGlobalOp get) { return emitGetGlobal(get, os); })
      .Case<memref::AllocOp, memref::AllocaOp>(
          [&](auto alloc) { return emitArray(alloc.getResult(), alloc, os); })
      .Case([&](AffineStoreOp store) { return emitStore(store, os); })
      .Case([&](memref::StoreOp store) {
        SmallVector<std::string> indices;
        for (Value index : store.getIndices())
          indices.push_back(name(index));
        os << element(store.getMemRef(), indices) << " = "
           << name(store.getValueToStore()) << ";\n";
        return success();
      })
      .Case([&](memref::CopyOp copy) {
        emitCopy(
            cast<MemRefType>(copy.getTarget().getType()),
            [&](ArrayRef<std::string> i) {
              return element(copy.getSource(), i);
            },
            [&](ArrayRef<std::string> i) {
              return element(copy.getTarget(), i);
            },
            os);
        return success();
      })
      .Case([&](func::CallOp call) { return emitCall(call, os); })
      .Case([&](PrintOp print) {
        // printf reads long long and double, as the format says; the casts
        // keep ap_int and ap_fixed values out of printf's varargs.
        std::string error;
        std::vector<PrintConversion> conversions =
            parsePrintFormat(print.getFormat().str(), error);
        StringRef sign = print.getSignedness().value_or("");
        os << "printf(" << cStringLiteral(print.getFormat());
        for (auto [k, v] : llvm::enumerate(print.getValues())) {
          auto integer = dyn_cast<IntegerType>(v.getType());
          unsigned width = integer ? integer.getWidth() : 64;
          if (conversions[k].isFloat)
            os << ", (double)(" << name(v) << ")";
          else if (k < sign.size() && sign[k] == 'u' && width < 64)
            os << ", ((long long)(" << name(v) << ") & 0x"
               << llvm::utohexstr((uint64_t(1) << width) - 1) << "LL)";
          else
            os << ", (long long)(" << name(v) << ")";
        }
        os << ");\n";
        return success();
      })
      .Case([&](func::ReturnOp ret) {
        emitOutputs(ret, os);
        return success();
      })
      .Default([&](Operation *op) -> R {
        if (isScheduleOp(op))
          return LogicalResult(
              op->emitError("hls-cpp: '")
              << op->getName()
              << "' is a schedule operation: apply the schedule first "
                 "(hcl-opt --hcl-apply-customizations, or hcl hls)");
        return std::nullopt;
      });
}

} // namespace hcl
