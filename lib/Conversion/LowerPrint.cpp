//===- LowerPrint.cpp - hcl.print to printf -------------------------------===//
//
// hcl.print's values become printf's: an i64 for each `%ll?` (sign- or
// zero-extended as `signedness` says), an f64 for each floating conversion
// (a fixed-point value through hcl.fixed_to_float, so the pass runs before
// fixed point becomes integers). Then the lowering is a call. The format is a
// private constant string per distinct format. The output is buffered as C's
// stdout is (HeteroCL's prints behave so): line by line on a terminal, at
// exit or when the buffer fills in a pipe.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"
#include "hcl/Dialect/HCL/PrintFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_LOWERPRINT
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-lower-print"

using namespace mlir;

namespace {

/// `value` as printf reads it for a floating conversion: an f64.
Value toDouble(OpBuilder &b, Location loc, Value value, bool isUnsigned) {
  Type f64 = b.getF64Type();
  Type type = value.getType();
  if (type == f64)
    return value;
  if (isa<FloatType>(type))
    return arith::ExtFOp::create(b, loc, f64, value);
  if (isa<IntegerType>(type))
    return isUnsigned ? Value(arith::UIToFPOp::create(b, loc, f64, value))
                      : Value(arith::SIToFPOp::create(b, loc, f64, value));
  return hcl::FixedToFloatOp::create(b, loc, f64, value);
}

/// `value` (an integer) as printf reads it for `%ll?`: an i64.
Value toLongLong(OpBuilder &b, Location loc, Value value, bool isUnsigned) {
  Type i64 = b.getI64Type();
  if (value.getType() == i64)
    return value;
  return isUnsigned ? Value(arith::ExtUIOp::create(b, loc, i64, value))
                    : Value(arith::ExtSIOp::create(b, loc, i64, value));
}

/// printf's arguments after the format: the values, widened.
SmallVector<Value> printfValues(OpBuilder &b, hcl::PrintOp print) {
  std::string error;
  std::vector<hcl::PrintConversion> conversions =
      hcl::parsePrintFormat(print.getFormat().str(), error);
  StringRef sign = print.getSignedness().value_or("");
  SmallVector<Value> values;
  for (auto [k, value] : llvm::enumerate(print.getValues())) {
    bool isUnsigned = k < sign.size() && sign[k] == 'u';
    values.push_back(conversions[k].isFloat
                         ? toDouble(b, print.getLoc(), value, isUnsigned)
                         : toLongLong(b, print.getLoc(), value, isUnsigned));
  }
  return values;
}

struct LowerPrintPass : hcl::impl::LowerPrintBase<LowerPrintPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<hcl::PrintOp> prints;
    module.walk([&](hcl::PrintOp print) { prints.push_back(print); });
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << prints.size() << " prints\n");
    if (prints.empty())
      return;
    MLIRContext *context = &getContext();
    OpBuilder b(context);
    b.setInsertionPointToStart(module.getBody());
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto i32 = IntegerType::get(context, 32);
    FailureOr<LLVM::LLVMFuncOp> printf = LLVM::lookupOrCreateFn(
        b, module, "printf", {ptr}, i32, /*isVarArg=*/true);
    if (failed(printf)) {
      module.emitError("hcl-lower-print: the module declares printf with "
                       "another type");
      return signalPassFailure();
    }
    llvm::StringMap<std::string> globals;
    for (hcl::PrintOp print : prints) {
      b.setInsertionPoint(print);
      Location loc = print.getLoc();
      std::string format = print.getFormat().str();
      std::string &global = globals[format];
      if (global.empty())
        global = "hcl_print_format_" + std::to_string(globals.size() - 1);
      // One global per format (with its terminating NUL); a format used
      // again takes the address of the first one's.
      Value address;
      if (auto existing = module.lookupSymbol<LLVM::GlobalOp>(global))
        address = LLVM::AddressOfOp::create(b, loc, existing);
      else
        address = LLVM::createGlobalString(loc, b, global, format + '\0',
                                           LLVM::Linkage::Private);
      SmallVector<Value> args{address};
      args.append(printfValues(b, print));
      LLVM::CallOp::create(b, loc, *printf, args);
      print.erase();
    }
  }
};
} // namespace
