//===- LowerPrint.cpp - hcl.print to printf -------------------------------===//
//
// hcl.print's operands are already printf's (i64 for `%ll?`, f64 for the
// floating conversions), so the lowering is a call. The format is a private
// constant string per distinct format. The output is buffered as C's
// stdout is (HeteroCL's prints behave so): line by line on a terminal, at
// exit or when the buffer fills in a pipe.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"

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
      args.append(print.getValues().begin(), print.getValues().end());
      LLVM::CallOp::create(b, loc, *printf, args);
      print.erase();
    }
  }
};
} // namespace
