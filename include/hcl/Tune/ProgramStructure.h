//===- ProgramStructure.h - what hcl tune can schedule ----------*- C++ -*-===//
//
// The entry function's arrays (numbered, so that a candidate can name one in
// any copy of the program) and its bands: in each stage, every leaf loop
// with the loops around it that hold nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_PROGRAMSTRUCTURE_H
#define HCL_TUNE_PROGRAMSTRUCTURE_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl::tuner {

/// The function hcl tune schedules: `name` when given, else @top, else the
/// only public function with a body; failure (with a located error) if none.
mlir::FailureOr<mlir::func::FuncOp> tuneEntry(mlir::ModuleOp module,
                                              llvm::StringRef name);

/// The memref arguments of `func`, then its memref.alloc results in program
/// order, then the get_globals at its top level (an imported network's
/// weights) in program order: a candidate's array number indexes this list.
/// A get_global numbered by numberGlobals keeps its number where a cut-down
/// copy of the program (one stage's) has dropped the others; their places
/// are null.
std::vector<mlir::Value> arraysOf(mlir::func::FuncOp func);

/// The attribute that carries a get_global's place among the function's.
inline constexpr llvm::StringLiteral kGlobalNumber = "hcl.tune_global";

/// Records each top-level get_global's place on it (kGlobalNumber), so that
/// copies of the program cut down to one stage number the weights they keep
/// as the whole program does; unnumberGlobals removes the records.
void numberGlobals(mlir::func::FuncOp func);
void unnumberGlobals(mlir::func::FuncOp func);

/// The source names of arraysOf(func): an argument's hcl.arg_name, an
/// allocation's `name`; "" where there is none.
std::vector<std::string> arrayNames(mlir::func::FuncOp func);

/// A nest of named affine.for loops ending in a loop that holds no other
/// loop, inside the stage `stage`. Each loop holds the next one and at most
/// straight-line code besides it (an imperfect nest, which hcl.reorder
/// distributes: trmm's scaling after its sum).
struct Band {
  std::string stage;
  std::vector<mlir::affine::AffineForOp> loops; // outermost first
  /// Whether some loop holds more than the next one.
  bool perfect = true;
  /// The loops a reorder creates by distributing a loop that holds more
  /// (`<name>.pre`, `<name>.post`), outermost first, each with its loop's
  /// position in `loops`: a reorder distributes the loops from the
  /// outermost one it moves inwards.
  std::vector<std::pair<size_t, std::string>> distributed;
  std::vector<std::string> names() const;
  /// The constant trip count of loop `i`, if it has one.
  std::optional<int64_t> tripCount(size_t i) const;
};

std::vector<Band> bandsOf(mlir::func::FuncOp func);

} // namespace hcl::tuner

#endif // HCL_TUNE_PROGRAMSTRUCTURE_H
