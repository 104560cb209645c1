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

#endif // HCL_CONVERSION_PASSES_TD
