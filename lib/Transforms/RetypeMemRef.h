//===- RetypeMemRef.h - change a buffer's type across functions -*- C++ -*-===//
//
// partition and reshape change the type of a buffer in place. The buffer may
// be passed to functions and returned from them, so every value that must
// keep the same type changes with it: the callee's argument for a call
// operand, the call results for a returned value, and the function types.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TRANSFORMS_RETYPEMEMREF_H
#define HCL_LIB_TRANSFORMS_RETYPEMEMREF_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"

namespace hcl {

/// The values that must change type together with `buffer`: a memref.alloc
/// or memref.alloca result, a function argument, or (with `allowGlobals`,
/// for changes of layout or shape) a memref.get_global result together with
/// every other get_global of that global, and the values it flows
/// to through func.call and func.return. Each user of them must be a
/// func.call, func.return, an hcl schedule operation or pass `isAccess`.
/// Otherwise, and when a function along the way is also called with another
/// buffer or returns another one, emits an error on `op` (`primitive` names
/// it in the message) and fails.
mlir::FailureOr<llvm::SetVector<mlir::Value>>
collectLinkedMemRefs(mlir::Operation *op, llvm::StringRef primitive,
                     mlir::Value buffer,
                     llvm::function_ref<bool(mlir::Operation *)> isAccess,
                     bool allowGlobals = false);

/// Gives every value in `values` the type `type` and updates the types of
/// the functions whose arguments or results they are, and of the globals
/// (with their initial values) whose memref.get_global results they are.
void setLinkedMemRefType(const llvm::SetVector<mlir::Value> &values,
                         mlir::Type type);

} // namespace hcl

#endif // HCL_LIB_TRANSFORMS_RETYPEMEMREF_H
