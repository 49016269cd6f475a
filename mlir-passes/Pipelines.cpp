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
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
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

/// The common tail of the lowerings: what linalg left as loops and vectors
/// down to the LLVM dialect. Nothing here reorders floating-point operations.
/// @p Vectors adds the conversions of the vector dialect (and of the poison
/// values vector lowering may create).
static void addLoopsToLLVM(OpPassManager &PM, bool Vectors) {
  // Raised operations become loops in their iteration order (the order the
  // source computed in); subviews become pointer arithmetic.
  PM.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  PM.addPass(memref::createExpandStridedMetadataPass());
  PM.addPass(createLowerAffinePass());
  PM.addPass(createSCFToControlFlowPass());
  if (Vectors) {
    PM.addPass(createConvertVectorToLLVMPass());
    PM.addPass(createUBToLLVMConversionPass());
  }
  PM.addPass(createArithToLLVMConversionPass());
  PM.addPass(createConvertMathToLLVMPass());
  PM.addPass(createFinalizeMemRefToLLVMConversionPass());
  PM.addPass(createConvertFuncToLLVMPass());
  PM.addPass(createConvertControlFlowToLLVMPass());
  PM.addPass(createReconcileUnrealizedCastsPass());
}

void raise::buildLowerLoopsToLLVMPipeline(OpPassManager &PM) {
  addLoopsToLLVM(PM, /*Vectors=*/false);
}

void raise::buildLowerTunedToLLVMPipeline(OpPassManager &PM,
                                          const TunedLoweringOptions &Options) {
  RaiseTileMatmulOptions Tile;
  Tile.mr = Options.Mr;
  Tile.nrVectors = Options.NrVectors;
  Tile.vectorBits = Options.VectorBits;
  Tile.mc = Options.Mc;
  Tile.kc = Options.Kc;
  Tile.nc = Options.Nc;
  Tile.kUnroll = Options.KUnroll;
  Tile.targetHasFma = Options.TargetHasFma;
  PM.addNestedPass<func::FuncOp>(createRaiseTileMatmul(Tile));
  // Folds the index arithmetic of the unrolled kernel and hoists what does
  // not vary out of the packing and tile loops; no floating-point rewrites.
  PM.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  PM.addNestedPass<func::FuncOp>(createLoopInvariantCodeMotionPass());
  addLoopsToLLVM(PM, /*Vectors=*/true);
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
  PassPipelineRegistration<TunedLoweringOptions>(
      "raise-lower-tuned-to-llvm",
      "Lower a region to the LLVM dialect with packed, register-tiled GEMM "
      "kernels, bit-identical to raise-lower-loops-to-llvm",
      buildLowerTunedToLLVMPipeline);
}
