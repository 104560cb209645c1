//===- HCLBase.td - the hcl dialect ------------------------*- tablegen -*-===//
//
// The hcl dialect carries a *schedule*: hardware customizations that refer to
// stages (loop nests tagged `stage_name`) and loops (tagged `loop_name`) by
// handle. The schedule is applied as IR rewrites and then erased.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_BASE_TD
#define HCL_BASE_TD

include "mlir/IR/OpBase.td"

def HCL_Dialect : Dialect {
  let name = "hcl";
  let cppNamespace = "::hcl";
  let summary = "Hardware customizations for accelerator design";
  let description = [{
    The `hcl` dialect describes a schedule of hardware customizations that is
    kept separate from the algorithm. The algorithm is ordinary `func`/`affine`
    IR whose loop nests carry `stage_name` and `loop_name` attributes; the
    schedule is a list of `hcl` operations in the same function that refer to
    those stages and loops through `!hcl.StageHandle` and `!hcl.LoopHandle`
    values. Schedule operations are applied in program order by
    `--hcl-apply-customizations` and are gone afterwards; lowering a function
    that still holds them is an error.
  }];
  // The type parser is written by hand so that `!hcl.OpHandle` (the later
  // HeteroCL spelling) reads as `!hcl.StageHandle`.
  let useDefaultTypePrinterParser = 0;
  // `hcl.unsigned` on function arguments and results.
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class HCL_Op<string mnemonic, list<Trait> traits = []>
    : Op<HCL_Dialect, mnemonic, traits>;

#endif // HCL_BASE_TD
