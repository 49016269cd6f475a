//===- GenericLoops.h - Where a generic's operands use its loops -*- C++ -*-===//
//
// What the passes that restructure a linalg.generic's loops (raise-split-batch,
// raise-collapse-loops) ask of its indexing maps.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_GENERICLOOPS_H
#define RAISE_MLIR_PASSES_LOWERING_GENERICLOOPS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/SmallBitVector.h"

#include <optional>

namespace mlir::raise {

/// Per operand of @p Op, the result of its indexing map that is exactly loop
/// @p Loop, or -1 where no result uses the loop; nullopt if a result uses it
/// in any other way (`b + k`, or the loop in two results).
std::optional<SmallVector<int>> getPlainPositions(linalg::GenericOp Op,
                                                  unsigned Loop);

/// A copy of @p Op, before @p B's insertion point, on @p Operands (inputs,
/// then outputs) with indexing maps @p Maps and without the loops @p Dropped
/// holds; the same body and attributes.
linalg::GenericOp cloneWithoutLoops(OpBuilder &B, linalg::GenericOp Op,
                                    ValueRange Operands,
                                    ArrayRef<AffineMap> Maps,
                                    const llvm::SmallBitVector &Dropped);

} // namespace mlir::raise

#endif // RAISE_MLIR_PASSES_LOWERING_GENERICLOOPS_H
