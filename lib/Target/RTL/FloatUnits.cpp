//===- FloatUnits.cpp - which float unit computes an operation ------------===//
//
// Maps arith's float operations onto share/rtl's units and their
// parameters (docs/rtl-float.md). The units are generic in their widths;
// only the widths the testbench checks against the host
// (test/Target/RTL/float) are offered: binary32 and binary64, i32 and i64.
//
//===----------------------------------------------------------------------===//

#include "hcl/Target/RTL/FloatUnits.h"

#include "Dataflow.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace mlir;

namespace hcl {
namespace {

/// Register stages of each unit, as share/rtl/hcl_fp_*.sv build them and
/// the rtl target's latency table (lib/Analysis/TargetModel.cpp) lists
/// them; a unit test keeps the three equal.
int unitLatency(llvm::StringRef module) {
  return llvm::StringSwitch<int>(module)
      .Case("hcl_fp_add", 4)
      .Case("hcl_fp_mul", 3)
      .Cases({"hcl_fp_div", "hcl_fp_sqrt"}, 15)
      .Cases({"hcl_fp_cmp", "hcl_fp_minmax"}, 1)
      .Default(2); // the conversions
}

/// (exponent bits, fraction bits) of f32 and f64; nothing for other types.
std::optional<std::pair<int64_t, int64_t>> format(Type type) {
  if (type.isF32())
    return std::make_pair(8, 23);
  if (type.isF64())
    return std::make_pair(11, 52);
  return std::nullopt;
}

bool checkedIntegerWidth(Type type) {
  return type.isInteger(32) || type.isInteger(64);
}

/// arith.cmpf's predicate in the unit's {U, L, G, E} code (LLVM's fcmp
/// numbering, which differs from arith's from ueq on).
uint64_t predicateCode(arith::CmpFPredicate predicate) {
  using P = arith::CmpFPredicate;
  switch (predicate) {
  case P::UEQ:
    return 0b1001;
  case P::UGT:
    return 0b1010;
  case P::UGE:
    return 0b1011;
  case P::ULT:
    return 0b1100;
  case P::ULE:
    return 0b1101;
  case P::UNE:
    return 0b1110;
  case P::UNO:
    return 0b1000;
  default: // false, oeq ... ord and true share the numbering
    return static_cast<uint64_t>(predicate);
  }
}

/// A binary unit on operands of float type `type`.
std::optional<FloatUnitUse> binary(llvm::StringRef module, Type type,
                                   llvm::StringRef modePort = "",
                                   unsigned modeWidth = 0,
                                   uint64_t modeValue = 0) {
  auto fmt = format(type);
  if (!fmt)
    return std::nullopt;
  FloatUnitUse use;
  use.module = module.str();
  use.parameters = {{"EW", fmt->first}, {"MW", fmt->second}};
  use.operandPorts = {"a", "b"};
  use.modePort = modePort.str();
  use.modeWidth = modeWidth;
  use.modeValue = modeValue;
  use.resultWidth = 1 + fmt->first + fmt->second;
  return use;
}

std::optional<FloatUnitUse> fromInt(Type in, Type out, bool isSigned) {
  auto fmt = format(out);
  if (!fmt || !checkedIntegerWidth(in))
    return std::nullopt;
  FloatUnitUse use;
  use.module = "hcl_fp_from_int";
  use.parameters = {{"IW", in.getIntOrFloatBitWidth()},
                    {"SIGNED", isSigned},
                    {"EW", fmt->first},
                    {"MW", fmt->second}};
  use.operandPorts = {"x"};
  use.resultWidth = 1 + fmt->first + fmt->second;
  return use;
}

std::optional<FloatUnitUse> toInt(Type in, Type out, bool isSigned) {
  auto fmt = format(in);
  if (!fmt || !checkedIntegerWidth(out))
    return std::nullopt;
  FloatUnitUse use;
  use.module = "hcl_fp_to_int";
  use.parameters = {{"IW", out.getIntOrFloatBitWidth()},
                    {"SIGNED", isSigned},
                    {"EW", fmt->first},
                    {"MW", fmt->second}};
  use.operandPorts = {"x"};
  use.resultWidth = out.getIntOrFloatBitWidth();
  return use;
}

std::optional<FloatUnitUse> convert(Type in, Type out) {
  auto from = format(in), to = format(out);
  if (!from || !to || from == to)
    return std::nullopt;
  FloatUnitUse use;
  use.module = "hcl_fp_convert";
  use.parameters = {{"EWI", from->first},
                    {"MWI", from->second},
                    {"EWO", to->first},
                    {"MWO", to->second}};
  use.operandPorts = {"x"};
  use.resultWidth = 1 + to->first + to->second;
  return use;
}

} // namespace

std::optional<FloatUnitUse> getFloatUnitUse(Operation *op) {
  // Vectors and tensors have no unit: the scalar types only.
  auto in = [&] { return op->getOperand(0).getType(); };
  auto out = [&] { return op->getResult(0).getType(); };
  std::optional<FloatUnitUse> use =
      llvm::TypeSwitch<Operation *, std::optional<FloatUnitUse>>(op)
          .Case([&](arith::AddFOp) {
            return binary("hcl_fp_add", out(), "sub", 1, 0);
          })
          .Case([&](arith::SubFOp) {
            return binary("hcl_fp_add", out(), "sub", 1, 1);
          })
          .Case([&](arith::MulFOp) { return binary("hcl_fp_mul", out()); })
          .Case([&](arith::DivFOp) { return binary("hcl_fp_div", out()); })
          .Case([&](math::SqrtOp) -> std::optional<FloatUnitUse> {
            auto use = binary("hcl_fp_sqrt", out());
            if (use)
              use->operandPorts = {"x"};
            return use;
          })
          .Case([&](arith::CmpFOp cmp) {
            auto use = binary("hcl_fp_cmp", in(), "pred", 4,
                              predicateCode(cmp.getPredicate()));
            if (use)
              use->resultWidth = 1;
            return use;
          })
          .Case([&](arith::MinimumFOp) {
            return binary("hcl_fp_minmax", out(), "op", 2, 0);
          })
          .Case([&](arith::MaximumFOp) {
            return binary("hcl_fp_minmax", out(), "op", 2, 1);
          })
          .Case([&](arith::MinNumFOp) {
            return binary("hcl_fp_minmax", out(), "op", 2, 2);
          })
          .Case([&](arith::MaxNumFOp) {
            return binary("hcl_fp_minmax", out(), "op", 2, 3);
          })
          .Case([&](arith::SIToFPOp) { return fromInt(in(), out(), true); })
          .Case([&](arith::UIToFPOp) { return fromInt(in(), out(), false); })
          .Case([&](arith::FPToSIOp) { return toInt(in(), out(), true); })
          .Case([&](arith::FPToUIOp) { return toInt(in(), out(), false); })
          .Case([&](arith::ExtFOp) { return convert(in(), out()); })
          .Case([&](arith::TruncFOp trunc) -> std::optional<FloatUnitUse> {
            // Only the default rounding (to nearest even) is built.
            if (trunc.getRoundingmodeAttr())
              return std::nullopt;
            return convert(in(), out());
          })
          .Default([](Operation *) { return std::nullopt; });
  if (use)
    use->latency = unitLatency(use->module);
  return use;
}

std::vector<std::string> getFloatUnitFilesUsed(Operation *entry) {
  std::set<std::string> files;
  // The functions `entry` calls, transitively: their modules share its file.
  llvm::SetVector<Operation *> functions;
  functions.insert(entry);
  for (size_t i = 0; i < functions.size(); ++i)
    functions[i]->walk([&](Operation *op) {
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (Operation *callee = call.resolveCallable())
          functions.insert(callee);
      if (std::optional<FloatUnitUse> use = getFloatUnitUse(op))
        files.insert(use->file());
      // A dataflow region's streams are FIFOs (share/rtl/hcl_fifo.sv).
      if (auto func = dyn_cast<func::FuncOp>(op);
          func && rtl::isDataflowRegion(func))
        files.insert(rtl::kFifoFile.str());
    });
  // A unit's file names the modules it instantiates ("hcl_fp_round #(").
  const auto &embedded = getEmbeddedFloatUnits();
  std::vector<std::string> pending(files.begin(), files.end());
  while (!pending.empty()) {
    std::string file = pending.back();
    pending.pop_back();
    auto text = llvm::find_if(
        embedded, [&](const auto &entry) { return entry.first == file; });
    if (text == embedded.end())
      continue;
    for (const auto &[name, unused] : embedded) {
      std::string module = llvm::StringRef(name).drop_back(3).str();
      if (text->second.find(module + " #(") != std::string::npos &&
          files.insert(name).second)
        pending.push_back(name);
    }
  }
  return {files.begin(), files.end()};
}

llvm::Error writeFloatUnits(llvm::StringRef dir,
                            const std::vector<std::string> &files) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create '" + dir + "'");
  for (const auto &[name, text] : getEmbeddedFloatUnits()) {
    if (!llvm::is_contained(files, name))
      continue;
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec)
      return llvm::createStringError(ec, "cannot write '" + path + "'");
    os << text;
  }
  return llvm::Error::success();
}

llvm::Error writeFloatUnits(llvm::StringRef dir) {
  std::vector<std::string> files;
  for (const auto &[name, text] : getEmbeddedFloatUnits())
    files.push_back(name);
  return writeFloatUnits(dir, files);
}

} // namespace hcl
