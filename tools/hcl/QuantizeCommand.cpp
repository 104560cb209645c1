//===- QuantizeCommand.cpp - `hcl quantize`: post-training quantization ---===//
//
//   hcl quantize FILE.onnx --calibrate DIR [--bits 8] [--holdout N] -o q.mlir
//
// As VitisAI's quantizer does, with hcl's data-type customizations: the
// float model runs on the calibration inputs (files of DIR, .npy or .pb, one
// per sample) and every activation's largest magnitude is recorded; each
// gets a symmetric power-of-two fixed-point format (fixed_format_for), the
// weights become fixed-point constants, and the activations are stored in
// their formats with hcl.quantize (round to nearest, saturate). The last
// files of DIR are held back: the quantized program runs on them next to
// the float one and the output error is reported.
//
//===----------------------------------------------------------------------===//

#include "Subcommands.h"

#include "CompiledText.h"
#include "LoadedProgram.h"
#include "OnnxInput.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Runtime/Npy.h"
#include "hcl/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace hcl::driver {

cl::SubCommand
    quantizeSubcommand("quantize",
                       "quantize an ONNX model to fixed point after training");

static cl::opt<std::string> modelFile(cl::Positional, cl::Required,
                                      cl::desc("FILE.onnx"),
                                      cl::sub(quantizeSubcommand));
static cl::opt<std::string> calibrationDir(
    "calibrate",
    cl::desc("a directory of input samples (.npy or .pb, one file each)"),
    cl::value_desc("DIR"), cl::sub(quantizeSubcommand));
static cl::opt<unsigned> bits("bits", cl::desc("bits per value (default 8)"),
                              cl::init(8), cl::sub(quantizeSubcommand));
static cl::opt<unsigned> holdout(
    "holdout",
    cl::desc("samples held back to measure the error (default: a fifth, "
             "at least 1)"),
    cl::sub(quantizeSubcommand));
static cl::opt<std::string> method(
    "method",
    cl::desc("how activation formats are chosen: mse (default: the least "
             "squared error over the calibration values) or max (cover the "
             "largest magnitude)"),
    cl::init("mse"), cl::sub(quantizeSubcommand));
static cl::opt<std::string> outputFile("o", cl::desc("the quantized program"),
                                       cl::value_desc("FILE.mlir"),
                                       cl::sub(quantizeSubcommand));

