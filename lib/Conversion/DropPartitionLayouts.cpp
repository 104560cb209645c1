//===- DropPartitionLayouts.cpp - partition maps back to row-major --------===//
//
// Partition layouts describe banking for HLS only; accesses index logically,
// so on the CPU the plain row-major type computes the same. The LLVM lowering
// accepts only strided layouts, hence this rewrite before it.
//
//===----------------------------------------------------------------------===//

#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/HCL/PartitionLayout.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/Support/Debug.h"

namespace hcl {
#define GEN_PASS_DEF_DROPPARTITIONLAYOUTS
#include "hcl/Conversion/Passes.h.inc"
} // namespace hcl

#define DEBUG_TYPE "hcl-drop-partition-layouts"

using namespace mlir;

namespace {
struct DropPartitionLayoutsPass
    : hcl::impl::DropPartitionLayoutsBase<DropPartitionLayoutsPass> {
  void runOnOperation() override {
    AttrTypeReplacer replacer;
    replacer.addReplacement([](MemRefType type) -> std::optional<Type> {
      if (!hcl::hasPartitionLayout(type))
        return std::nullopt;
      LLVM_DEBUG(llvm::dbgs()
                 << DEBUG_TYPE ": dropping the layout of " << type << "\n");
      return MemRefType::get(type.getShape(), type.getElementType(),
                             MemRefLayoutAttrInterface(),
                             type.getMemorySpace());
    });
    // Attributes too: function types and memref.global types are TypeAttrs.
    replacer.recursivelyReplaceElementsIn(getOperation(), /*replaceAttrs=*/true,
                                          /*replaceLocs=*/false,
                                          /*replaceTypes=*/true);
  }
};
} // namespace
