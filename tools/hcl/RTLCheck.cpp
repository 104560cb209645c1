//===- RTLCheck.cpp - `hcl check --rtl`: Verilator against the JIT --------===//
//
// Writes the entry function's module and a Verilator testbench
// (emitVerilatorTestbench) into a directory, builds them with
// `verilator --cc --exe --build` (light C++ optimization: the build, not
// the simulation, dominates), and for each seed writes the JIT's random
// inputs as raw files, runs the simulation until done and compares every
// output with what the JIT computes on the same inputs, bit for bit.
//
//===----------------------------------------------------------------------===//

#include "RTLCheck.h"
#include "InputRanges.h"
#include "LoadedProgram.h"
#include "RtlKernel.h"
#include "RunFailure.h"
#include "RunProgram.h"
#include "SeedReference.h"

#include "hcl/Analysis/Estimate.h"
#include "hcl/Runtime/Compare.h"
#include "hcl/Runtime/CrashMessage.h"
#include "hcl/Support/OutputFile.h"
#include "hcl/Target/RTL.h"
#include "hcl/Target/RTL/FloatUnits.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace hcl::driver {

namespace {

std::string pathIn(StringRef dir, const Twine &file) {
  SmallString<256> path(dir);
  sys::path::append(path, file);
  return path.str().str();
}

/// Writes the module and the testbench and builds them into DIR/obj/Vkernel.
Error buildSimulation(mlir::func::FuncOp entry, StringRef dir) {
  if (mlir::failed(writeRtlFile(entry, pathIn(dir, "kernel.sv"))))
    return createStringError("the module of @" + entry.getSymName() +
                             " was not written");
  std::string testbench;
  raw_string_ostream os(testbench);
  if (mlir::failed(emitVerilatorTestbench(entry, os)))
    return createStringError("the testbench was not written");
  if (Error error = writeFileAtomically(pathIn(dir, "tb.cpp"), testbench))
    return error;
  ErrorOr<std::string> verilator = sys::findProgramByName("verilator");
  if (!verilator)
    return createStringError("verilator is needed for hcl check --rtl "
                             "(apt-get install verilator)");
  std::vector<std::string> arguments = {
      "--cc",
      "--exe",
      "--build",
      "-Wno-fatal",
      "-O0",
      "--top-module",
      rtlModuleName(entry),
      "--prefix",
      "Vkernel",
      "-Mdir",
      "obj",
      "-MAKEFLAGS",
      "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1",
      "kernel.sv",
      "tb.cpp"};
  // The float units writeRtlFile put next to kernel.sv.
  for (const std::string &file : getFloatUnitFilesUsed(entry))
    arguments.push_back(file);
  Expected<std::string> built = runProgram(*verilator, arguments, dir);
  if (!built)
    return createStringError("verilator could not build the simulation: " +
                             toString(built.takeError()));
  return Error::success();
}

/// Writes the inputs of `seed` as DIR/argN.bin.
Error writeInputs(JitProgram &jit, unsigned seed,
                  const std::vector<std::optional<InputRange>> &ranges,
                  StringRef dir) {
  std::vector<HostArray> args = jit.makeArguments();
  if (ranges.empty()) {
    for (size_t i = 0; i < args.size(); ++i)
      fillRandom(args[i], seed, i);
    fillGivenArguments(args); // an ONNX model's weights, as the JIT's
  } else {
    fillArguments(args, seed, ranges);
  }
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef bytes(static_cast<const char *>(args[i].data()),
                    args[i].sizeInBytes());
    if (Error error =
            writeFileAtomically(pathIn(dir, "arg" + Twine(i) + ".bin"), bytes))
      return error;
  }
  return Error::success();
}

/// The width of the elements of `file` (argN or resultN of the prepared
/// `func`); 0 when it is not an integer.
unsigned widthOf(mlir::func::FuncOp func, StringRef file) {
  unsigned index = 0;
  mlir::Type type;
  if (file.consume_front("arg") && !file.getAsInteger(10, index))
    type = kernelArgumentType(func, index);
  else if (file.consume_front("result") && !file.getAsInteger(10, index) &&
           index < func.getNumResults())
    type = func.getResultTypes()[index];
  if (auto memref = llvm::dyn_cast_if_present<mlir::MemRefType>(type))
    type = memref.getElementType();
  if (!type)
    return 0;
  if (type.isIndex())
    return 64;
  return type.isInteger() ? type.getIntOrFloatBitWidth() : 0;
}

