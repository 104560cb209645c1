//===- AMCBase.td - the amc banked-memory dialect ----------*- tablegen -*-===//
//
// AMC (the banked-memory compiler paper) states a banked memory: the ports of its interface, how it is
// split into banks, the ports each bank has, and how those ports make up the
// interface. Passes lower it step by step (handshake -> merge -> bank ->
// aggregation) and hcl-translate --emit-verilog writes it as hardware.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_AMC_BASE_TD
#define HCL_AMC_BASE_TD

include "mlir/IR/OpBase.td"

def AMC_Dialect : Dialect {
  let name = "amc";
  let cppNamespace = "::hcl::amc";
  let summary = "Banked memories: interfaces, banks, ports, merge, arbiters";
  let description = [{
    An `amc.memory` is a hardware memory with a fixed interface (a list of
    `!amc.port` / `!amc.port_hs` types). Its body allocates banked storage
    (`amc.alloc`), creates ports on banks (`amc.create_port`), combines them
    (`amc.merge`, `amc.arbiter`, `amc.split_aggregated`) and exposes them, in
    the interface's order, with `amc.extern`. See docs/amc.md.
  }];
  // Types are parsed by hand: `!amc.memref<1024xf32, bank [2]>` and the
  // seed's other spelling `!amc.memref<1024xf32, [2]>`.
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class AMC_Op<string mnemonic, list<Trait> traits = []>
    : Op<AMC_Dialect, mnemonic, traits>;

#endif // HCL_AMC_BASE_TD
