//===- CWriter.h - one prepared function as C99 -----------------*- C++ -*-===//

#ifndef HCL_LIB_TARGET_BAMBUC_CWRITER_H
#define HCL_LIB_TARGET_BAMBUC_CWRITER_H

#include "../HLSCpp/CNames.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Support/IndentedOstream.h"

#include <set>

namespace hcl::bambu {

/// The C99 type of a scalar type (bool, intN_t, int for index, float,
/// double); a located error on `where` for anything else.
mlir::FailureOr<std::string> cType(mlir::Type type, mlir::Operation *where);

/// The C name of every function with a body (EmitBambuC.cpp).
llvm::StringMap<std::string> cFunctionNames(mlir::ModuleOp module);

/// `text` with the infinities and default NaNs the HLS spellings write
/// through hcl_f32_bits / hcl_f64_bits as C's constant INFINITY and NAN, so
/// that they can initialize file-scope arrays.
std::string cSpecialFloats(std::string text);

/// The C definitions of the helpers named in `helpers`.
std::string cHelperDefinitions(const std::set<std::string> &helpers);

class CWriter {
public:
  CWriter(mlir::func::FuncOp func,
          const llvm::StringMap<std::string> &functionNames,
          std::set<std::string> &helpers);

  /// `float f(float a[4], int i)`: a filter returns its scalar result; any
  /// other function writes its results through output arguments (resultN),
  /// as the HLS backend and the testbench expect.
  mlir::FailureOr<std::string> signature();
  mlir::LogicalResult emit(llvm::raw_ostream &os);

  using Os = mlir::raw_indented_ostream;

  // Names (constants are their literal text).
  std::string name(mlir::Value v);
  std::string define(mlir::Value v, llvm::StringRef wanted = "v");
  std::string fresh(llvm::StringRef wanted) { return names.get(wanted); }
  mlir::FailureOr<std::string> typeOf(mlir::Value v, mlir::Operation *where) {
    return cType(v.getType(), where);
  }
  std::set<std::string> &getHelpers() { return helpers; }
  /// The file-scope arrays of the module's memref.globals.
  void setGlobalNames(const llvm::StringMap<std::string> *names) {
    globalNames = names;
    for (const auto &entry : *names)
      this->names.reserve(entry.getValue());
  }

  /// A scalar operation as a C expression (CExpressions.cpp).
  mlir::FailureOr<std::string> expression(mlir::Operation *op);

private:
  mlir::LogicalResult emitBlock(mlir::Block &block, Os &os);
  mlir::LogicalResult emitOp(mlir::Operation *op, Os &os);
  mlir::LogicalResult emitFor(mlir::affine::AffineForOp loop, Os &os);
  mlir::LogicalResult emitIf(mlir::affine::AffineIfOp op, Os &os);
  // Imperative code: scf loops and conditionals (CControlFlow.cpp).
  mlir::LogicalResult emitScfFor(mlir::scf::ForOp loop, Os &os);
  mlir::LogicalResult emitScfWhile(mlir::scf::WhileOp loop, Os &os);
  mlir::LogicalResult emitScfIf(mlir::scf::IfOp op, Os &os);
  mlir::LogicalResult emitBranches(mlir::Operation *op,
                                   const std::string &condition,
                                   mlir::Block *thenBlock,
                                   mlir::Block *elseBlock, Os &os);
  /// One C variable per position of `groups` (values that share it, e.g. a
  /// loop's carried argument and its result), initialized from `initial`;
  /// "" where no value of the group is used (-Wall: set but not used).
  mlir::FailureOr<llvm::SmallVector<std::string>>
  declareVariables(llvm::ArrayRef<llvm::SmallVector<mlir::Value, 2>> groups,
                   mlir::ValueRange initial, llvm::StringRef wanted,
                   mlir::Operation *op, Os &os);
  mlir::LogicalResult assignVariables(llvm::ArrayRef<std::string> vars,
                                      mlir::ValueRange values,
                                      mlir::Operation *op, Os &os);
  /// The block's operations, then its terminator's operands into `vars`.
  mlir::LogicalResult emitRegionBody(mlir::Block &block,
                                     llvm::ArrayRef<std::string> vars, Os &os);
  mlir::LogicalResult emitBuffer(mlir::Operation *op, Os &os);
  mlir::LogicalResult emitCall(mlir::func::CallOp call, Os &os);
  mlir::LogicalResult emitReturn(mlir::func::ReturnOp ret, Os &os);
  mlir::LogicalResult emitLoad(mlir::Operation *op, Os &os);
  mlir::LogicalResult emitStore(mlir::Operation *op, Os &os);
  /// Loops copying every element of a buffer of `type`.
  using ElementText =
      llvm::function_ref<std::string(llvm::ArrayRef<std::string>)>;
  void emitCopy(mlir::MemRefType type, ElementText from, ElementText to,
                Os &os);
  /// A loop marked `vectorize` as hcl_vector.h operations, when its body is
  /// elementwise (VectorLoops.cpp); false leaves it to emitFor.
  mlir::FailureOr<bool> emitVectorLoop(mlir::affine::AffineForOp loop, Os &os);

  /// The element `memref[indices]` as an lvalue / rvalue.
  std::string element(mlir::Value memref, llvm::ArrayRef<std::string> indices);
  std::string affineIndex(mlir::AffineExpr e, mlir::ValueRange operands,
                          unsigned numDims);
  std::string bound(mlir::AffineMap map, mlir::ValueRange operands, bool lower);

  mlir::func::FuncOp func;
  bool isFilter;
  const llvm::StringMap<std::string> &functionNames;
  std::set<std::string> &helpers;
  CNames names;
  llvm::DenseMap<mlir::Value, std::string> valueNames;
  llvm::DenseMap<mlir::Value, std::string> returnedBuffers;
  const llvm::StringMap<std::string> *globalNames = nullptr;
};

/// A parameter or local buffer that is a FIFO channel.
bool isFifo(mlir::Value memref);

} // namespace hcl::bambu

#endif // HCL_LIB_TARGET_BAMBUC_CWRITER_H
