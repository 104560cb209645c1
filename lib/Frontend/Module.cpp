//===- Module.cpp - lowering and building hcl programs --------------------===//
//
// lower() and build() parse the text EmitMLIR writes, apply the schedule
// with --hcl-apply-customizations, and (build) JIT-compile it with the
// runtime hcl run uses. Compiler diagnostics become hcl::Error messages
// quoting the operation they are about.
//
//===----------------------------------------------------------------------===//

#include "AppliedModule.h"
#include "ArrayStorage.h"
#include "DefaultSchedule.h"
#include "EmitMLIR.h"
#include "LargeStack.h"
#include "Nodes.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Frontend/Module.h"
#include "hcl/InitHCL.h"
#include "hcl/Runtime/JitProgram.h"
#include "hcl/Target/HLSProject.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

using namespace mlir;

namespace hcl {

namespace detail {

static std::string lineOf(const std::string &text, unsigned number) {
  size_t start = 0;
  for (unsigned i = 1; i < number && start != std::string::npos; ++i)
    start = text.find('\n', start) == std::string::npos
                ? std::string::npos
                : text.find('\n', start) + 1;
  if (start == std::string::npos)
    return "";
  std::string line = text.substr(start, text.find('\n', start) - start);
  return line.substr(line.find_first_not_of(' '));
}

/// "'placeholder0' (made by hcl.placeholder at k.py:3, ...".
std::string describeUnnamed(std::string message,
                            const std::vector<Tensor> &inputs) {
  for (const Tensor &input : inputs) {
    if (!input.node()->unnamed || !input.node()->location.known())
      continue;
    std::string name = "'" + input.name() + "' (";
    std::string description = name + "made by " +
                              spelling("hcl::placeholder", "hcl.placeholder") +
                              " at " + input.node()->location.str() + ", ";
    for (size_t at = message.find(name); at != std::string::npos;
         at = message.find(name, at + description.size()))
      message.replace(at, name.size(), description);
  }
  return message;
}

/// The user's line a location carries (the front end writes them, passes
/// copy or fuse them): a file:line:col whose file is not the text the
/// front end wrote, which is parsed without a name.
static FileLineColLoc userLine(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    auto fileLoc = dyn_cast<FileLineColLoc>(inner);
    if (!fileLoc || fileLoc.getFilename().getValue().empty())
      return WalkResult::advance();
    found = fileLoc;
    return WalkResult::interrupt();
  });
  return found;
}

DiagnosticCollector::DiagnosticCollector(MLIRContext &context,
                                         const std::string &text)
    : handler(&context, [this, &text](Diagnostic &diag) {
        if (diag.getSeverity() != DiagnosticSeverity::Error)
          return success();
        std::string message = describeUnnamed(diag.str(), inputs);
        Location loc = diag.getLocation();
        std::string call;
        if (auto named = dyn_cast<NameLoc>(loc))
          call = " (in " + named.getName().str() + ")";
        if (FileLineColLoc user = userLine(loc))
          message = user.getFilename().str() + ":" +
                    std::to_string(user.getLine()) + ": error: " + message +
                    call;
        else if (!call.empty())
          message += call;
        else if (auto at = dyn_cast<FileLineColLoc>(loc))
          message += "\n  at: " + lineOf(text, at.getLine());
        messages += (messages.empty() ? "" : "\n") + message;
        return success();
      }) {}

void DiagnosticCollector::describe(const std::vector<Tensor> &inputs) {
  this->inputs = inputs;
}

namespace {

/// The type `input` is stored in once the schedule's quantize / downsize
/// commands are applied (the last one wins).
Type storedType(const detail::ScheduleImpl &schedule, const Tensor &input) {
  Type type = input.dtype();
  for (const Command &command : schedule.commands)
    if ((command.kind == CommandKind::Quantize ||
         command.kind == CommandKind::Downsize) &&
        command.tensor == input.node())
      type = command.dtype;
  return type;
}

} // namespace

