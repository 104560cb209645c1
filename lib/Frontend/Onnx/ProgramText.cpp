//===- ProgramText.cpp - a schedule's MLIR text without the JIT -----------===//
//
// The hcl driver imports ONNX models without linking the front end's JIT
// (libhcl.so): it needs only the text the front end writes.
//
//===----------------------------------------------------------------------===//

#include "../DefaultSchedule.h"

#include "hcl/Frontend/Onnx.h"

namespace hcl {

std::string program_text(const Schedule &schedule) {
  return detail::scheduledProgramText(*schedule.impl());
}

} // namespace hcl
