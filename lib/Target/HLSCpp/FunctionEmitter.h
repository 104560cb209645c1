//===- FunctionEmitter.h - one func.func as HLS C++ -------------*- C++ -*-===//

#ifndef HCL_LIB_TARGET_HLSCPP_FUNCTIONEMITTER_H
#define HCL_LIB_TARGET_HLSCPP_FUNCTIONEMITTER_H

#include "CNames.h"
#include "Dataflow.h"

#include "hcl/Target/HLSCpp.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Support/IndentedOstream.h"

#include "llvm/ADT/StringSet.h"

#include <set>

namespace hcl {

/// The C++ parameter list of `func`: its arguments (`arg0`, ...), then its
/// results as output arguments (`result0`, ...). Fails on types C++ cannot
/// express here (dynamic shapes, unsupported element types).
mlir::FailureOr<std::string>
cppSignature(mlir::func::FuncOp func, llvm::StringRef cppName,
             const StreamValues *streams = nullptr);

class FunctionEmitter {
public:
  FunctionEmitter(mlir::func::FuncOp func, std::string cppName,
                  const llvm::StringMap<std::string> &functionNames,
                  const llvm::StringMap<std::string> &globalNames,
                  const StreamValues &streams, bool isTop,
                  std::set<std::string> &helpers);

  /// The function's definition.
  mlir::LogicalResult emit(llvm::raw_ostream &os);

private:
  using Os = mlir::raw_indented_ostream;

  // Names and types.
  std::string name(mlir::Value v);
  std::string define(mlir::Value v, llvm::StringRef wanted = "v");
  mlir::FailureOr<std::string> typeOf(mlir::Value v, mlir::Operation *user);
  std::string access(mlir::Value memref, mlir::AffineMap map,
                     mlir::ValueRange operands);
  std::string bound(mlir::AffineMap map, mlir::ValueRange operands, bool lower);

  // Structure.
  mlir::LogicalResult emitBlock(mlir::Block &block, Os &os);
  mlir::LogicalResult emitOp(mlir::Operation *op, Os &os);
  mlir::LogicalResult emitFor(mlir::affine::AffineForOp loop, Os &os);
  mlir::LogicalResult emitIf(mlir::affine::AffineIfOp op, Os &os);
  // Imperative control flow (EmitControlFlow.cpp).
  mlir::LogicalResult emitScfFor(mlir::scf::ForOp loop, Os &os);
  mlir::LogicalResult emitScfWhile(mlir::scf::WhileOp loop, Os &os);
  mlir::LogicalResult emitScfIf(mlir::scf::IfOp op, Os &os);
  mlir::LogicalResult emitBranches(mlir::Operation *op,
                                   const std::string &condition,
                                   mlir::Block *thenBlock,
                                   mlir::Block *elseBlock, Os &os);
  /// `T v = initial;` (or `T v;`) for each of `values`, named after them.
  mlir::FailureOr<llvm::SmallVector<std::string>>
  declareVariables(mlir::ValueRange values, mlir::ValueRange initial,
                   llvm::StringRef wanted, mlir::Operation *op, Os &os);
  /// `vars[i] = values[i];` as one simultaneous assignment.
  mlir::LogicalResult assignVariables(llvm::ArrayRef<std::string> vars,
                                      mlir::ValueRange values,
                                      mlir::Operation *op, Os &os);
  /// The block's operations, then its terminator's operands into `vars`.
  mlir::LogicalResult emitRegionBody(mlir::Block &block,
                                     llvm::ArrayRef<std::string> vars, Os &os);
  void emitLoopPragmas(mlir::Operation *loop, Os &os);
  /// A for loop's body under its pragmas, closing the `{` its header opened;
  /// the body's yield goes into the carried variables.
  mlir::LogicalResult emitLoopBody(mlir::Operation *loop, mlir::Block &body,
                                   llvm::ArrayRef<std::string> carried, Os &os);
  /// `l_name: ` for a loop with a loop_name, else "".
  std::string loopLabel(mlir::Operation *loop);
  mlir::LogicalResult emitArray(mlir::Value memref, mlir::Operation *op,
                                Os &os);
  mlir::LogicalResult emitCall(mlir::func::CallOp call, Os &os);
  mlir::LogicalResult emitDataflowBody(mlir::Block &body, Os &os);
  mlir::LogicalResult emitGetGlobal(mlir::memref::GetGlobalOp op, Os &os);
  mlir::LogicalResult emitReturn(mlir::func::ReturnOp ret, Os &os);
  mlir::LogicalResult emitCopy(mlir::MemRefType type, llvm::StringRef from,
                               llvm::StringRef to, Os &os);
  void emitPartitionPragmas(mlir::Value memref, Os &os);
  void emitInterfacePragmas(Os &os);

  // Scalar operations: `T v = <expression>;`.
  mlir::FailureOr<std::string> expression(mlir::Operation *op);
  // Fixed-point and bit operations (EmitDataOps.cpp).
  mlir::FailureOr<std::string> dataExpression(mlir::Operation *op);
  mlir::FailureOr<std::string> bitcastText(mlir::Value input, mlir::Type to,
                                           const std::string &toCpp);
  mlir::LogicalResult emitAssign(mlir::Operation *op, Os &os);

  mlir::func::FuncOp func;
  std::string cppName;
  const llvm::StringMap<std::string> &functionNames;
  /// The file-scope arrays of the module's memref.globals.
  const llvm::StringMap<std::string> &globalNames;
  const StreamValues &streams;
  bool isTop;
  std::set<std::string> &helpers;
  CNames names;
  llvm::DenseMap<mlir::Value, std::string> valueNames;
  /// The globals whose partition pragmas are written.
  llvm::StringSet<> partitionedGlobals;
  /// Allocations returned by the function: they are its output arguments.
  llvm::DenseMap<mlir::Value, std::string> returnedAllocs;
};

} // namespace hcl

#endif // HCL_LIB_TARGET_HLSCPP_FUNCTIONEMITTER_H
