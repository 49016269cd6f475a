//===- Pipelines.cpp - Lowering pipelines of raise ------------------------===//

#include "Pipelines.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void raise::buildLowerLoopsToLLVMPipeline(OpPassManager &PM) {
  PM.addPass(createLowerAffinePass());
  PM.addPass(createSCFToControlFlowPass());
  PM.addPass(createArithToLLVMConversionPass());
  PM.addPass(createConvertMathToLLVMPass());
  PM.addPass(createFinalizeMemRefToLLVMConversionPass());
  PM.addPass(createConvertFuncToLLVMPass());
  PM.addPass(createConvertControlFlowToLLVMPass());
  PM.addPass(createReconcileUnrealizedCastsPass());
}

void raise::registerPipelines() {
  PassPipelineRegistration<>(
      "raise-lower-loops-to-llvm",
      "Lower a region's affine loops to the LLVM dialect, nothing reordered",
      buildLowerLoopsToLLVMPipeline);
}
