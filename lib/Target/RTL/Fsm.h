//===- Fsm.h - a function's controller: states and their operations -------===//
//
// The schedule of a function for the RTL translation, kept apart from the
// printing: which state issues each operation, which state a load's data
// arrives in, the register copies and the transitions. Straight-line code
// is scheduled ASAP into cycles with one access per memory per cycle;
// scf.for, scf.while and scf.if become states of their own, and a loop
// runs its iterations one after another, but a pipelined innermost loop
// with a straight-line body: it gets a modulo schedule (Pipeline), run by
// one state.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_FSM_H
#define HCL_LIB_TARGET_RTL_FSM_H

#include "hcl/Analysis/TargetModel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace hcl::rtl {

/// The modulo schedule of a pipelined scf.for: iteration n starts at cycle
/// n * ii of the loop's state and its operations run at fixed offsets from
/// there, in stage offset / ii. A value is read `k` cycles after the
/// cycle it is valid in through a chain of k registers.
struct Pipeline {
  mlir::scf::ForOp loop;
  int ii = 1;
  int stages = 1;
  /// The last cycle of an iteration, from its start: the last iteration
  /// ends the loop there, not at the end of its stage's II cycles.
  int depth = 0;
  /// The cycle, from its iteration's start, in which an operation is
  /// computed or a load or store issued; a load's data is valid one cycle
  /// later, an operation's result `latency` cycles later.
  llvm::DenseMap<mlir::Operation *, int> time;
  /// The accesses issued on a memory argument's second, read-only port
  /// (ArgumentPorts.h); the others use port 0.
  llvm::DenseSet<mlir::Operation *> secondPort;
  /// By iter_arg: the cycle in which its register takes the yielded value
  /// (-1: the value yielded is the iter_arg itself, never written).
  llvm::SmallVector<int> carriedWrite;
  /// By iter_arg: whether the next iteration reads it in the cycle of the
  /// write, II cycles into its own start, from the signal of the value
  /// yielded (forwarded around the register, docs/rtl.md).
  llvm::SmallVector<bool> carriedForwarded;
};

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
  /// The index of the pipeline this state runs (Fsm::pipelines), or -1.
  int pipeline = -1;
  /// A call: its start state raises the instance's ap_start; its wait
  /// state routes the callee's memory ports to the caller's memories and
  /// goes on (next[0]) when the instance's ap_done is high, taking the
  /// results.
  mlir::func::CallOp callStart, callWait;

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
  std::vector<Pipeline> pipelines;
  /// The pipeline of a pipelined scf.for (its entry state sets it up).
  llvm::DenseMap<mlir::Operation *, int> pipelineOf;
  /// The calls, in order: call i is the module instance `ci`.
  std::vector<mlir::func::CallOp> calls;
};

/// The target model the RTL is scheduled with (TargetModel "rtl"): the
/// operator latencies and memory ports `hcl estimate --target rtl` uses.
const TargetModel &rtlTarget();

/// The latency of `op` in the RTL: a load's read latency, 0 for a store,
/// else the target's (hcl/Analysis/Estimate.h, latencyOf).
int rtlLatency(mlir::Operation *op);

/// The memory a memref value is: a function argument or an allocation.
/// Null for anything else.
mlir::Value memoryRoot(mlir::Value memref);

/// Marks a local allocation of one element that is a register, not a RAM
/// (a bank of a completely partitioned buffer, SplitBanks.cpp): any number
/// of loads read it as a wire in the cycle they are issued (latency 0), one
/// store a cycle writes it.
inline constexpr llvm::StringLiteral kRegisterAttr = "rtl.register";

/// Whether the memory `root` (memoryRoot) is such a register.
bool isRegisterMemory(mlir::Value root);

/// Whether a load of a register in `pipeline` is issued in the cycle of a
/// store to it of an earlier iteration (the scheduler lets a later
/// iteration's load share that cycle): it then reads the store's data, the
/// register's bypass, as the value sequential order gives it.
bool registerBypass(const Pipeline &pipeline, mlir::Operation *load);

/// Whether the memory `root` is a RAM of the module (a local allocation
/// that is not returned, nor a register): a simple dual-port RAM with a
/// read port and a write port (ModuleText.h), where the module's memory
/// ports have one port each.
bool isLocalRam(mlir::Value root);

/// Whether `op`'s result is a signal `rtlLatency(op)` cycles after its
/// issue, not registered there: a load's data, a divider's output.
bool hasDelayedResult(mlir::Operation *op);

/// Schedules `func` (prepared and checked by checkRTLSupported). A
/// pipelined loop that cannot get its II, or cannot be pipelined, gets a
/// note saying why.
Fsm scheduleFunction(mlir::func::FuncOp func);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_FSM_H
