//===- PartitionToAMC.cpp - partitioned buffers as amc memories ----------===//
//
// A partitioned array of an hcl program is a banked memory: the partition
// layout gives the banks, the accesses of the pipelined loop that uses it
// give the ports. This pass states that memory in the amc dialect, next to
// the program, so the amc lowering and the Verilog emitter can build it.
//
// Address map. AMC banks are contiguous address ranges (bank b holds the
// addresses [b*S, (b+1)*S) of a memory of B banks of S words). For an array
// of rank r whose layout gives, per dimension d, a bank b_d (nb_d banks) and
// an offset o_d (e_d words: N for an unpartitioned dimension, 1 for
// Complete, ceil(N/F) for Cyclic F and Block F):
//
//   bank   = row-major index of (b_0, ..., b_r-1) over (nb_0, ..., nb_r-1)
//   offset = row-major index of (o_0, ..., o_r-1) over (e_0, ..., e_r-1)
//   S = e_0 * ... * e_r-1,  B = nb_0 * ... * nb_r-1,  address = bank*S + offset
//
// so a bank of the partition is exactly a bank of the amc.memref. When a
// factor does not divide a dimension the last banks have unused words
// (N = B*S is then more than the array's elements). The map is recorded on
// the memory as `hcl.address_map`: (indices) -> (bank, offset).
//
// Ports. Every access of the buffer belongs to the innermost pipelined
// affine.for around it (the innermost loop when none is pipelined, the
// function body outside loops). One iteration of that loop is what HLS
// schedules at once, its nested loops unrolled: the estimator's per-bank
// access analysis (hcl/Analysis/BankAccesses.h) lists those accesses with
// their addresses and banks. Each distinct one (direction, address, bank)
// needs a port of its own: one on its bank when the unrolled copy fixes the
// bank, one over all banks when the bank varies at run time. Loops run one
// after the other, so they share ports: a port made for an earlier loop
// serves a later loop's access of the same direction and banks. The buffer
// is followed through calls (callee arguments, results of calls returning
// it); an access in a callee called in a pipelined loop (`outline`) is
// scheduled in that loop, whose analysis walks the callee's body.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/BankAccesses.h"
#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/AMC/AMCDialect.h"
#include "hcl/Dialect/AMC/AMCOps.h"
#include "hcl/Dialect/AMC/AMCTypes.h"
#include "hcl/Dialect/HCL/HCLOps.h"
#include "hcl/Dialect/HCL/HCLTypes.h"
#include "hcl/Dialect/HCL/Naming.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include "llvm/Support/Debug.h"
#include <set>
#include <tuple>

namespace hcl {
#define GEN_PASS_DEF_PARTITIONTOAMC
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-partition-to-amc"

using namespace mlir;
using namespace mlir::affine;

namespace {

/// How the array's indices become amc addresses (see the file comment).
struct BankedShape {
  SmallVector<int64_t> banksPerDim;  // nb_d
  SmallVector<int64_t> extentPerDim; // e_d
  int64_t banks = 1;                 // B
  int64_t bankSize = 1;              // S

