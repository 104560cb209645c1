//===- ImportCommand.cpp - `hcl import`: an ONNX model as an hcl program --===//

#include "Subcommands.h"

#include "DefaultDesign.h"
#include "DriverPipeline.h"
#include "LoadedProgram.h"
#include "OnnxInput.h"

#include "hcl/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcl::driver {

cl::SubCommand importSubcommand("import",
                                "import an ONNX model as an hcl program");

static cl::opt<std::string> modelFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.onnx"),
                                      cl::sub(importSubcommand));
static cl::opt<std::string> outputFile("o", cl::desc("write the MLIR here"),
                                       cl::value_desc("FILE.mlir"),
                                       cl::init("-"),
                                       cl::sub(importSubcommand));

/// The imported program, with the default schedule written into it under
/// --schedule=auto (loaded as every command loads a model, then printed).
/// A failure has been reported where it happened.
static FailureOr<std::string> importedText(const OnnxImportOptions &options) {
  if (failed(checkScheduleOption()))
    return failure();
  if (!defaultScheduleRequested()) {
    Expected<std::string> text = importOnnxText(modelFile, options);
    if (!text) {
      fail(toString(text.takeError()));
      return failure();
    }
    return std::move(*text);
  }
  std::unique_ptr<LoadedProgram> program = LoadedProgram::load(modelFile);
  if (!program)
    return failure();
  std::string text;
  raw_string_ostream os(text);
  program->module().print(os);
  return text;
}

int importMain() {
  if (!isOnnxPath(modelFile))
    return fail("hcl import reads .onnx models, not '" + modelFile + "'");
  Expected<OnnxImportOptions> options = importOptionsFromCommandLine();
  if (!options)
    return fail(toString(options.takeError()));
  reportDefaultDesign();
  FailureOr<std::string> text = importedText(*options);
  if (failed(text))
    return 1;
  std::string program = "// Imported from " + modelFile + " by hcl import" +
                        (defaultScheduleRequested() ? " --schedule=auto" : "") +
                        ".\n" + *text;
  if (outputFile == "-") {
    outs() << program;
    return 0;
  }
  if (Error error = checkNotAnInput(outputFile, {modelFile.getValue()}))
    return fail(toString(std::move(error)));
  if (Error error = writeFileAtomically(outputFile, program))
    return fail(toString(std::move(error)));
  return 0;
}

} // namespace hcl::driver
