//===- ModuleText.h - text shared by the RTL backend's modules --*- C++ -*-===//
//
// What a kernel's module (ModuleEmitter) and a dataflow region's module
// (DataflowEmitter) write alike: signal types, the port list of the
// handshake, memories and scalars (docs/rtl.md, "Interface"), and a RAM.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_MODULETEXT_H
#define HCL_LIB_TARGET_RTL_MODULETEXT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace hcl::rtl {

/// `logic [W-1:0]`.
std::string logicOf(unsigned width);

/// The bits of an address of `type`'s elements (at least 1).
unsigned addressWidth(mlir::MemRefType type);

/// A memory port of a module: `<name>_addr/_ce/_we/_wdata` out and
/// `<name>_rdata` in. `isRead` is false when the module never reads the
/// data, so that the unread input is not a lint warning.
/// With `hasSecondPort`, also `<name>_p1_addr/_p1_ce/_p1_we/_p1_wdata` out
/// and `<name>_p1_rdata` in (ArgumentPorts.h), `isSecondRead` false when no
/// load uses it.
struct MemoryPort {
  std::string name;
  mlir::MemRefType type;
  bool isRead;
  bool hasSecondPort;
  bool isSecondRead;
};

/// The port list of `func`'s module, from after `module NAME (` to `);`:
/// the ap_ctrl_hs handshake (and `ap_stall` when `stalls`), each memory
/// port, the scalar arguments `argN` and scalar results `resultN`.
void printModulePorts(llvm::raw_ostream &os, mlir::func::FuncOp func,
                      llvm::ArrayRef<MemoryPort> memories, bool stalls);

/// A RAM `<name>_ram` of `type`'s elements with one port of read latency 1,
/// driven by the `<name>_*` signals while `enable` holds.
void printRam(llvm::raw_ostream &os, const std::string &name,
              mlir::MemRefType type, llvm::StringRef enable);

/// A simple dual-port RAM `<name>_ram` of `type`'s elements: a read port
/// (`_re`, `_raddr`, `_rdata` one cycle later, the old word when the write
/// port writes it in the same cycle) and a write port (`_we`, `_waddr`,
/// `_wdata`), as FPGA block and distributed RAMs offer; both hold while
/// `hold` (an expression, empty for never) is high.
void printDualPortRam(llvm::raw_ostream &os, const std::string &name,
                      mlir::MemRefType type, llvm::StringRef hold);

/// An `initial` block giving each word of `<name>_ram` its value in
/// `contents` (a ROM's, ConstantGlobals.h), as FPGA RAMs and registers are
/// set when the device is configured; nothing when `contents` is null.
void printInitialContents(llvm::raw_ostream &os, const std::string &name,
                          mlir::DenseElementsAttr contents);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_MODULETEXT_H
