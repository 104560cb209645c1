//===- EmitMLIR.h - a schedule's program as MLIR text -----------*- C++ -*-===//

#ifndef HCL_LIB_FRONTEND_EMITMLIR_H
#define HCL_LIB_FRONTEND_EMITMLIR_H

#include "Nodes.h"

namespace hcl {

/// The program as MLIR text: `func.func @top` with one argument per input,
/// one result per computed output, one loop nest per stage (loop_name,
/// stage_name) and the schedule as hcl.* operations before the return.
std::string emitMLIR(const detail::ScheduleImpl &schedule);

/// The MLIR element type of `type` ("i32", "f32").
std::string mlirType(Type type);

} // namespace hcl

#endif // HCL_LIB_FRONTEND_EMITMLIR_H
