//===- CEmitter.h - one function as C-family statements ---------*- C++ -*-===//
//
// The part of printing a function that C99 (Bambu) and HLS C++ (Vitis)
// share: names of values, local variables for the values a region yields,
// affine and scf loops and conditionals, constants and the arith / math
// operations that read alike in both. A backend derives from CEmitter and
// fills in the hooks for what differs: types, pragmas, streams and FIFOs,
// buffers, calls, and the operations only it writes.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_CFAMILY_CEMITTER_H
#define HCL_TARGET_CFAMILY_CEMITTER_H

#include "hcl/Target/CFamily/CNames.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Support/IndentedOstream.h"

#include <optional>
#include <set>

namespace hcl {

/// The spellings in which the two C dialects differ, and what each leaves
/// out of its output.
struct CStyle {
  /// Starts every error message ("hls-cpp: ").
  llvm::StringRef errorPrefix;
  /// Ends "'op' is not supported by ..." ("the HLS C++ emitter").
  llvm::StringRef emitterName;
  /// A condition that always holds ("true"; C99 without stdbool: "1").
  llvm::StringRef alwaysTrue;
  /// A condition that never holds ("false"; C99: "0").
  llvm::StringRef alwaysFalse;
  /// Variables no value reads, unused pure operations and empty `else`
  /// branches are left out: a C compiled with -Wall -Werror must not set
  /// what it never reads.
  bool omitsUnused = false;
};

class CEmitter {
public:
  using Os = mlir::raw_indented_ostream;
  /// Text of an element of an array from its indices (a copy's source and
  /// target).
  using ElementText =
      llvm::function_ref<std::string(llvm::ArrayRef<std::string>)>;

  virtual ~CEmitter() = default;

  /// The C name of `v` (a constant: its literal).
  std::string name(mlir::Value v);

protected:
  CEmitter(const CStyle &style, std::set<std::string> &helpers)
      : style(style), helpers(helpers) {}

  // Names.
  std::string define(mlir::Value v, llvm::StringRef wanted = "v");
  std::string fresh(llvm::StringRef wanted) { return names.get(wanted); }
  void setName(mlir::Value v, std::string text) {
    valueNames[v] = std::move(text);
  }
  /// A located error starting with the style's prefix.
  mlir::InFlightDiagnostic error(mlir::Operation *op);
  mlir::InFlightDiagnostic unsupported(mlir::Operation *op);

  // Structure (CEmitter.cpp).
  mlir::LogicalResult emitBlock(mlir::Block &block, Os &os);
  mlir::LogicalResult emitOp(mlir::Operation *op, Os &os);
  /// `T v = <expression>;` for an operation with one result.
  mlir::LogicalResult emitAssign(mlir::Operation *op, Os &os);
  /// The allocations `func` returns: they are its output arguments
  /// (resultN), written in place instead of copied at the end.
  void nameReturnedBuffers(mlir::func::FuncOp func);
  /// `*resultN = v;` for a scalar, an element-wise copy for an array that is
  /// not the output argument itself (an argument, or one returned twice).
  void emitOutputs(mlir::func::ReturnOp ret, Os &os);
  /// Loops copying every element of a buffer of `type`.
  void emitCopy(mlir::MemRefType type, ElementText from, ElementText to,
                Os &os);
  /// The element `memref[indices]` (a rank-0 array: `memref[0]`).
  virtual std::string element(mlir::Value memref,
                              llvm::ArrayRef<std::string> indices);
  /// The indices of an affine access, one C expression each.
  llvm::SmallVector<std::string> affineIndices(mlir::AffineMap map,
                                               mlir::ValueRange operands);
  std::string affineExpression(mlir::AffineExpr e, mlir::ValueRange operands,
                               unsigned numDims);
  /// A loop bound: the maximum (lower) or minimum (upper) of the map's
  /// results.
  std::string bound(mlir::AffineMap map, mlir::ValueRange operands, bool lower);
  /// `T *` (rank 1) or `T (*)[d1]...`: a pointer a global array decays to.
  static std::string decayedPointer(mlir::MemRefType type);