std::unique_ptr<ModuleImpl> parseAndApply(const Schedule &schedule, bool apply,
                                          const char *what) {
  auto impl = std::make_unique<detail::ModuleImpl>();
  DialectRegistry registry;
  registerHCLDialects(registry);
  impl->context.appendDialectRegistry(registry);
  impl->context.loadAllAvailableDialects();
  impl->context.printOpOnDiagnostic(false);
  impl->text = emitMLIR(*schedule.impl());
  DiagnosticCollector diagnostics(impl->context, impl->text);
  diagnostics.describe(schedule.inputs());
  impl->module = parseSourceString<ModuleOp>(impl->text, &impl->context);
  if (!impl->module)
    throwError(std::string(what) +
               ": hcl wrote MLIR it cannot parse (a bug "
               "in the front end):\n" +
               diagnostics.str());
  if (failed(writeDefaultScheduleIfAsked(*schedule.impl(), *impl->module)))
    throwError(
        std::string(what) +
        ": the default schedule cannot be written: " + diagnostics.str());
  if (apply && failed(applySchedule(*impl->module)))
    throwError(std::string(what) +
               ": the schedule cannot be applied: " + diagnostics.str());
  impl->inputs = schedule.inputs();
  for (const Tensor &input : impl->inputs)
    impl->inputTypes.push_back(storedType(*schedule.impl(), input));
  for (const Tensor &output : schedule.outputs())
    impl->outputNames.push_back(output.name());
  return impl;
}

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

} // namespace detail

using detail::DiagnosticCollector;
using detail::parseAndApply;
using detail::print;

// The entry points below run on a large stack (LargeStack.h): writing,
// parsing and compiling a deep expression recurse along it.

std::string lower(const Schedule &schedule, bool applySchedule) {
  return detail::onLargeStack([&] {
    if (!applySchedule)
      return detail::scheduledProgramText(*schedule.impl());
    return print(*parseAndApply(schedule, true, "lower")->module);
  });
}

static JitOptions jitOptionsOf(const BuildOptions &options) {
  JitOptions jitOptions;
  jitOptions.checkBounds = options.checkBounds;
  jitOptions.fpContract = options.fpContract;
  jitOptions.cpu = options.cpu;
  jitOptions.threads = options.threads;
  return jitOptions;
}

static Module buildWhole(const Schedule &schedule,
                         const BuildOptions &options) {
  auto start = std::chrono::steady_clock::now();
  std::shared_ptr<detail::ModuleImpl> impl =
      parseAndApply(schedule, true, "build");
  impl->text = print(*impl->module);
  DiagnosticCollector diagnostics(impl->context, impl->text);
  diagnostics.describe(impl->inputs);
  ModuleOp module = *impl->module;
  auto entry = module.lookupSymbol<func::FuncOp>("top");
  // Bounds-check messages name the tensors as the program does.
  for (size_t i = 0; i < impl->inputs.size() && i < entry.getNumArguments();
       ++i)
    entry.setArgAttr(
        i, kArgNameAttrName,
        StringAttr::get(module.getContext(), impl->inputs[i].name()));
  FailureOr<std::unique_ptr<JitProgram>> program =
      JitProgram::compile(module, entry, jitOptionsOf(options));
  if (failed(program))
    throwError("build: " + diagnostics.str());
  impl->program = std::move(*program);
  impl->compileMs = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  return Module(impl);
}

Module build(const Schedule &schedule, const BuildOptions &options) {
  return detail::onLargeStack([&] { return buildWhole(schedule, options); });
}

/// One function of a built program as a module of its own: its own context
/// and JIT, so several compile at once.
static std::shared_ptr<detail::ModuleImpl>
compileFunction(const std::string &text, const std::string &function,
                const BuildOptions &options) {
  auto start = std::chrono::steady_clock::now();
  auto sub = std::make_shared<detail::ModuleImpl>();
  DialectRegistry registry;
  registerHCLDialects(registry);
  sub->context.appendDialectRegistry(registry);
  sub->context.loadAllAvailableDialects();
  sub->context.printOpOnDiagnostic(false);
  sub->text = text;
  DiagnosticCollector diagnostics(sub->context, sub->text);
  sub->module = parseSourceString<ModuleOp>(sub->text, &sub->context);
  auto entry =
      sub->module ? sub->module->lookupSymbol<func::FuncOp>(function) : nullptr;
  if (!entry)
    throwError("build: the program has no function @" + function +
               " (outline makes Stage_<stage names>)");
  FailureOr<std::unique_ptr<JitProgram>> program =
      JitProgram::compile(*sub->module, entry, jitOptionsOf(options));
  if (failed(program))
    throwError("build: @" + function + ": " + diagnostics.str());
  sub->program = std::move(*program);
  sub->compileMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  return sub;
}

