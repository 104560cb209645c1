//===- Statements.h - imperative code in the front end ---------*- C++ -*-===//
//
// HeteroCL's imperative constructs (for_, if_/elif_/else_, while_, break_,
// assignments through computed indices, local scalars, calls of def_
// sub-functions) are recorded as statement trees while the user's lambdas
// run (Imperative.cpp) and written as MLIR by EmitStatements.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_STATEMENTS_H
#define HCL_LIB_FRONTEND_STATEMENTS_H

#include "Nodes.h"

namespace hcl {

enum class StmtKind { Store, Local, For, If, While, Break, Call, Print };

struct StmtNode {
  StmtKind kind;
  /// Store: target[indices] = value. Local: declares `target`, set to
  /// `value`. Call: the call expression (`value`, ExprKind::Call).
  std::shared_ptr<TensorNode> target;
  std::vector<Expr> indices;
  std::shared_ptr<const ExprNode> value;
  /// For: `var` runs over [lo, hi) by `step`. While: runs while `value`.
  std::shared_ptr<const ExprNode> var, lo, hi;
  int64_t step = 1;
  /// For / While: the loop's name (its `loop_name`), its statements, and a
  /// bound on its trip count given by the user (0: none).
  std::string name;
  StmtList body;
  int64_t maxTripCount = 0;
  /// If: `conditions[k]` guards `branches[k]` (if_, then each elif_); the
  /// else_ statements, if any.
  std::vector<std::shared_ptr<const ExprNode>> conditions;
  std::vector<StmtList> branches;
  StmtList elseBody;
  bool hasElse = false;
  /// Break: the loop it leaves.
  const StmtNode *loop = nullptr;
  /// Print: printf's format (hcl.print's: `%ll?` for each integer, the
  /// floating conversions for doubles); the values are `indices`.
  std::string format;
  /// The user's line: the construct's call, the Python assignment.
  UserLocation location = currentLocation();
};

/// A sub-function (HeteroCL's hcl.def_): tensor parameters, imperative
/// statements, and optionally a value it returns. A scalar parameter
/// (shape ()) is passed by value: its `params` entry is null and `values`
/// holds the ExprKind::Bound leaf the body reads it by.
struct FunctionNode {
  std::string name;
  std::vector<std::shared_ptr<TensorNode>> params;
  std::vector<std::shared_ptr<const ExprNode>> values;
  StmtList body;
  std::vector<std::shared_ptr<TensorNode>> locals;
  std::shared_ptr<const ExprNode> result;
};

/// Adds a stage to the kernel being recorded (Tensor.cpp).
void recordStage(const std::shared_ptr<TensorNode> &stage);
/// Whether `stage` is the last stage recorded in the current recording (the
/// kernel's, or the top level's).
bool isLastRecorded(const std::shared_ptr<TensorNode> &stage);

/// Appends `tensor[indices] = value` to the imperative code being recorded.
void storeElement(const std::shared_ptr<TensorNode> &tensor,
                  const std::vector<Expr> &indices, const Expr &value);

/// Inside imperative code: a local variable (scalar) set to `init` here;
/// elsewhere null.
std::shared_ptr<TensorNode> declareLocal(const std::string &name, Type dtype,
                                         const Expr &init);

/// Calls `visit` on each expression the statements evaluate (not those
/// of the sub-functions they call).
void forEachExpr(const StmtList &statements,
                 const std::function<void(const ExprNode &)> &visit);

/// Calls `visit` on every store (StmtKind::Store) in `statements`, nested
/// ones included.
void forEachStore(const StmtList &statements,
                  const std::function<void(const StmtNode &)> &visit);

/// Calls `visit` on each for_ / while_ statement, outermost first.
void forEachLoop(const StmtList &statements,
                 const std::function<void(const StmtNode &)> &visit);

/// Whether `statements` may leave `loop` (a break_ of it, not one of an
/// inner loop).
bool mayBreak(const StmtList &statements, const StmtNode *loop);

} // namespace hcl

#endif // HCL_LIB_FRONTEND_STATEMENTS_H
