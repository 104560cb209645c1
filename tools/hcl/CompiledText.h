//===- CompiledText.h - JIT-compile a program given as MLIR text -*- C++
//-*-===//
//
// Programs the driver makes itself (imported ONNX models, their calibration
// and quantized variants) are MLIR text: parsed into a context of their own,
// scheduled and JIT-compiled; the first diagnostic is kept for the message.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_COMPILEDTEXT_H
#define HCL_TOOLS_HCL_COMPILEDTEXT_H

#include "hcl/Runtime/JitProgram.h"

#include "mlir/IR/MLIRContext.h"

namespace hcl::driver {

class CompiledText {
public:
  /// Null with `error` set when the text does not parse, schedule or compile.
  static std::unique_ptr<CompiledText> compile(const std::string &text,
                                               std::string &error);
  JitProgram &program() { return *jit; }

private:
  CompiledText();
  mlir::MLIRContext context;
  std::unique_ptr<JitProgram> jit;
};

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_COMPILEDTEXT_H
