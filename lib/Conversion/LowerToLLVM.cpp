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
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
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
/// bf16 <-> f32 conversions as integer operations that round to nearest,
/// ties to even (arith-expand's bf16 patterns, without its other
/// expansions). LLVM would call __truncsfbf2, which Debian 12's libgcc lacks,
/// or use AVX512-BF16's conversion, which flushes subnormals to zero.
struct ExpandBFloat16Conversions
    : PassWrapper<ExpandBFloat16Conversions, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandBFloat16Conversions)
  StringRef getArgument() const final { return "hcl-expand-bf16-conversions"; }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

/// Turns the `hcl.noalias_arguments` mark of a lowered function into
/// `noalias` on each of its pointer arguments (the aligned and allocated
/// pointers of each memref: the body reads and writes through the aligned
/// one only).
struct MarkNoAliasArguments
    : PassWrapper<MarkNoAliasArguments, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkNoAliasArguments)
  StringRef getArgument() const final { return "hcl-mark-noalias-arguments"; }
  void runOnOperation() override {
    getOperation().walk([](LLVM::LLVMFuncOp function) {
      if (!function->removeAttr(hcl::kNoAliasArgumentsAttrName) ||
          function.isExternal())
        return;
      UnitAttr unit = UnitAttr::get(function.getContext());
      for (unsigned i = 0; i < function.getNumArguments(); ++i)
        if (isa<LLVM::LLVMPointerType>(function.getArgument(i).getType()))
          function.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(), unit);
    });
  }
};
} // namespace

void hcl::buildLowerToLLVMPipeline(OpPassManager &pm,
                                   const LowerToLLVMOptions &options) {
  pm.addPass(createCheckScheduleApplied());
  // HeteroCL-MLIR's memref operations become hcl's scalar ones.
  pm.addPass(createExpandGetGlobalFixed());
  pm.addPass(createExpandPrintMemRef());
  pm.addPass(createExpandShortCircuit());
  // Structs become integers and slices before the fixed-point fields and
  // the slices are lowered.
  pm.addPass(createLowerStructs());
  // Partition layouts only tell HLS how to bank; the lowering needs strided.
  pm.addPass(createDropPartitionLayouts());
  // Prints widen their values to printf's (fixed point through floats),
  // then fixed point becomes integers, bit access shifts and masks.
  pm.addPass(createLowerPrint());
  pm.addPass(createLowerFixedPoint());
  pm.addPass(createLowerBitOps());
  // Elementwise stages after a reduction (BatchNorm, ReLU, a residual Add
  // after a convolution) run on each block of its output as it is finished,
  // before the stages become functions (and before the buffers they no
  // longer need are placed).
  pm.addPass(createFuseEpilogues());
  // Small local buffers (reuse_at's line and window buffers, buffer_at's
  // tiles) live on the stack instead of the heap, where LLVM can keep a
  // window whose accesses unrolling made constant in registers; a
  // function's buffers of disjoint lifetimes share stack memory.
  pm.addPass(createLocalBuffersOnStack());
  // A function with many stages (an imported model) compiles one LLVM
  // function per stage: code generation is not linear in a function's size.
  pm.addPass(createOutlineStagesForCpu());
  // Repeated layers are then the same function: LLVM compiles each once.
  pm.addPass(createMergeIdenticalFunctions());
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
  // f16 and bf16 compute in f32: math and bf16 arithmetic become f32
  // operations between extf and truncf (as LLVM promotes f16 arithmetic),
  // then the bf16 conversions integer operations.
  pm.addPass(math::createMathExtendToSupportedTypes());
  arith::ArithEmulateUnsupportedFloatsOptions bf16InF32;
  bf16InF32.sourceTypeStrs = {"bf16"};
  bf16InF32.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(bf16InF32));
  pm.addPass(std::make_unique<ExpandBFloat16Conversions>());
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
  pm.addPass(std::make_unique<MarkNoAliasArguments>());
  pm.addPass(createCanonicalizerPass());
}

void hcl::registerConversionPasses() {
  registerCheckScheduleApplied();
  registerDropPartitionLayouts();
  registerLowerFixedPoint();
  registerLowerBitOps();
  registerLowerPrint();
  registerExpandGetGlobalFixed();
  registerExpandPrintMemRef();
  registerExpandShortCircuit();
  registerLowerStructs();
  registerLowerLinalgToAffine();
  registerLowerAffineKeepingLoopHints();
  registerCpuLoops();
  registerLocalBuffersOnStack();
  registerOutlineStagesForCpu();
  registerFuseEpilogues();
  registerMergeIdenticalFunctions();
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
