//===- HCLAttrs.td - attributes of the hcl dialect --------*- tablegen -*-===//

#ifndef HCL_ATTRS_TD
#define HCL_ATTRS_TD

include "mlir/IR/EnumAttr.td"

def HCL_PartitionComplete : I32EnumAttrCase<"Complete", 0>;
def HCL_PartitionBlock : I32EnumAttrCase<"Block", 1>;
def HCL_PartitionCyclic : I32EnumAttrCase<"Cyclic", 2>;

def HCL_PartitionKindAttr : I32EnumAttr<"PartitionKind",
    "how an array is split into banks",
    [HCL_PartitionComplete, HCL_PartitionBlock, HCL_PartitionCyclic]> {
  let cppNamespace = "::hcl";
}

#endif // HCL_ATTRS_TD
