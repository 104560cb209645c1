//===- OnnxTestCommand.cpp - `hcl onnx-test`: ONNX's backend tests --------===//
//
//   hcl onnx-test DIR... [--expected-passes FILE] [--write-passes FILE]
//
// Each test directory holds model.onnx and test_data_set_N/{input,output}_K.pb
// (ONNX's backend test data, Debian's libonnx-testdata). A test is imported
// with its inputs known (so shape operands fold), JIT-compiled and run on
// every data set; outputs are compared as ONNX's runner does: integers
// exactly, floats with rtol 1e-3, atol 1e-7, NaN and infinities only with
// themselves (bfloat16 outputs within one bfloat16 ulp: closeAsBFloat16).
// Each test runs in a child process, so a crash or a hang is
// reported, not fatal. The exit code is 1 when a test does not pass; with
// --expected-passes, only when a listed test does not pass (a regression
// check over test suites hcl supports only in part).
//
//===----------------------------------------------------------------------===//

#include "Subcommands.h"

#include "CompiledText.h"
#include "LoadedProgram.h"
#include "OnnxInput.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Runtime/HalfFloat.h"
#include "hcl/Runtime/JitProgram.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace hcl::driver {

cl::SubCommand
    onnxTestSubcommand("onnx-test",
                       "run ONNX backend test directories with the JIT");

static cl::list<std::string> testDirs(cl::Positional, cl::OneOrMore,
                                      cl::desc("DIR..."),
                                      cl::sub(onnxTestSubcommand));
static cl::opt<std::string> expectedPasses(
    "expected-passes",
    cl::desc("fail only when a test listed in FILE does not pass (without "
             "it, any test that does not pass fails the run)"),
    cl::value_desc("FILE"), cl::sub(onnxTestSubcommand));
static cl::opt<std::string>
    writePasses("write-passes", cl::desc("write the passing tests to FILE"),
                cl::value_desc("FILE"), cl::sub(onnxTestSubcommand));
static cl::opt<unsigned>
    timeoutSeconds("timeout", cl::desc("seconds per test (default 120)"),
                   cl::init(120), cl::sub(onnxTestSubcommand));
static cl::opt<bool> quiet("quiet", cl::desc("print only the summary"),
                           cl::sub(onnxTestSubcommand));