  /// The amc bank of per-dimension banks, or -1 when one is out of range.
  int64_t linearBank(ArrayRef<int64_t> perDim) const {
    int64_t bank = 0;
    for (auto [b, n] : llvm::zip(perDim, banksPerDim)) {
      if (b < 0 || b >= n)
        return -1;
      bank = bank * n + b;
    }
    return bank;
  }
};

BankedShape bankedShape(MemRefType type, ArrayRef<hcl::DimPartition> parts) {
  BankedShape shape;
  for (auto [dim, part] : llvm::enumerate(parts)) {
    int64_t size = type.getDimSize(dim), banks = 1, extent = size;
    switch (part.kind) {
    case hcl::DimPartition::Kind::None:
      break;
    case hcl::DimPartition::Kind::Complete:
      banks = size;
      extent = 1;
      break;
    case hcl::DimPartition::Kind::Cyclic:
    case hcl::DimPartition::Kind::Block:
      banks = part.factor;
      extent = llvm::divideCeil(size, part.factor);
      break;
    }
    shape.banksPerDim.push_back(banks);
    shape.extentPerDim.push_back(extent);
    shape.banks *= banks;
    shape.bankSize *= extent;
  }
  return shape;
}

/// (indices) -> (bank, offset), from the layout's per-dimension results.
AffineMap addressMap(MemRefType type, const BankedShape &shape) {
  AffineMap layout = type.getLayout().getAffineMap();
  int64_t rank = type.getRank();
  MLIRContext *ctx = type.getContext();
  AffineExpr bank = getAffineConstantExpr(0, ctx);
  AffineExpr offset = getAffineConstantExpr(0, ctx);
  for (int64_t d = 0; d < rank; ++d) {
    bank = bank * shape.banksPerDim[d] + layout.getResult(d);
    offset = offset * shape.extentPerDim[d] + layout.getResult(rank + d);
  }
  return AffineMap::get(
      rank, 0,
      {simplifyAffineExpr(bank, rank, 0), simplifyAffineExpr(offset, rank, 0)},
      ctx);
}

/// The word amc stores: the element itself, or the bits of a fixed-point
/// number.
Type wordType(Type element) {
  if (element.isIntOrFloat())
    return element;
  if (auto fixed = dyn_cast<hcl::FixedType>(element))
    return IntegerType::get(element.getContext(), fixed.getWidth());
  if (auto fixed = dyn_cast<hcl::UFixedType>(element))
    return IntegerType::get(element.getContext(), fixed.getWidth());
  return nullptr;
}

/// A port the memory offers: its direction and the banks it covers
/// (`firstBank` -1: all of them).
struct PortKey {
  bool write;
  int64_t firstBank;
  bool operator==(const PortKey &o) const {
    return write == o.write && firstBank == o.firstBank;
  }
};

/// An access of the buffer and the calls (outermost first) that pass the
/// buffer down to the function holding it.
struct Access {
  Operation *op;
  SmallVector<Operation *, 2> calls;
};

/// A name that reads well in a symbol and in Verilog.
std::string identifier(StringRef wanted) {
  std::string name;
  for (char c : wanted)
    name += llvm::isAlnum(c) || c == '_' ? c : '_';
  return name.empty() ? "buf" : name;
}

/// "B/i/j" as the estimator names loops; "@f" for a function body; the
/// function is named when it is not the buffer's.
std::string scopeName(Operation *scope, func::FuncOp home) {
  auto func = scope->getParentOfType<func::FuncOp>();
  if (!func)
    func = cast<func::FuncOp>(scope);
  std::string prefix = func != home ? "@" + func.getSymName().str() + "/" : "";
  if (isa<func::FuncOp>(scope))
    return "@" + func.getSymName().str();
  SmallVector<Operation *> loops;
  for (Operation *op = scope; op && op != func; op = op->getParentOp())
    if (isa<LoopLikeOpInterface>(op))
      loops.push_back(op);
  std::string path;
  for (Operation *loop : llvm::reverse(loops)) {
    StringRef name = hcl::getLoopName(loop);
    StringRef stage = hcl::getStageName(loop);
    if (path.empty() && !stage.empty())
      path = stage.str();
    path += (path.empty() ? "" : "/") +
            (name.empty() ? std::string("(loop)") : name.str());
  }
  return prefix + path;
}

/// One partitioned buffer and what the pass found about it.
struct Buffer {
  Value value;
  mutable func::FuncOp func; // its accessors are not const
  std::string name;
  Location loc;
};

class MemoryBuilder {
public:
  MemoryBuilder(ModuleOp module, SymbolTable &symbols)
      : module(module), symbols(symbols) {}

