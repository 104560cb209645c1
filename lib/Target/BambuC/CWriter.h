//===- CWriter.h - one prepared function as C99 -----------------*- C++ -*-===//

#ifndef HCL_LIB_TARGET_BAMBUC_CWRITER_H
#define HCL_LIB_TARGET_BAMBUC_CWRITER_H

#include "hcl/Target/CFamily/CEmitter.h"

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

/// One prepared function as C99: the C-family core plus filters that
/// return their value, FIFO channels, OpenMP loops and vector operations.
class CWriter : public CEmitter {
public:
  CWriter(mlir::func::FuncOp func,
          const llvm::StringMap<std::string> &functionNames,
          std::set<std::string> &helpers);

  /// `float f(float a[4], int i)`: a filter returns its scalar result; any
  /// other function writes its results through output arguments (resultN),
  /// as the HLS backend and the testbench expect.
  mlir::FailureOr<std::string> signature();
  mlir::LogicalResult emit(llvm::raw_ostream &os);

  /// The file-scope arrays of the module's memref.globals.
  void setGlobalNames(const llvm::StringMap<std::string> *names) {
    globalNames = names;
    for (const auto &entry : *names)
      this->names.reserve(entry.getValue());
  }

private:
  // The core's hooks: values and their types (C99's, no ap_int), ...
  mlir::FailureOr<std::string> typeOf(mlir::Value v,
                                      mlir::Operation *where) override {
    return cType(v.getType(), where);
  }
  mlir::FailureOr<std::string>
  constantText(mlir::arith::ConstantOp constant) override;
  /// A rank-0 local buffer is a plain variable.
  std::string element(mlir::Value memref,
                      llvm::ArrayRef<std::string> indices) override;
  // ... statements: buffers, FIFOs, calls, OpenMP and vector loops, ...
  std::optional<mlir::LogicalResult> emitTargetOp(mlir::Operation *op,
                                                  Os &os) override;
  /// A loop marked `vectorize` as hcl_vector.h operations, when its body is
  /// elementwise (VectorLoops.cpp); false leaves it to the core.
  mlir::FailureOr<bool> emitSpecialLoop(mlir::affine::AffineForOp loop,
                                        Os &os) override;
  void emitPragmasBeforeLoop(mlir::Operation *loop, Os &os) override;
  // ... and the arith and math operations C spells its own way
  // (CExpressions.cpp).
  mlir::FailureOr<std::string> targetExpression(mlir::Operation *op) override;
  std::string libmName(llvm::StringRef base, mlir::Type type) override;
  std::string boundOf(bool lower, const std::string &a,
                      const std::string &b) override;

  mlir::LogicalResult emitBuffer(mlir::Operation *op, Os &os);
  mlir::LogicalResult emitCall(mlir::func::CallOp call, Os &os);
  mlir::LogicalResult emitReturn(mlir::func::ReturnOp ret, Os &os);
  mlir::LogicalResult emitLoad(mlir::Operation *op, Os &os);
  mlir::LogicalResult emitStore(mlir::Operation *op, Os &os);
  /// The indices of a load or store, affine or not.
  llvm::SmallVector<std::string> accessIndices(mlir::Operation *op);

  mlir::func::FuncOp func;
  bool isFilter;
  const llvm::StringMap<std::string> &functionNames;
  const llvm::StringMap<std::string> *globalNames = nullptr;
};

/// A parameter or local buffer that is a FIFO channel.
bool isFifo(mlir::Value memref);

} // namespace hcl::bambu

#endif // HCL_LIB_TARGET_BAMBUC_CWRITER_H