namespace {

enum class Outcome { Pass, Fail, Unsupported, Error };
const char *outcomeName(Outcome o) {
  static const char *names[] = {"pass", "fail", "unsupported", "error"};
  return names[static_cast<int>(o)];
}

struct Result {
  Outcome outcome;
  std::string reason;
};

/// The tests under `dir`: itself when it holds model.onnx, else its
/// subdirectories that do, sorted.
std::vector<std::string> findTests(StringRef dir) {
  SmallString<256> model(dir);
  sys::path::append(model, "model.onnx");
  if (sys::fs::exists(model))
    return {dir.str()};
  std::vector<std::string> tests;
  std::error_code ec;
  for (sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    SmallString<256> sub(it->path());
    sys::path::append(sub, "model.onnx");
    if (sys::fs::exists(sub))
      tests.push_back(it->path());
  }
  std::sort(tests.begin(), tests.end());
  return tests;
}

/// "node/test_abs" for .../node/test_abs.
std::string testName(StringRef dir) {
  StringRef clean = dir.rtrim('/');
  StringRef leaf = sys::path::filename(clean);
  StringRef parent = sys::path::filename(sys::path::parent_path(clean));
  return (parent + "/" + leaf).str();
}

std::vector<std::string> dataSets(StringRef dir) {
  std::vector<std::string> sets;
  for (int k = 0;; ++k) {
    SmallString<256> set(dir);
    sys::path::append(set, "test_data_set_" + std::to_string(k));
    if (!sys::fs::is_directory(set))
      break;
    sets.push_back(set.str().str());
  }
  return sets;
}

std::vector<OnnxTensor> readTensors(StringRef set, StringRef prefix) {
  std::vector<OnnxTensor> tensors;
  for (int k = 0;; ++k) {
    SmallString<256> path(set);
    sys::path::append(path, prefix + std::to_string(k) + ".pb");
    if (!sys::fs::exists(path))
      break;
    tensors.push_back(read_onnx_tensor(path.str().str()));
  }
  return tensors;
}

/// numpy.testing.assert_allclose(actual, expected, rtol=1e-3, atol=1e-7),
/// as ONNX's runner calls it: NaN matches only NaN, an infinity only the
/// same infinity (the tolerance, itself infinite there, would accept any
/// finite value), everything else within the tolerance.
bool closeAsOnnxRunner(double actual, double expected) {
  if (std::isnan(actual) || std::isnan(expected))
    return std::isnan(actual) && std::isnan(expected);
  if (std::isinf(actual) || std::isinf(expected))
    return actual == expected;
  return std::fabs(actual - expected) <= 1e-7 + 1e-3 * std::fabs(expected);
}

/// bfloat16 outputs: within one bfloat16 unit in the last place. ONNX
/// 1.12's test data truncates float to bfloat16 (test_cast_FLOAT_to_BFLOAT16
/// keeps the high 16 bits), where Cast's specification and later ONNX data
/// round to nearest, ties to even, as hcl does; a bfloat16 ulp (2^-8
/// relative) is wider than rtol 1e-3.
bool closeAsBFloat16(double actual, double expected) {
  if (std::isnan(actual) || std::isnan(expected) || std::isinf(actual) ||
      std::isinf(expected) || std::signbit(actual) != std::signbit(expected))
    return closeAsOnnxRunner(actual, expected);
  int a = bfloat16Bits(actual) & 0x7FFF, e = bfloat16Bits(expected) & 0x7FFF;
  return std::abs(a - e) <= 1;
}

/// ONNX's comparison: integers exactly, floats as closeAsOnnxRunner.
std::string compare(const HostArray &actual, const OnnxTensor &expected,
                    size_t index) {
  std::string what = "output " + std::to_string(index);
  if (actual.numElements() != expected.size())
    return what + ": " + std::to_string(actual.numElements()) +
           " elements, expected " + std::to_string(expected.size());
  // A bfloat16 output the data stores as UINT16 bits (as its inputs).
  bool bfloatBits =
      actual.kind() == ElementKind::BF16 && expected.dtype == UInt(16);
  for (int64_t i = 0; i < expected.size(); ++i) {
    if (bfloatBits) {
      double a = actual.elementAsDouble(i),
             e = bfloat16Value(uint16_t(expected.ints[i]));
      if (!closeAsBFloat16(a, e))
        return what + "[" + std::to_string(i) + "] = " + std::to_string(a) +
               ", expected " + std::to_string(e);
    } else if (expected.dtype.isFloat()) {
      double a = actual.elementAsDouble(i), e = expected.floats[i];
      if (expected.dtype.isBFloat() ? !closeAsBFloat16(a, e)
                                    : !closeAsOnnxRunner(a, e))
        return what + "[" + std::to_string(i) + "] = " + std::to_string(a) +
               ", expected " + std::to_string(e);
    } else {
      int64_t a = actual.elementAsInt(i), e = expected.ints[i];
      if (expected.dtype == UInt(1))
        a = a != 0;
      if (a != e)
        return what + "[" + std::to_string(i) + "] = " + std::to_string(a) +
               ", expected " + std::to_string(e);
    }
  }
  return "";
}

/// Imports, compiles and runs one test (in the child process).
Result runTest(const std::string &dir) {
  std::vector<std::string> sets = dataSets(dir);
  if (sets.empty())
    return {Outcome::Error, "no test_data_set_0"};
  std::vector<OnnxTensor> inputs, outputs;
  try {
    inputs = readTensors(sets[0], "input_");
    outputs = readTensors(sets[0], "output_");
  } catch (const hcl::Error &e) {
    // A sequence's or an optional's data reads as a nonsensical tensor;
    // the model's own types say what it is.
    try {
      (void)import_onnx(dir + "/model.onnx", OnnxImportOptions());
    } catch (const hcl::Error &modelError) {
      return {Outcome::Unsupported, modelError.what()};
    }
    return {Outcome::Unsupported, e.what()};
  }
  OnnxImportOptions options;
  // The test's inputs are given, as `hcl run --input` gives them: an
  // operator that needs a value at import time takes it, everything else
  // reads the input at run time.
  for (const OnnxTensor &t : inputs)
    if (!t.name.empty()) {
      options.knownInputs[t.name] = t;
      options.shapes[t.name] = t.shape;
    }
  std::string text;
  std::vector<std::string> inputNames;
  std::vector<OnnxModel::EmptyOutput> emptyOutputs;
  try {
    OnnxModel model = import_onnx(dir + "/model.onnx", options);
    text = program_text(model.schedule);
    inputNames = model.inputNames;
    emptyOutputs = model.emptyOutputs;
  } catch (const hcl::Error &e) {
    return {Outcome::Unsupported, e.what()};
  }

  std::string compileError;
  std::unique_ptr<CompiledText> compiled =
      CompiledText::compile(text, compileError);
  if (!compiled)
    return {Outcome::Error, compileError};
  JitProgram *program = &compiled->program();

  for (const std::string &set : sets) {
    try {
      inputs = readTensors(set, "input_");
      outputs = readTensors(set, "output_");
    } catch (const hcl::Error &e) {
      return {Outcome::Unsupported, e.what()};
    }
    std::vector<HostArray> arguments;
    for (size_t k = 0; k < inputNames.size(); ++k) {
      const OnnxTensor *found = nullptr;
      for (const OnnxTensor &t : inputs)
        if (t.name == inputNames[k])
          found = &t;
      if (!found && k < inputs.size() && inputs[k].name.empty())
        found = &inputs[k];
      if (!found)
        return {Outcome::Error, "no data for input '" + inputNames[k] + "'"};
      arguments.push_back(hostArrayFrom(*found));
    }
    // ONNX 1.12's data stores bfloat16 tensors as UINT16 (NumPy has no
    // bfloat16): their values are the bits, as `hcl run` takes them.
    std::vector<HostArray> declared = program->makeArguments();
    for (size_t k = 0; k < arguments.size() && k < declared.size(); ++k)
      if (declared[k].kind() == ElementKind::BF16 &&
          arguments[k].kind() == ElementKind::U16)
        arguments[k].reinterpret(ElementKind::BF16);
    if (llvm::Error error = program->checkArguments(arguments))
      return {Outcome::Error, toString(std::move(error))};
    // Outputs with no elements are not the program's: their shapes are
    // compared here, and the other outputs with the program's results.
    // Erasing from the back keeps the positions still to come valid.
    for (auto e = emptyOutputs.rbegin(); e != emptyOutputs.rend(); ++e) {
      if (e->position >= outputs.size())
        return {Outcome::Error,
                "the test has no output " + std::to_string(e->position)};
      if (outputs[e->position].shape != e->shape)
        return {Outcome::Fail, sys::path::filename(set).str() + ": output " +
                                   std::to_string(e->position) + " has shape " +
                                   shapeString(e->shape) +
                                   ", the test expects " +
                                   shapeString(outputs[e->position].shape)};
      outputs.erase(outputs.begin() + e->position);
    }
    std::vector<HostArray> results = program->makeResults();
    if (results.size() != outputs.size())
      return {Outcome::Error, std::to_string(results.size()) +
                                  " results, the test expects " +
                                  std::to_string(outputs.size())};
    if (llvm::Error error = program->run(arguments, results))
      return {Outcome::Error, toString(std::move(error))};
    for (size_t k = 0; k < outputs.size(); ++k) {
      std::string mismatch = compare(results[k], outputs[k], k);
      if (!mismatch.empty())
        return {Outcome::Fail,
                sys::path::filename(set).str() + ": " + mismatch};
    }
  }
  return {Outcome::Pass, ""};
}

/// Runs the test in a child process with a time limit.
Result runIsolated(const std::string &dir) {
  int fds[2];
  if (pipe(fds) != 0)
    return {Outcome::Error, "pipe() failed"};
  fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0)
    return {Outcome::Error, "fork() failed"};
  if (pid == 0) {
    close(fds[0]);
    alarm(timeoutSeconds);
    Result r = runTest(dir);
    std::string line =
        std::to_string(static_cast<int>(r.outcome)) + " " + r.reason;
    for (char &c : line)
      if (c == '\n')
        c = ' ';
    ssize_t written = write(fds[1], line.data(), line.size());
    (void)written;
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string message;
  char buffer[4096];
  ssize_t n;
  while ((n = read(fds[0], buffer, sizeof buffer)) > 0)
    message.append(buffer, size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status))
    return {Outcome::Error,
            WTERMSIG(status) == SIGALRM
                ? "timed out after " + std::to_string(timeoutSeconds) + " s"
                : "crashed with signal " + std::to_string(WTERMSIG(status))};
  if (message.empty())
    return {Outcome::Error, "the test process ended without a result"};
  int code = message[0] - '0';
  return {static_cast<Outcome>(code),
          message.size() > 2 ? message.substr(2) : ""};
}

