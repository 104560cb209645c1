//===- EmitDataOps.cpp - fixed-point and bit operations as HLS C++ --------===//
//
// Fixed-point arithmetic is written with ap_fixed's operators: an operation
// gives the exact result and the assignment to the declared type quantizes
// it with AP_TRN / AP_WRAP, which is the IR's semantics (docs/datatypes.md).
// Conversions with other modes go through a temporary of the target format
// with AP_RND / AP_TRN_ZERO / AP_SAT. Bit access goes through small helpers on
// ap_uint so that run-time indices outside the integer read 0 and write
// nothing, as on the CPU.
//
//===----------------------------------------------------------------------===//

#include "FunctionEmitter.h"
#include "hcl/Target/CFamily/CppText.h"

#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace hcl {

namespace {

/// `ap_fixed<W, I, AP_RND | AP_TRN_ZERO, AP_SAT>` for the modes an op asks for,
/// or empty when it uses the defaults (the declared type quantizes by itself).
std::string modedType(Operation *op, Type fixedType) {
  auto rounding = op->getAttrOfType<StringAttr>("rounding");
  auto overflow = op->getAttrOfType<StringAttr>("overflow");
  bool nearest = rounding && rounding.getValue() == "nearest";
  bool towardZero = rounding && rounding.getValue() == "zero";
  bool saturate = overflow && overflow.getValue() == "saturate";
  if (!nearest && !towardZero && !saturate)
    return "";
  FixedFormatInfo f = getFixedFormat(fixedType);
  return std::string(f.isSigned ? "ap_fixed<" : "ap_ufixed<") +
         std::to_string(f.width) + ", " + std::to_string(f.width - f.frac) +
         ", " +
         (nearest      ? "AP_RND"
          : towardZero ? "AP_TRN_ZERO"
                       : "AP_TRN") +
         ", " + (saturate ? "AP_SAT" : "AP_WRAP") + ">";
}

/// An ap_uint<W> holding `bits`, built from 64-bit pieces when wider.
std::string bitsLiteral(const APInt &bits) {
  unsigned width = bits.getBitWidth();
  std::string type = "ap_uint<" + std::to_string(width) + ">";
  std::string text;
  for (int chunk = (width - 1) / 64; chunk >= 0; --chunk) {
    uint64_t piece = bits.extractBitsAsZExtValue(
        std::min(64u, width - chunk * 64), chunk * 64);
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%llxull",
                  static_cast<unsigned long long>(piece));
    std::string part = type + "(" + hex + ")";
    text = text.empty() ? part : "((" + text + " << 64) | " + part + ")";
  }
  return text;
}

bool isFixed(Type type) { return isa<FixedType, UFixedType>(type); }

/// True when `predicate` orders its operands with a sign other than the
/// type's: an unsigned predicate on a signed type or the reverse (eq and ne
/// do not depend on the sign).
bool signDiffersFromType(arith::CmpIPredicate predicate, bool typeIsSigned) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::eq:
  case P::ne:
    return false;
  case P::slt:
  case P::sle:
  case P::sgt:
  case P::sge:
    return !typeIsSigned;
  case P::ult:
  case P::ule:
  case P::ugt:
  case P::uge:
    return typeIsSigned;
  }
  return false;
}

} // namespace