namespace {

Expected<std::vector<HostArray>> readSamples(StringRef dir) {
  std::vector<std::string> paths;
  std::error_code ec;
  for (sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (StringRef(it->path()).ends_with(".npy") || isOnnxTensorPath(it->path()))
      paths.push_back(it->path());
  if (ec)
    return createStringError("cannot read '" + dir + "': " + ec.message());
  std::sort(paths.begin(), paths.end());
  std::vector<HostArray> samples;
  for (const std::string &path : paths) {
    Expected<HostArray> array =
        isOnnxTensorPath(path) ? readOnnxTensor(path) : readNpy(path);
    if (!array)
      return array.takeError();
    samples.push_back(std::move(*array));
  }
  return samples;
}

Expected<std::unique_ptr<CompiledText>> compileOrFail(const std::string &text,
                                                      StringRef what) {
  std::string error;
  std::unique_ptr<CompiledText> compiled = CompiledText::compile(text, error);
  if (!compiled)
    return createStringError(what + ": " + error);
  return compiled;
}

/// Runs `program` on one sample; the sample takes the input's shape (a
/// rank-0 or otherwise differently shaped file with the same count works).
Expected<std::vector<HostArray>> runOn(JitProgram &program,
                                       const HostArray &sample) {
  std::vector<HostArray> arguments = program.makeArguments();
  if (arguments.size() != 1)
    return createStringError("hcl quantize handles models with one input; "
                             "this one has " +
                             Twine(arguments.size()));
  HostArray input = sample;
  if (!input.reshape(arguments[0].shape()))
    return createStringError("a sample of shape " + input.shapeString() +
                             " does not fit the input " +
                             arguments[0].shapeString());
  arguments[0] = std::move(input);
  if (llvm::Error error = program.checkArguments(arguments))
    return error;
  std::vector<HostArray> results = program.makeResults();
  if (llvm::Error error = program.run(arguments, results))
    return error;
  return results;
}

double maxAbsOf(const HostArray &array) {
  double m = 0;
  for (int64_t i = 0; i < array.numElements(); ++i)
    m = std::max(m, std::fabs(array.elementAsDouble(i)));
  return m;
}

/// The value `x` takes in `format`: rounded to nearest, saturated (as the
/// quantized stores do).
double quantized(double x, Type format) {
  double scale = std::ldexp(1.0, int(format.frac));
  double hi = std::ldexp(1.0, int(format.bits) - 1);
  return std::clamp(std::round(x * scale), -hi, hi - 1) / scale;
}

/// The format of the observed values of result `index`: the one covering
/// their largest magnitude or, with --method mse, the one among it and up
/// to three more fraction bits (clipping rare large values, as VitisAI's
/// quantizer does) with the least squared error over the calibration set.
Type chooseFormat(const std::vector<std::vector<HostArray>> &observed,
                  size_t index, double maxAbs) {
  Type base = fixed_format_for(maxAbs, bits);
  if (method == "max")
    return base;
  Type best = base;
  double bestError = -1;
  for (unsigned extra = 0; extra <= 3 && base.frac + extra <= bits; ++extra) {
    Type candidate = Fixed(bits, base.frac + extra);
    double error = 0;
    for (const auto &results : observed) {
      const HostArray &a = results[index];
      for (int64_t i = 0; i < a.numElements(); ++i) {
        double x = a.elementAsDouble(i), d = x - quantized(x, candidate);
        error += d * d;
      }
    }
    if (bestError < 0 || error < bestError) {
      best = candidate;
      bestError = error;
    }
  }
  return best;
}

int64_t argmax(const HostArray &array) {
  int64_t best = 0;
  for (int64_t i = 1; i < array.numElements(); ++i)
    if (array.elementAsDouble(i) > array.elementAsDouble(best))
      best = i;
  return best;
}

} // namespace

int quantizeMain() {
  // Checked here, not by cl::Required, whose message is LLVM's own.
  if (calibrationDir.empty())
    return fail("hcl quantize needs --calibrate DIR (a directory of input "
                "samples, .npy or .pb, one file each)");
  if (outputFile.empty())
    return fail("give the quantized program's path with -o FILE.mlir");
  if (method != "mse" && method != "max")
    return fail("--method " + method + ": choose mse or max");
  Expected<OnnxImportOptions> options = importOptionsFromCommandLine();
  if (!options)
    return fail(toString(options.takeError()));
  Expected<std::vector<HostArray>> samples = readSamples(calibrationDir);
  if (!samples)
    return fail(toString(samples.takeError()));
  size_t held = holdout.getNumOccurrences()
                    ? size_t(holdout)
                    : std::max<size_t>(1, samples->size() / 5);
  if (samples->size() < held + 1)
    return fail("'" + calibrationDir + "' holds " + Twine(samples->size()) +
                " samples: need at least " + Twine(held + 1) +
                " (calibration and " + Twine(held) + " held back)");
  size_t calibrationCount = samples->size() - held;

  try {
    // 1. Calibration: the float model with every activation as an output.
    OnnxModel model = import_onnx(modelFile, *options);
    std::vector<std::string> names = quantizable_activations(model);
    size_t outputs = model.outputNames.size();
    auto observing = compileOrFail(
        program_text(observing_schedule(model, names)), "calibration program");
    if (!observing)
      return fail(toString(observing.takeError()));
    std::vector<std::vector<HostArray>> observed;
    std::vector<double> maxAbs(names.size(), 0);
    for (size_t s = 0; s < calibrationCount; ++s) {
      auto results = runOn((*observing)->program(), (*samples)[s]);
      if (!results)
        return fail(toString(results.takeError()));
      for (size_t k = 0; k < names.size(); ++k)
        maxAbs[k] = std::max(maxAbs[k], maxAbsOf((*results)[outputs + k]));
      observed.push_back(std::move(*results));
    }
    std::vector<Type> chosen;
    for (size_t k = 0; k < names.size(); ++k)
      chosen.push_back(chooseFormat(observed, outputs + k, maxAbs[k]));

    // 2. The quantized program: fixed-point weights and activations.
    OnnxImportOptions quantizedOptions = *options;
    quantizedOptions.weightBits = bits;
    OnnxModel quantized = import_onnx(modelFile, quantizedOptions);
    std::map<std::string, unsigned> formats;
    for (size_t k = 0; k < names.size(); ++k) {
      Type format = chosen[k];
      quantized.schedule.quantize(quantized[names[k]], format,
                                  QuantizeMode{true, true});
      ++formats[format.str()];
    }
    std::string text = program_text(quantized.schedule);
    if (llvm::Error error = checkNotAnInput(outputFile, {modelFile.getValue()}))
      return fail(toString(std::move(error)));
    if (llvm::Error error = writeFileAtomically(
            outputFile, "// " + modelFile +
                            " quantized by hcl quantize --bits " +
                            std::to_string(bits.getValue()) + " (" +
                            std::to_string(calibrationCount) +
                            " calibration samples).\n" + text))
      return fail(toString(std::move(error)));

    // 3. The error on the held-back samples.
    auto floatProgram =
        compileOrFail(program_text(model.schedule), "float program");
    if (!floatProgram)
      return fail(toString(floatProgram.takeError()));
    auto fixedProgram = compileOrFail(text, "quantized program");
    if (!fixedProgram)
      return fail(toString(fixedProgram.takeError()));
    double maxError = 0, sumError = 0, maxValue = 0;
    int64_t count = 0, agree = 0;
    std::set<int64_t> classes; // the float model's top-1 answers
    for (size_t s = calibrationCount; s < samples->size(); ++s) {
      auto expected = runOn((*floatProgram)->program(), (*samples)[s]);
      if (!expected)
        return fail(toString(expected.takeError()));
      auto actual = runOn((*fixedProgram)->program(), (*samples)[s]);
      if (!actual)
        return fail(toString(actual.takeError()));
      const HostArray &e = (*expected)[0], &a = (*actual)[0];
      for (int64_t i = 0; i < e.numElements(); ++i) {
        double d = std::fabs(a.elementAsDouble(i) - e.elementAsDouble(i));
        maxError = std::max(maxError, d);
        sumError += d;
        maxValue = std::max(maxValue, std::fabs(e.elementAsDouble(i)));
        ++count;
      }
      agree += argmax(e) == argmax(a);
      classes.insert(argmax(e));
    }

    outs() << "hcl quantize: " << bits << "-bit weights and " << names.size()
           << " activations (";
    bool first = true;
    for (auto &[format, n] : formats) {
      outs() << (first ? "" : ", ") << n << " x " << format;
      first = false;
    }
    outs() << "), calibrated on " << calibrationCount << " samples\n"
           << "held-back samples: " << held << "; top-1 agreement " << agree
           << "/" << held << format(" (%.1f%%)", 100.0 * agree / held)
           << ", the float model's top-1 takes " << classes.size()
           << " distinct values\n"
           << format("output error: max %.6g, mean %.6g (largest float output "
                     "%.6g)\n",
                     maxError, sumError / std::max<int64_t>(count, 1), maxValue)
           << "wrote " << outputFile << "\n";
  } catch (const hcl::Error &error) {
    return fail(modelFile + ": " + error.what());
  }
  return 0;
}

} // namespace hcl::driver
