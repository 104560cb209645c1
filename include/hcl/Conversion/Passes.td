//===- Passes.td - hcl conversion passes -------------------*- tablegen -*-===//

#ifndef HCL_CONVERSION_PASSES_TD
#define HCL_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckScheduleApplied : Pass<"hcl-check-schedule-applied", "mlir::ModuleOp"> {
  let summary = "Fail if any hcl schedule operation is left in the IR";
  let description = [{
    Lowering a function whose schedule was never applied would silently drop
    the customizations. This pass stops with an error at the first `hcl`
    operation it finds. It is the first step of `--hcl-lower-to-llvm`.
  }];
}

def DropPartitionLayouts : Pass<"hcl-drop-partition-layouts", "mlir::ModuleOp"> {
  let summary = "Give partitioned memrefs back the identity layout";
  let description = [{
    `hcl.partition` records banking as a layout map with two results per
    dimension (bank, then offset in the bank), e.g.
    `memref<32x32xi32, affine_map<(d0, d1) -> (0, d1, d0, 0)>>`. Such a map
    is not strided, so the LLVM lowering cannot handle it, and it does not
    change what an access reads: loads and stores index the array
    logically. This pass rewrites every memref type whose layout is a
    partition map to the plain row-major type everywhere in the module
    (operation results, block arguments, function types, `memref.global`
    and other type attributes). Other layouts are kept. It runs in
    `--hcl-lower-to-llvm` right after `--hcl-check-schedule-applied`; the
    HLS backend keeps the layouts and emits `#pragma HLS array_partition`.
  }];
}

def LowerFixedPoint : Pass<"hcl-lower-fixed-point", "mlir::ModuleOp"> {
  let summary = "Lower fixed-point types and operations to integer arithmetic";
  let description = [{
    Every `!hcl.Fixed<W, F>` / `!hcl.UFixed<W, F>` becomes `iW` (in values,
    memref elements, function signatures and type attributes), and every
    fixed-point operation the `arith` (and `llvm.intr.ldexp`) operations
    that compute the same bits: docs/datatypes.md gives the semantics. The
    HLS backend does not run it; it writes `ap_fixed` instead.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::math::MathDialect"];
}

def LowerBitOps : Pass<"hcl-lower-bit-ops", "mlir::ModuleOp"> {
  let summary = "Lower hcl's bit operations to arith";
  let description = [{
    `hcl.get_bit`, `set_bit`, `get_slice`, `set_slice`, `bit_reverse` and
    `bitcast` on integers and floats become shifts, masks and selects (and
    `llvm.intr.bitreverse`), with the out-of-range behaviour of
    docs/datatypes.md. Runs after `--hcl-lower-fixed-point`.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect"];
}

#endif // HCL_CONVERSION_PASSES_TD