/// The simulation writes an element's bits zero-extended to its host
/// container (i12: 2 bytes); the host holds a signed element sign-extended
/// from its width, as the JIT returns it (JitProgram.cpp).
void extendFromWidth(HostArray &array, unsigned bits) {
  auto extend = [&](auto *elements) {
    using T = std::remove_pointer_t<decltype(elements)>;
    using U = std::make_unsigned_t<T>;
    if (bits == 0 || bits >= 8 * sizeof(T))
      return;
    U mask = (U(1) << bits) - 1;
    for (int64_t i = 0; i < array.numElements(); ++i) {
      U v = U(elements[i]) & mask;
      if (!isUnsigned(array.kind()) && (v >> (bits - 1)))
        v |= ~mask;
      elements[i] = T(v);
    }
  };
  switch (array.kind()) {
  case ElementKind::I8:
  case ElementKind::U8:
    return extend(array.as<uint8_t>());
  case ElementKind::I16:
  case ElementKind::U16:
    return extend(array.as<uint16_t>());
  case ElementKind::I32:
  case ElementKind::U32:
    return extend(array.as<uint32_t>());
  case ElementKind::I64:
  case ElementKind::U64:
    return extend(array.as<uint64_t>());
  default:
    return;
  }
}

/// The simulation's `file`.out, as an array like `expected` of `bits`-bit
/// elements.
Expected<HostArray> readOutput(StringRef dir, StringRef file,
                               const HostArray &expected, unsigned bits) {
  std::string path = pathIn(dir, file + ".out");
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
  if (!buffer)
    return createStringError(buffer.getError(), "cannot read " + path);
  HostArray actual(expected.kind(), expected.shape(), expected.wideBits(),
                   expected.wideUnsigned());
  if ((*buffer)->getBufferSize() != actual.sizeInBytes())
    return createStringError(path + " has the wrong size");
  std::memcpy(actual.data(), (*buffer)->getBufferStart(), actual.sizeInBytes());
  extendFromWidth(actual, bits);
  return actual;
}

/// `actual` against `expected` bit for bit: for floats too (the units give
/// the host's exact bits, NaNs' signs and payloads included), not within a
/// tolerance as the other checks compare them.
Comparison compareBits(const HostArray &expected, const HostArray &actual) {
  Comparison comparison = compareArrays(expected, actual, 0.0);
  if (!comparison.equal || !isFloat(expected.kind()))
    return comparison;
  size_t bytes = expected.elementBytes();
  for (int64_t i = 0; i < expected.numElements(); ++i) {
    const char *want = static_cast<const char *>(expected.data()) + i * bytes;
    const char *got = static_cast<const char *>(actual.data()) + i * bytes;
    if (std::memcmp(want, got, bytes) == 0)
      continue;
    uint64_t wantBits = 0, gotBits = 0;
    std::memcpy(&wantBits, want, bytes);
    std::memcpy(&gotBits, got, bytes);
    comparison.equal = false;
    comparison.firstMismatch = "at element " + std::to_string(i) +
                               ": expected the bits 0x" + utohexstr(wantBits) +
                               ", got 0x" + utohexstr(gotBits);
    break;
  }
  return comparison;
}

/// The cycle count the testbench printed.
std::string cyclesOf(StringRef output) {
  size_t at = output.rfind("cycles ");
  if (at == StringRef::npos)
    return "?";
  return output.substr(at + 7).take_while(isDigit).str();
}

/// How many cycles the simulation may run before it counts as hung:
/// `requested` when given, else 64 times the estimator's latency for the
/// RTL target (its worst case when a trip count is unknown) and at least a
/// million, so that a design that deadlocks fails in seconds. `estimate`
/// is set to the estimator's figure when there is one.
uint64_t cycleLimit(mlir::func::FuncOp function, uint64_t requested,
                    std::optional<int64_t> &estimate) {
  std::string error;
  mlir::FailureOr<TargetModel> target = TargetModel::get("rtl", error);
  if (mlir::succeeded(target)) {
    FunctionEstimate figures = estimateFunction(function, *target);
    estimate = figures.latency ? figures.latency : figures.worstCaseLatency;
  }
  if (requested)
    return requested;
  constexpr uint64_t floor = 1000000, ceiling = 2000000000;
  if (!estimate)
    return ceiling;
  return std::clamp<uint64_t>(64 * uint64_t(std::max<int64_t>(*estimate, 0)),
                              floor, ceiling);
}

