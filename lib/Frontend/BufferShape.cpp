//===- BufferShape.cpp - the shape of a reuse or write buffer -------------===//
//
// reuse_at and buffer_at choose their buffer's shape from the accesses of
// the stage (lib/Transforms/ReuseWindow.cpp, BufferAt.cpp). The front end
// asks the transforms rather than repeating their analysis: it applies the
// schedule recorded up to the buffer to the program and reads the type of
// the buffer allocation that carries the name. A schedule that cannot apply
// yet reports its error where the program is lowered or built, as before;
// here the shape just stays unknown.
//
//===----------------------------------------------------------------------===//

#include "BufferShape.h"
#include "EmitMLIR.h"
#include "LargeStack.h"

#include "hcl/InitHCL.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace hcl::detail {

/// The shape of the allocation named `name` in `schedule`'s program with
/// its schedule applied; empty when there is not exactly one.
static std::vector<int64_t> appliedBufferShapeHere(const ScheduleImpl &schedule,
                                                   const std::string &name) {
  DialectRegistry registry;
  registerHCLDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  ScopedDiagnosticHandler silence(&context,
                                  [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(emitMLIR(schedule), &context);
  if (!module || failed(applySchedule(*module)))
    return {};
  std::optional<MemRefType> found;
  unsigned matches = 0;
  // buffer_at puts a small buffer on the stack (memref.alloca).
  module->walk([&](Operation *op) {
    if (!llvm::isa<memref::AllocOp, memref::AllocaOp>(op))
      return;
    auto attr = op->getAttrOfType<StringAttr>("name");
    if (attr && attr.getValue() == name && ++matches)
      found = llvm::cast<MemRefType>(op->getResult(0).getType());
  });
  if (matches != 1)
    return {};
  return std::vector<int64_t>(found->getShape().begin(),
                              found->getShape().end());
}

/// The same on a stack deep enough for any expression (LargeStack.h).
static std::vector<int64_t> appliedBufferShape(const ScheduleImpl &schedule,
                                               const std::string &name) {
  return onLargeStack([&] { return appliedBufferShapeHere(schedule, name); });
}

void deferBufferShape(const std::shared_ptr<ScheduleImpl> &schedule,
                      TensorNode &buffer) {
  // A weak reference: the schedule holds the buffer through its commands.
  std::weak_ptr<ScheduleImpl> weak = schedule;
  size_t recorded = schedule->commands.size();
  std::string name = buffer.name;
  buffer.resolveShape = [weak, recorded, name]() -> std::vector<int64_t> {
    std::shared_ptr<ScheduleImpl> live = weak.lock();
    if (!live)
      return {};
    // The schedule as it was when the buffer was made: later commands may
    // not apply yet, and the buffer's shape does not depend on them.
    ScheduleImpl upToBuffer = *live;
    upToBuffer.commands.resize(recorded);
    return appliedBufferShape(upToBuffer, name);
  };
}

} // namespace hcl::detail
