//===- LowerToLLVM.cpp - the --hcl-lower-to-llvm pipeline -----------------===//

#include "hcl/Conversion/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {
struct LowerToLLVMPipelineOptions
    : PassPipelineOptions<LowerToLLVMPipelineOptions> {
  Option<unsigned> numThreads{
      *this, "num-threads",
      llvm::cl::desc("threads of every parallel region (0: OpenMP's default)"),
      llvm::cl::init(0)};
  Option<bool> serial{*this, "serial",
                      llvm::cl::desc("run `parallel` loops on one thread, "
                                     "without OpenMP"),
                      llvm::cl::init(false)};
};
} // namespace

void hcl::buildLowerToLLVMPipeline(OpPassManager &pm,
                                   const LowerToLLVMOptions &options) {
  pm.addPass(createCheckScheduleApplied());
  // Partition layouts only tell HLS how to bank; the lowering needs strided.
  pm.addPass(createDropPartitionLayouts());
  // Fixed point becomes integers, bit access shifts and masks.
  pm.addPass(createLowerFixedPoint());
  pm.addPass(createLowerBitOps());
  pm.addPass(createLowerPrint());
  // Small local buffers (reuse_at's line and window buffers, buffer_at's
  // tiles) live on the stack instead of the heap, where LLVM can keep a
  // window whose accesses unrolling made constant in registers.
  pm.addPass(createLocalBuffersOnStack());
  // `parallel` loops run on OpenMP threads: affine.parallel (before the
  // vectorizer, whose vector transfers the dependence re-check does not
  // read, and while the vectorize hints are placed), then scf.parallel,
  // then omp.
  if (options.openMP)
    pm.addPass(createParallelLoops());
  // unroll and vectorize change the loops; vectorize's loops the affine
  // vectorizer cannot handle carry LLVM loop metadata through scf and cf.
  pm.addPass(createCpuLoops());
  pm.addPass(createLowerAffineKeepingLoopHints());
  // A vector transfer along a dimension other than the memref's last (a
  // vectorized column walk) is not a vector load; LLVM's conversion only
  // takes those, so the others become element-wise loads and stores.
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  if (options.openMP)
    pm.addPass(createParallelToOpenMP({options.numThreads}));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(
      createLowerAffinePass()); // expand-strided-metadata makes affine.apply
  // Integer powers (math.ipowi, HeteroCL's hcl.power of integers) have
  // neither an intrinsic nor a libm function: they become small functions.
  // Math ops with an LLVM intrinsic become the intrinsic; the rest become
  // libm calls, which the JIT resolves in the host process.
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void hcl::registerConversionPasses() {
  registerCheckScheduleApplied();
  registerDropPartitionLayouts();
  registerLowerFixedPoint();
  registerLowerBitOps();
  registerLowerPrint();
  registerLowerLinalgToAffine();
  registerLowerAffineKeepingLoopHints();
  registerCpuLoops();
  registerLocalBuffersOnStack();
  registerParallelLoops();
  registerParallelToOpenMP();
  registerPartitionToAMC();
  PassPipelineRegistration<LowerToLLVMPipelineOptions>(
      "hcl-lower-to-llvm",
      "Lower affine/scf/arith/math/memref/func to the LLVM dialect, "
      "`parallel` loops to OpenMP; fails if the schedule was not applied",
      [](OpPassManager &pm, const LowerToLLVMPipelineOptions &options) {
        buildLowerToLLVMPipeline(pm, {!options.serial, options.numThreads});
      });
}
