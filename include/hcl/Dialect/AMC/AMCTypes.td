//===- AMCTypes.td - memory and port types of amc ----------*- tablegen -*-===//

#ifndef HCL_AMC_TYPES_TD
#define HCL_AMC_TYPES_TD

include "hcl/Dialect/AMC/AMCBase.td"
include "mlir/IR/AttrTypeBase.td"

// Spelled `!amc.<keyword><...>`; AMCDialect::parseType / printType read and
// write all three (no per-type mnemonic, so no generated parser).
class AMC_Type<string name, string keyword, list<Trait> traits = []>
    : TypeDef<AMC_Dialect, name, traits> {
  let typeName = "amc." # keyword;
}

def AMC_MemRefType : AMC_Type<"MemRef", "memref"> {
  let summary = "storage of `size` words, split into `banks` equal banks";
  let description = [{
    `!amc.memref<1024xf32, bank [2]>`: 1024 words of f32 in two banks of 512,
    bank `b` holding the addresses `[b*512, (b+1)*512)` (block banking, as
    `amc.merge` decodes the top address bits). `!amc.memref<512xf32>` has one
    bank. The seed also writes `!amc.memref<1024xf32, [2]>`; both spellings
    parse and each prints as it was written (`bankKeyword`).
  }];
  let parameters = (ins "int64_t":$size, "::mlir::Type":$elementType,
                        "int64_t":$banks, "bool":$bankKeyword);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getBankSize() const { return getSize() / getBanks(); }
    static MemRefType get(::mlir::Type elementType, int64_t size,
                          int64_t banks = 1) {
      return get(elementType.getContext(), size, elementType, banks, true);
    }
  }];
}

def AMC_PortType : AMC_Type<"Port", "port"> {
  let summary = "a latency-sensitive port: `size` words, kind, read latency";
  let description = [{
    `!amc.port<512xf32, r, 1>`: a read (`r`), write (`w`) or read-write (`rw`)
    port over 512 words whose reads return data exactly `latency` cycles after
    the request (latency >= 1). Writes take effect at the end of the cycle
    they are requested in.
  }];
  let parameters = (ins "int64_t":$size, "::mlir::Type":$elementType,
                        "::hcl::amc::PortKind":$kind, "int64_t":$latency);
  let genVerifyDecl = 1;
}

def AMC_HandshakePortType : AMC_Type<"HandshakePort", "port_hs"> {
  let summary = "a latency-insensitive port with valid/ready handshakes";
  let description = [{
    `!amc.port_hs<1024xi32, rw>`: requests are accepted when `ready` is high;
    read data arrives later with `valid`. Every accepted request is answered
    once, in order.
  }];
  let parameters = (ins "int64_t":$size, "::mlir::Type":$elementType,
                        "::hcl::amc::PortKind":$kind);
  let genVerifyDecl = 1;
}

def AMC_AnyPort : Type<Or<[AMC_PortType.predicate,
                           AMC_HandshakePortType.predicate]>,
                       "amc port", "::mlir::Type">;

#endif // HCL_AMC_TYPES_TD
