//===- LowerHandshake.cpp - handshake ports to ports and arbiters ---------===//
//
// The seed's naive lowering: each handshake create_port becomes a
// latency-sensitive create_port on the same banks and an amc.arbiter of its
// own, which exposes the handshake port. --amc-share-arbiters later lets
// several handshake ports share latency-sensitive ports.
//
//===----------------------------------------------------------------------===//

#include "PortRewrites.h"
#include "hcl/Dialect/AMC/Passes.h"
#include "llvm/Support/Debug.h"

namespace hcl::amc {
#define GEN_PASS_DEF_AMCLOWERHANDSHAKE
#include "hcl/Dialect/AMC/Passes.h.inc"
} // namespace hcl::amc

#define DEBUG_TYPE "amc-lower-handshake"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

namespace {
struct LowerHandshake : hcl::amc::impl::AMCLowerHandshakeBase<LowerHandshake> {
  using AMCLowerHandshakeBase::AMCLowerHandshakeBase;

  void runOnOperation() override {
    if (latency < 1) {
      getOperation().emitError("amc-lower-handshake: latency must be at "
                               "least 1, not ")
          << latency;
      return signalPassFailure();
    }
    SmallVector<CreatePortOp> handshakePorts;
    getOperation().walk([&](CreatePortOp op) {
      if (isa<HandshakePortType>(op.getPort().getType()))
        handshakePorts.push_back(op);
    });
    LLVM_DEBUG(llvm::dbgs() << DEBUG_TYPE ": " << handshakePorts.size()
                            << " handshake ports get an arbiter\n");
    for (CreatePortOp op : handshakePorts)
      lower(op);
  }

  void lower(CreatePortOp op) {
    auto handshake = cast<HandshakePortType>(op.getPort().getType());
    OpBuilder builder(op);
    auto portType =
        PortType::get(op.getContext(), handshake.getSize(),
                      handshake.getElementType(), handshake.getKind(), latency);
    SmallVector<int64_t> banks = op.getCoveredBanks();
    CreatePortOp port =
        buildCreatePort(builder, op.getLoc(), op.getMemref(), banks, portType);
    auto arbiter = ArbiterOp::create(
        builder, op.getLoc(), TypeRange{handshake}, ValueRange{port},
        builder.getDenseI64ArrayAttr(banks), StringAttr());
    op.getPort().replaceAllUsesWith(arbiter.getOutputs().front());
    op.erase();
  }
};
} // namespace
