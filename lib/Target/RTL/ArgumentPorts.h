//===- ArgumentPorts.h - the ports of a module's memory arguments -*- C++
//-*-===//
//
// A memory argument of the kernel's top is one read-write port, and a
// second one beside it where that may lower a pipeline's II: as Vivado and
// Vitis HLS give an array argument's ap_memory interface a single port
// unless a dual-port one lowers the II or the latency, which seed 000's IIs
// show. `--rtl-argument-ports` (hcl/Analysis/TargetModel.h) sets the most
// a memory argument gets.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_ARGUMENTPORTS_H
#define HCL_LIB_TARGET_RTL_ARGUMENTPORTS_H

#include "mlir/IR/Value.h"

namespace hcl::rtl {

/// The ports of the memory `root` (Fsm.h's memoryRoot) in its function's
/// module: 2 when `--rtl-argument-ports` is 2 and `root` is a memory
/// argument of the kernel's top (hasPortPerBank: its function is not
/// called and it is only loaded and stored) that a pipelined loop
/// accesses twice or more; else 1. Both ports read and write: port 0 is
/// `<name>_addr`, `_ce`, `_we`, `_wdata`, `_rdata`, port 1 the same with
/// `<name>_p1_`. A store never shares a cycle with another access of its
/// iteration, and iterations in one cycle touch different addresses (the
/// schedule's dependences), so the two ports never collide.
unsigned argumentPorts(mlir::Value root);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_ARGUMENTPORTS_H
