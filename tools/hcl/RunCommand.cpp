//===- RunCommand.cpp - `hcl run`: JIT a program and run it ---------------===//

#include "Subcommands.h"

#include "CpuOptions.h"
#include "InputRanges.h"
#include "LoadedProgram.h"
#include "OnnxInput.h"
#include "RunFailure.h"

#include "hcl/Runtime/CrashMessage.h"
#include "hcl/Runtime/FixedPointIO.h"
#include "hcl/Runtime/JitProgram.h"
#include "hcl/Runtime/Npy.h"
#include "hcl/Runtime/RandomFill.h"
#include "hcl/Runtime/WideLayout.h"
#include "hcl/Support/OutputFile.h"
#include "hcl/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

namespace hcl::driver {

cl::SubCommand runSubcommand("run",
                             "JIT-compile a program and run it on the CPU");

static cl::opt<std::string> inputFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.mlir or FILE.onnx"),
                                      cl::sub(runSubcommand));
static cl::opt<std::string> entryName("entry", cl::desc("function to run"),
                                      cl::value_desc("NAME"),
                                      cl::sub(runSubcommand));
static cl::list<std::string>
    inputArrays("input",
                cl::desc("one .npy file (or ONNX .pb tensor) per argument, "
                         "in order"),
                cl::value_desc("PATH.npy"), cl::sub(runSubcommand));
static cl::opt<uint64_t>
    randomSeed("random-inputs",
               cl::desc("fill every argument with deterministic random "
                        "values from SEED"),
               cl::value_desc("SEED"), cl::sub(runSubcommand));
static cl::opt<std::string>
    outputDir("output-dir", cl::desc("write argN.npy and resultN.npy into DIR"),
              cl::value_desc("DIR"), cl::sub(runSubcommand));
static cl::opt<bool> fixedAsFloat(
    "fixed-as-float",
    cl::desc("read and write fixed-point arguments and results as float64 "
             "values (quantized on the way in) instead of their bits"),
    cl::sub(runSubcommand));
static cl::opt<unsigned> repeat("repeat",
                                cl::desc("run N times, report the median"),
                                cl::value_desc("N"), cl::init(1),
                                cl::sub(runSubcommand));

static cl::opt<bool> checkBounds(
    "check-bounds",
    cl::desc("check at run time every access not proven in bounds; stop at "
             "the first out-of-bounds index, naming the tensor, index and "
             "stage (parallel loops then run on one thread)"),
    cl::sub(runSubcommand));

static cl::list<std::string> inputRanges(
    "input-range",
    cl::desc("with --random-inputs: draw from LO..HI (integers) or [LO, HI) "
             "(floats); NAME=LO,HI for one argument (argN, N or its name)"),
    cl::value_desc("[NAME=]LO,HI"), cl::sub(runSubcommand));

