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

namespace hcl::amc {
#define GEN_PASS_DEF_AMCSHAREARBITERS
#include "hcl/Dialect/AMC/Passes.h.inc"
} // namespace hcl::amc

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

struct ShareArbiters
    : hcl::amc::impl::AMCShareArbitersBase<ShareArbiters> {
  using AMCShareArbitersBase::AMCShareArbitersBase;

  void runOnOperation() override {
    if (ports < 1 || (scheme != "round_robin" && scheme != "fixed_priority")) {
      getOperation().emitError("amc-share-arbiters: ports must be at least 1 "
                               "and scheme round_robin or fixed_priority");
      return signalPassFailure();
    }
    // Arbiters that may share ports reach the same banks of one allocation
    // through inputs of the same words and latency. Groups in program order, so the result is
    // deterministic.
    llvm::MapVector<std::tuple<Value, Type, Attribute>,
                    SmallVector<ArbiterOp>>
        groups;
    getOperation().walk([&](ArbiterOp op) {
      Value memref = reachedMemref(op.getInputs().front());
      groups[{memref, wordsOf(op), op.getBanksAttr()}].push_back(op);
    });
    for (auto &[key, arbiters] : groups)
      if (std::get<0>(key) && failed(share(arbiters)))
        return signalPassFailure();
  }

  /// The inputs the shared arbiter keeps: read-write ports first, so that
  /// every kind of handshake port can still be served.
  SmallVector<Value> chooseInputs(ArrayRef<ArbiterOp> arbiters) {
    SmallVector<Value> inputs;
    for (ArbiterOp op : arbiters)
      llvm::append_range(inputs, op.getInputs());
    llvm::stable_sort(inputs, [](Value a, Value b) {
      auto rank = [](Value v) {
        return cast<PortType>(v.getType()).getKind() == PortKind::ReadWrite
                   ? 0
                   : 1;
      };
      return rank(a) < rank(b);
    });
    inputs.resize(std::min<size_t>(inputs.size(), ports));
    return inputs;
  }

  /// The kept inputs must still read and write for every handshake port.
  LogicalResult checkServes(ArbiterOp at, ArrayRef<Value> kept,
                            ArrayRef<Type> outputTypes) {
    bool reads = false, writes = false;
    for (Value input : kept) {
      PortKind kind = cast<PortType>(input.getType()).getKind();
      reads |= canRead(kind);
      writes |= canWrite(kind);
    }
    for (Type type : outputTypes) {
      PortKind kind = cast<HandshakePortType>(type).getKind();
      if ((canRead(kind) && !reads) || (canWrite(kind) && !writes))
        return at.emitOpError("cannot share ")
               << ports.getValue() << " latency-sensitive port(s) among these "
               << "handshake ports: none of the kept ports can "
               << (canRead(kind) && !reads ? "read" : "write");
    }
    return success();
  }

  LogicalResult share(ArrayRef<ArbiterOp> arbiters) {
    int64_t inputCount = 0;
    for (ArbiterOp op : arbiters)
      inputCount += op.getInputs().size();
    if (inputCount <= ports && arbiters.size() == 1)
      return success();
    SmallVector<Value> kept = chooseInputs(arbiters);
    SmallVector<Value> dropped;
    SmallVector<Type> outputTypes;
    for (ArbiterOp op : arbiters) {
      for (Value input : op.getInputs())
        if (!llvm::is_contained(kept, input))
          dropped.push_back(input);
      llvm::append_range(outputTypes, op.getOutputs().getTypes());
    }
    ArbiterOp last = arbiters.back();
    if (failed(checkServes(last, kept, outputTypes)))
      return failure();
    OpBuilder builder(last);
    auto shared = ArbiterOp::create(builder, last.getLoc(), outputTypes, kept,
                                    last.getBanksAttr(),
                                    builder.getStringAttr(scheme));
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
