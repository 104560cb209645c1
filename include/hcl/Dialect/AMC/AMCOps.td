//===- AMCOps.td - operations of amc -----------------------*- tablegen -*-===//

#ifndef HCL_AMC_OPS_TD
#define HCL_AMC_OPS_TD

include "hcl/Dialect/AMC/AMCTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def AMC_MemoryOp : AMC_Op<"memory", [Symbol, IsolatedFromAbove, NoTerminator,
                                     SingleBlock]> {
  let summary = "a banked memory with a fixed interface";
  let description = [{
    ```mlir
    amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>) {
      %0 = amc.alloc : !amc.memref<512xf32>
      %1 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
      %2 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, w, 1>
      amc.extern %1, %2 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>
    }
    ```
    The interface is the list of port types. A memory without a body is a
    declaration (the seed writes it with a trailing `;`, which hcl's tools
    accept). A body ends with one `amc.extern` whose types are the
    interface's, in order.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeArrayAttr:$port_types);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The amc.extern ending the body, or null for a declaration.
    ExternOp getExtern();
    ::llvm::SmallVector<::mlir::Type> getPortTypeList() {
      return ::llvm::to_vector(getPortTypes().getAsValueRange<::mlir::TypeAttr>());
    }
  }];
}

def AMC_AllocOp : AMC_Op<"alloc", [HasParent<"MemoryOp">]> {
  let summary = "banked storage";
  let description = [{
    `%0 = amc.alloc : !amc.memref<1024xf32, bank [2]>`. The optional
    `primitive` attribute ("lutram", "bram", "uram" or "registers") picks the
    FPGA resource the banks map to; without it the synthesizer chooses.
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$primitive);
  let results = (outs AMC_MemRefType:$memref);
  let assemblyFormat = "attr-dict `:` type($memref)";
  let hasVerifier = 1;
}

def AMC_CreatePortOp : AMC_Op<"create_port", [HasParent<"MemoryOp">]> {
  let summary = "a port on consecutive banks of an allocation";
  let description = [{
    `amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] :
    !amc.port<512xf32, r, 1>`. The port covers the listed banks, which are
    consecutive and ascending; its size is their total size. On a memref of
    one bank, `banks` may be left out.
  }];
  let arguments = (ins AMC_MemRefType:$memref,
                       OptionalAttr<DenseI64ArrayAttr>:$banks);
  let results = (outs AMC_AnyPort:$port);
  let assemblyFormat = [{
    `(` $memref `:` type($memref) `)` (`banks` $banks^)? attr-dict `:` type($port)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The banks the port covers (all of them when `banks` is absent).
    ::llvm::SmallVector<int64_t> getCoveredBanks();
  }];
}

def AMC_MergeOp : AMC_Op<"merge", [HasParent<"MemoryOp">]> {
  let summary = "one latency-sensitive port over adjacent address ranges";
  let description = [{
    `amc.merge(%3, %4 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, w, 1>) :
    !amc.port<1024xf32, w, 1>`: input `i` serves the addresses after those of
    inputs `0..i-1`. In hardware: address decode and a multiplexer.
  }];
  let arguments = (ins Variadic<AMC_PortType>:$inputs);
  let results = (outs AMC_PortType:$result);
  let assemblyFormat = [{
    `(` $inputs `:` type($inputs) `)` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def AMC_ArbiterOp : AMC_Op<"arbiter", [HasParent<"MemoryOp">]> {
  let summary = "handshake ports sharing latency-sensitive ports";
  let description = [{
    `amc.arbiter(%1 : !amc.port<1024xi32, rw, 1>) banks [0, 1] :
    !amc.port_hs<1024xi32, rw>`. Each cycle the arbiter grants each input port
    to at most one requesting handshake port, by `scheme` ("round_robin", the
    default, or "fixed_priority": lower result index first). Every input and
    output covers the same addresses.
  }];
  let arguments = (ins Variadic<AMC_PortType>:$inputs,
                       DenseI64ArrayAttr:$banks,
                       OptionalAttr<StrAttr>:$scheme);
  let results = (outs Variadic<AMC_HandshakePortType>:$outputs);
  let assemblyFormat = [{
    `(` $inputs `:` type($inputs) `)` `banks` $banks attr-dict `:` type($outputs)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::llvm::StringRef getSchemeOrDefault() {
      return getScheme() ? *getScheme() : "round_robin";
    }
  }];
}

def AMC_SplitAggregatedOp : AMC_Op<"split_aggregated", [HasParent<"MemoryOp">]> {
  let summary = "a narrow, deep port over a wide, shallow one";
  let description = [{
    `amc.split_aggregated(%2 : !amc.port<256xi64, r, 1>) : !amc.port<512xf32, r, 1>`:
    address `a` of the result is word `a mod k` (from the least significant
    bits) of wide word `a / k`, where `k` is the ratio of the sizes. Writes
    update that lane only.
  }];
  let arguments = (ins AMC_PortType:$input);
  let results = (outs AMC_PortType:$result);
  let assemblyFormat = [{
    `(` $input `:` type($input) `)` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    int64_t getFactor();
  }];
}

def AMC_ExternOp : AMC_Op<"extern", [HasParent<"MemoryOp">, Terminator]> {
  let summary = "the ports that make up the memory's interface, in order";
  let arguments = (ins Variadic<AMC_AnyPort>:$ports);
  let assemblyFormat = "$ports attr-dict `:` type($ports)";
}

#endif // HCL_AMC_OPS_TD