  /// Builds the memory of `buffer`; failure after a warning when it cannot.
  LogicalResult build(const Buffer &buffer);

private:
  /// What following the buffer's uses found.
  struct Uses {
    SmallVector<Access> accesses;
    llvm::SmallPtrSet<Value, 4> aliases; // every value that is the buffer
    DenseSet<std::pair<Value, Operation *>> visited; // (value, via call)
    bool escapes = false; // returned out of the module's call graph
  };

  /// Every value that is `buffer` in some function: the buffer itself, the
  /// callee arguments it is passed to and the results of calls that return
  /// it. Collects the operations that access it; fails with a warning on a
  /// use it cannot follow.
  LogicalResult collectUses(const Buffer &buffer, Value value,
                            ArrayRef<Operation *> calls, Uses &uses, int depth);
  /// A returned buffer is the result of the call that passed it down
  /// (`calls`' last), else of every call of its function; a function nobody
  /// calls hands it out of the module.
  LogicalResult followReturn(const Buffer &buffer, OpOperand &use,
                             ArrayRef<Operation *> calls, Uses &uses,
                             int depth);

  /// The accesses of one iteration of `scope` (cached; all buffers).
  const std::vector<hcl::AccessInstance> &instancesOf(Operation *scope);

  /// The position of `op` in a pre-order walk of the module.
  int64_t programOrder(Operation *op) {
    if (order.empty())
      module.walk<WalkOrder::PreOrder>(
          [&](Operation *o) { order[o] = static_cast<int64_t>(order.size()); });
    return order.lookup(op);
  }

  ModuleOp module;
  SymbolTable &symbols;
  DenseMap<Operation *, std::vector<hcl::AccessInstance>> instanceCache;
  DenseMap<Operation *, int64_t> order;
};

const std::vector<hcl::AccessInstance> &
MemoryBuilder::instancesOf(Operation *scope) {
  auto it = instanceCache.find(scope);
  if (it != instanceCache.end())
    return it->second;
  hcl::IterationOptions options;
  options.followCalls = true;
  options.memrefOps = true;
  // A function body's own accesses are those outside loops: its loops are
  // scopes of their own, so none is unrolled for it.
  if (isa<func::FuncOp>(scope))
    options.budget = 0;
  return instanceCache[scope] = hcl::collectScopeAccesses(scope, options);
}

LogicalResult MemoryBuilder::followReturn(const Buffer &buffer, OpOperand &use,
                                          ArrayRef<Operation *> calls,
                                          Uses &uses, int depth) {
  unsigned result = use.getOperandNumber();
  if (!calls.empty()) // back to the caller that passed it, no other
    return collectUses(buffer, calls.back()->getResult(result),
                       calls.drop_back(), uses, depth + 1);
  auto func = use.getOwner()->getParentOfType<func::FuncOp>();
  std::optional<SymbolTable::UseRange> symbolUses =
      SymbolTable::getSymbolUses(func.getSymNameAttr(), module);
  if (!symbolUses || symbolUses->empty()) {
    uses.escapes = true;
    return success();
  }
  for (const SymbolTable::SymbolUse &symbolUse : *symbolUses) {
    auto call = dyn_cast<func::CallOp>(symbolUse.getUser());
    if (!call) {
      uses.escapes = true; // taken by address: whoever calls it reads it
      continue;
    }
    // The result lives in the caller: its accesses are scheduled there.
    if (failed(
            collectUses(buffer, call.getResult(result), {}, uses, depth + 1)))
      return failure();
  }
  return success();
}

LogicalResult MemoryBuilder::collectUses(const Buffer &buffer, Value value,
                                         ArrayRef<Operation *> calls,
                                         Uses &uses, int depth) {
  Operation *via = calls.empty() ? nullptr : calls.back();
  if (!uses.visited.insert({value, via}).second)
    return success();
  uses.aliases.insert(value);
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::DeallocOp>(user))
      continue;
    if (isa<AffineReadOpInterface, AffineWriteOpInterface, memref::LoadOp,
            memref::StoreOp, memref::CopyOp>(user)) {
      uses.accesses.push_back({user, SmallVector<Operation *, 2>(calls)});
      continue;
    }
    if (depth > 16) {
      emitWarning(buffer.loc, "hcl-partition-to-amc: buffer '")
          << buffer.name << "' of @" << buffer.func.getSymName()
          << " is passed through more than 16 calls; no amc.memory is "
             "built for it";
      return failure();
    }
    if (isa<func::ReturnOp>(user)) {
      if (failed(followReturn(buffer, use, calls, uses, depth)))
        return failure();
      continue;
    }
    if (auto call = dyn_cast<func::CallOp>(user)) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal()) {
        emitWarning(buffer.loc, "hcl-partition-to-amc: buffer '")
            << buffer.name << "' of @" << buffer.func.getSymName()
            << " is passed to @" << call.getCallee()
            << ", whose body is not in the module: its accesses are "
               "unknown, so no amc.memory is built for it";
        return failure();
      }
      Value argument = callee.getArgument(use.getOperandNumber());
      SmallVector<Operation *> inner(calls);
      inner.push_back(call);
      if (failed(collectUses(buffer, argument, inner, uses, depth + 1)))
        return failure();
      continue;
    }
    InFlightDiagnostic diag =
        emitWarning(buffer.loc, "hcl-partition-to-amc: buffer '")
        << buffer.name << "' of @" << buffer.func.getSymName()
        << " is used by '" << user->getName()
        << "', which is not a load, store, copy, call or deallocation; no "
           "amc.memory is built for it";
    diag.attachNote(user->getLoc()) << "the use";
    return failure();
  }
  return success();
}

