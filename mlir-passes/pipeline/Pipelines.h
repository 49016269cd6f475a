//===- Pipelines.h - Lowering pipelines of raise ----------------*- C++ -*-===//
//
// The pass pipelines that take a region's MLIR down to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_PIPELINE_PIPELINES_H
#define RAISE_MLIR_PASSES_PIPELINE_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace raise {

/// Options of the tuned lowering: the register tile and cache blocks of the
/// GEMM kernels (raise-tile-matmul). The defaults suit AVX-512 f32 (an 8x32
/// tile, 16 zmm accumulators); the cache blocks come from the analytical
/// model (CacheModel.h) for the given caches unless set. The plugin sets
/// them from the function's target.
struct TunedLoweringOptions : public PassPipelineOptions<TunedLoweringOptions> {
  Option<int64_t> Mr{*this, "mr", llvm::cl::desc("Rows of the register tile"),
                     llvm::cl::init(8)};
  Option<int64_t> NrVectors{
      *this, "nr-vectors",
      llvm::cl::desc("Columns of the register tile, in vectors"),
      llvm::cl::init(2)};
  Option<int64_t> VectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Width of a vector register in bits"),
      llvm::cl::init(512)};
  Option<int64_t> Mc{*this, "mc",
                     llvm::cl::desc("Rows of the A block (0: cache model)"),
                     llvm::cl::init(0)};
  Option<int64_t> Kc{*this, "kc",
                     llvm::cl::desc("Depth of the k block (0: cache model)"),
                     llvm::cl::init(0)};
  Option<int64_t> Nc{*this, "nc",
                     llvm::cl::desc("Columns of the B block (0: cache model)"),
                     llvm::cl::init(0)};
  Option<int64_t> L1Size{
      *this, "l1-size",
      llvm::cl::desc("L1 data cache bytes for the cache model (0: default)"),
      llvm::cl::init(0)};
  Option<int64_t> L1Assoc{*this, "l1-assoc",
                          llvm::cl::desc("L1 associativity (0: default)"),
                          llvm::cl::init(0)};
  Option<int64_t> L2Size{*this, "l2-size",
                         llvm::cl::desc("L2 bytes (0: default)"),
                         llvm::cl::init(0)};
  Option<int64_t> L2Assoc{*this, "l2-assoc",
                          llvm::cl::desc("L2 associativity (0: default)"),
                          llvm::cl::init(0)};
  Option<int64_t> L3Size{*this, "l3-size",
                         llvm::cl::desc("L3 bytes (0: default)"),
                         llvm::cl::init(0)};
  Option<int64_t> L3Assoc{*this, "l3-assoc",
                          llvm::cl::desc("L3 associativity (0: default)"),
                          llvm::cl::init(0)};
  Option<int64_t> MinKc{
      *this, "min-kc",
      llvm::cl::desc("Least depth of the k block the cache model may choose"),
      llvm::cl::init(256)};
  Option<int64_t> IntelMinKc{
      *this, "intel-min-kc",
      llvm::cl::desc("Where not -1 and cache-query is set, the least depth "
                     "of the k block on Intel cores, chosen at run time"),
      llvm::cl::init(-1)};
  Option<int64_t> IntelMaxNc{
      *this, "intel-max-nc",
      llvm::cl::desc("Where not 0 and cache-query is set, the most columns "
                     "of the packed B block on Intel cores, chosen at run "
                     "time"),
      llvm::cl::init(0)};
  Option<int64_t> KUnroll{
      *this, "k-unroll",
      llvm::cl::desc("Unroll factor of the micro-kernel's k loop"),
      llvm::cl::init(1)};
  Option<int64_t> PackPrefetchLocality{
      *this, "pack-prefetch-locality",
      llvm::cl::desc("Locality hint (0-3) of the prefetches ahead along the "
                     "rows a GEMM pack reads"),
      llvm::cl::init(0)};
  Option<int64_t> IntelPackPrefetchLocality{
      *this, "intel-pack-prefetch-locality",
      llvm::cl::desc("Where not -1 and cache-query is set, their hint on "
                     "Intel cores, chosen at run time"),
      llvm::cl::init(-1)};
  Option<int64_t> MatvecIntelPrefetchLocality{
      *this, "matvec-intel-prefetch-locality",
      llvm::cl::desc("Where not -1 and cache-query is set, the hint of the "
                     "row-wise matvec kernel's prefetches on Intel cores, "
                     "chosen at run time"),
      llvm::cl::init(-1)};
  Option<int64_t> MatvecPrefetchBytes{
      *this, "matvec-prefetch-bytes",
      llvm::cl::desc("How far ahead the row-wise matvec kernel prefetches "
                     "each row, in bytes (0: no prefetches)"),
      llvm::cl::init(512)};
  Option<int64_t> MatvecRowVectors{
      *this, "matvec-row-vectors",
      llvm::cl::desc("Most blocks of rows the row-wise matvec kernel "
                     "interleaves"),
      llvm::cl::init(1)};
  Option<int64_t> MatvecPanelBytes{
      *this, "matvec-panel-bytes",
      llvm::cl::desc("Most bytes of the matrix the row-wise matvec kernel's "
                     "interleaved blocks of rows span"),
      llvm::cl::init(49152)};
  Option<bool> MatvecRegisterPanels{
      *this, "matvec-register-panels",
      llvm::cl::desc("Keep the accumulators of the row-wise matvec kernel's "
                     "blocks of rows in registers instead of in y"),
      llvm::cl::init(false)};
  Option<int64_t> MatvecPrefetchAboveBytes{
      *this, "matvec-prefetch-above-bytes",
      llvm::cl::desc("Prefetch only matrices of more bytes than this in the "
                     "row-wise matvec kernel (0: all)"),
      llvm::cl::init(0)};
  Option<int64_t> MatvecCachedRowVectors{
      *this, "matvec-cached-row-vectors",
      llvm::cl::desc("Where not 0, the row-wise matvec kernel takes panels "
                     "of up to this many blocks of rows through y for "
                     "matrices of at most matvec-prefetch-above-bytes"),
      llvm::cl::init(0)};
  Option<int64_t> MatvecCachedPanelBytes{
      *this, "matvec-cached-panel-bytes",
      llvm::cl::desc("Most bytes of the matrix the blocks of rows of such a "
                     "panel span"),
      llvm::cl::init(98304)};
  Option<int64_t> MatvecIntelCachedRowVectors{
      *this, "matvec-intel-cached-row-vectors",
      llvm::cl::desc("Where not 0 and cache-query is set, on Intel cores "
                     "the row-wise matvec kernel takes panels of up to this "
                     "many blocks of rows in registers instead of through y, "
                     "chosen at run time"),
      llvm::cl::init(0)};
  Option<int64_t> MatvecIntelCachedVectorBits{
      *this, "matvec-intel-cached-vector-bits",
      llvm::cl::desc("The width of those panels' vectors (0: vector-bits)"),
      llvm::cl::init(0)};
  Option<int64_t> MatvecStreamVectorBits{
      *this, "matvec-stream-vector-bits",
      llvm::cl::desc("Where not 0, the width of the row-wise matvec "
                     "kernel's vectors for matrices of more than "
                     "matvec-prefetch-above-bytes"),
      llvm::cl::init(0)};
  Option<bool> CacheQuery{
      *this, "cache-query",
      llvm::cl::desc("The generated code may read the running core's caches "
                     "and vendor (raise.cache.v2, which the plugin defines): "
                     "the matvec kernels are chosen by size against them, "
                     "the GEMM packs' prefetch hint by vendor"),
      llvm::cl::init(false)};
  Option<bool> GemmKernels{
      *this, "gemm-kernels",
      llvm::cl::desc("The target has the packed GEMM micro-kernels "
                     "(raise-tile-matmul); else GEMMs lower as loops"),
      llvm::cl::init(true)};
  Option<bool> MatvecKernels{
      *this, "matvec-kernels",
      llvm::cl::desc("The target has the matrix-vector kernels "
                     "(raise-tile-matvec)"),
      llvm::cl::init(true)};
  Option<bool> TransposeKernels{
      *this, "transpose-kernels",
      llvm::cl::desc("The target has the in-register transposes "
                     "(raise-tile-transpose)"),
      llvm::cl::init(true)};
  Option<bool> TargetHasFma{
      *this, "target-has-fma",
      llvm::cl::desc("The target has FMA: emit vector.fma for fmuladd"),
      llvm::cl::init(false)};
  Option<std::string> I16PairDot{
      *this, "i16-pair-dot",
      llvm::cl::desc("The intrinsic that multiplies 16-bit integers in "
                     "pairs into 32-bit lanes (llvm.x86.avx2.pmadd.wd); "
                     "empty: the target has none"),
      llvm::cl::init("")};
  Option<int64_t> Threads{
      *this, "threads",
      llvm::cl::desc("Run the GEMM kernels on OpenMP threads, C split: 0 "
                     "sequential, N threads, -1 as many as the OpenMP "
                     "runtime chooses (all cores); link -fopenmp"),
      llvm::cl::init(0)};
  Option<int64_t> MinParallelWork{
      *this, "min-parallel-work",
      llvm::cl::desc("With threads, run GEMMs of fewer multiply-adds "
                     "(M * N * K) on one thread (0: always in parallel)"),
      llvm::cl::init(int64_t(1) << 22)};
  Option<int64_t> MinTunedWork{
      *this, "min-tuned-work",
      llvm::cl::desc("Run GEMMs of fewer multiply-adds (M * N * K) as plain "
                     "loops, without packing (0: always tuned)"),
      llvm::cl::init(int64_t(1) << 15)};
  Option<bool> Blas{
      *this, "blas",
      llvm::cl::desc("First turn matmul- and matvec-like operations into "
                     "CBLAS calls (raise-linalg-to-blas; reassociates)"),
      llvm::cl::init(false)};
  Option<bool> GenericAlloc{
      *this, "generic-alloc",
      llvm::cl::desc("Allocate through _mlir_memref_to_llvm_aligned_alloc "
                     "and _mlir_memref_to_llvm_free instead of the C "
                     "library (the plugin defines them: BufferCache.h)"),
      llvm::cl::init(false)};
  Option<bool> RuntimeCaches{
      *this, "runtime-caches",
      llvm::cl::desc("Size the GEMM's cache blocks at run time from the "
                     "running core's caches (raise.cache.v2; the plugin "
                     "defines it: CacheQuery.h)"),
      llvm::cl::init(false)};
};

