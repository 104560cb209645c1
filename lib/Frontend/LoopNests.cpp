//===- LoopNests.cpp - the loop nests of a lowered program ----------------===//
//
// Each loop is summarized with its whole body, so a caller can walk down
// from any loop of a nest (loop.body.operations[1] in HeteroCL's tests)
// without holding on to the MLIR context.
//
//===----------------------------------------------------------------------===//

#include "hcl/Frontend/LoopNests.h"
#include "hcl/Frontend/Error.h"
#include "hcl/InitHCL.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace hcl {

static OperationSummary summarize(Operation *op) {
  OperationSummary summary;
  summary.name = op->getName().getStringRef().str();
  llvm::raw_string_ostream text(summary.text);
  // Local scope: no alias table, so bounds read `min affine_map<...>`.
  op->print(text, OpPrintingFlags().useLocalScope());
  for (NamedAttribute attr : op->getAttrs()) {
    std::string value;
    llvm::raw_string_ostream os(value);
    attr.getValue().print(os);
    summary.attributes.emplace_back(attr.getName().str(), value);
  }
  if (op->getNumRegions() && !op->getRegion(0).empty())
    for (Operation &inner : op->getRegion(0).front())
      summary.body.push_back(summarize(&inner));
  return summary;
}

static void collectNamedLoops(Operation *op,
                              std::vector<OperationSummary> &nest) {
  if (isa<affine::AffineForOp>(op) && op->hasAttr("loop_name"))
    nest.push_back(summarize(op));
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &inner : block)
        if (isa<affine::AffineForOp, affine::AffineIfOp>(inner))
          collectNamedLoops(&inner, nest);
}

std::vector<std::vector<OperationSummary>>
affineLoopNests(const std::string &mlir, const std::string &function) {
  DialectRegistry registry;
  registerHCLDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  std::string diagnostics;
  ScopedDiagnosticHandler collect(&context, [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(mlir, &context);
  if (!module)
    throwError("get_affine_loop_nests: the program does not parse:\n" +
               diagnostics);
  auto func = module->lookupSymbol<func::FuncOp>(function);
  if (!func || func.isExternal())
    throwError("get_affine_loop_nests: the program has no function '" +
               function + "'");
  std::vector<std::vector<OperationSummary>> nests;
  for (Operation &op : func.getBody().front())
    if (isa<affine::AffineForOp>(op)) {
      nests.emplace_back();
      collectNamedLoops(&op, nests.back());
    }
  return nests;
}

} // namespace hcl
