//===- CompiledText.cpp - JIT-compile a program given as MLIR text --------===//

#include "CompiledText.h"

#include "hcl/InitHCL.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

namespace hcl::driver {

static mlir::DialectRegistry registry() {
  mlir::DialectRegistry r;
  registerHCLDialects(r);
  return r;
}

CompiledText::CompiledText() : context(registry()) {}

std::unique_ptr<CompiledText> CompiledText::compile(const std::string &text,
                                                    std::string &error) {
  std::unique_ptr<CompiledText> compiled(new CompiledText());
  std::string first;
  mlir::ScopedDiagnosticHandler handler(&compiled->context,
                                        [&](mlir::Diagnostic &d) {
                                          if (first.empty())
                                            first = d.str();
                                          return mlir::success();
                                        });
  auto failWith = [&](const char *step) {
    error = std::string(step) + ": " + first;
    return nullptr;
  };
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &compiled->context);
  if (!module)
    return failWith("parse");
  if (mlir::failed(applySchedule(*module)))
    return failWith("schedule");
  mlir::FailureOr<mlir::func::FuncOp> entry = selectEntry(*module, "top");
  if (mlir::failed(entry))
    return failWith("entry");
  mlir::FailureOr<std::unique_ptr<JitProgram>> jit =
      JitProgram::compile(*module, *entry);
  if (mlir::failed(jit))
    return failWith("compile");
  compiled->jit = std::move(*jit);
  return compiled;
}

} // namespace hcl::driver
