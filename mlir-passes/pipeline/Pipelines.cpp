//===- Pipelines.cpp - The pass pipelines of a region's stages ------------===//

#include "Pipelines.h"

#include "mlir-passes/lowering/Passes.h"
#include "mlir-passes/raising/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
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
  // Local arrays of accumulators (-Os), one scalar per element as at -O3.
  FuncPM.addPass(createRaiseScalarizeArrays());
  FuncPM.addPass(createCanonicalizerPass());
  FuncPM.addPass(createRaiseForwardScalars());
  FuncPM.addPass(createCanonicalizerPass());
  // Guards on sizes that forwarding left inside a nest (-O2, -Os): each
  // version of the nest is forwarded again without them.
  FuncPM.addPass(createRaiseHoistGuards());
  FuncPM.addPass(createRaiseForwardScalars());
  FuncPM.addPass(createCanonicalizerPass());
  // Loops the source counts down (the reference STRMM), counted up.
  FuncPM.addPass(createRaiseReverseLoops());
  FuncPM.addPass(createCanonicalizerPass());
  // Loops tiled by hand, once forwarding left each lane's accumulator one
  // scalar, become the loops they stand for.
  FuncPM.addPass(createRaiseRerollLanes());
  FuncPM.addPass(createCanonicalizerPass());
  // Products accumulated in interleaved partial sums become one
  // accumulation per partial sum over strided views.
  FuncPM.addPass(createRaiseSplitSums());
  FuncPM.addPass(createCanonicalizerPass());
  // Subscripts that step by a constant (sections), through strided views.
  FuncPM.addPass(createRaiseStridedViews());
  // Running totals across an outer loop, in a loop of their own.
  FuncPM.addPass(createRaiseSplitRecurrences());
  // Temporaries reused by each iteration of outer loops, one copy each.
  FuncPM.addPass(createRaiseExpandTemporaries());
  // Triangles as the source bounds them (`j` from `i`), not from zero.
  FuncPM.addPass(createRaiseAlignTriangles());
}

/// The common tail of the lowerings: what linalg left as loops and vectors
/// down to the LLVM dialect. Nothing here reorders floating-point operations.
/// @p Vectors adds the conversions of the vector dialect (and of the poison
/// values vector lowering may create); @p GenericAlloc allocates through
/// MLIR's generic allocation functions.
static void addLoopsToLLVM(OpPassManager &PM, bool Vectors, bool OpenMP,
                           bool GenericAlloc) {
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
  FinalizeMemRefToLLVMConversionPassOptions Memref;
  Memref.useAlignedAlloc = GenericAlloc;
  Memref.useGenericFunctions = GenericAlloc;
  PM.addPass(createFinalizeMemRefToLLVMConversionPass(Memref));
  // After the memref conversion: its own memref patterns would otherwise
  // turn every allocation into a plain malloc (no buffer cache).
  if (OpenMP)
    PM.addPass(createConvertOpenMPToLLVMPass());
  PM.addPass(createConvertFuncToLLVMPass());
  PM.addPass(createConvertControlFlowToLLVMPass());
  PM.addPass(createReconcileUnrealizedCastsPass());
}

void raise::buildLowerLoopsToLLVMPipeline(OpPassManager &PM,
                                          bool GenericAlloc) {
  addLoopsToLLVM(PM, /*Vectors=*/false, /*OpenMP=*/false, GenericAlloc);
}

