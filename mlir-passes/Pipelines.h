//===- Pipelines.h - Lowering pipelines of raise ----------------*- C++ -*-===//
//
// The pass pipelines that take a region's MLIR down to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIRPASSES_PIPELINES_H
#define RAISE_MLIRPASSES_PIPELINES_H

namespace mlir {
class OpPassManager;

namespace raise {

/// Cleans an imported region up into the form the tactics match: scalars
/// Polly passes between statements are forwarded where they can be
/// (raise-forward-scalars) and the rest canonicalized. Changes no
/// floating-point operation.
void buildPrepareForRaisingPipeline(OpPassManager &PM);

/// Lowers raised linalg operations and affine loops over memrefs, with
/// arith, math and LLVM-dialect scalar operations, to the LLVM dialect: plain
/// loops, in the order the source wrote them, nothing reordered.
void buildLowerLoopsToLLVMPipeline(OpPassManager &PM);

/// Registers the pipelines under their names (`raise-lower-loops-to-llvm`) for
/// raise-opt.
void registerPipelines();

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIRPASSES_PIPELINES_H
