//===- JitProgram.cpp - run an hcl program on the CPU ---------------------===//

#include "hcl/Runtime/JitProgram.h"
#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Runtime/AllocationFill.h"
#include "hcl/Runtime/BoundsTrap.h"
#include "hcl/Runtime/DivisionChecks.h"
#include "hcl/Support/PassManagerOptions.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Operator.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace mlir;

namespace hcl {

JitProgram::~JitProgram() = default;

static std::vector<HostArray> makeArrays(const std::vector<ValueSpec> &specs) {
  std::vector<HostArray> arrays;
  for (const ValueSpec &spec : specs)
    arrays.emplace_back(spec.kind, spec.shape, spec.integerBits,
                        spec.isUnsigned);
  return arrays;
}

std::vector<HostArray> JitProgram::makeArguments() const {
  return makeArrays(types.arguments);
}

std::vector<HostArray> JitProgram::makeResults() const {
  return makeArrays(types.results);
}

static std::string describe(ElementKind kind,
                            const std::vector<int64_t> &shape) {
  std::string text = elementName(kind).str() + " of shape (";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

llvm::Error
JitProgram::checkArguments(const std::vector<HostArray> &arguments) const {
  if (arguments.size() != types.arguments.size())
    return llvm::createStringError(
        "@" + entry + " takes " + std::to_string(types.arguments.size()) +
        " arguments, " + std::to_string(arguments.size()) + " were given");
  for (size_t i = 0; i < arguments.size(); ++i) {
    const ValueSpec &spec = types.arguments[i];
    const HostArray &array = arguments[i];
    if (array.kind() == spec.kind && array.shape() == spec.shape &&
        (spec.kind != ElementKind::Wide ||
         array.wideBits() == spec.integerBits))
      continue;
    return llvm::createStringError(
        "argument " + std::to_string(i) + " of @" + entry + " (" +
        spec.typeString + ") expects " + describe(spec.kind, spec.shape) +
        ", got " + describe(array.kind(), array.shape()));
  }
  return llvm::Error::success();
}

static std::optional<uint64_t> byteSize(const ValueSpec &spec) {
  return checkedByteSize(spec.kind, spec.shape, spec.integerBits);
}

static std::string gib(uint64_t bytes) {
  char text[32];
  snprintf(text, sizeof(text), "%.1f GiB", double(bytes) / (1ull << 30));
  return text;
}

llvm::Error checkHostMemory(const EntrySignature &signature,
                            llvm::StringRef entry) {
  uint64_t total = 0, limit = hostMemoryBytes();
  auto check = [&](const std::vector<ValueSpec> &specs,
                   llvm::StringRef what) -> llvm::Error {
    for (size_t i = 0; i < specs.size(); ++i) {
      std::string name = (what + " " + llvm::Twine(i) + " of @" + entry + " (" +
                          specs[i].typeString + ")")
                             .str();
      std::optional<uint64_t> bytes = byteSize(specs[i]);
      if (!bytes)
        return llvm::createStringError(
            name +
            " is too large: its size in bytes overflows a 64-bit integer");
      if (*bytes > limit)
        return llvm::createStringError(
            name + " needs " + std::to_string(*bytes) + " bytes (" +
            gib(*bytes) + "), more than this machine's memory (" + gib(limit) +
            "): every argument and result is a host array "
            "during a run");
      if (__builtin_add_overflow(total, *bytes, &total) || total > limit)
        return llvm::createStringError(
            name + " needs " + std::to_string(*bytes) + " bytes (" +
            gib(*bytes) +
            "); with the arguments and results before it that "
            "is more than this machine's memory (" +
            gib(limit) + ")");
    }
    return llvm::Error::success();
  };
  if (llvm::Error error = check(signature.arguments, "argument"))
    return error;
  return check(signature.results, "result");
}

/// Guards every access not proven in bounds (--hcl-insert-bounds-checks)
/// and returns what each check site guards.
static FailureOr<std::vector<std::string>>
insertBoundsChecks(ModuleOp module, const JitOptions &jitOptions) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  pm.addPass(createInsertBoundsChecks());
  if (failed(pm.run(module)))
    return failure();
  std::vector<std::string> sites;
  if (auto attr = module->getAttrOfType<ArrayAttr>(kBoundsSitesAttrName))
    for (Attribute site : attr)
      sites.push_back(cast<StringAttr>(site).str());
  return sites;
}

/// The machine the code is optimized and generated for: the host's CPU
/// with all its features, or `cpu` with the features it implies.
static FailureOr<std::unique_ptr<llvm::TargetMachine>>
makeTargetMachine(const std::string &cpu, ModuleOp module) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return module.emitError("cannot describe the host CPU: ")
           << llvm::toString(builder.takeError());
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = builder->createTargetMachine();
  if (!machine)
    return module.emitError("cannot create a target machine: ")
           << llvm::toString(machine.takeError());
  if (cpu.empty())
    return std::move(*machine);
  // Checked on the host's machine first: LLVM only warns about an unknown
  // CPU and compiles for a generic one.
  if (!(*machine)->getMCSubtargetInfo()->isCPUStringValid(cpu))
    return module.emitError("unknown CPU '")
           << cpu << "' for " << (*machine)->getTargetTriple().str()
           << " (LLVM's names: skylake-avx512, znver4, x86-64-v3, generic, "
              "...)";
  builder->setCPU(cpu);
  builder->getFeatures() = llvm::SubtargetFeatures();
  machine = builder->createTargetMachine();
  if (!machine)
    return module.emitError("cannot create a target machine for '")
           << cpu << "': " << llvm::toString(machine.takeError());
  return std::move(*machine);
}

