// HeteroCL-MLIR's LLVM-dialect programs use typed pointers (a pointee type),
// which MLIR no longer has: its parser would say "expected integer value".
// The hcl driver refuses them first, at the first one (comments count too),
// saying what to write.
// An address space (!llvm.ptr<1>) is not a typed pointer.
// RUN: not hcl check %s 2>&1 | FileCheck %s

// CHECK: typed-llvm-pointers.mlir:[[# @LINE + 3]]:23: error: typed LLVM pointers (!llvm.ptr{{<}}f32>) are no longer MLIR's: write the opaque !llvm.ptr, with the element type on the loads, stores and getelementptrs that use it
module {
  llvm.func @global_space(%p: !llvm.ptr<1>)
  llvm.func @load(%p: !llvm.ptr<f32>) -> f32 {
    %v = llvm.load %p : !llvm.ptr<f32>
    llvm.return %v : f32
  }
}
