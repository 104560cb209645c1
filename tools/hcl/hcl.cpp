//===- hcl.cpp - the hcl user driver --------------------------------------===//
//
//   hcl run FILE.mlir [--entry NAME] [--input A.npy]... [--random-inputs SEED]
//                     [--input-range [NAME=]LO,HI]... [--output-dir DIR]
//                     [--repeat N] [--check-bounds]
//   hcl check FILE.mlir [--entry NAME] [--seeds N] [--check-bounds]
//                       [--input-range [NAME=]LO,HI]...
//
//===----------------------------------------------------------------------===//

#include "Subcommands.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

/// LLVM's option parser writes "PROGRAM: for the --repeat option: '-1' value
/// invalid ..." straight to stderr; with this as the program name that is
/// hcl's "hcl: error: for the --repeat option: ...".
static constexpr StringLiteral kErrorProgramName = "hcl: error";

/// The registered subcommands' names, sorted.
static std::vector<std::string> subcommandNames() {
  std::vector<std::string> names;
  for (cl::SubCommand *sub : cl::getRegisteredSubcommands())
    if (!sub->getName().empty())
      names.push_back(sub->getName().str());
  std::sort(names.begin(), names.end());
  return names;
}

/// A first word that is no option and no subcommand is a typo, not a file.
static bool reportUnknownSubcommand(int argc, char **argv) {
  if (argc < 2 || argv[1][0] == '-')
    return false;
  std::vector<std::string> names = subcommandNames();
  if (std::find(names.begin(), names.end(), argv[1]) != names.end())
    return false;
  errs() << "hcl: error: unknown subcommand '" << argv[1]
         << "' (subcommands: " << join(names, ", ") << "; see 'hcl --help')\n";
  return true;
}

/// LLVM's option parser prefixes its messages with the program name (see
/// main); the ones it returns in text ("Unknown command line argument")
/// become "hcl: error: ..." lines here, with a pointer to --help.
static void reportParseErrors(StringRef text, StringRef subcommand) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    line = line.trim();
    if (!line.consume_front(kErrorProgramName))
      line.consume_front("hcl");
    line = line.drop_while([](char c) { return c == ':' || c == ' '; });
    line = line.take_front(line.find("  Try:"));
    line = line.take_front(line.find(": See:"));
    line = line.rtrim(" !.");
    if (line.empty())
      continue;
    errs() << (line.starts_with("Did you mean") ? "hcl: note: "
                                                : "hcl: error: ")
           << line << "\n";
  }
  errs() << "hcl: note: see 'hcl " << subcommand
         << (subcommand.empty() ? "" : " ") << "--help' for the options\n";
}

/// Whether the command line asks for help or the version, which print the
/// program name as such.
static bool asksForHelp(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    StringRef arg = StringRef(argv[i]).ltrim('-');
    if (arg.starts_with("help") || arg == "version" ||
        arg.starts_with("print-options") || arg.starts_with("print-all"))
      return true;
  }
  return false;
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  if (reportUnknownSubcommand(argc, argv))
    return 1;
  std::string parseErrors;
  raw_string_ostream parseErrorStream(parseErrors);
  std::vector<char *> arguments(argv, argv + argc);
  std::string errorName = kErrorProgramName.str();
  if (!asksForHelp(argc, argv))
    arguments[0] = errorName.data();
  bool parsed = cl::ParseCommandLineOptions(
      argc, arguments.data(),
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
      "  (every command that reads FILE.mlir also reads FILE.onnx)\n",
      &parseErrorStream);
  if (!parsed) {
    reportParseErrors(parseErrors,
                      argc > 1 && argv[1][0] != '-' ? argv[1] : "");
    return 1;
  }
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
