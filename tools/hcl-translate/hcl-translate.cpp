//===- hcl-translate.cpp - MLIR to HLS C++ --------------------------------===//
//
//   hcl-translate --emit-hls-cpp kernel.mlir -o kernel.cpp
//
// Expects customized affine IR (after --hcl-apply-customizations) in MLIR 22
// spelling (`hcl hls` also reads the seeds' MLIR 14 spelling).
//
//===----------------------------------------------------------------------===//

#include "hcl/InitHCL.h"
#include "hcl/Target/HLSCpp.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  hcl::registerHLSCppTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "hcl translation tool"));
}