  // Control flow (CControlFlow.cpp).
  mlir::LogicalResult emitFor(mlir::affine::AffineForOp loop, Os &os);
  mlir::LogicalResult emitIf(mlir::affine::AffineIfOp op, Os &os);
  mlir::LogicalResult emitScfFor(mlir::scf::ForOp loop, Os &os);
  mlir::LogicalResult emitScfWhile(mlir::scf::WhileOp loop, Os &os);
  mlir::LogicalResult emitScfIf(mlir::scf::IfOp op, Os &os);
  mlir::LogicalResult emitBranches(mlir::Operation *op,
                                   const std::string &condition,
                                   mlir::Block *thenBlock,
                                   mlir::Block *elseBlock, Os &os);
  /// One C variable per position of `groups` (values that share it, e.g. a
  /// loop's carried argument and its result), initialized from `initial`;
  /// "" where the style omits an unread one.
  mlir::FailureOr<llvm::SmallVector<std::string>>
  declareVariables(llvm::ArrayRef<llvm::SmallVector<mlir::Value, 2>> groups,
                   mlir::ValueRange initial, llvm::StringRef wanted,
                   mlir::Operation *op, Os &os);
  /// `vars[i] = values[i];` as one simultaneous assignment.
  mlir::LogicalResult assignVariables(llvm::ArrayRef<std::string> vars,
                                      mlir::ValueRange values,
                                      mlir::Operation *op, Os &os);
  /// The block's operations, then its terminator's operands into `vars`.
  mlir::LogicalResult emitRegionBody(mlir::Block &block,
                                     llvm::ArrayRef<std::string> vars, Os &os);
  /// A loop's body under its pragmas, closing the `{` its header opened.
  mlir::LogicalResult emitLoopBody(mlir::Operation *loop, mlir::Block &body,
                                   llvm::ArrayRef<std::string> carried, Os &os);

  // Expressions (CExpressions.cpp).
  /// A scalar operation as an expression: the forms both dialects share,
  /// else the backend's targetExpression.
  mlir::FailureOr<std::string> expression(mlir::Operation *op);

  // Hooks.
  /// The C type of a scalar value; a located error for anything else.
  virtual mlir::FailureOr<std::string> typeOf(mlir::Value v,
                                              mlir::Operation *where) = 0;
  /// An arith.constant's literal.
  virtual mlir::FailureOr<std::string>
  constantText(mlir::arith::ConstantOp constant) = 0;
  /// Buffers, memory accesses, calls and returns: none when `op` is not
  /// one the backend writes itself.
  virtual std::optional<mlir::LogicalResult> emitTargetOp(mlir::Operation *op,
                                                          Os &os) = 0;
  /// The operations whose spelling is the backend's own.
  virtual mlir::FailureOr<std::string>
  targetExpression(mlir::Operation *op) = 0;
  /// The C library function of a math operation on `type` ("std::exp",
  /// "expf").
  virtual std::string libmName(llvm::StringRef base, mlir::Type type) = 0;
  /// `max(a, b)` (lower) or `min(a, b)` for a bound of several results.
  virtual std::string boundOf(bool lower, const std::string &a,
                              const std::string &b) = 0;
  /// A loop written another way (true), or left to emitFor (false).
  virtual mlir::FailureOr<bool> emitSpecialLoop(mlir::affine::AffineForOp,
                                                Os &) {
    return false;
  }
  /// `l_name: ` or "" before a loop's header.
  virtual std::string loopLabel(mlir::Operation *) { return ""; }
  /// Lines before a loop's header, and at the top of its body.
  virtual void emitPragmasBeforeLoop(mlir::Operation *, Os &) {}
  virtual void emitLoopPragmas(mlir::Operation *, Os &) {}

  const CStyle &style;
  std::set<std::string> &helpers;
  CNames names;
  /// Allocations returned by the function: their output argument's name.
  llvm::DenseMap<mlir::Value, std::string> returnedBuffers;

private:
  llvm::DenseMap<mlir::Value, std::string> valueNames;
};

/// The C library function of a math or arith operation that both C and C++
/// have ("exp" for math.exp), before the dialect's spelling of it.
std::optional<llvm::StringRef> libmFunction(mlir::Operation *op);

} // namespace hcl

#endif // HCL_TARGET_CFAMILY_CEMITTER_H
