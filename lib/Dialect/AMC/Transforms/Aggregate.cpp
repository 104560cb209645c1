//===- Aggregate.cpp - trade memory depth for word width ------------------===//
//
// An FPGA primitive has a native word width (URAM 72 bits, BRAM up to 72).
// A memory of narrow words wastes it; k narrow words packed in one wide word
// use it and take k times fewer rows. Each unbanked amc.alloc of N words of
// W bits becomes N/k words of k*W bits, and each port on it a wide port plus
// amc.split_aggregated, which gives back the narrow port.
//
//===----------------------------------------------------------------------===//

#include "PortRewrites.h"
#include "hcl/Dialect/AMC/Passes.h"
#include "llvm/Support/Debug.h"

namespace hcl::amc {
#define GEN_PASS_DEF_AMCAGGREGATE
#include "hcl/Dialect/AMC/Passes.h.inc"
} // namespace hcl::amc

#define DEBUG_TYPE "amc-aggregate"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

namespace {
struct Aggregate : hcl::amc::impl::AMCAggregateBase<Aggregate> {
  using AMCAggregateBase::AMCAggregateBase;

  void runOnOperation() override {
    if (wordWidth < 1 || factor < 0 || factor == 1) {
      getOperation().emitError("amc-aggregate: word-width must be positive "
                               "and factor 0 (derived) or at least 2");
      return signalPassFailure();
    }
    SmallVector<AllocOp> allocs;
    getOperation().walk([&](AllocOp op) { allocs.push_back(op); });
    for (AllocOp alloc : allocs)
      if (failed(aggregate(alloc)))
        return signalPassFailure();
  }

  /// Words per wide word for `type`, 0 when aggregation does not pay.
  int64_t chooseFactor(amc::MemRefType type) {
    if (factor)
      return factor;
    int64_t width = getWordWidth(type.getElementType());
    int64_t best = 0;
    for (int64_t k = 2; k * width <= wordWidth && type.getSize() % k == 0;
         k *= 2)
      best = k;
    return best;
  }

  LogicalResult aggregate(AllocOp alloc) {
    amc::MemRefType type = alloc.getMemref().getType();
    if (type.getBanks() != 1)
      return alloc.emitOpError("aggregation works on one bank at a time; run "
                               "--amc-lower-banks first");
    int64_t k = chooseFactor(type);
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << type << ": " << k
                            << " words per wide word (0: not worth it)\n");
    if (k == 0)
      return success();
    if (type.getSize() % k != 0)
      return alloc.emitOpError("aggregation factor ")
             << k << " does not divide the memref's " << type.getSize()
             << " words";
    int64_t wideWidth = k * getWordWidth(type.getElementType());
    auto wideType = amc::MemRefType::get(
        IntegerType::get(alloc.getContext(), wideWidth), type.getSize() / k);
    SmallVector<CreatePortOp> ports;
    for (Operation *user : alloc.getMemref().getUsers()) {
      auto port = dyn_cast<CreatePortOp>(user);
      if (!port || !isa<PortType>(port.getPort().getType()))
        return user->emitOpError("aggregation rebuilds latency-sensitive "
                                 "create_ports only; run "
                                 "--amc-lower-handshake first");
      ports.push_back(port);
    }
    alloc.getMemref().setType(wideType);
    for (CreatePortOp port : ports)
      splitPort(port, wideType);
    return success();
  }

  /// The port now reaches wide words; amc.split_aggregated restores the
  /// narrow port its users expect.
  void splitPort(CreatePortOp port, amc::MemRefType wideType) {
    auto narrow = cast<PortType>(port.getPort().getType());
    auto wide = PortType::get(port.getContext(), wideType.getSize(),
                              wideType.getElementType(), narrow.getKind(),
                              narrow.getLatency());
    port.getPort().setType(wide);
    OpBuilder builder(port->getContext());
    builder.setInsertionPointAfter(port);
    auto split = SplitAggregatedOp::create(builder, port.getLoc(), narrow,
                                           port.getPort());
    port.getPort().replaceAllUsesExcept(split.getResult(), split);
  }
};
} // namespace
