//===- EmitOps.cpp - operations as HLS C++ statements and expressions -----===//
//
// Integers are signless in the IR and signed in C++; the operations that read
// them as unsigned (divui, cmpi ult, extui, ...) cast to the unsigned type of
// the same width first. Floating-point comparisons keep the IR's handling of
// NaN (ordered predicates are false on NaN, unordered ones true).
//
//===----------------------------------------------------------------------===//

#include "CppText.h"
#include "FunctionEmitter.h"

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl {

namespace {

std::string binary(const std::string &a, const char *op, const std::string &b) {
  return a + " " + op + " " + b;
}

std::string cmpfText(arith::CmpFPredicate p, const std::string &a,
                     const std::string &b) {
  using P = arith::CmpFPredicate;
  switch (p) {
  case P::AlwaysFalse:
    return "false";
  case P::AlwaysTrue:
    return "true";
  case P::OEQ:
    return binary(a, "==", b);
  case P::OGT:
    return binary(a, ">", b);
  case P::OGE:
    return binary(a, ">=", b);
  case P::OLT:
    return binary(a, "<", b);
  case P::OLE:
    return binary(a, "<=", b);
  case P::ONE:
    return "(" + a + " < " + b + " || " + a + " > " + b + ")";
  case P::ORD:
    return "(" + a + " == " + a + " && " + b + " == " + b + ")";
  case P::UEQ:
    return "!(" + a + " < " + b + " || " + a + " > " + b + ")";
  case P::UGT:
    return "!(" + a + " <= " + b + ")";
  case P::UGE:
    return "!(" + a + " < " + b + ")";
  case P::ULT:
    return "!(" + a + " >= " + b + ")";
  case P::ULE:
    return "!(" + a + " > " + b + ")";
  case P::UNE:
    return binary(a, "!=", b);
  case P::UNO:
    return "(" + a + " != " + a + " || " + b + " != " + b + ")";
  }
  return "false";
}

} // namespace

FailureOr<std::string> FunctionEmitter::expression(Operation *op) {
  auto in = [&](unsigned i) { return name(op->getOperand(i)); };
  // The two branches of a conditional must have one type; ap_int values and
  // plain literals (or -x, one bit wider) do not, so they are cast.
  std::string resultType =
      op->getNumResults()
          ? scalarCppType(op->getResult(0).getType()).value_or("")
          : "";
  auto branch = [&](const std::string &value) {
    return resultType.rfind("ap_", 0) == 0
               ? "(" + resultType + ")(" + value + ")"
               : value;
  };
  auto choose = [&](const std::string &cond, const std::string &a,
                    const std::string &b) {
    return "(" + cond + " ? " + branch(a) + " : " + branch(b) + ")";
  };
  // bool holds any non-zero value as true; i1 arithmetic keeps the low bit.
  auto oneBit = [&](const std::string &value) {
    return resultType == "bool" ? "(bool)((" + value + ") & 1)" : value;
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
  // Whether a shift amount (operand 1) is below the bit width.
  auto inRange = [&] {
    return asUnsigned(1) + " < " + std::to_string(bitWidth(0));
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
  using R = FailureOr<std::string>;
  return llvm::TypeSwitch<Operation *, R>(op)
      // Integer arithmetic.
      .Case(
          [&](arith::AddIOp) -> R { return oneBit(binary(in(0), "+", in(1))); })
      .Case(
          [&](arith::SubIOp) -> R { return oneBit(binary(in(0), "-", in(1))); })
      .Case(
          [&](arith::MulIOp) -> R { return oneBit(binary(in(0), "*", in(1))); })
      .Case([&](arith::DivSIOp) -> R { return binary(in(0), "/", in(1)); })
      .Case([&](arith::RemSIOp) -> R { return binary(in(0), "%", in(1)); })
      .Case([&](arith::DivUIOp) -> R {
        return binary(asUnsigned(0), "/", asUnsigned(1));
      })
      .Case([&](arith::RemUIOp) -> R {
        return binary(asUnsigned(0), "%", asUnsigned(1));
      })
      .Case([&](arith::FloorDivSIOp) -> R {
        helpers.insert("floordiv");
        return "hcl_floordiv(" + in(0) + ", " + in(1) + ")";
      })
      .Case([&](arith::CeilDivSIOp) -> R {
        helpers.insert("ceildiv");
        return "hcl_ceildiv(" + in(0) + ", " + in(1) + ")";
      })
      .Case([&](arith::AndIOp) -> R { return binary(in(0), "&", in(1)); })
      .Case([&](arith::OrIOp) -> R { return binary(in(0), "|", in(1)); })
      .Case([&](arith::XOrIOp) -> R { return binary(in(0), "^", in(1)); })
      // Shifts by the bit width or more are poison in the IR and undefined in
      // C++: they give 0 (shli, shrui) or the sign (shrsi) here. A left shift
      // is done on the unsigned type (shifting a negative value is undefined
      // before C++20), a right shift of a negative value through ~ (the
      // built-in's result is implementation-defined).
      .Case([&](arith::ShLIOp) -> R {
        std::string cast = "(" + resultType + ")";
        return "(" + inRange() + " ? " + cast + "(" + asUnsigned(0) + " << " +
               asUnsigned(1) + ") : " + cast + "0)";
      })
      .Case([&](arith::ShRUIOp) -> R {
        std::string cast = "(" + resultType + ")";
        return "(" + inRange() + " ? " + cast + "(" + asUnsigned(0) + " >> " +
               asUnsigned(1) + ") : " + cast + "0)";
      })
      .Case([&](arith::ShRSIOp) -> R {
        std::string cast = "(" + resultType + ")";
        // Shifting by the width or more fills with the sign, as by W - 1.
        // (The literal in the amount's type: ap_uint and int do not mix.)
        std::string amount = "(" + inRange() + " ? " + asUnsigned(1) + " : (" +
                             unsignedCppType(op->getOperand(1).getType()) +
                             ")" + std::to_string(bitWidth(0) - 1) + ")";
        if (resultType.rfind("ap_", 0) == 0)
          return cast + "(" + in(0) + " >> " + amount + ")";
        return "(" + in(0) + " < 0 ? " + cast + "~(~" + in(0) + " >> " +
               amount + ") : " + cast + "(" + in(0) + " >> " + amount + "))";
      })
      .Case([&](arith::MinSIOp) -> R {
        return choose(in(0) + " < " + in(1), in(0), in(1));
      })
      .Case([&](arith::MaxSIOp) -> R {
        return choose(in(0) + " > " + in(1), in(0), in(1));
      })
      .Case([&](arith::MinUIOp) -> R {
        return choose(asUnsigned(0) + " < " + asUnsigned(1), in(0), in(1));
      })
      .Case([&](arith::MaxUIOp) -> R {
        return choose(asUnsigned(0) + " > " + asUnsigned(1), in(0), in(1));
      })
      .Case([&](arith::CmpIOp cmp) -> R {
        const char *o = comparisonOperator(cmp.getPredicate());
        if (isUnsignedComparison(cmp.getPredicate()))
          return binary(asUnsigned(0), o, asUnsigned(1));
        // Read as signed, an i1 holding 1 is -1.
        if (cmp.getLhs().getType().isInteger(1))
          return binary("(-(int)" + in(0) + ")", o, "(-(int)" + in(1) + ")");
        return binary(in(0), o, in(1));
      })
      .Case([&](arith::SelectOp) -> R { return choose(in(0), in(1), in(2)); })
      // Conversions.
      .Case([&](arith::ExtSIOp e) -> R {
        if (e.getIn().getType().isInteger(1))
          return castTo("(-(int)" + in(0) + ")");
        return castTo(in(0));
      })
      .Case([&](arith::ExtUIOp) -> R { return castTo(asUnsigned(0)); })
      .Case([&](arith::TruncIOp t) -> R {
        if (t.getType().isInteger(1))
          return "(bool)(" + in(0) + " & 1)";
        return castTo(in(0));
      })
      .Case<arith::SIToFPOp, arith::ExtFOp, arith::TruncFOp,
            arith::IndexCastOp>([&](auto) -> R { return castTo(in(0)); })
      .Case<arith::UIToFPOp, arith::IndexCastUIOp>(
          [&](auto) -> R { return castTo(asUnsigned(0)); })
      .Case([&](arith::BitcastOp cast) -> R {
        return bitcastText(cast.getIn(), cast.getType(), resultType);
      })
      .Case([&](arith::FPToSIOp) -> R { return floatToInt(true); })
      .Case([&](arith::FPToUIOp) -> R { return floatToInt(false); })
      // Floating point.
      .Case([&](arith::AddFOp) -> R { return binary(in(0), "+", in(1)); })
      .Case([&](arith::SubFOp) -> R { return binary(in(0), "-", in(1)); })
      .Case([&](arith::MulFOp) -> R { return binary(in(0), "*", in(1)); })
      .Case([&](arith::DivFOp) -> R { return binary(in(0), "/", in(1)); })
      .Case([&](arith::RemFOp) -> R { return call("std::fmod", 2); })
      .Case([&](arith::NegFOp) -> R { return "-" + in(0); })
      .Case([&](arith::CmpFOp cmp) -> R {
        return cmpfText(cmp.getPredicate(), in(0), in(1));
      })
      .Case([&](arith::MinimumFOp) -> R {
        helpers.insert("minimumf");
        return call("hcl_minimumf", 2);
      })
      .Case([&](arith::MaximumFOp) -> R {
        helpers.insert("maximumf");
        return call("hcl_maximumf", 2);
      })
      .Case([&](arith::MinNumFOp) -> R { return call("std::fmin", 2); })
      .Case([&](arith::MaxNumFOp) -> R { return call("std::fmax", 2); })
      // Math: <cmath>'s overloads compute in the operand's type (float or
      // double), with the libm the JIT calls.
      .Case([&](math::ExpOp) -> R { return call("std::exp", 1); })
      .Case([&](math::Exp2Op) -> R { return call("std::exp2", 1); })
      .Case([&](math::ExpM1Op) -> R { return call("std::expm1", 1); })
      .Case([&](math::LogOp) -> R { return call("std::log", 1); })
      .Case([&](math::Log2Op) -> R { return call("std::log2", 1); })
      .Case([&](math::Log10Op) -> R { return call("std::log10", 1); })
      .Case([&](math::Log1pOp) -> R { return call("std::log1p", 1); })
      .Case([&](math::SqrtOp) -> R { return call("std::sqrt", 1); })
      .Case([&](math::RsqrtOp) -> R {
        return "(" + resultType + ")1 / std::sqrt(" + in(0) + ")";
      })
      .Case([&](math::CbrtOp) -> R { return call("std::cbrt", 1); })
      .Case([&](math::AbsFOp) -> R { return call("std::fabs", 1); })
      .Case([&](math::PowFOp) -> R { return call("std::pow", 2); })
      .Case([&](math::FPowIOp) -> R {
        return castTo("std::pow(" + in(0) + ", (" + resultType + ")" + in(1) +
                      ")");
      })
      .Case([&](math::FmaOp) -> R { return call("std::fma", 3); })
      .Case([&](math::CopySignOp) -> R { return call("std::copysign", 2); })
      .Case([&](math::TanhOp) -> R { return call("std::tanh", 1); })
      .Case([&](math::SinhOp) -> R { return call("std::sinh", 1); })
      .Case([&](math::CoshOp) -> R { return call("std::cosh", 1); })
      .Case([&](math::AsinhOp) -> R { return call("std::asinh", 1); })
      .Case([&](math::AcoshOp) -> R { return call("std::acosh", 1); })
      .Case([&](math::AtanhOp) -> R { return call("std::atanh", 1); })
      .Case([&](math::SinOp) -> R { return call("std::sin", 1); })
      .Case([&](math::CosOp) -> R { return call("std::cos", 1); })
      .Case([&](math::TanOp) -> R { return call("std::tan", 1); })
      .Case([&](math::AsinOp) -> R { return call("std::asin", 1); })
      .Case([&](math::AcosOp) -> R { return call("std::acos", 1); })
      .Case([&](math::AtanOp) -> R { return call("std::atan", 1); })
      .Case([&](math::Atan2Op) -> R { return call("std::atan2", 2); })
      .Case([&](math::ErfOp) -> R { return call("std::erf", 1); })
      .Case([&](math::ErfcOp) -> R { return call("std::erfc", 1); })
      .Case([&](math::FloorOp) -> R { return call("std::floor", 1); })
      .Case([&](math::CeilOp) -> R { return call("std::ceil", 1); })
      .Case([&](math::TruncOp) -> R { return call("std::trunc", 1); })
      // math.round: halves away from zero; math.roundeven: halves to even
      // (a helper: std::nearbyint depends on the rounding mode).
      .Case([&](math::RoundOp) -> R { return call("std::round", 1); })
      .Case([&](math::RoundEvenOp) -> R {
        helpers.insert("roundeven");
        return call("hcl_roundeven", 1);
      })
      .Case([&](math::IsNaNOp) -> R { return call("std::isnan", 1); })
      .Case([&](math::IsInfOp) -> R { return call("std::isinf", 1); })
      .Case([&](math::IsFiniteOp) -> R { return call("std::isfinite", 1); })
      .Case([&](math::IsNormalOp) -> R { return call("std::isnormal", 1); })
      .Case([&](math::CountLeadingZerosOp) -> R {
        helpers.insert("bitcount");
        return castTo("hcl_ctlz<" + std::to_string(bitWidth(0)) + ">(" +
                      asUnsigned(0) + ")");
      })
      .Case([&](math::CountTrailingZerosOp) -> R {
        helpers.insert("bitcount");
        return castTo("hcl_cttz<" + std::to_string(bitWidth(0)) + ">(" +
                      asUnsigned(0) + ")");
      })
      .Case([&](math::CtPopOp) -> R {
        helpers.insert("bitcount");
        return castTo("hcl_ctpop<" + std::to_string(bitWidth(0)) + ">(" +
                      asUnsigned(0) + ")");
      })
      .Case([&](math::AbsIOp) -> R {
        return choose(in(0) + " < 0", "-" + in(0), in(0));
      })
      .Case([&](math::IPowIOp) -> R {
        helpers.insert("ipowi");
        return call("hcl_ipowi", 2);
      })
      .Case([&](AffineApplyOp apply) -> R {
        SmallVector<std::string> args;
        for (Value operand : apply.getOperands())
          args.push_back(name(operand));
        return affineText(apply.getAffineMap().getResult(0), args,
                          apply.getAffineMap().getNumDims(), helpers);
      })
      .Case([&](AffineLoadOp load) -> R {
        // A stream is read in order: the next element is the one indexed.
        if (streams.contains(load.getMemRef()))
          return name(load.getMemRef()) + ".read()";
        return access(load.getMemRef(), load.getAffineMap(),
                      load.getMapOperands());
      })
      .Case([&](memref::LoadOp load) -> R {
        if (streams.contains(load.getMemRef()))
          return load.emitError("hls-cpp: a stream read through memref.load");
        std::string text = name(load.getMemRef());
        for (Value index : load.getIndices())
          text += "[" + name(index) + "]";
        return load.getIndices().empty() ? text + "[0]" : text;
      })
      .Default([&](Operation *op) -> R {
        if (op->hasTrait<OpTrait::HCLDataOp>())
          return dataExpression(op);
        return op->emitError("hls-cpp: '")
               << op->getName() << "' is not supported by the HLS C++ emitter";
      });
}

LogicalResult FunctionEmitter::emitAssign(Operation *op, Os &os) {
  FailureOr<std::string> value = expression(op);
  if (failed(value))
    return failure();
  FailureOr<std::string> type = typeOf(op->getResult(0), op);
  if (failed(type))
    return failure();
  os << *type << " " << define(op->getResult(0)) << " = " << *value << ";\n";
  return success();
}

LogicalResult FunctionEmitter::emitOp(Operation *op, Os &os) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](AffineForOp loop) { return emitFor(loop, os); })
      .Case([&](AffineIfOp ifOp) { return emitIf(ifOp, os); })
      .Case([&](scf::ForOp loop) { return emitScfFor(loop, os); })
      .Case([&](scf::WhileOp loop) { return emitScfWhile(loop, os); })
      .Case([&](scf::IfOp ifOp) { return emitScfIf(ifOp, os); })
      .Case<AffineYieldOp, memref::DeallocOp>([](auto) { return success(); })
      .Case([&](arith::ConstantOp c) -> LogicalResult {
        if (!isa<IntegerAttr, FloatAttr>(c.getValue()))
          return c.emitError("hls-cpp: constants of type ")
                 << c.getType() << " are not supported by the HLS C++ emitter";
        valueNames[c.getResult()] = constantText(c.getValue(), helpers);
        return success();
      })
      .Case([&](memref::GetGlobalOp get) { return emitGetGlobal(get, os); })
      .Case<memref::AllocOp, memref::AllocaOp>(
          [&](auto alloc) { return emitArray(alloc.getResult(), alloc, os); })
      .Case([&](AffineStoreOp store) {
        if (streams.contains(store.getMemRef())) {
          os << name(store.getMemRef()) << ".write("
             << name(store.getValueToStore()) << ");\n";
          return success();
        }
        os << access(store.getMemRef(), store.getAffineMap(),
                     store.getMapOperands())
           << " = " << name(store.getValueToStore()) << ";\n";
        return success();
      })
      .Case([&](memref::StoreOp store) {
        std::string target = name(store.getMemRef());
        for (Value index : store.getIndices())
          target += "[" + name(index) + "]";
        if (store.getIndices().empty())
          target += "[0]";
        os << target << " = " << name(store.getValueToStore()) << ";\n";
        return success();
      })
      .Case([&](memref::CopyOp copy) {
        return emitCopy(cast<MemRefType>(copy.getTarget().getType()),
                        name(copy.getSource()), name(copy.getTarget()), os);
      })
      .Case([&](func::CallOp call) { return emitCall(call, os); })
      .Case([&](func::ReturnOp ret) { return emitReturn(ret, os); })
      .Default([&](Operation *op) -> LogicalResult {
        if (isScheduleOp(op))
          return op->emitError("hls-cpp: '")
                 << op->getName()
                 << "' is a schedule operation: apply the schedule first "
                    "(hcl-opt --hcl-apply-customizations, or hcl hls)";
        if (op->getNumResults() != 1 || op->getNumRegions() != 0)
          return op->emitError("hls-cpp: '")
                 << op->getName()
                 << "' is not supported by the HLS C++ emitter";
        return emitAssign(op, os);
      });
}

} // namespace hcl