FailureOr<std::string> FunctionEmitter::dataExpression(Operation *op) {
  auto in = [&](unsigned i) { return name(op->getOperand(i)); };
  Type resultType = op->getResult(0).getType();
  FailureOr<std::string> result = typeOf(op->getResult(0), op);
  if (failed(result))
    return failure();
  auto inputWidth = [&] {
    return std::to_string(op->getOperand(0).getType().getIntOrFloatBitWidth());
  };
  using R = FailureOr<std::string>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](AddFixedOp) -> R { return in(0) + " + " + in(1); })
      .Case([&](SubFixedOp) -> R { return in(0) + " - " + in(1); })
      .Case([&](MulFixedOp) -> R { return in(0) + " * " + in(1); })
      .Case([&](DivFixedOp) -> R { return in(0) + " / " + in(1); })
      .Case([&](MinFixedOp) -> R {
        return "(" + in(0) + " < " + in(1) + " ? " + in(0) + " : " + in(1) +
               ")";
      })
      .Case([&](MaxFixedOp) -> R {
        return "(" + in(0) + " > " + in(1) + " ? " + in(0) + " : " + in(1) +
               ")";
      })
      .Case([&](CmpFixedOp cmp) -> R {
        std::string symbol = comparisonOperator(cmp.getPredicate());
        FixedFormatInfo f = getFixedFormat(cmp.getLhs().getType());
        if (!signDiffersFromType(cmp.getPredicate(), f.isSigned))
          return in(0) + " " + symbol + " " + in(1);
        // The predicate's sign differs from the type's: compare the bits,
        // read with the predicate's sign, as the IR does.
        helpers.insert("fixed_bits");
        std::string width = std::to_string(f.width);
        auto bits = [&](unsigned i) {
          std::string raw = "hcl_fixed_bits<" + width + ">(" + in(i) + ")";
          return f.isSigned ? raw : "ap_int<" + width + ">(" + raw + ")";
        };
        return bits(0) + " " + symbol + " " + bits(1);
      })
      .Case([&](FixedToFixedOp) -> R {
        std::string moded = modedType(op, resultType);
        return moded.empty() ? in(0)
                             : *result + "(" + moded + "(" + in(0) + "))";
      })
      .Case([&](FloatToFixedOp) -> R {
        // NaN and infinities give 0, as in the IR.
        std::string moded = modedType(op, resultType);
        std::string value = moded.empty()
                                ? *result + "(" + in(0) + ")"
                                : *result + "(" + moded + "(" + in(0) + "))";
        return "(std::isfinite(" + in(0) + ") ? " + value + " : " + *result +
               "(0))";
      })
      .Case([&](IntToFixedOp) -> R {
        if (op->getOperand(0).getType().isInteger(1))
          return *result + "(" + in(0) + " ? -1 : 0)";
        return *result + "(" + in(0) + ")";
      })
      .Case([&](UIntToFixedOp) -> R {
        return *result + "((" + unsignedCppType(op->getOperand(0).getType()) +
               ")" + in(0) + ")";
      })
      .Case([&](FixedToIntOp conversion) -> R {
        // ap_int's constructor from ap_fixed truncates toward zero and wraps;
        // for floor, the value first goes to an ap_fixed without fraction
        // bits (AP_TRN: toward minus infinity), wide enough not to wrap.
        unsigned width = resultType.getIntOrFloatBitWidth();
        std::string value = in(0);
        FixedFormatInfo from = getFixedFormat(op->getOperand(0).getType());
        if (conversion.getRounding() == "floor" && from.isSigned &&
            from.frac > 0) {
          int64_t whole = std::max<int64_t>(from.width - from.frac, 0) + 1;
          std::string bits = std::to_string(whole);
          value = "ap_fixed<" + bits + ", " + bits + ">(" + value + ")";
        }
        std::string integer =
            "ap_int<" + std::to_string(width) + ">(" + value + ")";
        if (width == 1)
          return "(bool)(" + integer + " != 0)";
        return "(" + *result + ")" + integer;
      })
      .Case([&](FixedToFloatOp) -> R {
        return in(0) + (resultType.isF32() ? ".to_float()" : ".to_double()");
      })
      .Case([&](FixedConstantOp constant) -> R {
        helpers.insert("fixed_from_bits");
        return "hcl_fixed_from_bits<" + *result + ">(" +
               bitsLiteral(constant.getBits()) + ")";
      })
      .Case([&](GetBitOp) -> R {
        helpers.insert("bits");
        return "hcl_get_bit<" + inputWidth() + ">(" + in(0) + ", " + in(1) +
               ")";
      })
      .Case([&](SetBitOp) -> R {
        helpers.insert("bits");
        return "hcl_set_bit<" + inputWidth() + ">(" + in(0) + ", " + in(1) +
               ", " + in(2) + ")";
      })
      .Case([&](GetSliceOp) -> R {
        helpers.insert("bits");
        // An i1 result keeps the slice's low bit (a bool would keep any bit).
        std::string type = resultType.isInteger(1) ? "ap_uint<1>" : *result;
        std::string text = "hcl_get_slice<" + inputWidth() + ", " + type +
                           ">(" + in(0) + ", " + in(1) + ", " + in(2) + ")";
        return resultType.isInteger(1) ? "(bool)" + text : text;
      })
      .Case([&](SetSliceOp) -> R {
        helpers.insert("bits");
        // The new bits are the value zero-extended, as on the CPU.
        std::string value =
            "(" + unsignedCppType(op->getOperand(3).getType()) + ")" + in(3);
        return "hcl_set_slice<" + inputWidth() + ">(" + in(0) + ", " + in(1) +
               ", " + in(2) + ", " + value + ")";
      })
      .Case([&](BitReverseOp) -> R {
        helpers.insert("bits");
        return "hcl_bit_reverse<" + inputWidth() + ">(" + in(0) + ")";
      })
      .Case([&](BitcastOp cast) -> R {
        return bitcastText(cast.getInput(), resultType, *result);
      })
      .Default([&](Operation *op) -> R {
        return op->emitError("hls-cpp: '")
               << op->getName() << "' is not supported by the HLS C++ emitter";
      });
}

/// The bits of `input` reinterpreted as `to` (same width): through an
/// ap_uint of the width for fixed point, through a union for f32 and f64
/// (the spelling HLS code uses), through memcpy for other floats.
FailureOr<std::string> FunctionEmitter::bitcastText(Value input, Type to,
                                                    const std::string &toCpp) {
  Type from = input.getType();
  int64_t width =
      isFixed(from) ? getFixedFormat(from).width : from.getIntOrFloatBitWidth();
  std::string bits = name(input);
  if (isFixed(from)) {
    helpers.insert("fixed_bits");
    bits = "hcl_fixed_bits<" + std::to_string(width) + ">(" + bits + ")";
  } else if (from.isF32() || from.isF64()) {
    std::string helper = from.isF32() ? "bitcast_f32_u32" : "bitcast_f64_u64";
    helpers.insert(helper);
    bits = "hcl_" + helper + "(" + bits + ")";
  } else if (isa<FloatType>(from)) {
    helpers.insert("bitcast");
    bits = std::string("hcl_bitcast<") +
           (width == 32 ? "uint32_t" : "uint64_t") + ">(" + bits + ")";
  }
  if (isFixed(to)) {
    helpers.insert("fixed_from_bits");
    return "hcl_fixed_from_bits<" + toCpp + ">(ap_uint<" +
           std::to_string(width) + ">(" + bits + "))";
  }
  if (to.isF32() || to.isF64()) {
    std::string helper = to.isF32() ? "bitcast_u32_f32" : "bitcast_u64_f64";
    helpers.insert(helper);
    return "hcl_" + helper + "((" + (to.isF32() ? "uint32_t" : "uint64_t") +
           ")" + bits + ")";
  }
  if (isa<FloatType>(to)) {
    helpers.insert("bitcast");
    std::string integer = width == 32 ? "uint32_t" : "uint64_t";
    return "hcl_bitcast<" + toCpp + ">((" + integer + ")" + bits + ")";
  }
  if (to.isInteger(1))
    return "(bool)((" + bits + ") & 1)";
  return "(" + toCpp + ")(" + bits + ")";
}

} // namespace hcl
