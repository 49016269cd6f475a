//===- Pipelines.cpp - Lowering pipelines of raise ------------------------===//

#include "Pipelines.h"

#include "Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void raise::buildPrepareForRaisingPipeline(OpPassManager &PM) {
  OpPassManager &FuncPM = PM.nest<func::FuncOp>();
  // Not affine-scalrep: its load-to-load forwarding misses stores through
  // another subscript that meet the load's element (B[i][j] stored, B[k][j]
  // loaded again, k == i), which miscompiled tests/fuzz seed 1009.
  // Canonicalization first merges the constants the importer repeats.
  FuncPM.addPass(createCanonicalizerPass());
  FuncPM.addPass(createRaiseForwardScalars());
  FuncPM.addPass(createCanonicalizerPass());
}

void raise::buildLowerLoopsToLLVMPipeline(OpPassManager &PM) {
  // Raised operations become loops in their iteration order (the order the
  // source computed in); subviews become pointer arithmetic.
  PM.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  PM.addPass(memref::createExpandStridedMetadataPass());
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
      "raise-prepare-for-raising",
      "Forward a region's scalars into the form the tactics match",
      buildPrepareForRaisingPipeline);
  PassPipelineRegistration<>(
      "raise-lower-loops-to-llvm",
      "Lower a region's affine loops to the LLVM dialect, nothing reordered",
      buildLowerLoopsToLLVMPipeline);
}
