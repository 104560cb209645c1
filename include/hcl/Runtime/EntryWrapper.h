//===- EntryWrapper.h - a uniform calling convention for the JIT -*- C++
//-*-===//
//
// hcl programs are ordinary functions that may take scalars and memrefs and
// may return memrefs (`func @top(%a: memref<10x10xi32>) -> memref<8x8xi32>`).
// Rather than decoding LLVM's struct returns by hand, we add a wrapper
//
//   func.func @__hcl_entry(%args..., %outs: memref<...>...) {
//     %r = call @top(%args...)
//     memref.copy %r, %out            // memref results
//     memref.store %r, %out[]         // scalar results, into memref<T>
//   }
//
// so every value crosses the boundary as a host-owned buffer.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_ENTRYWRAPPER_H
#define HCL_RUNTIME_ENTRYWRAPPER_H

#include "hcl/Runtime/HostArray.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace hcl {

inline constexpr llvm::StringLiteral kEntryWrapperName = "__hcl_entry";

/// The type of one argument or result of an entry function.
struct ValueSpec {
  ElementKind kind;
  std::vector<int64_t> shape; // empty for scalars and rank-0 memrefs
  bool isMemRef;
  std::string typeString;   // as MLIR prints it, for messages
  unsigned integerBits = 0; // the width of integer elements (12 for i12)
  int fixedFrac = -1;       // fixed point: its fraction bits (else -1)
  bool isUnsigned = false;  // hcl.unsigned or UFixed
};

struct EntrySignature {
  std::vector<ValueSpec> arguments;
  std::vector<ValueSpec> results;
};

/// Picks the function to run: `requested` when given, else `top`, else the
/// only public function with a body. Emits a located error otherwise.
mlir::FailureOr<mlir::func::FuncOp> selectEntry(mlir::ModuleOp module,
                                                llvm::StringRef requested);

/// Checks that `entry`'s signature can be called from the host (static
/// shapes, identity or partition layouts, supported element types) and
/// describes it.
mlir::FailureOr<EntrySignature> describeEntry(mlir::func::FuncOp entry);

/// Adds @__hcl_entry calling `entry` to `module` (see the file comment).
void addEntryWrapper(mlir::ModuleOp module, mlir::func::FuncOp entry);

} // namespace hcl

#endif // HCL_RUNTIME_ENTRYWRAPPER_H
