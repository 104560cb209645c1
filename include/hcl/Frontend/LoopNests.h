//===- LoopNests.h - the loop nests of a lowered program --------*- C++ -*-===//
//
// HeteroCL's tests look at a scheduled program through its loop nests
// (hcl_mlir.get_affine_loop_nests): each top-level loop of the function and
// the named loops under it, outermost first. affineLoopNests gives the same
// view of the MLIR hcl::lower prints, as plain data.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_LOOPNESTS_H
#define HCL_FRONTEND_LOOPNESTS_H

#include <string>
#include <utility>
#include <vector>

namespace hcl {

/// One operation of a lowered program: its name ("affine.for"), its text
/// as MLIR prints it on its own (affine maps written out, not aliased), its
/// attributes (name, printed value) and the operations of its first block.
struct OperationSummary {
  std::string name;
  std::string text;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<OperationSummary> body;
};

/// The loop nests of `function` in `mlir` (a module as hcl::lower prints
/// it): one per affine.for at the top of the function body, each listing
/// the loops that carry a loop_name, the nest's outermost loop first and
/// every loop before the loops inside it (through affine.if as well).
/// Throws hcl::Error when the text does not parse or has no such function.
std::vector<std::vector<OperationSummary>>
affineLoopNests(const std::string &mlir, const std::string &function = "top");

} // namespace hcl

#endif // HCL_FRONTEND_LOOPNESTS_H
