//===- ShareArbiters.cpp - handshake ports sharing bank ports -------------===//
//
// The seed's "future pass". Naive handshake lowering gives every handshake
// port a latency-sensitive port of its own, so a bank needs as many ports as
// there are handshake ports, more than a BRAM has. Handshake ports that
// reach the same addresses can instead share a few latency-sensitive ports
// behind one arbiter, which grants them by round robin or fixed priority;
// a conflicting request waits (ready low) instead of costing a port.
//
//===----------------------------------------------------------------------===//

#include "PortRewrites.h"
#include "hcl/Dialect/AMC/Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Debug.h"

namespace hcl::amc {
#define GEN_PASS_DEF_AMCSHAREARBITERS
#include "hcl/Dialect/AMC/Passes.h.inc"
} // namespace hcl::amc

#define DEBUG_TYPE "amc-share-arbiters"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

namespace {

/// The allocation an arbiter's input reaches, through merges and splits.
static Value reachedMemref(Value port) {
  Operation *op = port.getDefiningOp();
  if (auto create = dyn_cast_or_null<CreatePortOp>(op))
    return create.getMemref();
  if (op && op->getNumOperands() > 0)
    return reachedMemref(op->getOperand(0));
  return Value();
}

/// What an arbiter's inputs reach, whatever they may do: words, element
/// type and latency (one latency keeps a single response pipeline).
static Type wordsOf(ArbiterOp op) {
  auto port = cast<PortType>(op.getInputs().front().getType());
  return PortType::get(op.getContext(), port.getSize(), port.getElementType(),
                       PortKind::ReadWrite, port.getLatency());
}

struct ShareArbiters : hcl::amc::impl::AMCShareArbitersBase<ShareArbiters> {
  using AMCShareArbitersBase::AMCShareArbitersBase;

  void runOnOperation() override {
    if (ports < 1 || (scheme != "round_robin" && scheme != "fixed_priority")) {
      getOperation().emitError("amc-share-arbiters: ports must be at least 1 "
                               "and scheme round_robin or fixed_priority");
      return signalPassFailure();
    }
    // Arbiters that may share ports reach the same banks of one allocation
    // through inputs of the same words and latency. Groups in program order, so
    // the result is deterministic.
    llvm::MapVector<std::tuple<Value, Type, Attribute>, SmallVector<ArbiterOp>>
        groups;
    getOperation().walk([&](ArbiterOp op) {
      Value memref = reachedMemref(op.getInputs().front());
      groups[{memref, wordsOf(op), op.getBanksAttr()}].push_back(op);
    });
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": " << groups.size() << " groups of arbiters\n");
    for (auto &[key, arbiters] : groups)
      if (std::get<0>(key) && failed(share(arbiters)))
        return signalPassFailure();
  }

  /// The inputs the shared arbiter keeps, at most `ports`: first ports that
  /// read and write (read-write ones cover both), so that every kind of
  /// handshake port can still be served, then the others in order. Empty
  /// when `ports` inputs cannot serve them all.
  SmallVector<Value> chooseInputs(ArrayRef<ArbiterOp> arbiters) {
    SmallVector<Value> candidates;
    bool needRead = false, needWrite = false;
    for (ArbiterOp op : arbiters) {
      llvm::append_range(candidates, op.getInputs());
      for (Type type : op.getOutputs().getTypes()) {
        PortKind kind = cast<HandshakePortType>(type).getKind();
        needRead |= canRead(kind);
        needWrite |= canWrite(kind);
      }
    }
    auto kindOf = [](Value v) { return cast<PortType>(v.getType()).getKind(); };
    llvm::stable_sort(candidates, [&](Value a, Value b) {
      return kindOf(a) == PortKind::ReadWrite &&
             kindOf(b) != PortKind::ReadWrite;
    });
    SmallVector<Value> kept;
    auto keepFirst = [&](function_ref<bool(PortKind)> does) {
      for (Value v : candidates)
        if (does(kindOf(v)) && !llvm::is_contained(kept, v)) {
          kept.push_back(v);
          return;
        }
    };
    auto covered = [&](function_ref<bool(PortKind)> does) {
      return llvm::any_of(kept, [&](Value v) { return does(kindOf(v)); });
    };
    if (needRead)
      keepFirst(canRead);
    if (needWrite && !covered(canWrite))
      keepFirst(canWrite);
    for (Value v : candidates)
      if (static_cast<int64_t>(kept.size()) < ports &&
          !llvm::is_contained(kept, v))
        kept.push_back(v);
    if (static_cast<int64_t>(kept.size()) > ports)
      return {};
    return kept;
  }

  LogicalResult share(ArrayRef<ArbiterOp> arbiters) {
    int64_t inputCount = 0;
    for (ArbiterOp op : arbiters)
      inputCount += op.getInputs().size();
    if (inputCount <= ports && arbiters.size() == 1)
      return success();
    SmallVector<Value> kept = chooseInputs(arbiters);
    if (kept.empty()) {
      // Left as it is: sharing is an optimization, and the memory is still
      // correct with a port per handshake port.
      ArbiterOp last = arbiters.back();
      last.emitWarning("not shared: ")
          << ports.getValue() << " latency-sensitive port(s) cannot both "
          << "read and write for these handshake ports";
      return success();
    }
    SmallVector<Value> dropped;
    SmallVector<Type> outputTypes;
    for (ArbiterOp op : arbiters) {
      for (Value input : op.getInputs())
        if (!llvm::is_contained(kept, input))
          dropped.push_back(input);
      llvm::append_range(outputTypes, op.getOutputs().getTypes());
    }
    ArbiterOp last = arbiters.back();
    OpBuilder builder(last);
    auto shared =
        ArbiterOp::create(builder, last.getLoc(), outputTypes, kept,
                          last.getBanksAttr(), builder.getStringAttr(scheme));
    unsigned next = 0;
    for (ArbiterOp op : arbiters)
      for (Value output : op.getOutputs())
        output.replaceAllUsesWith(shared.getOutputs()[next++]);
    for (ArbiterOp op : arbiters)
      op.erase();
    for (Value input : dropped)
      eraseUnusedPortChain(input);
    return success();
  }
};
} // namespace
