//===- FloatUnits.h - the RTL's floating-point units ------------*- C++ -*-===//
//
// hcl's own IEEE-754 units, share/rtl/hcl_fp_*.sv (docs/rtl-float.md):
// pipelines of a fixed number of register stages, bit for bit the host's
// results. The RTL backend instantiates one per float operation and writes
// the files it uses next to the kernel.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TARGET_RTL_FLOATUNITS_H
#define HCL_TARGET_RTL_FLOATUNITS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hcl {

/// share/rtl/*.sv, embedded at build time: (file name, contents).
const std::vector<std::pair<std::string, std::string>> &getEmbeddedFloatUnits();

/// How a unit computes one operation. Every unit has the ports `clk`,
/// `in_valid`, its operands (`a`, `b`, or `x`), `out_valid` and `y`; the
/// result of operands presented in cycle t is in `y` in cycle t + latency,
/// with `out_valid`. The pipeline never stalls.
struct FloatUnitUse {
  /// The module, also its file's stem (hcl_fp_add: hcl_fp_add.sv).
  std::string module;
  /// Its parameters for this operation's types, in declaration order.
  std::vector<std::pair<std::string, int64_t>> parameters;
  /// The operands' ports: {"a", "b"} or {"x"}.
  std::vector<std::string> operandPorts;
  /// The input that selects the operation ("sub", "pred", "op"; empty when
  /// the unit has none), its width and the value for this operation.
  std::string modePort;
  unsigned modeWidth = 0;
  uint64_t modeValue = 0;
  /// The result's width in bits.
  unsigned resultWidth = 0;
  /// Register stages: the rtl target's latency of the operation.
  int latency = 0;

  std::string file() const { return module + ".sv"; }
};

/// The unit computing `op` (arith addf, subf, mulf, divf, cmpf, minimumf,
/// maximumf, minnumf, maxnumf, sitofp, uitofp, fptosi, fptoui, extf,
/// truncf and math.sqrt on f32/f64 and i32/i64), or std::nullopt when none
/// does (remf, other math functions, other float types or integer widths;
/// fastmath flags are ignored: the units always compute the exact result).
/// negf, absf, copysign and a float select or bitcast are wires, no unit.
std::optional<FloatUnitUse> getFloatUnitUse(mlir::Operation *op);

/// Writes the file of every float unit into `dir` (made if missing), so
/// that the kernel's directory is complete on its own.
llvm::Error writeFloatUnits(llvm::StringRef dir);

/// The files (of getEmbeddedFloatUnits) that `entry`'s module needs: the
/// units its operations and those of the functions it calls use, and the
/// modules they instantiate (hcl_fp_round, ...), and the FIFO of dataflow
/// regions (hcl_fifo.sv), sorted by name.
std::vector<std::string> getFloatUnitFilesUsed(mlir::Operation *entry);

/// Writes the embedded files named `files` into `dir` (made if missing).
llvm::Error writeFloatUnits(llvm::StringRef dir,
                            const std::vector<std::string> &files);

} // namespace hcl

#endif // HCL_TARGET_RTL_FLOATUNITS_H
