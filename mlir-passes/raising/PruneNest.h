//===- PruneNest.h - What a copied loop nest no longer needs ----*- C++ -*-===//
//
// Passes that copy a loop nest and keep only some of its stores (the split
// of a nest into units, the copy back of an expanded temporary) leave the
// copy with computations nothing uses and loops with nothing inside.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_PRUNENEST_H
#define RAISE_MLIR_PASSES_PRUNENEST_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace mlir {
namespace raise {

/// Erases, inside @p Root (which stays), operations whose results nothing
/// uses and that have no effects, and loops left empty, until none is left.
void pruneNest(affine::AffineForOp Root);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_PRUNENEST_H