/// A shape as NumPy prints it: (4,), (2, 3).
static std::string shapeTuple(ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

/// The arguments given as 0-d arrays, which are written back as such.
static std::vector<bool> givenAsScalar;

/// The argument arrays from --input files or --random-inputs.
/// The positions of the arguments that `fileCount` --input files give:
/// every argument, or, when the files are fewer, those without values of
/// their own (givenArguments).
static std::vector<size_t> argumentsFromFiles(size_t argumentCount,
                                              size_t fileCount) {
  std::vector<size_t> positions;
  for (size_t i = 0; i < argumentCount; ++i)
    if (fileCount == argumentCount ||
        !llvm::any_of(givenArguments(),
                      [&](const auto &given) { return given.first == i; }))
      positions.push_back(i);
  return positions;
}

static Expected<std::vector<HostArray>>
prepareArguments(JitProgram &program, LoadedProgram &loaded) {
  std::vector<HostArray> arguments = program.makeArguments();
  bool random = randomSeed.getNumOccurrences() > 0;
  if (random && !inputArrays.empty())
    return createStringError("give either --input files or --random-inputs, "
                             "not both");
  if (!random && !inputRanges.empty())
    return createStringError("--input-range draws random inputs: give "
                             "--random-inputs SEED too");
  if (random) {
    auto ranges = resolveInputRanges(
        inputRanges, loaded.argumentNames(program.entryName()), arguments);
    if (!ranges)
      return ranges.takeError();
    fillArguments(arguments, randomSeed, *ranges);
    return arguments;
  }
  const auto &specs = program.signature().arguments;
  // An ONNX model's empty inputs were read by the import, not arguments.
  std::vector<std::string> files;
  for (size_t i = 0; i < inputArrays.size(); ++i)
    if (!loaded.isOnnxImportOnlyInput(i))
      files.push_back(inputArrays[i]);
  if (files.size() > specs.size())
    return createStringError("@" + program.entryName() + " takes " +
                             Twine(specs.size()) + " arguments, but " +
                             Twine(files.size()) + " --input files were given");
  // An ONNX model's weights read over m_axi are arguments the model gives
  // values for: the files are then the graph's inputs only.
  std::vector<size_t> fromFiles =
      argumentsFromFiles(specs.size(), files.size());
  if (files.size() < fromFiles.size())
    return createStringError(
        "missing input for argument " + Twine(files.size()) + " (" +
        specs[files.size()].typeString + ") of @" + program.entryName() +
        ": give one --input per argument, or --random-inputs SEED");
  fillGivenArguments(arguments);
  for (size_t f = 0; f < files.size(); ++f) {
    size_t i = fromFiles[f];
    Expected<HostArray> array = isOnnxTensorPath(files[f])
                                    ? readOnnxTensor(files[f])
                                    : readNpy(files[f]);
    if (!array)
      return array.takeError();
    // A 0-d array is the one element of a (1,) argument (an ONNX scalar).
    givenAsScalar.resize(specs.size());
    if (array->rank() == 0 && specs[i].shape == std::vector<int64_t>{1}) {
      array->reshape({1});
      givenAsScalar[i] = true;
    }
    // NumPy has no bfloat16: bf16 arguments come as their uint16 bits.
    if (specs[i].kind == ElementKind::BF16 && array->kind() == ElementKind::U16)
      array->reinterpret(ElementKind::BF16);
    if (specs[i].kind == ElementKind::Wide) {
      Expected<HostArray> wide = wideFromBytes(
          *array, specs[i].integerBits, specs[i].isUnsigned, specs[i].shape,
          "argument " + std::to_string(i) + " of @" +
              program.entryName().str() + " (" + specs[i].typeString + ") in " +
              files[f]);
      if (!wide)
        return wide.takeError();
      *array = std::move(*wide);
    }
    if (fixedAsFloat && specs[i].fixedFrac >= 0) {
      // Checked before the values become bits: the argument check after it
      // would name the bits' integer type, not the floats the user gave.
      if (!isFloat(array->kind()) || array->shape() != specs[i].shape)
        return createStringError(
            "argument " + Twine(i) + " of @" + program.entryName() + " (" +
            specs[i].typeString + ") expects float values of shape " +
            shapeTuple(specs[i].shape) + " with --fixed-as-float, got " +
            elementName(array->kind()) + " of shape " +
            shapeTuple(array->shape()) + " in " + files[f]);
      *array = fixedBitsFromFloats(*array, specs[i].kind, specs[i].integerBits,
                                   static_cast<unsigned>(specs[i].fixedFrac));
    }
    arguments[i] = std::move(*array);
  }
  if (Error error = program.checkArguments(arguments))
    return error;
  return arguments;
}

static void printOutput(StringRef name, const HostArray &array) {
  outs() << left_justify(name, 9) << " "
         << left_justify(array.shapeString(), 12) << " "
         << left_justify(elementName(array.kind()), 8)
         << " sum=" << format("%.10g", array.sum())
         << " hash=" << format_hex_no_prefix(array.hash(), 16) << "\n";
}

/// What the host sees of a value: with --fixed-as-float, fixed-point bits
/// become float64 values.
static HostArray shown(const HostArray &array, const ValueSpec &spec) {
  if (spec.kind == ElementKind::Wide)
    return wideToBytes(array);
  if (fixedAsFloat && spec.fixedFrac >= 0)
    return floatsFromFixedBits(array, static_cast<unsigned>(spec.fixedFrac));
  return array;
}

/// DIR/NAME.npy of --output-dir.
static std::string outputPath(const Twine &name) {
  SmallString<128> path(outputDir);
  sys::path::append(path, name + ".npy");
  return path.str().str();
}

/// Refuses, before anything runs, an --output-dir whose files would replace
/// an input: `--input D/arg0.npy --output-dir D` used to lose the input.
static Error checkOutputsSpareInputs(const EntrySignature &signature) {
  std::vector<std::string> inputs(inputArrays.begin(), inputArrays.end());
  inputs.push_back(inputFile);
  for (size_t i = 0; i < signature.arguments.size(); ++i)
    if (signature.arguments[i].isMemRef)
      if (Error error = checkNotAnInput(outputPath("arg" + Twine(i)), inputs))
        return error;
  for (size_t i = 0; i < signature.results.size(); ++i)
    if (Error error = checkNotAnInput(outputPath("result" + Twine(i)), inputs))
      return error;
  return Error::success();
}

static Error writeOutputs(const std::vector<HostArray> &arguments,
                          const std::vector<HostArray> &results,
                          const std::vector<ValueSpec> &argSpecs) {
  if (std::error_code ec = sys::fs::create_directories(outputDir))
    return createStringError("cannot create output directory '" + outputDir +
                             "': " + ec.message());
  // writeNpy writes each file whole or not at all.
  auto write = [&](const Twine &name, const HostArray &array) {
    return writeNpy(outputPath(name), array);
  };
  for (size_t i = 0; i < arguments.size(); ++i)
    if (argSpecs[i].isMemRef)
      if (Error error =
              write("arg" + Twine(i), shown(arguments[i], argSpecs[i])))
        return error;
  for (size_t i = 0; i < results.size(); ++i)
    if (Error error = write("result" + Twine(i), results[i]))
      return error;
  return Error::success();
}

int runMain() {
  if (repeat == 0)
    return fail("--repeat must be at least 1");
  if (std::optional<std::string> error = cpuOptionsError())
    return fail(*error);
  // Compiling covers the schedule, which the program's pass manager applies
  // as it is read.
  auto compileStart = std::chrono::steady_clock::now();
  std::unique_ptr<LoadedProgram> loaded = LoadedProgram::load(
      inputFile,
      [](mlir::OpPassManager &pm, mlir::ModuleOp module) {
        return addCpuScheduleAndApply(inputFile, pm, module);
      },
      inputArrays);
  if (!loaded)
    return 1;
  mlir::ModuleOp module = loaded->module();
  mlir::FailureOr<mlir::func::FuncOp> entry = selectEntry(module, entryName);
  if (mlir::failed(entry))
    return 1;
  JitOptions jitOptions = cpuJitOptions();
  jitOptions.checkBounds = checkBounds;
  mlir::FailureOr<std::unique_ptr<JitProgram>> program =
      JitProgram::compile(module, *entry, jitOptions);
  if (mlir::failed(program))
    return 1;
  double compileMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - compileStart)
                         .count();
  writeObjectIfRequested(**program);
  if (!outputDir.empty())
    if (Error error = checkOutputsSpareInputs((*program)->signature()))
      return fail(toString(std::move(error)));

  Expected<std::vector<HostArray>> prepared =
      prepareArguments(**program, *loaded);
  if (!prepared)
    return fail(toString(prepared.takeError()));

  // A program that writes out of bounds may crash now or, with the heap
  // corrupted, whenever memory is freed later: the message is never
  // uninstalled (deliberately leaked) and covers the rest of the process.
  new CrashMessage("while running @" + (*program)->entryName().str(),
                   checkBounds ? ""
                               : "; an out-of-bounds access? Run again "
                                 "with --check-bounds to find it");
  // Every run starts from the same inputs, so in-place updates do not pile up.
  std::vector<HostArray> arguments, results;
  std::vector<double> timesMs;
  for (unsigned run = 0; run < repeat; ++run) {
    arguments = *prepared;
    results = (*program)->makeResults();
    auto start = std::chrono::steady_clock::now();
    if (Error error = (*program)->run(arguments, results))
      return fail(describeRunFailure(std::move(error), "",
                                     randomSeed.getNumOccurrences() > 0));
    timesMs.push_back(std::chrono::duration<double, std::milli>(
                          std::chrono::steady_clock::now() - start)
                          .count());
  }
  std::sort(timesMs.begin(), timesMs.end());
  for (size_t i = 0; i < results.size(); ++i)
    if (loaded->isOnnxScalarResult(i))
      results[i].reshape({});
  for (size_t i = 0; i < givenAsScalar.size(); ++i)
    if (givenAsScalar[i])
      arguments[i].reshape({});

  const auto &argSpecs = (*program)->signature().arguments;
  outs() << "@" << (*program)->entryName() << ": " << argSpecs.size()
         << " arguments, " << results.size() << " results, compiled in "
         << format("%.1f", compileMs) << " ms\n";
  const auto &resultSpecs = (*program)->signature().results;
  for (size_t i = 0; i < arguments.size(); ++i)
    if (argSpecs[i].isMemRef)
      printOutput("arg" + std::to_string(i), shown(arguments[i], argSpecs[i]));
  std::vector<HostArray> shownResults;
  for (size_t i = 0; i < results.size(); ++i)
    shownResults.push_back(shown(results[i], resultSpecs[i]));
  shownResults = loaded->withOnnxEmptyOutputs(std::move(shownResults));
  for (size_t i = 0; i < shownResults.size(); ++i)
    printOutput("result" + std::to_string(i), shownResults[i]);
  outs() << "time: " << format("%.4f", timesMs[timesMs.size() / 2])
         << " ms (median of " << repeat << " run" << (repeat == 1 ? "" : "s")
         << ")\n";

  if (!outputDir.empty())
    if (Error error = writeOutputs(arguments, shownResults, argSpecs))
      return fail(toString(std::move(error)));
  return 0;
}

} // namespace hcl::driver