/// Tells every function which CPU it runs on (the JIT's code generator reads
/// the attributes, so a chosen CPU applies there too) and, with `contract`,
/// lets LLVM fuse floating-point multiplies and adds.
static void prepareForTarget(llvm::Module &llvmModule,
                             const llvm::TargetMachine &machine,
                             bool contract) {
  for (llvm::Function &function : llvmModule) {
    if (function.isDeclaration())
      continue;
    function.addFnAttr("target-cpu", machine.getTargetCPU());
    function.addFnAttr("target-features", machine.getTargetFeatureString());
    if (!contract)
      continue;
    for (llvm::Instruction &instruction : llvm::instructions(function))
      if (llvm::isa<llvm::FPMathOperator>(instruction))
        instruction.setHasAllowContract(true);
  }
}

/// Whether the lowered module has parallel regions (omp operations).
static bool usesOpenMP(ModuleOp module) {
  return module
      ->walk([](Operation *op) {
        return isa<omp::OpenMPDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether the process, or the OpenMP runtime the JIT loads for parallel
/// loops (omp_get_thread_num, ...), defines `name`.
static bool processDefines(StringRef name) {
  using llvm::sys::DynamicLibrary;
  // The run-time checks' handlers, which the JIT registers itself.
  if (name == kBoundsViolationFunction || name == kDivisionFaultFunction ||
      name == kFillByteGlobal)
    return true;
  DynamicLibrary::LoadLibraryPermanently(nullptr);
  if (DynamicLibrary::SearchForAddressOfSymbol(name.str()))
    return true;
  llvm::StringRef openMPRuntime = HCL_LIBOMP_PATH;
  return !openMPRuntime.empty() &&
         !DynamicLibrary::LoadLibraryPermanently(openMPRuntime.str().c_str()) &&
         DynamicLibrary::SearchForAddressOfSymbol(name.str());
}

/// A function called without a body must come from this process (libm's
/// functions, say): otherwise the JIT fails at the lookup, naming symbols
/// but no line of the program.
static LogicalResult checkCalleesDefined(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func.isExternal() || func.symbolKnownUseEmpty(module) ||
        processDefines(func.getSymName()))
      continue;
    return func.emitError("@")
           << func.getSymName()
           << " is called but has no body, and no library of this process "
              "defines it: give it a body to run the program";
  }
  return success();
}

FailureOr<std::unique_ptr<JitProgram>>
JitProgram::compile(ModuleOp module, func::FuncOp entry,
                    const JitOptions &jitOptions) {
  if (jitOptions.threads > JitOptions::kMaxThreads)
    return entry.emitError("cannot run parallel loops on ")
           << jitOptions.threads << " threads: at most "
           << JitOptions::kMaxThreads;
  FailureOr<EntrySignature> signature = describeEntry(entry);
  if (failed(signature))
    return failure();
  if (llvm::Error error = checkHostMemory(*signature, entry.getSymName()))
    return entry.emitError(llvm::toString(std::move(error)));

  OwningOpRef<ModuleOp> lowered = module.clone();
  // The signature has read the results' signedness. Left on, `hcl.unsigned`
  // would sit on the memref descriptor struct a lone result becomes in LLVM,
  // which its verifier rejects.
  for (auto func : lowered->getOps<func::FuncOp>())
    for (unsigned i = 0; i < func.getNumResults(); ++i)
      func.removeResultAttr(
          i, StringAttr::get(module.getContext(), kUnsignedAttrName));
  std::vector<std::string> sites;
  if (jitOptions.checkBounds) {
    FailureOr<std::vector<std::string>> inserted =
        insertBoundsChecks(*lowered, jitOptions);
    if (failed(inserted))
      return failure();
    sites = std::move(*inserted);
  }
  // Argument names served the check messages; LLVM has no use for them.
  for (auto func : lowered->getOps<func::FuncOp>())
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      func.removeArgAttr(
          i, StringAttr::get(module.getContext(), kArgNameAttrName));
  if (failed(checkCalleesDefined(*lowered)))
    return failure();
  auto clonedEntry = lowered->lookupSymbol<func::FuncOp>(entry.getSymName());
  addEntryWrapper(*lowered, clonedEntry);
  if (jitOptions.checkDivision)
    tagDivisions(*lowered);
  PassManager pm(module.getContext());
  if (failed(applyPassManagerOptions(pm)))
    return failure();
  LowerToLLVMOptions lowering;
  // A bounds violation jumps back to the thread that called the program
  // (BoundsTrap.cpp), which a worker thread cannot do: a program with checks
  // runs its parallel loops on that thread. One whose accesses are all
  // proven in range has none and keeps its threads.
  lowering.openMP = sites.empty();
  lowering.numThreads = jitOptions.threads;
  buildLowerToLLVMPipeline(pm, lowering);
  if (failed(pm.run(*lowered)))
    return failure();
  std::vector<std::string> divisionSites;
  if (jitOptions.checkDivision)
    divisionSites = insertDivisionChecks(*lowered);
  if (jitOptions.fillAllocations)
    insertAllocationFills(*lowered);

  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      makeTargetMachine(jitOptions.cpu, module);
  if (failed(machine))
    return failure();
  std::unique_ptr<JitProgram> program(new JitProgram());
  program->machine = std::move(*machine);
  llvm::TargetMachine *target = program->machine.get();
  program->optimize = [target, contract = jitOptions.fpContract,
                       optimize = makeOptimizingTransformer(
                           /*optLevel=*/3, /*sizeLevel=*/0, target)](
                          llvm::Module *llvmModule) -> llvm::Error {
    prepareForTarget(*llvmModule, *target, contract);
    return optimize(llvmModule);
  };
  ExecutionEngineOptions options;
  options.transformer = program->optimize;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.enableObjectDump = jitOptions.keepObject;
  // The perf listener writes a jitdump file into ~/.debug/jit (or
  // /tmp/.debug/jit) on every compilation: a directory left behind per run,
  // and on a full disk "LLVM ERROR: IO failure" before the program ran.
  // Profiling with perf asks for it: HCL_PERF_JITDUMP=1.
  options.enablePerfNotificationListener =
      getenv("HCL_PERF_JITDUMP") != nullptr;
  // Parallel loops call the OpenMP runtime (__kmpc_fork_call, ...): libomp,
  // found when hcl was configured, is loaded only for programs that have them.
  llvm::StringRef openMPRuntime = HCL_LIBOMP_PATH;
  if (usesOpenMP(*lowered))
    options.sharedLibPaths = openMPRuntime;
  auto engine = ExecutionEngine::create(*lowered, options);
  if (!engine)
    return module.emitError("JIT compilation failed: ")
           << llvm::toString(engine.takeError());

  // The checks' runtime functions live in this process.
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner(kBoundsViolationFunction)] = {
        llvm::orc::ExecutorAddr::fromPtr(boundsViolationHandlerAddress()),
        llvm::JITSymbolFlags::Exported};
    symbols[interner(kDivisionFaultFunction)] = {
        llvm::orc::ExecutorAddr::fromPtr(divisionFaultHandlerAddress()),
        llvm::JITSymbolFlags::Exported};
    symbols[interner(kFillByteGlobal)] = {
        llvm::orc::ExecutorAddr::fromPtr(fillByteAddress()),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });

  program->boundsSites = std::move(sites);
  program->divisionSites = std::move(divisionSites);
  program->entry = entry.getSymName().str();
  program->types = std::move(*signature);
  program->engine = std::move(*engine);
  auto function = program->engine->lookupPacked(kEntryWrapperName);
  if (!function)
    return module.emitError("JIT compilation failed: ")
           << llvm::toString(function.takeError());
  program->function = *function;
  return program;
}

