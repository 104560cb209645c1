//===- Fsm.h - a function's controller: states and their operations -------===//
//
// The schedule of a function for the RTL translation, kept apart from the
// printing: which state issues each operation, which state a load's data
// arrives in, the register copies and the transitions. Straight-line code
// is scheduled ASAP into cycles with one access per memory per cycle;
// scf.for, scf.while and scf.if become states of their own, and a loop
// runs its iterations one after another.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_FSM_H
#define HCL_LIB_TARGET_RTL_FSM_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace hcl::rtl {

struct State {
  /// Operations computed in this state; their results are registered at
  /// the end of it. Loads and stores are issued here.
  llvm::SmallVector<mlir::Operation *> ops;
  /// Register copies at the end of the state: (register, source).
  llvm::SmallVector<std::pair<mlir::Value, mlir::Value>> copies;
  /// The loop this state enters (iv <= lb, test lb < ub) or latches
  /// (iv <= iv + step, test iv + step < ub).
  mlir::scf::ForOp forInit, forLatch;
  /// The function's return, in its last state.
  mlir::func::ReturnOp ret;
  /// A branch on this value (scf.if, scf.condition) when set.
  mlir::Value condition;
  /// next[0]: the successor (the true one of a branch or loop test);
  /// next[1]: the false one. -1 for the finish state.
  int next[2] = {-1, -1};
  bool finish = false;

  bool branches() const { return condition || forInit || forLatch; }
};

struct Fsm {
  std::vector<State> states;
  int entry = -1;
  /// The state in which an operation's result is a wire: where it is
  /// computed, or where a load's data arrives (one cycle after its issue).
  llvm::DenseMap<mlir::Value, int> producer;
  /// The state a load or store is issued in.
  llvm::DenseMap<mlir::Operation *, int> issue;
  /// Results held by another value's register (a loop's results are its
  /// carried values, a while's results its after-block arguments).
  llvm::DenseMap<mlir::Value, mlir::Value> aliases;
};

/// The memory a memref value is: a function argument or an allocation.
/// Null for anything else.
mlir::Value memoryRoot(mlir::Value memref);

/// Schedules `func` (prepared and checked by checkRTLSupported).
Fsm scheduleFunction(mlir::func::FuncOp func);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_FSM_H
