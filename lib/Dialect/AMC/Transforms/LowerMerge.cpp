//===- LowerMerge.cpp - multi-bank ports to per-bank ports and merges -----===//
//
// A latency-sensitive port over banks [b0..bn] becomes one port per bank,
// combined by amc.merge into a port of the original size: the hardware a
// multi-bank port is (address decode and a multiplexer), made explicit so
// later passes see how many ports each bank really has.
//
//===----------------------------------------------------------------------===//

#include "PortRewrites.h"
#include "hcl/Dialect/AMC/Passes.h"
#include "llvm/Support/Debug.h"

namespace hcl::amc {
#define GEN_PASS_DEF_AMCLOWERMERGE
#include "hcl/Dialect/AMC/Passes.h.inc"
} // namespace hcl::amc

#define DEBUG_TYPE "amc-lower-merge"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

namespace {
struct LowerMerge : hcl::amc::impl::AMCLowerMergeBase<LowerMerge> {
  void runOnOperation() override {
    SmallVector<CreatePortOp> wide;
    bool failed = false;
    getOperation().walk([&](CreatePortOp op) {
      if (op.getCoveredBanks().size() < 2)
        return;
      if (isa<HandshakePortType>(op.getPort().getType())) {
        op.emitOpError("a handshake port over several banks is lowered by "
                       "--amc-lower-handshake before --amc-lower-merge");
        failed = true;
        return;
      }
      wide.push_back(op);
    });
    if (failed)
      return signalPassFailure();
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << wide.size()
                            << " ports over several banks to split\n");
    for (CreatePortOp op : wide)
      lower(op);
  }

  void lower(CreatePortOp op) {
    auto port = cast<PortType>(op.getPort().getType());
    int64_t bankSize = op.getMemref().getType().getBankSize();
    auto bankPort =
        PortType::get(op.getContext(), bankSize, port.getElementType(),
                      port.getKind(), port.getLatency());
    OpBuilder builder(op);
    SmallVector<Value> perBank;
    for (int64_t bank : op.getCoveredBanks())
      perBank.push_back(buildCreatePort(builder, op.getLoc(), op.getMemref(),
                                        {bank}, bankPort));
    auto merge = MergeOp::create(builder, op.getLoc(), port, perBank);
    op.getPort().replaceAllUsesWith(merge.getResult());
    op.erase();
  }
};
} // namespace
