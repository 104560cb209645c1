//===- Subcommands.h - the subcommands of the hcl driver --------*- C++ -*-===//
//
// Each subcommand lives in its own file, declares its options with
// `llvm::cl::sub(...)`, and is dispatched from hcl.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_SUBCOMMANDS_H
#define HCL_TOOLS_HCL_SUBCOMMANDS_H

#include "llvm/Support/CommandLine.h"

namespace hcl::driver {

extern llvm::cl::SubCommand runSubcommand;
/// `hcl run`: returns the process exit code.
int runMain();

extern llvm::cl::SubCommand checkSubcommand;
/// `hcl check`: returns the process exit code.
int checkMain();

extern llvm::cl::SubCommand estimateSubcommand;
/// `hcl estimate`: returns the process exit code.
int estimateMain();

extern llvm::cl::SubCommand tuneSubcommand;
/// `hcl tune`: returns the process exit code.
int tuneMain();

extern llvm::cl::SubCommand hlsSubcommand;
/// `hcl hls`: returns the process exit code.
int hlsMain();

extern llvm::cl::SubCommand bambuSubcommand;
/// `hcl bambu`: returns the process exit code.
int bambuMain();

extern llvm::cl::SubCommand rtlSubcommand;
/// `hcl rtl`: returns the process exit code.
int rtlMain();

extern llvm::cl::SubCommand importSubcommand;
/// `hcl import`: returns the process exit code.
int importMain();

extern llvm::cl::SubCommand quantizeSubcommand;
/// `hcl quantize`: returns the process exit code.
int quantizeMain();

extern llvm::cl::SubCommand onnxTestSubcommand;
/// `hcl onnx-test`: returns the process exit code.
int onnxTestMain();

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_SUBCOMMANDS_H
