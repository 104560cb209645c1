//===- UninitializedReads.cpp - programs that read what they never wrote --===//
//
// See UninitializedReads.h.
//
//===----------------------------------------------------------------------===//

#include "UninitializedReads.h"

#include "hcl/Runtime/AllocationFill.h"

#include "mlir/Dialect/Affine/IR/AffineMemoryOpInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "llvm/ADT/DenseMap.h"

#include <cstring>

namespace hcl::driver {

mlir::Operation *findAllocReadFirst(mlir::func::FuncOp func) {
  llvm::DenseMap<mlir::Value, bool> readFirst;
  func.walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    mlir::Value memref;
    bool isRead = false;
    if (auto load = mlir::dyn_cast<mlir::affine::AffineReadOpInterface>(op)) {
      memref = load.getMemRef();
      isRead = true;
    } else if (auto store =
                   mlir::dyn_cast<mlir::affine::AffineWriteOpInterface>(op)) {
      memref = store.getMemRef();
    } else if (auto load = mlir::dyn_cast<mlir::memref::LoadOp>(op)) {
      memref = load.getMemRef();
      isRead = true;
    } else if (auto store = mlir::dyn_cast<mlir::memref::StoreOp>(op)) {
      memref = store.getMemRef();
    }
    if (memref && memref.getDefiningOp<mlir::memref::AllocOp>())
      readFirst.try_emplace(memref, isRead);
  });
  mlir::Operation *first = nullptr;
  func.walk([&](mlir::memref::AllocOp alloc) {
    if (!first && readFirst.lookup(alloc.getResult()))
      first = alloc;
  });
  return first;
}

namespace {
/// The outputs of one run: every memref argument after it, then the results.
std::optional<std::vector<HostArray>>
runFilled(JitProgram &program, const std::vector<HostArray> &inputs,
          uint8_t byte) {
  setAllocationFillByte(byte);
  std::vector<HostArray> arguments = inputs;
  // A result the program allocates is computed in the caller's array
  // (EntryWrapper.cpp): it is filled as the program's allocations are.
  std::vector<HostArray> results = program.makeResults();
  for (HostArray &result : results)
    if (result.sizeInBytes() > 0)
      std::memset(result.data(), byte, result.sizeInBytes());
  if (llvm::Error error = program.run(arguments, results)) {
    llvm::consumeError(std::move(error));
    return std::nullopt;
  }
  std::vector<HostArray> outputs;
  for (auto [spec, argument] :
       llvm::zip(program.signature().arguments, arguments))
    outputs.push_back(spec.isMemRef ? std::move(argument) : HostArray());
  for (HostArray &result : results)
    outputs.push_back(std::move(result));
  return outputs;
}
} // namespace

std::optional<std::string>
findUninitializedDependence(JitProgram &program,
                            const std::vector<HostArray> &inputs) {
  auto zeros = runFilled(program, inputs, 0x00);
  auto ones = runFilled(program, inputs, 0xFF);
  setAllocationFillByte(0);
  if (!zeros || !ones)
    return std::nullopt;
  size_t numArguments = program.signature().arguments.size();
  for (size_t i = 0; i < zeros->size(); ++i)
    if (!(*zeros)[i].sameBytes((*ones)[i]))
      return i < numArguments ? "arg" + std::to_string(i)
                              : "result" + std::to_string(i - numArguments);
  return std::nullopt;
}

} // namespace hcl::driver
