//===- IndexDiagnosis.h - is a mismatch out-of-range indices? ---*- C++ -*-===//
//
// Random inputs that a program uses as indices (a gather, ONNX's Gather)
// go out of range: the JIT and the generated code then both read outside
// a tensor, and their outputs differ for no fault of either. Before a
// check reports such a mismatch it reruns the program with bounds checks
// on the same inputs, and says so when an index leaves its tensor.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_INDEXDIAGNOSIS_H
#define HCL_TOOLS_HCL_INDEXDIAGNOSIS_H

#include "hcl/Runtime/RandomFill.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl::driver {

/// Runs `entry` of `module` with --check-bounds on the random inputs of
/// `seed` (`ranges` as given to --input-range); the explanation to print
/// ("the random inputs of seed 0 index out of range: ...; give
/// --input-range ...") when an access leaves its tensor, else nullopt.
std::optional<std::string>
explainByOutOfRangeIndex(mlir::ModuleOp module, mlir::func::FuncOp entry,
                         unsigned seed,
                         const std::vector<std::optional<InputRange>> &ranges);

/// After the outputs matched: when some access of `entry` is not proven in
/// bounds (an index from a callee's arguments, as a stage called with its
/// loop variables), reruns seed 0 with --check-bounds; the explanation to
/// print when an access left its tensor, else nullopt. Both programs then
/// read memory outside their tensors, which may agree by chance.
std::optional<std::string> explainMatchOutsideTensors(
    mlir::ModuleOp module, mlir::func::FuncOp entry,
    const std::vector<std::optional<InputRange>> &ranges);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_INDEXDIAGNOSIS_H
