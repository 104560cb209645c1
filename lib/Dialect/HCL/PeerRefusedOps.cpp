//===- PeerRefusedOps.cpp - HeteroCL-MLIR operations hcl refuses ----------===//
//
// HeteroCL-MLIR (cornell-zhang/hcl-dialect) has operations hcl has no
// meaning for. Reading one fails at the operation with what to write
// instead, rather than MLIR's "custom op is unknown", which names no
// alternative. Nothing of the operation is parsed (its types, such as
// !hcl.struct, are not hcl's), so nothing is ever printed.
//
//===----------------------------------------------------------------------===//

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hcl;

static ParseResult refuse(OpAsmParser &parser, StringRef message) {
  return parser.emitError(parser.getNameLoc()) << message;
}

ParseResult PeerCloneOp::parse(OpAsmParser &parser, OperationState &) {
  return refuse(parser,
                "HeteroCL-MLIR's hcl.clone (a copy of a function per caller) "
                "is not an hcl operation: write the copy as a func.func of "
                "its own and call it where the copy is wanted");
}

ParseResult PeerUnfoldOp::parse(OpAsmParser &parser, OperationState &) {
  return refuse(parser,
                "HeteroCL-MLIR's hcl.unfold (a loop as an array of processing "
                "elements) is not an hcl operation: write hcl.unroll(%loop, "
                "N) to replicate the loop body in hardware");
}

ParseResult PeerReformOp::parse(OpAsmParser &parser, OperationState &) {
  return refuse(parser,
                "HeteroCL-MLIR's hcl.reform (an array stored in another "
                "layout) is not an hcl operation: write hcl.reshape for "
                "another shape in the same row-major order, or transpose the "
                "array in the program");
}

ParseResult PeerStructConstructOp::parse(OpAsmParser &parser,
                                         OperationState &) {
  return refuse(parser,
                "hcl has no struct type (HeteroCL-MLIR's "
                "hcl.struct_construct): keep each field in an array of its "
                "own, or pack the fields into one integer with hcl.set_slice "
                "and read them with hcl.get_slice");
}

ParseResult PeerStructGetOp::parse(OpAsmParser &parser, OperationState &) {
  return refuse(parser,
                "hcl has no struct type (HeteroCL-MLIR's hcl.struct_get): "
                "read the field's own array, or its bits with hcl.get_slice");
}

// Never built (parsing fails), so never printed.
void PeerCloneOp::print(OpAsmPrinter &) {}
void PeerUnfoldOp::print(OpAsmPrinter &) {}
void PeerReformOp::print(OpAsmPrinter &) {}
void PeerStructConstructOp::print(OpAsmPrinter &) {}
void PeerStructGetOp::print(OpAsmPrinter &) {}
