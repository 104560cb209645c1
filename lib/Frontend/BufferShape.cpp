//===- BufferShape.cpp - the shape of a reuse or write buffer -------------===//
//
// reuse_at and buffer_at choose their buffer's shape from the accesses of
// the stage (lib/Transforms/ReuseWindow.cpp, BufferAt.cpp). The front end
// asks the transforms rather than repeating their analysis: it applies the
// schedule recorded so far to the program and reads the type of the buffer
// allocation that carries the name.
//
//===----------------------------------------------------------------------===//

#include "BufferShape.h"
#include "EmitMLIR.h"

#include "hcl/InitHCL.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace hcl::detail {

std::optional<std::vector<int64_t>>
inferBufferShape(const ScheduleImpl &schedule, const std::string &name) {
  DialectRegistry registry;
  registerHCLDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // A schedule that cannot apply yet reports its error where the program is
  // lowered or built, as before; here the shape just stays unknown.
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(emitMLIR(schedule), &context);
  if (!module || failed(applySchedule(*module)))
    return std::nullopt;
  std::optional<MemRefType> found;
  unsigned matches = 0;
  module->walk([&](memref::AllocOp alloc) {
    auto attr = alloc->getAttrOfType<StringAttr>("name");
    if (attr && attr.getValue() == name && ++matches)
      found = alloc.getType();
  });
  if (matches != 1)
    return std::nullopt;
  return std::vector<int64_t>(found->getShape().begin(),
                              found->getShape().end());
}

} // namespace hcl::detail
