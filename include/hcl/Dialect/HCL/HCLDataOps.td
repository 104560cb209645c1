//===- HCLDataOps.td - fixed-point and bit operations -----*- tablegen -*-===//
//
// Operations on values (not schedule operations): fixed-point arithmetic,
// conversions, and bit access on integers of any width. Their semantics are
// in docs/datatypes.md; `--hcl-lower-fixed-point` and `--hcl-lower-bit-ops`
// turn them into arith for the CPU, the HLS emitter writes ap_fixed / ap_int.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_DATA_OPS_TD
#define HCL_DATA_OPS_TD

include "hcl/Dialect/HCL/HCLBase.td"
include "hcl/Dialect/HCL/HCLTypes.td"
include "mlir/Dialect/Arith/IR/ArithBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/BuiltinTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

/// Marks the value operations, so that schedule passes leave them alone.
def HCL_DataOpTrait : NativeOpTrait<"HCLDataOp">;

class HCL_DataOp<string mnemonic, list<Trait> traits = []>
    : HCL_Op<mnemonic, !listconcat([HCL_DataOpTrait, Pure], traits)>;

//===----------------------------------------------------------------------===//
// Fixed-point arithmetic
//===----------------------------------------------------------------------===//

class HCL_FixedBinaryOp<string mnemonic, string what>
    : HCL_DataOp<mnemonic, [SameOperandsAndResultType]> {
  let summary = "fixed-point " # what;
  let description = [{
    The exact result, quantized toward minus infinity and wrapped to the
    type (what `ap_fixed<W, I> c = a op b;` computes).
  }];
  let arguments = (ins HCL_AnyFixed:$lhs, HCL_AnyFixed:$rhs);
  let results = (outs HCL_AnyFixed:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def HCL_AddFixedOp : HCL_FixedBinaryOp<"add_fixed", "addition">;
def HCL_SubFixedOp : HCL_FixedBinaryOp<"sub_fixed", "subtraction">;
def HCL_MulFixedOp : HCL_FixedBinaryOp<"mul_fixed", "multiplication">;
def HCL_DivFixedOp : HCL_FixedBinaryOp<"div_fixed", "division"> {
  let description = [{
    `(Va * 2^F) / Vb` truncated toward zero, then wrapped: the quotient keeps
    the dividend's fraction bits, as ap_fixed's division does. Division by
    zero is undefined.
  }];
}
def HCL_MinFixedOp : HCL_FixedBinaryOp<"min_fixed", "minimum">;
def HCL_MaxFixedOp : HCL_FixedBinaryOp<"max_fixed", "maximum">;

def HCL_CmpFixedOp : HCL_DataOp<"cmp_fixed", [SameTypeOperands]> {
  let summary = "fixed-point comparison";
  let description = [{
    ```mlir
    %p = hcl.cmp_fixed slt, %a, %b : !hcl.Fixed<8, 4>
    ```
    `arith.cmpi`'s predicates. The predicate matching the type's sign
    (signed ones on `Fixed`, unsigned ones on `UFixed`) compares the values.
    The other ones compare the operands' bits as `arith.cmpi` does: `ugt` on
    a `Fixed` reads the two's-complement bits as unsigned integers (so -1 is
    above 1), `slt` on a `UFixed` reads the bits as two's complement. Both
    formats have the same fraction, so this is the integer comparison of the
    bits, as HeteroCL-MLIR lowers the op.
  }];
  let arguments = (ins Arith_CmpIPredicateAttr:$predicate, HCL_AnyFixed:$lhs,
                       HCL_AnyFixed:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

class HCL_ConversionOp<string mnemonic, Type from, Type to>
    : HCL_DataOp<mnemonic> {
  let arguments = (ins from:$input);
  let results = (outs to:$result);
  // `%x : A to B`, or HeteroCL-MLIR's `(%x) : A -> B` (DataOpSyntax.cpp).
  let hasCustomAssemblyFormat = 1;
}

/// Conversions that may drop bits accept the optional rounding and overflow
/// modes; the defaults are ap_fixed's (truncate, wrap).
class HCL_QuantizingOp<string mnemonic, Type from>
    : HCL_ConversionOp<mnemonic, from, HCL_AnyFixed> {
  let arguments = (ins from:$input, OptionalAttr<StrAttr>:$rounding,
                       OptionalAttr<StrAttr>:$overflow);
  let hasVerifier = 1;
}

def HCL_FixedToFixedOp : HCL_QuantizingOp<"fixed_to_fixed", HCL_AnyFixed> {
  let summary = "requantize to another fixed-point type";
  let description = [{
    ```mlir
    %y = hcl.fixed_to_fixed %x : !hcl.Fixed<16, 8> to !hcl.Fixed<8, 4>
    %y = hcl.fixed_to_fixed %x {rounding = "nearest", overflow = "saturate"} : !hcl.Fixed<16, 8> to !hcl.Fixed<8, 4>
    ```
    Default: truncate toward minus infinity, wrap. `rounding = "nearest"`
    rounds half up (AP_RND), `rounding = "zero"` truncates toward zero
    (AP_TRN_ZERO); `overflow = "saturate"` clamps (AP_SAT).
  }];
}

def HCL_FloatToFixedOp : HCL_QuantizingOp<"float_to_fixed", AnyFloat> {
  let summary = "float to fixed point";
  let description = [{
    ```mlir
    %y = hcl.float_to_fixed %f : f32 to !hcl.Fixed<8, 4>
    %z = hcl.float_to_fixed %f {rounding = "zero"} : f32 to !hcl.Fixed<8, 4>
    ```
    The float's exact value, quantized and wrapped (or per `rounding` /
    `overflow`, as for `hcl.fixed_to_fixed`). NaN and infinities give 0.
    The front ends write `rounding = "zero"`: HeteroCL's conversion
    truncates toward zero (as its fptosi of x * 2^F does).
  }];
}

def HCL_IntToFixedOp
    : HCL_ConversionOp<"int_to_fixed", AnySignlessInteger, HCL_AnyFixed> {
  let summary = "signed integer to fixed point (wraps)";
}

def HCL_UIntToFixedOp
    : HCL_ConversionOp<"uint_to_fixed", AnySignlessInteger, HCL_AnyFixed> {
  let summary = "unsigned integer to fixed point (wraps)";
}

def HCL_FixedToIntOp
    : HCL_ConversionOp<"fixed_to_int", HCL_AnyFixed, AnySignlessInteger> {
  let summary = "fixed point to integer: truncate toward zero, then wrap";
  let description = [{
    ```mlir
    %i = hcl.fixed_to_int %x : !hcl.Fixed<8, 4> to i32
    %j = hcl.fixed_to_int %x {rounding = "floor"} : !hcl.Fixed<8, 4> to i32
    ```
    The fraction is dropped toward zero (ap_int's conversion), or toward
    minus infinity with `rounding = "floor"` (the fraction bits shifted out:
    HeteroCL-MLIR's `hcl.fixed_to_int(%x) : A -> B` reads as that), then
    the integer wraps to the result's width.
  }];
  let arguments = (ins HCL_AnyFixed:$input, OptionalAttr<StrAttr>:$rounding);
  let hasVerifier = 1;
}

def HCL_FixedToFloatOp
    : HCL_ConversionOp<"fixed_to_float", HCL_AnyFixed, AnyFloat> {
  let summary = "fixed point to float";
  let description = [{
    The integer bits converted to the float type (round to nearest, ties to
    even), then scaled by `2^-frac`: exact whenever the result is normal.
  }];
}

def HCL_FixedConstantOp : HCL_DataOp<"fixed_constant", [ConstantLike]> {
  let summary = "a fixed-point constant";
  let description = [{
    ```mlir
    %c = hcl.fixed_constant 1.25 : !hcl.Fixed<8, 4>
    ```
    The literal (a double), quantized toward minus infinity and wrapped. For
    exact constants wider than a double, bitcast an `arith.constant`.
  }];
  let arguments = (ins F64Attr:$value);
  let results = (outs HCL_AnyFixed:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
  let extraClassDeclaration = [{
    /// The constant's bits V (value V * 2^-frac): the literal, floored.
    ::llvm::APInt getBits();
  }];
}

//===----------------------------------------------------------------------===//
// Bit operations
//===----------------------------------------------------------------------===//

def HCL_GetBitOp : HCL_DataOp<"get_bit"> {
  let summary = "one bit of an integer";
  let description = [{
    ```mlir
    %b = hcl.get_bit %x[%i] : i32
    ```
    0 when `%i` is outside `[0, width)`.
  }];
  let arguments = (ins AnySignlessInteger:$input, Index:$index);
  let results = (outs I1:$result);
  // Also HeteroCL-MLIR's `(%x : i32, %i) -> i1` (DataOpSyntax.cpp).
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HCL_SetBitOp : HCL_DataOp<"set_bit", [AllTypesMatch<["input", "result"]>]> {
  let summary = "an integer with one bit replaced";
  let description = [{
    ```mlir
    %y = hcl.set_bit %x[%i], %b : i32
    ```
    `%x` unchanged when `%i` is outside `[0, width)`.
  }];
  let arguments = (ins AnySignlessInteger:$input, Index:$index, I1:$value);
  let results = (outs AnySignlessInteger:$result);
  // Also HeteroCL-MLIR's `(%x : i32, %i, %b : i1) -> i32`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HCL_GetSliceOp : HCL_DataOp<"get_slice"> {
  let summary = "bits hi..lo of an integer";
  let description = [{
    ```mlir
    %s = hcl.get_slice %x[%hi : %lo] : i32 -> i8
    ```
    Bits `hi..lo` moved down to bit 0, zero-extended or truncated to the
    result type. 0 unless `0 <= lo <= hi < width`; constant indices outside
    that are an error.
  }];
  let arguments = (ins AnySignlessInteger:$input, Index:$hi, Index:$lo);
  let results = (outs AnySignlessInteger:$result);
  // Also HeteroCL-MLIR's `(%x : i32, %hi, %lo) -> i8`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HCL_SetSliceOp : HCL_DataOp<"set_slice", [AllTypesMatch<["input", "result"]>]> {
  let summary = "an integer with bits hi..lo replaced";
  let description = [{
    ```mlir
    %y = hcl.set_slice %x[%hi : %lo], %v : i32, i8
    ```
    Bits `hi..lo` replaced by the low `hi - lo + 1` bits of `%v` (zero-extended
    if narrower). `%x` unchanged unless `0 <= lo <= hi < width`; constant
    indices outside that are an error.
  }];
  let arguments = (ins AnySignlessInteger:$input, Index:$hi, Index:$lo,
                       AnySignlessInteger:$value);
  let results = (outs AnySignlessInteger:$result);
  // Also HeteroCL-MLIR's `(%x : i32, %hi, %lo, %v : i8) -> i32`.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HCL_BitReverseOp : HCL_DataOp<"bit_reverse", [SameOperandsAndResultType]> {
  let summary = "an integer with its bits in reverse order";
  let arguments = (ins AnySignlessInteger:$input);
  let results = (outs AnySignlessInteger:$result);
  // Also HeteroCL-MLIR's `(%x : i8)`.
  let hasCustomAssemblyFormat = 1;
}

def HCL_BitcastOp : HCL_DataOp<"bitcast"> {
  let summary = "reinterpret the bits as another type of the same width";
  let description = [{
    ```mlir
    %i = hcl.bitcast %x : !hcl.Fixed<8, 4> to i8
    %f = hcl.bitcast %i : i32 to f32
    ```
    Between any two of signless integers, floats and fixed-point types of
    the same width.
  }];
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Packed structs
//===----------------------------------------------------------------------===//

def HCL_StructConstructOp : HCL_DataOp<"struct_construct"> {
  let summary = "a packed struct of the given field values";
  let description = [{
    ```mlir
    %s = hcl.struct_construct(%a, %b) : i8, f32 -> !hcl.struct<i8, f32>
    ```
    One value per field, of the field's type, in order. The result type may
    be written without `!hcl.struct` (`-> <i8, f32>`).
  }];
  let arguments = (ins Variadic<AnyType>:$fields);
  let results = (outs HCL_StructType:$result);
  let assemblyFormat = [{
    `(` $fields `)` attr-dict `:` type($fields) `->` type($result)
  }];
  let hasVerifier = 1;
}

def HCL_StructGetOp : HCL_DataOp<"struct_get"> {
  let summary = "one field of a packed struct";
  let description = [{
    ```mlir
    %b = hcl.struct_get %s[1] : !hcl.struct<i8, f32> -> f32
    ```
    Field `index` (from 0), of the field's type.
  }];
  let arguments = (ins HCL_StructType:$input, I64Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $input `[` $index `]` attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

def HCL_PrintOp : HCL_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "printf: on the CPU, and in the HLS C++'s C simulation";
  let description = [{
    ```mlir
    hcl.print "x=%lld y=%.3f\n" %x, %y : i64, f64
    hcl.print "%lld %.2f\n" %b, %q : i3, !hcl.Fixed<8, 2> {signedness = "us"}
    hcl.print "]\n"
    ```
    Prints with C's printf and flushes. An integer conversion
    (`d i u o x X c`) is written with the `ll` length and takes a signless
    integer of at most 64 bits, extended to 64 (zero-extended where
    `signedness` has a `u` at the value's position, else sign-extended). A
    floating conversion (`f e g a`, any case) takes a float, a fixed-point
    value or an integer, printed as its f64 value. `%%` prints `%`; `%s`,
    `%p`, `%n` and `*` widths are refused.

    HeteroCL-MLIR's spelling is read too:
    `hcl.print(%x, %y) {format = "%d %.2f\n", unsigned} : i32, f64`. As
    there, the format defaults to `%.4f ` (here once per value), and values
    beyond the format's conversions are not printed (printf's rule); an
    integer conversion of a non-integer value prints it with `%.0f`, as the
    peer prints every value as a double. The peer's `hcl.print(%m) :
    memref<...>` (one memref) reads as `hcl.print_memref(%m)`. In hcl's
    spelling, a format without conversions takes no values: the next line
    is the next operation.
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$values,
                       OptionalAttr<StrAttr>:$signedness);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HCL_PrintMemRefOp : HCL_Op<"print_memref"> {
  let summary = "print a memref's elements: on the CPU and in C simulation";
  let description = [{
    ```mlir
    hcl.print_memref(%a) : memref<2x3xf32>
    hcl.print_memref(%q) {format = "%.2f\n"} : memref<4x!hcl.Fixed<8, 2>>
    ```
    Without a format, the elements in row-major order as nested brackets,
    `[[1, 2, 3],` / ` [4, 5, 6]]` and a newline (integers with `%lld`,
    floats and fixed-point values with `%g`). With one (one conversion,
    HeteroCL-MLIR's rules: see `hcl.print`), each element in row-major order
    with that format, and nothing else. A unit attribute `unsigned`
    zero-extends integers.
    It becomes loops of `hcl.print` before the program is lowered
    (`hcl-expand-print-memref`).
  }];
  let arguments = (ins AnyStaticShapeMemRef:$input,
                       OptionalAttr<StrAttr>:$format);
  let assemblyFormat = "`(` $input `)` attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def HCL_GetGlobalFixedOp : HCL_Op<"get_global_fixed",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a fixed-point copy of an integer memref.global's bits";
  let description = [{
    ```mlir
    memref.global "private" @w : memref<2xi64> = dense<[6, -2]>
    %q = hcl.get_global_fixed @w : memref<2x!hcl.Fixed<8, 2>>
    ```
    A new buffer of the result's type whose every element has the bits of
    the global's element of the same index, truncated or extended (by the
    fixed-point type's signedness) to its width: the global holds the
    encodings, 6 is 1.5 and -2 is -0.5 in `Fixed<8, 2>`. HeteroCL-MLIR
    writes its fixed-point constants so. The global has signless integer
    elements and the result's shape. It becomes a `memref.get_global`, a
    copy loop and `hcl.bitcast`s before the program is lowered
    (`hcl-expand-get-global-fixed`).
  }];
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "$name `:` type($result) attr-dict";
}

//===----------------------------------------------------------------------===//
// Short-circuit logic
//===----------------------------------------------------------------------===//

class HCL_ShortCircuitOp<string mnemonic, string what, string stops>
    : HCL_Op<mnemonic, [HCL_DataOpTrait, RecursiveMemoryEffects]> {
  let summary = "short-circuit logical " # what # " of its regions' i1s";
  let description = [{
    ```mlir
    %r = hcl.}] # mnemonic # [{ {
      hcl.yield %a : i1
    }, {
      %b = memref.load %m[%c0] : memref<1xi1>
      hcl.yield %b : i1
    } : i1
    ```
    Runs its regions in order, each yielding an i1, and stops at the first
    that yields }] # stops # [{: the regions after it do not run (their
    loads and prints do not happen). The result is the last yielded value.
    Before lowering it becomes nested `scf.if`s
    (`hcl-expand-short-circuit`), on the CPU and in HLS C++.
  }];
  let results = (outs I1:$result);
  let regions = (region VariadicRegion<SizedRegion<1>>:$bodies);
  let assemblyFormat = "$bodies attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def HCL_AndOp : HCL_ShortCircuitOp<"and", "and", "false">;
def HCL_OrOp : HCL_ShortCircuitOp<"or", "or", "true">;

def HCL_YieldOp : HCL_Op<"yield", [HCL_DataOpTrait, Pure, Terminator,
                                   ParentOneOf<["AndOp", "OrOp"]>]> {
  let summary = "the i1 an hcl.and or hcl.or region gives";
  let arguments = (ins I1:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

#endif // HCL_DATA_OPS_TD
