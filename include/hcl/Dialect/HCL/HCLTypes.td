//===- HCLTypes.td - handle types of the hcl dialect ------*- tablegen -*-===//

#ifndef HCL_TYPES_TD
#define HCL_TYPES_TD

include "hcl/Dialect/HCL/HCLBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class HCL_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<HCL_Dialect, name, traits> {
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

def HCL_TypeParam : HCL_Type<"TypeParam", "Type",
                             [MemRefElementTypeInterface]> {
  let summary = "any element type, in the parameters of hcl.customization";
}

//===----------------------------------------------------------------------===//
// Fixed-point types (docs/datatypes.md)
//===----------------------------------------------------------------------===//

class HCL_FixedPointType<string name, string typeMnemonic, string sign>
    : HCL_Type<name, typeMnemonic, [MemRefElementTypeInterface]> {
  let summary = sign # " fixed-point number of `width` bits, `frac` of them fraction";
  let description = [{
    The value is `V * 2^-frac` where `V` is the `width`-bit integer the bits
    hold. `1 <= width <= 512` and `0 <= frac <= width`. Arithmetic quantizes
    toward minus infinity and wraps (ap_fixed's defaults).
  }];
  let parameters = (ins "int64_t":$width, "int64_t":$frac);
  let assemblyFormat = "`<` $width `,` $frac `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isSigned() const { return }] # !if(!eq(sign, "signed"), "true", "false") # [{; }
  }];
}

def HCL_FixedType : HCL_FixedPointType<"Fixed", "Fixed", "signed">;
def HCL_UFixedType : HCL_FixedPointType<"UFixed", "UFixed", "unsigned">;

def HCL_AnyFixed : Type<Or<[HCL_FixedType.predicate, HCL_UFixedType.predicate]>,
                         "fixed-point type", "::mlir::Type">;

//===----------------------------------------------------------------------===//
// Packed structs (HeteroCL's hcl.Struct)
//===----------------------------------------------------------------------===//

def HCL_StructType : HCL_Type<"Struct", "struct", [MemRefElementTypeInterface]> {
  let summary = "a packed record of fields of fixed width";
  let description = [{
    `!hcl.struct<i8, !hcl.Fixed<13, 11>, f32>` holds its fields side by
    side in one integer as wide as their widths together (here 8 + 13 + 32
    = 53 bits), the first field in the lowest bits. A field is an integer,
    a float, a fixed-point value or another struct. `--hcl-lower-structs`
    makes the struct that integer and its fields bit slices of it, on the
    CPU and in the HLS C++ (an `ap_uint<53>`).
  }];
  let parameters = (ins ArrayRefParameter<"::mlir::Type", "field types">:$fieldTypes);
  // Written by hand for the errors: a struct of no fields, a non-struct
  // type where an operation wants a struct.
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The bits of the packed value: the fields' widths together.
    int64_t getWidth() const;
    /// The lowest bit of field `index`: the widths of the fields before it.
    int64_t getFieldOffset(unsigned index) const;
  }];
}

#endif // HCL_TYPES_TD