void JitProgram::writeObject(llvm::StringRef path) {
  engine->dumpToObjectFile(path);
}

namespace {
/// The expanded LLVM arguments of one memref: allocated and aligned pointer,
/// offset, sizes, strides (row-major).
/// Kept inline (no heap allocation) up to rank 6: a call's overhead is
/// mostly such bookkeeping.
struct MemRefDescriptor {
  llvm::SmallVector<int64_t, 15> fields;

  MemRefDescriptor(void *data, const std::vector<int64_t> &shape) {
    int64_t address = reinterpret_cast<int64_t>(data);
    size_t rank = shape.size();
    fields.resize(3 + 2 * rank);
    fields[0] = fields[1] = address;
    fields[2] = 0;
    int64_t stride = 1;
    for (size_t i = rank; i-- > 0;) {
      fields[3 + i] = shape[i];
      fields[3 + rank + i] = stride;
      stride *= shape[i];
    }
  }
};
} // namespace

/// An i12 lives in a 2-byte slot. LLVM stores it zero-extended and may
/// assume that when it loads one, so values go in masked to their width;
/// they come back sign-extended from the width (zero-extended for unsigned
/// kinds: `hcl.unsigned` arguments and `!hcl.UFixed` bits).
static void normalizeWidth(HostArray &array, const ValueSpec &spec,
                           bool forProgram) {
  unsigned bits = spec.integerBits;
  if (array.kind() == ElementKind::Wide) {
    // LLVM reads an iN's padding as what its own store leaves (zeros), so
    // the bits above N go in cleared; wideToBytes extends them on the way out.
    if (!forProgram)
      return;
    size_t size = array.elementBytes(), used = (bits + 7) / 8;
    uint8_t topMask = uint8_t(0xFF >> (8 * used - bits));
    for (int64_t i = 0; i < array.numElements(); ++i) {
      uint8_t *element = array.as<uint8_t>() + i * size;
      element[used - 1] &= topMask;
      std::memset(element + used, 0, size - used);
    }
    return;
  }
  if (bits == 0 || array.kind() == ElementKind::I1 || bits == 8 || bits == 16 ||
      bits == 32 || bits >= 64)
    return;
  auto extend = [&](auto *elements) {
    using T = std::remove_pointer_t<decltype(elements)>;
    using U = std::make_unsigned_t<T>;
    U mask = (U(1) << bits) - 1;
    for (int64_t i = 0; i < array.numElements(); ++i) {
      U v = U(elements[i]) & mask;
      if (!forProgram && !isUnsigned(array.kind()) && (v >> (bits - 1)))
        v |= ~mask;
      elements[i] = T(v);
    }
  };
  switch (array.kind()) {
  case ElementKind::I8:
  case ElementKind::U8:
    return extend(array.as<int8_t>());
  case ElementKind::I16:
  case ElementKind::U16:
    return extend(array.as<int16_t>());
  case ElementKind::I32:
  case ElementKind::U32:
    return extend(array.as<int32_t>());
  default:
    return extend(array.as<int64_t>());
  }
}