void raise::buildLowerTunedToLLVMPipeline(OpPassManager &PM,
                                          const TunedLoweringOptions &Options) {
  if (Options.Blas) {
    RaiseLinalgToBlasOptions Blas;
    Blas.allowReassoc = true;
    PM.addPass(createRaiseLinalgToBlas(Blas));
  }
  // Transposes by blocks in registers, before they become generics.
  if (Options.TransposeKernels) {
    RaiseTileTransposeOptions Transpose;
    Transpose.vectorBits = Options.VectorBits;
    PM.addNestedPass<func::FuncOp>(createRaiseTileTranspose(Transpose));
  }
  // Named operations as generics (the same arithmetic), rows over two
  // loops as one, batched ones as loops around three-loop generics,
  // convolutions as im2col and GEMMs: the form the GEMM kernels take.
  PM.addPass(createLinalgGeneralizeNamedOpsPass());
  PM.addNestedPass<func::FuncOp>(createRaiseCollapseLoops());
  PM.addNestedPass<func::FuncOp>(createRaiseSplitBatch());
  PM.addNestedPass<func::FuncOp>(createRaiseConvToGemm());
  if (Options.GemmKernels) {
    RaiseTileMatmulOptions Tile;
    Tile.mr = Options.Mr;
    Tile.nrVectors = Options.NrVectors;
    Tile.vectorBits = Options.VectorBits;
    Tile.mc = Options.Mc;
    Tile.kc = Options.Kc;
    Tile.nc = Options.Nc;
    Tile.l1Size = Options.L1Size;
    Tile.l1Assoc = Options.L1Assoc;
    Tile.l2Size = Options.L2Size;
    Tile.l2Assoc = Options.L2Assoc;
    Tile.l3Size = Options.L3Size;
    Tile.l3Assoc = Options.L3Assoc;
    Tile.minKc = Options.MinKc;
    Tile.kUnroll = Options.KUnroll;
    Tile.targetHasFma = Options.TargetHasFma;
    Tile.i16PairDot = Options.I16PairDot;
    Tile.threads = Options.Threads;
    Tile.minParallelWork = Options.MinParallelWork;
    Tile.minTunedWork = Options.MinTunedWork;
    Tile.runtimeCaches = Options.RuntimeCaches;
    Tile.packPrefetchLocality = Options.PackPrefetchLocality;
    // The vendor is read where the plugin defines the query.
    Tile.intelPackPrefetchLocality =
        Options.CacheQuery ? Options.IntelPackPrefetchLocality : -1;
    Tile.intelMinKc = Options.CacheQuery ? Options.IntelMinKc : -1;
    Tile.intelMaxNc = Options.CacheQuery ? Options.IntelMaxNc : 0;
    PM.addPass(createRaiseTileMatmul(Tile));
  }
  // One view of a matrix that two products read (atax's A, which the
  // tactics view twice) is one value, as raise-tile-matvec's fusion needs.
  PM.addNestedPass<func::FuncOp>(createCSEPass());
  if (Options.MatvecKernels) {
    RaiseTileMatvecOptions Matvec;
    Matvec.vectorBits = Options.VectorBits;
    Matvec.prefetchBytes = Options.MatvecPrefetchBytes;
    Matvec.rowVectors = Options.MatvecRowVectors;
    Matvec.panelBytes = Options.MatvecPanelBytes;
    Matvec.registerPanels = Options.MatvecRegisterPanels;
    Matvec.prefetchAboveBytes = Options.MatvecPrefetchAboveBytes;
    Matvec.cachedRowVectors = Options.MatvecCachedRowVectors;
    Matvec.cachedPanelBytes = Options.MatvecCachedPanelBytes;
    Matvec.streamVectorBits = Options.MatvecStreamVectorBits;
    Matvec.runtimeCaches = Options.CacheQuery;
    Matvec.intelPrefetchLocality = Options.MatvecIntelPrefetchLocality;
    Matvec.intelCachedRowVectors =
        Options.CacheQuery ? Options.MatvecIntelCachedRowVectors : 0;
    Matvec.intelCachedVectorBits = Options.MatvecIntelCachedVectorBits;
    PM.addPass(createRaiseTileMatvec(Matvec));
  }
  // Folds the index arithmetic of the unrolled kernel and hoists what does
  // not vary out of the packing and tile loops; no floating-point rewrites.
  PM.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  PM.addNestedPass<func::FuncOp>(createLoopInvariantCodeMotionPass());
  bool Parallel = Options.Threads != 0;
  if (Parallel) {
    // The parallel loop over C's per-thread ranges becomes an OpenMP
    // parallel region with a worksharing loop (static schedule).
    ConvertSCFToOpenMPPassOptions OpenMP;
    OpenMP.numThreads = Options.Threads > 0 ? Options.Threads : 0;
    PM.addPass(createConvertSCFToOpenMPPass(OpenMP));
    // The conversion wraps each loop body in a memref.alloca_scope; ours
    // allocate on the heap only, so canonicalization inlines the scope
    // before the loops inside become blocks (a scope holds one block).
    PM.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  }
  addLoopsToLLVM(PM, /*Vectors=*/true, /*OpenMP=*/Parallel,
                 Options.GenericAlloc);
}

void raise::registerPipelines() {
  PassPipelineRegistration<>(
      "raise-prepare-for-raising",
      "Forward a region's scalars into the form the tactics match",
      buildPrepareForRaisingPipeline);
  PassPipelineRegistration<>(
      "raise-lower-loops-to-llvm",
      "Lower a region's affine loops to the LLVM dialect, nothing reordered",
      [](OpPassManager &PM) { buildLowerLoopsToLLVMPipeline(PM); });
  PassPipelineRegistration<TunedLoweringOptions>(
      "raise-lower-tuned-to-llvm",
      "Lower a region to the LLVM dialect with packed, register-tiled GEMM "
      "kernels, bit-identical to raise-lower-loops-to-llvm",
      buildLowerTunedToLLVMPipeline);
}