/// The part of a reason that names its cause, for the summary's counts:
/// "operator X is not supported" and the like, without node names.
std::string causeOf(const Result &r) {
  std::string reason = r.reason;
  size_t node = reason.find("): ");
  if (reason.rfind("node '", 0) == 0 && node != std::string::npos) {
    size_t open = reason.find(" (");
    std::string op = reason.substr(open + 2, node - open - 2);
    reason = op + ": " + reason.substr(node + 3);
  }
  if (r.outcome == Outcome::Fail)
    return "wrong values";
  // A test data file hcl cannot read: the file's path is not the cause.
  size_t path = reason.find("': ");
  if (reason.rfind("'", 0) == 0 && path != std::string::npos)
    reason = "test data: " + reason.substr(path + 3);
  return reason.substr(0, 90);
}

} // namespace

int onnxTestMain() {
  std::vector<std::string> tests;
  for (const std::string &dir : testDirs)
    for (std::string &t : findTests(dir))
      tests.push_back(std::move(t));
  if (tests.empty())
    return fail("no ONNX test directories (with model.onnx) found");
  std::map<Outcome, int> counts;
  std::map<std::string, int> causes;
  std::set<std::string> passed;
  for (const std::string &dir : tests) {
    Result r = runIsolated(dir);
    ++counts[r.outcome];
    std::string name = testName(dir);
    if (r.outcome == Outcome::Pass)
      passed.insert(name);
    else
      ++causes[std::string(outcomeName(r.outcome)) + ": " + causeOf(r)];
    if (!quiet)
      outs() << left_justify(outcomeName(r.outcome), 12) << name
             << (r.reason.empty() ? "" : "  " + r.reason) << "\n";
    outs().flush();
  }
  outs() << "\n"
         << tests.size() << " tests: " << counts[Outcome::Pass] << " pass, "
         << counts[Outcome::Fail] << " fail, " << counts[Outcome::Unsupported]
         << " unsupported, " << counts[Outcome::Error] << " error\n";
  std::vector<std::pair<int, std::string>> byCount;
  for (auto &[cause, n] : causes)
    byCount.push_back({-n, cause});
  std::sort(byCount.begin(), byCount.end());
  for (auto &[n, cause] : byCount)
    outs() << format("%5d  ", -n) << cause << "\n";

  if (!writePasses.empty()) {
    std::ofstream out(writePasses);
    for (const std::string &name : passed)
      out << name << "\n";
  }
  int notPassed = int(tests.size()) - counts[Outcome::Pass];
  if (expectedPasses.empty()) {
    // Every test was asked for: one that does not pass is a failed run.
    if (notPassed)
      return fail(Twine(notPassed) + " of " + Twine(tests.size()) +
                  " tests did not pass");
    return 0;
  }
  // A regression check: the listed tests must pass; the others are what
  // hcl does not support yet, counted above and allowed.
  std::ifstream in(expectedPasses);
  if (!in)
    return fail("cannot read '" + expectedPasses + "'");
  std::set<std::string> ran, expected;
  for (const std::string &dir : tests)
    ran.insert(testName(dir));
  int regressions = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || !ran.count(line))
      continue;
    expected.insert(line);
    if (!passed.count(line)) {
      errs() << "hcl: error: " << line << " passed before and does not now\n";
      ++regressions;
    }
  }
  int newPasses = 0;
  for (const std::string &name : passed)
    newPasses += !expected.count(name);
  outs() << expected.size() << " tests expected to pass (" << expectedPasses
         << "): " << (expected.size() - regressions) << " pass; "
         << (notPassed - regressions)
         << " other tests do not pass, which --expected-passes allows";
  if (newPasses)
    outs() << "; " << newPasses
           << " pass that the list does not name (--write-passes)";
  outs() << "\n";
  if (regressions)
    return fail(Twine(regressions) + " expected passes regressed");
  return 0;
}

} // namespace hcl::driver
