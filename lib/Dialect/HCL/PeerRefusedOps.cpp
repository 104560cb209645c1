//===- PeerRefusedOps.cpp - HeteroCL-MLIR operations hcl refuses ----------===//
//
// HeteroCL-MLIR (cornell-zhang/hcl-dialect) has operations hcl has no
// meaning for. Reading one fails at the operation with what to write
// instead, rather than MLIR's "custom op is unknown", which names no
// alternative. Nothing of the operation is parsed, so nothing is ever
// printed.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hcl;

/// Fails at the operation's name with "HeteroCL-MLIR's hcl.<op> (<what>) is
/// not an hcl operation: <instead>".
static ParseResult refuse(OpAsmParser &parser, OperationState &state,
                          StringRef what, StringRef instead) {
  return parser.emitError(parser.getNameLoc())
         << "HeteroCL-MLIR's " << state.name.getStringRef() << " (" << what
         << ") is not an hcl operation: " << instead;
}

ParseResult PeerReformOp::parse(OpAsmParser &parser, OperationState &state) {
  return refuse(parser, state, "an array stored in another layout",
                "write hcl.reshape for another shape in the same row-major "
                "order, or transpose the array in the program");
}

// Never built (parsing fails), so never printed.
void PeerReformOp::print(OpAsmPrinter &) {}
