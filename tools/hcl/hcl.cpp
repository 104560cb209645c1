//===- hcl.cpp - the hcl user driver --------------------------------------===//
//
//   hcl run FILE.mlir [--entry NAME] [--input A.npy]... [--random-inputs SEED]
//                     [--output-dir DIR] [--repeat N]
//   hcl check FILE.mlir [--entry NAME] [--seeds N]
//
//===----------------------------------------------------------------------===//

#include "Subcommands.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "hcl: an MLIR compiler for accelerator design\n\n"
      "  hcl run FILE.mlir     JIT-compile a program and run it on the CPU\n"
      "  hcl check FILE.mlir   compare it with its schedule against it "
      "without\n"
      "                        (--hls: its HLS C++, simulated with g++, "
      "against the JIT)\n"
      "  hcl hls FILE.mlir -o DIR   write a Vitis HLS project\n"
      "  hcl bambu FILE.mlir -o DIR write a PandA-Bambu C project\n"
      "  hcl estimate FILE.mlir     estimate IIs and latency\n"
      "  hcl rtl FILE.mlir -o DIR   write its amc memories as Verilog\n"
      "  hcl import FILE.onnx -o FILE.mlir   an ONNX model as an hcl program\n"
      "  hcl onnx-test DIR...       run ONNX backend tests with the JIT\n"
      "  hcl quantize FILE.onnx --calibrate DIR -o q.mlir   fixed point\n"
      "  (every command that reads FILE.mlir also reads FILE.onnx)\n");
  if (hcl::driver::runSubcommand)
    return hcl::driver::runMain();
  if (hcl::driver::checkSubcommand)
    return hcl::driver::checkMain();
  if (hcl::driver::hlsSubcommand)
    return hcl::driver::hlsMain();
  if (hcl::driver::bambuSubcommand)
    return hcl::driver::bambuMain();
  if (hcl::driver::estimateSubcommand)
    return hcl::driver::estimateMain();
  if (hcl::driver::rtlSubcommand)
    return hcl::driver::rtlMain();
  if (hcl::driver::importSubcommand)
    return hcl::driver::importMain();
  if (hcl::driver::quantizeSubcommand)
    return hcl::driver::quantizeMain();
  if (hcl::driver::onnxTestSubcommand)
    return hcl::driver::onnxTestMain();
  errs() << "hcl: error: no subcommand given (try 'hcl run FILE.mlir', 'hcl check FILE.mlir', 'hcl hls FILE.mlir -o DIR', 'hcl rtl FILE.mlir -o DIR', or "
            "'hcl --help')\n";
  return 1;
}