llvm::Error JitProgram::run(std::vector<HostArray> &arguments,
                            std::vector<HostArray> &results) {
  if (llvm::Error error = checkArguments(arguments))
    return error;
  if (results.size() != types.results.size())
    return llvm::createStringError("result buffers do not match @" + entry);
  // Descriptors must stay put while `packed` points into them.
  llvm::SmallVector<MemRefDescriptor, 4> descriptors;
  descriptors.reserve(arguments.size() + results.size());
  llvm::SmallVector<void *, 32> packed;
  auto passMemRef = [&](HostArray &array) {
    descriptors.emplace_back(array.data(), array.shape());
    for (int64_t &field : descriptors.back().fields)
      packed.push_back(&field);
  };
  for (size_t i = 0; i < arguments.size(); ++i) {
    normalizeWidth(arguments[i], types.arguments[i], /*forProgram=*/true);
    if (types.arguments[i].isMemRef)
      passMemRef(arguments[i]);
    else
      packed.push_back(arguments[i].data());
  }
  for (HostArray &result : results)
    passMemRef(result); // scalar results travel as memref<T>
  clearDivisionFault();
  // The program's prints (C's stdout) come between what the driver wrote
  // before the run and after it (llvm::outs(), another buffer on fd 1).
  llvm::outs().flush();
  std::optional<std::string> violation =
      callCatchingBoundsViolations(function, packed.data(), boundsSites);
  std::fflush(stdout);
  if (violation)
    return llvm::createStringError("out-of-bounds access: " + *violation);
  // The guarded division divided by 1 and the run went on: its outputs
  // are not the program's.
  if (std::optional<DivisionFault> fault = takeDivisionFault())
    return makeDivisionFaultError(*fault, divisionSites);
  for (size_t i = 0; i < arguments.size(); ++i)
    normalizeWidth(arguments[i], types.arguments[i], /*forProgram=*/false);
  for (size_t i = 0; i < results.size(); ++i)
    normalizeWidth(results[i], types.results[i], /*forProgram=*/false);
  return llvm::Error::success();
}

} // namespace hcl