/// Cleans an imported region up into the form the tactics match: scalars
/// Polly passes between statements are forwarded where they can be
/// (raise-forward-scalars) and the rest canonicalized. Changes no
/// floating-point operation.
void buildPrepareForRaisingPipeline(OpPassManager &PM);

/// Lowers raised linalg operations and affine loops over memrefs, with
/// arith, math and LLVM-dialect scalar operations, to the LLVM dialect: plain
/// loops, in the order the source wrote them, nothing reordered. With
/// @p GenericAlloc, heap buffers come from MLIR's generic allocation
/// functions (see TunedLoweringOptions::GenericAlloc).
void buildLowerLoopsToLLVMPipeline(OpPassManager &PM,
                                   bool GenericAlloc = false);

/// Lowers like buildLowerLoopsToLLVMPipeline, except that matmul-like
/// linalg.generic operations become packed, cache-blocked, register-tiled
/// vector code (raise-tile-matmul), bit-identical to the plain loops. With
/// `blas`, what raise-linalg-to-blas maps becomes CBLAS calls first (not
/// bit-identical: only where reassociation is allowed).
void buildLowerTunedToLLVMPipeline(OpPassManager &PM,
                                   const TunedLoweringOptions &Options);

/// Registers the pipelines under their names (`raise-lower-loops-to-llvm`,
/// `raise-lower-tuned-to-llvm`, ...) for
/// raise-opt.
void registerPipelines();

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_PIPELINE_PIPELINES_H
