//===- RunFailure.h - what the driver says when a run fails -----*- C++ -*-===//

#ifndef HCL_TOOLS_HCL_RUNFAILURE_H
#define HCL_TOOLS_HCL_RUNFAILURE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hcl::driver {

/// The message for a failed JitProgram::run. `which` ("the unscheduled
/// program on seed 0", or "") says which run it was. A division fault on
/// random inputs says how to avoid it: the default ranges contain 0 and -1,
/// which a program dividing by an input does not expect.
std::string describeRunFailure(llvm::Error error, llvm::StringRef which,
                               bool randomInputs);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_RUNFAILURE_H
