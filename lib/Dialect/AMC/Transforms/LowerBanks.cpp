//===- LowerBanks.cpp - banked memrefs to one memref per bank -------------===//
//
// The last lowering step: once every port reaches one bank and is
// latency-sensitive, a banked amc.alloc becomes one unbanked amc.alloc per
// bank and each port moves to its bank's allocation.
//
//===----------------------------------------------------------------------===//

#include "PortRewrites.h"
#include "hcl/Dialect/AMC/Passes.h"
#include "llvm/Support/Debug.h"

namespace hcl::amc {
#define GEN_PASS_DEF_AMCLOWERBANKS
#include "hcl/Dialect/AMC/Passes.h.inc"
} // namespace hcl::amc

#define DEBUG_TYPE "amc-lower-banks"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

namespace {
struct LowerBanks : hcl::amc::impl::AMCLowerBanksBase<LowerBanks> {
  void runOnOperation() override {
    SmallVector<AllocOp> banked;
    getOperation().walk([&](AllocOp op) {
      if (op.getMemref().getType().getBanks() > 1)
        banked.push_back(op);
    });
    LLVM_DEBUG(llvm::dbgs()
               << DEBUG_TYPE ": " << banked.size() << " banked allocations\n");
    for (AllocOp alloc : banked)
      if (failed(lower(alloc)))
        return signalPassFailure();
  }

  /// Ports this pass can move: latency-sensitive, on one bank.
  static LogicalResult checkMovable(CreatePortOp port) {
    if (isa<HandshakePortType>(port.getPort().getType()))
      return port.emitOpError("bank lowering needs latency-sensitive ports; "
                              "run --amc-lower-handshake first");
    if (port.getCoveredBanks().size() != 1)
      return port.emitOpError("bank lowering needs ports on one bank; run "
                              "--amc-lower-merge first");
    return success();
  }

  LogicalResult lower(AllocOp alloc) {
    amc::MemRefType type = alloc.getMemref().getType();
    SmallVector<CreatePortOp> ports;
    for (Operation *user : alloc.getMemref().getUsers()) {
      auto port = dyn_cast<CreatePortOp>(user);
      if (!port)
        return user->emitOpError("uses an amc.memref other than by "
                                 "amc.create_port");
      if (failed(checkMovable(port)))
        return failure();
      ports.push_back(port);
    }
    OpBuilder builder(alloc);
    auto bankType =
        amc::MemRefType::get(type.getElementType(), type.getBankSize());
    SmallVector<Value> bankAllocs;
    for (int64_t bank = 0; bank < type.getBanks(); ++bank) {
      auto bankAlloc = AllocOp::create(builder, alloc.getLoc(), bankType,
                                       alloc.getPrimitiveAttr());
      bankAllocs.push_back(bankAlloc.getMemref());
    }
    for (CreatePortOp port : ports) {
      int64_t bank = port.getCoveredBanks().front();
      port.getMemrefMutable().assign(bankAllocs[bank]);
      port.removeBanksAttr();
    }
    alloc.erase();
    return success();
  }
};
} // namespace
