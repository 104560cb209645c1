//===- InitHCL.cpp - register hcl's dialects and passes -------------------===//

#include "hcl/InitHCL.h"
#include "hcl/Conversion/Passes.h"
#include "hcl/Dialect/AMC/AMCDialect.h"
#include "hcl/Dialect/AMC/Passes.h"
#include "hcl/Dialect/HCL/HCLDialect.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

void hcl::registerHCLDialects(mlir::DialectRegistry &registry) {
  registry.insert<hcl::HCLDialect, hcl::amc::AMCDialect,
                  mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::omp::OpenMPDialect, mlir::scf::SCFDialect,
                  mlir::ub::UBDialect>();
  mlir::func::registerInlinerExtension(registry);
  // The schedule primitives' implementations (lib/Transforms).
  hcl::registerSchedulePrimitives(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  // `parallel` loops reach the JIT as omp operations.
  mlir::registerOpenMPDialectTranslation(registry);
}

void hcl::registerHCLPasses() {
  registerConversionPasses();
  registerHCLTransformsPasses();
  hcl::amc::registerAMCPasses();
}
