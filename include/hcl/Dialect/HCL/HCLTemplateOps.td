//===- HCLTemplateOps.td - reusable schedules -------------*- tablegen -*-===//
//
// HeteroCL-MLIR's customization templates: a schedule written once over
// parameters (arrays of any element type, loop handles) and applied to
// several stages. --hcl-apply-customizations expands every `hcl.apply` in
// place, then applies the schedule as written there.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TEMPLATE_OPS_TD
#define HCL_TEMPLATE_OPS_TD

include "hcl/Dialect/HCL/HCLBase.td"
include "mlir/IR/SymbolInterfaces.td"

def HCL_CustomizationOp : HCL_Op<"customization",
                                 [Symbol, IsolatedFromAbove]> {
  let summary = "a schedule over parameters, applied by hcl.apply";
  let description = [{
    ```mlir
    hcl.customization @gemm_opt(%A: memref<?x?x!hcl.Type>,
                                %j: !hcl.LoopHandle) {
      hcl.pipeline(%j, 1)
      hcl.partition(%A: memref<?x?x!hcl.Type>, "CompletePartition", 2)
      hcl.end
    }
    ```
    `!hcl.Type` stands for any element type and `?` for any extent: an
    array parameter takes any array of its rank.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def HCL_EndOp : HCL_Op<"end", [Terminator,
                               HasParent<"CustomizationOp">]> {
  let summary = "ends an hcl.customization";
  let assemblyFormat = "attr-dict";
}

def HCL_ApplyOp : HCL_Op<"apply",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "apply an hcl.customization to these arrays and handles";
  let description = [{
    ```mlir
    hcl.apply @gemm_opt(%A, %lj) : (memref<64x32xi32>, !hcl.LoopHandle) -> ()
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $callee `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
}

#endif // HCL_TEMPLATE_OPS_TD