/// The failure of a simulation that stopped at `limit` without ap_done.
std::string hangMessage(uint64_t limit, std::optional<int64_t> estimate,
                        StringRef dir) {
  std::string text = "the simulation did not finish: no ap_done after " +
                     std::to_string(limit) + " cycles";
  if (estimate)
    text += " (the estimate is " + std::to_string(*estimate) + ")";
  return text +
         "; the hardware deadlocked or runs far longer than "
         "estimated (--rtl-max-cycles N raises the limit; files kept "
         "in " +
         dir.str() + ")";
}

} // namespace

int checkRTL(mlir::ModuleOp scheduled, mlir::func::FuncOp entry,
             JitProgram &jit, unsigned seeds, StringRef keepDir,
             const std::vector<std::optional<InputRange>> &ranges,
             uint64_t maxCycles) {
  std::string name = "@" + entry.getSymName().str();
  // A crash from here to the build is the RTL backend's, not the program's.
  std::optional<CrashPhase> writing(
      std::in_place, "while writing the SystemVerilog of " + name);
  mlir::OwningOpRef<mlir::ModuleOp> prepared = scheduled.clone();
  if (mlir::failed(prepareForRTL(*prepared)))
    return 1;
  auto function =
      prepared->lookupSymbol<mlir::func::FuncOp>(entry.getSymNameAttr());
  // Refused before any file is written.
  if (mlir::failed(checkRTLSupported(function)))
    return 1;
  SmallString<256> dir(keepDir);
  if (dir.empty() && sys::fs::createUniqueDirectory("hcl-check-rtl", dir))
    return fail("cannot create a temporary directory");
  if (!keepDir.empty())
    sys::fs::create_directories(dir);
  if (Error error = buildSimulation(function, dir))
    return fail(toString(std::move(error)) + " (files kept in " + dir + ")");
  writing.reset();
  std::optional<int64_t> estimate;
  uint64_t limit = cycleLimit(function, maxCycles, estimate);
  std::vector<std::string> compared, cycles;
  for (unsigned seed = 0; seed < seeds; ++seed) {
    std::string seedDir = pathIn(dir, "seed" + Twine(seed));
    sys::fs::create_directories(seedDir);
    if (Error error = writeInputs(jit, seed, ranges, seedDir))
      return fail(toString(std::move(error)));
    Expected<SeedReference> reference =
        runSeedReference(jit, seed, ranges, pathIn(seedDir, "npy"));
    if (!reference)
      return fail(describeRunFailure(reference.takeError(),
                                     "the JIT on seed " + std::to_string(seed),
                                     true));
    Expected<std::string> ran = runProgram(
        pathIn(dir, "obj/Vkernel"), {seedDir, std::to_string(limit)}, dir);
    if (!ran) {
      std::string error = toString(ran.takeError());
      if (StringRef(error).contains("no ap_done after"))
        return fail(hangMessage(limit, estimate, dir));
      return fail("the simulation failed (files kept in " + dir +
                  "): " + error);
    }
    cycles.push_back(cyclesOf(*ran));
    compared.clear();
    for (auto &[file, expected] : reference->outputs) {
      compared.push_back(file);
      Expected<HostArray> simulated =
          readOutput(seedDir, file, *expected, widthOf(function, file));
      if (!simulated)
        return fail(toString(simulated.takeError()));
      Comparison comparison = compareBits(*expected, *simulated);
      if (!comparison.equal) {
        outs() << "hcl check --rtl: MISMATCH: " << name << " " << file
               << " of the Verilator simulation differs from the JIT on seed "
               << seed << " " << comparison.firstMismatch << " (files kept in "
               << dir << ")\n";
        return 1;
      }
    }
  }
  outs() << "hcl check --rtl: OK: " << name
         << "'s SystemVerilog (Verilator) matches the JIT bit for bit on "
         << seeds << " seed" << (seeds == 1 ? "" : "s") << " (compared "
         << join(compared, ", ") << "; cycles " << join(cycles, ", ") << ")\n";
  if (keepDir.empty())
    sys::fs::remove_directories(dir);
  return 0;
}

} // namespace hcl::driver
