//===- hcl-translate.cpp - MLIR to HLS C++ and Verilog --------------------===//
//
//   hcl-translate --emit-hls-cpp kernel.mlir -o kernel.cpp
//   hcl-translate --emit-verilog [--verilog-primitive=bram] memory.mlir
//   hcl-translate --emit-rtl kernel.mlir      (whole functions, docs/rtl.md)
//
// --emit-verilog expects amc memories lowered by --amc-lower-handshake,
// --amc-lower-merge and --amc-lower-banks (see docs/amc.md).
//
// MLIR's pass-manager options (--mlir-print-ir-after-all, --mlir-timing,
// --mlir-pass-statistics) apply to each translation's own preparation.
//
// Expects customized affine IR (after --hcl-apply-customizations) in MLIR 22
// spelling (`hcl hls` also reads the seeds' MLIR 14 spelling).
//
//===----------------------------------------------------------------------===//

#include "hcl/InitHCL.h"
#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Target/BambuC.h"
#include "hcl/Target/HLSCpp.h"
#include "hcl/Target/RTL.h"
#include "hcl/Target/Verilog.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  // The translations prepare their input in pass managers of their own
  // (the HLS and Bambu preparations, the RTL lowering): --mlir-print-ir-*,
  // --mlir-timing and --mlir-pass-statistics apply to them.
  hcl::registerPassManagerOptions();
  hcl::registerHLSCppTranslation();
  hcl::registerBambuCTranslation();
  hcl::registerToVerilogTranslation();
  hcl::registerRTLTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "hcl translation tool"));
}
