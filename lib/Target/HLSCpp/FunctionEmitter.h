//===- FunctionEmitter.h - one func.func as HLS C++ -------------*- C++ -*-===//

#ifndef HCL_LIB_TARGET_HLSCPP_FUNCTIONEMITTER_H
#define HCL_LIB_TARGET_HLSCPP_FUNCTIONEMITTER_H

#include "Dataflow.h"

#include "hcl/Target/CFamily/CEmitter.h"
#include "hcl/Target/HLSCpp.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/StringSet.h"

#include <set>

namespace hcl {

/// The C++ parameter list of `func`: its arguments (`arg0`, ...), then its
/// results as output arguments (`result0`, ...). Fails on types C++ cannot
/// express here (dynamic shapes, unsupported element types).
mlir::FailureOr<std::string>
cppSignature(mlir::func::FuncOp func, llvm::StringRef cppName,
             const StreamValues *streams = nullptr);

/// One func.func as HLS C++: the C-family core plus Vitis's pragmas,
/// hls::stream channels, ap_int / ap_fixed types and dataflow regions.
class FunctionEmitter : public CEmitter {
public:
  FunctionEmitter(mlir::func::FuncOp func, std::string cppName,
                  const llvm::StringMap<std::string> &functionNames,
                  const llvm::StringMap<std::string> &globalNames,
                  const StreamValues &streams, bool isTop,
                  std::set<std::string> &helpers);

  /// The function's definition.
  mlir::LogicalResult emit(llvm::raw_ostream &os);

private:
  // The core's hooks.
  mlir::FailureOr<std::string> typeOf(mlir::Value v,
                                      mlir::Operation *user) override;
  mlir::FailureOr<std::string>
  constantText(mlir::arith::ConstantOp constant) override;
  std::optional<mlir::LogicalResult> emitTargetOp(mlir::Operation *op,
                                                  Os &os) override;
  mlir::FailureOr<std::string> targetExpression(mlir::Operation *op) override;
  std::string libmName(llvm::StringRef base, mlir::Type type) override;
  std::string boundOf(bool lower, const std::string &a,
                      const std::string &b) override;
  std::string loopLabel(mlir::Operation *loop) override;
  void emitLoopPragmas(mlir::Operation *loop, Os &os) override;

  // Memory, calls and dataflow regions (FunctionEmitter.cpp).
  mlir::LogicalResult emitArray(mlir::Value memref, mlir::Operation *op,
                                Os &os);
  mlir::LogicalResult emitStore(mlir::affine::AffineStoreOp store, Os &os);
  mlir::LogicalResult emitCall(mlir::func::CallOp call, Os &os);
  mlir::LogicalResult emitDataflowBody(mlir::Block &body, Os &os);
  mlir::LogicalResult emitGetGlobal(mlir::memref::GetGlobalOp op, Os &os);
  void emitPartitionPragmas(mlir::Value memref, Os &os);
  void emitInterfacePragmas(Os &os);

  // Fixed-point and bit operations (EmitDataOps.cpp).
  mlir::FailureOr<std::string> dataExpression(mlir::Operation *op);
  mlir::FailureOr<std::string> bitcastText(mlir::Value input, mlir::Type to,
                                           const std::string &toCpp);

  mlir::func::FuncOp func;
  std::string cppName;
  const llvm::StringMap<std::string> &functionNames;
  /// The file-scope arrays of the module's memref.globals.
  const llvm::StringMap<std::string> &globalNames;
  const StreamValues &streams;
  bool isTop;
  /// The globals whose partition pragmas are written.
  llvm::StringSet<> partitionedGlobals;
};

} // namespace hcl

#endif // HCL_LIB_TARGET_HLSCPP_FUNCTIONEMITTER_H
