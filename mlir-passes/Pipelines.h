//===- Pipelines.h - Lowering pipelines of raise ----------------*- C++ -*-===//
//
// The pass pipelines that take a region's MLIR down to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIRPASSES_PIPELINES_H
#define RAISE_MLIRPASSES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace raise {

/// Options of the tuned lowering: the register tile and cache blocks of the
/// GEMM kernels (raise-tile-matmul). The defaults suit AVX-512 f32 (an 8x32
/// tile, 16 zmm accumulators); the plugin sets them from the function's
/// target.
struct TunedLoweringOptions
    : public PassPipelineOptions<TunedLoweringOptions> {
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
  Option<int64_t> Mc{*this, "mc", llvm::cl::desc("Rows of the A block"),
                     llvm::cl::init(128)};
  Option<int64_t> Kc{*this, "kc", llvm::cl::desc("Depth of the k block"),
                     llvm::cl::init(256)};
  Option<int64_t> Nc{*this, "nc", llvm::cl::desc("Columns of the B block"),
                     llvm::cl::init(4096)};
  Option<int64_t> KUnroll{
      *this, "k-unroll",
      llvm::cl::desc("Unroll factor of the micro-kernel's k loop"),
      llvm::cl::init(4)};
  Option<bool> TargetHasFma{
      *this, "target-has-fma",
      llvm::cl::desc("The target has FMA: emit vector.fma for fmuladd"),
      llvm::cl::init(false)};
};

/// Cleans an imported region up into the form the tactics match: scalars
/// Polly passes between statements are forwarded where they can be
/// (raise-forward-scalars) and the rest canonicalized. Changes no
/// floating-point operation.
void buildPrepareForRaisingPipeline(OpPassManager &PM);

/// Lowers raised linalg operations and affine loops over memrefs, with
/// arith, math and LLVM-dialect scalar operations, to the LLVM dialect: plain
/// loops, in the order the source wrote them, nothing reordered.
void buildLowerLoopsToLLVMPipeline(OpPassManager &PM);

/// Lowers like buildLowerLoopsToLLVMPipeline, except that matmul-like
/// linalg.generic operations become packed, cache-blocked, register-tiled
/// vector code (raise-tile-matmul), bit-identical to the plain loops.
void buildLowerTunedToLLVMPipeline(OpPassManager &PM,
                                   const TunedLoweringOptions &Options);

/// Registers the pipelines under their names (`raise-lower-loops-to-llvm`,
/// `raise-lower-tuned-to-llvm`, ...) for
/// raise-opt.
void registerPipelines();

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIRPASSES_PIPELINES_H