LogicalResult MemoryBuilder::build(const Buffer &buffer) {
  auto type = cast<MemRefType>(buffer.value.getType());
  auto warn = [&]() {
    return emitWarning(buffer.loc, "hcl-partition-to-amc: buffer '")
           << buffer.name << "' of @" << buffer.func.getSymName() << " ";
  };
  if (!type.hasStaticShape())
    return warn() << "has the dynamic shape " << type
                  << "; an amc.memory needs a fixed size, none is built";
  Type word = wordType(type.getElementType());
  if (!word)
    return warn() << "holds " << type.getElementType()
                  << "; amc words are integers, floats or fixed-point bits, "
                     "no amc.memory is built";
  FailureOr<SmallVector<hcl::DimPartition>> parts = hcl::readPartition(type);
  if (failed(parts))
    return failure(); // not a partition layout: the caller skips it
  BankedShape shape = bankedShape(type, *parts);

  Uses uses;
  if (failed(collectUses(buffer, buffer.value, {}, uses, 0)))
    return failure();
  if (uses.accesses.empty())
    return warn() << "is never read or written; no amc.memory is built";
  const llvm::SmallPtrSet<Value, 4> &aliases = uses.aliases;

  // The scopes in program order, each with its accesses.
  // An access in a callee is where the buffer's function calls it.
  auto position = [&](const Access &a) {
    return std::make_pair(
        programOrder(a.calls.empty() ? a.op : a.calls.front()),
        programOrder(a.op));
  };
  llvm::stable_sort(uses.accesses, [&](const Access &a, const Access &b) {
    return position(a) < position(b);
  });
  llvm::MapVector<Operation *, SmallVector<Operation *>> scopes;
  for (const Access &access : uses.accesses)
    scopes[hcl::schedulingScope(access.op, access.calls)].push_back(access.op);

  // Per scope (its name), the ports its distinct accesses need, in order.
  SmallVector<std::pair<std::string, SmallVector<PortKey>>> scopePorts;
  for (auto &[scope, ops] : scopes) {
    SmallVector<PortKey> &needed =
        scopePorts
            .emplace_back(scopeName(scope, buffer.func), SmallVector<PortKey>())
            .second;
    llvm::SmallPtrSet<Operation *, 8> ownOps(ops.begin(), ops.end());
    llvm::SmallPtrSet<Operation *, 8> affineOps;
    std::set<std::tuple<bool, std::string, std::string>> seen;
    for (const hcl::AccessInstance &instance : instancesOf(scope)) {
      // Accesses of nested loops with a scope of their own are theirs.
      if (!ownOps.contains(instance.op) || !aliases.contains(instance.memref))
        continue;
      affineOps.insert(instance.op);
      if (!seen.insert({instance.isStore, instance.address, instance.bank})
               .second)
        continue;
      int64_t bank =
          instance.bankIndices ? shape.linearBank(*instance.bankIndices) : -1;
      needed.push_back({instance.isStore, bank});
    }
    // Accesses the analysis does not list: copies (the whole array, in
    // order), and memref.load / store of scalar-sized storage.
    for (Operation *op : ops) {
      if (affineOps.contains(op))
        continue;
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        if (aliases.contains(copy.getSource()))
          needed.push_back({false, -1});
        if (aliases.contains(copy.getTarget()))
          needed.push_back({true, -1});
        continue;
      }
      if (isa<AffineReadOpInterface, AffineWriteOpInterface>(op))
        continue; // scalar-sized storage, or unrolled away: no copy of it
      needed.push_back({isa<memref::StoreOp>(op), -1});
    }
  }
  // The caller fills an argument the function reads and reads back one it
  // writes (or a buffer it returns): without that port the memory's
  // contents would come from nowhere. Over all banks, in address order.
  bool isArgument = isa<BlockArgument>(buffer.value);
  bool returned = uses.escapes;
  bool read = false, written = false;
  for (auto &[name, needed] : scopePorts)
    for (PortKey key : needed)
      (key.write ? written : read) = true;
  SmallVector<PortKey> caller;
  if (isArgument && read)
    caller.push_back({true, -1});
  if ((isArgument || returned) && written)
    caller.push_back({false, -1});
  if (!caller.empty())
    scopePorts.emplace_back("(caller)", caller);

  SmallVector<PortKey> ports;
  SmallVector<Attribute> loopNames;
  for (auto &[name, needed] : scopePorts) {
    loopNames.push_back(StringAttr::get(module.getContext(), name));
    // Share the ports of earlier scopes.
    SmallVector<bool> taken(ports.size(), false);
    for (PortKey key : needed) {
      size_t port = 0;
      while (port < ports.size() && (taken[port] || !(ports[port] == key)))
        ++port;
      if (port == ports.size()) {
        ports.push_back(key);
        taken.push_back(false);
      }
      taken[port] = true;
    }
  }
  if (ports.empty())
    return warn() << "has no access a port can serve; no amc.memory is built";

  MLIRContext *ctx = module.getContext();
  OpBuilder builder(ctx);
  auto memrefType = hcl::amc::MemRefType::get(
      word, shape.banks * shape.bankSize, shape.banks);
  SmallVector<Type> portTypes;
  for (PortKey key : ports)
    portTypes.push_back(hcl::amc::PortType::get(
        ctx, key.firstBank < 0 ? memrefType.getSize() : shape.bankSize, word,
        key.write ? hcl::amc::PortKind::Write : hcl::amc::PortKind::Read,
        /*latency=*/1));
  SmallVector<Attribute> portTypeAttrs = llvm::map_to_vector(
      portTypes, [](Type t) -> Attribute { return TypeAttr::get(t); });

  builder.setInsertionPointToEnd(module.getBody());
  // Sanitized like the buffer's name (a Verilog module is named after it);
  // symbols.insert below renames a clash (@"a-b" and @a_b).
  std::string symbol = identifier(buffer.func.getSymName()) + "_" + buffer.name;
  auto memory = hcl::amc::MemoryOp::create(builder, buffer.loc, symbol,
                                           builder.getArrayAttr(portTypeAttrs));
  // Flat attributes (no nested dictionary), so tools that scan the text
  // of a memory's header need not match braces.
  memory->setAttr("hcl.source", builder.getStringAttr(buffer.func.getSymName() +
                                                      "/" + buffer.name));
  memory->setAttr("hcl.buffer_type", TypeAttr::get(type));
  memory->setAttr("hcl.address_map",
                  AffineMapAttr::get(addressMap(type, shape)));
  memory->setAttr("hcl.loops", builder.getArrayAttr(loopNames));
  Block *body = new Block();
  memory.getBody().push_back(body);
  builder.setInsertionPointToStart(body);
  Value storage = hcl::amc::AllocOp::create(builder, buffer.loc, memrefType,
                                            /*primitive=*/StringAttr());
  SmallVector<Value> created;
  for (auto [key, portType] : llvm::zip(ports, portTypes)) {
    SmallVector<int64_t> banks;
    if (key.firstBank < 0)
      llvm::append_range(banks, llvm::seq<int64_t>(0, shape.banks));
    else
      banks.push_back(key.firstBank);
    created.push_back(
        hcl::amc::CreatePortOp::create(builder, buffer.loc, portType, storage,
                                       builder.getDenseI64ArrayAttr(banks)));
  }
  hcl::amc::ExternOp::create(builder, buffer.loc, created);
  // Renames on a clash with an existing symbol.
  symbols.insert(memory);
  return success();
}

