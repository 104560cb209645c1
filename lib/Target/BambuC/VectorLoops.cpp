//===- VectorLoops.cpp - `vectorize` loops as small-array operations ------===//
//
// The ONNX-to-Bambu thesis: fine-grained parallelism as operations on
// small arrays, one per lane: load_vector, binary_op, store_vector, from
// hcl's own share/bambu/hcl_vector.h. A loop hcl.vectorize marked with its
// width W, running exactly W iterations, becomes such operations when its
// body is elementwise: three-address loads and stores whose last index
// varies (the others are invariant) and integer or float arithmetic. Every
// value of the body becomes an array of W lanes; the loop variable the lane
// numbers, a value from outside the loop a broadcast. Any other body stays a
// scalar loop (the result is the same).
//
//===----------------------------------------------------------------------===//

#include "CWriter.h"
#include "Steps.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::affine;

namespace hcl::bambu {

namespace {

/// The C operator of an elementwise binary operation.
const char *binaryOperator(Operation *op) {
  if (isa<arith::AddFOp, arith::AddIOp>(op))
    return "+";
  if (isa<arith::SubFOp, arith::SubIOp>(op))
    return "-";
  if (isa<arith::MulFOp, arith::MulIOp>(op))
    return "*";
  if (isa<arith::DivFOp>(op))
    return "/";
  if (isa<arith::AndIOp>(op))
    return "&";
  if (isa<arith::OrIOp>(op))
    return "|";
  if (isa<arith::XOrIOp>(op))
    return "^";
  return nullptr;
}

/// Whether an access's leading indices are invariant in `loop`.
bool rowInvariant(AffineForOp loop, ValueRange indices) {
  return !indices.empty() && llvm::all_of(indices.drop_back(), [&](Value v) {
    return loop.isDefinedOutsideOfLoop(v);
  });
}

bool isElementwise(AffineForOp loop) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (isFifo(load.getMemRef()) || !rowInvariant(loop, load.getIndices()) ||
          load.getType().isInteger(1))
        return false;
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (isFifo(store.getMemRef()) || !rowInvariant(loop, store.getIndices()))
        return false;
    } else if (!binaryOperator(&op) && !isa<arith::ConstantOp>(op)) {
      return false;
    }
  }
  return true;
}

} // namespace

FailureOr<bool> CWriter::emitSpecialLoop(AffineForOp loop, Os &os) {
  auto width = loop->getAttrOfType<IntegerAttr>("vectorize");
  if (loop.getNumIterOperands() != 0)
    return false;
  std::optional<int64_t> trips = tripCount(loop);
  if (!width || !trips || *trips != width.getInt() ||
      loop.getStepAsInt() != 1 || !isElementwise(loop))
    return false;
  std::string w = std::to_string(*trips);
  llvm::DenseMap<Value, std::string> lanes;
  // A value's lanes: the body's own, or a broadcast of an outside value.
  auto lanesOf = [&](Value v, Operation *user) -> FailureOr<std::string> {
    if (auto it = lanes.find(v); it != lanes.end())
      return it->second;
    FailureOr<std::string> t = typeOf(v, user);
    if (failed(t))
      return failure();
    bool constant = v.getDefiningOp<arith::ConstantOp>() != nullptr;
    std::string n = fresh((constant ? "c" : name(v)) + "_lanes");
    os << *t << " " << n << "[" << w << "];\n"
       << "hcl_broadcast(" << w << ", " << n << ", " << name(v) << ");\n";
    return lanes[v] = n;
  };
  auto rowOf = [&](Value memref, ValueRange indices) {
    std::string row = name(memref);
    for (Value i : indices.drop_back())
      row += "[" + name(i) + "]";
    return row;
  };
  os << "// loop " << getLoopName(loop) << ": " << w << " lanes (vectorize)\n";
  std::string iv = fresh("lane");
  std::string lb =
      bound(loop.getLowerBoundMap(), loop.getLowerBoundOperands(), true);
  os << "int " << iv << "[" << w << "];\n"
     << "hcl_iota(" << w << ", " << iv << ", " << lb << ");\n";
  lanes[loop.getInductionVar()] = iv;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      if (failed(emitOp(&op, os)))
        return failure();
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      auto value = lanesOf(store.getValue(), &op);
      auto index = lanesOf(store.getIndices().back(), &op);
      if (failed(value) || failed(index))
        return failure();
      os << "hcl_store_vector(" << w << ", "
         << rowOf(store.getMemRef(), store.getIndices()) << ", " << *value
         << ", " << *index << ");\n";
      continue;
    }
    Value result = op.getResult(0);
    FailureOr<std::string> t = typeOf(result, &op);
    if (failed(t))
      return failure();
    std::string n = fresh("v");
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      auto index = lanesOf(load.getIndices().back(), &op);
      if (failed(index))
        return failure();
      os << *t << " " << n << "[" << w << "];\n"
         << "hcl_load_vector(" << w << ", " << n << ", "
         << rowOf(load.getMemRef(), load.getIndices()) << ", " << *index
         << ");\n";
    } else {
      auto a = lanesOf(op.getOperand(0), &op),
           b = lanesOf(op.getOperand(1), &op);
      if (failed(a) || failed(b))
        return failure();
      os << *t << " " << n << "[" << w << "];\n"
         << "hcl_binary_op(" << w << ", " << n << ", " << *a << ", "
         << binaryOperator(&op) << ", " << *b << ");\n";
    }
    lanes[result] = n;
  }
  return true;
}

} // namespace hcl::bambu
