//===- BankAccesses.h - the accesses of one loop iteration, per bank -*- C++
//-*-===//
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

#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hcl {

/// One access of one (unrolled) iteration: where it goes.
struct AccessInstance {
  mlir::Operation *op;
  mlir::Value memref;
  bool isStore;
  /// The index expressions with unrolled induction variables fixed, as a
  /// key (text, or binary for linear indices); an equal key means the same
  /// address in the same iteration.
  std::string address;
  /// The bank of every dimension, "b0,b1,"; "*" when a bank depends on a
  /// value that is not fixed (it varies at run time); "" when the array has
  /// no partition layout.
  std::string bank;
  /// The bank of every dimension when all are fixed (partitioned arrays).
  std::optional<llvm::SmallVector<int64_t>> bankIndices;
  /// With IterationOptions::numericAddresses, an address whose indices are
  /// all linear is given as numbers instead of `address` (then empty): the
  /// values that vary with their coefficients, per index, as a `shape`
  /// numbered by the collection (0: not linear, see `address`), and per
  /// index the constant. Equal shape and constants: the same address.
  unsigned shape = 0;
  llvm::SmallVector<int64_t, 4> constants;
  /// With IterationOptions::runs, a numeric address may stand for the
  /// copies of the innermost unrolled loop when that loop holds no other:
  /// `copies` addresses, constants + j * steps for j < copies (`steps`
  /// empty: one address).
  int64_t copies = 1;
  llvm::SmallVector<int64_t, 4> steps;
};

/// Every affine access of one iteration of `body`, nested loops with
/// constant bounds unrolled while the copies made stay within `budget`: a
/// loop whose trip count exceeds what is left is walked once, rolled, its
/// induction variable not fixed (its accesses' banks vary). Accesses to
/// storage of at most one element (scalars) are left out.
std::vector<AccessInstance> collectIterationAccesses(mlir::Block &body,
                                                     int64_t budget = 4096);

/// Each access operation's map, composed once and shared by the collections
/// made on unchanged IR (the estimator's, one per loop): the unrolled copies
/// of an access then cost a few integer operations each.
class AccessCache {
public:
  struct Entry {
    mlir::Value memref;
    bool isStore = false;
    bool scalar = false; // at most one element: a register, not listed
    bool partitioned = false;
    /// Of a partitioned array: its layout's bank results, a function of the
    /// indices.
    mlir::AffineMap banks;
    /// Per index, whether any bank depends on it.
    llvm::SmallVector<bool, 4> bankIndices;
    mlir::affine::AffineValueMap map;
    /// Per index, the operands it uses.
    std::vector<llvm::SmallVector<unsigned, 4>> usedOperands;
    /// Per index, the coefficients of the map's operands and the constant,
    /// when every index is linear in them.
    std::optional<std::vector<llvm::SmallVector<int64_t, 8>>> linear;
  };
  AccessCache();
  ~AccessCache();
  const Entry &get(mlir::Operation *op);

  /// An affine.for's constant bounds and trip count, computed once: the
  /// walk unrolls a loop once per copy of the loops around it.
  struct Loop {
    bool constant = false; // constant bounds and trip count
    int64_t lower = 0, upper = 0, step = 1;
    uint64_t trips = 0;
    bool holdsLoops = false; // an affine.for or a call in its body
  };
  const Loop &loop(mlir::Operation *affineFor);

  /// The operations of a block the walk looks at, classified once (each
  /// block is walked once per unrolled copy around it): arithmetic and
  /// other operations without regions are left out.
  struct Item {
    enum Kind { AffineAccess, MemrefAccess, AffineFor, Call, Regions } kind;
    mlir::Operation *op;
    const Entry *entry = nullptr; // of an access
  };
  const std::vector<Item> &items(mlir::Block *block);

private:
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<Entry>> entries;
  llvm::DenseMap<mlir::Operation *, Loop> loops;
  llvm::DenseMap<mlir::Block *, std::unique_ptr<std::vector<Item>>> blocks;
};

/// What --hcl-partition-to-amc asks beyond the estimator's view.
struct IterationOptions {
  int64_t budget = 4096;
  /// Descend into the bodies of func.call callees (an `outline`d loop body
  /// is part of its caller's iteration); callee arguments stand for the
  /// call's operands, so `memref` and addresses are the caller's values.
  bool followCalls = false;
  /// List memref.load / memref.store too, one per unrolled copy; their bank
  /// is "*" (treated as varying, a port over all banks).
  bool memrefOps = false;
  /// Shared maps (optional; each collection makes its own without).
  AccessCache *cache = nullptr;
  /// Linear addresses as AccessInstance::shape and constants, not text: a
  /// caller that only compares addresses saves building a key per copy.
  bool numericAddresses = false;
  /// With numericAddresses: the copies of an unrolled loop that holds no
  /// loop, where an access's address is linear in its induction variable,
  /// as one instance with `copies` and `steps`; others stay one per copy.
  bool runs = false;
  /// Takes each access as it is found instead of the returned list (which
  /// is then empty): a caller that only counts keeps no list. The instance
  /// is only valid during the call.
  std::function<void(const AccessInstance &)> sink;
};

/// The accesses of one iteration of `scope` (every block of every region:
/// a loop body, both regions of an scf.while, a function body).
std::vector<AccessInstance>
collectScopeAccesses(mlir::Operation *scope, const IterationOptions &options);

/// The operation one iteration of which issues `op`'s access together with
/// others (what HLS schedules at once): the innermost pipelined affine.for
/// around `op`, looking through `calls` (outermost first), the calls that
/// pass the accessed buffer down to `op`'s function, so that an `outline`d
/// loop body belongs to its caller's pipelined loop; else the innermost
/// loop, seen the same way; else the function body holding `op`.
mlir::Operation *schedulingScope(mlir::Operation *op,
                                 llvm::ArrayRef<mlir::Operation *> calls);

/// Whether a partitioned memref argument is a port per bank in the RTL, as
/// HLS splits a partitioned argument's interface: an argument of a function
/// that nothing in its module calls (the kernel's top), only loaded and
/// stored (an argument passed on to a call stays one port).
bool hasPortPerBank(mlir::BlockArgument argument);

} // namespace hcl

#endif // HCL_ANALYSIS_BANKACCESSES_H
