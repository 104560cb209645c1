//===- InputRanges.h - --input-range for random inputs ----------*- C++ -*-===//
//
//   --input-range LO,HI          every argument without a range of its own
//   --input-range NAME=LO,HI     one argument: argN, N, or its name in the
//                                source (%A in `func.func @top(%A: ...)`,
//                                an input's name in an ONNX model)
//
// Kernels that index with their inputs (gathers, histograms) need inputs
// in range; integers are drawn from LO..HI, floats from [LO, HI).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TOOLS_HCL_INPUTRANGES_H
#define HCL_TOOLS_HCL_INPUTRANGES_H

#include "hcl/Runtime/HostArray.h"
#include "hcl/Runtime/RandomFill.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hcl::driver {

/// The range of each argument (none: fillRandom's defaults), from the
/// --input-range specs; `names` are the arguments' source names ("" where
/// unknown). Checks that each range fits its argument's element type.
llvm::Expected<std::vector<std::optional<InputRange>>>
resolveInputRanges(llvm::ArrayRef<std::string> specs,
                   llvm::ArrayRef<std::string> names,
                   const std::vector<HostArray> &arguments);

/// Fills every argument for `seed`: in its range where it has one, with
/// its given values where the program has them (givenArguments).
void fillArguments(std::vector<HostArray> &arguments, uint64_t seed,
                   const std::vector<std::optional<InputRange>> &ranges);

/// The arguments whose values the program itself gives, by position: an
/// ONNX model's weights read over m_axi. Every run of the command's program
/// (hcl run, each seed of hcl check, the HLS testbench) passes these values
/// rather than random ones. Set once, when the model is loaded.
void setGivenArguments(std::vector<std::pair<size_t, HostArray>> given);
const std::vector<std::pair<size_t, HostArray>> &givenArguments();

/// Puts the given arguments' values into `arguments` (those in range).
void fillGivenArguments(std::vector<HostArray> &arguments);

} // namespace hcl::driver

#endif // HCL_TOOLS_HCL_INPUTRANGES_H
