//===- hcl.cpp - the hcl user driver --------------------------------------===//
//
//   hcl run FILE.mlir [--entry NAME] [--input A.npy]... [--random-inputs SEED]
//                     [--input-range [NAME=]LO,HI]... [--output-dir DIR]
//                     [--repeat N] [--check-bounds] [--threads N]
//   hcl check FILE.mlir [--entry NAME] [--seeds N] [--check-bounds] [--threads
//   N]
//                       [--input-range [NAME=]LO,HI]...
//   ... (hls, bambu, estimate, rtl, tune, import, onnx-test, quantize: see
//   `hcl --help`; each subcommand's options are in its own file)
//
//===----------------------------------------------------------------------===//

#include "SlurmCommand.h"
#include "Subcommands.h"
#include "hcl/Support/PassManagerOptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/InitLLVM.h"

#include "llvm/Support/raw_ostream.h"
#include <csignal>

#include <algorithm>

using namespace llvm;

/// LLVM's option parser writes "PROGRAM: for the --repeat option: '-1' value
/// invalid ..." straight to stderr; with this as the program name that is
/// hcl's "hcl: error: for the --repeat option: ...".
static constexpr StringLiteral kErrorProgramName = "hcl: error";

static constexpr StringLiteral kTitle =
    "hcl: an MLIR compiler for accelerator design";
static constexpr StringLiteral kCommands =
    "\n\n"
    "  hcl run FILE.mlir          JIT-compile a program and run it on the CPU\n"
    "  hcl check FILE.mlir        compare it with its schedule against it "
    "without\n"
    "                             (--hls: its HLS C++, compiled with g++, "
    "against the JIT)\n"
    "  hcl hls FILE.mlir -o DIR   write a Vitis HLS project\n"
    "  hcl bambu FILE.mlir -o DIR write a PandA-Bambu C project\n"
    "  hcl estimate FILE.mlir     estimate IIs, latency and resources\n"
    "  hcl rtl FILE.mlir -o DIR   write a kernel as SystemVerilog\n"
    "  hcl tune FILE.mlir -o OUT.mlir   choose a schedule with the "
    "estimator\n"
    "  hcl import FILE.onnx -o FILE.mlir   an ONNX model as an hcl program\n"
    "  hcl onnx-test DIR...       run ONNX backend tests with the JIT\n"
    "  hcl quantize FILE.onnx --calibrate DIR -o q.mlir   fixed point\n"
    "  (every command that reads FILE.mlir also reads FILE.onnx)\n\n"
    "  hcl SUBCOMMAND --help lists its options; --help-hidden, LLVM's too.\n";

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

/// The subcommand named `name`, or null.
static cl::SubCommand *findSubcommand(StringRef name) {
  for (cl::SubCommand *sub : cl::getRegisteredSubcommands())
    if (!name.empty() && sub->getName() == name)
      return sub;
  return nullptr;
}

/// What a subcommand's input is ("FILE.mlir or FILE.onnx"), from its first
/// positional argument.
static std::string describeInput(cl::SubCommand *sub) {
  if (!sub || sub->PositionalOpts.empty() ||
      sub->PositionalOpts.front()->HelpStr.empty())
    return "an input file";
  return sub->PositionalOpts.front()->HelpStr.str();
}

/// LLVM's message about a missing input in hcl's words ("hcl check needs
/// FILE.mlir or FILE.onnx"), "" for its second line (dropped), other lines
/// unchanged. (Required options are checked by the subcommands: LLVM prints
/// that message itself.)
static std::string reword(StringRef line, StringRef subcommand) {
  if (line.starts_with("Must specify at least"))
    return "";
  if (line.starts_with("Not enough positional command line arguments"))
    return ("hcl " + subcommand + " needs ").str() +
           describeInput(findSubcommand(subcommand));
  return line.str();
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
    std::string text = reword(line, subcommand);
    if (text.empty())
      continue;
    errs() << (line.starts_with("Did you mean") ? "hcl: note: "
                                                : "hcl: error: ")
           << text << "\n";
  }
  errs() << "hcl: note: see 'hcl " << subcommand
         << (subcommand.empty() ? "" : " ") << "--help' for the options\n";
}

/// Whether `name` is one of the options every subcommand has (--help and
/// its variants, --version).
static bool isGenericOption(StringRef name) {
  return name.starts_with("help") || name == "version" ||
         name.starts_with("print-options") || name.starts_with("print-all");
}

/// hcl's own options belong to its subcommands (each declared with
/// cl::sub; the ONNX import's, --shape and --weights-as-inputs, with
/// cl::sub(SubCommand::getAll())); the top level holds the hundreds of
/// options LLVM and MLIR register for themselves. Hidden, they still work
/// and --help-hidden lists them.
static void hideLibraryOptions() {
  for (auto &[name, option] :
       cl::getRegisteredOptions(cl::SubCommand::getTopLevel()))
    if (!isGenericOption(name) &&
        !option->Subs.contains(&cl::SubCommand::getAll()) &&
        option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
}

static void printVersion(raw_ostream &os) {
  os << "hcl " << HCL_VERSION << "\nbuilt with LLVM " << LLVM_VERSION_STRING
     << "\n";
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
  // A file size limit (ulimit -f) sends SIGXFSZ, for which InitLLVM's
  // handler prints a stack dump: ignored, the write fails with EFBIG and is
  // reported like a full disk (writeFileAtomically).
  signal(SIGXFSZ, SIG_IGN);
  if (reportUnknownSubcommand(argc, argv))
    return 1;
  hcl::driver::setDriverArguments(argc, argv);
  std::string parseErrors;
  raw_string_ostream parseErrorStream(parseErrors);
  std::vector<char *> arguments(argv, argv + argc);
  std::string errorName = kErrorProgramName.str();
  if (!asksForHelp(argc, argv))
    arguments[0] = errorName.data();
  hcl::registerPassManagerOptions();
  hideLibraryOptions();
  cl::SetVersionPrinter(printVersion);
  // The list of commands on `hcl --help`; a subcommand's help shows its own.
  std::string overview = kTitle.str();
  overview += argc < 2 || !findSubcommand(argv[1]) ? kCommands : "\n";
  bool parsed = cl::ParseCommandLineOptions(argc, arguments.data(), overview,
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
  if (hcl::driver::tuneSubcommand)
    return hcl::driver::tuneMain();
  if (hcl::driver::importSubcommand)
    return hcl::driver::importMain();
  if (hcl::driver::quantizeSubcommand)
    return hcl::driver::quantizeMain();
  if (hcl::driver::onnxTestSubcommand)
    return hcl::driver::onnxTestMain();
  errs() << "hcl: error: no subcommand given (try 'hcl run FILE.mlir', 'hcl "
            "check FILE.mlir', 'hcl hls FILE.mlir -o DIR', 'hcl rtl FILE.mlir "
            "-o DIR', or "
            "'hcl --help')\n";
  return 1;
}
