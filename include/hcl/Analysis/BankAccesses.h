//===- BankAccesses.h - the accesses of one loop iteration, per bank -*- C++ -*-===//
//
// What HLS does to a pipelined loop, seen from the memories: the loops
// nested in it are unrolled, so one iteration issues every access of every
// copy at once. This lists those accesses, each with its address (the index
// expressions with the unrolled induction variables fixed) and, for an array
// with a partition layout (hcl/Dialect/HCL/PartitionLayout.h), its bank when
// the unrolled copy fixes it. The estimator counts them per bank and cycle
// (ResMII); --hcl-partition-to-amc gives each distinct one a port.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_ANALYSIS_BANKACCESSES_H
#define HCL_ANALYSIS_BANKACCESSES_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// One access of one (unrolled) iteration: where it goes.
struct AccessInstance {
  mlir::Operation *op;
  mlir::Value memref;
  bool isStore;
  /// The index expressions with unrolled induction variables fixed, as
  /// text; equal text means the same address in the same iteration.
  std::string address;
  /// The bank of every dimension, "b0,b1,"; "*" when a bank depends on a
  /// value that is not fixed (it varies at run time); "" when the array has
  /// no partition layout.
  std::string bank;
  /// The bank of every dimension when all are fixed (partitioned arrays).
  std::optional<llvm::SmallVector<int64_t>> bankIndices;
};

/// Every affine access of one iteration of `body`, nested loops with
/// constant bounds unrolled while fewer than `budget` copies were made;
/// accesses to storage of at most one element (scalars) are left out.
std::vector<AccessInstance> collectIterationAccesses(mlir::Block &body,
                                                     int64_t budget = 4096);

} // namespace hcl

#endif // HCL_ANALYSIS_BANKACCESSES_H