Module build(const Schedule &schedule, const std::vector<Function> &top,
             unsigned jobs, const BuildOptions &options) {
  Module whole = build(schedule, options);
  std::vector<std::shared_ptr<detail::ModuleImpl>> subs(top.size());
  std::vector<std::string> errors(top.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < top.size();) {
      try {
        subs[i] = detail::onLargeStack([&] {
          return compileFunction(whole.mlir(), top[i].name, options);
        });
      } catch (const Error &e) {
        errors[i] = e.what();
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::max(1u, jobs); ++t)
    threads.emplace_back(worker);
  worker();
  for (std::thread &thread : threads)
    thread.join();
  for (const std::string &error : errors)
    if (!error.empty())
      throwError(error);
  for (auto &sub : subs)
    whole.modules.push_back(Module(sub));
  return whole;
}

static void buildHLSProject(const Schedule &schedule,
                            const std::string &projectDir,
                            const HLSTarget &target) {
  std::unique_ptr<detail::ModuleImpl> impl =
      parseAndApply(schedule, true, "build_hls");
  impl->text = print(*impl->module);
  DiagnosticCollector diagnostics(impl->context, impl->text);
  diagnostics.describe(impl->inputs);
  ModuleOp module = *impl->module;
  HLSProjectOptions options;
  options.part = target.part;
  options.clockNs = target.clockNs;
  options.device = target.device;
  if (failed(writeHLSProject(module, module.lookupSymbol<func::FuncOp>("top"),
                             projectDir, options)))
    throwError("build_hls: " + diagnostics.str());
}

static void buildHLSProjects(const Schedule &schedule, const std::string &dir,
                             const std::string &top, const HLSTarget &target,
                             unsigned jobs) {
  std::unique_ptr<detail::ModuleImpl> impl =
      parseAndApply(schedule, true, "build_hls");
  impl->text = print(*impl->module);
  DiagnosticCollector diagnostics(impl->context, impl->text);
  diagnostics.describe(impl->inputs);
  ModuleOp module = *impl->module;
  llvm::Expected<SmallVector<func::FuncOp>> selected =
      selectHLSTops(module, top);
  if (!selected)
    throwError("build_hls: top '" + top +
               "': " + llvm::toString(selected.takeError()) +
               " (outline makes Stage_<stage names>)");
  HLSProjectOptions options;
  options.part = target.part;
  options.clockNs = target.clockNs;
  if (failed(writeHLSProjects(module, *selected, dir, options,
                              std::max(1u, jobs))))
    throwError("build_hls: " + diagnostics.str());
}

void build_hls(const Schedule &schedule, const std::string &projectDir,
               const HLSTarget &target) {
  detail::onLargeStack([&] { buildHLSProject(schedule, projectDir, target); });
}

void build_hls(const Schedule &schedule, const std::string &dir,
               const std::string &top, const HLSTarget &target, unsigned jobs) {
  detail::onLargeStack(
      [&] { buildHLSProjects(schedule, dir, top, target, jobs); });
}

void build_hls(const Schedule &schedule, const std::string &dir,
               const std::vector<Function> &top, const HLSTarget &target,
               unsigned jobs) {
  if (top.empty())
    throwError("build_hls: no function given (outline returns them)");
  std::string names;
  for (const Function &function : top)
    names += (names.empty() ? "" : ",") + function.name;
  build_hls(schedule, dir, names, target, jobs);
}

Module::Module(std::shared_ptr<detail::ModuleImpl> impl)
    : impl(std::move(impl)) {}
const std::string &Module::mlir() const { return impl->text; }
double Module::compileMilliseconds() const { return impl->compileMs; }

/// Whether an output array of `array`'s type may receive a result of
/// `spec`'s: integers of one width and the other signedness. It receives
/// the result's bits, which is the value converted to its own type (C's
/// modular conversion), as HeteroCL stores into such an array.
static bool receivesOtherSignedness(const Array &array, const ValueSpec &spec) {
  Type type = array.dtype();
  return type.isInteger() && spec.fixedFrac < 0 && spec.integerBits != 0 &&
         type.bits == spec.integerBits &&
         type.isUnsigned() != spec.isUnsigned &&
         elementSize(array.storage()->host.kind()) == elementSize(spec.kind);
}

/// Checks that `array` can be passed where the signature's `spec` is (a
/// schedule may have reshaped it: same elements, row-major). `what` names
/// the array; it is only called to write an error.
template <typename Describe>
static void checkArray(const Array &array, const ValueSpec &spec, bool isOutput,
                       Describe what) {
  const HostArray &host = array.storage()->host;
  if (host.kind() == spec.kind && host.shape() == spec.shape)
    return; // the common case, without computing anything
  int64_t expectedElements = 1;
  for (int64_t d : spec.shape)
    expectedElements *= d;
  if (host.kind() != spec.kind &&
      !(isOutput && receivesOtherSignedness(array, spec)))
    throwError(what() + ": expected " + spec.typeString + ", got an array of " +
               array.dtype().str());
  if (host.numElements() != expectedElements)
    throwError(what() + ": expected " + spec.typeString + ", got shape " +
               host.shapeString());
}

// A call checks and lends the arrays without building strings or sets:
// error messages are written only when there is an error, and the buffers
// are moved, not copied, in and out of the program's argument list.
void Module::call(const std::vector<Array *> &arrays) {
  const EntrySignature &signature = impl->program->signature();
  size_t inputs = signature.arguments.size(),
         outputs = signature.results.size();
  if (arrays.size() != inputs + outputs)
    throwError("module @top takes " + std::to_string(inputs) + " input and " +
               std::to_string(outputs) + " output arrays, got " +
               std::to_string(arrays.size()));
  for (size_t i = 0; i < arrays.size(); ++i) {
    bool isInput = i < inputs;
    auto what = [&] {
      return !isInput                  ? "output " + std::to_string(i - inputs)
             : i < impl->inputs.size() ? "input " + std::to_string(i) + " ('" +
                                             impl->inputs[i].name() + "')"
                                       : "argument " + std::to_string(i);
    };
    if (isInput && i < impl->inputs.size() &&
        arrays[i]->dtype() != impl->inputTypes[i])
      throwError(what() + ": expected " + impl->inputTypes[i].str() + ", got " +
                 arrays[i]->dtype().str());
    checkArray(*arrays[i],
               isInput ? signature.arguments[i] : signature.results[i - inputs],
               !isInput, what);
    for (size_t j = 0; j < i; ++j)
      if (arrays[j]->storage() == arrays[i]->storage())
        throwError(what() + ": the same array is passed twice");
  }
  // The arrays' buffers are lent to the program for the call, not copied.
  std::vector<HostArray> arguments, results;
  arguments.reserve(inputs);
  results.reserve(outputs);
  auto reshaped = [&](size_t i) -> const std::vector<int64_t> & {
    return i < inputs ? signature.arguments[i].shape
                      : signature.results[i - inputs].shape;
  };
  std::vector<std::pair<size_t, std::vector<int64_t>>> shapes;
  std::vector<std::pair<size_t, ElementKind>> kinds;
  for (size_t i = 0; i < arrays.size(); ++i) {
    HostArray &host = arrays[i]->storage()->host;
    if (host.shape() != reshaped(i)) {
      shapes.emplace_back(i, host.shape());
      host.reshape(reshaped(i));
    }
    if (i >= inputs && host.kind() != signature.results[i - inputs].kind) {
      kinds.emplace_back(i, host.kind());
      host.reinterpret(signature.results[i - inputs].kind);
    }
    (i < inputs ? arguments : results).push_back(std::move(host));
  }
  llvm::Error error = impl->program->run(arguments, results);
  for (size_t i = 0; i < arrays.size(); ++i)
    arrays[i]->storage()->host =
        std::move(i < inputs ? arguments[i] : results[i - inputs]);
  for (auto &[i, shape] : shapes)
    arrays[i]->storage()->host.reshape(std::move(shape));
  for (auto &[i, kind] : kinds)
    arrays[i]->storage()->host.reinterpret(kind);
  if (error) {
    // An unnamed input is described by where it was made.
    std::string message =
        detail::describeUnnamed(llvm::toString(std::move(error)), impl->inputs);
    throwError("module @top: " + message);
  }
}

} // namespace hcl
