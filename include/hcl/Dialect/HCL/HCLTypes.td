//===- HCLTypes.td - handle types of the hcl dialect ------*- tablegen -*-===//

#ifndef HCL_TYPES_TD
#define HCL_TYPES_TD

include "hcl/Dialect/HCL/HCLBase.td"
include "mlir/IR/AttrTypeBase.td"

class HCL_Type<string name, string typeMnemonic> : TypeDef<HCL_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def HCL_LoopHandle : HCL_Type<"LoopHandle", "LoopHandle"> {
  let summary = "a handle naming one loop of a stage";
}

def HCL_StageHandle : HCL_Type<"StageHandle", "StageHandle"> {
  let summary = "a handle naming one stage (a loop nest tagged `stage_name`)";
  let description = [{
    Later HeteroCL versions spell this type `!hcl.OpHandle`; the parser
    accepts that spelling and reads it as `!hcl.StageHandle`.
  }];
}

#endif // HCL_TYPES_TD