struct PartitionToAMCPass : hcl::impl::PartitionToAMCBase<PartitionToAMCPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Operation *schedule = nullptr;
    module.walk([&](Operation *op) {
      if (!hcl::isScheduleOp(op) ||
          isa<hcl::CreateLoopHandleOp, hcl::CreateStageHandleOp,
              hcl::CreateOpHandleOp>(op))
        return WalkResult::advance();
      schedule = op;
      return WalkResult::interrupt();
    });
    if (schedule) {
      schedule->emitError("hcl-partition-to-amc: the schedule was not "
                          "applied: '")
          << schedule->getName()
          << "' is still present (run --hcl-apply-customizations first)";
      return signalPassFailure();
    }

    SmallVector<Buffer> buffers;
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": collecting partitioned buffers\n");
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      auto partitioned = [](Value v) {
        auto type = dyn_cast<MemRefType>(v.getType());
        return type && hcl::hasPartitionLayout(type);
      };
      // An argument of a function called in the module is its callers'
      // buffer; their memories include these accesses.
      bool called =
          !SymbolTable::symbolKnownUseEmpty(func.getSymNameAttr(), module);
      if (!called)
        for (BlockArgument arg : func.getArguments())
          if (partitioned(arg))
            buffers.push_back({arg, func,
                               "arg" + std::to_string(arg.getArgNumber()),
                               arg.getLoc()});
      int64_t unnamed = 0;
      func.walk([&](Operation *op) {
        if (!isa<memref::AllocOp, memref::AllocaOp>(op))
          return;
        auto nameAttr = op->getAttrOfType<StringAttr>("name");
        std::string name = nameAttr ? identifier(nameAttr.getValue())
                                    : "buf" + std::to_string(unnamed);
        if (!nameAttr)
          ++unnamed;
        if (partitioned(op->getResult(0)))
          buffers.push_back({op->getResult(0), func, name, op->getLoc()});
      });
    }

    // Running the pass again adds nothing: a buffer whose memory is there
    // already is skipped.
    llvm::StringSet<> built;
    for (auto memory : module.getOps<hcl::amc::MemoryOp>())
      if (auto source = memory->getAttrOfType<StringAttr>("hcl.source"))
        built.insert(source.getValue());
    SymbolTable symbols(module);
    MemoryBuilder builder(module, symbols);
    for (const Buffer &buffer : buffers)
      if (!built.contains((buffer.func.getSymName() + "/" + buffer.name).str()))
        (void)builder.build(buffer); // a buffer that cannot be built warns
  }
};

} // namespace
